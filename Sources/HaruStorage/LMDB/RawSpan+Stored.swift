@_spi(Layers) import HaruSystem

/// What readers of stored bytes need of a `RawSpan` (the storage kit hands
/// out only spans, which cannot escape the closure that got them).
extension RawSpan {
    /// A copy of the bytes, to keep past the closure.
    @inlinable
    @_spi(Layers) public var array: [UInt8] { withUnsafeBytes { Array($0) } }

    /// The first byte, nil when empty.
    @inlinable
    @_spi(Layers) public var first: UInt8? { byteCount > 0 ? unsafeLoad(fromByteOffset: 0, as: UInt8.self) : nil }
}
