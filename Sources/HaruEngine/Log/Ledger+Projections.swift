/// Which projection set a transaction reads, and the upgrade of an older
/// format on open (Docs/design.md, "Projections are rebuilt beside the old ones").

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension Ledger {
    /// The projection set to use in `txn`, checked against the ledger's
    /// record in that snapshot: another process may have replaced the set
    /// since this one opened the ledger.
    /// - Throws: `LedgerError.rebuiltMeanwhile` when it did (this process
    ///   takes up the new set for its next transaction), `LedgerError.damaged`
    ///   for an unreadable record.
    @_spi(Layers) public func projections(_ txn: ReadTransaction) throws -> ProjectionSet {
        let set = projectionSet
        guard meta != nil else { return set }
        let record = try ProjectionMeta.read(txn, meta)
        guard record.generation != set.generation else { return set }
        // A handle opened now could not be used in `txn` (LMDB gives a
        // transaction only the handles that existed when it began).
        if let set = try ProjectionSet.open(environment, generation: record.generation, create: false) { replaceProjectionSet(set) }
        throw LedgerError.rebuiltMeanwhile
    }

    /// Rebuilds projections of an older format through a new set, before
    /// anything reads them; refuses a newer format.
    func upgradeProjections(readOnly: Bool, _ upgrading: (_ from: UInt32, _ events: UInt64) -> Void) throws {
        guard let record = try? environment.read({ txn in try ProjectionMeta.read(txn, meta) }) else { return }
        if record.format > ProjectionMeta.format {
            throw LedgerError.newerProjections(found: record.format, supported: ProjectionMeta.format)
        }
        guard record.format < ProjectionMeta.format else { return }
        if readOnly || meta == nil { throw LedgerError.olderProjections(found: record.format, supported: ProjectionMeta.format) }
        upgrading(record.format, try head().seq)
        try rebuild(fresh: true)
    }
}
