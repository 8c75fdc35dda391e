@_spi(Layers) import HaruSystem

/// Why stored bytes could not be decoded: the ledger is damaged (exit 3),
/// never "not found".
public struct DecodeError: HaruError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .cannotOpen }
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { "stored data is damaged: \(reason)" }
}

/// Reads the primitives `ByteWriter` writes, from bytes that stay valid for
/// the reader's life (an LMDB value inside its transaction, or an array).
@_spi(Layers) public struct ByteReader {
    @usableFromInline let base: UnsafeRawBufferPointer
    @_spi(Layers) public var offset = 0

    @inlinable
    @_spi(Layers) public init(_ base: UnsafeRawBufferPointer) { self.base = base }

    @inlinable
    @_spi(Layers) public var remaining: Int { base.count - offset }
    @inlinable
    @_spi(Layers) public var atEnd: Bool { offset >= base.count }

    @inline(__always)
    @inlinable mutating func need(_ n: Int) throws(DecodeError) {
        if offset + n > base.count { throw DecodeError("record ends early (need \(n) bytes at \(offset))") }
    }

    @inlinable @inline(__always)
    @_spi(Layers) public mutating func u8() throws(DecodeError) -> UInt8 {
        try need(1)
        defer { offset += 1 }
        return base[offset]
    }

    @inlinable @inline(__always)
    @_spi(Layers) public mutating func u16() throws(DecodeError) -> UInt16 {
        try need(2)
        defer { offset += 2 }
        return UInt16(base[offset]) << 8 | UInt16(base[offset + 1])
    }

    @inlinable @inline(__always)
    @_spi(Layers) public mutating func u32() throws(DecodeError) -> UInt32 {
        try need(4)
        var v: UInt32 = 0
        for k in 0..<4 { v = v << 8 | UInt32(base[offset + k]) }
        offset += 4
        return v
    }

    @inlinable @inline(__always)
    @_spi(Layers) public mutating func u64() throws(DecodeError) -> UInt64 {
        try need(8)
        var v: UInt64 = 0
        for k in 0..<8 { v = v << 8 | UInt64(base[offset + k]) }
        offset += 8
        return v
    }

    @inlinable
    @_spi(Layers) public mutating func i64() throws(DecodeError) -> Int64 { Int64(bitPattern: try u64()) }

    @inlinable @inline(__always)
    @_spi(Layers) public mutating func varint() throws(DecodeError) -> UInt64 {
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            try need(1)
            let b = base[offset]
            offset += 1
            if shift == 63, b > 1 { throw DecodeError("varint overflows 64 bits") }
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return v }
            shift += 7
            if shift > 63 { throw DecodeError("varint too long") }
        }
    }

    @inlinable @inline(__always)
    @_spi(Layers) public mutating func svarint() throws(DecodeError) -> Int64 {
        let u = try varint()
        return Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1)))
    }

    @inlinable
    @_spi(Layers) public mutating func string() throws(DecodeError) -> String {
        let n = Int(try varint())
        try need(n)
        let bytes = UnsafeRawBufferPointer(rebasing: base[offset..<(offset + n)]).bindMemory(to: UInt8.self)
        offset += n
        // Ids and names are nearly always ASCII: build those without the generic
        // validating initializer, which costs a metadata lookup per call.
        var ascii = true
        for b in bytes where b >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        guard let s = String(validating: bytes, as: UTF8.self) else { throw DecodeError("string is not UTF-8") }
        return s
    }

    /// Skips a length-prefixed string.
    @inlinable
    @_spi(Layers) public mutating func skipString() throws(DecodeError) {
        let n = Int(try varint())
        try need(n)
        offset += n
    }

    /// `n` bytes, copied out (the source may be an LMDB page).
    @inlinable
    @_spi(Layers) public mutating func bytes(_ n: Int) throws(DecodeError) -> [UInt8] {
        try need(n)
        defer { offset += n }
        return Array(base[offset..<(offset + n)])
    }

    /// A reader over the next `n` bytes, which this reader skips.
    @inlinable
    @_spi(Layers) public mutating func sub(_ n: Int) throws(DecodeError) -> ByteReader {
        try need(n)
        defer { offset += n }
        return ByteReader(UnsafeRawBufferPointer(rebasing: base[offset..<(offset + n)]))
    }

    /// The rest of the buffer, not copied: valid only while the source is.
    @inlinable
    @_spi(Layers) public mutating func rest() -> UnsafeRawBufferPointer {
        defer { offset = base.count }
        return UnsafeRawBufferPointer(rebasing: base[offset...])
    }
}
