#if canImport(Glibc)
    import Glibc
#endif

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
            var fold = MemoryFold()
            fold.state.reserve(records: Int(try txn.count(events)))
            try replay(txn, through: .max, into: &fold)
            var report = RebuildReport(events: fold.state.head)
            for want in produced(fold) { report.changed += try reconcile(txn, want) }
            return report
        }
    }

    /// Makes a database hold exactly what the replay produced.
    /// - Returns: the number of entries written or deleted.
    private func reconcile(_ txn: Transaction, _ want: Produced) throws -> Int {
        if try txn.count(want.db) == 0 {
            // From nothing (a new ledger's projection, or cleared): all of it, in key order.
            let all = want.sorted()
            for (k, v) in all { try txn.put(want.db, k, v, append: true) }
            return all.count
        }
        // The changes are applied after the scan: a cursor must not see its database change under it.
        let d = try diff(txn, want, firstOnly: false)
        for k in d.stale { _ = try txn.delete(want.db, k) }
        if d.differ.isEmpty && d.matched == want.count { return d.stale.count }
        // Something is missing or differs: the slow way, through the sorted entries.
        var changed = d.stale.count
        for (k, v) in want.sorted() {
            if let old = try txn.get(want.db, k), same(v, old) { continue }
            try txn.put(want.db, k, v)
            changed += 1
        }
        return changed
    }
}

/// What `rebuild` did.
public struct RebuildReport: Sendable, Equatable {
    /// Events replayed.
    public var events: UInt64
    /// Projection entries written or deleted to match them (0: all were intact).
    public var changed = 0
}

