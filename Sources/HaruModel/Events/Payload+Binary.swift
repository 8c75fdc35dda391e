@_spi(Layers) import HaruSystem

/// The stored form of a payload: for each field in ascending tag order, the
/// tag byte, a value-kind byte, then the value. Self-describing, so an old
/// payload version can be read (and upcast) without its schema, and with one
/// encoding per value, so the bytes hashed by the chain are reproducible.
extension Payload {
    /// The value-kind byte after each tag.
    enum Kind: UInt8 { case null = 0, int, bool, string, strings, ints }

    /// Appends the canonical bytes.
    @_spi(Layers) public func encode(to w: inout ByteWriter) {
        for (field, value) in fields {
            w.u8(field.rawValue)
            switch value {
            case .null: w.u8(Kind.null.rawValue)
            case .int(let n): w.u8(Kind.int.rawValue); w.svarint(n)
            case .bool(let b): w.u8(Kind.bool.rawValue); w.u8(b ? 1 : 0)
            case .string(let s): w.u8(Kind.string.rawValue); w.string(s)
            case .strings(let ss):
                w.u8(Kind.strings.rawValue)
                w.varint(UInt64(ss.count))
                for s in ss { w.string(s) }
            case .ints(let ns):
                w.u8(Kind.ints.rawValue)
                w.varint(UInt64(ns.count))
                for n in ns { w.svarint(n) }
            }
        }
    }

    /// The canonical bytes alone.
    @_spi(Layers) public var encoded: [UInt8] {
        var w = ByteWriter(capacity: 64)
        encode(to: &w)
        return w.bytes
    }

    /// Reads fields until the end of `r`.
    /// - Throws: `DecodeError` for unknown tags or kinds, or fields out of order.
    @_spi(Layers) public static func decode(from r: inout ByteReader) throws(DecodeError) -> Payload {
        var fields: [(Field, FieldValue)] = []
        fields.reserveCapacity(8)
        var last: UInt8 = 0
        while !r.atEnd {
            let tag = try r.u8()
            guard tag > last, let field = Field(rawValue: tag) else {
                throw DecodeError("payload field tag \(tag) unknown or out of order")
            }
            last = tag
            guard let kind = Kind(rawValue: try r.u8()) else { throw DecodeError("payload value kind unknown") }
            let value: FieldValue
            switch kind {
            case .null: value = .null
            case .int: value = .int(try r.svarint())
            case .bool: value = .bool(try r.u8() != 0)
            case .string: value = .string(try r.string())
            case .strings:
                let n = Int(try r.varint())
                guard n <= r.remaining else { throw DecodeError("list longer than its record") }
                var ss: [String] = []
                ss.reserveCapacity(n)
                for _ in 0..<n { ss.append(try r.string()) }
                value = .strings(ss)
            case .ints:
                let n = Int(try r.varint())
                guard n <= r.remaining else { throw DecodeError("list longer than its record") }
                var ns: [Int64] = []
                ns.reserveCapacity(n)
                for _ in 0..<n { ns.append(try r.svarint()) }
                value = .ints(ns)
            }
            fields.append((field, value))
        }
        return Payload(sorted: fields)
    }
}

extension Payload {
    /// Fields already in ascending tag order (from the decoder).
    init(sorted: [(Field, FieldValue)]) {
        self.init()
        self.setSorted(sorted)
    }
}
