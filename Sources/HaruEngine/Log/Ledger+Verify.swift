@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

#if canImport(Glibc)
    import Glibc
#endif

/// What `verify` found.
public struct VerifyReport: Sendable, Equatable {
    /// Events checked.
    public var events: UInt64 = 0
    /// The first event that is missing, out of order, altered or does not fold.
    public var firstBadSeq: UInt64?
    /// What is wrong, nil when all is well.
    public var problem: String?
    /// The problem lies in what is derived from the events (the projections,
    /// the id index), not in the events: `rebuild` mends it.
    public var inProjections = false
    /// The problem is an attachment whose bytes no longer hash to the digest
    /// its events name (or that is missing): the events are intact.
    public var damagedBlob: String? = nil
    /// The problem is in the data file's page structure (LMDB's list of
    /// free pages, which the next write reuses, or a page's header), not in
    /// what the pages hold: the events and projections read intact, and a
    /// compact copy (`haru compact`) writes the ledger anew.
    public var inPageStructure = false
    /// The hash of the last event checked (the head): what the next audit
    /// passes to `verify(after:hash:)`. Nil when the check failed.
    public var headHash: Digest? = nil
    /// The first seq checked (1, or the one after the audited seq).
    public var firstSeq: UInt64 = 1

    public var ok: Bool { problem == nil }
}

extension Ledger {
    /// Checks everything that can be checked from the file alone:
    /// - seqs are dense from 1 and `recorded` never decreases;
    /// - every record decodes, and its hash matches SHA-256(prev ‖ envelope ‖
    ///   payload digest), so a changed byte anywhere breaks the chain at that seq;
    /// - the id index names each event's seq, and nothing else;
    /// - the events fold without error, and the fold equals the stored state
    ///   and projections.
    ///
    /// The chain (with the id index) and the fold (with the comparison) are
    /// independent, so they run at once on two threads, each in its own read
    /// transaction of the same snapshot. When both find something, the
    /// chain's finding is reported: a record that was altered explains
    /// whatever the fold then makes of it.
    public func verify() throws -> VerifyReport {
        try environment.read { foldTxn in
            // Each thread reads in its own transaction; they must see one
            // snapshot: in the rare case that an append committed between
            // their starts, start again.
            let snapshot = foldTxn.snapshotID
            let (chain, folded) = try Parallel.both(
                { [environment] in
                    try environment.read { t in t.snapshotID == snapshot ? try self.verifyChain(t) : nil }
                },
                { try foldForVerify(foldTxn) })
            guard let chain else { return nil }
            guard chain.ok else { return chain }
            switch folded {
            case .failure(let f): return f.report
            case .success(let fold):
                guard var report = try compareProjections(fold, foldTxn, snapshot: snapshot) else { return nil }
                if report.ok, let problem = try checkBlobs(named: try namedBlobs(fold.state), foldTxn) {
                    var r = failed(nil, problem.why, events: report.events)
                    r.damagedBlob = problem.digest
                    return r
                }
                // The file's pages (the free list the next write reuses, every
                // tree's page headers): the events read intact, the file is not.
                if report.ok, let problem = environment.checkPages() {
                    var r = failed(nil, "the data file is damaged: " + problem, events: report.events)
                    r.inPageStructure = true
                    return r
                }
                if report.ok { report.headHash = chain.headHash }
                return report
            }
        } ?? verify()
    }

    /// The incremental check of an audit that kept the seq and hash of the
    /// head it last verified: the stored event at `seq` must still have that
    /// hash (else the log up to it was changed since), and every event after
    /// it must be intact and chained from it, with its id indexed; and the
    /// running sessions are re-folded from the nearest checkpoint at or before
    /// it (`refoldRunning`). The records, definitions and settings are not
    /// compared (that needs the fold of the whole log: `verify()`).
    /// - Throws: `LedgerError.invalid` for a seq that is not in the ledger.
    public func verify(after seq: UInt64, hash: Digest) throws -> VerifyReport {
        try environment.read { txn in
            let head = try self.head(txn).seq
            guard seq >= 1, seq <= head else {
                throw LedgerError.invalid(InputError(field: "--from", rule: "seq \(seq) is not in the ledger (its seqs are 1 … \(head))"))
            }
            let audited = try txn.get(events, seq) { v in
                try v.withUnsafeBytes { v in
                    var r = ByteReader(v)
                    return try? EventRecord.header(&r)
                }
            }
            guard let audited, let audited else { return failed(seq, "the record does not decode") }
            guard audited.hash == hash else {
                return failed(
                    seq, "its hash is \(audited.hash), not \(hash) as given: the log up to seq \(seq) is not the one that was audited")
            }
            var report = try verifyChain(txn, after: seq, prev: hash, lastRecorded: audited.recorded)
            report.firstSeq = seq + 1
            guard report.problem == nil else { return report }
            let set: ProjectionSet
            do { set = try projections(txn) } catch LedgerError.damaged(_, let reason) {
                return derivedFailed(nil, reason, events: report.events)
            }
            if var problem = try refoldRunning(txn, set, after: seq, events: report.events) {
                problem.firstSeq = seq + 1
                return problem
            }
            return report
        }
    }

    /// The running sessions re-folded from the nearest stored checkpoint at
    /// or before `seq` (at most 4,095 events earlier) through the head: every
    /// later checkpoint, and the head's running list, must be what the events
    /// make of that checkpoint (`RunningSet`: the fold's rule for them).
    /// The checkpoint itself is trusted as the audit at `seq` left it.
    ///
    /// In a ledger that merged (Docs/sync.md) the events without effect are
    /// left out, as the fold left them; and when a merge placed events
    /// before others after that checkpoint, seq order is not the order the
    /// projections were folded in: the running sessions are then re-folded
    /// from the first event, in the merged order.
    private func refoldRunning(_ txn: ReadTransaction, _ set: ProjectionSet, after seq: UInt64, events: UInt64) throws -> VerifyReport? {
        let interval = Projector.checkpointInterval
        var base = seq - seq % interval
        func stored(_ at: UInt64) throws -> [UInt8]? { try txn.get(set.checkpoints, at) { v in v.withUnsafeBytes { Array($0) } } }
        let horizon = try mergeHorizon(txn)
        let withoutEffect = try withoutEffect(txn)
        let order = (horizon ?? 0) > base ? try mergedOrder(txn, through: .max) : nil
        if order != nil { base = 0 }
        let aliases = try StoredEntities(txn: txn, db: set.state).allAliases()
        var running = RunningSet(aliases: aliases)
        if base > 0 {
            let sessions: [SessionRecord]?
            do { sessions = try Projector.storedCheckpoint(txn, set.checkpoints, at: base) } catch LedgerError.damaged {
                return derivedFailed(base, "the running-session checkpoint at seq \(base) does not decode", events: events)
            }
            guard let sessions else {
                return derivedFailed(base, "the running-session checkpoint at seq \(base) is missing", events: events)
            }
            running = RunningSet(sessions, aliases: aliases)
        }
        var failure: VerifyReport?
        /// One event: applied (unless it had no effect), then its checkpoint compared.
        func step(_ at: UInt64, _ v: UnsafeRawBufferPointer) throws -> Bool {
            let e: Event
            do { e = try EventRecord.decode(seq: at, v) } catch {
                failure = failed(at, "the record does not decode")
                return false
            }
            if !withoutEffect.contains(at) { running.apply(e.type, at: e.at, seq: at, payload: e.payload) }
            guard at % interval == 0 else { return true }
            guard try stored(at) == Projector.encodeCheckpoint(Array(running.sessions.values)) else {
                failure = derivedFailed(
                    at, "the running-session checkpoint at seq \(at) is not what the events after seq \(base) make of it", events: events)
                return false
            }
            return true
        }
        if let order {
            for at in order {
                guard try txn.get(self.events, at, { v in try v.withUnsafeBytes { try step(at, $0) } }) == true else { break }
            }
        } else {
            try txn.scan(self.events, from: base + 1) { k, v in
                try k.withUnsafeBytes { k in
                    let at = try EventRecord.seq(fromKey: k)
                    return try v.withUnsafeBytes { try step(at, $0) }
                }
            }
        }
        if let failure { return failure }
        let head = try StoredEntities(txn: txn, db: set.state).runningSessions()
        guard Projector.encodeCheckpoint(head) == Projector.encodeCheckpoint(Array(running.sessions.values)) else {
            return derivedFailed(nil, "the running sessions are not what the events after seq \(base) make of them", events: events)
        }
        return nil
    }

    private func failed(_ seq: UInt64?, _ why: String, events: UInt64 = 0) -> VerifyReport {
        VerifyReport(events: events, firstBadSeq: seq, problem: why)
    }

    /// A failure in what is derived from the events (see `VerifyReport.inProjections`).
    private func derivedFailed(_ seq: UInt64?, _ why: String, events: UInt64) -> VerifyReport {
        VerifyReport(events: events, firstBadSeq: seq, problem: why, inProjections: true)
    }

    /// Seqs, records, the hash chain, `recorded` order and (with `index`)
    /// the id index, of the events after `after` (0: all), chained from `prev`.
    func verifyChain(
        _ txn: ReadTransaction, after: UInt64 = 0, prev: Digest = .zero, lastRecorded: Int64 = .min, index: Bool = true
    ) throws -> VerifyReport {
        var report = VerifyReport(events: after)
        var expected: UInt64 = after + 1
        var prev = prev
        var lastRecorded = lastRecorded
        let sha = SHA256Context()
        // Each event's id, by seq: the id index is checked against it in one sequential pass.
        var eventIDs: [EventID] = []
        eventIDs.reserveCapacity(max(0, Int(try txn.count(events)) - Int(after)))
        var failure: VerifyReport?
        var budget = Environment.ReadBudget(environment)
        // Redacted records in the range (seq → digest of their payload now), and redaction events.
        var redacted: [UInt64: Digest] = [:]
        var redactions: [Redaction] = []
        try txn.scan(events, from: after == 0 ? nil : after + 1) { k, v in
            try k.withUnsafeBytes { k in
                try v.withUnsafeBytes { v in
                    guard let seq = try? EventRecord.seq(fromKey: k) else { failure = failed(expected, "a key is not a seq"); return false }
                    guard seq == expected else {
                        failure = failed(expected, "seq \(expected) is missing (next key is \(seq))"); return false
                    }
                    budget.spend(v)
                    guard let h = try? EventRecord.link(v) else { failure = failed(seq, "the record does not decode"); return false }
                    let digest = h.redactedDigest ?? sha.hash(h.payload)
                    guard EventRecord.chainHash(seq: seq, h, prev: prev, payloadDigest: digest, using: sha) == h.hash else {
                        failure = failed(seq, "the hash does not match the event's content and the previous hash (the record was altered)")
                        return false
                    }
                    guard h.recorded >= lastRecorded else { failure = failed(seq, "recorded time goes backwards"); return false }
                    // Redactions: checked against each other after the pass (rare: a branch each).
                    if h.redactedDigest != nil { redacted[seq] = sha.hash(h.payload) }
                    if h.typeCode == EventType.ledgerRedacted.rawValue {
                        guard let r = Redaction(seq: seq, payload: h.payload) else {
                            failure = failed(seq, "the redaction record does not decode")
                            return false
                        }
                        redactions.append(r)
                    }
                    eventIDs.append(h.id)
                    prev = h.hash
                    lastRecorded = h.recorded
                    report.events = seq
                    expected += 1
                    return true
                }
            }
        }
        if let failure { return failure }
        if let problem = try checkRedactions(txn, redacted, redactions, events: report.events) { return problem }
        report.headHash = prev
        guard index else { return report }
        if after > 0 {
            // Since an audit: each new event's id names its seq (the whole index is `verify()`'s).
            for (k, id) in eventIDs.enumerated() {
                let seq = try txn.get(ids, id) { v in v.withUnsafeBytes { try? EventRecord.seq(fromKey: $0) } } ?? nil
                if seq != after + UInt64(k + 1) {
                    return derivedFailed(after + UInt64(k + 1), "the id index does not point at this event", events: report.events)
                }
            }
            return report
        }
        // The id index: every entry names the seq of an event with that id, and there is one per event
        // (keys are unique, so that makes it a one-to-one map).
        var indexProblem: String?
        var indexed = 0
        try txn.scan(ids) { key, value in
            try key.withUnsafeBytes { key in
                try value.withUnsafeBytes { value in
                    indexed += 1
                    guard let id = EventID(indexKey: key), let seq = try? EventRecord.seq(fromKey: value), seq >= 1,
                        seq <= UInt64(eventIDs.count), eventIDs[Int(seq) - 1] == id
                    else {
                        indexProblem = "the id index has an entry that does not name its event"
                        return false
                    }
                    return true
                }
            }
        }
        if indexProblem == nil, indexed != eventIDs.count {
            // Name the first event the index lacks (the slow way: only when something is wrong).
            for (k, id) in eventIDs.enumerated() {
                let seq = try txn.get(ids, id) { v in v.withUnsafeBytes { try? EventRecord.seq(fromKey: $0) } } ?? nil
                if seq != UInt64(k + 1) {
                    return derivedFailed(UInt64(k + 1), "the id index does not point at this event", events: report.events)
                }
            }
            indexProblem = "the id index has \(indexed) entries for \(eventIDs.count) events"
        }
        if let indexProblem { return derivedFailed(nil, indexProblem, events: report.events) }
        return report
    }

    /// A redacted record's payload is no longer covered by the chain (the
    /// chain covers the original's digest, which the record keeps), so its
    /// redaction event, which is, vouches for it: the record must be flagged
    /// with the digest the event recorded, and its payload must hash to the
    /// event's `redacted_digest`. Every flagged record must have its event.
    private func checkRedactions(
        _ txn: ReadTransaction, _ redacted: [UInt64: Digest], _ redactions: [Redaction], events: UInt64
    ) throws -> VerifyReport? {
        let sha = SHA256Context()
        var vouched = Set<UInt64>()
        for r in redactions {
            let target = try txn.get(self.events, r.target) { v in
                try v.withUnsafeBytes { v -> (Digest?, Digest, Bool)? in
                    guard let l = try? EventRecord.link(v) else { return nil }
                    return (l.redactedDigest, sha.hash(l.payload), Ledger.holdsMarkers(l.payload, r))
                }
            }
            guard let target, let (original, now, marked) = target else {
                return failed(r.seq, "it records a redaction of seq \(r.target), which cannot be read", events: events)
            }
            guard let original else {
                // Not redacted here, but holding the markers: the event came in after its
                // redaction elsewhere (an import of an export), its marked text covered by the chain.
                if marked { continue }
                return failed(
                    r.seq, "it records a redaction of seq \(r.target), whose text is not redacted (a forged redaction)", events: events)
            }
            guard original == r.digest, now == r.redactedDigest else {
                return failed(
                    r.target,
                    "the redacted payload does not match the digests its redaction (seq \(r.seq)) recorded (the record was altered)",
                    events: events)
            }
            vouched.insert(r.target)
        }
        if let orphan = redacted.keys.sorted().first(where: { !vouched.contains($0) }) {
            return failed(
                orphan, "the record is marked redacted, but no ledger.redacted event records it (the record was altered)", events: events)
        }
        return nil
    }

    /// The fold of every event, or the report of the event that does not fold.
    private func foldForVerify(_ txn: ReadTransaction) throws -> Result<MemoryFold, VerifyFailure> {
        do {
            return .success(try replayPipelined(txn, reserve: Int(try txn.count(events))))
        } catch LedgerError.damaged(let seq, let reason) {
            return .failure(VerifyFailure(report: failed(seq, reason, events: (seq ?? 1) - 1)))
        }
    }

    /// Every projection must be exactly what the fold produces, compared
    /// entry by entry as the database holds it, on two threads.
    /// - Returns: nil when the second thread saw another snapshot (start again).
    private func compareProjections(_ fold: MemoryFold, _ txn: ReadTransaction, snapshot: Int) throws -> VerifyReport? {
        let report = VerifyReport(events: fold.state.head)
        let set: ProjectionSet
        do { set = try projections(txn) } catch LedgerError.damaged(_, let reason) {
            return derivedFailed(nil, reason, events: report.events)
        }
        let parts = try produced(fold, in: set)
        guard let diffs = try diffAll(parts, txn, snapshot: snapshot, firstOnly: true) else { return nil }
        for (want, d) in zip(parts, diffs) {
            if let k = d.stale.first {
                return derivedFailed(nil, want.describe(k) + " is stored but the events do not produce it", events: report.events)
            }
            if let k = d.differ.first {
                return derivedFailed(nil, want.describe(k) + " differs from the fold of the events", events: report.events)
            }
            if d.matched != want.count, let problem = try firstDifference(txn, want) {
                // Something is missing: name it (the slow way, only when something is wrong).
                return derivedFailed(nil, problem, events: report.events)
            }
        }
        return report
    }
}

/// A verify report as an error, for `Result`.
struct VerifyFailure: Error {
    var report: VerifyReport
}

extension Ledger {
    /// The first difference between a database part and the entries the
    /// replay produced for it, in key order; nil when equal. Walks a sorted
    /// copy of what was produced: only when something is known to be wrong.
    func firstDifference(_ txn: ReadTransaction, _ part: Produced) throws -> String? {
        let want = part.sorted()
        var k = 0
        var mismatch: String?
        try scan(txn, part) { key, value in
            guard k < want.count, ByteOrder.same(want[k].0, key) else {
                mismatch = part.describe(Array(key)) + " is stored but the events do not produce it"
                return false
            }
            guard ByteOrder.same(want[k].1, value) else {
                mismatch = part.describe(want[k].0) + " differs from the fold of the events"
                return false
            }
            k += 1
            return true
        }
        if mismatch == nil, k < want.count { mismatch = part.describe(want[k].0) + " is missing" }
        return mismatch
    }
}

extension StateKey {
    /// A readable name of a state key, for verify's messages.
    static func describe(_ key: [UInt8]) -> String {
        guard let family = key.first else { return "an empty key" }
        let id = String(decoding: key.dropFirst(), as: UTF8.self)
        switch family {
        case 0x01: return "the settings"
        case 0x11...0x14: return "\(DefinitionKind(rawValue: family - 0x10)!.word) \"\(id)\""
        case 0x20: return "session \"\(id)\""
        case 0x21: return "count entry \"\(id)\""
        case 0x22: return "the running session of action \"\(id)\""
        default: return "key family \(family)"
        }
    }
}

/// What a `ledger.redacted` event says, read from its stored payload.
struct Redaction {
    var seq: UInt64
    var target: UInt64
    var fields: [Field]
    var digest: Digest
    var redactedDigest: Digest

    init?(seq: UInt64, payload: UnsafeRawBufferPointer) {
        var r = ByteReader(payload)
        guard let p = try? Payload.decode(from: &r) else { return nil }
        self.init(seq: seq, payload: p)
    }

    init?(seq: UInt64, payload p: Payload) {
        guard let target = p.int(.redactedSeq), target >= 1, let names = p.strings(.redactedFields),
            let d = p.string(.digest).flatMap(Digest.init(hex:)), let rd = p.string(.redactedDigest).flatMap(Digest.init(hex:))
        else { return nil }
        let fields = names.compactMap(Field.init(jsonName:))
        guard fields.count == names.count else { return nil }
        (self.seq, self.target, self.fields, self.digest, self.redactedDigest) = (seq, UInt64(target), fields, d, rd)
    }
}

extension Ledger {
    /// Whether a stored payload holds the redaction marker in every field the redaction names.
    static func holdsMarkers(_ payload: UnsafeRawBufferPointer, _ r: Redaction) -> Bool {
        var reader = ByteReader(payload)
        guard let p = try? Payload.decode(from: &reader) else { return false }
        let marker = redactionMarker(r.target)
        return r.fields.allSatisfy { $0 == .attachments || $0 == .attachmentNames ? p.strings($0) == [marker] : p.string($0) == marker }
    }
}
