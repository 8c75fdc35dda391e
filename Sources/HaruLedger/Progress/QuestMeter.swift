/// Per-day values of quests over one run of days and one reference: the one
/// place where a quest's day is measured, through its deadline window when
/// it has one (RULES §2), for spans, streaks and judgments alike.
struct QuestMeter {
    let calendar: LedgerCalendar
    let records: RecordSet
    /// The days measured.
    let first: LocalDate
    let last: LocalDate
    let reference: Reference
    /// Full-day boundaries of the run.
    let days: DayGrid
    /// Totals per grid, by deadline minutes (-1: whole days).
    private var cache: [Int: [Totals]] = [:]

    init(calendar: LedgerCalendar, records: RecordSet, first: LocalDate, last: LocalDate, reference: Reference) {
        self.calendar = calendar
        self.records = records
        self.first = first
        self.last = max(first, last)
        self.reference = reference
        days = DayGrid(calendar, from: first, through: max(first, last))
    }

    /// The measurement window of `day` for a deadline (RULES §2): [day start,
    /// deadline); a deadline earlier than day_start is the next calendar day's
    /// early morning; one equal to day_start means the whole day.
    static func deadlineInstant(_ calendar: LedgerCalendar, _ day: LocalDate, _ deadline: ClockTime, dayRange: Range<Int64>) -> Int64 {
        let start = calendar.dayStart(for: day)
        if deadline == start { return dayRange.upperBound }
        let date = deadline < start ? day.adding(days: 1) : day
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(deadline.minutes) * 60
        let t = calendar.zone(for: day).instant(local: local)
        return min(max(t, dayRange.lowerBound), dayRange.upperBound)
    }

    private mutating func totals(deadline: ClockTime?) -> [Totals] {
        let key = deadline?.minutes ?? -1
        if let t = cache[key] { return t }
        let result: [Totals]
        if let deadline {
            // Two intervals a day: [start, deadline) and [deadline, next start).
            var bounds: [Int64] = []
            bounds.reserveCapacity(days.count * 2 + 1)
            for i in 0..<days.count {
                let r = days.bounds[i]..<days.bounds[i + 1]
                bounds.append(r.lowerBound)
                bounds.append(QuestMeter.deadlineInstant(calendar, days.day(i), deadline, dayRange: r))
            }
            bounds.append(days.bounds[days.count])
            let windows = DayGrid(first: first, bounds: bounds)
            let all = records.totals(windows, reference)
            let n = records.actionIDs.count
            var out = [Totals](repeating: Totals(), count: days.count * n)
            for i in 0..<days.count { for a in 0..<n { out[i * n + a] = all[(2 * i) * n + a] } }
            result = out
        } else {
            result = records.totals(days, reference)
        }
        cache[key] = result
        return result
    }

    /// The quest's value on each day of the run; `windowed` uses the deadline window.
    mutating func values(_ q: QuestSpec, actions: [Int], windowed: Bool) -> [Double] {
        let t = totals(deadline: windowed ? q.deadline : nil)
        let n = records.actionIDs.count
        var out = [Double](repeating: 0, count: days.count)
        for i in 0..<days.count { for a in actions { out[i] += q.measure(t[i * n + a]) } }
        return out
    }

    /// The index of `day` in the run, nil outside it.
    func index(_ day: LocalDate) -> Int? {
        let k = day.daysSinceEpoch - first.daysSinceEpoch
        return k >= 0 && k < days.count ? k : nil
    }
}
