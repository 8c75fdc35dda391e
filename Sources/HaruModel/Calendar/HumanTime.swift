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
        guard let clock = clockSeconds(text.trimmingSpacesAndTabs.lowercased()) else { return instant(text, now: now, calendar: calendar) }
        var t = calendar.instant(ofClockSeconds: clock, inLogicalDay: day)
        if let after, t <= after { t = calendar.instant(ofClockSeconds: clock, inLogicalDay: day.adding(days: 1)) }
        return Instant.ledgerRange.contains(t.seconds) ? t : nil
    }

    /// Whether `text` is a clock time alone (`07:30`, `7:30`), the form whose day depends on what it is said of.
    public static func isClockTime(_ text: String) -> Bool { clockSeconds(text.trimmingSpacesAndTabs.lowercased()) != nil }

    private static func anyInstant(_ text: String, now: Instant, calendar: LedgerCalendar) -> Instant? {
        let t = text.trimmingSpacesAndTabs.lowercased()
        if case .success(let i) = Instant.parse(text) { return i }
        if t == "now" { return now }
        if t.hasPrefix("-"), let d = duration(String(t.dropFirst())) { return Instant(seconds: now.seconds - d) }
        // A local date and time (no offset).
        if let (date, clock) = localDateTime(t) { return local(date, clock, calendar) }
        // A clock time alone: its latest occurrence at or before now.
        if let clock = clockSeconds(t) {
            let today = calendarDate(of: now, calendar)
            let at = local(today, clock, calendar)
            return at <= now ? at : local(today.adding(days: -1), clock, calendar)
        }
        // A day and a clock time: that time within that logical day.
        let parts = t.split(separator: " ", omittingEmptySubsequences: true)
        if parts.count == 2, let d = day(String(parts[0]), now: now, calendar: calendar), let clock = clockSeconds(String(parts[1])) {
            return calendar.instant(ofClockSeconds: clock, inLogicalDay: d)
        }
        return nil
    }

    /// The logical day `text` names.
    public static func day(_ text: String, now: Instant, calendar: LedgerCalendar) -> LocalDate? {
        let t = text.trimmingSpacesAndTabs.lowercased()
        if let d = LocalDate(parsing: t) { return d }
        let today = calendar.day(of: now)
        switch t {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default:
            guard let w = Weekday(name: t) else { return nil }
            let back = (today.weekday.rawValue - w.rawValue + 7) % 7
            return today.adding(days: -back)
        }
    }

    /// The days of the period `text` names (`:week` …); nil for anything else.
    public static func period(_ text: String, now: Instant, calendar: LedgerCalendar) -> ClosedRange<LocalDate>? {
        let today = calendar.day(of: now)
        func week(_ d: LocalDate) -> ClosedRange<LocalDate> { let s = calendar.weekStart(of: d); return s...s.adding(days: 6) }
        func year(_ y: Int) -> ClosedRange<LocalDate> { LocalDate(year: y, month: 1, day: 1)!...LocalDate(year: y, month: 12, day: 31)! }
        switch text.trimmingSpacesAndTabs.lowercased() {
        case ":day", ":today": return today...today
        case ":yesterday": return today.adding(days: -1)...today.adding(days: -1)
        case ":week": return week(today)
        case ":lastweek": return week(today.adding(days: -7))
        case ":month": return LedgerCalendar.month(of: today)
        case ":lastmonth": return LedgerCalendar.month(of: LedgerCalendar.month(of: today).lowerBound.adding(days: -1))
        case ":year": return year(today.year)
        case ":lastyear": return year(today.year - 1)
        default: return nil
        }
    }

    /// Seconds in `text`: `1h30m`, `90m`, `45s`, `1.5h`, `01:30`; nil otherwise.
    public static func duration(_ text: String) -> Int64? {
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
