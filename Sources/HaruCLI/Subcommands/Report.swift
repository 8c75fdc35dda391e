import HaruLedger

extension Subcommands {
    static let report = Command(
        name: "report", abstract: "Totals per action or tag over a range of days, with averages.",
        usage:
            "report [--from] [--to] [--by] [--every] [--action] [--tag] [--exclude] [--order] [--as-of] [--known-at]",
        options: [
            OptionSpec(
                .from, value: "DAY|PERIOD",
                help: "First logical day (2026-03-01, monday, …), or a period (:week, :lastmonth …) for all of it."),
            OptionSpec(.to, value: "DAY|PERIOD", help: "Last logical day, inclusive (a period: its last day). Default: the current week."),
            OptionSpec(.by, value: "action|tag", help: "Group by action (default) or by tag."),
            OptionSpec(
                .every, value: "day|week|month", help: "One row per logical day, week (from week_start) or month; default one row."
            ),
            OptionSpec(.action, value: "ACTION", help: "Count only this action (id or name); repeat for more.", repeatable: true),
            OptionSpec(.tag, value: "TAG", help: "Count only the actions carrying this tag; repeat for more.", repeatable: true),
            OptionSpec(
                .exclude, value: "ACTION|TAG",
                help: "Leave out this action, or every action carrying this tag (action:NAME or tag:NAME when both have the name).",
                repeatable: true),
            OptionSpec(
                .html, value: "FILE",
                help: "Also write a self-contained page: goals with a calendar per quest, a heatmap per action, time by tag, counts."),
            listOrderOption,
        ] + queryOptions,
        discussion: """
            Without --from and --to: the current week (from the ledger's week start).
            Averages divide by the periods (days, or weeks/months with --every) that have already
            started by the reference, never by future ones.

            The statistics filter: with --action or --tag only those actions (and the actions
            carrying those tags) count; --exclude then leaves actions out. A tag stands for its
            actions, so time by tag is that of the actions counted: excluding an action takes
            its time out of every tag it carries. The filter applies to the table, the JSON
            (which names it under "filter") and the --html page's charts; goals are judged on
            everything, as always.

            Columns are in the order people set (`haru action edit A --order N`), as the app's
            statistics are (the JSON's items: by id); --order name or id chooses another.
            """,
        run: { ctx, p in
            let by = p.value(.by) ?? "action"
            guard by == "action" || by == "tag" else { throw UsageError(Refusal.byTakes) }
            let every = p.value(.every)
            guard every == nil || ["day", "week", "month"].contains(every!) else { throw UsageError(Refusal.everyTakes) }
            return try ctx.query { snap, cal, ref in
                let range =
                    try ctx.dayRange(from: p.value(.from), to: p.value(.to), calendar: cal)
                    ?? HumanTime.period(":week", now: try ctx.clockNow(), calendar: cal)!
                let (from, to) = (range.lowerBound, range.upperBound)
                guard to.daysSinceEpoch - from.daysSinceEpoch < 100_000 else { throw UsageError(Refusal.reportDays) }
                let filter = try actionFilter(p, ctx, snap, ref)
                let book = try DayBook(snap, calendar: cal, from: from, through: to, reference: ref, filter: filter)
                let filterLine = filter.isEmpty ? nil : try describe(filter, snap, ref, ctx.words)
                let report = ReportTable(book: book, calendar: cal, byTag: by == "tag", every: every, reference: ref)
                let order = try ctx.listOrder(p)
                if let path = p.value(.html) {
                    var engine = ProgressEngine(snap, calendar: cal, reference: ref)
                    engine.periodMarks = true  // each quest's calendar
                    let progress = try engine.run()
                    // The timetable of the range's last week (at most seven days: a column each).
                    let timetable = try Timetable(
                        snap, calendar: cal, from: max(from, to.adding(days: -6)), through: to, reference: ref,
                        actions: Set(book.actions.keys))
                    let page = HTMLReport.page(
                        book: book, progress: progress, calendar: cal, title: "haru: \(from) – \(to)", filter: filterLine,
                        timetable: timetable, words: ctx.words.report)
                    try OutputFile.writeWhole(path, page)
                    ctx.invocation.err.line(ctx.words(Done.wroteFile, path))
                }
                if ctx.json {
                    let filtered: [(String, JSONValue)] = filter.isEmpty ? [] : [("filter", filter.json)]
                    ctx.printJSON(then: filtered + snap.referenceJSON(ref, cal)) { out, flush in
                        report.writeJSON(by: by, every: every, order: order ?? .id, into: &out, flush: flush)
                    }
                } else {
                    if let filterLine { ctx.out.line(ctx.words(Done.filterLabel, filterLine)) }
                    ReportText.print(
                        report, to: ctx.out, names: by == "tag" ? book.tags.mapValues(\.name) : book.actions.mapValues(\.name),
                        units: by == "tag" ? [:] : book.actions.compactMapValues(\.unit), order: order ?? .user,
                        pictures: ctx.style.enabled, words: ctx.words)
                }
                return ExitCode.ok
            }
        })
}

extension Subcommands {
    /// `--action`, `--tag` and `--exclude` as the statistics filter they make.
    static func actionFilter(_ p: Parsed, _ ctx: Context, _ snap: Snapshot, _ ref: Reference) throws -> ActionFilter {
        var f = ActionFilter()
        for a in p.all(.action) { f.actions.insert(try ctx.resolve(.action, a, in: snap, reference: ref).id) }
        for t in p.all(.tag) { f.tags.insert(try ctx.resolve(.tag, t, in: snap, reference: ref).id) }
        for x in p.all(.exclude) {
            let (kind, id) = try excluded(x, ctx, snap, ref)
            if kind == .action { f.excludedActions.insert(id) } else { f.excludedTags.insert(id) }
        }
        return f
    }

    /// What `--exclude TEXT` names: an action or a tag (`action:` or `tag:` first says which when both have the name).
    static func excluded(_ text: String, _ ctx: Context, _ snap: Snapshot, _ ref: Reference) throws -> (DefinitionKind, String) {
        for (prefix, kind) in [("action:", DefinitionKind.action), ("tag:", .tag)] where text.hasPrefix(prefix) {
            if let d = try? ctx.resolve(kind, String(text.dropFirst(prefix.count)), in: snap, reference: ref) { return (kind, d.id) }
        }
        let action = try? ctx.resolve(.action, text, in: snap, reference: ref)
        let tag = try? ctx.resolve(.tag, text, in: snap, reference: ref)
        switch (action, tag) {
        case (let a?, nil): return (.action, a.id)
        case (nil, let t?): return (.tag, t.id)
        case (_?, _?):
            throw UsageError(
                "--exclude: \(Echo.quoted(text)) names an action and a tag; write action:\(text) or tag:\(text)")
        case (nil, nil):
            let defs = try LiveDefinitions(snap, reference: ref)
            let names = (defs.actions.values.compactMap(\.name) + defs.tags.values.compactMap(\.name)).sorted()
            let hint = Suggest.nearest(text, among: names).map { "did you mean \(Echo.quoted($0))? " } ?? ""
            throw UsageError(
                "--exclude: no action or tag is named \(Echo.quoted(text)); \(hint)(`haru actions` and `haru tags` list them)")
        }
    }

    /// `only Reading, #Study · without Coffee`: the filter in the words of the listings (`#` before a tag).
    static func describe(_ f: ActionFilter, _ snap: Snapshot, _ ref: Reference, _ w: Words = .english) throws -> String {
        let defs = try LiveDefinitions(snap, reference: ref)
        func names(_ actions: Set<String>, _ tags: Set<String>) -> String {
            (actions.map { defs.actions[$0]?.name ?? $0 }.sorted() + tags.map { "#" + (defs.tags[$0]?.name ?? $0) }.sorted())
                .joined(separator: ", ")
        }
        var parts: [String] = []
        if !f.actions.isEmpty || !f.tags.isEmpty { parts.append(w(Done.filterOnly, names(f.actions, f.tags))) }
        if !f.excludedActions.isEmpty || !f.excludedTags.isEmpty {
            parts.append(w(Done.filterWithout, names(f.excludedActions, f.excludedTags)))
        }
        return parts.joined(separator: " · ")
    }
}
