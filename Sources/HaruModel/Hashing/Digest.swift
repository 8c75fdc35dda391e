import CCrypto
@_spi(Layers) import HaruSystem

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
    @_spi(Layers) public init(reading r: inout ByteReader) throws(DecodeError) {
        bytes = (try r.u64(), try r.u64(), try r.u64(), try r.u64())
    }

    /// Appends the 32 bytes (big-endian words, in one append).
    @_spi(Layers) public func write(to w: inout ByteWriter) {
        var be = (bytes.0.bigEndian, bytes.1.bigEndian, bytes.2.bigEndian, bytes.3.bigEndian)
        withUnsafeBytes(of: &be) { w.raw($0) }
    }

    /// Lower-case hex.
    public var description: String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        writeHex(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the 64 lower-case hex digits.
    public func writeHex(to out: inout [UInt8]) {
        Hex.append(bytes, count: 4, to: &out)
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

/// A reusable SHA-256 context. Not for sharing between threads: each loop
/// that hashes (an append, a verify) makes its own.
///
/// Through libcrypto's low-level `SHA256_Init/Update/Final` rather than EVP:
/// an event's chain hash is two blocks, and for messages that short the EVP
/// layer's dispatch was most of the cost (measured in C on this machine, five
/// updates of 124 bytes: 141 ns low-level, 177–232 ns EVP with the algorithm
/// fetched once, 360–450 ns EVP by name). Both run the same SHA-NI code. The
/// low-level calls are deprecated in OpenSSL 3 but kept; the module's header
/// silences the warning (Sources/CCrypto/shim.h).
public final class SHA256Context {
    private let ctx = UnsafeMutablePointer<SHA256_CTX>.allocate(capacity: 1)

    public init() {}
    deinit { ctx.deallocate() }

    /// SHA-256 of `data`.
    public func hash(_ data: UnsafeRawBufferPointer) -> Digest {
        SHA256_Init(ctx)
        update(data)
        return finish()
    }

    /// SHA-256 of the concatenation of the parts (no array is made of them:
    /// a bulk append hashes a chain link per event).
    public func hash(
        _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, _ c: UnsafeRawBufferPointer, _ d: UnsafeRawBufferPointer,
        _ e: UnsafeRawBufferPointer
    ) -> Digest {
        SHA256_Init(ctx)
        update(a)
        update(b)
        update(c)
        update(d)
        update(e)
        return finish()
    }

    @inline(__always)
    private func update(_ p: UnsafeRawBufferPointer) {
        if p.count > 0 { SHA256_Update(ctx, p.baseAddress, p.count) }
    }

    private func finish() -> Digest {
        var out = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &out) { o in _ = SHA256_Final(o.baseAddress!.assumingMemoryBound(to: UInt8.self), ctx) }
        // The digest bytes in order, as four big-endian words.
        return Digest(bytes: (UInt64(bigEndian: out.0), UInt64(bigEndian: out.1), UInt64(bigEndian: out.2), UInt64(bigEndian: out.3)))
    }
}
