import HaruLedger

extension Subcommands {
    static let day = Command(
        name: "day", abstract: "One logical day's totals per action and per tag.",
        usage: "day [DATE] [--order] [--as-of] [--known-at]",
        arguments: [("DATE", "The day: 2026-03-04, today, yesterday, monday … (default: the logical day of the reference).")],
        options: [listOrderOption] + queryOptions,
        discussion: """
            A logical day runs from its day_start to the next day's, in the ledger's time zone (23 or
            25 hours across DST). Sessions are split at the day's edges; running sessions count up
            to the reference. Actions and tags with a non-zero total are listed in the order people set
            (`haru action edit A --order N`), as the app lists them (the JSON: by id); --order user
            lists every action, those with nothing too, as the app's grid does.
            """,
        maxArgs: 1,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let day =
                    try p.positionals.first.map { try ctx.date($0, "DATE", calendar: cal) }
                    ?? ref.day(cal)
                let book = try DayBook(snap, calendar: cal, from: day, through: day, reference: ref)
                let range = cal.range(of: day)
                let order = try ctx.listOrder(p)
                if ctx.json {
                    ctx.printJSON(.object(book.json(day: 0, calendar: cal, order: order ?? .id) + snap.referenceJSON(ref, cal)))
                    return ExitCode.ok
                }
                let w = ctx.words
                // The app's order by default; the actions with nothing only when `--order user` asks for the grid.
                let actions = book.actionList(0, order ?? .user, everyAction: order == .user)
                let tags = book.tagList(0, order ?? .user)
                let hours = Double(range.upperBound.seconds - range.lowerBound.seconds) / 3600
                ctx.out.line(
                    "\(w.day(day, english: "\(day) \(Weekday.names[day.weekday.rawValue].prefix(3))"))  \(cal.format(range.lowerBound)) → \(cal.format(range.upperBound))"
                        + (hours == 24 ? "" : "  (\(w(.hours, JSONValue.formatNumber(hours))))"))
                if actions.allSatisfy(\.value.isZero) && order != .user { ctx.out.line("  " + w(.nothingRecorded)) }
                let width =
                    max(
                        12,
                        (actions.map { Cell.columns(book.actions[$0.key]?.name ?? "") }
                            + tags.map { Cell.columns(book.tags[$0.key]?.name ?? "") }).max() ?? 0) + 2
                if !actions.isEmpty { ctx.out.line("  " + w(.actions)) }
                for (id, t) in actions {
                    ctx.out.line(
                        "    " + Cell.pad(book.actions[id]?.name ?? id, width)
                            + w.cell(t, unit: book.actions[id]?.unit, decimals: book.actions[id]?.decimals ?? 0))
                }
                if !tags.isEmpty { ctx.out.line("  " + w(.tags)) }
                for (id, t) in tags {
                    ctx.out.line("    " + Cell.pad(book.tags[id]?.name ?? id, width) + w.cell(t, decimals: book.decimals(tag: id)))
                }
                return ExitCode.ok
            }
        })
}

/// `--order` of the listings of actions and tags.
let listOrderOption = OptionSpec(
    .order, value: "user|name|id", help: "List actions and tags in the order people set (user), by name, or by id.")

extension Context {
    /// `--order`, when given.
    func listOrder(_ p: Parsed) throws -> ListOrder? {
        guard let v = p.value(.order) else { return nil }
        guard let o = ListOrder(rawValue: v) else { throw UsageError(Refusal.orderTakes, ListOrder.words, Echo.quoted(v)) }
        return o
    }
}
