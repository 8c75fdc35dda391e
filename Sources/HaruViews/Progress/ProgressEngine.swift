/// Goals, quests, spans, streaks and judgments of one view (RULES §2–§7).
///
/// One read of the record pages covers every day the view needs; the per-day
/// values of each quest come from `QuestMeter` (one split, one deadline
/// window), and spans, streaks and judgments are sums over those days.
/// Streaks walk the days once: O(records + days), with no look-back limit.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct ProgressEngine {
    let snap: Snapshot
    let calendar: LedgerCalendar
    let reference: Reference
    /// Whether each quest's periods since its goal started are marked
    /// (`QuestProgress.periods`, for the HTML report's calendars; a goal of
    /// ten years is 3,650 marks per daily quest, so only when asked).
    public var periodMarks = false

    public init(_ snap: Snapshot, calendar: LedgerCalendar, reference: Reference) {
        self.snap = snap
        self.calendar = calendar
        self.reference = reference
    }

    /// A goal as the view sees it: its fields in force, its quests, and when it is judged.
    struct GoalView {
        var definition: Definition
        var fields: Payload
        /// Each quest with its fields in force at the reference, read once, and the spec they make.
        var quests: [(Definition, QuestSpec, Payload)]
        /// The judgment reference and its day, when the goal is judged in this view.
        var judgment: (reference: Reference, day: LocalDate)?
    }

    /// Computes the report for every live goal (or one).
    public func run(goal only: String? = nil) throws -> ProgressReport {
        let refDay = reference.day(calendar)
        let defs = try LiveDefinitions(snap, reference: reference)
        let tracking = defs.actions.mapValues { $0.tracking == Tracking.time }
        let questDefs = try snap.definitions(.quest).filter(\.isLive)
        let skips = try SkipDays(snap)
        var goals: [GoalView] = []
        let goalDefs = try snap.definitions(.goal).filter { $0.isLive && (only == nil || $0.id == only) }
        for g in try Definition.userOrder(goalDefs, at: reference.definitionsAt, created: snap.creationKey) {
            let fields = g.fields(inForceAt: reference.definitionsAt)
            let own = questDefs.filter { $0.base.goalID == g.id }
            let quests = try Definition.userOrder(own, at: reference.definitionsAt, created: snap.creationKey).map { q in
                let f = q.fields(inForceAt: reference.definitionsAt)
                let spec = ProgressEngine.measuring(QuestSpec(id: q.id, f, actionTracksTime: { tracking[$0] }), defs)
                return (q, spec.skipping(ProgressEngine.skippedDays(spec, skips, defs)), f)
            }
            goals.append(GoalView(definition: g, fields: fields, quests: quests, judgment: judgment(of: g, fields)))
        }

        // The days the view needs: the spans of the reference day and custom periods (gauges),
        // the look-back to the goals' starts (streaks), and the judged periods.
        let week = calendar.weekStart(of: refDay)
        let month = LedgerCalendar.month(of: refDay)
        var gaugeFirst = min(week, month.lowerBound)
        var gaugeLast = max(week.adding(days: 6), month.upperBound)
        var streakFirst = refDay
        var judgedFirst = refDay
        var deadlines = Set<Int>()
        for g in goals {
            let start = g.fields.startDate ?? refDay
            let bound = min(start, calendar.weekStart(of: start), LedgerCalendar.month(of: start).lowerBound)
            streakFirst = min(streakFirst, bound)
            for (_, q, _) in g.quests {
                if q.period == .custom, let s = q.customStart, let e = q.customEnd {
                    gaugeFirst = min(gaugeFirst, s)
                    gaugeLast = max(gaugeLast, e)
                    judgedFirst = min(judgedFirst, s)
                }
                if let d = q.deadline { deadlines.insert(d.minutes) }
            }
            // A judgment measures the quests as they were at its reference,
            // deadlines included (RULES §7): their cut points too.
            if let j = g.judgment {
                for (qd, _, _) in g.quests {
                    if let d = qd.fields(inForceAt: j.reference.definitionsAt).deadline { deadlines.insert(d.minutes) }
                }
            }
            if let j = g.judgment {
                judgedFirst = min(judgedFirst, bound, calendar.weekStart(of: j.day), LedgerCalendar.month(of: j.day).lowerBound)
            }
        }
        let first = min(gaugeFirst, streakFirst, judgedFirst)
        let span = calendar.range(of: first).lowerBound.seconds..<calendar.range(of: max(gaugeLast, refDay)).upperBound.seconds
        let records = try RecordSet(snap, actions: defs.actions.keys.sorted(), span: span)
        var gauges = QuestMeter(
            calendar: calendar, records: records, first: gaugeFirst, last: gaugeLast, reference: reference, deadlines: deadlines)
        var streaks = QuestMeter(
            calendar: calendar, records: records, first: streakFirst, last: refDay, reference: reference.cutting, deadlines: deadlines)
        var judged: [Instant: QuestMeter] = [:]
        var judgedDefs: [Instant: LiveDefinitions] = [:]

        var out: [GoalProgress] = []
        for g in goals {
            var quests: [QuestProgress] = []
            var judgments: [QuestJudgment] = []
            var judgmentMeter: QuestMeter?
            var judgmentDefs: LiveDefinitions?
            if let j = g.judgment {
                judgmentMeter =
                    judged[j.reference.instant]
                    ?? QuestMeter(
                        calendar: calendar, records: records, first: judgedFirst, last: j.day, reference: j.reference, deadlines: deadlines)
                let defsAtJudgment = try judgedDefs[j.reference.instant] ?? LiveDefinitions(snap, reference: j.reference)
                judgedDefs[j.reference.instant] = defsAtJudgment
                judgmentDefs = defsAtJudgment
            }
            let goalStart = g.fields.startDate ?? refDay
            for (qd, q, questFields) in g.quests {
                let actions = ProgressEngine.actionIndices(q, defs: defs, records: records)
                let spans = ProgressEngine.spans(q, actions: actions, meter: &gauges, refDay: refDay)
                var streak: Int?
                var best: Int?
                var marks: [PeriodMark] = []
                if q.period != .custom {
                    // A judged goal's streak ends with it; otherwise the reference day is in progress.
                    // The quest's per-day values once, for the current streak and the best.
                    if let j = g.judgment, var m = judgmentMeter {
                        let v = m.values(q, actions: actions, windowed: q.period == .daily)
                        streak = ProgressEngine.streak(
                            q, values: v, meter: m, lastDay: j.day, inProgress: false, goalStart: goalStart, calendar: calendar)
                        best = ProgressEngine.bestStreak(
                            q, values: v, meter: m, lastDay: j.day, inProgress: false, goalStart: goalStart, calendar: calendar)
                        if periodMarks {
                            marks = ProgressEngine.periodMarks(
                                q, values: v, meter: m, lastDay: j.day, inProgress: false, goalStart: goalStart, calendar: calendar)
                        }
                        judgmentMeter = m
                    } else {
                        let v = streaks.values(q, actions: actions, windowed: q.period == .daily)
                        streak = ProgressEngine.streak(
                            q, values: v, meter: streaks, lastDay: refDay, inProgress: true, goalStart: goalStart, calendar: calendar)
                        best = ProgressEngine.bestStreak(
                            q, values: v, meter: streaks, lastDay: refDay, inProgress: true, goalStart: goalStart, calendar: calendar)
                        if periodMarks {
                            marks = ProgressEngine.periodMarks(
                                q, values: v, meter: streaks, lastDay: refDay, inProgress: true, goalStart: goalStart, calendar: calendar)
                        }
                    }
                }
                var judgment: QuestJudgment?
                if let j = g.judgment, var m = judgmentMeter, let jd = judgmentDefs {
                    let unskipped = ProgressEngine.measuring(
                        QuestSpec(
                            id: q.id, qd.fields(inForceAt: j.reference.definitionsAt),
                            actionTracksTime: { jd.actions[$0].map { $0.tracking == Tracking.time } }), jd)
                    let spec = unskipped.skipping(ProgressEngine.skippedDays(unskipped, skips, jd))
                    let jActions = ProgressEngine.actionIndices(spec, defs: jd, records: records)
                    judgment = ProgressEngine.judge(
                        spec, actions: jActions, meter: &m, reference: j.reference, day: j.day, calendar: calendar)
                    judgmentMeter = m
                    judgments.append(judgment!)
                }
                quests.append(
                    QuestProgress(
                        spec: q, spans: spans, streak: streak, bestStreak: best, streakUnit: q.streakUnit, fields: questFields,
                        targetName: ProgressEngine.targetName(q, defs),
                        judgment: judgment, periods: marks))
            }
            if let j = g.judgment, let m = judgmentMeter { judged[j.reference.instant] = m }
            out.append(
                ProgressEngine.goal(
                    g, quests: quests, judgments: judgments, reference: reference,
                    judgmentFields: g.judgment.map { g.definition.fields(inForceAt: $0.reference.definitionsAt) }))
        }
        return ProgressReport(reference: reference, referenceDay: refDay, knownAt: snap.knownAt, goals: out)
    }

    /// When a goal is judged in this view (RULES §4): at the end of its end
    /// date's logical day once the reference has reached it, or at its
    /// manual finish; nil while in progress.
    ///
    /// A finish takes effect at its `at` (an instant on an `--as-of` date's
    /// end belongs to the next day, RULES §7), and an end date given after it
    /// reopens the goal: from that edit on the finish no longer counts, even
    /// once the end date is removed again (RULES §4).
    func judgment(of g: Definition, _ fields: Payload) -> (reference: Reference, day: LocalDate)? {
        if let end = fields.endDate {
            let j = Reference.endOf(end, calendar)
            return j.instant <= reference.instant ? (j, end) : nil
        }
        let inForce = reference.definitionsAt
        if let f = g.finish(inForceAt: inForce) {
            return (.asOf(f.at), calendar.day(of: f.at))
        }
        return nil
    }

    /// The record-set indices of the actions a quest measures, as the
    /// definitions stand: its action, or every live action carrying its tag
    /// whose tracking matches the measure.
    static func actionIndices(_ q: QuestSpec, defs: LiveDefinitions, records: RecordSet) -> [Int] {
        switch q.target {
        case .action(let a):
            return records.actionIndex[a].map { [$0] } ?? []
        case .tag(let t):
            guard defs.tags[t] != nil else { return [] }
            return defs.actions.compactMap { id, p in
                guard (p.tagIDs ?? []).contains(t), (p.tracking == Tracking.time) == q.unitIsTime else { return nil }
                return records.actionIndex[id]
            }.sorted()
        }
    }

    /// The ids of the actions a quest measures as `defs` stand (`actionIndices`' rule).
    static func measuredActions(_ q: QuestSpec, defs: LiveDefinitions) -> [String] {
        switch q.target {
        case .action(let a): return [a]
        case .tag(let t):
            guard defs.tags[t] != nil else { return [] }
            return defs.actions.compactMap { id, p in
                (p.tagIDs ?? []).contains(t) && (p.tracking == Tracking.time) == q.unitIsTime ? id : nil
            }.sorted()
        }
    }

    /// A count quest in the decimals of what it measures (`QuestSpec.scale`):
    /// an action target counts in its action's smallest unit (its target is
    /// stored so); a tag target over actions with decimals brings each to
    /// thousandths (its target, in whole units, too). Time quests and whole
    /// counts are left as they are.
    static func measuring(_ q: QuestSpec, _ defs: LiveDefinitions) -> QuestSpec {
        guard !q.unitIsTime else { return q }
        var out = q
        switch q.target {
        case .action(let a):
            out.places = defs.actions[a]?.decimals ?? 0
            out.countUnit = defs.actions[a]?.unit
            out.scale = Double(Decimals.scale(out.places))
        case .tag:
            let ids = measuredActions(q, defs: defs)
            guard ids.contains(where: { (defs.actions[$0]?.decimals ?? 0) > 0 }) else { return q }
            out.scale = 1_000
            out.places = ids.map { defs.actions[$0]?.decimals ?? 0 }.max() ?? 0
            out.amount = q.amount * 1_000
            for id in ids { out.multipliers[id] = 1_000 / Decimals.scale(defs.actions[id]?.decimals ?? 0) }
        }
        return out
    }

    /// The days a quest is excused from in this view.
    static func skippedDays(_ q: QuestSpec, _ skips: SkipDays, _ defs: LiveDefinitions) -> DaySet {
        skips.isEmpty ? DaySet() : skips.days(quest: q.id, goal: q.goalID, measuring: measuredActions(q, defs: defs))
    }

    /// A span over `days` of a weekly, monthly or custom quest whose target
    /// over them is `nominal`, with its skipped days (Docs/rules.md "Skipped
    /// days"): an at_least target shrinks by their share, an at_most limit
    /// leaves out what they hold; all skipped, the span has no ratio.
    /// - Returns: the value and target to judge, or nil when every day is skipped.
    /// - Parameter value: a day's value, the day given as days since the epoch.
    static func unskipped(_ q: QuestSpec, from first: LocalDate, through last: LocalDate, nominal: Double, value: (Int) -> Double)
        -> (value: Double, target: Double)?
    {
        let f = first.daysSinceEpoch, l = last.daysSinceEpoch
        guard f <= l else { return (0, nominal) }
        let skipped = q.skipped.count(in: f...l)
        if skipped > 0, skipped == l - f + 1 { return nil }
        var total = 0.0
        for d in f...l where q.atLeast || skipped == 0 || !q.skipped.contains(d) { total += value(d) }
        // Scaled only when a day is skipped: x × n / n need not give back x exactly.
        let target = skipped > 0 && q.atLeast ? nominal * Double(l - f + 1 - skipped) / Double(l - f + 1) : nominal
        return (total, target)
    }

    /// The day, week and month spans of a quest (RULES §3).
    static func spans(_ q: QuestSpec, actions: [Int], meter: inout QuestMeter, refDay: LocalDate) -> Spans<SpanResult> {
        let cal = meter.calendar
        let weekDays = dayRange(cal.weekStart(of: refDay), 7)
        let monthRange = LedgerCalendar.month(of: refDay)
        let monthDays = dayRange(monthRange.lowerBound, monthRange.upperBound.daysSinceEpoch - monthRange.lowerBound.daysSinceEpoch + 1)
        let dim = Double(monthDays.count)
        func span(_ value: Double, _ target: Double, own: Bool, actual: Double? = nil) -> SpanResult {
            let ratio = q.ratio(value: value, target: target)
            let display: Double
            if q.atLeast {
                // In a scaled span the value is capped at the target first (RULES §3).
                display = target > 0 ? (own ? value : min(value, target)) / target : 0
            } else {
                display = ratio
            }
            // Figures leave the engine in the quest's own unit (7.6 glasses, not 76 tenths).
            let s = q.scale
            return SpanResult(
                scheduled: true, value: value / s, target: target / s, ratio: ratio, displayRatio: display, actual: (actual ?? value) / s)
        }
        switch q.period {
        case .daily:
            let v = meter.values(q, actions: actions, windowed: true)
            // A skipped day is left out like an unscheduled one; a span whose
            // every scheduled day is skipped has no ratio.
            func sum(_ days: [LocalDate]) -> SpanResult {
                var value = 0.0, n = 0.0, actual = 0.0, skipped = false
                for d in days where q.isScheduled(d) {
                    if q.isSkipped(d) {
                        skipped = true
                        continue
                    }
                    let x = meter.index(d).map { v[$0] } ?? 0
                    value += q.atLeast ? min(x, q.amount) : x
                    actual += x
                    n += 1
                }
                return n == 0 && skipped ? .skippedSpan : span(value, q.amount * n, own: false, actual: actual)
            }
            let day =
                !q.isScheduled(refDay)
                ? .notScheduled : q.isSkipped(refDay) ? .skippedSpan : span(meter.index(refDay).map { v[$0] } ?? 0, q.amount, own: true)
            return Spans(day: day, week: sum(weekDays), month: sum(monthDays))
        case .weekly, .monthly:
            let v = meter.values(q, actions: actions, windowed: false)
            func shared(_ days: [LocalDate], _ nominal: Double, own: Bool) -> SpanResult {
                guard let first = days.first, let last = days.last,
                    let s = unskipped(
                        q, from: first, through: last, nominal: nominal, value: { meter.index(daysSinceEpoch: $0).map { v[$0] } ?? 0 })
                else { return .skippedSpan }
                return span(s.value, s.target, own: own)
            }
            if q.period == .weekly {
                return Spans(
                    day: shared([refDay], q.amount / 7, own: false), week: shared(weekDays, q.amount, own: true),
                    month: shared(monthDays, q.amount * dim / 7, own: false))
            }
            return Spans(
                day: shared([refDay], q.amount / dim, own: false), week: shared(weekDays, q.amount * 7 / dim, own: false),
                month: shared(monthDays, q.amount, own: true))
        case .custom:
            // Unscaled: every span shows the whole period (RULES §3).
            guard let s = q.customStart, let e = q.customEnd else {
                return Spans(day: .notScheduled, week: .notScheduled, month: .notScheduled)
            }
            let v = meter.values(q, actions: actions, windowed: false)
            let whole =
                unskipped(q, from: s, through: e, nominal: q.amount, value: { meter.index(daysSinceEpoch: $0).map { v[$0] } ?? 0 })
                .map { span($0.value, $0.target, own: true) } ?? .skippedSpan
            return Spans(day: q.isScheduled(refDay) ? whole : .notScheduled, week: whole, month: whole)
        }
    }

    static func dayRange(_ first: LocalDate, _ n: Int) -> [LocalDate] { (0..<max(0, n)).map { first.adding(days: $0) } }

    /// Consecutive scheduled days, weeks or months met, counted back from
    /// `lastDay` (RULES §6). The period in progress: at_least not yet met is
    /// skipped, met counts; at_most over the limit breaks at once.
    /// - Parameter v: the quest's value per day of `meter` (its deadline window for daily quests).
    static func streak(
        _ q: QuestSpec, values v: [Double], meter: QuestMeter, lastDay: LocalDate, inProgress: Bool, goalStart: LocalDate,
        calendar: LedgerCalendar
    ) -> Int {
        var count = 0
        switch q.period {
        case .custom:
            return 0
        case .daily:
            var d = lastDay
            var first = true
            while d >= goalStart, d >= meter.first {
                defer { d = d.adding(days: -1) }
                // A skipped day neither counts nor breaks, as an unscheduled one.
                guard q.isScheduled(d), !q.isSkipped(d) else { continue }
                let value = meter.index(d).map { v[$0] } ?? 0
                let isCurrent = first && inProgress && d == lastDay
                first = false
                if q.met(value: value, target: q.amount) {
                    count += 1
                } else if isCurrent && q.atLeast {
                    continue  // not yet met today: does not break
                } else {
                    break
                }
            }
        case .weekly, .monthly:
            // Periods back from the one holding lastDay; the one holding the goal start still counts.
            var periodStart = q.period == .weekly ? calendar.weekStart(of: lastDay) : LedgerCalendar.month(of: lastDay).lowerBound
            let boundStart = q.period == .weekly ? calendar.weekStart(of: goalStart) : LedgerCalendar.month(of: goalStart).lowerBound
            var isCurrent = inProgress
            while periodStart >= boundStart, periodStart >= meter.first {
                let periodEnd = q.period == .weekly ? periodStart.adding(days: 6) : LedgerCalendar.month(of: periodStart).upperBound
                // What had happened by lastDay, against the whole period's target;
                // a period wholly skipped neither counts nor breaks. Without skips,
                // summed in place (a list of days per period cost 9 % of a progress query).
                let period: (value: Double, target: Double)?
                if q.skipped.isEmpty {
                    var value = 0.0
                    var d = periodStart
                    while d <= min(periodEnd, lastDay) {
                        value += meter.index(d).map { v[$0] } ?? 0
                        d = d.adding(days: 1)
                    }
                    period = (value, q.amount)
                } else {
                    let lastNumber = lastDay.daysSinceEpoch
                    period = unskipped(
                        q, from: periodStart, through: periodEnd, nominal: q.amount,
                        value: { $0 <= lastNumber ? meter.index(daysSinceEpoch: $0).map { v[$0] } ?? 0 : 0 })
                }
                if let p = period {
                    if q.met(value: p.value, target: p.target) {
                        count += 1
                    } else if !(isCurrent && q.atLeast) {
                        break
                    }
                }
                isCurrent = false
                periodStart =
                    q.period == .weekly ? periodStart.adding(days: -7) : LedgerCalendar.month(of: periodStart.adding(days: -1)).lowerBound
            }
        }
        return count
    }

    /// The name of a quest's action or tag (its id when it is gone).
    static func targetName(_ q: QuestSpec, _ defs: LiveDefinitions) -> String {
        switch q.target {
        case .action(let a): return defs.actions[a]?.name ?? a
        case .tag(let t): return defs.tags[t]?.name ?? t
        }
    }

    /// The longest run of met scheduled days, weeks or months from the goal's
    /// start through `lastDay`, by the rules of `streak` (the period in
    /// progress: at_least not yet met neither counts nor breaks).
    static func bestStreak(
        _ q: QuestSpec, values v: [Double], meter: QuestMeter, lastDay: LocalDate, inProgress: Bool, goalStart: LocalDate,
        calendar: LedgerCalendar
    ) -> Int {
        var best = 0, run = 0
        forEachPeriod(q, values: v, meter: meter, lastDay: lastDay, goalStart: goalStart, calendar: calendar) {
            _, _, scheduled, skipped, value, target, last in
            guard scheduled, !skipped else { return }
            if q.met(value: value, target: target) {
                run += 1
                best = max(best, run)
            } else if !(inProgress && last && q.atLeast) {
                run = 0
            }
        }
        return best
    }

    /// Each day, week or month of a quest from its goal's start through
    /// `lastDay`, marked as the report's calendar shows it: met, missed, not
    /// scheduled, or in progress (the period holding the reference, while
    /// it can still change: an at_least not yet met, an at_most not yet over).
    static func periodMarks(
        _ q: QuestSpec, values v: [Double], meter: QuestMeter, lastDay: LocalDate, inProgress: Bool, goalStart: LocalDate,
        calendar: LedgerCalendar
    ) -> [PeriodMark] {
        var marks: [PeriodMark] = []
        forEachPeriod(q, values: v, meter: meter, lastDay: lastDay, goalStart: goalStart, calendar: calendar) {
            first, last, scheduled, skipped, value, target, isLast in
            let met = q.met(value: value, target: target)
            let state: PeriodMark.State
            if !scheduled {
                state = .notScheduled
            } else if skipped {
                state = .skipped
            } else if inProgress && isLast && (q.atLeast ? !met : met) {
                state = .inProgress
            } else {
                state = met ? .met : .missed
            }
            marks.append(PeriodMark(first: first, last: last, state: state, value: value / q.scale))
        }
        return marks
    }

    /// Walks a quest's periods from its goal's start through `lastDay` in
    /// order: each period's first and last day, whether it is scheduled and
    /// whether skipped, its value and target (a period with skipped days:
    /// `unskipped`), and whether it is the last. It goes by index into `v`
    /// rather than by date (a 10-year goal is 3,650 days per quest).
    static func forEachPeriod(
        _ q: QuestSpec, values v: [Double], meter: QuestMeter, lastDay: LocalDate, goalStart: LocalDate, calendar: LedgerCalendar,
        _ body: (
            _ first: LocalDate, _ last: LocalDate, _ scheduled: Bool, _ skipped: Bool, _ value: Double, _ target: Double, _ isLast: Bool
        ) -> Void
    ) {
        let first = max(goalStart, meter.first)
        guard q.period != .custom, first <= lastDay, let i0 = meter.index(first), let i1 = meter.index(lastDay) else { return }
        switch q.period {
        case .custom:
            return
        case .daily:
            let d0 = first.daysSinceEpoch
            for i in i0...i1 {
                let day = first.adding(days: i - i0)
                let skipped = q.skipped.contains(d0 + (i - i0))
                body(day, day, q.isScheduled(daysSinceEpoch: d0 + (i - i0)), skipped, v[i], q.amount, i == i1)
            }
        case .weekly, .monthly:
            let weekly = q.period == .weekly
            var periodStart = weekly ? calendar.weekStart(of: goalStart) : LedgerCalendar.month(of: goalStart).lowerBound
            while periodStart <= lastDay {
                let periodEnd = weekly ? periodStart.adding(days: 6) : LedgerCalendar.month(of: periodStart).upperBound
                let lo = max(i0, meter.index(periodStart) ?? i0), hi = min(i1, meter.index(periodEnd) ?? i1)
                if q.skipped.isEmpty {
                    let value = lo <= hi ? v[lo...hi].reduce(0, +) : 0
                    body(periodStart, periodEnd, true, false, value, q.amount, periodEnd >= lastDay)
                } else {
                    let p = unskipped(q, from: periodStart, through: periodEnd, nominal: q.amount) { d in
                        guard let i = meter.index(daysSinceEpoch: d), i >= lo, i <= hi else { return 0 }
                        return v[i]
                    }
                    body(periodStart, periodEnd, true, p == nil, p?.value ?? 0, p?.target ?? q.amount, periodEnd >= lastDay)
                }
                periodStart = periodEnd.adding(days: 1)
            }
        }
    }

    /// A quest judged at its goal's judgment reference (RULES §4–§5): values
    /// up to the reference; weekly, monthly and custom targets shrunk by the
    /// elapsed share of their period; daily targets in full.
    static func judge(
        _ q: QuestSpec, actions: [Int], meter: inout QuestMeter, reference: Reference, day: LocalDate, calendar: LedgerCalendar
    ) -> QuestJudgment {
        func result(_ value: Double, _ target: Double) -> QuestJudgment {
            let r = q.ratio(value: value, target: target)
            return QuestJudgment(value: value / q.scale, target: target / q.scale, ratio: r, achieved: r >= 1 - 1e-12)
        }
        let skippedJudgment = QuestJudgment(value: nil, target: nil, ratio: 1, achieved: true, skipped: true)
        /// The elapsed days of a period judged against `nominal` over them, skips left out (`unskipped`).
        func judged(_ v: [Double], _ from: LocalDate, _ through: LocalDate, nominal: Double) -> QuestJudgment {
            guard
                let p = unskipped(
                    q, from: from, through: through, nominal: nominal, value: { meter.index(daysSinceEpoch: $0).map { v[$0] } ?? 0 })
            else {
                return skippedJudgment
            }
            return result(p.value, p.target)
        }
        func sum(_ v: [Double], _ from: LocalDate, _ through: LocalDate) -> Double {
            var total = 0.0
            var d = from
            while d <= through {
                total += meter.index(d).map { v[$0] } ?? 0
                d = d.adding(days: 1)
            }
            return total
        }
        switch q.period {
        case .daily:
            guard q.isScheduled(day) else { return QuestJudgment(value: nil, target: nil, ratio: 1, achieved: true) }
            if q.isSkipped(day) { return skippedJudgment }
            let v = meter.values(q, actions: actions, windowed: true)
            return result(meter.index(day).map { v[$0] } ?? 0, q.amount)
        case .weekly, .monthly:
            let v = meter.values(q, actions: actions, windowed: false)
            let start = q.period == .weekly ? calendar.weekStart(of: day) : LedgerCalendar.month(of: day).lowerBound
            let length = q.period == .weekly ? 7.0 : Double(LedgerCalendar.month(of: day).upperBound.day)
            let elapsed = Double(day.daysSinceEpoch - start.daysSinceEpoch + 1)
            if !q.skipped.isEmpty { return judged(v, start, day, nominal: q.amount * elapsed / length) }
            return result(sum(v, start, day), q.amount * elapsed / length)
        case .custom:
            guard let s = q.customStart, let e = q.customEnd else {
                return QuestJudgment(value: nil, target: nil, ratio: 1, achieved: true)
            }
            // A period that has not begun by the judgment day counts 1; one
            // that begins on it has begun (its first day is elapsed).
            if day < s {
                return QuestJudgment(value: nil, target: nil, ratio: 1, achieved: true)
            }
            let v = meter.values(q, actions: actions, windowed: false)
            let through = min(day, e)
            let share = Double(through.daysSinceEpoch - s.daysSinceEpoch + 1) / Double(e.daysSinceEpoch - s.daysSinceEpoch + 1)
            if !q.skipped.isEmpty { return judged(v, s, through, nominal: q.amount * share) }
            return result(sum(v, s, through), q.amount * share)
        }
    }

    /// The goal's figures from its quests (RULES §4).
    static func goal(_ g: GoalView, quests: [QuestProgress], judgments: [QuestJudgment], reference: Reference, judgmentFields: Payload?)
        -> GoalProgress
    {
        var spanRatios = Spans<Double?>(day: nil, week: nil, month: nil)
        if !quests.isEmpty {
            let today = quests.filter { $0.spans.day.scheduled }.compactMap { $0.spans.day.ratio }
            spanRatios.day = today.isEmpty ? 1 : today.reduce(0, +) / Double(today.count)
            func mean(_ rs: [Double]) -> Double? { rs.isEmpty ? nil : rs.reduce(0, +) / Double(rs.count) }
            spanRatios.week = mean(quests.compactMap { $0.spans.week.ratio })
            spanRatios.month = mean(quests.compactMap { $0.spans.month.ratio })
        }
        let threshold = Int((judgmentFields ?? g.fields).thresholdPercent ?? 100)
        var status = GoalProgress.Status.inProgress
        var percent: Double?
        if g.judgment != nil {
            if quests.isEmpty {
                if let c = g.definition.confirmation(inForceAt: reference.definitionsAt) {
                    status = c.achieved ? .achieved : .notAchieved
                } else {
                    status = .needsConfirmation
                }
            } else {
                let mean = judgments.map(\.ratio).reduce(0, +) / Double(judgments.count)
                percent = mean * 100
                status = mean * 100 >= Double(threshold) - 0.0001 ? .achieved : .notAchieved
            }
        }
        return GoalProgress(
            id: g.definition.id, title: g.fields.title ?? "", status: status, judgedAt: g.judgment?.reference.instant,
            achievementPercent: percent, thresholdPercent: threshold, startDate: g.fields.startDate!,
            endDate: g.fields.endDate,
            spanRatios: spanRatios, quests: quests)
    }
}
