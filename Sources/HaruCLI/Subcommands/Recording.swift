import HaruLedger

extension Subcommands {
    static let atOption = OptionSpec(
        .at, value: "TIME",
        help:
            "When it happened, in the ledger's zone: 07:30, \"yesterday 21:00\", -30m, 2026-03-04T07:30, or with an offset (default: now).")
    /// `--at` of a record: typed times are whole minutes (`Context.recordTime`).
    static let recordAtOption = OptionSpec(
        .at, value: "TIME",
        help:
            "When it happened, in the ledger's zone: 07:30, \"yesterday 21:00\", -30m, 2026-03-04T07:30, or with an offset; cut to the minute (default: now, to the second)."
    )
    static let noteOption = OptionSpec(.note, value: "TEXT", help: "A private note (never shown in logs or errors).")

    static let start = Command(
        name: "start", abstract: "Start a timed session of an action.",
        usage: "start ACTION [--at] [--note] [--id] [--future] [--yes]",
        arguments: [("ACTION", "The action's id or unique name.")],
        options: [
            recordAtOption, noteOption, OptionSpec(.id, value: "ID", help: "The session id (default: a new UUID)."),
            OptionSpec(.future, help: "Allow a start more than a day ahead."),
            OptionSpec(.yes, help: "Start further back than the long-session limit without asking."),
        ],
        discussion: """
            A start further back than the long-session limit (long_session_hours) is asked about on a
            terminal and refused elsewhere without --yes: a session that old is almost always a
            mistyped day. Days are logical days: before the day start, "yesterday 21:00" is the evening
            before the one that just ended; type 21:00 for that one (its latest occurrence).
            """,
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let at = try ctx.recordTime()
            let cal = try ctx.calendar(ledger)
            let action = try ctx.resolve(.action, p.positionals[0], in: ledger)
            let started: Started
            do {
                started = try ctx.operateAskingLong(
                    yes: p.has(.yes), why: { start, _, w in w(Refusal.longByNow, cal.format(start)) }
                ) { ledger, now, rng, long in
                    try ledger.start(
                        actionID: action.id, at: at, note: p.value(.note), sessionID: p.value(.id), allowFuture: p.has(.future),
                        allowLong: long, source: Context.source, now: now, rng: &rng)
                }
            } catch let e as OperationError {
                // A start more than a day ahead is almost always a typo in the date.
                if case .tooFarAhead(let at, _) = e {
                    throw UsageError(Refusal.moreThanADayAhead, cal.format(at))
                }
                throw try ctx.runningWords(e, verb: "start", ledger: ledger) ?? e
            }
            ctx.report(
                started.written,
                json: [("session_id", .string(started.sessionID)), ("action_id", .string(action.id)), ("start", .string(cal.format(at)))],
                human: ctx.words(.started, action.fields().name!, cal.format(at), started.sessionID))
            return ExitCode.ok
        })

    static let stop = Command(
        name: "stop", abstract: "Stop an action's running session.",
        usage: "stop [ACTION] [--at] [--note] [--yes]",
        arguments: [("ACTION", "The action's id or unique name; may be left out when exactly one session runs.")],
        options: [
            recordAtOption, OptionSpec(.note, value: "TEXT", help: "A private note for the session (replaces one given at the start)."),
            OptionSpec(.yes, help: "Stop a session longer than the long-session limit without asking."),
        ],
        discussion:
            "A session shorter than the min_session_seconds setting is discarded (session.discarded) instead of stopped: it stays in the ledger but counts nowhere (a --note is then not kept, and the message says so).",
        maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let at = try ctx.recordTime()
            let cal = try ctx.calendar(ledger)
            let actionID = try p.positionals.first.map { try ctx.resolve(.action, $0, in: ledger).id }
            let stopped: Stopped
            do {
                // A timer forgotten overnight: asked about, or refused without --yes (`--at` ends it when it really ended).
                stopped = try ctx.operateAskingLong(
                    yes: p.has(.yes), why: { start, _, w in w(Refusal.longRunningSince, cal.format(start)) }
                ) { ledger, now, rng, long in
                    try ledger.stop(
                        actionID: actionID, at: at, note: p.value(.note), allowLong: long, source: Context.source, now: now, rng: &rng)
                }
            } catch let e as OperationError {
                if case .endsBeforeStart(let start, let end) = e {
                    let name = ctx.name(of: .action, try actionID ?? ledger.runningSessions().first?.actionID ?? "", in: ledger)
                    throw UsageError(
                        "--at \(cal.format(end)) is before \(name) started (\(cal.format(start))); a session must end after it starts")
                }
                throw try ctx.runningWords(e, verb: "stop", ledger: ledger) ?? e
            }
            let name = ctx.name(of: .action, stopped.actionID, in: ledger)
            let seconds = stopped.seconds
            let json: [(String, JSONValue)] = [
                ("session_id", .string(stopped.sessionID)), ("discarded", .bool(stopped.discarded != nil)), ("seconds", .int(seconds)),
            ]
            switch stopped.discarded {
            case .shorterThan(let minimum):
                ctx.report(
                    stopped.written, json: json,
                    human: ctx.words(.discardedShort, name, ctx.words.duration(seconds), ctx.words.duration(Int64(minimum)))
                        + (p.value(.note) != nil ? ctx.words(.noteNotKept) : ""))
            case .some:
                ctx.report(
                    stopped.written, json: json,
                    human: ctx.words(.discardedAtOnce, name) + (p.value(.note) != nil ? ctx.words(.noteNotKept) : ""))
            case nil:
                ctx.report(stopped.written, json: json, human: ctx.words(.stopped, name, ctx.words.duration(seconds)))
                try ctx.warnOverlaps(stopped.sessionID, ledger: ledger, now: at)
            }
            return ExitCode.ok
        })

    static let count = Command(
        name: "count", abstract: "Add to a count-tracked action.",
        usage: "count ACTION [N] [--at] [--note]",
        arguments: [
            ("ACTION", "The action's id or unique name."), ("N", "How many, 1 … 999; 7.6 for an action with decimals (default 1)."),
        ],
        options: [recordAtOption, noteOption, OptionSpec(.id, value: "ID", help: "The entry id (default: a new UUID).")],
        minArgs: 1, maxArgs: 2,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let action = try ctx.resolve(.action, p.positionals[0], in: ledger)
            // An action with decimals counts in its smallest unit: `7.6` at one decimal is 76.
            let decimals = Int(action.fields().int(.decimals) ?? 0)
            var amount: Int64 = Decimals.scale(decimals)
            if p.positionals.count > 1 {
                let text = p.positionals[1]
                amount = try Parsed.amount(
                    text, decimals: decimals, label: "N", action: action.fields().name ?? action.id, oneCount: true,
                    otherwise: UsageError(Refusal.notAWholeNumber, "N", Echo.quoted(text)))
            }
            let shown = Decimals.text(amount, decimals)
            let at = try ctx.recordTime()
            let counted = try ctx.operate { ledger, now, rng in
                try ledger.count(
                    actionID: action.id, amount: amount, at: at, note: p.value(.note), entryID: p.value(.id),
                    source: Context.source, now: now, rng: &rng)
            }
            ctx.report(
                counted.written,
                json: [
                    ("entry_id", .string(counted.entryID)), ("action_id", .string(action.id)),
                    ("amount", DayBook.countJSON(amount, decimals)),
                ],
                human: action.fields().string(.unit).map { ctx.words(.countedIn, ctx.words.times(shown, unit: $0), action.fields().name!) }
                    ?? ctx.words(.counted, shown, action.fields().name!))
            return ExitCode.ok
        })

    static let running = Command(
        name: "running", abstract: "Show the running sessions.",
        usage: "running",
        discussion:
            """
            The representative session (the earliest or latest start, by the representative setting)
            comes first; the others count as +N. While the long-session alert is on (the default;
            `haru settings set --long-session-alert off`), a session running longer than
            long_session_hours is flagged, and the JSON's `long` is true; `over_limit` says a session
            is that long whether the alert is on or off.
            """,
        run: { ctx, _ in
            let ledger = try ctx.openLedger(readOnly: true)
            let now = try ctx.eventTime()
            let running = try ledger.runningNow(now: now, zones: ctx.zones)
            let cal = try ctx.calendar(ledger)
            if ctx.json {
                let items: [JSONValue] = running.all.map { s in
                    .object([
                        ("session_id", .string(s.sessionID)), ("action_id", .string(s.actionID)),
                        ("start", .string(cal.format(s.start))), ("seconds", .int(s.seconds)),
                        ("long", .bool(s.long && running.longSessionAlert)), ("over_limit", .bool(s.long)),
                    ])
                }
                ctx.printJSON(
                    .object([
                        ("representative", items.first ?? .null), ("others", .int(Int64(running.others.count))),
                        ("sessions", .array(items)),
                    ]))
                return ExitCode.ok
            }
            let w = ctx.words
            guard let first = running.representative else {
                ctx.out.line(w(.nothingIsRunning))
                return ExitCode.ok
            }
            let more = running.others.isEmpty ? "" : "  +\(running.others.count)"
            ctx.out.line("\(first.name)  \(w.duration(first.seconds))\(more)")
            for s in running.all {
                let flag =
                    running.longSessionAlert && s.long
                    ? "  " + ctx.style.paint(w(.overHours, String(running.longSessionHours)), .yellow) + w(.forgotten) : ""
                ctx.out.line("  \(s.name)  \(w(.since, cal.format(s.start)))  \(w.duration(s.seconds))  \(w(.session, s.sessionID))\(flag)")
            }
            return ExitCode.ok
        })
}

extension Context {
    /// Prints what a write command did: a sentence, or JSON with the seq.
    func report(_ r: AppendResult, json extra: [(String, JSONValue)], human: String) {
        if json {
            printJSON(.object([("seq", .int(Int64(r.seqs.last ?? r.head)))] + extra))
        } else {
            out.line(human + "  [seq \(r.seqs.last ?? r.head)]")
        }
    }
}
