@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension Ledger {
    /// Rebuilds every projection (entity state, record pages, the action
    /// table, checkpoints) from the events, in one write transaction.
    ///
    /// The whole log is replayed into memory and compared with the stored
    /// projections, reading them only. When they are equal nothing is
    /// written (an intact ledger is not rewritten). When anything differs,
    /// the projections are written whole into a new set of databases beside
    /// the old ones, and the same commit makes the new set the one in use:
    /// the stored ones are never repaired in place, because deleting from or
    /// freeing the pages of a damaged B-tree can write over the log's pages.
    /// A kill before the commit leaves the old set in use, as it was
    /// (Docs/design.md, "Projections are rebuilt beside the old ones").
    /// - Parameter fresh: write a new set without reading the stored one (for
    ///   projections so damaged that reading them ends the process, or of
    ///   another format).
    /// - Returns: what was replayed and what had to change.
    @discardableResult
    public func rebuild(fresh: Bool = false) throws -> RebuildReport {
        var replaced: ProjectionSet?
        return try environment.write(
            { txn in
                let (report, set) = try rebuild(in: txn, fresh: fresh)
                replaced = set
                // A merged ledger's conflicts are what this fold left without
                // effect (a newer haru's merge rules may apply more of them).
                if let meta, try mergeHorizon(txn.reading) != nil,
                    try storedConflicts(txn.reading) != report.conflicts
                {
                    try txn.put(meta, Ledger.conflictsKey, Ledger.encode(conflicts: report.conflicts))
                }
                return report
            }, afterCommit: { _ in if let replaced { replaceProjectionSet(replaced) } })
    }

    /// The rebuild inside a write transaction the caller holds; the caller
    /// makes the returned set (if any) the one in use once it has committed
    /// (`replaceProjectionSet`).
    func rebuild(in txn: WriteTransaction, fresh: Bool) throws -> (RebuildReport, ProjectionSet?) {
        do {
            // Replayed inside the write transaction: no append can slip in
            // between the replay and the writes.
            let fold = try replayPipelined(txn.reading, reserve: Int(try txn.count(events)), digestIDs: !fresh)
            var report = RebuildReport(events: fold.state.head)
            report.conflicts = fold.conflicts
            if !fresh, let ids = fold.ids {
                let inUse = try projections(txn.reading)
                let parts = try produced(fold, in: inUse) + [idIndexPart(ids, in: inUse)]
                // Compared on two threads; the other reads in a read transaction,
                // which sees what this one does: nothing is written before the
                // comparison ends, and no other writer can commit meanwhile.
                guard let diffs = try diffAll(parts, txn.reading, snapshot: nil, firstOnly: true) else {
                    preconditionFailure("no snapshot to compare: none was asked for")
                }
                let intact = zip(parts, diffs).allSatisfy { want, d in d.stale.isEmpty && d.differ.isEmpty && d.matched == want.count }
                if intact { return (report, nil) }
            }
            let set = try newProjectionSet(txn)
            // The undo log's images are of the set replaced (and may hold
            // what a redaction took away).
            try clearUndo(txn)
            // Before anything is committed, the events themselves must be
            // intact: projections written from an altered event would agree
            // with it, hiding the damage from every query (verify would still
            // find the chain broken). The chain is checked on the other thread,
            // in a read transaction of its own (the events are not written
            // here), while this one writes; a break throws, and the
            // transaction is abandoned with nothing written.
            let (_, changed) = try Parallel.both(
                { [environment] in
                    let chain = try environment.read { t in try self.verifyChain(t, index: false) }
                    guard chain.ok || chain.inProjections else {
                        throw LedgerError.eventsDamaged(seq: chain.firstBadSeq, reason: chain.problem ?? "")
                    }
                },
                {
                    var changed = 0
                    for part in try produced(fold, in: set) {
                        // Each part in key order into an empty database: appended, page by page.
                        let all = part.sorted()
                        for (k, v) in all { try txn.put(part.db, k, v, append: true) }
                        changed += all.count
                    }
                    return changed + (try writeIDIndex(txn, into: set.ids))
                })
            report.changed += changed
            let record = ProjectionMeta.Record(format: ProjectionMeta.format, generation: set.generation)
            guard let meta else {
                throw LedgerError.damaged(seq: nil, reason: "the ledger has no `meta` database to record the new projections in")
            }
            try txn.put(meta, ProjectionMeta.key, record.bytes)
            report.replacedSet = set.generation
            return (report, set)
        }
    }

    /// The id index as a part to compare: by digest only (the replay keeps
    /// no table of a million ids). A differing digest counts as a
    /// difference everywhere, which is all a rebuild needs: it then writes
    /// a whole new set. `verify` names the entry itself (its chain pass).
    private func idIndexPart(_ digest: EntryDigest, in set: ProjectionSet) -> Produced {
        Produced(
            db: set.ids.raw, count: digest.count, matches: { _, _, _ in false }, sorted: { [] }, digest: { digest }, idEntries: true,
            describe: { "the id index entry " + $0.map { String($0, radix: 16) }.joined() })
    }

    /// Writes the id index of every event into an empty database, in id order.
    /// - Returns: the number of entries written.
    private func writeIDIndex(_ txn: WriteTransaction, into ids: Database<IDKeys>) throws -> Int {
        var all: [(high: UInt64, low: UInt64, seq: UInt64)] = []
        all.reserveCapacity(Int(try txn.count(events)))
        var budget = Environment.ReadBudget(environment)
        try txn.reading.scan(events) { k, v in
            let seq = try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) }
            try v.withUnsafeBytes { v in
                budget.spend(v)
                var r = ByteReader(v)
                let id: UnsafeRawBufferPointer
                do { id = try EventRecord.brief(&r).id } catch let e as DecodeError {
                    throw LedgerError.damaged(seq: seq, reason: e.reason)
                }
                all.append(
                    (
                        UInt64(bigEndian: id.loadUnaligned(as: UInt64.self)),
                        UInt64(bigEndian: id.loadUnaligned(fromByteOffset: 8, as: UInt64.self)), seq
                    ))
            }
            return true
        }
        all.sort { ($0.high, $0.low) < ($1.high, $1.low) }
        try txn.putInKeyOrder(ids) { puts in
            for e in all {
                var key = (e.high.bigEndian, e.low.bigEndian), value = e.seq.bigEndian
                try withUnsafeBytes(of: &key) { k in try withUnsafeBytes(of: &value) { v in try puts.put(key: k, value: v) } }
            }
        }
        return all.count
    }

    /// Creates the databases of a set that has never existed: the one after
    /// the set in use, or after any set found already there (a record read
    /// as damaged says nothing of which sets exist).
    private func newProjectionSet(_ txn: WriteTransaction) throws -> ProjectionSet {
        let inUse = (try? ProjectionMeta.read(txn.reading, meta))?.generation ?? 0
        var generation = inUse + 1
        while try ProjectionSet.names(generation).contains(where: { try txn.open($0, create: false) != nil }) {
            guard generation < UInt32.max else { throw LedgerError.limit("no projection set name is left") }
            generation += 1
        }
        return ProjectionSet(generation: generation, try ProjectionSet.names(generation).map { try txn.open($0, create: true)! })
    }
}

/// What `rebuild` did.
public struct RebuildReport: Sendable, Equatable {
    /// Events replayed.
    public var events: UInt64
    /// Projection entries written to match them (0: all were intact).
    public var changed = 0
    /// The projection set written and now in use (nil: none was needed).
    public var replacedSet: UInt32? = nil
    /// Events without effect in the merged order (a ledger that merged other devices' events).
    public var conflicts: [Conflict] = []
}
