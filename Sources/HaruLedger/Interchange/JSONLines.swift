#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// JSON Lines input: the non-blank lines that are not `#` comments, with
/// their 1-based numbers. One reader for `haru append`, `haru check` and
/// anything else that takes JSONL, so they skip and number lines alike.
public struct JSONLineCursor {
    public let bytes: [UInt8]
    /// Where the next line starts.
    public private(set) var offset = 0
    private var number = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next line that holds something, nil at the end.
    public mutating func next() -> (number: Int, line: ArraySlice<UInt8>)? {
        while offset <= bytes.count {
            let end = nextNewline(from: offset)
            number += 1
            var line = bytes[offset..<end]
            offset = end + 1
            if line.last == 0x0D { line = line.dropLast() }
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
            if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") { continue }
            return (number, line)
        }
        return nil
    }
}

extension JSONLineCursor {
    /// The index of the next newline at or after `from`, or the end (memchr:
    /// a bulk load splits a million lines).
    private func nextNewline(from: Int) -> Int {
        bytes.withUnsafeBytes { buf in
            guard from < buf.count, let p = memchr(buf.baseAddress! + from, 0x0A, buf.count - from) else { return buf.count }
            return buf.baseAddress!.distance(to: UnsafeRawPointer(p))
        }
    }
}

public enum JSONLines {
    /// Every line that holds something, with its number.
    public static func split(_ bytes: [UInt8]) -> [(Int, ArraySlice<UInt8>)] {
        var cursor = JSONLineCursor(bytes)
        var out: [(Int, ArraySlice<UInt8>)] = []
        while let (n, line) = cursor.next() { out.append((n, line)) }
        return out
    }
}
