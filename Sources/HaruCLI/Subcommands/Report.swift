import HaruLedger

extension Subcommands {
    static let report = Command(
        name: "report", abstract: "Totals per action or tag over a range of days, with averages.",
        usage: "report [--from DAY|PERIOD] [--to DAY|PERIOD] [--by action|tag] [--every day|week|month] [--as-of …] [--known-at …]",
        options: [
            OptionSpec(
                .from, value: "DAY|PERIOD",
                help: "First logical day (2026-03-01, monday, …), or a period (:week, :lastmonth …) for all of it."),
            OptionSpec(.to, value: "DAY|PERIOD", help: "Last logical day, inclusive (a period: its last day). Default: the current week."),
            OptionSpec(.by, value: "action|tag", help: "Group by action (default) or by tag."),
            OptionSpec(
                .every, value: "day|week|month", help: "One row per logical day, week (from week_start) or month; default one row."
            ),
            OptionSpec(
                .html, value: "FILE",
                help: "Also write a self-contained page: goals with a calendar per quest, a heatmap per action, time by tag, counts."),
        ] + queryOptions,
        discussion: """
            Without --from and --to: the current week (from the ledger's week start).
            Averages divide by the periods (days, or weeks/months with --every) that have already
            started by the reference, never by future ones.
            """,
        run: { ctx, p in
            let by = p.value(.by) ?? "action"
            guard by == "action" || by == "tag" else { throw UsageError("--by takes action or tag") }
            let every = p.value(.every)
            guard every == nil || ["day", "week", "month"].contains(every!) else { throw UsageError("--every takes day, week or month") }
            return try ctx.query { snap, cal, ref in
                let range =
                    try ctx.dayRange(from: p.value(.from), to: p.value(.to), calendar: cal)
                    ?? HumanTime.period(":week", now: try ctx.clockNow(), calendar: cal)!
                let (from, to) = (range.lowerBound, range.upperBound)
                guard to.daysSinceEpoch - from.daysSinceEpoch < 100_000 else { throw UsageError("a report covers at most 100,000 days") }
                let book = try DayBook(snap, calendar: cal, from: from, through: to, reference: ref)
                let report = ReportTable(book: book, calendar: cal, byTag: by == "tag", every: every, reference: ref)
                if let path = p.value(.html) {
                    var engine = ProgressEngine(snap, calendar: cal, reference: ref)
                    engine.periodMarks = true  // each quest's calendar
                    let progress = try engine.run()
                    let page = HTMLReport.page(book: book, progress: progress, calendar: cal, title: "haru: \(from) – \(to)")
                    let file = try OutputFile(path)
                    file.stream.write(page)
                    do { try file.commit() } catch {
                        file.abandon()
                        throw error
                    }
                    ctx.invocation.err.line("Wrote \(path).")
                }
                if ctx.json {
                    ctx.printJSON(.object(report.json(by: by, every: every) + snap.referenceJSON(ref, cal)))
                } else {
                    ReportText.print(report, to: ctx.out, names: by == "tag" ? book.tags : book.actions, pictures: ctx.style.enabled)
                }
                return ExitCode.ok
            }
        })
}
