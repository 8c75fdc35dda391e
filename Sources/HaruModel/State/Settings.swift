/// The settings in force (CONTRACT §2 defaults).
package struct LedgerSettings: Sendable, Equatable {
    package var timeZone: String = "UTC"
    package var dayStart: ClockTime = ClockTime(minutes: 0)!
    package var weekStart: Weekday = .monday
    package var minSessionSeconds: Int = 0
    /// Which running session `haru running` shows first.
    package var representativeEarliest: Bool = false

    package init() {}

    /// Applies the fields of a `settings.changed` payload.
    package mutating func apply(_ p: Payload) {
        if let z = p.string(.timeZone) { timeZone = z }
        if let m = p.int(.dayStart), let c = ClockTime(minutes: Int(m)) { dayStart = c }
        if let w = p.int(.weekStart), let d = Weekday(rawValue: Int(w)) { weekStart = d }
        if let s = p.int(.minSessionSeconds) { minSessionSeconds = Int(s) }
        if let r = p.choice(.representative, as: Representative.self) { representativeEarliest = r == .earliest }
    }
}

/// Every settings change in log order. The calendar reads the whole history
/// (a change with `from` governs only the days from then on, RULES §1);
/// commands mostly need `current`.
package struct SettingsHistory: Sendable, Equatable {
    package struct Change: Sendable, Equatable {
        package var when: Dated
        package var payload: Payload
    }
    package private(set) var changes: [Change] = []
    package private(set) var current = LedgerSettings()

    package init() {}

    package mutating func append(_ c: Change) {
        changes.append(c)
        current.apply(c.payload)
    }
}
