/// Merging other devices' events (Docs/sync.md): they are appended to this
/// device's log in the order they arrive, and the projections are the fold
/// of every event in the **merged order** (`MergeKey`: origin, then id),
/// which is the same on every device holding the same events. An event a
/// rule refuses at its place in that order is a conflict: kept, without
/// effect, and reported.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// What `Ledger.merge` did.
public struct MergeReport: Sendable, Equatable {
    /// Events newly written.
    public var appended = 0
    /// Events this ledger held already (a file delivered twice, a pull repeated).
    public var held = 0
    /// Ids this ledger holds with other content: left out.
    public var differing: [EventID] = []
    /// Conflicts that the merge brought about (not in effect before it).
    public var newConflicts: [Conflict] = []
    /// Every conflict in effect after the merge.
    public var conflicts = 0
    /// Whether an event arrived before events the ledger had (in the merged
    /// order): the projections were folded again from there (`refolded`),
    /// or from the start.
    public var reordered = false
    /// Whether a reordering merge folded again only from where its earliest
    /// event goes (the undo log reached back there), not from the first.
    public var refolded = false
    public var head: UInt64 = 0
    /// The events newly written, per type.
    public var written = EventTally()
    /// Tags and actions created under one name on two devices that the
    /// merge made one (Docs/rules.md "Many devices").
    public var madeOne: [MadeOne] = []
    /// Actions created under one name on two devices with different
    /// tracking: both stay, the later renamed.
    public var renamed: [RenamedByMerge] = []
    /// Sessions of one action started on two devices that became one.
    public var joinedSessions = 0
    /// Records placed after their action's deletion (`AliasSpace.waiting`).
    public var waiting = 0

    public init() {}

    /// Adds what a later merge of the same pull did (a pull merged in parts,
    /// each its own commit): counts add up, the conflicts in effect and the
    /// head are the later merge's. A conflict the earlier part brought about
    /// and the later one took away stays listed as new: the caller filters
    /// `newConflicts` by what is in effect at the end (`storedConflicts`).
    public mutating func add(_ m: MergeReport) {
        appended += m.appended
        held += m.held
        differing += m.differing
        newConflicts += m.newConflicts
        conflicts = m.conflicts
        reordered = reordered || m.reordered
        refolded = refolded || m.refolded
        head = max(head, m.head)
        written.add(m.written)
        madeOne += m.madeOne
        renamed += m.renamed
        joinedSessions += m.joinedSessions
        waiting += m.waiting
    }
}

/// A tag or an action that a merge made one with another of its name: its
/// id stands for `into` from then on, and its records count for it.
public struct MadeOne: Sendable, Equatable {
    public var kind: DefinitionKind
    public var id: String
    public var into: String
    /// The name both were made under.
    public var name: String
}

/// An action a merge renamed (`Yoga (2)`): another of its name, made on
/// another device, tracks otherwise.
public struct RenamedByMerge: Sendable, Equatable {
    public var kind: DefinitionKind
    public var id: String
    /// The name it was made under.
    public var made: String
    /// The name it has now.
    public var now: String
}

extension Ledger {
    static let horizonKey = Array("merge.horizon".utf8)
    static let topKey = Array("merge.top".utf8)
    static let conflictsKey = Array("merge.conflicts".utf8)

    /// Nil for a ledger that never merged; else the last seq at which an
    /// event arrived before an event the ledger already had (0: none did).
    /// A view known at a seq whose checkpoint is before it cannot be read
    /// from the projections (`Snapshot`), which are folded in merged order.
    @_spi(Layers) public func mergeHorizon(_ txn: ReadTransaction) throws -> UInt64? {
        guard let meta else { return nil }
        return try txn.get(meta, Ledger.horizonKey) { v in
            v.withUnsafeBytes { $0.count == 8 ? UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) : 0 }
        }
    }

    /// Each event's place in the merged order, through `through`, in seq
    /// order (the envelopes only; no payload is decoded).
    func forEachMergeKey(_ txn: ReadTransaction, through: UInt64 = .max, _ body: (MergeKey, UInt64) throws -> Void) throws {
        try txn.scan(events) { k, v in
            let seq = try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) }
            if seq > through { return false }
            try body(try v.withUnsafeBytes { v in try EventRecord.mergeKey(seq: seq, v) }, seq)
            return true
        }
    }

    /// One stored event's place in the merged order.
    func mergeKey(_ seq: UInt64, _ txn: ReadTransaction) throws -> MergeKey? {
        try txn.get(events, seq) { v in try v.withUnsafeBytes { v in try EventRecord.mergeKey(seq: seq, v) } }
    }

    /// The seqs through `through` in merged order; nil when that is seq order.
    func mergedOrder(_ txn: ReadTransaction, through: UInt64) throws -> [UInt64]? {
        var keys: [(MergeKey, UInt64)] = []
        var sorted = true
        try forEachMergeKey(txn, through: through) { key, seq in
            if let last = keys.last, key < last.0 { sorted = false }
            keys.append((key, seq))
        }
        if sorted { return nil }
        keys.sort { $0.0 < $1.0 }
        return keys.map(\.1)
    }

    /// Appends events pulled from other devices, each with its `origin`, and
    /// folds the projections again in the merged order, in one commit.
    ///
    /// Never refused for what the events say: an event held already is
    /// skipped, an id held with other content is left out and listed, and
    /// an event a rule refuses in the merged order is a conflict (reported,
    /// kept in the log, without effect). `state` is written in the same
    /// commit (a sync's record of what it pulled), so a kill leaves either
    /// all of it or nothing.
    /// - Parameters:
    ///   - inputs: the events, each with `id` and `origin`.
    ///   - blobs: attachments the events name.
    ///   - now: the clock (µs); the commit's transaction time is after every
    ///     origin it brings, so what this device appends next is after them
    ///     in the merged order.
    ///   - keepOrder: append in the order given (an import that restores a
    ///     merged ledger keeps its seqs), not in merged order.
    public func merge(
        _ inputs: [EventInput], blobs: [[UInt8]] = [], state: [(key: String, value: [UInt8])] = [], now: Int64, keepOrder: Bool = false
    ) throws -> MergeReport {
        for (i, e) in inputs.enumerated() where e.id == nil || e.origin == nil {
            throw LedgerError.invalid(InputError(field: e.id == nil ? "id" : "origin", rule: "a merged event needs one").at(line: i + 1))
        }
        // The transaction time moves past every origin merged and never goes
        // back: an origin far ahead of the clock (a forged line dated 2999)
        // would carry every later event of this ledger there. Refused; a sync
        // holds such events back before it merges (`Admission`).
        for (i, e) in inputs.enumerated() where e.origin!.recorded > now &+ Ledger.maxOriginSkew {
            throw LedgerError.invalid(
                InputError(
                    field: "origin.recorded", rule: "is more than a day after this device's clock; it is merged once the clock reaches it"
                )
                .at(line: i + 1))
        }
        guard let meta else { throw LedgerError.invalid(InputError(field: "ledger", rule: "is open read-only")) }
        try Ledger.checkSyncKeys(state.map(\.key))
        var newHead: Head?
        var replaced: ProjectionSet?
        let report = try environment.write(
            { txn -> MergeReport in
                var report = MergeReport()
                let namesBefore = try mergeMade(txn.reading, try projections(txn.reading))
                let before = try head(txn.reading)
                // The top of the merged order so far: the stored top of earlier
                // merges, or this device's last event (its own come last).
                var top = try txn.reading.get(meta, Ledger.topKey) { v in try v.withUnsafeBytes { try MergeKey(bytes: $0) } }
                if before.seq > 0, let k = try mergeKey(before.seq, txn.reading) { top = max(top ?? k, k) }
                // In merged order among themselves; all after what the ledger
                // holds (the common case: devices that sync often), they are
                // folded as they come, else everything is folded again.
                func key(_ e: EventInput) -> MergeKey { MergeKey(origin: e.origin!, id: e.id!) }
                let sorted = keepOrder ? inputs : inputs.sorted { key($0) < key($1) }
                let inOrder = !keepOrder || zip(sorted, sorted.dropFirst()).allSatisfy { key($0) < key($1) }
                let place: MergePlace =
                    inOrder && (sorted.first.map { first in top.map { key(first) > $0 } ?? true } ?? true) ? .after : .before
                let latest = inputs.map { $0.origin!.recorded }.max() ?? 0
                for b in blobs { _ = try putBlob(b, in: txn) }
                var rng = NoDrawnIDs()
                // A merged ledger's export restored into a new ledger keeps its
                // transaction times, as a load in parts does.
                let (result, h) = try append(
                    in: txn, from: { ArrayEventSource(inputs: sorted, lines: nil) }, expectHead: nil,
                    now: max(now, latest == .max ? latest : latest + 1), rng: &rng, merging: place,
                    keepRecorded: keepOrder && before.seq == 0)
                newHead = h
                report.appended = result.appended
                report.differing = result.differing
                report.written = result.written
                report.held = inputs.count - result.appended - result.differing.count
                report.head = result.head
                var horizon = try mergeHorizon(txn.reading) ?? 0
                // The new events' places in the merged order (a fold again reads them too).
                var addedKeys: [UInt64: MergeKey] = [:]
                if result.appended > 0 {
                    let added = (before.seq + 1)...result.head
                    var newTop = top
                    for seq in added {
                        guard let k = try mergeKey(seq, txn.reading) else { continue }
                        addedKeys[seq] = k
                        if let t = top, k < t { report.reordered = true }
                        newTop = max(newTop ?? k, k)
                    }
                    if report.reordered { horizon = result.head }
                    if let newTop { try txn.put(meta, Ledger.topKey, newTop.bytes) }
                }
                try txn.put(meta, Ledger.horizonKey, withUnsafeBytes(of: horizon.bigEndian) { Array($0) })
                for (k, v) in state { try txn.put(meta, Array(k.utf8), v) }
                guard result.appended > 0 else { return report }
                let previous = try storedConflicts(txn.reading)
                if place == .after {
                    report.newConflicts = result.conflicts
                    report.conflicts = previous.count + result.conflicts.count
                    try txn.put(meta, Ledger.conflictsKey, Ledger.encode(conflicts: previous + result.conflicts))
                    try mergeMade(txn.reading, try projections(txn.reading)).reportNew(since: namesBefore, in: &report)
                    return report
                }
                // The projections: folded again from where the earliest event
                // goes, when the undo log reaches back there.
                if let after = try refold(
                    in: txn, added: (before.seq + 1)...result.head, keys: addedKeys, headBefore: before.seq, topBefore: top,
                    previous: previous)
                {
                    report.refolded = true
                    try mergeMade(txn.reading, try projections(txn.reading)).reportNew(since: namesBefore, in: &report)
                    report.conflicts = after.count
                    let had = Set(previous.map(\.seq))
                    report.newConflicts = after.filter { !had.contains($0.seq) }
                    try txn.put(meta, Ledger.conflictsKey, Ledger.encode(conflicts: after))
                    return report
                }
                // Else the fold of every event in merged order.
                let (rebuilt, set) = try rebuild(in: txn, fresh: false)
                try clearUndo(txn)
                replaced = set
                try mergeMade(txn.reading, try set ?? projections(txn.reading)).reportNew(since: namesBefore, in: &report)
                report.conflicts = rebuilt.conflicts.count
                let had = Set(previous.map(\.seq))
                report.newConflicts = rebuilt.conflicts.filter { !had.contains($0.seq) }
                try txn.put(meta, Ledger.conflictsKey, Ledger.encode(conflicts: rebuilt.conflicts))
                return report
            },
            afterCommit: { _ in
                if let replaced { replaceProjectionSet(replaced) }
                recordHead(afterCommit: newHead)
            })
        return report
    }

    /// The conflicts in effect as the last merge left them (each merge
    /// decides them all again), with their rules: what `haru history`
    /// marks without replaying the log (`conflicts()` replays).
    public func storedConflicts() throws -> [Conflict] {
        try environment.read { txn in try storedConflicts(txn) }
    }

    func storedConflicts(_ txn: ReadTransaction) throws -> [Conflict] {
        guard let meta else { return [] }
        return try txn.get(meta, Ledger.conflictsKey) { v in
            try v.withUnsafeBytes { b -> [Conflict] in
                var r = ByteReader(b)
                var out: [Conflict] = []
                while !r.atEnd {
                    let seq = try r.u64()
                    let code = try r.u16()
                    let rule = try r.string()
                    guard let type = EventType(rawValue: code) else {
                        throw LedgerError.damaged(seq: seq, reason: "a stored conflict's type")
                    }
                    out.append(Conflict(seq: seq, type: type, rule: rule))
                }
                return out
            }
        } ?? []
    }

    /// The seqs of the events a merge left without effect: what a re-fold of
    /// the running sessions from a checkpoint leaves out (`RunningSet`
    /// trusts the events it is given), in a view or in `verify --from`.
    func withoutEffect(_ txn: ReadTransaction) throws -> Set<UInt64> {
        try mergeHorizon(txn) == nil ? [] : Set(try storedConflicts(txn).map(\.seq))
    }

    static func encode(conflicts: [Conflict]) -> [UInt8] {
        var w = ByteWriter(capacity: 64 * conflicts.count)
        for c in conflicts {
            w.u64(c.seq)
            w.u16(c.type.rawValue)
            w.string(c.rule)
        }
        return w.bytes
    }

    /// The conflicts in effect (events without effect in the merged order),
    /// with the rule that refuses each: a replay (Docs/sync.md).
    public func conflicts() throws -> [Conflict] {
        try environment.read { txn in
            guard try mergeHorizon(txn) != nil else { return [] }
            return try replayPipelined(txn, reserve: Int(try txn.count(events))).conflicts
        }
    }

    /// The id of the ledger's first event in the merged order (nil when it is
    /// empty): what devices of one history share, whoever made it
    /// (`haru sync postgresql://…` names the history by it).
    public func firstInMergedOrder() throws -> EventID? {
        try environment.read { txn in
            guard try mergeHorizon(txn) != nil else { return try event(1, txn)?.id }
            var first: MergeKey?
            try forEachMergeKey(txn) { key, _ in if first.map({ key < $0 }) ?? true { first = key } }
            return first?.id
        }
    }

    /// How far ahead of the clock a merged event's origin may be (µs): one day.
    public static let maxOriginSkew: Int64 = 86_400_000_000

    /// A value a sync keeps in `meta` (written by `merge(state:)` or `setSyncState`).
    public func syncState(_ key: String) throws -> [UInt8]? {
        guard let meta else { return nil }
        return try environment.read { txn in try txn.get(meta, Array(key.utf8)) { v in v.withUnsafeBytes { Array($0) } } }
    }

    /// Writes values a sync keeps in `meta` (what it pushed, the targets it
    /// used) and removes those it no longer needs, in one commit.
    /// - Throws: `LedgerError.invalid` for a key that does not begin with
    ///   `sync.`: the rest of `meta` is the ledger's own (the merge's order,
    ///   the device id, the projections' record), which a sync must not write.
    public func setSyncState(_ values: [(key: String, value: [UInt8])], removing: [String] = []) throws {
        guard let meta else { throw LedgerError.invalid(InputError(field: "ledger", rule: "is open read-only")) }
        try Ledger.checkSyncKeys(values.map(\.key) + removing)
        try environment.write { txn in
            for (k, v) in values { try txn.put(meta, Array(k.utf8), v) }
            for k in removing { try txn.delete(meta, Array(k.utf8)) }
        }
    }

    static func checkSyncKeys(_ keys: [String]) throws {
        if let bad = keys.first(where: { !$0.hasPrefix("sync.") }) {
            throw LedgerError.invalid(
                InputError(field: "key", rule: "a sync's state is kept under keys beginning with \"sync.\" (got \"\(bad)\")"))
        }
    }

    /// The sync state whose keys start with `prefix`, in key order.
    public func syncStates(prefix: String) throws -> [(key: String, value: [UInt8])] {
        guard let meta else { return [] }
        let start = Array(prefix.utf8)
        return try environment.read { txn in
            var out: [(key: String, value: [UInt8])] = []
            try txn.scan(meta, from: start) { k, v in
                let key = k.withUnsafeBytes { Array($0) }
                guard key.starts(with: start) else { return false }
                out.append((String(decoding: key, as: UTF8.self), v.withUnsafeBytes { Array($0) }))
                return true
            }
            return out
        }
    }
}

/// What the merge rules made of a ledger's definitions and sessions: the
/// ids that stand for others, and the actions renamed.
struct MergeMade {
    var aliases: [AliasSpace: [String: String]]
    var renamed: [String: RenamedByMerge]
    var names: [String: String]

    /// What `self` (after a merge) has that `before` had not, into `report`.
    func reportNew(since before: MergeMade, in report: inout MergeReport) {
        for space in [AliasSpace.tag, .action] {
            let kind: DefinitionKind = space == .tag ? .tag : .action
            for (id, into) in (aliases[space] ?? [:]).sorted(by: { $0.key < $1.key }) where before.aliases[space]?[id] != into {
                report.madeOne.append(MadeOne(kind: kind, id: id, into: into, name: names[into] ?? into))
            }
        }
        report.joinedSessions = max(0, (aliases[.session]?.count ?? 0) - (before.aliases[.session]?.count ?? 0))
        report.waiting = max(0, (aliases[.waiting]?.count ?? 0) - (before.aliases[.waiting]?.count ?? 0))
        report.renamed = renamed.values.filter { before.renamed[$0.id] != $0 }.sorted { $0.id < $1.id }
    }
}

extension Ledger {
    /// The aliases in a state, and the tags and actions whose name is not
    /// the one their creation gave (renamed by a merge).
    func mergeMade(_ txn: ReadTransaction, _ set: ProjectionSet) throws -> MergeMade {
        let store = StoredEntities(txn: txn, db: set.state)
        var made = MergeMade(aliases: try store.allAliases(), renamed: [:], names: [:])
        guard try mergeHorizon(txn) != nil else { return made }
        for kind in [DefinitionKind.tag, .action] {
            for d in try store.definitions(kind) {
                guard let name = d.base.string(.name) else { continue }
                made.names[d.id] = d.fields().string(.name) ?? name
                guard name.hasSuffix(")"), let e = try event(d.created.seq, txn), let given = e.payload.string(.name), given != name else {
                    continue
                }
                made.renamed[d.id] = RenamedByMerge(kind: kind, id: d.id, made: given, now: name)
            }
        }
        return made
    }
}

/// A merge's events all come with their ids: none is drawn.
private struct NoDrawnIDs: RandomNumberGenerator {
    mutating func next() -> UInt64 { preconditionFailure("a merged event without an id") }
}

extension MergeKey {
    var bytes: [UInt8] {
        var w = ByteWriter(capacity: 32)
        w.i64(origin.recorded)
        w.u64(origin.seq)
        w.u64(id.high)
        w.u64(id.low)
        return w.bytes
    }

    init(bytes: UnsafeRawBufferPointer) throws {
        var r = ByteReader(bytes)
        self.init(origin: Origin(recorded: try r.i64(), seq: try r.u64()), id: EventID(high: try r.u64(), low: try r.u64()))
    }
}

extension EventRecord {
    /// A stored record's place in the merged order, read from its envelope.
    static func mergeKey(seq: UInt64, _ bytes: UnsafeRawBufferPointer) throws -> MergeKey {
        var r = ByteReader(bytes)
        let h: Header
        do { h = try header(&r) } catch { throw LedgerError.damaged(seq: seq, reason: error.reason) }
        return MergeKey(origin: h.origin ?? Origin(recorded: h.recorded, seq: seq), id: h.id)
    }
}

extension Ledger {
    /// Whether an event line sent by the device that made it is what that
    /// device's hash chain recorded: its chain hash computed from the line's
    /// content, seq, transaction time and `prev` equals the `hash` the line
    /// claims (the same computation as the maker's append and `verify`:
    /// `EventRecord.seal`). A line changed after it was written (an amount
    /// 5 → 500 in a database row, an id inside it) does not match. A line
    /// holding redaction markers (`[redacted: seq N]`) cannot be checked
    /// this way — the chain covers the text before it was erased — and
    /// answers true.
    /// - Parameter sha: a hashing context to reuse (one per thread; a pull checks every line).
    public static func matchesRecordedHash(
        _ input: EventInput, seq: UInt64, recorded: Int64, prev: Digest, hash: Digest, using sha: SHA256Context = SHA256Context()
    ) -> Bool {
        guard let id = input.id else { return false }
        for (_, value) in input.payload.fields {
            switch value {
            case .string(let s) where Blob.isRedactionMarker(s): return true
            case .strings(let list) where list.contains(where: Blob.isRedactionMarker): return true
            default: continue
            }
        }
        var own = input
        own.origin = nil  // as the maker stored it: its own event
        var prepared = PreparedEvent(own, line: 0, using: sha)
        guard let computed = try? EventRecord.seal(seq: seq, recorded: recorded, prepared: &prepared, id: id, prev: prev, using: sha)
        else { return false }
        return computed == hash
    }
}
