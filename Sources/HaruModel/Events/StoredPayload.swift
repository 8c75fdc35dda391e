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
    /// Every field tag is below this (the two words of `present` cover 128).
    static let tags = 128
    static let tagLimit: UInt8 = 128
    /// Fields whose places `init` keeps; a field after them is found by
    /// walking on from the last kept one (payloads with more are rare).
    static let kept = 16
    let bytes: UnsafeRawBufferPointer
    @_spi(Layers) public let fieldCount: Int
    /// The tags present, as bits (tags 0–63, then 64–127).
    var present: (UInt64, UInt64)
    /// The first `kept` fields present, in tag order: the offset of the
    /// field's kind byte + 1, noted by the walk `init` makes anyway, so an
    /// accessor is a bit count and one load. Small on purpose: each
    /// accessor copies the table to read it (a table by tag, 72 offsets,
    /// was a 288-byte `memcpy` per field read of a replay).
    var kindAt: InlineArray<16, UInt32>

    @_spi(Layers) public init(_ bytes: UnsafeRawBufferPointer) throws(DecodeError) {
        self.bytes = bytes
        var r = ByteReader(bytes)
        var last: UInt8 = 0
        var n = 0
        var bits: (UInt64, UInt64) = (0, 0)
        var at = InlineArray<16, UInt32>(repeating: 0)
        while !r.atEnd {
            let tag = try r.u8()
            guard tag > last, tag < StoredPayload.tagLimit, Field(rawValue: tag) != nil else {
                throw DecodeError("payload field tag \(tag) unknown or out of order")
            }
            last = tag
            if tag < 64 { bits.0 |= 1 << UInt64(tag) } else { bits.1 |= 1 << UInt64(tag - 64) }
            if n < Self.kept { at[n] = UInt32(truncatingIfNeeded: r.offset + 1) }
            guard let kind = Payload.Kind(rawValue: try r.u8()) else { throw DecodeError("payload value kind unknown") }
            try Self.skip(kind, &r)
            n += 1
        }
        fieldCount = n
        present = bits
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
        let tag = UInt64(f.rawValue)
        // The field's rank among those present: the present tags below it.
        let rank: Int
        if tag < 64 {
            guard (present.0 >> tag) & 1 == 1 else { return nil }
            rank = (present.0 & ((1 << tag) &- 1)).nonzeroBitCount
        } else {
            guard (present.1 >> (tag - 64)) & 1 == 1 else { return nil }
            rank = present.0.nonzeroBitCount + (present.1 & ((1 << (tag - 64)) &- 1)).nonzeroBitCount
        }
        if rank < Self.kept {
            let k = Int(kindAt[rank])
            return (bytes[k - 1], k)
        }
        return walk(from: Int(kindAt[Self.kept - 1]), fields: rank - (Self.kept - 1))
    }

    /// The field `fields` places after the one whose kind byte is at
    /// `k - 1`. `init` checked every field, so the skips cannot fail.
    func walk(from k: Int, fields: Int) -> (kind: UInt8, at: Int)? {
        var k = k
        for _ in 0..<fields {
            var r = ByteReader(bytes)
            r.offset = k
            guard let kind = Payload.Kind(rawValue: bytes[k - 1]), (try? Self.skip(kind, &r)) != nil else { return nil }
            k = r.offset + 2  // past the next field's tag and kind bytes
        }
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
