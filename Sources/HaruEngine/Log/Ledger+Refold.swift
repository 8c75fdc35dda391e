/// A merge whose events go before the top of the merged order folds again
/// from where the earliest of them goes, not from the first event: the
/// commits folded after that point are put back from the undo log
/// (`UndoLog`), and their events and the merge's are folded in merged order
/// onto what is left (Docs/design.md, "A merge folds again from where its
/// events go").

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// The fold of `refold`: into the stored projections, inside the merge's
/// transaction, as the replay in merged order decides each event.
private struct StoredFold: EventVisitor {
    var store: BatchEntities
    var sink: StoredProjections
    var conflicts: [Conflict] = []
    var settingsChanged = false

    mutating func visit<F: PayloadFields>(_ seq: UInt64, _ type: EventType, _ at: Instant, _ payload: F, merged: Bool) throws {
        if type == .settingsChanged { settingsChanged = true }
        try Projector.apply(type, at: at, seq: seq, payload: payload, store: &store, sink: &sink, merged: merged)
    }

    mutating func conflict(_ c: Conflict) throws {
        conflicts.append(c)
        if c.seq % Projector.checkpointInterval == 0 { try sink.checkpoint(c.seq, try store.runningSessions()) }
    }

    mutating func checkpoint(_ seq: UInt64) throws { try sink.checkpoint(seq, try store.runningSessions()) }
}

extension Ledger {
    /// Folds the merge's events `added` (appended unfolded) into the
    /// projections from where the earliest goes in the merged order.
    /// - Parameters:
    ///   - keys: their places in the merged order (`merge` has read them).
    ///   - headBefore: the head before the merge appended them.
    ///   - topBefore: the top of the merged order then.
    ///   - previous: the conflicts in effect before.
    /// - Returns: the conflicts in effect after, in merged order; nil when the
    ///   undo log does not reach back far enough (the caller folds everything).
    func refold(
        in txn: WriteTransaction, added: ClosedRange<UInt64>, keys addedKeys: [UInt64: MergeKey], headBefore: UInt64, topBefore: MergeKey?,
        previous: [Conflict]
    ) throws -> [Conflict]? {
        let inUse = try projections(txn.reading)
        var keys = addedKeys
        guard let earliest = keys.values.min() else { return nil }
        // The commits to put back: from the newest to the first that began
        // with everything folded below the earliest new event; none when
        // every new event goes after what is folded (the merge also brought
        // events the ledger held, which go before).
        var undone: [(UInt64, UndoEntry)] = []
        var start = (headBefore: headBefore, topBefore: topBefore)
        if let top = topBefore, earliest < top {
            let chain = try undoChain(txn, inUse, head: headBefore)
            guard let reach = chain.firstIndex(where: { $0.1.topBefore.map { $0 < earliest } ?? true }) else { return nil }
            undone = try chain[...reach].map { n, _ in (n, try undoEntry(txn, n)) }
            start = (undone[reach].1.headBefore, undone[reach].1.topBefore)
        }

        // Put back what they replaced, newest first.
        let handles = Dictionary(uniqueKeysWithValues: UndoLog.Kind.allCases.map { ($0.rawValue, UndoLog.handle($0, in: inUse)) })
        var pagesPutBack: Set<Int64> = []
        var settingsPutBack = false
        let undoDB = try txn.open(UndoLog.name, create: false)?.keyed(SeqKey.self)
        for (n, e) in undone {
            try txn.restore(
                e.images.reversed().map { UndoRecorder.Image(dbi: handles[$0.kind]!, key: $0.key, old: $0.old) })
            for i in e.images {
                if i.kind == UndoLog.Kind.pages.rawValue, i.key.count == 4 {
                    pagesPutBack.insert(i.key.withUnsafeBytes { PageKey.page(fromKey: $0) })
                }
                if i.kind == UndoLog.Kind.state.rawValue, i.key == StateKey.settings { settingsPutBack = true }
            }
            if let undoDB { _ = try txn.delete(undoDB, n) }
        }

        // Their events and the merge's, in merged order, onto what is left.
        var seqs = undone.flatMap(\.1.seqs) + Array(added)
        for seq in seqs where keys[seq] == nil {
            guard let k = try mergeKey(seq, txn.reading) else {
                throw LedgerError.damaged(seq: seq, reason: "the event is missing from the log")
            }
            keys[seq] = k
        }
        seqs.sort { keys[$0]! < keys[$1]! }
        // Recorded by a ledger that keeps the log (one that merges without
        // syncing, an import or a scenario, folds the same without it).
        let recorder = try keepsUndo(txn.reading) ? UndoRecorder(limit: UndoLog.maxEntryBytes) : nil
        let set = recorder.map { inUse.recording(into: $0) } ?? inUse
        var fold = StoredFold(
            store: try BatchEntities(StoredEntities(txn: txn, db: set.state)),
            sink: StoredProjections(txn: txn, pages: set.pages, interned: set.interned, checkpoints: set.checkpoints))
        try self.fold(seqs, txn.reading, into: &fold)
        let head = added.upperBound
        if !undone.isEmpty {
            // The merge horizon moves to this merge's head: its running
            // sessions are checkpointed there, as a replay in merged order
            // does, and every other checkpoint off the interval was an
            // earlier horizon's (one may have been put back with the commit
            // that wrote it over).
            var offInterval: [UInt64] = []
            try txn.reading.scan(inUse.checkpoints) { k, _ in
                let seq = try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) }
                if seq % Projector.checkpointInterval != 0 { offInterval.append(seq) }
                return true
            }
            for seq in offInterval { _ = try txn.delete(set.checkpoints, seq) }
            if head % Projector.checkpointInterval != 0 { try fold.checkpoint(head) }
        }
        var changed: [Int64] = []
        try fold.store.flush(alongside: { changed = try fold.sink.flush() })
        try updateBuckets(
            txn, inUse, changedPages: Array(pagesPutBack.union(changed)).sorted(), settingsChanged: settingsPutBack || fold.settingsChanged)
        if let recorder {
            try keepUndo(txn, inUse, recorder, headBefore: start.headBefore, headAfter: head, topBefore: start.topBefore, seqs: seqs)
        }

        let refolded = Set(seqs)
        return previous.filter { !refolded.contains($0.seq) } + fold.conflicts
    }
}
