import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

extension Subcommands {
    static let sync = Command(
        name: "sync", abstract: "Exchange events with your other devices through a shared folder or PostgreSQL.",
        usage: "sync [--new-device] [DIR | postgresql://… ]…",
        arguments: [
            ("DIR", "A folder a sync tool keeps in step on every device (Syncthing, Dropbox, a network share)."),
            ("postgresql://…", "A PostgreSQL database (libpq's URL; `?history=ID` names the history, else this ledger's)."),
        ],
        options: [
            OptionSpec(
                .newDevice,
                help:
                    "This ledger is a copy of another's folder (cp -a, a restored backup, a new laptop): give it a device id of its own first."
            )
        ],
        discussion: """
            Writes this ledger's new events into DIR/devices/<this device's id>/ (whole files only),
            reads every device's files there and merges the events this ledger lacks. A file still
            arriving is read as far as it has come and again when it grows; a line that cannot be
            taken is named (file and line) and left out, never stopping the rest. An event erased
            with `haru redact` on the device that made it is erased on every device at its next sync. Every
            device that holds the same events answers every query the same, whatever order they
            arrived in. An event that no longer applies after a merge (a stop of a session another
            device deleted, a second stop, a rename to a name taken meanwhile) is kept in the log
            without effect and listed as a conflict. Through PostgreSQL the same, with one table of
            events for any number of histories and devices. Without a target, those of the last sync.
            A new device joins with `haru init --from DIR|URL`. A copy of a ledger's folder has
            that ledger's device id: its sync stops before it exchanges anything, until
            `haru sync --new-device` makes it a device of its own.
            """,
        maxArgs: 8,
        run: { ctx, p in
            let ledger: Ledger
            do { ledger = try ctx.openLedger() } catch LedgerError.notFound(let path) {
                throw UsageError(
                    "no ledger at \(path): a new device joins with `haru init --from \(p.positionals.first ?? "DIR|URL")` (a new history starts with `haru init`)"
                )
            }
            var targets = try p.positionals.map(absoluteTarget)
            if targets.isEmpty {
                targets = try ledger.syncTargets()
                guard !targets.isEmpty else {
                    throw UsageError(Refusal.noSyncTarget)
                }
            }
            if p.has(.newDevice) {
                let old = try ledger.becomeNewDevice(ctx.newID())
                if !ctx.json, let old, let new = try ledger.deviceID() { ctx.out.line(ctx.words(.syncNewDevice, new, old)) }
            }
            let device = try ledger.deviceID() ?? ledger.assignDeviceID(ctx.newID())
            guard try ledger.confirmDeviceHome() else {
                throw SyncError(ctx.words(.syncCopied, device))
            }
            var reports: [(String, SyncReport)] = []
            for (k, t) in targets.enumerated() {
                let (shown, report) = try runSync(ledger, target: t, ctx: &ctx)
                reports.append((shown, report))
                targets[k] = shown
            }
            // Kept without passwords (an older haru kept them: rewritten now).
            try ledger.rememberSyncTargets(targets)
            printSync(reports, ledger: ledger, ctx: ctx)
            // A file that could not be read is left for the next sync; a script should notice.
            return reports.contains { !$0.1.unreadable.isEmpty } ? ExitCode.checkFailed : ExitCode.ok
        })

    /// A target as given, made absolute (the next `haru sync` may run elsewhere).
    static func absoluteTarget(_ t: String) throws -> String {
        if PostgresSync.isURL(t) { return t }
        guard !t.isEmpty else { throw UsageError(Refusal.emptyPath) }
        // libpq's other form (`host=… password=…`) is not taken for a folder, nor echoed.
        if t.contains("password=") || (t.contains("=") && t.contains(" ") && (t.contains("host=") || t.contains("dbname="))) {
            throw UsageError(
                "that looks like a PostgreSQL connection string; haru takes a postgresql://… URL (a password from PGPASSWORD or ~/.pgpass)")
        }
        var path = t
        if !path.hasPrefix("/") {
            var buf = [CChar](repeating: 0, count: 4096)
            guard getcwd(&buf, buf.count) != nil else {
                throw UsageError(Refusal.cwdUnreadable)
            }
            path = String(cString: buf) + "/" + path
        }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// One target's sync; a database target comes back with its history
    /// made explicit, as the next `haru sync` uses it.
    static func runSync(_ ledger: Ledger, target: String, ctx: inout Context) throws -> (String, SyncReport) {
        let now = try ctx.nowMicros()
        let session = SyncSession(ledger: ledger, target: target, zones: ctx.zones)
        // One line on a terminal, redrawn at each step and cleared at the end.
        let line = ctx.progressLine("sync \(session.transport.shown)")
        defer { line?.finish() }
        let progress: ((String) -> Void)? = line.map { l in { l.say($0) } }
        let resolved = try session.transport.resolvedTarget()
        return (resolved, try session.run(now: now, progress: progress))
    }

    /// What a conflicting event is about, by name (the rule names ids): ` (Reading)`.
    static func named(_ c: Conflict, _ ledger: Ledger) -> String {
        guard
            let label = try? ledger.snapshot({ snap -> String? in
                guard let e = try snap.event(c.seq) else { return nil }
                for (field, kind) in [(Field.actionID, DefinitionKind.action), (.tagID, .tag), (.goalID, .goal), (.questID, .quest)] {
                    if let id = e.payload.string(field), let d = try snap.definition(kind, id) { return d.fields().label ?? id }
                }
                return nil
            })
        else { return "" }
        return " (\(label))"
    }

    /// How many new conflicts a sync lists by line.
    static let conflictsShown = 20

    static func printSync(_ reports: [(String, SyncReport)], ledger: Ledger, ctx: Context) {
        // What is open after every target merged (the same on every device that holds the same events).
        let open = (try? ledger.openConflicts()) ?? []
        if ctx.json {
            ctx.printJSON(
                .array(
                    reports.map { t, r in
                        .object([
                            ("target", .string(PostgresSync.shown(t))), ("pushed", .int(Int64(r.pushed))), ("files", .int(Int64(r.files))),
                            ("pulled", .int(Int64(r.merge.appended))), ("held", .int(Int64(r.merge.held))),
                            ("devices", .array(r.devices.map { .string($0) })), ("waiting", .array(r.waiting.map { .string($0) })),
                            ("incomplete", .array(r.incomplete.map { .string($0) })), ("future", .int(Int64(r.future))),
                            ("erased", .int(Int64(r.erased))), ("rewritten", .int(Int64(r.rewritten))),
                            ("conflicts", .int(Int64(r.merge.conflicts))),
                            (
                                "new_conflicts",
                                .array(
                                    r.merge.newConflicts.map {
                                        .object([("seq", .int(Int64($0.seq))), ("type", .string($0.type.name)), ("rule", .string($0.rule))])
                                    })
                            ),
                            ("differing_ids", .array(r.merge.differing.map { .string($0.description) })),
                            (
                                "made_one",
                                .array(
                                    r.merge.madeOne.map {
                                        .object([
                                            ("kind", .string($0.kind.word)), ("id", .string($0.id)), ("into", .string($0.into)),
                                            ("name", .string($0.name)),
                                        ])
                                    })
                            ),
                            (
                                "renamed",
                                .array(
                                    r.merge.renamed.map {
                                        .object([("id", .string($0.id)), ("made_as", .string($0.made)), ("name", .string($0.now))])
                                    })
                            ),
                            ("joined_sessions", .int(Int64(r.merge.joinedSessions))),
                            ("open_conflicts", .int(Int64(open.count))),
                            ("unreadable", .array(r.unreadable.map { .object([("file", .string($0.file)), ("why", .string($0.why))]) })),
                            ("head", .int(Int64((try? ledger.head().seq) ?? r.merge.head))),
                        ])
                    }))
            return
        }
        let w = ctx.words
        func plural(_ n: Int, _ one: String) -> String { "\(n) \(one)\(n == 1 ? "" : "s")" }
        for (t, r) in reports {
            // A folder shows its other devices; a database, those that sent rows this time.
            let n = r.devices.count
            let devices =
                PostgresSync.isURL(t)
                ? (n == 0 ? "" : w.said(" from \(plural(n, "other device"))", .syncFromDevices, String(n)))
                : w.said(" (\(plural(n, "other device")))", .syncOtherDevices, String(n))
            let shown = PostgresSync.shown(t)
            ctx.out.line(
                w.said(
                    "\(shown): sent \(plural(r.pushed, "event")), received \(r.merge.appended)", .syncSent, shown, String(r.pushed),
                    String(r.merge.appended)) + devices + (r.merge.held > 0 ? w(.syncHeld, String(r.merge.held)) : ""))
            for d in r.waiting { ctx.out.line(w(.syncWaiting, d)) }
            for f in r.incomplete { ctx.out.line(w(.syncIncomplete, f)) }
            if r.future > 0 { ctx.out.line(w(.syncFuture, String(r.future))) }
            if r.erased > 0 { ctx.out.line(w(.syncErased, String(r.erased))) }
            if r.rewritten > 0 { ctx.out.line(w(.syncRewritten, String(r.rewritten))) }
            for u in r.unreadable { ctx.out.line(Echo.visible(w(.syncNotRead, u.file, u.why))) }
            for id in r.merge.differing { ctx.out.line(w(.syncLeftOut, id.description)) }
            for m in r.merge.madeOne { ctx.out.line(Echo.visible(w(m.kind == .tag ? .syncMadeOneTag : .syncMadeOneAction, m.name))) }
            for n in r.merge.renamed { ctx.out.line(Echo.visible(w(.syncRenamed, n.made, n.now))) }
            if r.merge.joinedSessions > 0 {
                let n = r.merge.joinedSessions
                ctx.out.line(
                    w.said(
                        "  \(plural(n, "session")) started on two devices while the other ran: one session each now, stopped by either",
                        .syncJoinedSessions, String(n)))
            }
            if r.merge.waiting > 0 {
                let n = r.merge.waiting
                ctx.out.line(
                    w.said(
                        "  \(plural(n, "record")) made on a device after another deleted \(n == 1 ? "its" : "their") action: kept, uncounted until it is restored",
                        .syncWaitingRecords, String(n)))
            }
            if !r.merge.newConflicts.isEmpty {
                let k = r.merge.newConflicts.count
                ctx.out.line(
                    w.said(
                        "  \(plural(k, "conflict")) (kept in the log without effect; `haru log --from N` shows it):", .syncConflicts,
                        String(k)))
                // The first ones, not a hundred thousand lines (`--json` and `haru log` have them all).
                for c in r.merge.newConflicts.prefix(Self.conflictsShown) {
                    ctx.out.line(Echo.visible("    seq \(c.seq) \(c.type.name)\(named(c, ledger)): \(c.rule)"))
                }
                if k > Self.conflictsShown {
                    let first = r.merge.newConflicts.map(\.seq).min() ?? 0
                    let more = k - Self.conflictsShown
                    ctx.out.line("    … and \(more) more (`haru sync --json` lists them; `haru log --from \(first)` shows the events)")
                }
            }
        }
        if !open.isEmpty {
            ctx.out.line(
                w.said("  \(plural(open.count, "conflict")) open (`haru conflicts` lists them)", .syncOpenConflicts, String(open.count)))
        }
    }
}
