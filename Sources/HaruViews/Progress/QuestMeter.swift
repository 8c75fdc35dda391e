/// Per-day values of quests over one run of days and one reference: the one
/// place where a quest's day is measured, through its deadline window when
/// it has one (RULES §2), for spans, streaks and judgments alike.
///
/// Every deadline of the view cuts every day into pieces, so one pass over
/// the records gives whole days and every deadline window at once.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

struct QuestMeter {
    let calendar: LedgerCalendar
    let records: RecordSet
    /// The days measured.
    let first: LocalDate
    /// `first` as days since the epoch.
    let firstDay: Int
    let count: Int
    let reference: Reference
    /// The deadlines in minutes, ascending: each day is cut at each of them.
    let deadlines: [Int]
    /// Totals per piece and action: `pieces[(day * (deadlines.count + 1) + piece) * actions + action]`.
    private var pieces: [Totals]?

    init(calendar: LedgerCalendar, records: RecordSet, first: LocalDate, last: LocalDate, reference: Reference, deadlines: Set<Int>) {
        self.calendar = calendar
        self.records = records
        self.first = first
        firstDay = first.daysSinceEpoch
        count = max(0, last.daysSinceEpoch - first.daysSinceEpoch + 1)
        self.reference = reference
        self.deadlines = deadlines.sorted()
    }

    /// The measurement window of `day` for a deadline (RULES §2): [day start,
    /// deadline); a deadline earlier than day_start is the next calendar day's
    /// early morning; one equal to day_start means the whole day.
    static func deadlineInstant(_ calendar: LedgerCalendar, _ day: LocalDate, _ deadline: ClockTime, dayRange: Range<Int64>) -> Int64 {
        if deadline == calendar.dayStart(for: day) { return dayRange.upperBound }
        let t = calendar.instant(ofClockSeconds: deadline.minutes * 60, inLogicalDay: day).seconds
        return min(max(t, dayRange.lowerBound), dayRange.upperBound)
    }

    /// Cuts each day at every deadline (in the order the cuts fall that day) and sums each piece.
    private mutating func measure() -> [Totals] {
        if let p = pieces { return p }
        let days = DayGrid(calendar, from: first, through: first.adding(days: max(0, count - 1)))
        let m = deadlines.count + 1
        var bounds: [Int64] = []
        bounds.reserveCapacity(count * m + 1)
        // For each day, where each deadline's window ends, as a piece index.
        var order = [[Int]](repeating: [], count: count)
        for i in 0..<count {
            let r = days.bounds[i]..<days.bounds[i + 1]
            let cuts = deadlines.map { QuestMeter.deadlineInstant(calendar, days.day(i), ClockTime(minutes: $0)!, dayRange: r) }
            let sorted = cuts.sorted()
            bounds.append(r.lowerBound)
            bounds.append(contentsOf: sorted)
            order[i] = cuts.map { c in sorted.firstIndex(of: c)! + 1 }  // pieces [0, idx) lie before the cut
        }
        bounds.append(days.bounds[count])
        cutOrder = order
        let result = records.totals(DayGrid(first: first, bounds: bounds), reference)
        pieces = result
        return result
    }
    private var cutOrder: [[Int]] = []

    /// The quest's value on each day of the run; `windowed` uses its deadline window.
    mutating func values(_ q: QuestSpec, actions: [Int], windowed: Bool) -> [Double] {
        if !q.multipliers.isEmpty, !q.unitIsTime { return scaledValues(q, actions: actions, windowed: windowed) }
        let t = measure()
        let n = records.actionIDs.count
        let m = deadlines.count + 1
        let dl = windowed ? q.deadline.flatMap { deadlines.firstIndex(of: $0.minutes) } : nil
        let time = q.unitIsTime
        var out = [Double](repeating: 0, count: count)
        // Summed as integers (seconds or counts; exact, as the sum of their
        // Doubles is below 2^53) over unchecked buffers: this loop runs for
        // every day of every quest's history, several times per query.
        t.withUnsafeBufferPointer { t in
            actions.withUnsafeBufferPointer { actions in
                for i in 0..<count {
                    let upTo = dl.map { cutOrder[i][$0] } ?? m
                    var v: Int64 = 0
                    for piece in 0..<upTo {
                        let row = ((i * m) + piece) * n
                        if time { for a in actions { v &+= t[row + a].seconds } } else { for a in actions { v &+= t[row + a].count } }
                    }
                    out[i] = Double(v)
                }
            }
        }
        return out
    }

    /// `values` of a count quest whose actions count in other decimals: each
    /// action's stored amounts times its multiplier (still whole numbers).
    private mutating func scaledValues(_ q: QuestSpec, actions: [Int], windowed: Bool) -> [Double] {
        let t = measure()
        let n = records.actionIDs.count
        let m = deadlines.count + 1
        let dl = windowed ? q.deadline.flatMap { deadlines.firstIndex(of: $0.minutes) } : nil
        let factors = actions.map { q.multipliers[records.actionIDs[$0]] ?? 1 }
        var out = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let upTo = dl.map { cutOrder[i][$0] } ?? m
            var v: Int64 = 0
            for piece in 0..<upTo {
                let row = ((i * m) + piece) * n
                for (k, a) in actions.enumerated() { v &+= t[row + a].count &* factors[k] }
            }
            out[i] = Double(v)
        }
        return out
    }

    /// The index of `day` in the run, nil outside it.
    func index(_ day: LocalDate) -> Int? { index(daysSinceEpoch: day.daysSinceEpoch) }

    /// The same for a day given as days since the epoch (no date is made: a
    /// skip-aware walk asks it for every day of a goal's history).
    @inline(__always)
    func index(daysSinceEpoch d: Int) -> Int? {
        let k = d - firstDay
        return k >= 0 && k < count ? k : nil
    }
}
