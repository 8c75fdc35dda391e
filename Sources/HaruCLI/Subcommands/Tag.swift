import HaruLedger

extension Subcommands {
    static let tag = Command(
        name: "tag", abstract: "Create, edit and delete tags.", usage: "tag <add|edit|delete> …",
        subcommands: [
            Command(
                name: "add", abstract: "Create a tag.", usage: "tag add NAME [--color #RRGGBB] [--order N] [--id ID]",
                arguments: [("NAME", "The tag's name (unique).")],
                options: [OptionSpec(.color, value: "#RRGGBB", help: "Its colour."), orderOption, idOption("tag")],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let id = p.value(.id) ?? ctx.newID()
                    var data: [(String, JSONValue)] = [("tag_id", .string(id)), ("name", .string(p.positionals[0]))]
                    if let c = p.value(.color) { data.append(("color", .string(c))) }
                    data += try p.orderMember()
                    return try ctx.write(.tagCreated, data, id: id, human: ctx.words(.createdTag, p.positionals[0], id))
                }),
            Command(
                name: "edit", abstract: "Rename or recolour a tag.",
                usage: "tag edit TAG [--name NAME] [--color #RRGGBB|none] [--order N] [--at TIME]",
                arguments: [("TAG", "The tag's id or name.")],
                options: [
                    OptionSpec(.name, value: "NAME", help: "New name."),
                    OptionSpec(.color, value: "#RRGGBB", help: "New colour, or none."), orderOption, atOption,
                ],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let t = try ctx.resolve(.tag, p.positionals[0], in: try ctx.openLedger())
                    var data: [(String, JSONValue)] = [("tag_id", .string(t.id))]
                    if let n = p.value(.name) { data.append(("name", .string(n))) }
                    if let c = p.value(.color) { data.append(("color", c == "none" ? .null : .string(c))) }
                    data += try p.orderMember()
                    return try ctx.write(.tagEdited, data, id: t.id, human: "Edited tag \(t.id).")
                }),
            Command(
                name: "delete", abstract: "Delete a tag (its actions keep existing and lose it).", usage: "tag delete TAG [--yes]",
                arguments: [("TAG", "The tag's id or name.")], options: [atOption, yesOption], minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let ledger = try ctx.openLedger()
                    let t = try ctx.resolve(.tag, p.positionals[0], in: ledger)
                    let carrying = try ledger.withStoredState { try $0.definitions(.action) }.filter {
                        $0.isLive && ($0.fields().tagIDs ?? []).contains(t.id)
                    }
                    try ctx.confirmDeletion(
                        t.fields().name ?? t.id,
                        impact: carrying.isEmpty
                            ? nil
                            : "\(carrying.count) action\(carrying.count == 1 ? "" : "s") lose it (\(carrying.compactMap { $0.fields().name }.joined(separator: ", "))), and its totals and quests go",
                        yes: p.has(.yes))
                    return try ctx.write(
                        .tagDeleted, [("tag_id", .string(t.id))], id: t.id, human: "Deleted tag \(t.fields().name ?? t.id).")
                }),
        ])
}
