import HaruLedger

extension OptionKey {
    static let quest = OptionKey("--quest")
}

extension Subcommands {
    /// `haru skip`: a day, or days through `--to` (a pause), excused for an
    /// action, a quest or a goal (`skip.added`).
    static let skip = Command(
        name: "skip", abstract: "Excuse a day, or a pause of days, for an action, a quest or a goal: it is not asked then.",
        usage: "skip [DAY] (--action | --quest | --goal) [--to] [--note] [--id] [--at]",
        arguments: [("DAY", "The day skipped, or a period (this week …) for all its days (default: today).")],
        options: [
            OptionSpec(.action, value: "ACTION", help: "Skip every quest that measures this action."),
            OptionSpec(.quest, value: "QUEST", help: "Skip this quest only (its id, or a unique start of it)."),
            OptionSpec(.goal, value: "GOAL", help: "Skip every quest of this goal."),
            OptionSpec(.to, value: "DAY", help: "The last day skipped: a pause from DAY through this day."),
            noteOption, idOption("skip"), atOption,
        ],
        discussion: """
            A skipped day neither breaks nor lengthens a streak and is not judged: a daily quest asks
            nothing of it, a weekly or monthly target shrinks by its share of the period, a limit leaves
            what the day holds out. `haru skips` lists them, `haru unskip` takes one back.
            """,
        maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let cal = try ctx.calendar(ledger)
            let chosen = [OptionKey.action, .quest, .goal].filter { p.has($0) }
            guard chosen.count == 1 else { throw UsageError(Refusal.ruleSkipTarget) }
            let target: SkipAdded.Target
            if let a = p.value(.action) {
                target = .action(try ctx.resolve(.action, a, in: ledger).id)
            } else if let q = p.value(.quest) {
                target = .quest(try ctx.resolve(.quest, q, in: ledger).id)
            } else {
                target = .goal(try ctx.resolve(.goal, p.value(.goal) ?? "", in: ledger).id)
            }
            let days = try ctx.skippedDays(p.positionals.first, to: p.value(.to), calendar: cal)
            let id = p.value(.id) ?? ctx.newID()
            let skip = SkipAdded(
                skipID: id, startDate: days.lowerBound, endDate: days.upperBound == days.lowerBound ? nil : days.upperBound,
                target: target, note: p.value(.note))
            return try ctx.write([skip], id: id) { ctx in
                let what = ctx.skipTarget(target, ledger)
                return days.lowerBound == days.upperBound
                    ? ctx.words(Done.skippedDay, what, days.lowerBound.description, id)
                    : ctx.words(Done.skippedDays, what, days.lowerBound.description, days.upperBound.description, id)
            }
        })

    /// `haru unskip SKIP`: a skip taken back (`skip.deleted`; `haru restore` brings it back).
    static let unskip = Command(
        name: "unskip", abstract: "Take a skip back: its days are asked again.", usage: "unskip SKIP [--at]",
        arguments: [("SKIP", "The skip's id, or a unique start of it (`haru skips` lists them).")], options: [atOption],
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let skip = try ctx.resolve(.skip, p.positionals[0], in: ledger)
            return try ctx.write([SkipDeleted(skipID: skip.id)], id: skip.id) { ctx in
                ctx.words(Done.unskipped, ctx.skipLine(skip, ledger), skip.id)
            }
        })

    /// `haru skips`: every skip, newest day first.
    static let skips = Command(
        name: "skips", abstract: "List the skipped days and pauses: when, what, why.", usage: "skips [--all] [--as-of] [--known-at]",
        options: [listAll] + queryOptions, discussion: listDiscussion,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                if ctx.json {
                    ctx.printJSON(try DefinitionList.json(.skip, snap: snap, calendar: cal, reference: ref, all: p.has(.all)))
                    return ExitCode.ok
                }
                let rows = try DefinitionList.rows(snap, .skip, reference: ref, all: p.has(.all))
                    .sorted { ($0.skip?.days.lowerBound.daysSinceEpoch ?? 0) > ($1.skip?.days.lowerBound.daysSinceEpoch ?? 0) }
                let w = ctx.words
                let names = try ctx.names(of: [.action, .goal], snap, at: ref.definitionsAt)
                let ledger = try ctx.openLedger()
                DefinitionText.table(
                    rows, header: [w(.colDates), w(.colTarget), w(.colNote), w(.colID)], out: ctx.out, empty: w(.noSkipsListed), words: w
                ) { r in
                    guard let skip = r.skip else { return [] }
                    var what = ""
                    switch skip.target {
                    case .action(let a): what = w.entity("action") + " " + (names[a] ?? a)
                    case .quest(let q): what = w.entity("quest") + " " + ctx.questText(q, in: ledger)
                    case .goal(let g): what = w.entity("goal") + " " + (names[g] ?? g)
                    }
                    return [ctx.skipDays(skip), what, skip.note ?? "", r.id]
                }
                return ExitCode.ok
            }
        })
}

extension Context {
    /// DAY (default today; a period is all its days) through `--to`.
    func skippedDays(_ day: String?, to: String?, calendar: LedgerCalendar) throws -> ClosedRange<LocalDate> {
        let now = try clockNow()
        let first: ClosedRange<LocalDate>
        if let day, let period = HumanTime.period(day, now: now, calendar: calendar) {
            first = period
        } else {
            let d = try day.map { try date($0, "DAY", calendar: calendar) } ?? calendar.day(of: now)
            first = d...d
        }
        guard let to else { return first }
        let last = try date(to, "--to", calendar: calendar)
        guard last >= first.lowerBound else {
            throw UsageError(Refusal.toBeforeDay, last.description, first.lowerBound.description)
        }
        return first.lowerBound...last
    }

    /// What a skip excuses, in words: `action "Reading"`, `goal "Run"`, `quest 'Reading at least 30m 00s, daily'`.
    func skipTarget(_ target: SkipAdded.Target, _ ledger: Ledger) -> String {
        let label = try? ledger.withStoredState { try $0.definition(target.kind, target.id)?.fields().label }
        let name = target.kind == .quest ? questText(target.id, in: ledger) : Echo.quoted((label ?? nil) ?? target.id)
        return words.entity(target.kind.word) + " " + name
    }

    /// A skip's days: `2026-03-05`, `2026-03-25 … 2026-04-07`.
    func skipDays(_ s: SkipDefinition) -> String {
        s.days.lowerBound == s.days.upperBound ? s.days.lowerBound.description : "\(s.days.lowerBound) … \(s.days.upperBound)"
    }

    /// A skip's days and what it excuses: `2026-03-05 action Reading`.
    func skipLine(_ d: Definition, _ ledger: Ledger) -> String {
        guard let s = d.skip else { return d.id }
        return skipDays(s) + " " + skipTarget(s.target, ledger)
    }
}
