/// Appending: one atomic batch, checked event by event against the state the
/// events before it made (Docs/design.md, "Batch appends").

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension Ledger {
    /// Appends a batch atomically: every event is checked against the state
    /// the events before it produce; one bad event rejects the whole batch
    /// and nothing is written.
    /// - Parameters:
    ///   - lines: the input line of each event, for error messages (default 1, 2, 3 …).
    ///   - expectHead: fail with `headMoved` unless the head is exactly this seq.
    ///   - now: the clock, µs since the epoch (transaction time; never goes back).
    ///   - rng: where new event ids come from.
    ///   - progress: told how far the batch has come (a bulk load; see `BulkProgress`).
    ///   - blobs: attachments the events name (`Blob`), stored in the same commit before them.
    @discardableResult
    public func append<G: RandomNumberGenerator>(
        _ inputs: [EventInput], lines: [Int]? = nil, blobs: [[UInt8]] = [], expectHead: UInt64? = nil, now: Int64, rng: inout G,
        progress: ((BulkProgress) -> Void)? = nil
    ) throws -> AppendResult {
        if !blobs.isEmpty {
            return try append(
                from: { ArrayEventSource(inputs: inputs, lines: lines) }, expectHead: expectHead, now: now, rng: &rng,
                before: { txn in for b in blobs { _ = try self.putBlob(b, in: txn) } })
        }
        guard let progress else {
            return try append(from: { ArrayEventSource(inputs: inputs, lines: lines) }, expectHead: expectHead, now: now, rng: &rng)
        }
        return try append(
            from: { ProgressSource(ArrayEventSource(inputs: inputs, lines: lines), total: inputs.count, report: progress) },
            expectHead: expectHead, now: now, rng: &rng)
    }

    /// Appends the events a source yields, atomically, reading them one at a
    /// time inside the write transaction (a bulk load never holds them all).
    /// - Parameter makeSource: a fresh source from the first event; called
    ///   again if the transaction has to start over (the map grew).
    /// - Parameter before: writes in the same commit before the events (blobs they name).
    @_spi(Layers) public func append<S: EventSource, G: RandomNumberGenerator>(
        from makeSource: () -> S, expectHead: UInt64? = nil, now: Int64, rng: inout G,
        before: ((WriteTransaction) throws -> Void)? = nil
    ) throws -> AppendResult {
        // The head after the commit, for the head record (`HeadRecord`).
        var newHead: Head?
        return try environment.write(
            { txn in
                try before?(txn)
                let (result, head) = try append(in: txn, from: makeSource, expectHead: expectHead, now: now, rng: &rng)
                newHead = head
                return result
            },
            afterCommit: { _ in
                recordHead(afterCommit: newHead)
            })
    }

    /// The append inside a write transaction the caller holds (and commits),
    /// for a change that writes more than events in the same commit (`redact`).
    /// - Returns: the result, and the new head when events were written (for the head record).
    /// - Parameter merging: `Ledger.merge`: events from other devices; an id
    ///   held with other content is left out and listed
    ///   (`AppendResult.differing`) instead of refused. `.after` folds them
    ///   as they come (they are after every event held, in the merged order),
    ///   an event a rule refuses being a conflict (`AppendResult.conflicts`);
    ///   `.before` writes them unfolded (the merge folds everything again).
    /// - Parameter tally: the count of events to go on from (the parts of one load: `appendInParts`).
    /// - Parameter keepRecorded: a load into a new ledger (a restore; also
    ///   any append into an empty ledger): an event that carries its
    ///   transaction time from an export
    ///   (`EventInput.recorded`) keeps it (never before the last event's, and
    ///   not more than a day after the clock), so the copy answers
    ///   `--known-at INSTANT` as the original and has its hashes.
    func append<S: EventSource, G: RandomNumberGenerator>(
        in txn: WriteTransaction, from makeSource: () -> S, expectHead: UInt64?, now: Int64, rng: inout G, merging: MergePlace? = nil,
        tally: EventTally = EventTally(), keepRecorded: Bool = false
    ) throws -> (AppendResult, Head?) {
        let millis = now >= 0 ? now / 1000 : (now - 999) / 1000
        var newHead: Head?
        do {
            let head = try head(txn.reading)
            if let expectHead, expectHead != head.seq { throw LedgerError.headMoved(expected: expectHead, actual: head.seq) }
            let recorded = max(now, head.recorded)
            var lastRecorded = head.recorded
            // A load into a new ledger is a restore (not a merge: pulled
            // events are recorded when this device learns them).
            let keepRecorded = keepRecorded || (merging == nil && head.seq == 0)
            let inUse = try projections(txn.reading)
            // What the fold replaces is kept for a merge that must fold
            // again from an earlier event (`UndoLog`), by a ledger that syncs
            // (not into an empty one: folding again from nothing is the whole fold).
            let keeps = try head.seq > 0 && merging != .before && keepsUndo(txn.reading)
            let undo = keeps ? UndoRecorder(limit: UndoLog.maxEntryBytes) : nil
            let set = undo.map { inUse.recording(into: $0) } ?? inUse
            let topBefore = undo == nil ? nil : try mergeTop(txn.reading, head: head.seq)
            var store = try BatchEntities(StoredEntities(txn: txn, db: set.state))
            var sink = StoredProjections(txn: txn, pages: set.pages, interned: set.interned, checkpoints: set.checkpoints)
            var source = makeSource()
            if let r = source.expectedRecords { store.reserve(r) }
            var seq = head.seq
            var prev = head.hash
            var seqs: [UInt64] = []
            var written = tally
            var differing: [EventID] = []
            var conflicts: [Conflict] = []
            var log = try BatchLog(txn, events: events, ids: set.ids)
            defer { log.close() }
            let sha = SHA256Context()
            // Each event is completed where the source keeps it (`withNextPrepared`);
            // the record index slots of the events a few places on are loaded meanwhile.
            while try source.withNextPrepared(
                using: sha, upcoming: { store.prefetch($0) },
                { prepared in
                    let line = prepared.line
                    let given = prepared.input.id
                    let id = given ?? log.drawID(unixMillis: millis, using: &rng)
                    // A given id may be in the ledger already, or earlier in this batch
                    // (the transaction reads its own writes): a retry, or a conflict.
                    // An id outside the range of the stored ids and of the batch's
                    // cannot be (`BatchLog.mayHold`): an import skips the lookup.
                    if given != nil, log.mayHold(id), let existing = try existingEvent(id, txn.reading) {
                        guard prepared.input.sameContent(as: existing) else {
                            if merging != nil {
                                differing.append(id)
                                return
                            }
                            throw LedgerError.conflict(line: line, id: id, seq: existing.seq)
                        }
                        seqs.append(existing.seq)
                        return
                    }
                    if prepared.input.type == .ledgerRedacted { try checkRedactionInput(prepared.input, txn.reading, line: line) }
                    if prepared.input.type == .diaryWritten {
                        // The blobs a page names are in the ledger (stored before, or earlier in this commit).
                        do { try checkBlobs(prepared.input.payload, txn.reading) } catch let e as InputError {
                            throw LedgerError.invalid(e.at(line: line))
                        }
                    }
                    seq += 1
                    if merging != .before {
                        do {
                            try Projector.apply(
                                prepared.input.type, at: prepared.input.at, seq: seq, payload: prepared.input.payload, store: &store,
                                sink: &sink, merged: merging == .after)
                        } catch let e as InputError where merging == .after {
                            // As a replay in merged order decides it (`Ledger.replayMerged`).
                            conflicts.append(Conflict(seq: seq, type: prepared.input.type, rule: e.description))
                            if seq % Projector.checkpointInterval == 0 { try sink.checkpoint(seq, try store.runningSessions()) }
                        } catch let e as InputError {
                            throw LedgerError.invalid(e.at(line: line))
                        }
                    }
                    var eventRecorded = recorded
                    if keepRecorded, let kept = prepared.input.recorded {
                        guard kept <= now &+ Ledger.maxOriginSkew else {
                            throw LedgerError.invalid(
                                InputError(field: "recorded", rule: "is more than a day after this machine's clock").at(line: line))
                        }
                        eventRecorded = max(kept, lastRecorded)
                    }
                    lastRecorded = eventRecorded
                    let hash = try EventRecord.seal(
                        seq: seq, recorded: eventRecorded, prepared: &prepared, id: id, prev: prev, using: sha)
                    try log.put(seq: seq, record: prepared.record)
                    do {
                        try log.index(id, seq: seq)
                    } catch let e as LMDBError where e.isKeyExists {
                        // Only a drawn id can get here (given ids were looked up above):
                        // the id source repeated itself. Refuse rather than alias two events.
                        throw LedgerError.conflict(line: line, id: id, seq: try existingEvent(id, txn.reading)?.seq ?? 0)
                    }
                    prev = hash
                    seqs.append(seq)
                    written.add(prepared.input.type, prepared.input.payload)
                })
            {}
            var changedPages: [Int64] = []
            try store.flush(alongside: { changedPages = try sink.flush() })
            try updateBuckets(txn, inUse, changedPages: changedPages, settingsChanged: written[.settingsChanged] > 0)
            if seq > head.seq { newHead = Head(seq: seq, hash: prev, recorded: 0) }
            if let undo, seq > head.seq {
                try keepUndo(
                    txn, inUse, undo, headBefore: head.seq, headAfter: seq, topBefore: topBefore, seqs: Array(head.seq + 1...seq))
            }
            return (
                AppendResult(
                    seqs: seqs, appended: Int(seq - head.seq), head: seq, written: written, differing: differing, conflicts: conflicts),
                newHead
            )
        }
    }
}

/// Where merged events fall in the merged order (`Ledger.merge`).
enum MergePlace {
    /// After every event the ledger holds: folded as they come.
    case after
    /// Some before: written unfolded, then everything is folded again.
    case before
}

/// Where a batch's events go: the log (seq → record) and the id index
/// (id → seq), each through a cursor kept open for the batch, and the ids the
/// store draws for events that came without one.
struct BatchLog {
    private let events: WriteCursor
    private let ids: WriteCursor
    /// The least and greatest ids in the index as the batch began (nil: none).
    private let stored: (first: EventID, last: EventID)?
    /// The least and greatest ids this batch indexed so far (nil: none yet).
    private var batch: (first: EventID, last: EventID)?
    /// The last id drawn in this batch: the next ascends from it.
    private var drawn: EventID?

    init(_ txn: WriteTransaction, events: Database<SeqKey>, ids: Database<IDKeys>) throws {
        func id(_ k: RawSpan) throws -> EventID {
            guard let id = k.withUnsafeBytes({ EventID(indexKey: $0) }) else {
                throw LedgerError.damaged(seq: nil, reason: "an id key of \(k.byteCount) bytes")
            }
            return id
        }
        if let first = try txn.first(ids, { k, _ in try id(k) }), let last = try txn.last(ids, { k, _ in try id(k) }) {
            stored = (first, last)
        } else {
            stored = nil
        }
        self.events = try txn.openCursor(events)
        self.ids = try txn.openCursor(ids)
    }

    func close() {
        events.close()
        ids.close()
    }

    /// Whether `id` may already be indexed: not when it is outside both the
    /// stored ids' range and this batch's. An import's derived ids begin with
    /// their event's time, decades before the ledger's own (drawn when it
    /// was made): below every stored id, ascending within the batch, so a
    /// million events skip a million lookups.
    func mayHold(_ id: EventID) -> Bool {
        func within(_ r: (first: EventID, last: EventID)?) -> Bool {
            guard let r else { return false }
            return r.first <= id && id <= r.last
        }
        return within(stored) || within(batch)
    }

    /// The greatest id in the index, this batch's included: an id above it is appended.
    private var top: EventID? {
        switch (stored?.last, batch?.last) {
        case (let a?, let b?): max(a, b)
        case (let a, let b): a ?? b
        }
    }

    /// A new id for an event that came without one, ascending within the batch.
    mutating func drawID<G: RandomNumberGenerator>(unixMillis: Int64, using rng: inout G) -> EventID {
        let id = EventID.v7(unixMillis: unixMillis, after: drawn, using: &rng)
        drawn = id
        return id
    }

    /// Puts a record at the end of the log (seqs only grow; a cursor that stays
    /// on the last entry skips the descent from the root).
    func put(seq: UInt64, record: [UInt8]) throws {
        var key = seq.bigEndian
        try withUnsafeBytes(of: &key) { k in try record.withUnsafeBytes { v in try events.put(key: k, value: v, append: true) } }
    }

    /// Indexes an id. An id above every id in the index (drawn ids nearly
    /// always are) goes at its end.
    /// - Throws: `MDB_KEYEXIST` when the id is there already.
    mutating func index(_ id: EventID, seq: UInt64) throws {
        let above = top.map { id > $0 } ?? true
        var value = seq.bigEndian
        try id.withIndexKey { k in
            try withUnsafeBytes(of: &value) { v in try ids.put(key: k, value: v, append: above, noOverwrite: true) }
        }
        batch = batch.map { (min($0.first, id), max($0.last, id)) } ?? (id, id)
    }
}

extension Ledger {
    /// A `ledger.redacted` event must describe what the log holds: `haru
    /// redact` writes it after flagging the record; an import brings it with
    /// a record that already holds the markers. One that claims a redaction
    /// the record does not show is refused (verify would report it).
    func checkRedactionInput(_ input: EventInput, _ txn: ReadTransaction, line: Int) throws {
        func refuse(_ rule: String) -> LedgerError { .invalid(InputError(field: "data.seq", rule: rule).at(line: line)) }
        guard let r = Redaction(seq: 0, payload: input.payload) else { throw refuse("is not a redaction this haru can read") }
        let ok = try txn.get(events, r.target) { v in
            try v.withUnsafeBytes { v -> Bool in
                guard let l = try? EventRecord.link(v) else { return false }
                return l.redactedDigest == r.digest || Ledger.holdsMarkers(l.payload, r)
            }
        }
        guard ok == true else {
            throw refuse("seq \(r.target) is not redacted as this event says; a redaction is made with `haru redact SEQ --reason TEXT`")
        }
    }
}
