@_spi(Layers) import HaruSystem

/// Read access to an event's fields, as the fold needs it.
///
/// Two types give it: `Payload` (decoded; what appends build from JSON) and
/// `StoredPayload` (a view of the stored bytes that decodes only the fields
/// asked for; what replays and verify use). The fold is written once,
/// against this protocol, and specialised for each: a replay no longer
/// builds, and then destroys, an array of field values per event.
public protocol PayloadFields {
    func string(_ f: Field) -> String?
    func int(_ f: Field) -> Int64?
    func has(_ f: Field) -> Bool
    func isNull(_ f: Field) -> Bool
    /// How many fields there are (edits must change at least one besides the id).
    var fieldCount: Int { get }
    /// The whole payload, decoded: for the events whose payload is kept
    /// (definitions, settings), which are few.
    func decoded() throws(DecodeError) -> Payload
}

extension PayloadFields {
    // Required fields: every way in checks them against the type's schema,
    // so for a valid event these never throw; they stand between a damaged
    // stored record and a crash (a replay reports it as an event that does
    // not fold).
    public func requiredString(_ f: Field) throws(InputError) -> String {
        guard let v = string(f) else { throw InputError(field: "data.\(f.jsonName)", rule: "is required") }
        return v
    }

    public func requiredInt(_ f: Field) throws(InputError) -> Int64 {
        guard let v = int(f) else { throw InputError(field: "data.\(f.jsonName)", rule: "is required") }
        return v
    }

    public func requiredInstant(_ f: Field) throws(InputError) -> Instant { Instant(seconds: try requiredInt(f)) }

    /// An instant field.
    @inline(__always)
    public func instant(_ f: Field) -> Instant? { int(f).map { Instant(seconds: $0) } }

    /// An entity's id as text: the field's own text, or the day of a diary
    /// page (stored as a date, `YYYY-MM-DD` as an id).
    public func id(_ f: Field) -> String? {
        if case .date = f.kind { return int(f).map { LocalDate(daysSinceEpoch: Int($0)).description } }
        return string(f)
    }

    /// `id(f)`, required.
    public func requiredID(_ f: Field) throws(InputError) -> String {
        guard let v = id(f) else { throw InputError(field: "data.\(f.jsonName)", rule: "is required") }
        return v
    }

    /// The id of the entity an event of `type` is about (nil for settings and redactions).
    public func entityID(of type: EventType) -> String? { type.entityField.flatMap { id($0) } }
}

extension Payload: PayloadFields {
    public var fieldCount: Int { fields.count }
    public func decoded() -> Payload { self }
}
