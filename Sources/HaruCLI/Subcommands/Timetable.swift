import HaruLedger

extension Subcommands {
    static let timetable = Command(
        name: "timetable", abstract: "The 24-hour grid of a day or a week: sessions as blocks, counts as dots.",
        usage: "timetable [DAY|PERIOD | --from --to] [--action] [--tag] [--html] [--as-of] [--known-at]",
        arguments: [daysArgument],
        options: daysOptions + [
            OptionSpec(.html, value: "FILE", help: "Also write the grid as a web page (a column per day, a colour per action).")
        ] + queryOptions,
        discussion: """
            The history screen's grid. Each logical day runs from its day start to the next, so with
            days starting at 04:00 a session from 01:00 to 02:00 is at the bottom of the day before.
            One day: a row per half hour, a block where a session covers the slot (█ most of it, ▀
            its first half, ▄ its second), its name and times where it begins, sessions that share
            time side by side (each lane as wide as its longest words), and the slot's counts at the
            right (• Water ×2); a day of 23 or 25 hours says so, and the hour a clock repeats shows
            twice. Several days: a column per day and a row per hour, naming the action with the most
            time in the hour (+ when another shares it) and its counts (•3), seven days to a block. A session across a
            day's edge is cut there and goes on in the next column; a running session reaches the
            reference (now, or --as-of). Rows run from the hour of the first record to the slot of
            the last.
            """,
        maxArgs: 1,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let range = try ctx.days(p, calendar: cal, reference: ref, argument: "DAY")
                guard range.upperBound.daysSinceEpoch - range.lowerBound.daysSinceEpoch < 366 else {
                    throw UsageError(Refusal.timetableDays)
                }
                let table = try Timetable(
                    snap, calendar: cal, from: range.lowerBound, through: range.upperBound, reference: ref,
                    actions: try ctx.onlyActions(p, snap, ref))
                let names = try ctx.actionNames(snap, at: ref)
                if let path = p.value(.html) {
                    let actions = try LiveDefinitions(snap, reference: ref).actions
                    let words = ctx.words.report
                    let name = ctx.words.language == .en ? "timetable" : words(.timetable)
                    let title = "haru: \(name) \(range.lowerBound)" + (range.upperBound > range.lowerBound ? " – \(range.upperBound)" : "")
                    try OutputFile.writeWhole(
                        path, HTMLReport.timetablePage(table, actions: actions, calendar: cal, title: title, words: words))
                    ctx.invocation.err.line(ctx.words(Done.wroteFile, path))
                }
                if ctx.json {
                    ctx.printJSON(
                        .object(table.json(names: names, calendar: cal) + snap.referenceJSON(ref, cal)))
                } else {
                    TimetableText.print(
                        table, names: names, decimals: table.places, units: try ctx.units(snap, at: ref), calendar: cal,
                        out: ctx.out,
                        words: ctx.words)
                }
                return ExitCode.ok
            }
        })
}
