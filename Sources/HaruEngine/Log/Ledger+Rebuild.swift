@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruModel

extension Ledger {
    /// Rebuilds every projection (entity state, record pages, the action
    /// table, checkpoints) from the events, in one write transaction.
    ///
    /// The whole log is replayed into memory; then each database is brought
    /// to exactly what the replay produced by writing only the entries that
    /// differ (and deleting those the events do not produce). The result is
    /// the same as clearing and rewriting everything, but an intact ledger is
    /// not rewritten: the transaction dirties no pages, so there is no
    /// copy of the file in memory and nothing to write back (Docs/design.md,
    /// "Rebuild").
    /// - Returns: what was replayed and what had to change.
    @discardableResult
    public func rebuild() throws -> RebuildReport {
        try environment.write { txn in
            // Replayed inside the write transaction: no append can slip in
            // between the replay and the writes.
            let fold = try replayPipelined(txn.reading, reserve: Int(try txn.count(events)))
            let parts = produced(fold)
            let empty = try parts.map { try txn.count($0.db) == 0 }
            // Compared on two threads; the other reads in a read transaction,
            // which sees what this one does: nothing is written before the
            // comparison ends, and no other writer can commit meanwhile.
            guard let diffs = try diffAll(parts, txn.reading, snapshot: nil, firstOnly: false) else {
                preconditionFailure("no snapshot to compare: none was asked for")
            }
            var report = RebuildReport(events: fold.state.head)
            for k in parts.indices { report.changed += try reconcile(txn, parts[k], diffs[k], wasEmpty: empty[k]) }
            return report
        }
    }

    /// Makes a database part hold exactly what the replay produced.
    /// - Returns: the number of entries written or deleted.
    private func reconcile(_ txn: WriteTransaction, _ want: Produced, _ d: ProducedDiff, wasEmpty: Bool) throws -> Int {
        if wasEmpty {
            // From nothing (a new ledger's projection, or cleared): all of it, in key order.
            let all = want.sorted()
            for (k, v) in all { try txn.put(want.db, k, v, append: true) }
            return all.count
        }
        for k in d.stale { _ = try txn.delete(want.db, k) }
        if d.differ.isEmpty && d.matched == want.count { return d.stale.count }
        // Something is missing or differs: the slow way, through the sorted entries.
        var changed = d.stale.count
        for (k, v) in want.sorted() {
            if try txn.get(want.db, k, { old in old.withUnsafeBytes { ByteOrder.same(v, $0) } }) == true { continue }
            try txn.put(want.db, k, v)
            changed += 1
        }
        return changed
    }
}

/// What `rebuild` did.
public struct RebuildReport: Sendable, Equatable {
    /// Events replayed.
    @_spi(Layers) public var events: UInt64
    /// Projection entries written or deleted to match them (0: all were intact).
    public var changed = 0
}

