import HaruLedger

extension Subcommands {
    static let action = Command(
        name: "action", abstract: "Create, edit and delete actions.", usage: "action <add|edit|delete> …",
        subcommands: [
            Command(
                name: "add", abstract: "Create an action.",
                usage: "action add NAME --tracking time|count [--tag TAG]… [--symbol S] [--favorite] [--order N] [--id ID]",
                arguments: [("NAME", "The action's name (unique).")],
                options: [
                    OptionSpec(.tracking, value: "time|count", help: "Timed sessions or counts; never changes."),
                    OptionSpec(.tag, value: "TAG", help: "A tag (id or name).", repeatable: true),
                    OptionSpec(.symbol, value: "S", help: "A symbol: an emoji or an SF Symbol name (at most 64 characters)."),
                    OptionSpec(.favorite, help: "Mark as a favourite."), orderOption, idOption("action"),
                ],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    guard let tracking = p.value(.tracking) else { throw UsageError("--tracking time|count is required") }
                    let ledger = try ctx.openLedger()
                    let id = p.value(.id) ?? ctx.newID()
                    var data: [(String, JSONValue)] = [
                        ("action_id", .string(id)), ("name", .string(p.positionals[0])), ("tracking", .string(tracking)),
                    ]
                    let tags = try p.all(.tag).map { try ctx.resolve(.tag, $0, in: ledger).id }
                    if !tags.isEmpty { data.append(("tag_ids", .array(tags.map { .string($0) }))) }
                    if let s = p.value(.symbol) { data.append(("symbol", .string(s))) }
                    if p.has(.favorite) { data.append(("favorite", .bool(true))) }
                    data += try p.orderMember()
                    return try ctx.write(.actionCreated, data, id: id, human: ctx.words(.createdAction, p.positionals[0], id))
                }),
            Command(
                name: "edit", abstract: "Edit an action (its tracking never changes).",
                usage:
                    "action edit ACTION [--name NAME] [--tag TAG]… [--no-tags] [--symbol S|none] [--favorite yes|no] [--order N] [--at TIME]",
                arguments: [("ACTION", "The action's id or name.")],
                options: [
                    OptionSpec(.name, value: "NAME", help: "New name."),
                    OptionSpec(.tag, value: "TAG", help: "The new tag list (replaces the old one).", repeatable: true),
                    OptionSpec(.noTags, help: "Remove every tag."),
                    OptionSpec(.symbol, value: "S", help: "New symbol, or none."),
                    OptionSpec(.favorite, value: "yes|no", help: "Favourite or not."), orderOption, atOption,
                ],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let ledger = try ctx.openLedger()
                    let a = try ctx.resolve(.action, p.positionals[0], in: ledger)
                    var data: [(String, JSONValue)] = [("action_id", .string(a.id))]
                    if let n = p.value(.name) { data.append(("name", .string(n))) }
                    if p.has(.noTags) { data.append(("tag_ids", .array([]))) }
                    let tags = try p.all(.tag).map { try ctx.resolve(.tag, $0, in: ledger).id }
                    if !tags.isEmpty { data.append(("tag_ids", .array(tags.map { .string($0) }))) }
                    if let s = p.value(.symbol) { data.append(("symbol", s == "none" ? .null : .string(s))) }
                    if let f = p.value(.favorite) {
                        guard f == "yes" || f == "no" else { throw UsageError("--favorite takes yes or no") }
                        data.append(("favorite", .bool(f == "yes")))
                    }
                    data += try p.orderMember()
                    return try ctx.write(.actionEdited, data, id: a.id, human: "Edited action \(a.fields().name ?? a.id).")
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
                        .actionDeleted, [("action_id", .string(a.id))], id: a.id,
                        human: "Deleted action \(name) (`haru restore \(ShellWord.quoted(name))` brings it back).")
                }),
        ])
}
