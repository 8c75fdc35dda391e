/// What a replay produced for one projection database, as `verify` and
/// `rebuild` compare it with what is stored: looked up by stored key, so
/// that no sorted copy of a million entries is made unless one is missing.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// Sendable: the comparison runs on two threads, each reading the same
/// replayed (immutable, `Sendable`) state through these closures.
struct Produced: Sendable {
    let db: Database<RawKeys>
    /// The part of the database it covers: keys from `from`, before `before` (nil: to the end).
    var from: [UInt8] = []
    var before: [UInt8]? = nil
    /// How many entries the replay produced.
    let count: Int
    /// Whether a stored entry is what the replay produced (nil: it produced
    /// nothing under that key); `scratch` is the comparing thread's own buffer.
    let matches: @Sendable (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer, _ scratch: inout ByteWriter) -> Bool?
    /// Every produced entry in key order: only when an entry is missing.
    let sorted: @Sendable () -> [([UInt8], [UInt8])]
    /// The produced entries' digest, for a large part (see `EntryDigest`).
    var digest: (@Sendable () -> EntryDigest)? = nil
    /// The part is the id index: its digest is of `EntryDigest.addIDEntry`.
    var idEntries = false
    /// A readable name of a key, for verify's messages.
    let describe: @Sendable ([UInt8]) -> String
}

/// A stored database against a `Produced`.
struct ProducedDiff: Sendable {
    /// Stored under a key the replay produced nothing for.
    var stale: [[UInt8]] = []
    /// Stored with other bytes than the replay produced.
    var differ: [[UInt8]] = []
    /// Stored exactly as produced.
    var matched = 0
}

extension Ledger {
    /// The replay's projections, one `Produced` per database part of `set`
    /// (the state in two parts, then pages, action table, checkpoints).
    func produced(_ fold: MemoryFold, in set: ProjectionSet) throws -> [Produced] {
        let state = fold.state
        let p = fold.projections
        // The state in two parts, so that they can be compared on two threads.
        func statePart(_ part: StatePart) -> Produced {
            Produced(
                db: set.state, from: part.from, before: part.before, count: state.storedCount(part),
                matches: { k, v, scratch in state.matches(key: k, value: v, scratch: &scratch) },
                sorted: { state.storedForm(part) }, digest: { state.digest(part) },
                describe: { "the stored state of " + StateKey.describe($0) })
        }
        var parts = [
            statePart(.beforeCounts),
            statePart(.fromCounts),
            Produced(
                db: set.pages.raw, count: p.pages.count,
                matches: { k, v, _ in
                    guard k.count == 4, let want = p.pages[PageNumber(PageKey.page(fromKey: k))] else { return nil }
                    return ByteOrder.same(want, v)
                },
                sorted: { p.storedPages() }, describe: { "the record page " + PageKey.describe($0) }),
            Produced(
                db: set.interned, count: 2 * p.actions.count, matches: Self.lookup(p.storedActions()),
                sorted: { p.storedActions() },
                describe: { "the action table entry " + String(decoding: $0, as: UTF8.self) }),
            Produced(
                db: set.checkpoints.raw, count: p.checkpoints.count,
                matches: { k, v, _ in
                    guard k.count == 8, let want = p.checkpoints[UInt64(bigEndian: k.loadUnaligned(as: UInt64.self))] else {
                        return nil
                    }
                    return ByteOrder.same(want, v)
                },
                sorted: { p.checkpoints.sorted { $0.key < $1.key }.map { (SeqKey.make($0.key), $0.value) } },
                describe: {
                    "the running-session checkpoint at seq "
                        + String($0.withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) })
                }),
        ]
        if let buckets = set.buckets { parts.append(try bucketsPart(fold, into: buckets)) }
        return parts
    }

    /// The day buckets the replayed pages make with the replayed calendar
    /// (none when the calendar cannot be built here: `updateBuckets`).
    /// Looked up and digested where `DayBuckets.all` made them, by day
    /// number: the sorted list of stored entries (two sorts and a copy of
    /// 50,000 keys at L) is made only when something is missing.
    private func bucketsPart(_ fold: MemoryFold, into db: Database<BucketKey>) throws -> Produced {
        let pages = fold.projections.pages
        var buckets: [Int64: [UInt8]] = [:]
        var rules: Digest?
        if !pages.isEmpty, let calendar = try? LedgerCalendar(settings: fold.state.settings(), zones: zones) {
            buckets = try DayBuckets.all(pages, calendar)
            rules = calendar.dayRulesFingerprint
        }
        let fingerprint = rules.map(DayBuckets.fingerprintBytes)
        // The digest is order-free (`EntryDigest`): the dictionary's order does.
        var digest = EntryDigest()
        for (day, v) in buckets { BucketKey.withKey(day) { k in v.withUnsafeBytes { v in digest.add(k, v) } } }
        if let fingerprint { digest.add(BucketKey.calendar, fingerprint) }
        let (produced, lookup, calendarValue, rulesDigest, pageCount) = (digest, buckets, fingerprint, rules, pages.count)
        return Produced(
            db: db.raw, count: buckets.count + (fingerprint == nil ? 0 : 1),
            matches: { k, v, _ in
                if k.count == 4 { return lookup[BucketKey.day(fromKey: k)].map { ByteOrder.same($0, v) } }
                guard ByteOrder.same(BucketKey.calendar, k), let calendarValue else { return nil }
                return ByteOrder.same(calendarValue, v)
            },
            sorted: { rulesDigest.map { DayBuckets.stored(lookup, fingerprint: $0, pages: pageCount) } ?? [] }, digest: { produced },
            describe: { BucketKey.describe($0) })
    }

    /// A lookup over a few sorted entries (the action table).
    private static func lookup(
        _ entries: [([UInt8], [UInt8])]
    ) -> @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer, inout ByteWriter) -> Bool? {
        { k, v, _ in
            guard let e = entries.first(where: { ByteOrder.same($0.0, k) }) else { return nil }
            return ByteOrder.same(e.1, v)
        }
    }

    /// Scans `db` once against `want`; with `firstOnly`, stops at the first stale or differing entry.
    func diff(_ txn: ReadTransaction, _ want: Produced, firstOnly: Bool) throws -> ProducedDiff {
        var d = ProducedDiff()
        var scratch = ByteWriter(capacity: 256)
        var budget = Environment.ReadBudget(environment)
        if let digest = want.digest {
            // A large part: compare digests first (two sequential passes, no lookups).
            var stored = EntryDigest()
            try scan(txn, want) { k, v in
                budget.spend(v)
                if want.idEntries && k.count == 16 && v.count == 8 {
                    stored.addIDEntry(k, seq: UInt64(bigEndian: v.loadUnaligned(as: UInt64.self)))
                } else {
                    // (An id index entry of another shape is hashed the general way: it cannot match.)
                    stored.add(k, v)
                }
                return true
            }
            if stored == digest() {
                d.matched = stored.count
                return d
            }
        }
        try scan(txn, want) { key, value in
            budget.spend(value)
            switch want.matches(key, value, &scratch) {
            case nil: d.stale.append(Array(key))
            case false?: d.differ.append(Array(key))
            case true?: d.matched += 1
            }
            return !firstOnly || (d.stale.isEmpty && d.differ.isEmpty)
        }
        return d
    }

    /// Calls `body` with the stored entries of a part, in key order, while it
    /// returns true (read in place: the comparison copies only what differs).
    func scan(
        _ txn: ReadTransaction, _ part: Produced, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        try txn.scan(part.db, from: part.from.isEmpty ? nil : part.from) { key, value in
            try key.withUnsafeBytes { key in
                try value.withUnsafeBytes { value in
                    if let before = part.before, !ByteOrder.less(key, before) { return false }
                    return try body(key, value)
                }
            }
        }
    }

    /// The diffs of every part, the first on another thread in a read
    /// transaction of its own, the rest here in `txn`.
    /// - Parameter snapshot: the snapshot `txn` reads (`Transaction.snapshotID`);
    ///   nil when no commit can come in between (`txn` holds the write lock).
    /// - Returns: nil when the other transaction saw another snapshot (an
    ///   append committed in between): the caller starts again.
    func diffAll(_ parts: [Produced], _ txn: ReadTransaction, snapshot: Int?, firstOnly: Bool) throws -> [ProducedDiff]? {
        let first = parts[0]
        let (other, rest) = try Parallel.both(
            { [environment] in
                try environment.read { t -> ProducedDiff? in
                    if let snapshot, t.snapshotID != snapshot { return nil }
                    return try self.diff(t, first, firstOnly: firstOnly)
                }
            },
            { try parts.dropFirst().map { try self.diff(txn, $0, firstOnly: firstOnly) } })
        guard let other else { return nil }
        return [other] + rest
    }
}
