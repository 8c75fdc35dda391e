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

    /// Appends the 32 bytes (big-endian words, in one append).
    public func write(to w: inout ByteWriter) {
        var be = (bytes.0.bigEndian, bytes.1.bigEndian, bytes.2.bigEndian, bytes.3.bigEndian)
        withUnsafeBytes(of: &be) { w.raw($0) }
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

    /// SHA-256 of the bytes (a context of its own; hot loops reuse one: `SHA256Context`).
    public static func sha256(_ data: UnsafeRawBufferPointer) -> Digest { SHA256Context().hash(data) }

    /// SHA-256 of an array.
    public static func sha256(_ data: [UInt8]) -> Digest {
        data.withUnsafeBytes { sha256($0) }
    }
}

/// The SHA-256 algorithm, fetched from OpenSSL once: `SHA256()` looks it up
/// by name on every call, which was a seventh of `verify`.
nonisolated(unsafe) private let sha256Algorithm: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)
// nonisolated(unsafe): written once at first use; OpenSSL documents a fetched EVP_MD as
// safe to share between threads.

/// A reusable SHA-256 context. Not for sharing between threads: each loop
/// that hashes (an append, a verify) makes its own.
public final class SHA256Context {
    private let ctx: OpaquePointer?

    public init() { ctx = EVP_MD_CTX_new() }
    deinit { EVP_MD_CTX_free(ctx) }

    /// SHA-256 of the concatenation of `parts`.
    public func hash(_ parts: UnsafeRawBufferPointer...) -> Digest {
        var out = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        let ok = withUnsafeMutableBytes(of: &out) { o -> Bool in
            guard let ctx, let md = sha256Algorithm, EVP_DigestInit_ex2(ctx, md, nil) == 1 else { return false }
            for p in parts where p.count > 0 {
                guard EVP_DigestUpdate(ctx, p.baseAddress, p.count) == 1 else { return false }
            }
            var n: UInt32 = 0
            return EVP_DigestFinal_ex(ctx, o.baseAddress!.assumingMemoryBound(to: UInt8.self), &n) == 1 && n == 32
        }
        precondition(ok, "OpenSSL's SHA-256 failed")  // only on allocation failure inside OpenSSL
        // The digest bytes in order, as four big-endian words.
        return Digest(bytes: (UInt64(bigEndian: out.0), UInt64(bigEndian: out.1), UInt64(bigEndian: out.2), UInt64(bigEndian: out.3)))
    }
}
