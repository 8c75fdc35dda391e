@_spi(Layers) import HaruSystem

/// A payload read in place from its stored bytes (Payload+Binary): `init`
/// walks the fields once, noting where each is, and each accessor decodes
/// only the value it returns. Valid only while the bytes are (inside the read transaction).
///
/// The structure is checked once, at `init` (known tags in ascending order,
/// known kinds, lengths inside the record, strings in UTF-8), so the accessors cannot read out
/// of bounds and a damaged record is reported as damage, as `Payload.decode`
/// would.
@_spi(Layers) public struct StoredPayload: PayloadFields {
    /// One slot per field tag (the `InlineArray`s below hold this many): every tag is below it.
    static let tags = 72
    static let tagLimit: UInt8 = 72
    let bytes: UnsafeRawBufferPointer
    @_spi(Layers) public let fieldCount: Int
    /// By tag: the offset of the field's kind byte + 1 (0: absent), noted by
    /// the walk `init` makes anyway, so each accessor is one load.
    var kindAt: InlineArray<72, UInt32>

    @_spi(Layers) public init(_ bytes: UnsafeRawBufferPointer) throws(DecodeError) {
        self.bytes = bytes
        var r = ByteReader(bytes)
        var last: UInt8 = 0
        var n = 0
        var at = InlineArray<72, UInt32>(repeating: 0)
        while !r.atEnd {
            let tag = try r.u8()
            guard tag > last, tag < StoredPayload.tagLimit, Field(rawValue: tag) != nil else {
                throw DecodeError("payload field tag \(tag) unknown or out of order")
            }
            last = tag
            at[Int(tag)] = UInt32(truncatingIfNeeded: r.offset + 1)
            guard let kind = Payload.Kind(rawValue: try r.u8()) else { throw DecodeError("payload value kind unknown") }
            try Self.skip(kind, &r)
            n += 1
        }
        fieldCount = n
        kindAt = at
    }

    /// Skips a string, checking it is UTF-8 as `Payload.decode` does (the
    /// accessors then build strings without checking again).
    @inline(__always)
    static func skipText(_ r: inout ByteReader) throws(DecodeError) {
        let start = r.offset
        try r.skipString()
        let text = UnsafeRawBufferPointer(rebasing: r.base[start..<r.offset])
        for b in text where b >= 0x80 {
            // Not ASCII: check the whole string (the length prefix is ASCII-safe to skip).
            var t = ByteReader(text)
            _ = try t.string()
            break
        }
    }

    @inline(__always)
    static func skip(_ kind: Payload.Kind, _ r: inout ByteReader) throws(DecodeError) {
        switch kind {
        case .null: break
        case .int: _ = try r.varint()
        case .bool: _ = try r.u8()
        case .string: try skipText(&r)
        case .strings: for _ in 0..<Int(try r.varint()) { try skipText(&r) }
        case .ints: for _ in 0..<Int(try r.varint()) { _ = try r.varint() }
        }
    }

    // The accessors read with plain loads and no error paths: `init`
    // checked that every length and varint lies inside the bytes.

    /// The kind byte and value offset of field `f`; nil when absent.
    @inline(__always)
    func locate(_ f: Field) -> (kind: UInt8, at: Int)? {
        let k = Int(kindAt[Int(f.rawValue)])
        if k == 0 { return nil }
        return (bytes[k - 1], k)
    }

    @inline(__always)
    func varint(_ o: inout Int) -> UInt64 {
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = bytes[o]
            o += 1
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return v }
            shift += 7
        }
    }

    @_spi(Layers) public func string(_ f: Field) -> String? {
        guard let (kind, at) = locate(f), kind == Payload.Kind.string.rawValue else { return nil }
        var o = at
        let n = Int(varint(&o))
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[o..<(o + n)]), as: UTF8.self)
    }

    @_spi(Layers) public func int(_ f: Field) -> Int64? {
        guard let (kind, at) = locate(f), kind == Payload.Kind.int.rawValue else { return nil }
        var o = at
        let u = varint(&o)
        return Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1)))
    }

    @_spi(Layers) public func has(_ f: Field) -> Bool { locate(f) != nil }

    @_spi(Layers) public func isNull(_ f: Field) -> Bool { locate(f)?.kind == Payload.Kind.null.rawValue }

    @_spi(Layers) public func decoded() throws(DecodeError) -> Payload {
        var r = ByteReader(bytes)
        return try Payload.decode(from: &r)
    }
}
