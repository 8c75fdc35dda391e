@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// The ledger as known at one seq, inside one read transaction: every read a
/// query makes sees the same state, however many writers append meanwhile.
public struct Snapshot {
    let ledger: Ledger
    let txn: ReadTransaction
    /// The last seq of the ledger.
    public let head: UInt64
    /// The seq this snapshot knows up to (≤ head).
    public let knownAt: UInt64
    public let zones: ZoneDirectory

    /// The hash of the event at `knownAt` (nil for an empty ledger): it
    /// vouches for every event up to it, so a figure computed here can be
    /// checked later against the ledger (`known_at_hash` in the JSON views).
    public func knownAtHash() throws -> Digest? {
        knownAt > 0 ? try ledger.hash(at: knownAt, txn) : nil
    }

    /// The settings known at `knownAt`.
    public func settings() throws -> SettingsHistory {
        let all = try StoredEntities(txn: txn, db: ledger.state).settings()
        guard knownAt < head else { return all }
        var s = SettingsHistory()
        for c in all.changes where c.when.seq <= knownAt { s.append(c) }
        return s
    }

    /// The calendar of the settings known at `knownAt`.
    public func calendar() throws -> LedgerCalendar {
        try LedgerCalendar(settings: try settings(), knownAt: knownAt, zones: zones)
    }

    /// The definitions of a kind as known at `knownAt` (deleted ones included, marked).
    public func definitions(_ kind: DefinitionKind) throws -> [Definition] {
        try StoredEntities(txn: txn, db: ledger.state).definitions(kind).compactMap { $0.known(at: knownAt) }
    }

    /// One definition as known at `knownAt`.
    public func definition(_ kind: DefinitionKind, _ id: String) throws -> Definition? {
        try StoredEntities(txn: txn, db: ledger.state).definition(kind, id)?.known(at: knownAt)
    }

    /// The action table: interned index → action id.
    public func actionTable() throws -> [String] {
        var out: [String] = []
        try txn.scan(ledger.interned, from: [UInt8(ascii: "i")]) { k, v in
            guard k.first == UInt8(ascii: "i") else { return false }
            out.append(v.withUnsafeBytes { String(decoding: $0, as: UTF8.self) })
            return true
        }
        return out
    }

    /// Calls `body` with the entries of UTC-day pages `pages` that the ledger
    /// held at `knownAt`, page by page, in page order.
    /// - Parameter retired: also the entries added by then but retired by
    ///   then (a record's older versions, a deleted record's last one).
    @_spi(Layers) public func pageEntries(_ pages: ClosedRange<Int64>, retired: Bool = false, _ body: (Int64, PageEntry) throws -> Void)
        throws
    {
        let k = knownAt
        try txn.scan(ledger.pages, from: pages.lowerBound) { key, value in
            try key.withUnsafeBytes { key in
                try value.withUnsafeBytes { value in
                    guard key.count == 4 else { throw LedgerError.damaged(seq: nil, reason: "a record page key is malformed") }
                    let page = PageKey.page(fromKey: key)
                    if page > pages.upperBound { return false }
                    guard value.count % PageEntry.size == 0 else {
                        throw LedgerError.damaged(seq: nil, reason: "record page \(page) is malformed")
                    }
                    for e in 0..<(value.count / PageEntry.size) {
                        let entry = PageEntry.read(value, e)
                        if entry.known(at: k) || (retired && entry.addedSeq <= k) { try body(page, entry) }
                    }
                    return true
                }
            }
        }
    }

    /// Calls `body` with the stored day buckets of logical days `days`, in
    /// day order (`DayBuckets`; the caller decides which it may use).
    /// - Returns: false when the ledger has no buckets (a format 1 set opened read-only).
    @_spi(Layers) public func dayBuckets(_ days: ClosedRange<Int64>, _ body: (Int64, DayBucket) throws -> Void) throws -> Bool {
        guard let buckets = ledger.projectionSet.buckets else { return false }
        try txn.scan(buckets, from: days.lowerBound) { key, value in
            try key.withUnsafeBytes { key in
                try value.withUnsafeBytes { value in
                    // The 8-byte `calendar` key sorts among the days: skipped.
                    guard key.count == 4 else { return true }
                    let day = BucketKey.day(fromKey: key)
                    if day > days.upperBound { return false }
                    guard let bucket = DayBucket(value) else {
                        throw LedgerError.damaged(
                            seq: nil, reason: "the day bucket of day \(day) is malformed; `haru rebuild` writes it anew")
                    }
                    try body(day, bucket)
                    return true
                }
            }
        }
        return true
    }

    /// The fingerprint of the calendar that cut the stored day buckets
    /// (`LedgerCalendar.dayRulesFingerprint`); nil when there is none.
    @_spi(Layers) public func bucketsFingerprint() throws -> Digest? {
        guard let buckets = ledger.projectionSet.buckets else { return nil }
        return try txn.get(buckets.raw, BucketKey.calendar) { v in
            try v.withUnsafeBytes { (b) throws -> Digest in
                var r = ByteReader(b)
                return try Digest(reading: &r)
            }
        }
    }

    /// The sessions running at `knownAt`: the stored list at the head; else the
    /// checkpoint at or before `knownAt` and the few events after it.
    public func runningSessions() throws -> [SessionRecord] {
        if knownAt == head { return try StoredEntities(txn: txn, db: ledger.state).runningSessions() }
        var base = knownAt - knownAt % Projector.checkpointInterval
        // After a merge that placed events before others, the checkpoint at its horizon.
        if let horizon = try ledger.mergeHorizon(txn), horizon > base, horizon <= knownAt { base = horizon }
        let aliases = try StoredEntities(txn: txn, db: ledger.state).allAliases()
        var running = RunningSet(aliases: aliases)
        if base > 0, let stored = try Projector.storedCheckpoint(txn, ledger.checkpoints, at: base) {
            running = RunningSet(stored, aliases: aliases)
        }
        guard knownAt > base else { return Array(running.sessions.values) }
        // The events after the checkpoint, through the running set's rules
        // (`RunningSet`), but for those a merge left without effect.
        let withoutEffect = try ledger.withoutEffect(txn)
        try txn.scan(ledger.events, from: base + 1) { key, value in
            try key.withUnsafeBytes { key in
                try value.withUnsafeBytes { value in
                    let seq = try EventRecord.seq(fromKey: key)
                    if seq > knownAt { return false }
                    guard !withoutEffect.contains(seq) else { return true }
                    let e = try EventRecord.decode(seq: seq, value)
                    running.apply(e.type, at: e.at, seq: seq, payload: e.payload)
                    return true
                }
            }
        }
        return Array(running.sessions.values)
    }
}

extension Definition {
    /// This definition as the ledger knew it after seq `k`; nil if created later.
    public func known(at k: UInt64) -> Definition? {
        guard created.seq <= k else { return nil }
        var d = Definition(kind: kind, id: id, created: created, base: base)
        for e in edits where e.when.seq <= k { d.add(e) }
        if let del = deletedSeq, del <= k { d.deletedSeq = del }
        // A deletion taken back after k still stands at k.
        for r in restorations where r.deleted <= k {
            if r.restored <= k { d.restorations.append(r) } else { d.deletedSeq = r.deleted }
        }
        // The finishes and confirmations known at k: the latest of them is
        // `finished` / `confirmed`, the rest stay earlier.
        let finishes = (earlierFinishes + [finished].compactMap { $0 }).filter { $0.seq <= k }
        d.finished = finishes.last
        d.earlierFinishes = Array(finishes.dropLast())
        var confirmations = earlierConfirmations
        if let c = confirmed { confirmations.append(Confirmation(when: c, achieved: confirmedAchieved)) }
        confirmations = confirmations.filter { $0.when.seq <= k }
        if let c = confirmations.last {
            d.confirmed = c.when
            d.confirmedAchieved = c.achieved
        }
        d.earlierConfirmations = Array(confirmations.dropLast())
        return d
    }
}

extension Ledger {
    /// Runs `body` on the ledger as known at `knownAt` (the head when nil).
    /// - Throws: `LedgerError.invalid` when `knownAt` names a seq after the head.
    public func snapshot<T>(knownAt: KnownAt? = nil, zones: ZoneDirectory = .system, _ body: (Snapshot) throws -> T) throws -> T {
        try environment.read { txn in
            // The projection set this snapshot's record names (`ledger.state` … from here on).
            _ = try projections(txn)
            let head = try self.head(txn).seq
            var k = head
            switch knownAt {
            case .seq(let s)?:
                guard s <= head else {
                    throw LedgerError.invalid(InputError(field: "--known-at", rule: "seq \(s) is after the head (\(head))"))
                }
                k = s
            case .instant(let t)?:
                k = try lastSeq(recordedBy: t.seconds * 1_000_000 + 999_999, head: head, txn)
            case nil: break
            }
            if k < head, let horizon = try mergeHorizon(txn), k < horizon {
                // The projections fold in merged order (Docs/sync.md): a state
                // before the last merge that placed events before others is
                // not a prefix of that order, and is not kept.
                let from = horizon
                throw LedgerError.invalid(
                    InputError(
                        field: "--known-at",
                        rule:
                            "seq \(k) is before seq \(horizon), where a sync merged events made before ones this ledger had; states known from seq \(min(from, head)) on can be read"
                    ))
            }
            return try body(Snapshot(ledger: self, txn: txn, head: head, knownAt: k, zones: zones))
        }
    }

    /// The last seq recorded at or before `micros` (0 when none): a binary
    /// search, since recorded times never decrease.
    func lastSeq(recordedBy micros: Int64, head: UInt64, _ txn: ReadTransaction) throws -> UInt64 {
        var lo: UInt64 = 0, hi = head
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2
            let recorded = try txn.get(events, mid) { v in
                try v.withUnsafeBytes { (v) throws(DecodeError) in
                    var r = ByteReader(v)
                    return try EventRecord.header(&r).recorded
                }
            }
            guard let recorded else { throw LedgerError.damaged(seq: mid, reason: "missing") }
            if recorded <= micros { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
