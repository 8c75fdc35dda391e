@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

#if canImport(Glibc)
    import Glibc
#endif

extension Subcommands {
    static let initLedger = Command(
        name: "init", abstract: "Create a new ledger.",
        usage: "init [--time-zone ZONE] [--day-start HH:mm] [--week-start DAY]",
        options: [
            OptionSpec(.timeZone, value: "ZONE", help: "IANA time zone of the ledger, e.g. Asia/Seoul (default UTC)."),
            OptionSpec(.dayStart, value: "HH:mm", help: "When the logical day starts (default 00:00)."),
            OptionSpec(.weekStart, value: "DAY", help: "First day of the week, monday … sunday (default monday)."),
        ],
        discussion: "The first event of the new ledger is a settings.changed with these settings.",
        run: { ctx, p in
            let path = try ctx.ledgerPath()
            var data: [(String, JSONValue)] = [("time_zone", .string(p.value(.timeZone) ?? "UTC"))]
            if let d = p.value(.dayStart) { data.append(("day_start", .string(d))) }
            if let w = p.value(.weekStart) { data.append(("week_start", .string(w))) }
            // Validate before creating anything, so a typo leaves no directory behind.
            let first = try ctx.event(.settingsChanged, at: try ctx.eventTime(), data: data)
            makeParents(of: path)
            let ledger = try Ledger.create(path: path, durability: ctx.durability)
            let r = try ledger.append([first], now: try ctx.nowMicros(), rng: &ctx.rng)
            if ctx.json {
                ctx.printJSON(.object([("ledger", .string(path)), ("head", .int(Int64(r.head)))]))
            } else {
                ctx.out.line("Created ledger at \(path) (time zone \(first.payload.string(.timeZone)!)).")
            }
            return ExitCode.ok
        })

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
