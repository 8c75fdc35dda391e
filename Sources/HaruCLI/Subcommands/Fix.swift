import HaruLedger

/// Fixing a record in one command: `edit`, `delete`, `cancel`. A record is
/// named by a REF as `haru records` shows it (the start of its id) or `@N`
/// (the N-th most recent). Each writes one correction event, now.
extension Subcommands {
    static let refArgument = ("REF", "The record: the start of its id as `haru records` shows it, or @1 (the most recent), @2 …")

    static let edit = Command(
        name: "edit", abstract: "Correct a session or a count.",
        usage: "edit REF [--start TIME] [--end TIME] [--at TIME] [--amount N] [--note TEXT] [--yes]",
        arguments: [refArgument],
        options: [
            OptionSpec(.start, value: "TIME", help: "A session's new start (07:30, \"yesterday 21:00\", -30m …)."),
            OptionSpec(.end, value: "TIME", help: "A session's new end (not while it runs: stop it instead)."),
            OptionSpec(.at, value: "TIME", help: "A count's new time."),
            OptionSpec(.amount, value: "N", help: "A count's new amount, 1 … 999."),
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
            var data: [(String, JSONValue)]
            let name = ctx.name(of: .action, row.actionID, in: ledger)
            switch row.kind {
            case .session:
                if p.value(.at) != nil { throw UsageError("a session takes --start and --end; --at is a count's time") }
                if p.value(.amount) != nil { throw UsageError("a session has no amount; --amount is for counts") }
                if row.state == .running, p.value(.end) != nil {
                    throw UsageError("\(name) is still running; stop it with: haru stop \(ShellWord.quoted(name)) --at TIME")
                }
                data = [("session_id", .string(row.id))]
                var start = try time(.start)
                var end = try time(.end, after: start ?? row.start)
                // A session whose times are edited becomes whole minutes at both ends, as in the
                // app's editor: the seconds a timer left in the other end go too.
                if start != nil || end != nil {
                    if start == nil, cal.flooredToMinute(row.start) != row.start { start = cal.flooredToMinute(row.start) }
                    if end == nil, row.state != .running, let e = row.end, cal.flooredToMinute(e) != e { end = cal.flooredToMinute(e) }
                }
                if let start { data.append(("start", .string(cal.format(start)))) }
                if let end { data.append(("end", .string(cal.format(end)))) }
                if start != nil || end != nil, let until = end ?? row.end {
                    let from = start ?? row.start
                    // Said here in the ledger's zone (the fold's own refusal speaks UTC instants).
                    guard until > from else {
                        throw UsageError(
                            "the session would end (\(cal.format(until))) before it starts (\(cal.format(from))); a session must end after it starts"
                        )
                    }
                    let nextDay = end.map { cal.day(of: $0) > cal.day(of: from) } ?? false
                    try ctx.confirmLongSession(
                        name, seconds: until.seconds - from.seconds, ledger: ledger, yes: p.has(.yes),
                        why: nextDay && p.value(.end).map(HumanTime.isClockTime) == true
                            ? " (\(p.value(.end)!) is taken as the first \(p.value(.end)!) after the start: \(cal.format(end!)))" : "")
                }
            case .count:
                if p.value(.start) != nil || p.value(.end) != nil {
                    throw UsageError("a count has one time: give --at, not --start or --end")
                }
                data = [("entry_id", .string(row.id))]
                if let a = p.value(.amount) {
                    guard let n = Int64(a) else { throw UsageError("--amount: \(Echo.quoted(a)) is not a whole number") }
                    data.append(("amount", .int(n)))
                }
                if let t = try time(.at) { data.append(("time", .string(cal.format(t)))) }
            }
            if let n = p.value(.note) { data.append(("note", n.isEmpty ? .null : .string(n))) }
            guard data.count > 1 else {
                throw UsageError("nothing to change: give \(row.kind == .session ? "--start, --end" : "--at, --amount") or --note")
            }
            guard row.state == .recorded || row.state == .running else {
                throw UsageError("that \(row.kind.rawValue) was \(row.state.rawValue); it cannot be edited")
            }
            let e = try ctx.event(row.kind == .session ? .sessionEdited : .countEdited, at: now, data: data)
            let r = try ctx.append([e])
            ctx.report(
                r, json: [("type", .string(e.type.name)), ("id", .string(row.id))],
                human: "Edited \(name) \(row.kind.rawValue) \(row.ref).")
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
            guard row.state == .recorded || row.state == .running else {
                throw UsageError("that \(row.kind.rawValue) was \(row.state.rawValue) already")
            }
            let name = ctx.name(of: .action, row.actionID, in: ledger)
            let e = try ctx.event(
                row.kind == .session ? .sessionDeleted : .countDeleted, at: now,
                data: [(row.kind == .session ? "session_id" : "entry_id", .string(row.id))])
            let r = try ctx.append([e])
            let cal = try ctx.calendar(ledger)
            let what =
                row.kind == .session
                ? "\(name) session \(row.ref) (from \(cal.format(row.start)))"
                : "\(name) count \(row.ref) (×\(row.amount ?? 0) at \(cal.format(row.start)))"
            ctx.report(r, json: [("type", .string(e.type.name)), ("id", .string(row.id))], human: "Deleted \(what).")
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
            let session = try ctx.runningSession(p.positionals.first, ledger: ledger, verb: "cancel")
            let name = ctx.name(of: .action, session.actionID, in: ledger)
            let e = try ctx.event(
                .sessionDiscarded, at: max(now, session.start),
                data: [("session_id", .string(session.id)), ("reason", .string("cancelled"))])
            let r = try ctx.append([e])
            ctx.report(
                r, json: [("session_id", .string(session.id)), ("discarded", .bool(true))],
                human: "Cancelled \(name) (running since \(try ctx.calendar(ledger).format(session.start))): nothing counted.")
            return ExitCode.ok
        })
}

extension Context {
    /// The record a REF names, at the ledger's head.
    func record(_ ref: String, ledger: Ledger, now: Instant) throws -> RecordRow {
        try ledger.snapshot(zones: zones) { snap in
            do { return try RecordRef.resolve(snap, ref, reference: .live(now: now)) } catch let e as RecordRef.Unresolved {
                throw UsageError(e.message)
            }
        }
    }

    /// The running session of `action` (or the only one), for stop and cancel.
    func runningSession(_ action: String?, ledger: Ledger, verb: String) throws -> SessionRecord {
        let running = try ledger.runningSessions()
        if let a = action {
            let d = try resolve(.action, a, in: ledger)
            guard let s = running.first(where: { $0.actionID == d.id }) else {
                throw UsageError(.notRunning, d.fields().name ?? d.id)
            }
            return s
        }
        guard running.count == 1 else {
            if running.isEmpty { throw UsageError(.nothingRunning) }
            throw UsageError("\(running.count) sessions are running; name the action to \(verb)")
        }
        return running[0]
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
                let type: EventType
                switch d.kind {
                case .tag: type = .tagRestored
                case .action: type = .actionRestored
                case .goal: type = .goalRestored
                case .quest: type = .questRestored
                case .diary: type = .diaryRestored
                case .todo: type = .todoRestored
                case .device: throw UsageError("a device's preferences are never deleted; change them with haru prefs set")
                }
                let e = try ctx.event(type, at: now, data: [(d.kind.idField.jsonName, .string(d.id))])
                let r = try ctx.append([e])
                let name = d.fields().label ?? d.id
                ctx.report(r, json: [("type", .string(type.name)), ("id", .string(d.id))], human: "Restored \(d.kind.word) \(name).")
                return ExitCode.ok
            }
            // Else a deleted record.
            let row: RecordRow
            do { row = try ctx.record(text, ledger: ledger, now: now) } catch is UsageError {
                throw UsageError(
                    "nothing deleted is called \(Echo.quoted(text)): give a deleted tag's, action's or goal's name or id, or a deleted record's ref (`haru records --all` shows them)"
                )
            }
            guard row.state == .deleted else {
                throw UsageError(
                    "\(row.kind.rawValue) \(row.ref) is \(row.state == .recorded ? "not deleted" : row.state.rawValue); nothing to restore")
            }
            let e = try ctx.event(
                row.kind == .session ? .sessionRestored : .countRestored, at: now,
                data: [(row.kind == .session ? "session_id" : "entry_id", .string(row.id))])
            let r = try ctx.append([e])
            ctx.report(
                r, json: [("type", .string(e.type.name)), ("id", .string(row.id))],
                human: "Restored \(ctx.name(of: .action, row.actionID, in: ledger)) \(row.kind.rawValue) \(row.ref).")
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
                let steps = try ledger.snapshot(zones: ctx.zones) { snap in try Undo.steps(snap, now: now, zones: ctx.zones, limit: 10) }
                if ctx.json {
                    ctx.printJSON(
                        .array(
                            steps.map { s in
                                .object(
                                    [("seq", .int(Int64(s.event.seq))), ("type", .string(s.event.type.name))]
                                        + (s.compensation.map { [("undo_with", .string($0.type.name))] } ?? [
                                            ("passed_over", .string(s.why ?? ""))
                                        ]))
                            }))
                    return ExitCode.ok
                }
                guard !steps.isEmpty else {
                    ctx.out.line("Nothing to undo: no change made from the command line is left to reverse.")
                    return ExitCode.ok
                }
                for s in steps {
                    let what = "seq \(s.event.seq)  \(s.event.type.name) at \(cal.format(s.event.at))"
                    ctx.out.line(s.compensation.map { "\(what)  → undo with \($0.type.name)" } ?? "\(what)  (passed over: \(s.why ?? ""))")
                }
                return ExitCode.ok
            }
            let (target, compensation, passed) = try ledger.snapshot(zones: ctx.zones) { snap in
                try Undo.plan(snap, now: now, zones: ctx.zones)
            }
            var e = compensation
            e.source = "cli:undo:\(target.seq)"
            let r = try ctx.append([e])
            for s in passed { ctx.invocation.err.line("Note: passed over seq \(s.event.seq) (\(s.event.type.name)): \(s.why ?? "")") }
            ctx.report(
                r,
                json: [
                    ("undid", .int(Int64(target.seq))), ("type", .string(e.type.name)),
                    ("passed_over", .array(passed.map { .int(Int64($0.event.seq)) })),
                ],
                human: "Undid seq \(target.seq) (\(target.type.name) at \(cal.format(target.at))) with \(e.type.name).")
            return ExitCode.ok
        })
}

/// What `haru undo` reverses and how.
enum Undo {
    /// A command-line change not undone yet: its reversal, or why it cannot be reversed.
    struct Step {
        var event: Event
        var compensation: EventInput?
        var why: String?
    }

    /// The command-line changes not undone yet, most recent first, up to
    /// `limit` of them that can be reversed (and those passed over on the
    /// way). A change that cannot be reversed is passed over, and so is every
    /// earlier change of the same entity: taking back a session's start
    /// beneath its stop would delete what the stop made.
    static func steps(_ snap: Snapshot, now: Instant, zones: ZoneDirectory, limit: Int) throws -> [Step] {
        var undone = Set<UInt64>()
        var blocked: [String: UInt64] = [:]
        var out: [Step] = []
        var reversible = 0
        var seq = snap.knownAt
        var looked = 0
        while seq >= 1, looked < 100_000, reversible < limit {
            defer { seq -= 1; looked += 1 }
            guard let e = try snap.event(seq) else { break }
            // Another device's changes (pulled by `haru sync`) are undone there,
            // and their `cli:undo:SEQ` names a seq of that device's log.
            if e.origin != nil { continue }
            if e.source.hasPrefix("cli:undo:"), let n = UInt64(e.source.dropFirst("cli:undo:".count)) {
                undone.insert(n)
                continue
            }
            guard e.source == "cli", !undone.contains(seq) else { continue }
            let entity = e.payload.entityID(of: e.type)
            if let entity, let later = blocked[entity] {
                out.append(
                    Step(
                        event: e, compensation: nil,
                        why: "seq \(later) changed the same \(e.type.name.split(separator: ".")[0]) and cannot be undone"))
                continue
            }
            do {
                out.append(Step(event: e, compensation: try compensation(for: e, snap, now: now, zones: zones), why: nil))
                reversible += 1
            } catch let refusal as NotReversible {
                if let entity { blocked[entity] = e.seq }
                out.append(Step(event: e, compensation: nil, why: refusal.why))
            }
        }
        return out
    }

    /// The most recent command-line change that can be reversed, its
    /// compensating event, and the changes passed over to reach it.
    static func plan(_ snap: Snapshot, now: Instant, zones: ZoneDirectory) throws -> (Event, EventInput, [Step]) {
        let steps = try steps(snap, now: now, zones: zones, limit: 1)
        guard let target = steps.last, let compensation = target.compensation else {
            if let last = steps.last { throw UsageError("nothing to undo that can be reversed: seq \(last.event.seq) \(last.why ?? "")") }
            throw UsageError("nothing to undo: no change made from the command line is left to reverse")
        }
        return (target.event, compensation, Array(steps.dropLast()))
    }

    /// Why a change is not reversed by a compensating event, and what to use instead.
    struct NotReversible: Error {
        var why: String
    }

    static func compensation(for e: Event, _ snap: Snapshot, now: Instant, zones: ZoneDirectory) throws -> EventInput {
        func make(_ type: EventType, at: Instant = now, _ data: [(String, JSONValue)]) throws -> EventInput {
            EventInput(type: type, at: at, source: "cli", payload: try Payload.parse(.object(data), type: type, zones: zones))
        }
        let field = e.type.entityField
        let id = e.payload.entityID(of: e.type) ?? ""
        let key = field?.jsonName ?? ""
        switch e.type {
        case .tagCreated: return try make(.tagDeleted, [(key, .string(id))])
        case .actionCreated: return try make(.actionDeleted, [(key, .string(id))])
        case .goalCreated: return try make(.goalDeleted, [(key, .string(id))])
        case .questCreated: return try make(.questDeleted, [(key, .string(id))])
        case .tagDeleted: return try make(.tagRestored, [(key, .string(id))])
        case .actionDeleted: return try make(.actionRestored, [(key, .string(id))])
        case .goalDeleted: return try make(.goalRestored, [(key, .string(id))])
        case .questDeleted: return try make(.questRestored, [(key, .string(id))])
        case .tagRestored: return try make(.tagDeleted, [(key, .string(id))])
        case .actionRestored: return try make(.actionDeleted, [(key, .string(id))])
        case .goalRestored: return try make(.goalDeleted, [(key, .string(id))])
        case .questRestored: return try make(.questDeleted, [(key, .string(id))])
        case .diaryDeleted: return try make(.diaryRestored, [(key, .string(id))])
        case .diaryRestored: return try make(.diaryDeleted, [(key, .string(id))])
        case .todoAdded, .todoRestored: return try make(.todoDeleted, [(key, .string(id))])
        case .todoDeleted: return try make(.todoRestored, [(key, .string(id))])
        case .todoDone: return try make(.todoUndone, [(key, .string(id))])
        case .todoUndone: return try make(.todoDone, [(key, .string(id))])
        case .devicePreferencesChanged:
            // The preferences it changed, set back to what they were (none, for the first).
            guard let device = try snap.definition(.device, id) else {
                throw NotReversible(why: "the device's preferences are not in the state")
            }
            let before = device.created.seq == e.seq ? Payload() : device.fields(justBefore: Dated(seq: e.seq, at: e.at))
            var data: [(String, JSONValue)] = [(key, .string(id))]
            for (f, _) in e.payload.fields where f != .deviceID {
                data.append((f.jsonName, before.strings(f).map { .array($0.map { .string($0) }) } ?? .null))
            }
            return try make(.devicePreferencesChanged, at: e.at, data)
        case .diaryWritten:
            // The first writing of a page: taken away. A page written again:
            // written back as it was just before (a page is written whole).
            guard let page = try snap.definition(.diary, id), page.created.seq != e.seq else {
                return try make(.diaryDeleted, [(key, .string(id))])
            }
            let before = page.fields(justBefore: Dated(seq: e.seq, at: e.at))
            guard case .object(let members) = before.json(type: .diaryWritten, instant: { "\($0)" }) else {
                throw NotReversible(why: "the page before it cannot be written")
            }
            // Made from the page as that write left it: only what it changed
            // is taken back; what another device wrote meanwhile stays (`PageMerge`).
            let versions = PageMerge.versions(of: page)
            let after = page.edits.firstIndex { $0.when.seq == e.seq }.map { versions[$0 + 1] }
            return try make(.diaryWritten, at: e.at, members + (after.map { [("base", .string(PageMerge.digest($0)))] } ?? []))
        case .sessionDeleted: return try make(.sessionRestored, [(key, .string(id))])
        case .sessionRestored: return try make(.sessionDeleted, [(key, .string(id))])
        case .countAdded: return try make(.countDeleted, [(key, .string(id))])
        case .countDeleted: return try make(.countRestored, [(key, .string(id))])
        case .countRestored: return try make(.countDeleted, [(key, .string(id))])
        case .sessionRecorded: return try make(.sessionDeleted, [(key, .string(id))])
        case .sessionStarted:
            // Still running: discarded, as if never started; since stopped: deleted.
            let running = try snap.runningSessions().contains { $0.id == id }
            return running
                ? try make(.sessionDiscarded, at: max(now, e.at), [(key, .string(id)), ("reason", .string("undone"))])
                : try make(.sessionDeleted, [(key, .string(id))])
        case .tagEdited, .actionEdited, .goalEdited, .questEdited, .sessionEdited, .countEdited, .todoEdited:
            // The fields it changed, set back to what they were, at the same effective time.
            guard let subject = try? Resolver.subject(id, in: snap, reference: .live(now: now)),
                let entry = try EntityHistory.entries(snap, subject, records: false).first(where: { $0.event.seq == e.seq })
            else { throw NotReversible(why: "its \(e.type.name) is no longer in the state") }
            var data: [(String, JSONValue)] = [(key, .string(id))]
            let cal = try snap.calendar()
            var nested: [String: [(String, JSONValue)]] = [:]
            for c in entry.changes {
                let value: JSONValue = c.from.map { Payload.render(c.field, $0, instant: cal.format) } ?? .null
                if let parent = c.field.parentName {
                    nested[parent, default: []].append((c.field.leafName, value))
                } else {
                    data.append((c.field.jsonName, value))
                }
            }
            for (parent, members) in nested { data.append((parent, .object(members))) }
            let type = e.type
            return try make(type, at: type == .sessionEdited || type == .countEdited ? now : e.at, data)
        case .sessionStopped:
            throw NotReversible(why: "a stop is not undone; set its end with: haru edit REF --end TIME")
        case .sessionDiscarded:
            throw NotReversible(why: "a discard is not undone; record the session again with the times it had")
        case .goalFinished, .goalConfirmed:
            throw NotReversible(
                why:
                    "\(e.type == .goalFinished ? "a finish" : "a confirmation") is not undone; give the goal an end date with haru goal edit"
            )
        case .settingsChanged:
            throw NotReversible(why: "a settings change is not undone; change them back with haru settings set")
        case .ledgerRedacted:
            throw NotReversible(why: "a redaction is not undone: the text it removed is gone for good")
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
                let span = "\(cal.format(o.start)) – \(o.end.map { cal.format($0) } ?? "running")"
                invocation.err.line(
                    "Warning: this session overlaps session \(o.ref) of the same action (\(span)); both count. "
                        + "If one is wrong: haru edit \(o.ref) --start TIME --end TIME, or haru delete \(o.ref)")
            }
        }
    }
}
