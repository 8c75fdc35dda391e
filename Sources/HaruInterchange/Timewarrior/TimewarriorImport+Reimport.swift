/// An export read into a ledger that holds an earlier import: the newer
/// export is the truth for the intervals it covers.
///
/// Each interval is looked for among the sessions earlier imports made, by
/// its action and start (not by id: a session moved here keeps its id).
/// Found, it becomes what changed: a stop (closed since), an edit (end or
/// annotation changed). Not found, it is new — unless a session of the same
/// action that this export no longer has overlaps it: that interval was
/// moved in timewarrior (`timew modify start`, an open interval's start
/// changed by an exclusion, `cancel` then `start` of the same tags), and the
/// session is edited to it. An earlier session the export no longer has, and
/// that no new interval took, was deleted in timewarrior (`timew delete`,
/// `cancel`, a retag): it is deleted here. Only sessions between the
/// export's first start and its last end are judged missing (a part of the
/// history, `timew export :month`, deletes nothing outside it), or all of
/// them with `Options.whole`. Deletions come first, so that a start never
/// meets a session timewarrior no longer runs.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

extension TimewarriorImport {
    static func planned(_ bytes: [UInt8], names: Names, snap: Snapshot) throws -> TimewarriorEvents {
        var names = names
        var intervals = try intervals(bytes)
        // Timewarrior writes its intervals in order of start: sort only when they are not.
        if zip(intervals, intervals.dropFirst()).contains(where: { $0.start > $1.start }) {
            intervals.sort { ($0.start, $0.index) < ($1.start, $1.index) }
        }
        names.definedAt = Instant(seconds: (intervals.first?.start.seconds ?? 86_400) - 86_400)
        var definitions: [EventInput] = []
        var untagged = Untagged()
        var plan = Plan()
        // First by id (one look-up each: what an interval imported before and
        // left alone since has); the sessions that took none, read after.
        var matched: [String] = []
        var pending: [(at: Int, iv: Interval, action: Action, note: String?)] = []
        for (k, iv) in intervals.enumerated() {
            guard let action = try names.action(of: iv, definitions: &definitions) else {
                untagged.count(iv)
                continue
            }
            let note = names.note(of: iv)
            if let s = try sessionByID(action, start: iv.start, snap: snap) {
                matched.append(s.id)
                let steps = update(s, to: iv, action: action, note: note)
                if steps.isEmpty { plan.unchanged += 1 } else { plan.add(steps, at: k) }
            } else {
                pending.append((k, iv, action, note))
            }
        }
        try untagged.check(names.options)
        // The rest by action and start: a session moved before keeps its id.
        // In order of start they are nearly in order of id already: the sort is short.
        matched.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var earlier = try EarlierSessions(snap, except: matched)
        var fresh: [(at: Int, iv: Interval, action: Action, note: String?)] = []
        for f in pending {
            if let s = earlier.take(action: f.action.id, start: f.iv.start) {
                let steps = update(s, to: f.iv, action: f.action, note: f.note)
                if steps.isEmpty { plan.unchanged += 1 } else { plan.add(steps, at: f.at) }
            } else {
                fresh.append(f)
            }
        }

        // What earlier imports made and this export no longer has.
        let first = intervals.first?.start
        let last: Instant? = intervals.contains { $0.end == nil } ? nil : intervals.compactMap(\.end).max()
        let missing = earlier.remaining.filter { s in
            guard !names.options.whole else { return true }
            guard let first else { return false }
            // A session still running here that the export does not have: timewarrior
            // tracks one interval at a time, and an export of the history up to now shows
            // the open one whatever its start, so timewarrior no longer runs it (`timew
            // cancel`, `modify start`, a stop and retag): judged like the others, wherever
            // it started (issue 44: it stayed running, and a new interval of its action
            // was refused as "already running").
            if s.status == .running { return true }
            return s.start >= first && (last.map { s.start < $0 } ?? true)
        }
        var taken = Set<Int>()
        var freshByAction: [String: [Int]] = [:]
        for (k, f) in fresh.enumerated() { freshByAction[f.action.id, default: []].append(k) }
        var deleted: [SessionRecord] = []
        for s in missing {
            // Moved: a new interval of the same action over the same time.
            if let k = freshByAction[s.actionID]?.first(where: { !taken.contains($0) && overlaps(s, fresh[$0].iv) }),
                let steps = moved(s, to: fresh[k].iv, action: fresh[k].action, note: fresh[k].note)
            {
                taken.insert(k)
                plan.add(steps, at: fresh[k].at)
            } else {
                deleted.append(s)
                plan.removals.append(removal(s))
            }
        }
        for (k, f) in fresh.enumerated() where !taken.contains(k) {
            plan.add(try new(f.iv, action: f.action, note: f.note, snap: snap), at: f.at)
        }
        if !deleted.isEmpty { names.notes.add(deletedNote(deleted, names: names.actionNames, calendar: try? snap.calendar())) }
        return TimewarriorEvents(
            definitions: definitions, steps: plan.removals + plan.ordered, unchanged: plan.unchanged, zones: names.zones,
            notes: names.notes)
    }

    /// The steps of an import, kept in the order of the intervals they come from.
    struct Plan {
        var removals: [TimewarriorEvents.Step] = []
        var byInterval: [(Int, [TimewarriorEvents.Step])] = []
        var unchanged = 0
        mutating func add(_ steps: [TimewarriorEvents.Step], at k: Int) { byInterval.append((k, steps)) }
        var ordered: [TimewarriorEvents.Step] { byInterval.sorted { $0.0 < $1.0 }.flatMap(\.1) }
    }

    /// The live session an earlier import made for this action and start
    /// under the id it would have (`sessionID`, or the long id of imports
    /// before ids became short), if it still starts there.
    static func sessionByID(_ action: Action, start: Instant, snap: Snapshot) throws -> SessionRecord? {
        func live(_ id: String) throws -> SessionRecord? {
            guard let s = try snap.store.session(id), s.status == .running || s.status == .stopped, s.actionID == action.id,
                s.start == start
            else { return nil }
            return s
        }
        // The long id only when the short one is not there (its hash costs as much as the look-up).
        return try live(sessionID(action, start: start)) ?? live(legacySessionID(action.name, start: start))
    }

    /// The live sessions earlier imports made (`tw-`, and `timew-` of
    /// imports before ids became short) that no interval took by id, by action and start.
    struct EarlierSessions {
        private var byKey: [Key: SessionRecord] = [:]
        struct Key: Hashable {
            var action: String
            var start: Int64
        }

        init(_ snap: Snapshot, except matched: [String]) throws {
            for prefix in ["tw-", "timew-"] {
                for s in try snap.store.sessions(idPrefix: prefix, exceptSorted: matched) where s.status == .running || s.status == .stopped
                {
                    byKey[Key(action: s.actionID, start: s.start.seconds)] = s
                }
            }
        }

        /// The session of `action` that starts at `start`, taken out of those left.
        mutating func take(action: String, start: Instant) -> SessionRecord? {
            byKey.removeValue(forKey: Key(action: action, start: start.seconds))
        }

        /// Those not taken, in order of start.
        var remaining: [SessionRecord] { byKey.values.sorted { ($0.start, $0.id) < ($1.start, $1.id) } }
    }

    static func overlaps(_ s: SessionRecord, _ iv: Interval) -> Bool {
        iv.start < (s.end ?? Instant(seconds: .max)) && s.start < (iv.end ?? Instant(seconds: .max))
    }

    /// What a session found at the interval's start becomes: nothing when it is as the interval is.
    static func update(_ s: SessionRecord, to iv: Interval, action: Action, note: String?) -> [TimewarriorEvents.Step] {
        var step = TimewarriorEvents.Step(
            kind: .edited, interval: iv.index, session: s.id, action: action, start: iv.start, end: iv.end, note: note,
            version: s.versionSeq)
        switch (s.status, iv.end) {
        case (.running, nil):
            guard s.note != note else { return [] }
            return [step]  // the note alone
        case (.running, let end?):
            var stop = step
            stop.kind = .stopped
            stop.at = end
            guard s.note != note else { return [stop] }
            step.editEnd = false
            return [stop, step]
        case (_, nil):
            // Closed here, open again in timewarrior (`timew undo` of a stop): a session does not reopen.
            return [removal(s), restarted(iv, action: action, after: s)]
        default:
            step.editEnd = s.end != iv.end
            step.editNote = s.note != note
            return step.editEnd || step.editNote ? [step] : []
        }
    }

    /// A session edited to where timewarrior moved its interval; nil when it cannot be (a closed one now open).
    static func moved(_ s: SessionRecord, to iv: Interval, action: Action, note: String?) -> [TimewarriorEvents.Step]? {
        var edit = TimewarriorEvents.Step(
            kind: .edited, interval: iv.index, session: s.id, action: action, start: iv.start, end: iv.end, note: note,
            version: s.versionSeq)
        edit.editStart = true
        edit.editNote = s.note != note
        switch (s.status, iv.end) {
        case (.running, nil):
            edit.at = iv.start
            return [edit]
        case (.running, let end?):
            // Moved, then stopped: the edit of a running session takes no end.
            edit.at = iv.start
            var stop = edit
            (stop.kind, stop.at, stop.editStart, stop.editNote) = (.stopped, end, false, false)
            return [edit, stop]
        case (_, nil): return nil
        default:
            edit.editEnd = s.end != iv.end
            return [edit]
        }
    }

    /// The step that deletes a session timewarrior no longer has.
    static func removal(_ s: SessionRecord) -> TimewarriorEvents.Step {
        TimewarriorEvents.Step(
            kind: .deleted, interval: 0, session: s.id, action: Action(name: "", id: s.actionID), start: s.start, end: s.end, note: nil,
            version: s.versionSeq, at: s.end ?? s.start)
    }

    /// A new interval's step: a new session, unless its id is taken by one
    /// deleted or discarded before — then that one restored (and edited)
    /// when it can be, else a session under another id.
    static func new(_ iv: Interval, action: Action, note: String?, snap: Snapshot) throws -> [TimewarriorEvents.Step] {
        let id = sessionID(action, start: iv.start)
        var step = TimewarriorEvents.Step(
            kind: iv.end == nil ? .started : .recorded, interval: iv.index, session: nil, action: action, start: iv.start, end: iv.end,
            note: note)
        guard let dead = try snap.store.session(id) else { return [step] }
        if dead.status == .deleted, let end = dead.end, iv.end != nil, case .live = try snap.store.actionStatus(dead.actionID) {
            var restore = step
            (restore.kind, restore.session, restore.version, restore.at) = (.restored, id, dead.versionSeq, end)
            var edit = restore
            (edit.kind, edit.editEnd, edit.editNote) = (.edited, dead.end != iv.end, dead.note != note)
            return edit.editEnd || edit.editNote ? [restore, edit] : [restore]
        }
        step.session = againID(id, version: dead.versionSeq)
        return [step]
    }

    /// A started session for an interval whose session cannot take it (closed, or dead).
    static func restarted(_ iv: Interval, action: Action, after s: SessionRecord) -> TimewarriorEvents.Step {
        TimewarriorEvents.Step(
            kind: .started, interval: iv.index, session: againID(s.id, version: s.versionSeq), action: action, start: iv.start, end: nil,
            note: nil)
    }

    /// Another session id for an interval whose own is taken: `tw-` and 12
    /// hex digits of the taken id and the version it had, the same in a retry.
    static func againID(_ id: String, version: UInt64) -> String { "tw-" + shortHash(id + "/" + String(version)) }

    /// `2 sessions imported before are not in this export and were deleted: …` (the first three named).
    static func deletedNote(_ deleted: [SessionRecord], names: [String: String], calendar: LedgerCalendar?) -> String {
        let n = deleted.count
        let named = deleted.prefix(3).map { s -> String in
            let start = calendar?.format(s.start) ?? s.start.format(offsetSeconds: 0)
            return "\(Echo.quoted(names[s.actionID] ?? s.actionID)) from \(start)"
        }
        return "\(n) session\(n == 1 ? "" : "s") imported before \(n == 1 ? "is" : "are") not in this export and "
            + "\(n == 1 ? "was" : "were") deleted: " + named.joined(separator: ", ") + (n > 3 ? " and \(n - 3) more" : "")
    }
}
