/// The vocabulary's fields, typed: each field's Swift type is said here
/// once, so a view or a command reads `fields.name`, `fields.tracking`,
/// `fields.startDate` rather than choosing an accessor and a field name at
/// every use (`fields.string(.name)`). Nil where the payload lacks the field.
extension Payload {
    /// A tag's or action's name.
    public var name: String? { string(.name) }
    /// A goal's title.
    public var title: String? { string(.title) }
    /// What a person calls a definition: a tag's or action's name, a goal's title.
    public var label: String? { string(.name) ?? string(.title) }
    public var color: String? { string(.color) }
    public var symbol: String? { string(.symbol) }
    public var favorite: Bool? { bool(.favorite) }
    public var order: Int64? { int(.order) }
    public var note: String? { string(.note) }
    public var timeZone: String? { string(.timeZone) }

    public var tracking: Tracking? { choice(.tracking) }
    public var tagIDs: [String]? { strings(.tagIDs) }

    public var actionID: String? { string(.actionID) }
    public var sessionID: String? { string(.sessionID) }
    public var entryID: String? { string(.entryID) }
    public var start: Instant? { instant(.start) }
    public var end: Instant? { instant(.end) }
    public var time: Instant? { instant(.time) }
    public var amount: Int64? { int(.amount) }

    public var goalID: String? { string(.goalID) }
    public var startDate: LocalDate? { date(.startDate) }
    public var endDate: LocalDate? { date(.endDate) }
    public var thresholdPercent: Int64? { int(.thresholdPercent) }

    public var targetActionID: String? { string(.targetActionID) }
    public var targetTagID: String? { string(.targetTagID) }
    public var targetMeasure: Measure? { choice(.targetMeasure) }
    public var period: Period? { choice(.period) }
    public var direction: Direction? { choice(.direction) }
    public var deadline: ClockTime? { int(.deadline).flatMap { ClockTime(minutes: Int($0)) } }
    public var customStart: LocalDate? { date(.customStart) }
    public var customEnd: LocalDate? { date(.customEnd) }
    public var targetSeconds: Int64? { int(.targetSeconds) }
    public var targetCount: Int64? { int(.targetCount) }
}
