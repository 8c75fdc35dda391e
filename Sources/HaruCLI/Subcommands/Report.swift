@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

extension Subcommands {
    static let report = Command(
        name: "report", abstract: "Totals per action or tag over a range of days, with averages.",
        usage: "report --from DATE --to DATE [--by action|tag] [--every day|week|month] [--as-of …] [--known-at …]",
        options: [
            OptionSpec(.from, value: "DATE", help: "First logical day."),
            OptionSpec(.to, value: "DATE", help: "Last logical day (inclusive)."),
            OptionSpec(.by, value: "action|tag", help: "Group by action (default) or by tag."),
            OptionSpec(.every, value: "day|week|month", help: "One row per logical day, week (from week_start) or month; default one row."
            ),
        ] + queryOptions,
        discussion: """
            Averages divide by the periods (days, or weeks/months with --every) that have already
            started by the reference, never by future ones.
            """,
        run: { ctx, p in
            guard let f = p.value(.from), let t = p.value(.to) else { throw UsageError("--from DATE and --to DATE are required") }
            let from = try ctx.date(f, "--from"), to = try ctx.date(t, "--to")
            guard from <= to else { throw UsageError("--from \(from) is after --to \(to)") }
            guard to.daysSinceEpoch - from.daysSinceEpoch < 100_000 else { throw UsageError("a report covers at most 100,000 days") }
            let by = p.value(.by) ?? "action"
            guard by == "action" || by == "tag" else { throw UsageError("--by takes action or tag") }
            let every = p.value(.every)
            guard every == nil || ["day", "week", "month"].contains(every!) else { throw UsageError("--every takes day, week or month") }
            return try ctx.query { snap, cal, ref in
                let book = try DayBook(snap, calendar: cal, from: from, through: to, reference: ref)
                let report = ReportTable(book: book, calendar: cal, byTag: by == "tag", every: every, reference: ref)
                if ctx.json {
                    ctx.printJSON(.object(report.json(by: by, every: every) + snap.referenceJSON(ref, cal)))
                } else {
                    ReportText.print(report, to: ctx.out, names: by == "tag" ? book.tags : book.actions)
                }
                return ExitCode.ok
            }
        })
}
