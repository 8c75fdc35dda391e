@_spi(Layers) import HaruSystem

extension Payload {
    /// Reads the `data` object of an event of `type`, checking every field
    /// against the type's schema and the field's kind. Rules that depend on
    /// the ledger's state (does the action exist?) are checked later, by the
    /// fold.
    /// - Throws: `InputError` naming `data.FIELD` and the rule.
    public static func parse(_ data: JSONValue, type: EventType, zones: ZoneDirectory) throws(InputError) -> Payload {
        guard case .object(let members) = data else {
            throw InputError(field: "data", rule: "must be an object (got \(data.typeName))")
        }
        let schema = type.schema
        var payload = Payload()
        for (key, value) in members {
            // A schema has at most a few dozen fields: a scan of its (dotted) JSON
            // names, where a table of every type's was built per process (a
            // twentieth of a `haru count`'s instructions, for one type).
            if let r = schema.first(where: { $0.field.jsonName == key }) {
                payload[r.field] = try parseField(r, value, path: Path(parent: nil, key: key), zones: zones)
                continue
            }
            // Nested objects (target, schedule): their members are fields of their own.
            let nested = schema.filter { $0.field.parentName == key }
            guard !nested.isEmpty else {
                throw InputError(
                    field: "data." + key,
                    rule:
                        "is not a field of \(type.name) (its fields: \(Set(type.schema.map { $0.field.parentName ?? $0.field.jsonName }).sorted().joined(separator: ", ")))"
                )
            }
            guard case .object(let inner) = value else {
                throw InputError(field: "data." + key, rule: "must be an object (got \(value.typeName))")
            }
            for (innerKey, innerValue) in inner {
                guard let r = nested.first(where: { $0.field.leafName == innerKey }) else {
                    throw InputError(field: "data.\(key).\(innerKey)", rule: "is not a field of \(type.name)")
                }
                payload[r.field] = try parseField(r, innerValue, path: Path(parent: key, key: innerKey), zones: zones)
            }
        }
        for r in schema where r.required && !payload.has(r.field) {
            throw InputError(field: "data." + r.field.jsonName, rule: "is required for \(type.name)")
        }
        return payload
    }

    /// Where a value sits, spelled out only when an error needs it.
    struct Path {
        let parent: String?
        let key: String
        var text: String { parent.map { "data.\($0).\(key)" } ?? "data." + key }
    }

    /// The strings of a list field, each valid and none twice, in their order.
    private static func distinct(
        _ items: [JSONValue], _ valid: (String) -> Bool, rule: String, _ bad: (String) -> InputError
    ) throws(InputError) -> [String] {
        var out: [String] = []
        for item in items {
            guard case .string(let s) = item, valid(s) else { throw bad("\(rule) (got \(Echo.plain(item.compactText)))") }
            guard !out.contains(s) else { throw bad("lists \(Echo.quoted(s)) twice") }
            out.append(s)
        }
        return out
    }

    static func parseField(_ r: FieldRule, _ v: JSONValue, path p: Path, zones: ZoneDirectory) throws(InputError)
        -> FieldValue
    {
        if case .null = v {
            guard r.nullable else { throw InputError(field: p.text, rule: "cannot be null") }
            return .null
        }
        func bad(_ rule: String) -> InputError { InputError(field: p.text, rule: rule) }
        func bad(_ rule: String, _ broken: InputError.Broken) -> InputError { InputError(field: p.text, rule: rule, broken: broken) }
        func text() throws(InputError) -> String {
            guard case .string(let s) = v else { throw bad("must be a string (got \(v.typeName))") }
            return s
        }
        switch r.field.kind {
        case .entityID:
            let s = try text()
            guard EntityID.isValid(s) else {
                throw bad("must be an id of 1 to 64 characters from A-Z a-z 0-9 . _ : - (got \(Echo.quoted(s)))")
            }
            return .string(s)
        case .text(let max):
            let s = try text()
            if r.field != .note && s.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { throw bad("must not be empty") }
            // Characters never outnumber UTF-8 bytes: count them only when the bytes are over.
            guard s.utf8.count <= max || s.count <= max else { throw bad("must be at most \(max) characters (got \(s.count))") }
            guard !s.utf8.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 }) else {
                // Notes are private: never echoed.
                throw bad("must not contain control characters" + (r.field == .note || r.field == .text ? "" : " (got \(Echo.quoted(s)))"))
            }
            return .string(s)
        case .int(let range):
            // A count's amount is 1 … 999 of its action's unit; with decimals it is
            // written in the smallest unit (the fold checks that bound), said so.
            var (shown, decimalsHint) = (range, "")
            if r.field == .amount {
                shown = 1...999
                decimalsHint = "; an action with decimals takes its smallest unit (7.6 at one decimal is 76, up to 999 × 10^decimals)"
            }
            // A whole number written as 1.0 or 1e2 (as jq and spreadsheets write them) is that number.
            var v = v
            if case .double(let d) = v, d.rounded() == d, abs(d) < 9e15 { v = .int(Int64(d)) }
            guard case .int(let n) = v else {
                // 5.000 reads as a double: say so, not "got 5".
                let got: String
                switch v {
                case .double(let d): got = "\(d), written with a fraction or an exponent"
                case .string(let text): got = Echo.quoted(text)
                default: got = Echo.plain(v.compactText)
                }
                throw bad(
                    "must be a whole number from \(shown.lowerBound) to \(shown.upperBound) (got \(got))" + decimalsHint,
                    .wholeNumber(from: shown.lowerBound, to: shown.upperBound, got: got))
            }
            guard range.contains(n) else {
                throw bad(
                    "must be a whole number from \(shown.lowerBound) to \(shown.upperBound) (got \(n))" + decimalsHint,
                    .wholeNumber(from: shown.lowerBound, to: shown.upperBound, got: String(n)))
            }
            return .int(n)
        case .threshold:
            guard case .int(let n) = v, (10...100).contains(n), n % 5 == 0 else {
                throw bad("must be 10 to 100 in steps of 5 (got \(v.compactText))")
            }
            return .int(n)
        case .bool:
            guard case .bool(let b) = v else { throw bad("must be true or false (got \(v.typeName))") }
            return .bool(b)
        case .instant:
            let s = try text()
            switch Instant.parse(s) {
            case .success(let t): return .int(t.seconds)
            case .failure(let e): throw bad(e.rule(s))
            }
        case .date:
            let s = try text()
            guard let d = LocalDate(parsing: s) else {
                throw bad("must be a date YYYY-MM-DD from 1900-01-01 to 2999-12-31 (got \(Echo.quoted(s)))")
            }
            return .int(Int64(d.daysSinceEpoch))
        case .clock:
            let s = try text()
            guard let c = ClockTime(parsing: s) else {
                throw bad("must be a clock time HH:mm from 00:00 to 23:59 (got \(Echo.quoted(s)))")
            }
            return .int(Int64(c.minutes))
        case .weekday:
            let s = try text()
            guard let w = Weekday(name: s) else { throw bad("must be a weekday, monday to sunday (got \(Echo.quoted(s)))") }
            return .int(Int64(w.rawValue))
        case .choice(let set):
            let s = try text()
            guard let k = set.stored(s) else {
                throw bad("must be one of \(set.words.joined(separator: ", ")) (got \(Echo.quoted(s)))")
            }
            return .int(k)
        case .color:
            let s = try text()
            let b = Array(s.utf8)
            guard b.count == 7, b[0] == UInt8(ascii: "#"), b[1...].allSatisfy({ Hex.value($0) != nil }) else {
                throw bad("must be a colour #RRGGBB (got \(Echo.quoted(s)))", .colour(got: Echo.quoted(s)))
            }
            return .string(s.uppercased())
        case .idList:
            guard case .array(let items) = v else { throw bad("must be an array of ids (got \(v.typeName))") }
            return .strings(try distinct(items, EntityID.isValid, rule: "must hold only valid ids", bad))
        case .blob:
            let s = try text()
            guard Blob.isReference(s) else { throw bad("must be a blob's SHA-256, 64 lower-case hex digits (got \(Echo.quoted(s)))") }
            return .string(s)
        case .blobList:
            guard case .array(let items) = v, !items.isEmpty else { throw bad("must be a non-empty array of blob digests") }
            return .strings(
                try distinct(items, Blob.isReference, rule: "must hold only blobs' SHA-256 digests, 64 lower-case hex digits", bad))
        case .externalIDs:
            guard case .array(let items) = v, !items.isEmpty else { throw bad("must be a non-empty array of ids") }
            let valid = { (s: String) in (1...255).contains(s.count) && !s.unicodeScalars.contains(where: { $0.value < 0x20 }) }
            return .strings(try distinct(items, valid, rule: "must hold ids of 1 to 255 characters without control characters", bad))
        case .names:
            guard case .array(let items) = v, !items.isEmpty else { throw bad("must be a non-empty array of file names") }
            var out: [String] = []
            for item in items {
                guard case .string(let s) = item, s.count <= 255, !s.contains("/"),
                    !s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
                else {
                    throw bad(
                        "must hold file names of at most 255 characters, without / or control characters (got \(Echo.plain(item.compactText)))"
                    )
                }
                out.append(s)
            }
            return .strings(out)
        case .weekdayList:
            guard case .array(let items) = v, !items.isEmpty else { throw bad("must be a non-empty array of weekdays") }
            var out: [Int64] = []
            for item in items {
                guard case .string(let s) = item, let w = Weekday(name: s) else {
                    throw bad("must hold only weekdays, monday to sunday (got \(Echo.plain(item.compactText)))")
                }
                guard !out.contains(Int64(w.rawValue)) else { throw bad("lists \(w.name) twice") }
                out.append(Int64(w.rawValue))
            }
            return .ints(out.sorted())
        case .monthDayList:
            guard case .array(let items) = v, !items.isEmpty else { throw bad("must be a non-empty array of days 1 to 31") }
            var out: [Int64] = []
            for item in items {
                guard case .int(let n) = item, (1...31).contains(n) else {
                    throw bad("must hold only days 1 to 31 (got \(Echo.plain(item.compactText)))")
                }
                guard !out.contains(n) else { throw bad("lists \(n) twice") }
                out.append(n)
            }
            return .ints(out.sorted())
        case .timeZone:
            let s = try text()
            guard zones.knows(s) else { throw bad("must be a known IANA time zone such as Asia/Seoul (got \(Echo.quoted(s)))") }
            return .string(s)
        }
    }

    /// The payload's JSON members in schema order: what `json` and
    /// `writeJSON` print. Members of a nested object (`target.action_id`)
    /// come one after another (the schemas keep them together: tested), so
    /// `parent` changes only where an object opens or closes.
    /// - Parameter hideNotes: `note_chars` (the length, with a nil field) instead of a note's text.
    @inline(__always)
    func forEachJSONMember(
        type: EventType, hideNotes: Bool, _ body: (_ parent: String?, _ name: String, _ field: Field?, _ value: FieldValue) -> Void
    ) {
        for r in type.schema {
            guard let value = self[r.field] else { continue }
            if hideNotes, r.field == .note || r.field == .text, case .string(let s) = value {
                // Private text (a note, a diary page's or to-do's text): its length only.
                body(nil, r.field.jsonName + "_chars", nil, .int(Int64(s.count)))
            } else {
                body(r.field.parentName, r.field.leafName, r.field, value)
            }
        }
    }

    /// The payload as the JSON `data` object, nested members regrouped,
    /// fields in schema order. Instants are printed by `instant`.
    /// - Parameter hideNotes: print `note_chars` instead of a note's text.
    public func json(type: EventType, instant: (Instant) -> String, hideNotes: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = []
        forEachJSONMember(type: type, hideNotes: hideNotes) { parent, name, field, value in
            let rendered = field.map { Payload.render($0, value, instant: instant) } ?? Payload.plainNumber(value)
            if let parent {
                if case (parent, .object(var inner))? = members.last {
                    inner.append((name, rendered))
                    members[members.count - 1].1 = .object(inner)
                } else {
                    members.append((parent, .object([(name, rendered)])))
                }
            } else {
                members.append((name, rendered))
            }
        }
        return .object(members)
    }

    /// Writes what `json(type:instant:hideNotes:).compactText` would, without
    /// building the value; instants at the offset `offset` gives them.
    public func writeJSON(type: EventType, to out: inout JSONBytes, offset: (Instant) -> Int, hideNotes: Bool = false) {
        out.byte(0x7B)
        var first = true
        var open: String?
        var firstInner = true
        forEachJSONMember(type: type, hideNotes: hideNotes) { parent, name, field, value in
            if parent != open {
                if open != nil { out.byte(0x7D) }
                open = parent
                if let parent {
                    out.separator(&first)
                    out.string(parent)
                    out.raw(":{")
                    firstInner = true
                }
            }
            if open != nil { out.separator(&firstInner) } else { out.separator(&first) }
            out.string(name)
            out.byte(0x3A)
            if let field { Payload.write(field, value, to: &out, offset: offset) } else { Payload.plainNumber(value).write(to: &out) }
        }
        if open != nil { out.byte(0x7D) }
        out.byte(0x7D)
    }

    /// A derived number (`note_chars`).
    private static func plainNumber(_ value: FieldValue) -> JSONValue {
        if case .int(let n) = value { return .int(n) } else { return .null }
    }

    /// One value as `render` gives it, written; strings and numbers without a `JSONValue`.
    private static func write(_ field: Field, _ value: FieldValue, to out: inout JSONBytes, offset: (Instant) -> Int) {
        switch value {
        case .string(let s): out.string(s)
        case .int(let n):
            switch field.kind {
            case .instant:
                let t = Instant(seconds: n)
                out.byte(0x22)
                t.write(offsetSeconds: offset(t), to: &out.bytes)
                out.byte(0x22)
            case .date:
                out.byte(0x22)
                LocalDate(daysSinceEpoch: Int(n)).write(to: &out.bytes)
                out.byte(0x22)
            case .clock, .weekday, .choice: render(field, value, instant: { _ in "" }).write(to: &out)
            default: out.int(n)
            }
        default: render(field, value, instant: { _ in "" }).write(to: &out)
        }
    }

    public static func render(_ field: Field, _ value: FieldValue, instant: (Instant) -> String) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .strings(let s): return .array(s.map { .string($0) })
        case .ints(let ns):
            switch field.kind {
            case .weekdayList: return .array(ns.map { .string(Weekday(rawValue: Int($0))?.name ?? "?") })
            default: return .array(ns.map { .int($0) })
            }
        case .int(let n):
            switch field.kind {
            case .instant: return .string(instant(Instant(seconds: n)))
            case .date: return .string(LocalDate(daysSinceEpoch: Int(n)).description)
            case .clock: return .string(ClockTime(minutes: Int(n))?.description ?? "?")
            case .weekday: return .string(Weekday(rawValue: Int(n))?.name ?? "?")
            case .choice(let set): return .string(set.word(n) ?? "?")
            default: return .int(n)
            }
        }
    }
}

/// Entity ids: `[A-Za-z0-9._:-]{1,64}` (CONTRACT conventions).
public enum EntityID {
    public static func isValid(_ s: String) -> Bool {
        var s = s
        // The string's own bytes and a table: every event line has an id or two.
        return s.withUTF8 { u in
            guard !u.isEmpty, u.count <= 64 else { return false }
            return allowed.withUnsafeBufferPointer { table in u.allSatisfy { table[Int($0)] } }
        }
    }

    /// The bytes an id may hold: A-Z a-z 0-9 . _ : -
    private static let allowed: [Bool] = (0..<256).map { c in
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39)
            || c == 0x2E || c == 0x5F || c == 0x3A || c == 0x2D
    }
}
