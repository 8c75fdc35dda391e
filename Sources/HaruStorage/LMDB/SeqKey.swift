@_spi(Layers) import HaruSystem

/// The key of a database ordered by a sequence number (`events`,
/// `checkpoints`): 8 bytes big-endian, so LMDB's byte order is numeric order
/// and appends land past the end (`MDB_APPEND`).
@_spi(Layers) public enum SeqKey: KeyCodec {
    @inlinable @_spi(Layers) public static func bytes(_ seq: UInt64) -> [UInt8] { make(seq) }

    @inlinable @inline(__always)
    @_spi(Layers) public static func make(_ seq: UInt64) -> [UInt8] { withUnsafeBytes(of: seq.bigEndian) { Array($0) } }

    /// The seq of a stored key; nil when the key is not 8 bytes.
    @inlinable @inline(__always)
    @_spi(Layers) public static func seq(_ k: UnsafeRawBufferPointer) -> UInt64? {
        guard k.count == 8 else { return nil }
        return UInt64(bigEndian: k.loadUnaligned(as: UInt64.self))
    }
}
