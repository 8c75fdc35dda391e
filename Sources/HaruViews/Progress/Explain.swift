/// `haru explain QUEST`: period by period, what the quest required, what was
/// done, and which records counted or were left out and why.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct QuestExplanation: Sendable {
    /// One record's part in one period.
    public struct Entry: Sendable, Equatable {
        public var recordID: String
        public var actionID: String
        public var isSession: Bool
        /// Session start / count time.
        public var start: Instant
        /// Session end (nil for counts and running sessions).
        public var end: Instant?
        /// Seconds or count that counted toward the period.
        public var counted: Double
        /// Seconds or count left out, with why.
        public var leftOut: [(amount: Double, reason: String)]

        public static func == (a: Entry, b: Entry) -> Bool {
            a.recordID == b.recordID && a.counted == b.counted && a.leftOut.map(\.reason) == b.leftOut.map(\.reason)
        }
    }

    public struct Period: Sendable {
        public var first: LocalDate
        public var last: LocalDate
        /// What the period asked (nil: not scheduled, or skipped).
        public var required: Double?
        /// Every day the period asks something of is skipped (Docs/rules.md "Skipped days").
        public var skipped = false
        public var done: Double
        public var met: Bool
        public var inProgress: Bool
        public var entries: [Entry]
    }

    public var spec: QuestSpec
    public var periods: [Period]

    /// Explains quest `id` at `reference`, going back `count` periods.
    public init(_ snap: Snapshot, calendar: LedgerCalendar, reference: Reference, quest id: String, count: Int) throws {
        guard let qd = try snap.definition(.quest, id), qd.isLive else {
            throw LedgerError.invalid(InputError(field: "QUEST", rule: "no quest with id \"\(id)\""))
        }
        let defs = try LiveDefinitions(snap, reference: reference)
        let unskipped = ProgressEngine.measuring(
            QuestSpec(
                id: id, qd.fields(inForceAt: reference.definitionsAt),
                actionTracksTime: { defs.actions[$0].map { $0.tracking == Tracking.time } }), defs)
        let q = unskipped.skipping(ProgressEngine.skippedDays(unskipped, try SkipDays(snap), defs))
        spec = q
        let refDay = reference.day(calendar)
        let cut = reference.cutting

        // The periods to show, newest last.
        var ranges: [(LocalDate, LocalDate)] = []
        switch q.period {
        case .daily:
            for k in stride(from: count - 1, through: 0, by: -1) { let d = refDay.adding(days: -k); ranges.append((d, d)) }
        case .weekly:
            let w = calendar.weekStart(of: refDay)
            for k in stride(from: count - 1, through: 0, by: -1) { let s = w.adding(days: -7 * k); ranges.append((s, s.adding(days: 6))) }
        case .monthly:
            var m = LedgerCalendar.month(of: refDay)
            var months: [ClosedRange<LocalDate>] = []
            for _ in 0..<count {
                months.insert(m, at: 0)
                m = LedgerCalendar.month(of: m.lowerBound.adding(days: -1))
            }
            ranges = months.map { ($0.lowerBound, $0.upperBound) }
        case .custom:
            if let s = q.customStart, let e = q.customEnd { ranges = [(s, e)] }
        }
        // Nothing is asked before the goal starts (RULES §6, the streaks' lower
        // bound): a period that ends before its start date is not shown, and
        // neither is a day before it; the week or month holding it is.
        if let goalID = qd.base.goalID,
            let goalStart = try snap.definition(.goal, goalID)?.fields(inForceAt: reference.definitionsAt).startDate
        {
            ranges = ranges.filter { $0.1 >= goalStart }
        }

        // Which actions count, and which carry the tag but measure the other unit.
        var counting = Set<String>()
        var otherMeasure = Set<String>()
        switch q.target {
        case .action(let a): if defs.actions[a] != nil { counting.insert(a) }
        case .tag(let t):
            if defs.tags[t] != nil {
                for (id, p) in defs.actions where (p.tagIDs ?? []).contains(t) {
                    if (p.tracking == Tracking.time) == q.unitIsTime { counting.insert(id) } else { otherMeasure.insert(id) }
                }
            }
        }
        let running = try snap.runningSessions()
        let table = try snap.actionTable()
        let measured = try QuestExplanation.measure(q, ranges, snap, calendar, defs, cut)
        var periods: [Period] = []
        for (n, (first, last)) in ranges.enumerated() {
            let grid = DayGrid(calendar, from: first, through: last)
            // Per day: the measurement window ([start, deadline) for daily quests with one).
            let windows: [Range<Int64>] = (0..<grid.count).map { i in
                let r = grid.bounds[i]..<grid.bounds[i + 1]
                guard q.period == .daily, let dl = q.deadline else { return r }
                return r.lowerBound..<QuestMeter.deadlineInstant(calendar, grid.day(i), dl, dayRange: r)
            }
            let scheduled = (0..<grid.count).map { q.period != .daily || q.isScheduled(grid.day($0)) }
            // What a skipped day holds is left out where the quest asks nothing of it:
            // a daily quest's day, a limit's day (an at_least period keeps it, its target shrinks).
            let skippedOut = (0..<grid.count).map { q.isSkipped(grid.day($0)) && (q.period == .daily || !q.atLeast) }
            var byRecord: [String: Entry] = [:]
            var order: [String] = []
            func note(_ id: String, _ action: String, session: Bool, _ start: Int64, _ end: Int64?, _ make: (inout Entry) -> Void) {
                if byRecord[id] == nil {
                    order.append(id)
                    byRecord[id] = Entry(
                        recordID: id, actionID: action, isSession: session, start: Instant(seconds: start),
                        end: end.map { Instant(seconds: $0) }, counted: 0, leftOut: [])
                }
                make(&byRecord[id]!)
            }
            func add(_ e: inout Entry, _ amount: Double, _ reason: String) {
                guard amount > 0 else { return }
                if let k = e.leftOut.firstIndex(where: { $0.reason == reason }) {
                    e.leftOut[k].amount += amount
                } else {
                    e.leftOut.append((amount, reason))
                }
            }
            /// Splits one piece of a session over the days and says where each part went.
            func session(_ id: String, _ action: String, _ s: Int64, _ e: Int64, full: (Int64, Int64?)) {
                // Page neighbours outside the period are not part of it.
                guard max(s, grid.span.lowerBound) < min(e, grid.span.upperBound) else { return }
                let other = otherMeasure.contains(action)
                note(id, action, session: true, full.0, full.1) { entry in
                    grid.split(s, e) { k, _ in
                        let day = grid.bounds[k]..<grid.bounds[k + 1]
                        let a = max(s, day.lowerBound), b = min(e, day.upperBound)
                        let total = Double(b - a)
                        if other { add(&entry, total, "other measure (the action tracks \(q.unitIsTime ? "counts" : "time"))"); return }
                        if !scheduled[k] { add(&entry, total, "not a scheduled day"); return }
                        if skippedOut[k] { add(&entry, total, "a skipped day"); return }
                        let w = windows[k]
                        let inWindow = max(0, min(b, w.upperBound) - max(a, w.lowerBound))
                        let counted = max(0, min(b, w.upperBound, cut.instant.seconds) - max(a, w.lowerBound))
                        entry.counted += Double(counted)
                        add(&entry, Double(inWindow - counted), "after the reference")
                        add(&entry, total - Double(inWindow), "after the deadline \(q.deadline?.description ?? "")")
                    }
                }
            }
            let wanted = counting.union(otherMeasure)
            if !wanted.isEmpty, grid.span.lowerBound < grid.span.upperBound {
                let pages = PageKey.page(of: grid.span.lowerBound)...PageKey.page(of: grid.span.upperBound - 1)
                // A record version is named by the event that made it; its full extent by the record's state.
                var names: [UInt64: String] = [:]
                func recordID(_ seq: UInt64) throws -> String {
                    if let n = names[seq] { return n }
                    let id = try snap.event(seq).flatMap { try snap.recordID(of: $0) } ?? "seq \(seq)"
                    names[seq] = id
                    return id
                }
                var fullRecords: [String: (Int64, Int64?)] = [:]
                try snap.pageEntries(pages) { _, e in
                    guard Int(e.action) < table.count else { return }
                    let action = table[Int(e.action)]
                    guard wanted.contains(action) else { return }
                    let id = try recordID(e.addedSeq)
                    switch e.kind {
                    case .session:
                        if fullRecords[id] == nil, let r = try snap.sessionRecord(id) {
                            fullRecords[id] = (r.start.seconds, r.end?.seconds)
                        }
                        session(id, action, e.start, e.end, full: fullRecords[id] ?? (e.start, e.end))
                    case .count:
                        guard let k = grid.index(of: e.start) else { return }
                        note(id, action, session: false, e.start, nil) { entry in
                            // In the action's own unit (7.6 h, not 76 tenths).
                            let n = Double(e.amount) / Double(Decimals.scale(defs.actions[action]?.decimals ?? 0))
                            if otherMeasure.contains(action) {
                                add(&entry, n, "other measure (the action tracks counts)")
                            } else if !scheduled[k] {
                                add(&entry, n, "not a scheduled day")
                            } else if skippedOut[k] {
                                add(&entry, n, "a skipped day")
                            } else if !windows[k].contains(e.start) {
                                add(&entry, n, "after the deadline \(q.deadline?.description ?? "")")
                            } else if !cut.counts(e.start) {
                                add(&entry, n, "after the reference")
                            } else {
                                entry.counted += n
                            }
                        }
                    }
                }
                for r in running where wanted.contains(r.actionID) && r.start.seconds < grid.span.upperBound {
                    session(
                        r.id, r.actionID, r.start.seconds, max(r.start.seconds, reference.instant.seconds), full: (r.start.seconds, nil))
                }
            }
            let entries = order.compactMap { byRecord[$0] }
            // What the period asked and whether it was met: the same rules as
            // spans and streaks, on the value the progress engine's meter gives
            // (the entries say which records made it; `ExplainAgreesWithProgress`
            // tests that they add up to it).
            let nScheduled = Double(scheduled.filter { $0 }.count)
            let done = measured[n]
            let required: Double?
            var skipped = false
            switch q.period {
            case .daily:
                skipped = scheduled.first == true && q.isSkipped(first)
                required = scheduled.first == true && !skipped ? q.amount : nil
            case .weekly, .monthly, .custom:
                let target = ProgressEngine.unskipped(
                    q, from: first, through: last, nominal: q.amount * (nScheduled > 0 ? 1 : 0), value: { _ in 0 })
                skipped = target == nil
                required = target?.target
            }
            let inProgress = refDay >= first && refDay <= last
            // Judged in the engine's units, shown in the quest's own (`QuestSpec.scale`).
            var period = Period(
                first: first, last: last, required: required.map { $0 / q.scale }, done: done / q.scale,
                met: required.map { q.met(value: done, target: $0) } ?? true, inProgress: inProgress, entries: entries)
            period.skipped = skipped
            periods.append(period)
        }
        self.periods = periods
    }

    /// Each period's value as the progress engine measures it (`QuestMeter`:
    /// the one place a quest's day is measured): the scheduled days' values,
    /// through the deadline window for a daily quest, up to the reference.
    private static func measure(
        _ q: QuestSpec, _ ranges: [(LocalDate, LocalDate)], _ snap: Snapshot, _ calendar: LedgerCalendar,
        _ defs: LiveDefinitions, _ cut: Reference
    ) throws -> [Double] {
        guard let first = ranges.map(\.0).min(), let last = ranges.map(\.1).max() else { return [] }
        let span = calendar.range(of: first).lowerBound.seconds..<calendar.range(of: last).upperBound.seconds
        let records = try RecordSet(snap, actions: defs.actions.keys.sorted(), span: span)
        var meter = QuestMeter(
            calendar: calendar, records: records, first: first, last: last, reference: cut,
            deadlines: q.deadline.map { [$0.minutes] } ?? [])
        let values = meter.values(q, actions: ProgressEngine.actionIndices(q, defs: defs, records: records), windowed: q.period == .daily)
        return ranges.map { (s, e) in
            ProgressEngine.dayRange(s, e.daysSinceEpoch - s.daysSinceEpoch + 1).reduce(0.0) { sum, day in
                guard q.period != .daily || q.isScheduled(day), let k = meter.index(day) else { return sum }
                // The days the quest asks nothing of (`skippedOut` above).
                if q.isSkipped(day), q.period == .daily || !q.atLeast { return sum }
                return sum + values[k]
            }
        }
    }
}

extension Snapshot {
    /// A session as known at the snapshot's head state (its current version).
    func sessionRecord(_ id: String) throws -> SessionRecord? { try store.session(id) }
}
