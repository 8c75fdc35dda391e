@_spi(Layers) import HaruSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fast path for the plainest event lines of a bulk load: `type`, `at`
/// and a flat `data` object, ASCII strings without escapes, whole numbers.
/// It reads the bytes straight into an `EventInput`, without the JSON value
/// tree, a String per key or a dictionary lookup per field: those were most
/// of the reading thread's time in `haru append`.
///
/// It decides nothing on its own: anything else — another envelope field,
/// a nested object, an escape, a non-ASCII byte, a fraction, a field that
/// breaks a rule, a missing required field — returns nil, and the caller
/// reads the line with the full parser (`JSONParser`, `EventInput.parse`),
/// which accepts it or names what is wrong. A line it does accept goes
/// through the same field rules (`Payload.parseField`) and gives the same
/// `EventInput` as the full parser; a differential test over mutated lines
/// holds it to that.
@_spi(Layers) public enum EventLineFastPath {
    /// The event on this line, or nil when the full parser must read it.
    /// - Parameter provenance: also the lines of `haru export jsonl` (an id,
    ///   `v`, `source`, and the provenance tail, which is read past).
    @_spi(Layers) public static func decode(_ line: ArraySlice<UInt8>, zones: ZoneDirectory, provenance: Bool = false) -> EventInput? {
        line.withUnsafeBufferPointer { decode(buffer: $0, zones: zones, provenance: provenance) }
    }

    /// The same, for a line in memory the caller keeps alive (a mapped file's).
    @_spi(Layers) public static func decode(buffer: UnsafeBufferPointer<UInt8>, zones: ZoneDirectory, provenance: Bool = false)
        -> EventInput?
    {
        var r = Reader(bytes: buffer)
        return provenance ? r.exportedEvent(zones: zones) : r.event(zones: zones)
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        mutating func skipSpace() {
            while i < bytes.count {
                let c = bytes[i]
                guard c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D else { return }
                i += 1
            }
        }

        mutating func take(_ c: UInt8) -> Bool {
            skipSpace()
            guard i < bytes.count, bytes[i] == c else { return false }
            i += 1
            return true
        }

        /// A string of printable ASCII without escapes, as its bytes.
        mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            // Locals, not `self`'s fields, in the loop: it runs over every byte of a line.
            let base = bytes.baseAddress!, end = bytes.count, start = i
            var k = start
            // Eight bytes at a time while none of them is a quote, a backslash, a
            // control character or non-ASCII (SWAR: a byte's high bit flags it).
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while k + 8 <= end {
                let w = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
                let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
                let special =
                    ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (w &- ones &* 0x20) | w
                if special & highs != 0 { break }
                k += 8
            }
            while k < end {
                let c = base[k]
                if c == UInt8(ascii: "\"") {
                    i = k + 1
                    return UnsafeBufferPointer(start: base + start, count: k - start)
                }
                if c < 0x20 || c >= 0x80 || c == UInt8(ascii: "\\") { return nil }
                k += 1
            }
            return nil
        }

        /// A whole number as JSON writes it (no fraction, exponent or leading zero), within Int64.
        mutating func wholeNumber() -> Int64? {
            var negative = false
            if bytes[i] == UInt8(ascii: "-") {
                negative = true
                i += 1
            }
            guard i < bytes.count, isDigit(bytes[i]) else { return nil }
            if bytes[i] == UInt8(ascii: "0"), i + 1 < bytes.count, isDigit(bytes[i + 1]) { return nil }
            var magnitude: UInt64 = 0
            while i < bytes.count, isDigit(bytes[i]) {
                let (m, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(UInt64(bytes[i] - 0x30))
                guard !o1, !o2 else { return nil }
                magnitude = a
                i += 1
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                return nil
            }
            if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
            return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
        }

        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

        /// A field value of the forms the fast path takes: plain string, whole
        /// number, array of plain strings.
        mutating func value() -> JSONValue? {
            skipSpace()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                return plainString().map { .string(String(decoding: $0, as: UTF8.self)) }
            case UInt8(ascii: "-"), 0x30...0x39:
                return wholeNumber().map { .int($0) }
            case UInt8(ascii: "["):
                i += 1
                var items: [JSONValue] = []
                if take(UInt8(ascii: "]")) { return .array(items) }
                while true {
                    guard let s = plainString() else { return nil }
                    items.append(.string(String(decoding: s, as: UTF8.self)))
                    if take(UInt8(ascii: "]")) { return .array(items) }
                    guard take(UInt8(ascii: ",")) else { return nil }
                }
            default:
                return nil
            }
        }

        /// `{"type":…,"at":…,"data":{…}}` in that order, nothing else; not
        /// `action.edited` (the full parser has a rule of its own for its
        /// `data.tracking`).
        mutating func event(zones: ZoneDirectory) -> EventInput? {
            guard take(UInt8(ascii: "{")), key(Self.typeKey), let typeName = plainString(),
                let type = EventLineFastPath.type(named: typeName), type != .actionEdited,
                take(UInt8(ascii: ",")), key(Self.atKey), let atText = plainString(),
                case .success(let at) = Instant.parse(bytes: atText),
                take(UInt8(ascii: ",")), key(Self.dataKey), let payload = data(type, zones: zones),
                take(UInt8(ascii: "}"))
            else { return nil }
            skipSpace()
            guard i == bytes.count else { return nil }
            return EventInput(type: type, at: at, payload: payload)
        }

        /// A line of `haru export jsonl`: `{"id":…,"type":…,"at":…,"v":1[,"source":…],"data":{…}`
        /// then `,"seq":N,"recorded":…,"prev":…,"hash":…}` (read past, not checked:
        /// the importing ledger assigns its own). Else nil.
        mutating func exportedEvent(zones: ZoneDirectory) -> EventInput? {
            guard take(UInt8(ascii: "{")), key(Self.idKey), let idText = plainString(),
                let id = EventID(parsing: idText),
                take(UInt8(ascii: ",")), key(Self.typeKey), let typeName = plainString(),
                let type = EventLineFastPath.type(named: typeName), type != .actionEdited, type.currentVersion == 1,
                take(UInt8(ascii: ",")), key(Self.atKey), let atText = plainString(),
                case .success(let at) = Instant.parse(bytes: atText),
                take(UInt8(ascii: ",")), key(Self.vKey), take(UInt8(ascii: "1")), take(UInt8(ascii: ","))
            else { return nil }
            var source: String?
            let mark = i
            if key(Self.sourceKey) {
                guard let s = plainString(), !s.isEmpty, s.count <= 64, take(UInt8(ascii: ",")) else { return nil }
                source = String(decoding: s, as: UTF8.self)
            } else {
                i = mark
            }
            guard key(Self.dataKey), let payload = data(type, zones: zones),
                take(UInt8(ascii: ",")), key(Self.seqKey), skipSpaceThen(), i < bytes.count, wholeNumber() != nil,
                take(UInt8(ascii: ",")), key(Self.recordedKey), let recordedText = plainString(),
                take(UInt8(ascii: ",")), key(Self.prevKey), plainString() != nil,
                take(UInt8(ascii: ",")), key(Self.hashKey), plainString() != nil,
                take(UInt8(ascii: "}"))
            else { return nil }
            skipSpace()
            guard i == bytes.count else { return nil }
            var e = EventInput(id: id, type: type, at: at, version: 1, source: source, payload: payload)
            e.recorded = Event.parseRecorded(recordedText)
            return e
        }

        mutating func skipSpaceThen() -> Bool {
            skipSpace()
            return true
        }

        private static let typeKey = Array("type".utf8), atKey = Array("at".utf8), dataKey = Array("data".utf8)
        private static let idKey = Array("id".utf8), vKey = Array("v".utf8), sourceKey = Array("source".utf8)
        private static let seqKey = Array("seq".utf8), recordedKey = Array("recorded".utf8), prevKey = Array("prev".utf8),
            hashKey = Array("hash".utf8)

        /// Whether the next key is `name` (compared as bytes: no String is made), with its colon.
        mutating func key(_ name: [UInt8]) -> Bool {
            guard let k = plainString(), take(UInt8(ascii: ":")) else { return false }
            return Self.same(name, k)
        }

        static func same(_ name: [UInt8], _ key: UnsafeBufferPointer<UInt8>) -> Bool {
            name.count == key.count && name.withUnsafeBytes { memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }
        }

        /// A flat `data` object of `type`: every key a top-level field of its
        /// schema, once, every value within its rule, every required field there.
        mutating func data(_ type: EventType, zones: ZoneDirectory) -> Payload? {
            guard take(UInt8(ascii: "{")) else { return nil }
            let schema = type.schema
            let flat = EventLineFastPath.flatRules[Int(type.rawValue) - 1]
            var payload = Payload()
            // Room for every field the type has: appending one by one regrew
            // the array at 1, 2 and 4 fields, a tenth of reading a line.
            payload.reserveCapacity(flat.count)
            if take(UInt8(ascii: "}")) { return nil }  // empty data: let the full parser say what is missing
            while true {
                guard let k = plainString(), take(UInt8(ascii: ":")),
                    let field = flat.first(where: { Self.same($0.name, k) }),
                    !payload.has(field.rule.field), let v = value(),
                    let parsed = try? Payload.parseField(field.rule, v, path: Payload.Path(parent: nil, key: field.key), zones: zones)
                else { return nil }
                payload[field.rule.field] = parsed
                if take(UInt8(ascii: "}")) { break }
                guard take(UInt8(ascii: ",")) else { return nil }
            }
            for r in schema where r.required && !payload.has(r.field) { return nil }
            return payload
        }
    }

    /// The event type whose name is these bytes (no String made for it).
    static func type(named bytes: UnsafeBufferPointer<UInt8>) -> EventType? {
        for (name, type) in typeNames where name.count == bytes.count {
            if name.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) { return type }
        }
        return nil
    }

    private static let typeNames: [([UInt8], EventType)] = EventType.allCases.map { (Array($0.name.utf8), $0) }

    /// Each type's top-level fields with their JSON names (as bytes too), built once.
    static let flatRules: [[(name: [UInt8], key: String, rule: FieldRule)]] = EventType.allCases.map { t in
        t.schema.filter { $0.field.parentName == nil }.map { (Array($0.field.jsonName.utf8), $0.field.jsonName, $0) }
    }
}
