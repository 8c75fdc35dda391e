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
            report.changed += try reconcileState(txn, fold.state)
            let p = fold.projections
            report.changed += try reconcile(txn, pages, p.storedPages())
            report.changed += try reconcile(txn, interned, p.storedActions())
            report.changed += try reconcile(
                txn, checkpoints, p.checkpoints.sorted { $0.key < $1.key }.map { (EventRecord.key($0.key), $0.value) })
            return report
        }
    }

    /// Makes the state database hold exactly `folded`'s stored form.
    /// - Returns: the number of entries written or deleted.
    private func reconcileState(_ txn: Transaction, _ folded: EntityState) throws -> Int {
        if try txn.count(state) == 0 {
            // From nothing (a new projection, or cleared): all of it, in key order.
            let all = folded.storedForm()
            for (k, v) in all { try txn.put(state, k, v, append: true) }
            return all.count
        }
        var stale: [[UInt8]] = []
        var differ: [[UInt8]] = []
        var matched = 0
        var scratch = ByteWriter(capacity: 256)
        try txn.scan(state) { key, value in
            switch folded.matches(key: key, value: value, scratch: &scratch) {
            case nil: stale.append(Array(key))
            case false?: differ.append(Array(key))
            case true?: matched += 1
            }
            return true
        }
        for k in stale { _ = try txn.delete(state, k) }
        if differ.isEmpty && matched == folded.storedCount { return stale.count }
        // Something is missing or differs: the slow way, through the sorted stored form.
        var changed = stale.count
        for (k, v) in folded.storedForm() {
            if let old = try txn.get(state, k), old.elementsEqual(v) { continue }
            try txn.put(state, k, v)
            changed += 1
        }
        return changed
    }

    /// Makes `db` hold exactly `want` (sorted by key).
    /// - Returns: the number of entries written or deleted.
    private func reconcile(_ txn: Transaction, _ db: Database, _ want: [([UInt8], [UInt8])]) throws -> Int {
        // One merge of the stored keys with the wanted ones, collecting the
        // changes; they are applied after the scan (a cursor must not see its
        // database change under it).
        var puts: [Int] = []
        var deletes: [[UInt8]] = []
        var k = 0
        try txn.scan(db) { key, value in
            while k < want.count, ByteOrder.less(want[k].0, key) {
                puts.append(k)
                k += 1
            }
            if k < want.count, same(want[k].0, key) {
                if !same(want[k].1, value) { puts.append(k) }
                k += 1
            } else {
                deletes.append(Array(key))
            }
            return true
        }
        puts.append(contentsOf: k..<want.count)
        for key in deletes { _ = try txn.delete(db, key) }
        for i in puts { try txn.put(db, want[i].0, want[i].1) }
        return puts.count + deletes.count
    }
}

/// What `rebuild` did.
public struct RebuildReport: Sendable, Equatable {
    /// Events replayed.
    public var events: UInt64
    /// Projection entries written or deleted to match them (0: all were intact).
    public var changed = 0
}

/// Whether stored bytes equal an array's.
@inline(__always)
func same(_ a: [UInt8], _ b: UnsafeRawBufferPointer) -> Bool {
    a.withUnsafeBytes { $0.count == b.count && ($0.isEmpty || memcmp($0.baseAddress!, b.baseAddress!, b.count) == 0) }
}
