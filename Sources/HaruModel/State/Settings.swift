@_spi(Layers) import HaruStorage

/// The settings in force (CONTRACT §2 defaults).
public struct LedgerSettings: Sendable, Equatable {
    public var timeZone: String = "UTC"
    public var dayStart: ClockTime = ClockTime(minutes: 0)!
    public var weekStart: Weekday = .monday
    public var minSessionSeconds: Int = 0
    /// Which running session `haru running` shows first.
    public var representativeEarliest: Bool = false
    /// After how many hours a running session is flagged as long (the app's
    /// long-session alert, 1 … 12).
    public var longSessionHours: Int = 12

    public init() {}

    /// Applies the fields of a `settings.changed` payload.
    public mutating func apply(_ p: Payload) {
        if let z = p.string(.timeZone) { timeZone = z }
        if let m = p.int(.dayStart), let c = ClockTime(minutes: Int(m)) { dayStart = c }
        if let w = p.int(.weekStart), let d = Weekday(rawValue: Int(w)) { weekStart = d }
        if let s = p.int(.minSessionSeconds) { minSessionSeconds = Int(s) }
        if let r = p.choice(.representative, as: Representative.self) { representativeEarliest = r == .earliest }
        if let h = p.int(.longSessionHours) { longSessionHours = Int(h) }
    }
}

/// Every settings change in log order. The calendar reads the whole history
/// (a change with `from` governs only the days from then on, RULES §1);
/// commands mostly need `current`.
public struct SettingsHistory: Sendable, Equatable {
    public struct Change: Sendable, Equatable {
        public var when: Dated
        public var payload: Payload
    }
    public private(set) var changes: [Change] = []
    public private(set) var current = LedgerSettings()

    public init() {}

    public mutating func append(_ c: Change) {
        changes.append(c)
        current.apply(c.payload)
    }
}
