/// What the events between two states touch: for each event, its entity,
/// goal and the actions and logical days of the record versions it changed.
///
/// The days come from the record pages, not from looking each event's record
/// up: every page entry knows the seq that added it and the seq that removed
/// it, so the versions that differ between A and B are exactly the entries
/// added or removed by an event between them — including a version that a
/// later edit moved again (the state holds only the newest version, so a
/// lookup there cannot see what A had). One scan of the pages finds them all,
/// on one core while the events are read on the other. Running sessions are
/// not in the pages: those of A and of B are compared, and one that differs
/// touches every day from its start to its state's reference.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension StateDiff {
    /// A record version added or removed between the states: by which event,
    /// of which action, over which days.
    struct VersionChange: Sendable {
        var seq: UInt64
        var action: String
        var days: ClosedRange<LocalDate>
        /// A running session's id: the events that touch it are found by entity.
        var running: String?
    }

    /// What each event after `a` through `b` touches.
    static func touchesBetween(
        _ ledger: Ledger, from a: UInt64, to b: UInt64, zones: ZoneDirectory, references: (Reference, Reference)
    ) throws -> [Touch] {
        let (events, changes) = try Parallel.both(
            { try eventsBetween(ledger, a, b) },
            { try versionChanges(ledger, a, b, zones: zones, references: references) })
        var touches = events
        // Seqs are dense, so the event of seq s is touches[s - a - 1].
        func add(_ i: Int, _ c: VersionChange) {
            if !touches[i].actions.contains(c.action) { touches[i].actions.append(c.action) }
            DayCache.forEachDay(in: c.days) { d in if !touches[i].days.contains(d) { touches[i].days.append(d) } }
        }
        var running: [String: [VersionChange]] = [:]
        for c in changes {
            if let id = c.running {
                running[id, default: []].append(c)
            } else {
                let i = Int(c.seq - a - 1)
                guard i >= 0, i < touches.count, touches[i].cause.seq == c.seq else {
                    throw LedgerError.damaged(seq: c.seq, reason: "a record page names an event that is not between seq \(a) and seq \(b)")
                }
                add(i, c)
            }
        }
        if !running.isEmpty {
            for i in touches.indices {
                guard let e = touches[i].entity, let cs = running[e] else { continue }
                for c in cs { add(i, c) }
            }
        }
        try addDaysOfDefinitionChanges(&touches, ledger, a, b, zones: zones, references: references)
        return touches
    }

    /// Events that change what records mean for days without changing a
    /// record — an action's (its name, its tags, its deletion), a tag's, a
    /// settings change (the day boundaries) — touch every day holding a
    /// record they concern, in either state: an action's its records' days,
    /// a tag's or a settings change every record's (tags and settings change
    /// rarely; this pass runs only when one is between the states).
    static func addDaysOfDefinitionChanges(
        _ touches: inout [Touch], _ ledger: Ledger, _ a: UInt64, _ b: UInt64, zones: ZoneDirectory, references: (Reference, Reference)
    ) throws {
        // The first event that concerns every action: every record's days go on it.
        var everyAction: Int?
        var concerned: [String: [Int]] = [:]
        for i in touches.indices {
            switch touches[i].cause.type {
            case .settingsChanged, .tagCreated, .tagEdited, .tagDeleted, .tagRestored: everyAction = everyAction ?? i
            case .actionEdited, .actionDeleted, .actionRestored:
                if let action = touches[i].cause.payload.actionID { concerned[action, default: []].append(i) }
            default: break
            }
        }
        guard everyAction != nil || !concerned.isEmpty else { return }
        var days: [String: Set<LocalDate>] = [:]  // action → days ("" for every action when everyAction)
        // Each state's records, on each state's calendar (a settings change moves the boundaries).
        for (k, reference) in [(a, references.0), (b, references.1)] {
            try ledger.snapshot(knownAt: .seq(k), zones: zones) { snap in
                var cache = DayCache(try snap.calendar())
                let table = try snap.actionTable()
                func note(_ action: String, _ from: Instant, _ to: Instant) {
                    guard everyAction != nil || concerned[action] != nil else { return }
                    let key = everyAction != nil ? "" : action
                    DayCache.forEachDay(in: cache.days(from: from, to: to)) { days[key, default: []].insert($0) }
                }
                try snap.pageEntries(Int64(Int32.min)...Int64(Int32.max)) { _, e in
                    let action = Int(e.action) < table.count ? table[Int(e.action)] : ""
                    note(action, Instant(seconds: e.start), Instant(seconds: e.end))
                }
                for s in try snap.runningSessions() { note(s.actionID, s.start, max(s.start, reference.instant)) }
            }
        }
        // On the events that changed them (every such event: the first, when for every action).
        if let first = everyAction {
            touches[first].days = Array(Set(touches[first].days).union(days[""] ?? []))
        } else {
            for (action, events) in concerned {
                for i in events { touches[i].days = Array(Set(touches[i].days).union(days[action] ?? [])) }
            }
        }
    }

    /// The events after `a` through `b`: each with its entity, goal and the
    /// action its payload names.
    static func eventsBetween(_ ledger: Ledger, _ a: UInt64, _ b: UInt64) throws -> [Touch] {
        var touches: [Touch] = []
        touches.reserveCapacity(Int(b - a))
        try ledger.forEachEvent(from: a + 1, through: b) { e in
            touches.append(
                Touch(
                    cause: Cause(seq: e.seq, type: e.type, payload: e.payload), entity: e.payload.entityID(of: e.type),
                    actions: e.payload.actionID.map { [$0] } ?? [], goal: e.payload.goalID, days: []))
            return true
        }
        return touches
    }

    /// The record versions added or removed after `a` through `b`, with the
    /// logical days of B's calendar they cover; and the running sessions that
    /// differ between A and B.
    static func versionChanges(
        _ ledger: Ledger, _ a: UInt64, _ b: UInt64, zones: ZoneDirectory, references: (Reference, Reference)
    ) throws -> [VersionChange] {
        let runningA = try ledger.snapshot(knownAt: .seq(a), zones: zones) { try $0.runningSessions() }
        return try ledger.snapshot(knownAt: .seq(b), zones: zones) { after in
            var days = DayCache(try after.calendar())
            let table = try after.actionTable()
            func action(_ k: UInt16) -> String { Int(k) < table.count ? table[Int(k)] : "" }
            var out: [VersionChange] = []
            // Every entry added by B (retired ones included); those added or removed after A changed.
            try after.pageEntries(Int64(Int32.min)...Int64(Int32.max), retired: true) { _, entry in
                let added = entry.addedSeq > a
                let removed = entry.removedSeq > a && entry.removedSeq <= b
                guard added || removed else { return }
                let covered = days.days(from: Instant(seconds: entry.start), to: Instant(seconds: entry.end))
                if added { out.append(VersionChange(seq: entry.addedSeq, action: action(entry.action), days: covered)) }
                if removed { out.append(VersionChange(seq: entry.removedSeq, action: action(entry.action), days: covered)) }
            }
            // A running session counts up to its state's reference: a version in one
            // state and not the same in the other touches its days up to there.
            let runningB = try after.runningSessions()
            let inA = Dictionary(runningA.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
            let inB = Dictionary(runningB.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
            for (versions, other, reference) in [(runningA, inB, references.0), (runningB, inA, references.1)] {
                for s in versions where other[s.id] != s {
                    let first = days.day(of: s.start)
                    let last = reference.instant > s.start ? days.day(of: reference.instant) : first
                    out.append(VersionChange(seq: 0, action: s.actionID, days: first...max(first, last), running: s.id))
                }
            }
            return out
        }
    }

    /// The logical day of instants that mostly come in order (a page's
    /// entries): the last day found and its range are kept, so most lookups
    /// are one comparison rather than a calendar computation.
    struct DayCache {
        let calendar: LedgerCalendar
        var day = LocalDate(daysSinceEpoch: 0)
        var range = Instant(seconds: 0)..<Instant(seconds: 0)

        init(_ calendar: LedgerCalendar) { self.calendar = calendar }

        mutating func day(of t: Instant) -> LocalDate {
            if range.contains(t) { return day }
            day = calendar.day(of: t)
            range = calendar.range(of: day)
            return day
        }

        /// The logical days [from, to) covers (the day of `from` when it is empty).
        mutating func days(from: Instant, to: Instant) -> ClosedRange<LocalDate> {
            let first = day(of: from)
            return first...(to > from ? max(first, day(of: Instant(seconds: to.seconds - 1))) : first)
        }

        /// Each day of `days`, at most 400 from the first: a session left
        /// running for years is one change, not a walk over all its days.
        static func forEachDay(in days: ClosedRange<LocalDate>, _ body: (LocalDate) -> Void) {
            var d = days.lowerBound
            while d <= days.upperBound && d.daysSinceEpoch - days.lowerBound.daysSinceEpoch < 400 {
                body(d)
                d = d.adding(days: 1)
            }
        }
    }
}
