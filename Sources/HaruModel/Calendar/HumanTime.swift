/// Times, days, periods and durations as people type them at a terminal,
/// read in the ledger's calendar (its zone and day start) at a given "now".
/// Pure functions: the caller passes the clock in.
///
/// Instants: an ISO 8601 instant with an offset; a local date and time
/// without one (`2026-03-01T07:30`, `2026-03-01 07:30`); a clock time
/// (`07:30`: its latest occurrence at or before now, as timewarrior reads
/// it); a day and a clock time (`yesterday 21:00`, `monday 07:30`,
/// `2026-03-01 07:30`: that time within that logical day, so with a 05:00
/// day start `yesterday 02:00` is the night that closed yesterday); `now`;
/// `-30m`, `-1h30m` (before now). Local times are read in the zone of their
/// day: a time skipped by a DST jump is the instant of the jump, a time that
/// occurs twice its first occurrence.
///
/// Days: `YYYY-MM-DD`, `today`, `yesterday`, `tomorrow`, a weekday name
/// (`monday`, `mon`: the latest such logical day, today included).
/// Periods: `:day`, `:yesterday`, `:week`, `:lastweek`, `:month`,
/// `:lastmonth`, `:year`, `:lastyear` (weeks start on the ledger's week start).
/// Durations: `1h30m`, `90m`, `45s`, `1.5h`, `01:30` (h:mm).
///
/// The same in Korean and Japanese, and numeric dates (`SpokenTime`):
/// `오후 3시 20분`, `8시 반`, `어제 21:00`, `30분 전`, `지금`, `11월 23일`,
/// `2026.11.23`, `11/23` (a date without a year is this year's), `월요일`,
/// `1시간 30분`; `午後3時`, `昨日の21時`, `30分前`, `11月23日`, `1時間半`.
/// They follow the English rules: a clock time alone is its latest
/// occurrence, a day word with a clock time is that time within that
/// logical day, a date with a clock time is that date's wall clock (as
/// `2026-03-01 07:30`). Periods: `이번 주`, `지난주`, `이번 달`, `지난달`,
/// `올해`, `작년`; `今週`, `先週`, `今月`, `先月`, `今年`, `去年`.
public enum HumanTime {
    /// The instant `text` names, nil when it is none of the forms above or
    /// falls outside the times a ledger takes (`Instant.ledgerRange`).
    public static func instant(_ text: String, now: Instant, calendar: LedgerCalendar) -> Instant? {
        guard let t = anyInstant(text, now: now, calendar: calendar), Instant.ledgerRange.contains(t.seconds) else { return nil }
        return t
    }

    /// The instant `text` names when it is said of a record (`haru edit`):
    /// a clock time alone (`07:00`) belongs to the record's own logical day
    /// `day`, not to today — and, given `after` (an end after its start),
    /// it is the first such time after that instant (a session from 23:30
    /// ending at 00:40 ends the next morning). Any other form reads as
    /// `instant` reads it.
    public static func instant(_ text: String, ofDay day: LocalDate, after: Instant? = nil, now: Instant, calendar: LedgerCalendar)
        -> Instant?
    {
        guard let clock = clockAlone(text) else { return instant(text, now: now, calendar: calendar) }
        var t = calendar.instant(ofClockSeconds: clock, inLogicalDay: day)
        if let after, t <= after { t = calendar.instant(ofClockSeconds: clock, inLogicalDay: day.adding(days: 1)) }
        return Instant.ledgerRange.contains(t.seconds) ? t : nil
    }

    /// Whether `text` is a clock time alone (`07:30`, `오후 3시`), the form whose day depends on what it is said of.
    public static func isClockTime(_ text: String) -> Bool { clockAlone(text) != nil }

    /// A time of day alone, as seconds after midnight: `07:30`, `07:30:15`, `오전 5시`, `5時半`; nil otherwise.
    public static func clockAlone(_ text: String) -> Int? {
        if let c = clockSeconds(text.trimmingSpacesAndTabs.lowercased()) { return c }
        if case .clock(let c)? = SpokenTime.read(text) { return c }
        return nil
    }

    private static func anyInstant(_ text: String, now: Instant, calendar: LedgerCalendar) -> Instant? {
        let t = text.trimmingSpacesAndTabs.lowercased()
        if case .success(let i) = Instant.parse(text) { return i }
        if t == "now" { return now }
        if t.hasPrefix("-"), let d = englishDuration(String(t.dropFirst())) { return Instant(seconds: now.seconds - d) }
        // A local date and time (no offset).
        if let (date, clock) = localDateTime(t) { return local(date, clock, calendar) }
        if let clock = clockSeconds(t) { return latest(clock, now, calendar) }
        // A day and a clock time: that time within that logical day.
        let parts = t.split(separator: " ", omittingEmptySubsequences: true)
        if parts.count == 2, let d = englishDay(String(parts[0])), let clock = clockSeconds(String(parts[1])) {
            return at(clock, on: d, now: now, calendar: calendar)
        }
        switch SpokenTime.read(t) {
        case .now?: return now
        case .ago(let s)?: return Instant(seconds: now.seconds - s)
        case .clock(let c)?: return latest(c, now, calendar)
        case .dayAndClock(let d, let c)?: return at(c, on: d, now: now, calendar: calendar)
        default: return nil
        }
    }

    /// A clock time alone: its latest occurrence at or before now.
    private static func latest(_ clock: Int, _ now: Instant, _ calendar: LedgerCalendar) -> Instant {
        let today = calendarDate(of: now, calendar)
        let at = local(today, clock, calendar)
        return at <= now ? at : local(today.adding(days: -1), clock, calendar)
    }

    /// A clock time on a day said: within that logical day for a word
    /// (`yesterday`, `어제`, `monday`), on that date's wall clock for a date
    /// (as `2026-03-01 07:30` reads).
    private static func at(_ clock: Int, on said: SpokenTime.Day, now: Instant, calendar: LedgerCalendar) -> Instant? {
        guard let d = day(said, today: calendar.day(of: now)) else { return nil }
        switch said {
        case .date, .monthDay: return local(d, clock, calendar)
        case .offset, .weekday: return calendar.instant(ofClockSeconds: clock, inLogicalDay: d)
        }
    }

    /// The logical day `text` names.
    public static func day(_ text: String, now: Instant, calendar: LedgerCalendar) -> LocalDate? {
        let t = text.trimmingSpacesAndTabs.lowercased()
        if let said = englishDay(t) { return day(said, today: calendar.day(of: now)) }
        guard case .day(let said)? = SpokenTime.read(t) else { return nil }
        return day(said, today: calendar.day(of: now))
    }

    /// A date with its year (`2026-11-23`, `2026.11.23`, `2026년 11월 23일`,
    /// `2026年11月23日`), for what names a date apart from any today (a goal's
    /// first and last day); nil for anything else.
    public static func date(_ text: String) -> LocalDate? {
        let t = text.trimmingSpacesAndTabs.lowercased()
        if let d = LocalDate(parsing: t) { return d }
        guard case .day(.date(let d))? = SpokenTime.read(t) else { return nil }
        return d
    }

    /// A weekday by its name in any of the languages: `monday`, `mon`, `월`, `월요일`, `月`, `月曜日`.
    public static func weekday(_ text: String) -> Weekday? {
        Weekday(name: text.trimmingSpacesAndTabs) ?? SpokenTime.weekday(text)
    }

    /// `2026-03-04`, `today`, `yesterday`, `tomorrow`, `monday`, `mon`.
    private static func englishDay(_ t: String) -> SpokenTime.Day? {
        if let d = LocalDate(parsing: t) { return .date(d) }
        switch t {
        case "today": return .offset(0)
        case "yesterday": return .offset(-1)
        case "tomorrow": return .offset(1)
        default: return Weekday(name: t).map(SpokenTime.Day.weekday)
        }
    }

    /// The day a day word names, counted from `today` (a logical day).
    static func day(_ said: SpokenTime.Day, today: LocalDate) -> LocalDate? {
        switch said {
        case .offset(let n): return today.adding(days: n)
        case .date(let d): return d
        case .monthDay(let m, let d): return LocalDate(year: today.year, month: m, day: d)
        case .weekday(let w): return today.adding(days: -((today.weekday.rawValue - w.rawValue + 7) % 7))
        }
    }

    /// The days of the period `text` names (`:week` …); nil for anything else.
    public static func period(_ text: String, now: Instant, calendar: LedgerCalendar) -> ClosedRange<LocalDate>? {
        let today = calendar.day(of: now)
        func week(_ d: LocalDate) -> ClosedRange<LocalDate> { let s = calendar.weekStart(of: d); return s...s.adding(days: 6) }
        func year(_ y: Int) -> ClosedRange<LocalDate> { LocalDate(year: y, month: 1, day: 1)!...LocalDate(year: y, month: 12, day: 31)! }
        switch text.lowercased().filter({ $0 != " " && $0 != "\t" }) {
        case ":day", ":today": return today...today
        case ":yesterday": return today.adding(days: -1)...today.adding(days: -1)
        case ":week", "이번주", "今週": return week(today)
        case ":lastweek", "지난주", "저번주", "先週": return week(today.adding(days: -7))
        case ":month", "이번달", "今月": return LedgerCalendar.month(of: today)
        case ":lastmonth", "지난달", "저번달", "先月": return LedgerCalendar.month(of: LedgerCalendar.month(of: today).lowerBound.adding(days: -1))
        case ":year", "올해", "今年": return year(today.year)
        case ":lastyear", "작년", "지난해", "去年", "昨年": return year(today.year - 1)
        default: return nil
        }
    }

    /// Seconds in `text`: `1h30m`, `90m`, `45s`, `1.5h`, `01:30`; nil otherwise.
    static func englishDuration(_ text: String) -> Int64? {
        let t = text.trimmingSpacesAndTabs.lowercased()
        if let colon = t.firstIndex(of: ":") {
            guard let h = Int64(t[..<colon]), let m = Int64(t[t.index(after: colon)...]), h >= 0, h < 100_000, m >= 0, m < 60,
                t[t.index(after: colon)...].count == 2
            else { return nil }
            return h * 3600 + m * 60
        }
        var total = 0.0
        var number = ""
        var units = Set<Character>()
        for c in t {
            if c.isASCII && (c.isNumber || c == ".") {
                number.append(c)
                continue
            }
            guard let n = Double(number), n >= 0, n < 1e7, !units.contains(c) else { return nil }
            switch c {
            case "h": total += n * 3600
            case "m": total += n * 60
            case "s": total += n
            default: return nil
            }
            units.insert(c)
            number = ""
        }
        guard number.isEmpty, !units.isEmpty else { return nil }
        return Int64(total.rounded())
    }

    /// Seconds in `text` as any language writes them: `1h30m` … above, or `1시간 30분`, `1時間半` (`SpokenTime`).
    public static func duration(_ text: String) -> Int64? {
        if let s = englishDuration(text) { return s }
        guard case .duration(let s)? = SpokenTime.read(text) else { return nil }
        return s
    }

    // MARK: - Pieces

    /// `HH:mm` or `HH:mm:ss` as seconds after midnight.
    static func clockSeconds(_ t: String) -> Int? {
        let p = t.split(separator: ":", omittingEmptySubsequences: false)
        guard p.count == 2 || p.count == 3, p.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let h = Int(p[0]), let m = Int(p[1]), h < 24, m < 60
        else { return nil }
        let s = p.count == 3 ? Int(p[2]) : 0
        guard let s, s < 60 else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// `YYYY-MM-DD[T ]HH:mm[:ss]` without an offset.
    static func localDateTime(_ t: String) -> (LocalDate, Int)? {
        guard t.count >= 16 else { return nil }
        let sep = t.index(t.startIndex, offsetBy: 10)
        guard t[sep] == "t" || t[sep] == " ", let d = LocalDate(parsing: String(t[..<sep])),
            let clock = clockSeconds(String(t[t.index(after: sep)...]))
        else { return nil }
        return (d, clock)
    }

    /// The calendar date (not the logical day) of `t` in the ledger's zone.
    static func calendarDate(of t: Instant, _ calendar: LedgerCalendar) -> LocalDate {
        let local = t.seconds + Int64(calendar.offset(at: t))
        return LocalDate(daysSinceEpoch: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
    }

    /// The instant of a wall-clock time on a calendar date, in that day's zone.
    static func local(_ date: LocalDate, _ seconds: Int, _ calendar: LedgerCalendar) -> Instant {
        Instant(seconds: calendar.zone(for: date).instant(local: Int64(date.daysSinceEpoch) * 86_400 + Int64(seconds)))
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    public var trimmingSpacesAndTabs: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
