@_spi(Layers) import HaruSystem

/// The ledger's logical calendar (RULES §1): which logical day an instant
/// belongs to, the instant range of a day key, weeks and months.
///
/// `day_start` and `time_zone` can change with `from: D`, so each day key
/// carries its own rule: the rule of the latest dated change at or before
/// it. A change without `from` replaces the rule for every day. A day's range
/// is computed from its own key, [start(D), start(D+1)), never by asking which
/// day a midnight falls in.
public struct LedgerCalendar: Sendable {
    /// A rule and the first day it governs (nil: from the beginning).
    struct Step<T: Sendable>: Sendable {
        var from: LocalDate?
        var value: T
    }
    private(set) var zoneSteps: [Step<ZoneRules>]
    private(set) var dayStartSteps: [Step<ClockTime>]
    public let weekStart: Weekday

    /// Why a calendar could not be built.
    /// Exit 3: the ledger cannot be read on this machine without that zone.
    public struct ZoneError: HaruError, Sendable {
        public var exitStatus: ExitStatus { .cannotOpen }
        public var zone: String
        public var description: String {
            "time zone \"\(zone)\" is not in the zone directory, or its file there cannot be read (is tzdata installed?)"
        }
    }

    /// The calendar of the settings known at `knownAt` (every change when nil).
    public init(settings: SettingsHistory, knownAt: UInt64? = nil, zones: ZoneDirectory) throws {
        var zoneSteps = [Step(from: nil, value: ZoneRules(fixed: "UTC", offsetSeconds: 0))]
        var dayStartSteps = [Step<ClockTime>(from: nil, value: ClockTime(minutes: 0)!)]
        var week = Weekday.monday
        var loaded: [String: ZoneRules] = [:]
        for change in settings.changes where knownAt == nil || change.when.seq <= knownAt! {
            let c = change.settings
            if let name = c.timeZone {
                let rules: ZoneRules
                if let r = loaded[name] {
                    rules = r
                } else {
                    guard let r = zones.rules(name) else { throw ZoneError(zone: name) }
                    loaded[name] = r
                    rules = r
                }
                LedgerCalendar.set(&zoneSteps, rules, from: c.from)
            }
            if let d = c.dayStart { LedgerCalendar.set(&dayStartSteps, d, from: c.from) }
            if let w = c.weekStart { week = w }
        }
        self.zoneSteps = zoneSteps
        self.dayStartSteps = dayStartSteps
        weekStart = week
    }

    /// A calendar with one zone and day start for all time (tests).
    public init(zone: ZoneRules, dayStart: ClockTime = ClockTime(minutes: 0)!, weekStart: Weekday = .monday) {
        zoneSteps = [Step(from: nil, value: zone)]
        dayStartSteps = [Step(from: nil, value: dayStart)]
        self.weekStart = weekStart
    }

    /// A dated change governs D and later (later dated steps are replaced);
    /// an undated one governs every day.
    private static func set<T>(_ steps: inout [Step<T>], _ value: T, from: LocalDate?) {
        guard let from else {
            steps = [Step(from: nil, value: value)]
            return
        }
        steps.removeAll { $0.from.map { $0 >= from } ?? false }
        steps.append(Step(from: from, value: value))
    }

    /// The index of the step governing `day` (an index, not the value: a
    /// `ZoneRules` copy costs retains, and day lookups run per record).
    private static func ruleIndex<T>(_ steps: [Step<T>], for day: LocalDate) -> Int {
        var i = 0
        while i + 1 < steps.count, let f = steps[i + 1].from, f <= day { i += 1 }
        return i
    }

    /// The day-start steps: each value and the first day it governs (nil: from the beginning).
    public var dayStartChanges: [(from: LocalDate?, value: ClockTime)] { dayStartSteps.map { ($0.from, $0.value) } }
    /// The zone steps, as `dayStartChanges`.
    public var zoneChanges: [(from: LocalDate?, zone: String)] { zoneSteps.map { ($0.from, $0.value.name) } }

    /// The zone governing day `day`.
    public func zone(for day: LocalDate) -> ZoneRules { zoneSteps[LedgerCalendar.ruleIndex(zoneSteps, for: day)].value }
    /// The day start governing day `day`.
    public func dayStart(for day: LocalDate) -> ClockTime { dayStartSteps[LedgerCalendar.ruleIndex(dayStartSteps, for: day)].value }

    /// The first instant of logical day `day`: `day` at its day start in its
    /// zone (a skipped time is the instant of the jump; a repeated one its
    /// first occurrence).
    ///
    /// A dated zone change can move a day's start before the previous day's
    /// (jumping east by more than a day's length): the previous day is then
    /// empty and this one starts where it would have, so days never overlap
    /// and every instant belongs to exactly one day.
    public func start(of day: LocalDate) -> Instant {
        let own = ruleStart(of: day)
        // Only a rule step next to this day can turn the order of starts around.
        guard nearStep(day) else { return own }
        return max(own, ruleStart(of: day.adding(days: -1)), ruleStart(of: day.adding(days: -2)))
    }

    /// `day` at its own day start in its own zone.
    private func ruleStart(of day: LocalDate) -> Instant {
        let local = Int64(day.daysSinceEpoch) * 86_400 + Int64(dayStart(for: day).minutes) * 60
        return Instant(seconds: zoneSteps[LedgerCalendar.ruleIndex(zoneSteps, for: day)].value.instant(local: local))
    }

    /// Whether a dated step of the zone or day start begins within two days of `day`.
    private func nearStep(_ day: LocalDate) -> Bool {
        let d = day.daysSinceEpoch
        for s in zoneSteps where s.from.map({ abs($0.daysSinceEpoch - d) <= 2 }) ?? false { return true }
        for s in dayStartSteps where s.from.map({ abs($0.daysSinceEpoch - d) <= 2 }) ?? false { return true }
        return false
    }

    /// The calendar date on which a wall-clock time (seconds after midnight)
    /// falls within logical day `day`: a time before the day start belongs
    /// to the next date (with days starting at 06:00, 05:00 of logical day
    /// March 4 is the morning of March 5). The one place this rule lives:
    /// people's times (`HumanTime`), deadlines (`QuestMeter`) and record
    /// edits all ask it.
    public func date(ofClockSeconds seconds: Int, inLogicalDay day: LocalDate) -> LocalDate {
        seconds < dayStart(for: day).minutes * 60 ? day.adding(days: 1) : day
    }

    /// That wall-clock time within logical day `day`, read in the zone in
    /// force on that logical day.
    public func instant(ofClockSeconds seconds: Int, inLogicalDay day: LocalDate) -> Instant {
        let date = date(ofClockSeconds: seconds, inLogicalDay: day)
        return Instant(seconds: zone(for: day).instant(local: Int64(date.daysSinceEpoch) * 86_400 + Int64(seconds)))
    }

    /// The instants of logical day `day`, [start, end): empty for a day a
    /// zone change jumped over.
    public func range(of day: LocalDate) -> Range<Instant> {
        let s = start(of: day)
        let e = start(of: day.adding(days: 1))
        return s..<max(s, e)
    }

    /// The logical day an instant belongs to.
    public func day(of t: Instant) -> LocalDate {
        // Guess with the rule of the UTC date, then step until the range holds t.
        let utcDay = LocalDate(daysSinceEpoch: Int(t.seconds >= 0 ? t.seconds / 86_400 : (t.seconds - 86_399) / 86_400))
        let offset = Int64(zoneSteps[LedgerCalendar.ruleIndex(zoneSteps, for: utcDay)].value.offset(at: t.seconds))
        let shifted = t.seconds + offset - Int64(dayStart(for: utcDay).minutes) * 60
        var d = LocalDate(daysSinceEpoch: Int(shifted >= 0 ? shifted / 86_400 : (shifted - 86_399) / 86_400))
        for _ in 0..<8 {
            if t < start(of: d) {
                d = d.adding(days: -1)
            } else if t >= start(of: d.adding(days: 1)) {
                d = d.adding(days: 1)
            } else {
                break
            }
        }
        return d
    }

    /// The first day of the logical week holding `day`.
    public func weekStart(of day: LocalDate) -> LocalDate {
        day.adding(days: -((day.weekday.rawValue - weekStart.rawValue + 7) % 7))
    }

    /// The days of the calendar month holding `day` (the logical month, RULES §1).
    public static func month(of day: LocalDate) -> ClosedRange<LocalDate> {
        LocalDate(year: day.year, month: day.month, day: 1)!...LocalDate(
            year: day.year, month: day.month, day: LocalDate.daysIn(year: day.year, month: day.month))!
    }

    /// The UTC offset in force at `t` in the zone of the day holding it (for printing instants).
    public func offset(at t: Instant) -> Int {
        // One zone for all days (no dated zone change): no need to find the day.
        if zoneSteps.count == 1 { return zoneSteps[0].value.offset(at: t.seconds) }
        return zone(for: day(of: t)).offset(at: t.seconds)
    }

    /// `t` cut to the minute of the ledger's wall clock (the app's 분 절사:
    /// record times a person types or edits are whole minutes, so that a
    /// session set to one hour is not shown as 59 minutes because of the
    /// seconds a timer left in its other end). Cut in local time, since an
    /// offset need not be whole minutes (Asia/Seoul's until 1908 was +8:27:52).
    public func flooredToMinute(_ t: Instant) -> Instant {
        let offset = Int64(offset(at: t))
        let local = t.seconds + offset
        let floored = local - ((local % 60) + 60) % 60
        return Instant(seconds: floored - offset)
    }

    /// An instant printed in the ledger's zone (ISO 8601 with its offset).
    public func format(_ t: Instant) -> String { t.format(offsetSeconds: offset(at: t)) }

    /// `HH:MM` of an instant on the ledger's wall clock (timetables' labels).
    public func clockText(_ t: Instant) -> String {
        let local = t.seconds + Int64(offset(at: t))
        let s = ((local % 86_400) + 86_400) % 86_400
        let (h, m) = (Int(s / 3600), Int(s % 3600 / 60))
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }
}
