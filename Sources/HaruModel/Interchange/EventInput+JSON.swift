@_spi(Layers) import HaruSystem

extension EventInput {
    /// Fields the store assigns; accepted only by a lossless import.
    static let storeKeys: Set<String> = ["seq", "recorded", "prev", "hash"]

    /// Reads one event line (already parsed as JSON).
    /// - Throws: `InputError` naming the field and the rule (no line: the caller adds it).
    /// - Parameter provenance: accept (and ignore) the fields the store adds,
    ///   as `haru export jsonl` writes them (`haru import jsonl`).
    public static func parse(_ json: JSONValue, zones: ZoneDirectory, provenance: Bool = false) throws(InputError) -> EventInput {
        guard case .object(let members) = json else {
            throw InputError(field: "event", rule: "must be a JSON object (got \(json.typeName))")
        }
        // One pass over the members, each taken by a switch (no lookup per field).
        var typeValue, atValue, dataValue, idValue, versionValue, sourceValue: JSONValue?
        var recorded: Int64?
        for (key, value) in members {
            switch key {
            case "type": typeValue = value
            case "at": atValue = value
            case "data": dataValue = value
            case "id": idValue = value
            case "v": versionValue = value
            case "source": sourceValue = value
            default:
                if provenance, storeKeys.contains(key) || key == "redacted" || key == "origin" {
                    if key == "recorded", case .string(let r) = value { recorded = Event.parseRecorded(r.utf8) }
                    continue
                }
                if storeKeys.contains(key) {
                    throw InputError(
                        field: key, rule: "is assigned by the store; leave it out (use `haru import jsonl` to restore a whole ledger)")
                }
                throw InputError(field: key, rule: "is not an event field (type, at, data, id, v, source)")
            }
        }
        guard case .string(let typeName)? = typeValue else {
            throw InputError(field: "type", rule: typeValue == nil ? "is required" : "must be a string such as \"count.added\"")
        }
        guard let type = EventType(name: typeName) else {
            let near = EventType.allCases.map(\.name).min { editDistance($0, typeName) < editDistance($1, typeName) }
            throw InputError(
                field: "type",
                rule: "unknown event type \(Echo.quoted(typeName))"
                    + (near.map { editDistance($0, typeName) <= 3 ? "; did you mean \($0)?" : "" } ?? "")
                    + " (types: \(EventType.allCases.map(\.name).joined(separator: ", ")))")
        }
        guard let atValue else { throw InputError(field: "at", rule: "is required") }
        guard case .string(let atText) = atValue else { throw InputError(field: "at", rule: "must be an ISO 8601 instant string") }
        let at: Instant
        switch Instant.parse(atText) {
        case .success(let t): at = t
        case .failure(let e): throw InputError(field: "at", rule: e.rule(atText))
        }
        var id: EventID?
        if let idValue {
            guard case .string(let s) = idValue, let parsed = EventID(parsing: s) else {
                throw InputError(field: "id", rule: "must be a UUID such as 0b6f2c1e-8d0a-4f5e-9c3b-1a2b3c4d5e6f")
            }
            id = parsed
        }
        var version = 1
        if let v = versionValue {
            guard case .int(let n) = v, n >= 1, n <= Int64(type.currentVersion) else {
                throw InputError(field: "v", rule: "\(type.name) has payload versions 1 to \(type.currentVersion) (got \(v.compactText))")
            }
            version = Int(n)
        }
        var source: String?
        if let s = sourceValue {
            guard case .string(let text) = s, !text.isEmpty, text.count <= 64,
                !text.unicodeScalars.contains(where: { $0.value < 0x20 })
            else {
                throw InputError(field: "source", rule: "must be a label of 1 to 64 characters such as \"script:nightly\"")
            }
            source = text
        }
        guard let data = dataValue else { throw InputError(field: "data", rule: "is required (the payload object)") }
        if type == .actionEdited, case .object(let m) = data, m.contains(where: { $0.0 == "tracking" }) {
            throw InputError(field: "data.tracking", rule: "can never change: an action tracks time or counts for life (RULES §8)")
        }
        let payload = try Payload.parse(data, type: type, zones: zones)
        var e = EventInput(id: id, type: type, at: at, version: version, source: source, payload: payload)
        e.recorded = recorded
        return e
    }
}

extension Event {
    /// The stored event as JSON (the envelope of CONTRACT §1 with what the store added).
    /// - Parameters:
    ///   - prev: the previous event's hash.
    ///   - instant: how instants print (the ledger's zone, or UTC).
    ///   - hideNotes: print note lengths instead of note text.
    public func json(prev: Digest, instant: (Instant) -> String, hideNotes: Bool = false) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("seq", .int(Int64(seq))),
            ("recorded", .string(Event.formatRecorded(recorded))),
            ("id", .string(id.description)),
            ("type", .string(type.name)),
            ("at", .string(instant(at))),
            ("v", .int(Int64(version))),
        ]
        if !source.isEmpty { m.append(("source", .string(source))) }
        m.append(("data", payload.json(type: type, instant: instant, hideNotes: hideNotes)))
        if redactedDigest != nil { m.append(("redacted", .bool(true))) }
        m.append(("prev", .string(prev.description)))
        m.append(("hash", .string(hash.description)))
        return .object(m)
    }

    /// Writes what `json(prev:instant:hideNotes:).compactText` would, without
    /// building the value (`haru log --json`: a few µs an event instead of 14);
    /// instants at the offset `offset` gives them.
    public func writeJSON(prev: Digest, to out: inout JSONBytes, offset: (Instant) -> Int, hideNotes: Bool = false) {
        out.raw("{\"seq\":")
        out.int(Int64(seq))
        out.raw(",\"recorded\":\"")
        Event.writeRecorded(recorded, to: &out.bytes)
        out.raw("\",")
        writeContent(to: &out, offset: offset, hideNotes: hideNotes)
        if redactedDigest != nil { out.raw(",\"redacted\":true") }
        out.raw(",\"prev\":\"")
        prev.writeHex(to: &out.bytes)
        out.raw("\",\"hash\":\"")
        hash.writeHex(to: &out.bytes)
        out.raw("\"}")
    }

    /// `"id":…,"type":…,"at":…,"v":…[,"source":…],"data":{…}`: what was
    /// appended, as `haru log --json` and `haru export jsonl` both write it.
    func writeContent(to out: inout JSONBytes, offset: (Instant) -> Int, hideNotes: Bool = false) {
        out.raw("\"id\":\"")
        id.write(to: &out.bytes)
        out.raw("\",\"type\":")
        out.string(type.name)
        out.raw(",\"at\":\"")
        at.write(offsetSeconds: offset(at), to: &out.bytes)
        out.raw("\",\"v\":")
        out.int(Int64(version))
        if !source.isEmpty {
            out.raw(",\"source\":")
            out.string(source)
        }
        out.raw(",\"data\":")
        payload.writeJSON(type: type, to: &out, offset: offset, hideNotes: hideNotes)
    }

    /// The event's `data` as compact JSON text (notes included), instants at
    /// the offset `offset` gives them (UTC by default).
    public func dataJSON(offset: (Instant) -> Int = { _ in 0 }) -> String {
        var out = JSONBytes()
        payload.writeJSON(type: type, to: &out, offset: offset)
        return out.text
    }

    /// Transaction time in UTC with microseconds: `2026-03-04T07:30:00.123456Z`.
    public static func formatRecorded(_ micros: Int64) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(27)
        writeRecorded(micros, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads `formatRecorded`'s text back: microseconds, nil for anything else.
    public static func parseRecorded<C: Collection<UInt8>>(_ text: C) -> Int64? {
        let u = Array(text)
        guard u.count == 27, u[19] == UInt8(ascii: "."), u[26] == UInt8(ascii: "Z"), u[20..<26].allSatisfy({ (48...57).contains($0) })
        else { return nil }
        guard case .success(let t) = Instant.parse(bytes: Array(u[0..<19]) + [UInt8(ascii: "Z")]) else { return nil }
        return t.seconds * 1_000_000 + u[20..<26].reduce(Int64(0)) { $0 * 10 + Int64($1 - 48) }
    }

    /// Appends `formatRecorded`'s text.
    static func writeRecorded(_ micros: Int64, to out: inout [UInt8]) {
        let secs = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
        let frac = Int(micros - secs * 1_000_000)
        Instant(seconds: secs).write(offsetSeconds: 0, to: &out)
        out.removeLast()  // the "Z"
        // ".ffffffZ", the six digits of the microseconds without a String.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { b in
            b[0] = UInt8(ascii: ".")
            var f = frac
            for k in (1...6).reversed() {
                b[k] = UInt8(truncatingIfNeeded: f % 10) &+ 0x30
                f /= 10
            }
            b[7] = UInt8(ascii: "Z")
            out.append(contentsOf: b)
        }
    }
}
