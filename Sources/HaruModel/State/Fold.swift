@_spi(Layers) import HaruSystem

/// The one fold of events into entities, and the rules that decide whether
/// an event is valid at its point in the ledger (CONTRACT §2).
///
/// Validation and application are one step on purpose: the state an event is
/// checked against is exactly the state the previous events produced, and a
/// rule cannot drift from the fold that relies on it. The `switch` is
/// exhaustive with no `default`, so a new event type cannot be forgotten.
/// A record before and after the event that changed it.
@_spi(Layers) public enum RecordChange: Sendable {
    case session(old: SessionRecord?, new: SessionRecord)
    case count(old: CountRecord?, new: CountRecord)
}

@_spi(Layers) public enum Fold {
    /// Checks one event against `store` and applies it.
    /// - Throws: `InputError` (field and rule; the caller adds the line), or a
    ///   storage error from the store.
    /// - Returns: the record the event changed, before and after (nil for definitions and settings),
    ///   so that the projections need not look it up again.
    ///
    /// Pre-specialized for the replay's in-memory fold: the engine calls it
    /// from another module, where the optimizer cannot specialize it itself
    /// (unspecialized, a rebuild ran 7 % more instructions).
    @discardableResult
    @_specialize(exported:true,where S == EntityState, P == StoredPayload)
    @_specialize(exported:true,where S == EntityState, P == Payload)
    /// - Parameter merged: the fold of a ledger that merged other devices'
    ///   events, in the merged order: where a rule would refuse an event
    ///   that two devices' work brought about, the merge rules keep what
    ///   was meant instead (Docs/rules.md "Many devices"). A local append is
    ///   checked without them, so a person is still told what does not apply;
    ///   every event a local append accepts has the same effect either way.
    @_spi(Layers) public static func apply<S: EntityStore, P: PayloadFields>(
        _ type: EventType, at: Instant, seq: UInt64, payload p: P, to store: inout S, merged: Bool = false
    ) throws -> RecordChange? {
        // Ids a merge made one with another: the event acts on the one they stand for.
        if try store.hasAliases() {
            switch try throughAliases(type, at: at, seq: seq, payload: p, to: &store, merged: merged) {
            case .done(let change): return change
            case .rewritten(let payload): return try applyResolved(type, at: at, seq: seq, payload: payload, to: &store, merged: merged)
            case .none: break
            }
        }
        return try applyResolved(type, at: at, seq: seq, payload: p, to: &store, merged: merged)
    }

    /// `apply` once the event's ids are the ones in effect. Inlined into
    /// `apply`: called through it, its result (two session records) was
    /// copied once more per event (a rebuild 8 % slower).
    @inline(__always)
    static func applyResolved<S: EntityStore, P: PayloadFields>(
        _ type: EventType, at: Instant, seq: UInt64, payload p: P, to store: inout S, merged: Bool
    ) throws -> RecordChange? {
        let when = Dated(seq: seq, at: at)
        switch type {
        case .ledgerRedacted:
            // A record of the ledger's own, no entity's: it names an earlier event.
            guard let target = p.int(.redactedSeq), target < Int64(seq) else {
                throw InputError(field: "data.seq", rule: "must name an earlier event (before seq \(seq))")
            }
            return nil
        case .settingsChanged:
            let p = try p.decoded()  // kept whole in the settings history
            guard p.fields.contains(where: { $0.0 != .from }) else {
                throw InputError(field: "data", rule: "settings.changed must change at least one setting")
            }
            if p.has(.from), !p.has(.dayStart), !p.has(.timeZone) {
                throw InputError(
                    field: "data.from",
                    rule: "applies only to day_start and time_zone changes (week_start and the rest apply to all history)")
            }
            var s = try store.settings()
            s.append(.init(when: when, payload: p))
            try store.setSettings(s)

        case .tagCreated, .actionCreated, .goalCreated, .questCreated, .todoAdded, .skipAdded:
            var p = try p.decoded()  // kept whole as the definition's base
            let kind = definitionKind(type)
            let id = try p.requiredID(kind.idField)
            if let old = try store.definition(kind, id) {
                throw InputError(
                    field: "data.\(kind.idField.jsonName)",
                    rule:
                        "\(kind.word) \"\(id)\" already exists (created at seq \(old.created.seq)\(old.isLive ? "" : ", since deleted; ids are never reused"))"
                )
            }
            if merged, let space = AliasSpace(kind), let name = p.string(.name), let other = try store.liveDefinitionID(kind, named: name),
                other != id
            {
                // Made under one name on two devices: one tag, or one action
                // when both track alike; else both stay, the later renamed.
                let theirs = try store.definition(kind, other)?.base.choice(.tracking, as: Tracking.self)
                if kind == .tag || theirs == p.choice(.tracking, as: Tracking.self) {
                    try store.setAlias(space, id, to: other)
                    return nil
                }
                p[.name] = .string(try freeName(kind, name, store: store))
            }
            try checkDefinition(kind, p, id: id, store: store, merged: merged)
            try store.setDefinition(Definition(kind: kind, id: id, created: when, base: p))

        case .tagEdited, .actionEdited, .goalEdited, .questEdited, .todoEdited:
            let p = try p.decoded()  // kept whole as a dated edit
            let kind = definitionKind(type)
            var d = try liveDefinition(kind, try p.requiredID(kind.idField), field: "data.\(kind.idField.jsonName)", store: store)
            guard p.fieldCount > 1 else {
                throw InputError(field: "data", rule: "\(type.name) must change at least one field")
            }
            d.add(DefinitionEdit(when: when, payload: p))
            let merged = d.fields()
            try checkDefinition(kind, merged, id: d.id, store: store, editing: p)
            // An end date given after a finish reopens the goal (RULES §4); one
            // placed before it, in (at, seq) order, would make that finish invalid.
            if kind == .goal, let fin = d.finished, p.has(.endDate), !p.isNull(.endDate), at < fin.at {
                throw InputError(
                    field: "data.end_date",
                    rule:
                        "goal \"\(d.id)\" was finished by hand at seq \(fin.seq) (at \(fin.at)); an end date in force before that finish would make it invalid"
                )
            }
            try store.setDefinition(d)

        case .tagDeleted, .actionDeleted, .goalDeleted, .questDeleted, .diaryDeleted, .todoDeleted, .skipDeleted:
            let kind = definitionKind(type)
            var d = try liveDefinition(kind, try p.requiredID(kind.idField), field: "data.\(kind.idField.jsonName)", store: store)
            d.deletedSeq = seq
            try store.setDefinition(d)
            // A deleted action takes its running session out of `running`; the
            // session itself stays in the ledger and leaves the projections.
            if kind == .action, try store.running(action: d.id) != nil {
                try store.setRunning(action: d.id, session: nil)
            }

        case .tagRestored, .actionRestored, .goalRestored, .questRestored, .diaryRestored, .todoRestored, .skipRestored:
            let kind = definitionKind(type)
            let field = "data.\(kind.idField.jsonName)"
            let id = try p.requiredID(kind.idField)
            guard var d = try store.definition(kind, id) else {
                throw InputError(field: field, rule: "no \(kind.word) with id \"\(id)\"", broken: .noSuchID(kind: kind.word, id: id))
            }
            guard let deleted = d.deletedSeq else { throw InputError(field: field, rule: "\(kind.word) \"\(id)\" is not deleted") }
            // Back as it was: its name must still be free, its goal (a quest's) live.
            if kind.hasUniqueNames, let name = d.fields().string(.name), let other = try store.liveDefinitionID(kind, named: name) {
                throw InputError(
                    field: field, rule: "a live \(kind.word) is named \"\(name)\" now (id \"\(other)\"); rename one of them first")
            }
            if kind == .quest, let goal = d.base.string(.goalID) {
                _ = try liveDefinition(.goal, goal, field: "data.goal_id (of the quest)", store: store)
            }
            d.restorations.append(Definition.Restoration(deleted: deleted, restored: seq))
            d.deletedSeq = nil
            try store.setDefinition(d)

        case .diaryWritten:
            let p = try p.decoded()
            let day = try p.requiredID(.date)
            guard Blob.pageFields.contains(where: p.has) else {
                throw InputError(
                    field: "data",
                    rule:
                        "diary.written must write a mood, a text, attachments, hidden ids or calendar events (diary.deleted takes a page away)"
                )
            }
            try checkDefinition(.diary, p, id: day, store: store)
            try store.setDefinition(PageMerge.write(p, day: day, when: when, onto: try store.definition(.diary, day)).page)

        case .devicePreferencesChanged:
            // The first change makes the device's entry; each later one is a dated edit of it.
            let p = try p.decoded()
            let device = try p.requiredID(.deviceID)
            guard p.fieldCount > 1 else {
                throw InputError(field: "data", rule: "device.preferences.changed must change at least one preference")
            }
            try checkDefinition(.device, p, id: device, store: store)
            if var d = try store.definition(.device, device) {
                d.add(DefinitionEdit(when: when, payload: p))
                try store.setDefinition(d)
            } else {
                var base = p
                for (f, _) in DevicePreferences.lists where p.isNull(f) { base[f] = nil }
                try store.setDefinition(Definition(kind: .device, id: device, created: when, base: base))
            }

        case .todoDone, .todoUndone:
            let id = try p.requiredID(.todoID)
            var d = try liveDefinition(.todo, id, field: "data.todo_id", store: store)
            let done = type == .todoDone
            // As the to-do stands at the event's `at` (edits take effect then).
            guard (d.fields(inForceAt: at).bool(.done) ?? false) != done else {
                throw InputError(
                    field: "data.todo_id", rule: "to-do \"\(id)\" is \(done ? "already done" : "not done") at \(at)",
                    broken: .todoAlready(todo: id, done: done, at: "\(at)"))
            }
            d.add(DefinitionEdit(when: when, payload: Payload([(.todoID, .string(id)), (.done, .bool(done))])))
            try store.setDefinition(d)

        case .sessionRestored:
            let id = try p.requiredString(.sessionID)
            guard var s = try store.session(id) else { throw InputError(field: "data.session_id", rule: "no session with id \"\(id)\"") }
            let old = s
            guard s.status == .deleted else { throw InputError(field: "data.session_id", rule: "session \"\(id)\" is not deleted") }
            guard s.end != nil else {
                throw InputError(field: "data.session_id", rule: "session \"\(id)\" was deleted while running; start it again instead")
            }
            _ = try liveAction(s.actionID, tracking: .time, store: store)
            s.status = .stopped
            s.versionSeq = seq
            try store.setSession(s)
            return .session(old: old, new: s)

        case .countRestored:
            let id = try p.requiredString(.entryID)
            guard var c = try store.count(id) else { throw InputError(field: "data.entry_id", rule: "no count entry with id \"\(id)\"") }
            let old = c
            guard c.deleted else { throw InputError(field: "data.entry_id", rule: "count entry \"\(id)\" is not deleted") }
            _ = try liveAction(c.actionID, tracking: .count, store: store)
            c.deleted = false
            c.versionSeq = seq
            try store.setCount(c)
            return .count(old: old, new: c)

        case .goalFinished:
            var d = try liveDefinition(.goal, try p.requiredString(.goalID), field: "data.goal_id", store: store)
            // Checked in valid time: the goal as it is at the finish's `at` (RULES §7).
            if let end = d.fields(inForceAt: at).date(.endDate) {
                let removal = d.edits.first { $0.when.at > at && $0.payload.isNull(.endDate) }
                throw InputError(
                    field: "data.goal_id",
                    rule: "goal \"\(d.id)\" has an end date (\(end)) at \(at); it is judged when that day ends, not finished by hand"
                        + (removal.map { " (the edit at seq \($0.when.seq) removes it only from \($0.when.at))" } ?? ""))
            }
            if let f = d.finished {
                // Again only once an end date given after it reopened the goal (RULES §4).
                guard d.reopened(after: f, by: at) else {
                    throw InputError(
                        field: "data.goal_id", rule: "goal \"\(d.id)\" was already finished at seq \(f.seq)",
                        broken: .goalAlready(goal: d.id, finished: true, seq: f.seq))
                }
                d.earlierFinishes.append(f)
            }
            d.finished = when
            try store.setDefinition(d)

        case .goalConfirmed:
            var d = try liveDefinition(.goal, try p.requiredString(.goalID), field: "data.goal_id", store: store)
            if let c = d.confirmed {
                // Again only once the goal was reopened after it (RULES §4): the old answer no longer stands.
                guard d.reopenedByEndDate(after: c, by: at) else {
                    throw InputError(
                        field: "data.goal_id", rule: "goal \"\(d.id)\" was already confirmed at seq \(c.seq)",
                        broken: .goalAlready(goal: d.id, finished: false, seq: c.seq))
                }
                d.earlierConfirmations.append(Definition.Confirmation(when: c, achieved: d.confirmedAchieved))
            }
            let quests = try store.definitions(.quest).filter { $0.isLive && $0.base.string(.goalID) == d.id }
            if let q = quests.first {
                throw InputError(
                    field: "data.goal_id",
                    rule: "goal \"\(d.id)\" has quests (\"\(q.id)\"); only a goal without quests is confirmed by hand",
                    broken: .goalHasQuests(goal: d.id, quest: q.id))
            }
            d.confirmed = when
            d.confirmedAchieved = p.choice(.outcome) == Outcome.achieved
            try store.setDefinition(d)

        case .sessionStarted:
            let id = try p.requiredString(.sessionID)
            try requireNewSession(id, store: store)
            let action = try liveAction(try p.requiredString(.actionID), tracking: .time, store: store)
            if let running = try store.running(action: action) {
                // Started on two devices while the other ran: one session,
                // which either device's stop ends (`Fold.throughJoin`).
                if merged {
                    // Its start stays the running one's (moved earlier, it could
                    // run into an earlier session of the action).
                    try store.setAlias(.session, id, to: running)
                    return nil
                }
                throw InputError(
                    field: "data.action_id",
                    rule: "action \"\(action)\" is already running (session \"\(running)\"); one action runs at most once")
            }
            let new = SessionRecord(id: id, actionID: action, start: at, end: nil, note: nil, status: .running, createdSeq: seq)
            try store.setSession(new)
            try store.setRunning(action: action, session: id)
            try noteStart(new, store: &store)
            return .session(old: nil, new: new)

        case .sessionStopped, .sessionDiscarded:
            var s = try existingSession(try p.requiredString(.sessionID), store: store)
            let old = s
            guard s.status == .running else {
                // Stopped on two devices before either saw the other's stop:
                // it ran until the later one (the union of what both recorded).
                if merged, type == .sessionStopped, s.status == .stopped, let end = s.end {
                    let until = try extensionEnd(of: s, to: at, store: store)
                    guard until > end else { return nil }
                    s.end = until
                    s.versionSeq = seq
                    try store.setSession(s)
                    return .session(old: old, new: s)
                }
                throw InputError(
                    field: "data.session_id", rule: "session \"\(s.id)\" is not running (it is \(statusWord(s.status)))",
                    broken: .sessionNotRunning(session: s.id, status: statusWord(s.status)))
            }
            // A discarded session may end the second it started (a stop right after a start).
            guard at > s.start || (type == .sessionDiscarded && at == s.start) else {
                throw InputError(field: "at", rule: "a session must end after it starts (started \(s.start), ends \(at))")
            }
            s.end = at
            s.status = type == .sessionStopped ? .stopped : .discarded
            s.versionSeq = seq
            try store.setSession(s)
            try store.setRunning(action: s.actionID, session: nil)
            return .session(old: old, new: s)

        case .sessionRecorded:
            let id = try p.requiredString(.sessionID)
            try requireNewSession(id, store: store)
            let (action, waits) = try recordAction(try p.requiredString(.actionID), tracking: .time, store: store, merged: merged)
            let start = try p.requiredInstant(.start), end = try p.requiredInstant(.end)
            guard end > start else {
                throw InputError(field: "data.end", rule: "must be after data.start (\(start) → \(end))")
            }
            if waits { try store.setAlias(.waiting, id, to: action) }
            let new = SessionRecord(
                id: id, actionID: action, start: start, end: end, note: p.string(.note), status: .stopped, createdSeq: seq)
            try store.setSession(new)
            try noteStart(new, store: &store)
            return .session(old: nil, new: new)

        case .sessionEdited:
            var s = try existingSession(try p.requiredString(.sessionID), store: store)
            let old = s
            guard p.fieldCount > 1 else { throw InputError(field: "data", rule: "session.edited must change at least one field") }
            guard s.status != .discarded else {
                throw InputError(field: "data.session_id", rule: "session \"\(s.id)\" was discarded; record it anew instead")
            }
            if let start = p.instant(.start) { s.start = start }
            if let end = p.instant(.end) {
                guard s.status != .running else {
                    throw InputError(field: "data.end", rule: "session \"\(s.id)\" is running; stop it instead of giving it an end")
                }
                s.end = end
            }
            if p.isNull(.note) { s.note = nil } else if let n = p.string(.note) { s.note = n }
            if let end = s.end, end <= s.start {
                throw InputError(
                    field: p.has(.end) ? "data.end" : "data.start", rule: "a session must end after it starts (\(s.start) → \(end))")
            }
            s.versionSeq = seq
            try store.setSession(s)
            return .session(old: old, new: s)

        case .sessionDeleted:
            var s = try existingSession(try p.requiredString(.sessionID), store: store)
            let old = s
            if s.status == .running { try store.setRunning(action: s.actionID, session: nil) }
            s.status = .deleted
            s.versionSeq = seq
            try store.setSession(s)
            return .session(old: old, new: s)

        case .countAdded:
            let id = try p.requiredString(.entryID)
            if let old = try store.count(id) {
                throw InputError(field: "data.entry_id", rule: "count entry \"\(id)\" already exists (seq \(old.createdSeq))")
            }
            let (action, waits) = try recordAction(try p.requiredString(.actionID), tracking: .count, store: store, merged: merged)
            if waits { try store.setAlias(.waiting, id, to: action) }
            let new = CountRecord(
                id: id, actionID: action, time: at, amount: try countAmount(p.requiredInt(.amount), action: action, store: store),
                note: p.string(.note), deleted: false,
                createdSeq: seq)
            try store.setCount(new)
            return .count(old: nil, new: new)

        case .countEdited:
            var c = try existingCount(try p.requiredString(.entryID), store: store)
            let old = c
            guard p.fieldCount > 1 else { throw InputError(field: "data", rule: "count.edited must change at least one field") }
            if let a = p.int(.amount) { c.amount = try countAmount(a, action: c.actionID, store: store) }
            if let t = p.instant(.time) { c.time = t }
            if p.isNull(.note) { c.note = nil } else if let n = p.string(.note) { c.note = n }
            c.versionSeq = seq
            try store.setCount(c)
            return .count(old: old, new: c)

        case .countDeleted:
            var c = try existingCount(try p.requiredString(.entryID), store: store)
            let old = c
            c.deleted = true
            c.versionSeq = seq
            try store.setCount(c)
            return .count(old: old, new: c)
        }
        return nil
    }

    static func definitionKind(_ t: EventType) -> DefinitionKind {
        switch t {
        case .tagCreated, .tagEdited, .tagDeleted, .tagRestored: return .tag
        case .actionCreated, .actionEdited, .actionDeleted, .actionRestored: return .action
        case .goalCreated, .goalEdited, .goalDeleted, .goalFinished, .goalConfirmed, .goalRestored: return .goal
        case .diaryWritten, .diaryDeleted, .diaryRestored: return .diary
        case .todoAdded, .todoEdited, .todoDone, .todoUndone, .todoDeleted, .todoRestored: return .todo
        case .devicePreferencesChanged: return .device
        case .skipAdded, .skipDeleted, .skipRestored: return .skip
        default: return .quest
        }
    }

    static func statusWord(_ s: SessionRecord.Status) -> String {
        switch s {
        case .running: return "running"
        case .stopped: return "stopped"
        case .discarded: return "discarded"
        case .deleted: return "deleted"
        }
    }

    static func liveDefinition<S: EntityStore>(_ kind: DefinitionKind, _ id: String, field: String, store: S) throws -> Definition {
        guard let d = try store.definition(kind, id) else {
            throw InputError(field: field, rule: "no \(kind.word) with id \"\(id)\"", broken: .noSuchID(kind: kind.word, id: id))
        }
        if let del = d.deletedSeq {
            throw InputError(
                field: field, rule: "\(kind.word) \"\(id)\" was deleted at seq \(del)",
                broken: .deletedAt(kind: kind.word, id: id, seq: del))
        }
        return d
    }

    /// A count's amount within its field's rule. The JSON reading checked
    /// it already; a replay of stored payloads (a rebuild) checks it again, so
    /// that a damaged byte is named as such instead of trapping later where the
    /// amount is stored (as an unsigned number).
    static func countAmount(_ n: Int64) throws -> Int {
        guard case .int(let range) = Field.amount.kind, range.contains(n) else {
            throw InputError(field: "data.amount", rule: "must be a whole number within the amount's range (got \(n))")
        }
        return Int(n)
    }

    /// A count's amount for `action`: at most 999 in the action's unit, so in
    /// its smallest unit 999 × 10^decimals (7.6 km at one decimal is 76). The
    /// action is read only past 999, which every action takes.
    static func countAmount<S: EntityStore>(_ n: Int64, action: String, store: S) throws -> Int {
        let amount = try countAmount(n)
        guard n > 999 else { return amount }
        let decimals = try store.definition(.action, action)?.base.int(.decimals) ?? 0
        let most = 999 * Int64(Decimals.scale(Int(decimals)))
        guard n <= most else {
            throw InputError(
                field: "data.amount", rule: "must be a whole number from 1 to \(most) (got \(n))",
                broken: .wholeNumber(from: 1, to: most, got: String(n)))
        }
        return amount
    }

    static func liveAction<S: EntityStore>(_ id: String, tracking: Tracking, store: S) throws -> String {
        // The same checks and words as `liveDefinition`, through the store's
        // answer for actions (no copy of the definition per event).
        let actual: Tracking?
        switch try store.actionStatus(id) {
        case .missing:
            throw InputError(field: "data.action_id", rule: "no action with id \"\(id)\"", broken: .noSuchID(kind: "action", id: id))
        case .deleted(let del):
            throw InputError(
                field: "data.action_id", rule: "action \"\(id)\" was deleted at seq \(del)",
                broken: .deletedAt(kind: "action", id: id, seq: del))
        case .live(let t): actual = t
        }
        if actual != tracking {
            let has = tracking == .time ? "count" : "time"
            let what = tracking == .time ? "a timed session" : "a count"
            throw InputError(
                field: "data.action_id", rule: "action \"\(id)\" tracks \(has), so it cannot take \(what)",
                broken: .tracksOther(action: id, tracks: has))
        }
        return id
    }

    /// The action a new record (a count, a session recorded whole) is for.
    /// In a merge, one deleted on another device takes it still: the record
    /// waits, uncounted as every record of a deleted action is, and counts
    /// again when the action is restored.
    /// - Returns: the action, and whether the record waits for it (only in a
    ///   merge: otherwise a deleted action is refused, one status read).
    static func recordAction<S: EntityStore>(_ id: String, tracking: Tracking, store: S, merged: Bool) throws -> (id: String, waits: Bool) {
        if merged, case .deleted = try store.actionStatus(id) {
            let d = try store.definition(.action, id)
            if d?.base.choice(.tracking, as: Tracking.self) == tracking { return (id, true) }
        }
        return (try liveAction(id, tracking: tracking, store: store), false)
    }

    /// How far a stopped session may run on to `at` (a later stop of it on
    /// another device, which had not seen the first): to `at` — unless a
    /// session of its action started after it ended, which has that time
    /// (sessions of one action that overlap both count, as in the app: a
    /// run-on must not make one overlap).
    static func extensionEnd<S: EntityStore>(of s: SessionRecord, to at: Instant, store: S) throws -> Instant {
        guard let end = s.end else { return at }
        // A session of the action that starts after this one ended (here or
        // on another device) has the time from there: no run-on into it.
        if let later = try store.latestStart(action: s.actionID), later >= end, later > s.start { return end }
        return at
    }

    /// Keeps `latestStart` for the action of a new session.
    @inline(__always)
    static func noteStart<S: EntityStore>(_ s: SessionRecord, store: inout S) throws {
        if let latest = try store.latestStart(action: s.actionID), latest >= s.start { return }
        try store.setLatestStart(action: s.actionID, s.start)
    }

    /// `name (2)`, `name (3)` …: the first no live definition of `kind` has.
    static func freeName<S: EntityStore>(_ kind: DefinitionKind, _ name: String, store: S) throws -> String {
        var k = 2
        while try store.liveDefinitionID(kind, named: "\(name) (\(k))") != nil { k += 1 }
        return "\(name) (\(k))"
    }

    static func requireNewSession<S: EntityStore>(_ id: String, store: S) throws {
        if let old = try store.session(id) {
            throw InputError(
                field: "data.session_id", rule: "session \"\(id)\" already exists (seq \(old.createdSeq)); ids are never reused")
        }
    }

    static func existingSession<S: EntityStore>(_ id: String, store: S) throws -> SessionRecord {
        guard let s = try store.session(id) else { throw InputError(field: "data.session_id", rule: "no session with id \"\(id)\"") }
        guard s.status != .deleted else { throw InputError(field: "data.session_id", rule: "session \"\(id)\" was deleted") }
        return s
    }

    static func existingCount<S: EntityStore>(_ id: String, store: S) throws -> CountRecord {
        guard let c = try store.count(id) else { throw InputError(field: "data.entry_id", rule: "no count entry with id \"\(id)\"") }
        guard !c.deleted else { throw InputError(field: "data.entry_id", rule: "count entry \"\(id)\" was deleted") }
        return c
    }
}
