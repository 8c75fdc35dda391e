/// `haru settings`: the settings in force at a reference, the dated steps
/// of the two that can change from a date on, and every change.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct SettingsView: Sendable {
    /// The settings known at the snapshot's seq (the undated ones apply to all history).
    public var current: LedgerSettings
    /// The zone and day start governing the reference day.
    public var zone: String
    public var dayStart: ClockTime
    public var dayStartSteps: [(from: LocalDate?, value: ClockTime)]
    public var zoneSteps: [(from: LocalDate?, zone: String)]
    /// Every change known, in log order.
    public var changes: [SettingsHistory.Change]

    public init(_ snap: Snapshot, calendar: LedgerCalendar, reference: Reference) throws {
        let history = try snap.settings()
        current = history.current
        let day = reference.day(calendar)
        zone = calendar.zone(for: day).name
        dayStart = calendar.dayStart(for: day)
        dayStartSteps = calendar.dayStartChanges
        zoneSteps = calendar.zoneChanges
        changes = history.changes
    }

    /// The settings as (name, value) in `settings.changed`'s words.
    public var values: [(String, JSONValue)] {
        [
            ("time_zone", .string(zone)), ("day_start", .string(dayStart.description)),
            ("week_start", .string(current.weekStart.name)), ("min_session_seconds", .int(Int64(current.minSessionSeconds))),
            ("representative", .string(current.representativeEarliest ? "earliest" : "latest")),
            ("long_session_hours", .int(Int64(current.longSessionHours))), ("long_session_alert", .bool(current.longSessionAlert)),
        ]
    }

    public func json(calendar: LedgerCalendar, knownAt: UInt64) -> JSONValue {
        func steps<T>(_ s: [(from: LocalDate?, value: T)], _ text: (T) -> String) -> JSONValue {
            .array(s.map { .object([("from", $0.from.map { .string($0.description) } ?? .null), ("value", .string(text($0.value)))]) })
        }
        return .object([
            ("known_at", .int(Int64(knownAt))),
            ("settings", .object(values)),
            (
                "steps",
                .object([
                    ("day_start", steps(dayStartSteps.map { ($0.from, $0.value) }, \.description)),
                    ("time_zone", steps(zoneSteps.map { ($0.from, $0.zone) }, { $0 })),
                ])
            ),
            (
                "changes",
                .array(
                    changes.map { c in
                        .object([
                            ("seq", .int(Int64(c.when.seq))), ("at", .string(calendar.format(c.when.at))),
                            ("data", c.payload.json(type: .settingsChanged, instant: calendar.format)),
                        ])
                    })
            ),
        ])
    }
}
