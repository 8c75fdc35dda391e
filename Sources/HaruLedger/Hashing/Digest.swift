import CCrypto

/// A SHA-256 digest. The hash chain uses OpenSSL's libcrypto, which uses the
/// CPU's SHA extensions where present: `haru verify` has to hash over a
/// million events a second (Docs/design.md, "Dependencies").
public struct Digest: Sendable, Hashable, CustomStringConvertible {
    public var bytes: (UInt64, UInt64, UInt64, UInt64)

    /// All zero: the `prev` of the first event.
    public static let zero = Digest(bytes: (0, 0, 0, 0))

    public init(bytes: (UInt64, UInt64, UInt64, UInt64)) { self.bytes = bytes }

    public static func == (a: Digest, b: Digest) -> Bool { a.bytes == b.bytes }

    public func hash(into h: inout Hasher) {
        h.combine(bytes.0)
        h.combine(bytes.1)
        h.combine(bytes.2)
        h.combine(bytes.3)
    }

    /// Reads 32 bytes.
    public init(reading r: inout ByteReader) throws(DecodeError) {
        bytes = (try r.u64(), try r.u64(), try r.u64(), try r.u64())
    }

    /// Appends the 32 bytes.
    public func write(to w: inout ByteWriter) {
        w.u64(bytes.0)
        w.u64(bytes.1)
        w.u64(bytes.2)
        w.u64(bytes.3)
    }

    /// Lower-case hex.
    public var description: String {
        var w = ByteWriter(capacity: 32)
        write(to: &w)
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for b in w.bytes {
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses 64 hex digits.
    public init?(hex: String) {
        let b = Array(hex.utf8)
        guard b.count == 64 else { return nil }
        var words: [UInt64] = [0, 0, 0, 0]
        for (k, c) in b.enumerated() {
            guard let d = Hex.value(c) else { return nil }
            words[k / 16] = words[k / 16] << 4 | d
        }
        bytes = (words[0], words[1], words[2], words[3])
    }

    /// SHA-256 of the bytes.
    public static func sha256(_ data: UnsafeRawBufferPointer) -> Digest {
        var out = [UInt8](repeating: 0, count: 32)
        out.withUnsafeMutableBufferPointer { o in
            _ = SHA256(data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, o.baseAddress)
        }
        return out.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return try! Digest(reading: &r)  // 32 bytes were just written
        }
    }

    /// SHA-256 of an array.
    public static func sha256(_ data: [UInt8]) -> Digest {
        data.withUnsafeBytes { sha256($0) }
    }
}
