import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

extension Subcommands {
    static let initLedger = Command(
        name: "init", abstract: "Create a new ledger.",
        usage: "init [--time-zone] [--day-start] [--week-start] | init --from",
        options: [
            OptionSpec(
                .from, value: "DIR", help: "A new device of the history in this sync folder (see `haru sync`): its events, its settings."),
            OptionSpec(
                .timeZone, value: "ZONE",
                help: "IANA time zone of the ledger, e.g. Asia/Seoul (default: the system's, from $TZ or /etc/localtime, else UTC)."),
            OptionSpec(.dayStart, value: "HH:mm", help: "When the logical day starts (default 00:00)."),
            OptionSpec(.weekStart, value: "DAY", help: "First day of the week, monday … sunday (default monday)."),
        ],
        discussion: "The first event of the new ledger is a settings.changed with these settings.",
        run: { ctx, p in
            let path = try ctx.ledgerPath()
            if let from = p.value(.from) { return try initFromFolder(from, path: path, p: p, ctx: &ctx) }
            // The zone asked for, else the system's ($TZ, else /etc/localtime), else UTC; the output says which.
            let (zone, zoneSource) =
                p.value(.timeZone).map { ($0, "") } ?? systemZone(ctx.invocation.environment, localtime: ctx.invocation.localtime) ?? (
                    "UTC", ", as no system zone was found"
                )
            // Validate before creating anything, so a typo leaves no directory behind.
            var settings = SettingsChanged(timeZone: zone)
            (settings.dayStart, settings.weekStart) = (
                try p.clock(.dayStart), try p.value(.weekStart).map { try Parsed.weekday($0, .weekStart) }
            )
            let first = try ctx.input(settings, at: try ctx.eventTime())
            makeParents(of: path)
            // All or nothing: the ledger is made beside its place, with its first
            // event, and renamed into place only then. A full disk, an I/O error
            // or a kill before the rename leaves no ledger at the path (only a
            // `.partial-PID` directory beside it), never one without its settings.
            let r = try Ledger.createBeside(path) { partial in try makeLedger(at: partial, first: first, ctx: &ctx) }
            if ctx.json {
                ctx.printJSON(.object([("ledger", .string(path)), ("head", .int(Int64(r.head)))]))
            } else {
                ctx.out.line(ctx.words(.createdLedger, path, first.payload.timeZone!, zoneSource))
            }
            return ExitCode.ok
        })

    /// The machine's zone and where it was read: `$TZ` (`Asia/Seoul`,
    /// `:Asia/Seoul`, a path into the zone directory), else the zone
    /// `/etc/localtime` links to; nil when neither names a known zone.
    static func systemZone(_ env: [String: String], localtime: String) -> (String, String)? {
        func name(_ s: String) -> String? {
            var n = s.hasPrefix(":") ? String(s.dropFirst()) : s
            let parts = n.split(separator: "/", omittingEmptySubsequences: false)
            if let k = parts.lastIndex(of: "zoneinfo") { n = parts[(k + 1)...].joined(separator: "/") }
            return ZoneDirectory.system.knows(n) ? n : nil
        }
        if let tz = env["TZ"], !tz.isEmpty, let n = name(tz) { return (n, ", from $TZ") }
        var buf = [CChar](repeating: 0, count: 4096)
        let len = readlink(localtime, &buf, buf.count - 1)
        if len > 0, let n = name(String(decoding: buf[0..<len].map { UInt8(bitPattern: $0) }, as: UTF8.self)) {
            return (n, ", from \(localtime)")
        }
        return nil
    }

    /// A new ledger at `path` holding `first`; closed again on return.
    static func makeLedger(at path: String, first: EventInput, ctx: inout Context) throws -> AppendResult {
        let ledger = try Ledger.create(path: path, durability: ctx.durability, zones: ctx.zones)
        let r = try ledger.append([first], now: try ctx.nowMicros(), rng: &ctx.rng)
        // Checked here (an append's own record is best effort): the ledger is whole only with it.
        try ledger.writeHeadRecord()
        ctx.invocation.committed.note(r)
        return r
    }

    /// `init --from DIR`: a new ledger holding the history of a sync folder,
    /// with a device id of its own, put in place only once it holds it.
    static func initFromFolder(_ from: String, path: String, p: Parsed, ctx: inout Context) throws -> Int32 {
        for o in [OptionKey.timeZone, .dayStart, .weekStart] where p.value(o) != nil {
            throw UsageError(Refusal.notWithFrom, o.name)
        }
        var folder = try absoluteTarget(from)
        if PostgresSync.isURL(folder) {
            // The history to join: the one named, else the database's only one.
            if PostgresSync.history(of: folder) == nil {
                let all = try PostgresSync.histories(folder)
                guard all.count == 1 else {
                    throw UsageError(
                        all.isEmpty
                            ? "--from: the database holds no history yet (`haru sync URL` on a device that has one first)"
                            : "--from: the database holds \(all.count) histories; name one with ?history=ID (\(all.joined(separator: ", ")))"
                    )
                }
                folder = PostgresSync.target(folder, history: all[0])
            }
        } else {
            guard WholeFile.isDirectory(folder) else { throw UsageError(Refusal.fromNoFolder, folder) }
            guard DirectoryNames.list(folder + "/devices").contains(where: { !$0.hasPrefix(".") }) else {
                throw UsageError(Refusal.fromEmpty, folder, from)
            }
        }
        makeParents(of: path)
        var report = SyncReport()
        let device = ctx.newID()
        try Ledger.createBeside(path) { partial in
            let ledger = try Ledger.create(path: partial, durability: ctx.durability, zones: ctx.zones)
            _ = try ledger.assignDeviceID(device)
            report = try runSync(ledger, target: folder, ctx: &ctx).1
            try ledger.rememberSyncTargets([folder])
            try ledger.writeHeadRecord()
        }
        printSync([(folder, report)], ledger: try ctx.openLedger(), ctx: ctx)
        if !ctx.json {
            ctx.out.line(ctx.words(.syncJoined, path, device, PostgresSync.shown(folder)))
        }
        return ExitCode.ok
    }

    /// `mkdir -p` of the parent directories (mode 0700), for the XDG default path.
    static func makeParents(of path: String) {
        var prefix = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (k, part) in parts.enumerated() {
            prefix += (k == 0 ? "" : "/") + part
            if !prefix.isEmpty { mkdir(prefix, 0o700) }
        }
    }
}
