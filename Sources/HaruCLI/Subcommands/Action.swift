import HaruLedger

extension OptionKey {
    static let unit = OptionKey("--unit")
    static let question = OptionKey("--question")
    static let description = OptionKey("--description")
    static let decimals = OptionKey("--decimals")
}

extension Subcommands {
    static let action = Command(
        name: "action", abstract: "Create, edit and delete actions.", usage: "action <add|edit|delete> …",
        subcommands: [
            Command(
                name: "add", abstract: "Create an action.",
                usage:
                    "action add NAME --tracking [--tag]… [--symbol] [--favorite] [--order] [--unit] [--question] [--description] [--decimals] [--id]",
                arguments: [("NAME", "The action's name (unique).")],
                options: [
                    OptionSpec(.tracking, value: "time|count", help: "Timed sessions or counts; never changes."),
                    OptionSpec(.tag, value: "TAG", help: "A tag (id or name).", repeatable: true),
                    OptionSpec(.symbol, value: "S", help: "A symbol: an emoji or an SF Symbol name (at most 64 characters)."),
                    OptionSpec(.favorite, help: "Mark as a favourite."), orderOption,
                    OptionSpec(.unit, value: "UNIT", help: "A count action's unit (glasses, km): its counts are said in it."),
                    OptionSpec(.question, value: "TEXT", help: "What it asks (Did you stretch today?)."),
                    OptionSpec(.description, value: "TEXT", help: "A description."),
                    OptionSpec(
                        .decimals, value: "0-3", help: "A count action's decimal places: 1 counts 7.6, 2 counts 7.65 (fixed for life)."),
                    idOption("action"),
                ],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    guard let tracking = try p.choice(.tracking, Tracking.self) else {
                        throw UsageError(Refusal.trackingRequired)
                    }
                    let ledger = try ctx.openLedger()
                    let id = p.value(.id) ?? ctx.newID()
                    let tags = try p.all(.tag).map { try ctx.resolve(.tag, $0, in: ledger).id }
                    let action = ActionCreated(
                        actionID: id, name: p.positionals[0], tracking: tracking, tagIDs: tags.isEmpty ? nil : tags,
                        symbol: p.value(.symbol),
                        favorite: p.has(.favorite) ? true : nil, order: try p.order(), unit: p.value(.unit),
                        question: p.value(.question), description: p.value(.description), decimals: try p.int(.decimals))
                    return try ctx.write(action, id: id, human: ctx.words(.createdAction, p.positionals[0], id))
                }),
            Command(
                name: "edit", abstract: "Edit an action (its tracking never changes).",
                usage:
                    "action edit ACTION [--name] [--tag]… [--no-tags] [--symbol] [--favorite] [--order] [--unit] [--question] [--description] [--at]",
                arguments: [("ACTION", "The action's id or name.")],
                options: [
                    OptionSpec(.name, value: "NAME", help: "New name."),
                    OptionSpec(.tag, value: "TAG", help: "The new tag list (replaces the old one).", repeatable: true),
                    OptionSpec(.noTags, help: "Remove every tag."),
                    OptionSpec(.symbol, value: "S|none", help: "New symbol, or none."),
                    OptionSpec(.favorite, value: "yes|no", help: "Favourite or not."), orderOption,
                    OptionSpec(.unit, value: "UNIT|none", help: "New unit, or none."),
                    OptionSpec(.question, value: "TEXT|none", help: "New question, or none."),
                    OptionSpec(.description, value: "TEXT|none", help: "New description, or none."), atOption,
                ],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let ledger = try ctx.openLedger()
                    let a = try ctx.resolve(.action, p.positionals[0], in: ledger)
                    let tags = try p.all(.tag).map { try ctx.resolve(.tag, $0, in: ledger).id }
                    let favorite = try p.value(.favorite).map { f in
                        guard f == "yes" || f == "no" else { throw UsageError(Refusal.favoriteTakes) }
                        return f == "yes"
                    }
                    let edit = ActionEdited(
                        actionID: a.id, name: p.value(.name), tagIDs: !tags.isEmpty ? tags : p.has(.noTags) ? [] : nil,
                        symbol: p.edit(.symbol),
                        favorite: favorite, order: try p.order(), unit: p.edit(.unit), question: p.edit(.question),
                        description: p.edit(.description))
                    return try ctx.write(edit, id: a.id, human: ctx.words(Done.editedAction, p.value(.name) ?? a.fields().name ?? a.id))
                }),
            Command(
                name: "delete", abstract: "Delete an action; its sessions and counts leave every total.",
                usage: "action delete ACTION [--yes]", arguments: [("ACTION", "The action's id or name.")], options: [atOption, yesOption],
                discussion:
                    "An action with records asks first (on a terminal) and says what leaves the totals; `haru restore ACTION` brings it back.",
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let ledger = try ctx.openLedger()
                    let a = try ctx.resolve(.action, p.positionals[0], in: ledger)
                    let name = a.fields().name ?? a.id
                    try ctx.confirmDeletion(name, impact: try ctx.recordImpact(of: a.id, ledger: ledger), yes: p.has(.yes))
                    return try ctx.write(
                        ActionDeleted(actionID: a.id), id: a.id,
                        human: ctx.words(Done.deletedAction, name, ShellWord.quoted(name)))
                }),
        ])
}
