import HaruLedger

/// Fixing a record in one command: `edit`, `delete`, `cancel`. A record is
/// named by a REF as `haru records` shows it (the start of its id) or `@N`
/// (the N-th most recent). Each writes one correction event, now.
extension Subcommands {
    static let refArgument = ("REF", "The record: the start of its id as `haru records` shows it, or @1 (the most recent), @2 …")

    static let edit = Command(
        name: "edit", abstract: "Correct a session or a count.",
        usage: "edit REF [--start] [--end] [--at] [--amount] [--note] [--yes]",
        arguments: [refArgument],
        options: [
            OptionSpec(.start, value: "TIME", help: "A session's new start (07:30, \"yesterday 21:00\", -30m …)."),
            OptionSpec(.end, value: "TIME", help: "A session's new end (not while it runs: stop it instead)."),
            OptionSpec(.at, value: "TIME", help: "A count's new time."),
            OptionSpec(.amount, value: "N", help: "A count's new amount, 1 … 999 (7.6 for an action with decimals)."),
            OptionSpec(.note, value: "TEXT", help: "A new note; \"\" removes it."),
            OptionSpec(.yes, help: "Write a session longer than the long-session limit without asking."),
        ],
        discussion: """
            A correction: once known it applies to every view (as of any time), and `haru history REF`
            shows the change. A clock time alone belongs to the record's own logical day, not today's:
            `--start 07:10` moves the start within that day, and `--end 08:00` is the first 08:00 after
            the start. Times are whole minutes, as in the app's editor: what is typed is cut to the
            minute, and a session whose start or end is edited loses the seconds a timer left in its
            other end (13:00:12–14:32:47 edited to start at 13:32 is 13:32–14:32, an hour). A session
            that would come out longer than the long-session limit (long_session_hours) is asked
            about on a terminal and refused elsewhere without --yes.
            """,
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let now = try ctx.clockNow()
            let cal = try ctx.calendar(ledger)
            let row = try ctx.record(p.positionals[0], ledger: ledger, now: now)
            // A clock time alone is said of the record's own logical day.
            let ownDay = cal.day(of: row.start)
            // Typed times are whole minutes (`LedgerCalendar.flooredToMinute`).
            func time(_ key: OptionKey, after: Instant? = nil) throws -> Instant? {
                try p.value(key).map {
                    cal.flooredToMinute(try ctx.humanInstant($0, option: key.name, calendar: cal, now: now, day: ownDay, after: after))
                }
            }
            let name = ctx.name(of: .action, row.actionID, in: ledger)
            let note: Edit<String>? = p.value(.note).map { $0.isEmpty ? .clear : .set($0) }
            let change: RecordChange
            switch row.kind {
            case .session:
                if p.value(.at) != nil { throw UsageError(Refusal.sessionNoAt) }
                if p.value(.amount) != nil { throw UsageError(Refusal.sessionNoAmount) }
                if row.state == .running, p.value(.end) != nil {
                    throw UsageError(Refusal.stillRunning, name, ShellWord.quoted(name))
                }
                let start = try time(.start)
                change = .session(start: start, end: try time(.end, after: start ?? row.start), note: note)
            case .count:
                if p.value(.start) != nil || p.value(.end) != nil {
                    throw UsageError(Refusal.countHasOneTime)
                }
                // In the action's decimal places: `--amount 7.6` is 76 tenths.
                let decimals = try ledger.withStoredState { try $0.definition(.action, row.actionID)?.base.int(.decimals) } ?? 0
                let amount = try p.value(.amount).map { a in
                    try Parsed.amount(
                        a, decimals: Int(decimals), label: "--amount", action: name, oneCount: true,
                        otherwise: UsageError(Refusal.notAWholeNumber, "--amount", Echo.quoted(a)))
                }
                change = .count(amount: amount, time: try time(.at), note: note)
            }
            // An end typed as a clock time that lands on the next day is said so.
            let typedEnd = p.value(.end)
            let edited: Corrected
            do {
                edited = try ctx.operateAskingLong(
                    yes: p.has(.yes),
                    why: { start, end, w in
                        guard let typedEnd, HumanTime.isClockTime(typedEnd), cal.day(of: end) > cal.day(of: start) else { return "" }
                        return w(Refusal.longFirstAfter, typedEnd, cal.format(end))
                    }
                ) { ledger, now, rng, long in
                    try ledger.edit(recordID: row.id, change, allowLong: long, source: Context.source, now: now, rng: &rng)
                }
            } catch let e as OperationError {
                switch e {
                case .nothingToChange:
                    throw UsageError(row.kind == .session ? Refusal.nothingToChangeSession : Refusal.nothingToChangeCount)
                case .recordGone(let kind, let state):
                    throw UsageError { w in w(Refusal.recordWas, w.entity(kind.rawValue), w.recordState(state.rawValue)) }
                case .endsBeforeStart(let from, let until):
                    // Said here in the ledger's zone (the fold's own refusal speaks UTC instants).
                    throw UsageError(Refusal.endsBeforeStart, cal.format(until), cal.format(from))
                default: throw e
                }
            }
            ctx.report(
                edited.written, json: [("type", .string(edited.eventType.name)), ("id", .string(row.id))],
                human: ctx.words(row.kind == .session ? Done.editedSession : Done.editedCount, name, row.ref))
            if row.kind == .session { try ctx.warnOverlaps(row.id, ledger: ledger, now: now) }
            return ExitCode.ok
        })

    static let delete = Command(
        name: "delete", abstract: "Delete a session or a count.",
        usage: "delete REF",
        arguments: [refArgument],
        discussion:
            "A correction: the record leaves every total (the event stays in the ledger; `haru records --all` still lists it, marked).",
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let now = try ctx.clockNow()
            let row = try ctx.record(p.positionals[0], ledger: ledger, now: now)
            let name = ctx.name(of: .action, row.actionID, in: ledger)
            let deleted: Corrected
            do {
                deleted = try ctx.operate { ledger, now, rng in try ledger.deleteRecord(row.id, source: Context.source, now: now, rng: &rng)
                }
            } catch OperationError.recordGone(let kind, let state) {
                throw UsageError { w in w(Refusal.recordWasAlready, w.entity(kind.rawValue), w.recordState(state.rawValue)) }
            }
            let cal = try ctx.calendar(ledger)
            let what =
                row.kind == .session
                ? ctx.words(Done.deletedSession, name, row.ref, cal.format(row.start))
                : ctx.words(
                    Done.deletedCount, name, row.ref, try ctx.countText(Int64(row.amount ?? 0), action: row.actionID, in: ledger),
                    cal.format(row.start))
            ctx.report(deleted.written, json: [("type", .string(deleted.eventType.name)), ("id", .string(row.id))], human: what)
            return ExitCode.ok
        })

    static let cancel = Command(
        name: "cancel", abstract: "Discard a running session (started by mistake): it counts nowhere.",
        usage: "cancel [ACTION]",
        arguments: [("ACTION", "The running action; may be left out when exactly one session runs.")],
        discussion: "Writes session.discarded: the session stays in the ledger (`haru records --all`) and counts nowhere.",
        maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let now = try ctx.clockNow()
            let actionID = try p.positionals.first.map { try ctx.resolve(.action, $0, in: ledger).id }
            let cancelled: Stopped
            do {
                cancelled = try ctx.operate { ledger, now, rng in
                    try ledger.cancel(actionID: actionID, source: Context.source, now: now, rng: &rng)
                }
            } catch let e as OperationError {
                throw try ctx.runningWords(e, verb: "cancel", ledger: ledger) ?? e
            }
            let name = ctx.name(of: .action, cancelled.actionID, in: ledger)
            ctx.report(
                cancelled.written, json: [("session_id", .string(cancelled.sessionID)), ("discarded", .bool(true))],
                human: ctx.words(Done.cancelled, name, try ctx.calendar(ledger).format(cancelled.start)))
            return ExitCode.ok
        })
}

extension Context {
    /// The record a REF names, at the ledger's head.
    func record(_ ref: String, ledger: Ledger, now: Instant) throws -> RecordRow {
        try ledger.snapshot(zones: zones) { snap in
            do { return try RecordRef.resolve(snap, ref, reference: .live(now: now)) } catch let e as RecordRef.Unresolved {
                throw UsageError(e.reason)
            }
        }
    }
}

extension Subcommands {
    static let restore = Command(
        name: "restore", abstract: "Take a deletion back: a tag, action, goal, quest, session or count comes back.",
        usage: "restore NAME|ID|REF",
        arguments: [
            ("NAME|ID|REF", "A deleted definition's name, title or id, or a deleted record's ref (`haru records --all` shows them).")
        ],
        discussion: """
            Writes the matching *.restored event: a correction, so every view counts the entity (and an
            action's records) again. A tag or action comes back only while no live one has its name.
            """,
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let now = try ctx.clockNow()
            let text = p.positionals[0]
            // A deleted definition: by id, else by name or title (the one deleted last).
            let deleted = try ledger.withStoredState { store in
                try DefinitionKind.allCases.flatMap { try store.definitions($0) }.filter { !$0.isLive }
            }
            let byID = deleted.filter { $0.id == text }
            let byName = deleted.filter { ($0.fields().label) == text }
            if let d = (byID.isEmpty ? byName : byID).max(by: { ($0.deletedSeq ?? 0) < ($1.deletedSeq ?? 0) }) {
                let restored: DefinitionChanged
                do {
                    restored = try ctx.operate { ledger, now, rng in
                        try ledger.restore(d.kind, id: d.id, source: Context.source, now: now, rng: &rng)
                    }
                } catch OperationError.neverDeleted {
                    throw UsageError(Refusal.prefsNeverDeleted)
                }
                let name = d.fields().label ?? d.id
                ctx.report(
                    restored.written, json: [("type", .string(restored.eventType.name)), ("id", .string(d.id))],
                    human: ctx.words(Done.restored, ctx.words.kind(d.kind), name))
                return ExitCode.ok
            }
            // Else a deleted record.
            let row: RecordRow
            do { row = try ctx.record(text, ledger: ledger, now: now) } catch is UsageError {
                throw UsageError(Refusal.nothingDeletedCalled, Echo.quoted(text))
            }
            let restored: Corrected
            do {
                restored = try ctx.operate { ledger, now, rng in
                    try ledger.restoreRecord(row.id, source: Context.source, now: now, rng: &rng)
                }
            } catch OperationError.notDeleted(let kind, let state) {
                throw UsageError { w in
                    w(
                        Refusal.notDeletedNothingToRestore, w.entity(kind.rawValue), row.ref,
                        w.recordState(state == .recorded ? "not deleted" : state.rawValue))
                }
            }
            ctx.report(
                restored.written, json: [("type", .string(restored.eventType.name)), ("id", .string(row.id))],
                human: ctx.words(
                    row.kind == .session ? Done.restoredSession : Done.restoredCount, ctx.name(of: .action, row.actionID, in: ledger),
                    row.ref))
            return ExitCode.ok
        })
}

extension Subcommands {
    static let undo = Command(
        name: "undo", abstract: "Reverse the last change made from the command line, with a compensating event.",
        usage: "undo [--list]",
        options: [
            OptionSpec(.list, help: "Show what undo would take back, most recent first, and what it would pass over; change nothing.")
        ],
        discussion: """
            Nothing is removed: undo appends the event that reverses the most recent change written by
            a haru command (not by `append` or an import) and not undone yet: a creation is deleted, a
            deletion restored, an edit edited back (at the same effective time), a started session
            discarded, a recorded session or a count deleted. A stop, a discard, a finish, a
            confirmation, a settings change and a redaction cannot be reversed this way: undo passes
            over them (and over earlier changes of the same thing) to the most recent change it can
            take back, and says what it passed over and what to use instead. Each undo reverses one
            change further back.
            """,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let now = try ctx.clockNow()
            let cal = try ctx.calendar(ledger)
            if p.has(.list) {
                let steps = try ledger.undoSteps(source: Context.source, limit: 10, now: try ctx.nowMicros())
                if ctx.json {
                    ctx.printJSON(
                        .array(
                            steps.map { s in
                                .object(
                                    [("seq", .int(Int64(s.event.seq))), ("type", .string(s.event.type.name))]
                                        + (s.compensation.map { [("undo_with", .string($0.type.name))] } ?? [
                                            ("passed_over", .string(s.refusal.map { Undo.words($0, .english) } ?? ""))
                                        ]))
                            }))
                    return ExitCode.ok
                }
                guard !steps.isEmpty else {
                    ctx.out.line(ctx.words(Done.nothingToUndo))
                    return ExitCode.ok
                }
                for s in steps {
                    let w = ctx.words
                    let what = w(Done.undoListed, String(s.event.seq), s.event.type.name, cal.format(s.event.at))
                    ctx.out.line(
                        s.compensation.map { what + "  " + w(Done.undoWith, $0.type.name) }
                            ?? what + "  " + w(Done.undoPassed, s.refusal.map { Undo.words($0, w) } ?? ""))
                }
                return ExitCode.ok
            }
            let undone: Undone
            do {
                undone = try ctx.operate { ledger, now, rng in try ledger.undo(source: Context.source, now: now, rng: &rng) }
            } catch OperationError.nothingToUndo(let seq, let refusal) {
                if let seq { throw UsageError(Done.nothingReversible, String(seq), refusal.map { Undo.words($0, ctx.words) } ?? "") }
                throw UsageError(Done.nothingToUndoError)
            }
            for s in undone.passedOver {
                ctx.invocation.err.line(
                    ctx.words(Done.passedOver, String(s.event.seq), s.event.type.name, s.refusal.map { Undo.words($0, ctx.words) } ?? ""))
            }
            let target = undone.target
            ctx.report(
                undone.written,
                json: [
                    ("undid", .int(Int64(target.seq))), ("type", .string(undone.compensation.name)),
                    ("passed_over", .array(undone.passedOver.map { .int(Int64($0.event.seq)) })),
                ],
                human: ctx.words(Done.undid, String(target.seq), target.type.name, cal.format(target.at), undone.compensation.name))
            return ExitCode.ok
        })
}

/// Why `haru undo` passes over a change, in the command line's words.
enum Undo {
    static func words(_ r: UndoRefusal, _ w: Words) -> String {
        switch r {
        case .blocked(let seq, let entity): w(Done.undoBlocked, String(seq), w.entity(entity))
        case .stop: w(Done.undoStop)
        case .discard: w(Done.undoDiscard)
        case .finish: w(Done.undoFinish)
        case .confirmation: w(Done.undoConfirmation)
        case .settingsChange: w(Done.undoSettings)
        case .redaction: w(Done.undoRedaction)
        case .notInState(.devicePreferencesChanged): w(Done.undoPreferences)
        case .notInState(let type): w(Done.undoNotInState, type.name)
        }
    }
}

extension Context {
    /// Warns (stderr) when a session shares time with another session of its
    /// action: valid (the app allows it and sums by overlap, imported data may
    /// hold it), but from a terminal usually a forgotten timer or a typo.
    func warnOverlaps(_ sessionID: String, ledger: Ledger, now: Instant) throws {
        try ledger.snapshot(zones: zones) { snap in
            guard let s = try snap.entities.session(sessionID), s.status == .stopped || s.status == .running else { return }
            let end = (s.end ?? now).seconds
            let rows = try RecordList.read(
                snap, span: s.start.seconds..<max(end, s.start.seconds + 1), reference: .live(now: now), actions: [s.actionID], all: false)
            guard let me = rows.first(where: { $0.id == sessionID }) else { return }
            let cal = try snap.calendar()
            for other in me.overlaps {
                guard let o = rows.first(where: { $0.id == other }) else { continue }
                let span = "\(cal.format(o.start)) – \(o.end.map { cal.format($0) } ?? words(Done.running))"
                invocation.err.line(words(Done.overlapWarning, o.ref, span))
            }
        }
    }
}
