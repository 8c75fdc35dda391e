@_spi(Layers) import HaruSystem

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
    /// Whether the alert is on: `haru running` flags a session running
    /// longer than `longSessionHours` (the app notifies). On unless turned off.
    public var longSessionAlert: Bool = true

    public init() {}

    /// Applies the fields of a `settings.changed` event.
    public mutating func apply(_ c: SettingsChanged) {
        if let z = c.timeZone { timeZone = z }
        if let d = c.dayStart { dayStart = d }
        if let w = c.weekStart { weekStart = w }
        if let s = c.minSessionSeconds { minSessionSeconds = Int(s) }
        if let r = c.representative { representativeEarliest = r == .earliest }
        if let h = c.longSessionHours { longSessionHours = Int(h) }
        if let a = c.longSessionAlert { longSessionAlert = a }
    }
}

/// Every settings change in log order. The calendar reads the whole history
/// (a change with `from` governs only the days from then on, RULES §1);
/// commands mostly need `current`.
public struct SettingsHistory: Sendable, Equatable {
    public struct Change: Sendable, Equatable {
        public let when: Dated
        /// As stored (and shown: `haru settings --json`).
        public let payload: Payload
        /// The same, typed: decoded here once.
        public let settings: SettingsChanged

        public init(when: Dated, payload: Payload) {
            self.when = when
            self.payload = payload
            settings = SettingsChanged(payload)
        }

        public static func == (a: Change, b: Change) -> Bool { a.when == b.when && a.payload == b.payload }
    }
    public private(set) var changes: [Change] = []
    public private(set) var current = LedgerSettings()

    public init() {}

    public mutating func append(_ c: Change) {
        changes.append(c)
        current.apply(c.settings)
    }
}
