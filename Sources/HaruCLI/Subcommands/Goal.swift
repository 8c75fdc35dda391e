import HaruLedger

extension Subcommands {
    static let goal = Command(
        name: "goal", abstract: "Create, edit, finish, confirm and delete goals.", usage: "goal <add|edit|finish|confirm|delete> …",
        subcommands: [
            Command(
                name: "add", abstract: "Create a goal.",
                usage:
                    "goal add TITLE --start [--end] [--threshold] [--symbol] [--color] [--order] [--id]",
                arguments: [("TITLE", "The goal's title.")],
                options: [
                    OptionSpec(.start, value: "DATE", help: "First day (YYYY-MM-DD)."),
                    OptionSpec(.end, value: "DATE", help: "Last day; without it the goal runs until finished by hand."),
                    OptionSpec(
                        .threshold, value: "PERCENT",
                        help:
                            "Achieved when the mean of its quests' ratios at the judgment reaches this percent, 10 … 100 in steps of 5 (default 100)."
                    ),
                    OptionSpec(.symbol, value: "S", help: "A short symbol."),
                    OptionSpec(.color, value: "#RRGGBB", help: "Its colour."), orderOption, idOption("goal"), atOption,
                ],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    guard let start = try p.date(.start) else { throw UsageError(Refusal.startRequired) }
                    let id = p.value(.id) ?? ctx.newID()
                    let goal = GoalCreated(
                        goalID: id, title: p.positionals[0], startDate: start, endDate: try p.date(.end),
                        thresholdPercent: try p.int(.threshold),
                        symbol: p.value(.symbol), color: p.value(.color), order: try p.order())
                    return try ctx.write(goal, id: id, human: ctx.words(.createdGoal, p.positionals[0], id))
                }),
            Command(
                name: "edit", abstract: "Edit a goal; the edit takes effect at --at.",
                usage: "goal edit GOAL [--title] [--start] [--end] [--threshold] [--order] [--at]",
                arguments: [("GOAL", "The goal's id or title.")],
                options: [
                    OptionSpec(.title, value: "TITLE", help: "New title."),
                    OptionSpec(.start, value: "DATE", help: "New first day."),
                    OptionSpec(.end, value: "DATE|none", help: "New last day, or none to remove it (reopens a judged goal)."),
                    OptionSpec(.threshold, value: "PERCENT", help: "New threshold: the percent the mean of its quests' ratios must reach."),
                    OptionSpec(.symbol, value: "S|none", help: "New symbol, or none."),
                    OptionSpec(.color, value: "#RRGGBB|none", help: "New colour, or none."), orderOption, atOption,
                ],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let goal = try ctx.resolve(.goal, p.positionals[0], in: try ctx.openLedger())
                    let id = goal.id
                    let edit = GoalEdited(
                        goalID: id, title: p.value(.title), startDate: try p.date(.start),
                        endDate: try p.edit(.end) { try Parsed.date($0, .end) },
                        thresholdPercent: try p.int(.threshold), symbol: p.edit(.symbol), color: p.edit(.color), order: try p.order())
                    return try ctx.write(edit, id: id, human: ctx.words(Done.editedGoal, p.value(.title) ?? goal.fields().title ?? id))
                }),
            Command(
                name: "finish", abstract: "Finish a goal without an end date; it is judged at --at.",
                usage: "goal finish GOAL [--at]", arguments: [("GOAL", "The goal's id or title.")], options: [atOption],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let id = try ctx.resolve(.goal, p.positionals[0], in: try ctx.openLedger()).id
                    return try ctx.write(GoalFinished(goalID: id), id: id, human: ctx.words(Done.finishedGoal, p.positionals[0]))
                }),
            Command(
                name: "confirm", abstract: "Answer for a goal without quests: achieved or not.",
                usage: "goal confirm GOAL achieved|not_achieved [--at]",
                arguments: [("GOAL", "The goal's id or title."), ("OUTCOME", "achieved or not_achieved.")], options: [atOption],
                minArgs: 2, maxArgs: 2,
                run: { ctx, p in
                    let id = try ctx.resolve(.goal, p.positionals[0], in: try ctx.openLedger()).id
                    let outcome = try Parsed.choice(p.positionals[1], OptionKey("OUTCOME"), Outcome.self)
                    return try ctx.write(
                        GoalConfirmed(goalID: id, outcome: outcome), id: id,
                        human: ctx.words(outcome == .achieved ? Done.confirmedAchieved : Done.confirmedNotAchieved, p.positionals[0]))
                }),
            Command(
                name: "delete", abstract: "Delete a goal (its quests go with it).", usage: "goal delete GOAL [--yes]",
                arguments: [("GOAL", "The goal's id or title.")], options: [atOption, yesOption], minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let ledger = try ctx.openLedger()
                    let id = try ctx.resolve(.goal, p.positionals[0], in: ledger).id
                    let quests = try ledger.withStoredState { try $0.definitions(.quest) }.filter {
                        $0.isLive && $0.base.goalID == id
                    }
                    let title = try ledger.withStoredState { try $0.definition(.goal, id) }?.fields().title ?? id
                    try ctx.confirmDeletion(
                        title,
                        impact: quests.isEmpty ? nil : Context.goalImpact(quests.count),
                        yes: p.has(.yes))
                    return try ctx.write(
                        GoalDeleted(goalID: id), id: id,
                        human: ctx.words(Done.deletedGoal, title, id))
                }),
        ])

}
