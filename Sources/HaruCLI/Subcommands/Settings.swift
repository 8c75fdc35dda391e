import HaruLedger

extension Subcommands {
    static let settings = Command(
        name: "settings", abstract: "Show the settings in force, with their dated steps; change them with `settings set`.",
        usage: "settings [--as-of] [--known-at] | settings set [--day-start] [--time-zone] … [--from]",
        options: queryOptions,
        discussion: """
            day_start and time_zone may change from a date on (settings set --from DATE): the days
            before keep the old rule, and the steps list which rule governs which days. The other
            settings apply to all history. The values shown are those of the reference's day.
            """,
        subcommands: [settingsSet],
        run: { ctx, _ in
            try ctx.query { snap, cal, ref in
                let view = try SettingsView(snap, calendar: cal, reference: ref)
                if ctx.json {
                    guard case .object(let m) = view.json(calendar: cal, knownAt: snap.knownAt) else { return ExitCode.ok }
                    ctx.printJSON(.object([("as_of", .string(cal.format(ref.instant)))] + m))
                    return ExitCode.ok
                }
                for (name, value) in view.values {
                    var line = Cell.pad(name, 22) + (value.stringValue ?? value.compactText)
                    if name == "day_start", view.dayStartSteps.count > 1 {
                        line +=
                            "   steps: "
                            + view.dayStartSteps.map { "\($0.from.map { "from \($0)" } ?? "first") \($0.value)" }
                            .joined(separator: ", ")
                    }
                    if name == "time_zone", view.zoneSteps.count > 1 {
                        line +=
                            "   steps: "
                            + view.zoneSteps.map { "\($0.from.map { "from \($0)" } ?? "first") \($0.zone)" }
                            .joined(separator: ", ")
                    }
                    ctx.out.line(line)
                }
                ctx.out.line("")
                ctx.out.line("changes (seq, effective time, what):")
                for c in view.changes {
                    guard case .object(let m) = c.payload.json(type: .settingsChanged, instant: cal.format) else { continue }
                    ctx.out.line(
                        "  " + Cell.pad(String(c.when.seq), 6) + cal.format(c.when.at) + "  "
                            + m.map { "\($0.0)=\($0.1.stringValue ?? $0.1.compactText)" }.joined(separator: " "))
                }
                return ExitCode.ok
            }
        })

    static let settingsSet = Command(
        name: "set", abstract: "Change settings (one settings.changed event).",
        usage:
            "settings set [--time-zone] [--day-start] [--from] [--week-start] [--min-session-seconds] [--representative] [--long-session-hours] [--long-session-alert] [--at]",
        options: [
            OptionSpec(.timeZone, value: "ZONE", help: "IANA time zone, e.g. Asia/Seoul."),
            OptionSpec(.dayStart, value: "HH:mm", help: "When the logical day starts."),
            OptionSpec(.from, value: "DATE", help: "day_start and time_zone only: govern the days from DATE on (default: all history)."),
            OptionSpec(.weekStart, value: "DAY", help: "First day of the week, monday … sunday."),
            OptionSpec(.minSessionSeconds, value: "N", help: "Sessions shorter than this are discarded at stop (0 … 86400)."),
            OptionSpec(.representative, value: "earliest|latest", help: "Which running session `haru running` shows first."),
            OptionSpec(.longSessionHours, value: "H", help: "Flag a running session as long after H hours (1 … 12; default 12)."),
            OptionSpec(
                .longSessionAlert, value: "on|off",
                help: "The long-session alert: `haru running` flags a session over the hours (default on)."),
            atOption,
        ],
        run: { ctx, p in
            let change = try Context.settings(p, timeZone: p.value(.timeZone))
            // Said as typed, in the order of the settings.
            let said: [(String, String?)] = [
                ("time_zone", p.value(.timeZone)), ("day_start", p.value(.dayStart)), ("week_start", p.value(.weekStart)),
                ("min_session_seconds", change.minSessionSeconds.map(String.init)), ("representative", p.value(.representative)),
                ("long_session_hours", change.longSessionHours.map(String.init)), ("long_session_alert", p.value(.longSessionAlert)),
            ]
            let given = said.compactMap { name, value in value.map { "\(name) to \($0)" } }
            guard !given.isEmpty else { throw UsageError("give at least one setting to change (see `haru settings set --help`)") }
            let changed = "Changed " + given.joined(separator: ", ")
            let at = try ctx.eventTime()
            let r = try ctx.operate { ledger, now, rng in try ledger.write([change], at: at, source: Context.source, now: now, rng: &rng) }
            ctx.report(
                r, json: [("type", .string("settings.changed"))],
                human: changed + (p.value(.from).map { " for the days from \($0) on" } ?? "") + ".")
            return ExitCode.ok
        })
}
