import HaruLedger

extension Subcommands {
    static let tag = Command(
        name: "tag", abstract: "Create, edit and delete tags.", usage: "tag <add|edit|delete> …",
        subcommands: [
            Command(
                name: "add", abstract: "Create a tag.", usage: "tag add NAME [--color] [--order] [--id]",
                arguments: [("NAME", "The tag's name (unique).")],
                options: [OptionSpec(.color, value: "#RRGGBB", help: "Its colour."), orderOption, idOption("tag")],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let id = p.value(.id) ?? ctx.newID()
                    let tag = TagCreated(tagID: id, name: p.positionals[0], color: p.value(.color), order: try p.order())
                    return try ctx.write(tag, id: id, human: ctx.words(.createdTag, p.positionals[0], id))
                }),
            Command(
                name: "edit", abstract: "Rename or recolour a tag.",
                usage: "tag edit TAG [--name] [--color] [--order] [--at]",
                arguments: [("TAG", "The tag's id or name.")],
                options: [
                    OptionSpec(.name, value: "NAME", help: "New name."),
                    OptionSpec(.color, value: "#RRGGBB|none", help: "New colour, or none."), orderOption, atOption,
                ],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let t = try ctx.resolve(.tag, p.positionals[0], in: try ctx.openLedger())
                    let edit = TagEdited(tagID: t.id, name: p.value(.name), color: p.edit(.color), order: try p.order())
                    return try ctx.write(edit, id: t.id, human: ctx.words(Done.editedTag, p.value(.name) ?? t.fields().name ?? t.id))
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
                        impact: carrying.isEmpty ? nil : Context.tagImpact(carrying.compactMap { $0.fields().name }),
                        yes: p.has(.yes))
                    return try ctx.write(TagDeleted(tagID: t.id), id: t.id, human: ctx.words(Done.deletedTag, t.fields().name ?? t.id))
                }),
        ])
}
