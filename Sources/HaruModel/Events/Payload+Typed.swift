/// Payloads built by programs that already hold typed values (an importer
/// that read an instant as seconds): the same field rules as the JSON
/// reading, without writing the values out as JSON to parse them back.
extension Payload {
    /// A payload of `type` from `(field, value)` pairs, each checked against
    /// its field's rule exactly as `parse` checks the JSON. Instants are
    /// given as seconds (their stored form) and must be ones an event line
    /// can carry (`Instant.ledgerRange`); every other value as `parse` would
    /// read its JSON (a text as `.string`, an id list as `.strings`).
    /// - Throws: `InputError` naming `data.FIELD` and the rule, as `parse` does.
    /// Values given in the order of their fields' tags (as `Payload` keeps
    /// them) become the payload's own array, checked in place; others are
    /// put in order first.
    public static func typed(_ type: EventType, _ values: consuming [(Field, FieldValue)], zones: ZoneDirectory) throws(InputError)
        -> Payload
    {
        let schema = type.schema
        var fields = values
        var inOrder = true
        for k in fields.indices {
            let (field, value) = fields[k]
            guard let rule = schema.first(where: { $0.field == field }) else {
                throw InputError(field: "data." + field.jsonName, rule: "is not a field of \(type.name)")
            }
            if k > 0, fields[k - 1].0.rawValue >= field.rawValue { inOrder = false }
            // The path of a field is spelled out only for an error: building
            // its strings was most of the cost of a typed payload.
            switch (field.kind, value) {
            case (.instant, .int(let seconds)):
                guard Instant.ledgerRange.contains(seconds) else {
                    throw InputError(
                        field: Path(parent: field.parentName, key: field.leafName).text,
                        rule: "must be \(Instant.ledgerRangeText) (got \(seconds) seconds after 1970)")
                }
            case (.entityID, .string(let id)) where EntityID.isValid(id):
                break
            default:
                fields[k].1 = try parseField(rule, value.json, path: Path(parent: field.parentName, key: field.leafName), zones: zones)
            }
        }
        var payload = Payload()
        if inOrder { payload.setSorted(fields) } else { payload = Payload(fields) }
        for r in schema where r.required && !payload.has(r.field) {
            throw InputError(field: "data." + r.field.jsonName, rule: "is required for \(type.name)")
        }
        return payload
    }
}

extension FieldValue {
    /// The JSON value `Payload.parse` reads back as this value (for the
    /// kinds stored as they are written: texts, ids, numbers, flags).
    var json: JSONValue {
        switch self {
        case .null: .null
        case .int(let n): .int(n)
        case .bool(let b): .bool(b)
        case .string(let s): .string(s)
        case .strings(let list): .array(list.map { .string($0) })
        case .ints(let list): .array(list.map { .int($0) })
        }
    }
}
