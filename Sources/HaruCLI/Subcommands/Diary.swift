import HaruLedger

extension OptionKey {
    static let mood = OptionKey("--mood")
    static let text = OptionKey("--text")
    static let hideAction = OptionKey("--hide-action")
    static let showAction = OptionKey("--show-action")
    static let hideGoal = OptionKey("--hide-goal")
    static let showGoal = OptionKey("--show-goal")
}

extension Subcommands {
    static let diary = Command(
        name: "diary", abstract: "A day's diary page: mood, text, to-dos, and what the ledger says of that day.",
        usage: "diary [DATE] [--as-of …] [--known-at …] | diary write [DATE] [--mood EMOJI] [--text TEXT|-] … | diary delete DATE",
        arguments: [("DATE", "The logical day (2026-03-04, today, yesterday, monday …; default: the reference's day).")],
        options: queryOptions,
        discussion: """
            The page as the app's diary composes it: the mood and text written for the day, its
            to-dos (`haru todo`), a summary, the goals running that day with their day, week and
            month spans as of the day's end (weekly and monthly spans up to that day), the
            timetable, the records and a bar per action. The page and its to-dos are read as they
            stand at the reference (`--as-of` shows them as written by then); the day's figures as
            the day ended, or at the reference while it lasts. Actions and goals the page hides
            (`diary write --hide-action/--hide-goal`) leave its timetable and goals, not its totals.
            """,
        subcommands: [diaryWrite, diaryDelete],
        maxArgs: 1,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let day = try p.positionals.first.map { try ctx.date($0, "DATE", calendar: cal) } ?? ref.day(cal)
                let page = try DiaryPage(snap, calendar: cal, date: day, reference: ref)
                if ctx.json {
                    ctx.printJSON(.object(try page.json(snap: snap, calendar: cal) + snap.referenceJSON(ref, cal)))
                    return ExitCode.ok
                }
                DiaryText.print(page, names: page.names, calendar: cal, ctx: ctx)
                return ExitCode.ok
            }
        })

    static let diaryWrite = Command(
        name: "write", abstract: "Write a day's page (what you leave out stays as it was).",
        usage:
            "diary write [DATE] [--mood EMOJI|none] [--text TEXT|-|none] [--hide-action A] [--show-action A] [--hide-goal G] [--show-goal G] [--at TIME]",
        arguments: [("DATE", "The logical day of the page (default: today's).")],
        options: [
            OptionSpec(.mood, value: "EMOJI", help: "The day's mood (an emoji, 64 characters at most), or none."),
            OptionSpec(
                .text, value: "TEXT", help: "What to write (replaces the page's text); - reads it from standard input; none removes it."),
            OptionSpec(.hideAction, value: "ACTION", help: "Leave this action out of the day's timetable.", repeatable: true),
            OptionSpec(.showAction, value: "ACTION", help: "Show a hidden action again.", repeatable: true),
            OptionSpec(.hideGoal, value: "GOAL", help: "Leave this goal out of the day's goals.", repeatable: true),
            OptionSpec(.showGoal, value: "GOAL", help: "Show a hidden goal again.", repeatable: true),
            atOption,
        ],
        discussion: """
            One diary.written event holds the whole page: the options given change it, the rest is
            carried over from the page as it stands, so `--mood 😊` today and `--text …` tonight
            make one page with both. A deleted page written again comes back with what you give.
            """,
        maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let now = try ctx.clockNow()
            let cal = try ctx.calendar(ledger)
            let day = try p.positionals.first.map { try ctx.date($0, "DATE", calendar: cal) } ?? cal.day(of: now)
            guard
                [OptionKey.mood, .text, .hideAction, .showAction, .hideGoal, .showGoal].contains(where: { p.has($0) || !p.all($0).isEmpty })
            else {
                throw UsageError("nothing to write: give --mood, --text, --hide-action or --hide-goal (and their opposites)")
            }
            var (mood, text, hiddenActions, hiddenGoals): (String?, String?, [String], [String]) = try ledger.snapshot(zones: ctx.zones) {
                snap in
                let old = try snap.definition(.diary, day.description).flatMap { $0.isLive ? $0.fields() : nil }
                return (old?.string(.mood), old?.string(.text), old?.strings(.hiddenActionIDs) ?? [], old?.strings(.hiddenGoalIDs) ?? [])
            }
            if let m = p.value(.mood) { mood = m == "none" ? nil : m }
            if let t = p.value(.text) {
                if t == "-" {
                    let bytes = try ctx.invocation.readInput(nil).array
                    guard let s = String(validating: bytes, as: UTF8.self) else {
                        throw UsageError("--text -: standard input is not UTF-8 text")
                    }
                    text = s.hasSuffix("\n") ? String(s.dropLast()) : s
                } else {
                    text = t == "none" ? nil : t
                }
            }
            try ledger.snapshot(zones: ctx.zones) { snap in
                for a in p.all(.hideAction) { hiddenActions.append(try ctx.resolve(.action, a, in: snap).id) }
                for a in p.all(.showAction) {
                    let id = try ctx.resolve(.action, a, in: snap).id
                    hiddenActions.removeAll { $0 == id }
                }
                for g in p.all(.hideGoal) { hiddenGoals.append(try ctx.resolve(.goal, g, in: snap).id) }
                for g in p.all(.showGoal) {
                    let id = try ctx.resolve(.goal, g, in: snap).id
                    hiddenGoals.removeAll { $0 == id }
                }
            }
            var data: [(String, JSONValue)] = [("date", .string(day.description))]
            if let mood { data.append(("mood", .string(mood))) }
            if let text { data.append(("text", .string(text))) }
            let unique = { (ids: [String]) in ids.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } } }
            if !hiddenActions.isEmpty { data.append(("hidden_action_ids", .array(unique(hiddenActions).map { .string($0) }))) }
            if !hiddenGoals.isEmpty { data.append(("hidden_goal_ids", .array(unique(hiddenGoals).map { .string($0) }))) }
            guard data.count > 1 else {
                throw UsageError("that leaves the page of \(day) empty; `haru diary delete \(day)` takes a page away")
            }
            return try ctx.write(.diaryWritten, data, id: day.description, human: "Wrote the diary page of \(day).")
        })

    static let diaryDelete = Command(
        name: "delete", abstract: "Take a day's page away (its to-dos stay; `haru restore DATE` brings it back).",
        usage: "diary delete DATE", arguments: [("DATE", "The logical day of the page.")], options: [atOption],
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let day = try ctx.date(p.positionals[0], "DATE", calendar: try ctx.calendar(ledger))
            let page = try ledger.snapshot(zones: ctx.zones) { try $0.definition(.diary, day.description) }
            guard let page, page.isLive else {
                throw UsageError(
                    page == nil
                        ? "\(day) has no diary page (`haru diary \(day)` shows the day)"
                        : "the diary page of \(day) is deleted already (`haru restore \(day)` brings it back)")
            }
            return try ctx.write(
                .diaryDeleted, [("date", .string(day.description))], id: day.description,
                human: "Deleted the diary page of \(day) (`haru restore \(day)` brings it back).")
        })
}

/// How a diary page prints: the app's sections, in its order.
enum DiaryText {
    static func print(_ page: DiaryPage, names: [String: String], calendar cal: LedgerCalendar, ctx: Context) {
        let out = ctx.out
        let d = page.date
        var head = "\(d) \(d.weekday.abbreviation)"
        if let mood = page.written?.string(.mood) { head += "  " + mood }
        out.line(head)
        if let text = page.written?.string(.text) {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) { out.line("  " + line) }
        }
        if page.written == nil { out.line("  " + ctx.style.paint("(nothing written)", .dim)) }

        let t = page.totals
        var summary = ["\(page.records.count) record\(page.records.count == 1 ? "" : "s")"]
        if t.seconds > 0 { summary.insert(DurationText.text(t.seconds), at: 0) }
        if t.count > 0 { summary.insert("×\(t.count)", at: t.seconds > 0 ? 1 : 0) }
        if !page.todos.isEmpty { summary.append("to-dos \(page.todos.filter(\.done).count)/\(page.todos.count)") }
        out.line("")
        out.line("summary  " + summary.joined(separator: " · "))

        if !page.goals.isEmpty {
            out.line("")
            out.line("goals")
            for g in page.goals {
                let spans = ["day", "week", "month"].enumerated().map { "\($1) \(ProgressText.gauge(g.spanRatios[$0], ctx.style))" }
                out.line("  " + g.title + (g.noQuests ? "  no quests" : "  " + spans.joined(separator: "   ")))
            }
        }
        if !page.todos.isEmpty {
            out.line("")
            out.line("to-dos")
            for (k, todo) in page.todos.enumerated() {
                out.line(
                    "  \(k + 1). [\(todo.done ? "x" : " ")] \(RecordText.oneLine(todo.text))  "
                        + ctx.style.paint("[\(todo.id.prefix(8))]", .dim))
            }
        }
        if !page.timetable.blocks.isEmpty || !page.timetable.dots.isEmpty {
            out.line("")
            out.line("timetable")
            TimetableText.day(page.timetable, names: names, calendar: cal, out: out)
        }
        if !page.records.isEmpty {
            out.line("")
            out.line("records")
            RecordText.print(
                page.records, from: d, to: d, names: names, calendar: cal, reference: page.reference, out: out, style: ctx.style)
        }
        let bars = page.book.actionList(0, .user).filter { !$0.value.isZero }
        if !bars.isEmpty {
            out.line("")
            out.line("bars")
            let width = min(24, bars.map { Cell.columns(names[$0.key] ?? $0.key) }.max() ?? 8) + 2
            let most = (seconds: bars.map(\.value.seconds).max() ?? 0, count: bars.map(\.value.count).max() ?? 0)
            for (id, v) in bars {
                // Time against the longest, counts against the most: two units, two scales.
                let share = v.seconds > 0 ? Double(v.seconds) / Double(max(1, most.seconds)) : Double(v.count) / Double(max(1, most.count))
                let cells = max(1, Int((share * 20).rounded()))
                out.line("  " + Cell.pad(names[id] ?? id, width) + Cell.pad(String(repeating: "█", count: cells), 22) + Cell.text(v))
            }
        }
    }
}
