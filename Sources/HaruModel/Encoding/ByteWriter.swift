@_spi(Layers) import HaruSystem

/// Appends the ledger's binary primitives to a byte buffer.
///
/// The stored format is binary rather than JSON so that a full replay can
/// decode over a million events a second (JSON decoding through Foundation
/// manages about 80,000). Every primitive has exactly one encoding, so the
/// bytes that are hashed can be reproduced from the decoded values.
@_spi(Layers) public struct ByteWriter: Sendable {
    @_spi(Layers) public var bytes: [UInt8] = []

    @inlinable
    @_spi(Layers) public init(capacity: Int = 128) { bytes.reserveCapacity(capacity) }

    /// Empties the writer, keeping its buffer for the next value.
    @inlinable
    @_spi(Layers) public mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    @inlinable
    @_spi(Layers) public mutating func u8(_ v: UInt8) { bytes.append(v) }

    @inlinable
    @_spi(Layers) public mutating func u16(_ v: UInt16) { withUnsafeBytes(of: v.bigEndian) { bytes.append(contentsOf: $0) } }

    @inlinable
    @_spi(Layers) public mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.bigEndian) { bytes.append(contentsOf: $0) } }

    /// Big-endian, fixed width: sequence keys sort numerically in LMDB.
    @inlinable
    @_spi(Layers) public mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.bigEndian) { bytes.append(contentsOf: $0) } }

    @inlinable
    @_spi(Layers) public mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }

    /// LEB128 unsigned varint.
    @inlinable
    @_spi(Layers) public mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Zig-zag signed varint (small negatives stay short).
    @inlinable
    @_spi(Layers) public mutating func svarint(_ v: Int64) { varint(UInt64(bitPattern: (v << 1) ^ (v >> 63))) }

    /// Length-prefixed UTF-8.
    @inlinable
    @_spi(Layers) public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { buf in
            varint(UInt64(buf.count))
            bytes.append(contentsOf: buf)
        }
    }

    @inlinable
    @_spi(Layers) public mutating func raw<C: Collection>(_ b: C) where C.Element == UInt8 { bytes.append(contentsOf: b) }
}
