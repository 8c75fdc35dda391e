import HaruLedger

extension Context {
    /// A live definition named by id, or by its name (tags, actions: unique
    /// among the live ones) or title (goals: a title two goals share names
    /// neither, and the error says to give the id).
    /// - Throws: `UsageError` such as `no action named "Readng"`.
    func resolve(_ kind: DefinitionKind, _ text: String, in ledger: Ledger) throws -> Definition {
        /// What a person calls it: a tag's or action's name, a goal's title.
        func label(_ d: Definition) -> String? { d.fields().string(.name) ?? d.fields().string(.title) }
        return try ledger.withStoredState { store in
            if let d = try store.definition(kind, text), d.isLive { return d }
            let byName = try store.definitions(kind).filter { $0.isLive && label($0) == text }
            if byName.count > 1 {
                throw UsageError("\(byName.count) \(kind.word)s are called \"\(text)\"; give an id (`haru \(kind.word)s` shows them)")
            }
            if let d = byName.first { return d }
            let folded = try store.definitions(kind).filter {
                $0.isLive && (label($0) ?? "").lowercased() == text.lowercased()
            }
            if folded.count == 1 { return folded[0] }
            if let d = try store.definition(kind, text), let del = d.deletedSeq {
                throw UsageError("\(kind.word) \"\(text)\" was deleted at seq \(del)")
            }
            // Say what there is: the nearest name, or that it was deleted (and how to bring it back).
            let live = try store.definitions(kind).filter(\.isLive).compactMap(label)
            if let gone = try store.definitions(kind).last(where: { !$0.isLive && label($0) == text }) {
                throw UsageError(
                    "\(kind.word) \"\(text)\" was deleted at seq \(gone.deletedSeq ?? 0); `haru restore \(quoteArg(text))` brings it back")
            }
            let near = Suggest.nearest(text, among: live)
            throw UsageError(
                "no \(kind.word) named \"\(text)\"" + (near.map { "; did you mean \"\($0)\"?" } ?? "")
                    + " (`haru \(kind.word)s` lists them)")
        }
    }

    /// The display name of an action or tag id ("?" when unknown).
    func name(of kind: DefinitionKind, _ id: String, in ledger: Ledger) -> String {
        (try? ledger.withStoredState { try $0.definition(kind, id)?.fields().string(.name) }).flatMap { $0 } ?? id
    }
}
