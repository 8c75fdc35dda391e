import HaruLedger

extension Context {
    /// A live definition named as every command names it (`Resolver.definition`):
    /// id, name or title (exact, then case-folded), or a unique start of its id.
    /// - Throws: `UsageError` such as `no action named "Readng"; did you mean "Reading"?`.
    func resolve(_ kind: DefinitionKind, _ text: String, in ledger: Ledger) throws -> Definition {
        try ledger.snapshot(zones: zones) { snap in try resolve(kind, text, in: snap) }
    }

    /// The same in a query's snapshot, with names as in force at `reference`;
    /// an exact id may name a deleted definition (the past can be asked about).
    func resolve(_ kind: DefinitionKind, _ text: String, in snap: Snapshot, reference: Reference? = nil) throws -> Definition {
        do {
            let d = try Resolver.definition(kind, text, in: snap, at: reference?.definitionsAt, deleted: reference != nil)
            if Resolver.isFormerName(text, of: d), let now = d.fields().label {
                invocation.err.line(
                    words.said(
                        "Note: \(Echo.quoted(text)) is what \(kind.word) \(Echo.quoted(now)) was called before; it is \(Echo.quoted(now)) now.",
                        .formerName, text, now))
            }
            return d
        } catch let e as Resolver.Unresolved {
            throw UsageError(e.reason)
        }
    }

    /// The display name of an action or tag id ("?" when unknown).
    func name(of kind: DefinitionKind, _ id: String, in ledger: Ledger) -> String {
        (try? ledger.withStoredState { try $0.definition(kind, id)?.fields().name }).flatMap { $0 } ?? id
    }
}

extension Context {
    /// A count of an action as said to a person: in its decimal places and
    /// unit (`7.6 km`, `3잔`), or `×3` for a whole count without a unit.
    func countText(_ amount: Int64, action id: String, in ledger: Ledger) throws -> String {
        let f = try ledger.withStoredState { try $0.definition(.action, id)?.base }
        return words.times(Decimals.text(amount, Int(f?.int(.decimals) ?? 0)), unit: f?.string(.unit))
    }
}
