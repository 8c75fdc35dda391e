@_spi(Layers) import HaruSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// JSON Lines input: the non-blank lines that are not `#` comments, with
/// their 1-based numbers; CRLF line ends and a leading byte order mark are
/// accepted. One reader for `haru append`, `haru check` and
/// anything else that takes JSONL, so they skip and number lines alike.
///
/// The cursor keeps only its place; the caller passes the same bytes to
/// every call (an array's, or a mapped file's: `InputBytes`).
@_spi(Layers) public struct JSONLineCursor {
    /// Where the next line starts.
    public private(set) var offset = 0
    private var number = 0

    public init() {}

    /// The next line of `bytes` that holds something, nil at the end.
    public mutating func next(in bytes: UnsafeBufferPointer<UInt8>) -> (number: Int, range: Range<Int>)? {
        // A UTF-8 byte order mark (as Windows editors write) before the first line is skipped.
        if offset == 0, number == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
        while offset <= bytes.count {
            let end = Self.nextNewline(in: bytes, from: offset)
            number += 1
            var line = offset..<end
            offset = end + 1
            if !line.isEmpty, bytes[line.upperBound - 1] == 0x0D { line = line.lowerBound..<(line.upperBound - 1) }
            guard let first = line.first(where: { bytes[$0] != 0x20 && bytes[$0] != 0x09 }), bytes[first] != UInt8(ascii: "#")
            else { continue }
            return (number, line)
        }
        return nil
    }

    /// The index of the next newline at or after `from`, or the end (memchr:
    /// a bulk load splits a million lines).
    private static func nextNewline(in buf: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        guard from < buf.count, let p = memchr(buf.baseAddress! + from, 0x0A, buf.count - from) else { return buf.count }
        return UnsafeRawPointer(buf.baseAddress!).distance(to: UnsafeRawPointer(p))
    }
}

public enum JSONLines {
    /// Every line that holds something, with its number.
    public static func split(_ bytes: [UInt8]) -> [(Int, ArraySlice<UInt8>)] {
        var cursor = JSONLineCursor()
        let ranges = bytes.withUnsafeBufferPointer { buf in
            var out: [(Int, Range<Int>)] = []
            while let (n, r) = cursor.next(in: buf) { out.append((n, r)) }
            return out
        }
        return ranges.map { ($0.0, bytes[$0.1]) }
    }
}
