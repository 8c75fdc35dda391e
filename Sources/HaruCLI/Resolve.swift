@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

extension Context {
    /// A live definition named by id or by its unique name (tags, actions).
    /// - Throws: `UsageError` such as `no action named "Readng"`.
    func resolve(_ kind: DefinitionKind, _ text: String, in ledger: Ledger) throws -> Definition {
        try ledger.withStoredState { store in
            if let d = try store.definition(kind, text), d.isLive { return d }
            let byName = try store.definitions(kind).filter { $0.isLive && $0.fields().string(.name) == text }
            if let d = byName.first { return d }
            let folded = try store.definitions(kind).filter {
                $0.isLive && ($0.fields().string(.name) ?? "").lowercased() == text.lowercased()
            }
            if folded.count == 1 { return folded[0] }
            if let d = try store.definition(kind, text), let del = d.deletedSeq {
                throw UsageError("\(kind.word) \"\(text)\" was deleted at seq \(del)")
            }
            throw UsageError("no \(kind.word) named \"\(text)\"")
        }
    }

    /// The display name of an action or tag id ("?" when unknown).
    func name(of kind: DefinitionKind, _ id: String, in ledger: Ledger) -> String {
        (try? ledger.withStoredState { try $0.definition(kind, id)?.fields().string(.name) }).flatMap { $0 } ?? id
    }
}
