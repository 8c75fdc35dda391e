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
                let w = ctx.words
                func step(_ from: LocalDate?, _ value: String) -> String {
                    from.map { w(ViewWords.stepFrom, $0.description, value) } ?? w(ViewWords.stepFirst, value)
                }
                for (name, value) in view.values {
                    var line = Cell.pad(SettingWords.name(name, w), 22) + SettingWords.value(name, value, w)
                    if name == "day_start", view.dayStartSteps.count > 1 {
                        line +=
                            "   " + w(ViewWords.steps)
                            + view.dayStartSteps.map { step($0.from, $0.value.description) }.joined(separator: ", ")
                    }
                    if name == "time_zone", view.zoneSteps.count > 1 {
                        line += "   " + w(ViewWords.steps) + view.zoneSteps.map { step($0.from, $0.zone) }.joined(separator: ", ")
                    }
                    ctx.out.line(line)
                }
                ctx.out.line("")
                ctx.out.line(w(ViewWords.changesHeading))
                for c in view.changes {
                    guard case .object(let m) = c.payload.json(type: .settingsChanged, instant: cal.format) else { continue }
                    ctx.out.line(
                        "  " + Cell.pad(String(c.when.seq), 6) + cal.format(c.when.at) + "  "
                            + m.map {
                                w.language == .en
                                    ? "\($0.0)=\($0.1.stringValue ?? $0.1.compactText)"
                                    : SettingWords.name($0.0, w) + " " + SettingWords.value($0.0, $0.1, w)
                            }.joined(separator: w.language == .en ? " " : ", "))
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
            // Said as read (`오전 4시` is 04:00), in the order of the settings.
            let said: [(String, JSONValue?)] = [
                ("time_zone", change.timeZone.map(JSONValue.string)), ("day_start", change.dayStart.map { .string($0.description) }),
                ("week_start", change.weekStart.map { .string($0.name) }),
                ("min_session_seconds", change.minSessionSeconds.map(JSONValue.int)),
                ("representative", change.representative.map { .string($0.word) }),
                ("long_session_hours", change.longSessionHours.map(JSONValue.int)),
                ("long_session_alert", change.longSessionAlert.map { .string($0 ? "on" : "off") }),
            ]
            let w = ctx.words
            let given = said.compactMap { name, value in
                value.map {
                    w.language == .en
                        ? "\(name) to \(SettingWords.value(name, $0, w))"
                        : SettingWords.name(name, w) + " " + SettingWords.value(name, $0, w)
                }
            }
            guard !given.isEmpty else { throw UsageError(Refusal.noSettingGiven) }
            let at = try ctx.eventTime()
            let r = try ctx.operate { ledger, now, rng in try ledger.write([change], at: at, source: Context.source, now: now, rng: &rng) }
            let list = given.joined(separator: ", ")
            ctx.report(
                r, json: [("type", .string("settings.changed"))],
                human: change.from.map { w(Done.settingsChangedFrom, list, $0.description) } ?? w(Done.settingsChanged, list))
            return ExitCode.ok
        })
}
