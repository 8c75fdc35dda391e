/// The entity store of one append: records the batch creates or changes are
/// kept in memory (an `EntityState`'s record tables) and written to the
/// state database once, in key order, when the batch is done (`flush`);
/// everything else reads through to ``StoredEntities``.
///
/// Why: a bulk load puts a record per event, and a put at a random key
/// descends the B-tree and dirties a leaf each time (a third of the append
/// thread's instructions at 110 k events). Sorted, the puts walk the leaves
/// once through one cursor. Definitions, settings and running sessions are
/// few and still go straight to LMDB, so the fold sees one consistent state.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

struct BatchEntities: EntityStore {
    private(set) var stored: StoredEntities<ReadWrite>
    /// The newest version of every record this batch wrote.
    private var fresh = EntityState()
    /// The first and last stored key of each record family, as the batch
    /// began (records reach the database only at `flush`): an id outside
    /// them is not stored, without a lookup. Every new record asks, and in a
    /// bulk load into a new ledger none is stored (a lookup was an eighth of
    /// the appending thread's instructions).
    private let storedSessions: (first: [UInt8], last: [UInt8])?
    private let storedCounts: (first: [UInt8], last: [UInt8])?

    init(_ stored: StoredEntities<ReadWrite>) throws {
        self.stored = stored
        storedSessions = try stored.txn.keyRange(stored.db, family: StateKey.sessionFamily)
        storedCounts = try stored.txn.keyRange(stored.db, family: StateKey.countFamily)
    }

    /// Room for the records a bulk load is expected to make, so that it does not regrow its tables.
    mutating func reserve(_ r: ExpectedRecords) { fresh.reserve(sessions: r.sessions, counts: r.counts) }

    /// Whether the database may hold `id` in a family whose stored keys span `range`.
    private static func mayBeStored(_ id: String, family: UInt8, in range: (first: [UInt8], last: [UInt8])?) -> Bool {
        guard let range else { return false }
        let key = [family] + Array(id.utf8)
        return !ByteOrder.less(key, range.first) && !ByteOrder.less(range.last, key)
    }

    func settings() throws -> SettingsHistory { try stored.settings() }
    mutating func setSettings(_ s: SettingsHistory) throws { try stored.setSettings(s) }
    func definition(_ kind: DefinitionKind, _ id: String) throws -> Definition? { try stored.definition(kind, id) }
    mutating func setDefinition(_ d: Definition) throws { try stored.setDefinition(d) }
    func definitions(_ kind: DefinitionKind) throws -> [Definition] { try stored.definitions(kind) }
    func liveDefinitionID(_ kind: DefinitionKind, named name: String) throws -> String? {
        try stored.liveDefinitionID(kind, named: name)
    }
    func actionStatus(_ id: String) throws -> ActionStatus { try stored.actionStatus(id) }

    func session(_ id: String) throws -> SessionRecord? {
        if let s = fresh.session(id) { return s }
        return Self.mayBeStored(id, family: StateKey.sessionFamily, in: storedSessions) ? try stored.session(id) : nil
    }
    mutating func setSession(_ s: SessionRecord) throws { fresh.setSession(s) }
    func count(_ id: String) throws -> CountRecord? {
        if let c = fresh.count(id) { return c }
        return Self.mayBeStored(id, family: StateKey.countFamily, in: storedCounts) ? try stored.count(id) : nil
    }
    mutating func setCount(_ c: CountRecord) throws { fresh.setCount(c) }

    /// The batch's own tables are where a new record's id is looked up first.
    /// Mutating, though nothing changes: the append calls it from a closure
    /// that shares the store with the fold's, and a nonmutating call there
    /// copied the whole store (each table's reference retained, then
    /// released) for every event.
    mutating func prefetch(_ hint: RecordHint) { fresh.prefetch(hint) }

    func running(action: String) throws -> String? { try stored.running(action: action) }
    mutating func setRunning(action: String, session: String?) throws { try stored.setRunning(action: action, session: session) }
    func runningSessions() throws -> [SessionRecord] { try stored.allRunning().compactMap { try session($0.1) } }
    func alias(_ space: AliasSpace, _ id: String) throws -> String? { try stored.alias(space, id) }
    func hasAliases() throws -> Bool { try stored.hasAliases() }
    /// Each action's latest session start, as read or set in this batch
    /// (`dirty`: to write at `flush`): a bulk load starts thousands of
    /// sessions of a few actions, and a put per start at its key was 18 %
    /// more instructions for an import.
    private let latest = LatestStarts()

    func latestStart(action: String) throws -> Instant? {
        if let l = latest.byAction[action] { return l.start }
        let start = try stored.latestStart(action: action)
        latest.byAction[action] = (start, false)
        return start
    }
    mutating func setLatestStart(action: String, _ start: Instant) throws { latest.byAction[action] = (start, true) }
    mutating func setAlias(_ space: AliasSpace, _ id: String, to target: String) throws { try stored.setAlias(space, id, to: target) }

    /// Writes the batch's records into the state database, sessions then
    /// counts (their keys' order), each kind in id order, and meanwhile runs
    /// `alongside` (the pages' flush: it uses the transaction, so it runs on
    /// this thread). All of it is serial time at the end of a bulk load, so a
    /// large batch takes both threads: the other encodes the sessions while
    /// this one runs `alongside` and encodes the counts (the two kinds weigh
    /// about the same in a mixed load; one thread encoding both left the
    /// other idle for 0.1 s at 1.1 M events), then puts the sessions as they
    /// arrive and the counts. Sessions made in id order (an import's ids
    /// begin with the time) arrive a chunk at a time, unsorted, each put
    /// while the next is encoded; otherwise all at once, sorted. A small
    /// batch (a `haru count`) starts no thread.
    func flush(alongside: () throws -> Void) throws {
        for (action, l) in latest.byAction.sorted(by: { $0.key < $1.key }) where l.dirty {
            if let start = l.start { try stored.setLatestStart(action: action, start) }
        }
        let snapshot = fresh
        let put = { (puts: inout KeyOrderPuts, entries: EncodedEntries) throws in try entries.forEach { try puts.put(key: $0, value: $1) } }
        var counts: [EncodedEntries] = []
        let encodeCounts = {
            _ = EncodedEntries.parts(
                of: snapshot.counts, family: StateKey.countFamily,
                {
                    counts.append($0); return true
                }
            ) { c, w in
                StateCodec.encode(c, action: snapshot.actionNumbers.name(c.action), to: &w)
            }
        }
        // One thread: everything in turn.
        func inTurn() throws {
            try alongside()
            var sessions: [EncodedEntries] = []
            _ = Self.encodeSessions(of: snapshot) {
                sessions.append($0); return true
            }
            encodeCounts()
            try stored.txn.putInKeyOrder(stored.db) { puts in for entries in sessions + counts { try put(&puts, entries) } }
        }
        guard snapshot.sessions.count + snapshot.counts.count >= 4096 else { return try inTurn() }
        let ready = Channel<EncodedEntries>(capacity: 4)
        do {
            _ = try Parallel.both(
                {
                    defer { ready.close() }
                    // A closed channel means the putting thread stopped (it failed): stop encoding.
                    _ = Self.encodeSessions(of: snapshot) { ready.send($0) }
                },
                {
                    // Whatever happens, the encoding thread must not wait on a channel nobody reads.
                    defer { ready.close() }
                    try alongside()
                    encodeCounts()
                    try stored.txn.putInKeyOrder(stored.db) { puts in
                        while let entries = ready.receive() { try put(&puts, entries) }
                        for entries in counts { try put(&puts, entries) }
                    }
                }, together: true)
        } catch is Parallel.Unavailable {
            // No second thread to be had (thrown before either half ran): in turn, as a small batch.
            try inTurn()
        }
    }

    /// The sessions of `state` as state entries in key order, a part at a time (`EncodedEntries.parts`).
    private static func encodeSessions(of state: EntityState, _ send: (consuming EncodedEntries) -> Bool) -> Bool {
        EncodedEntries.parts(of: state.sessions, family: StateKey.sessionFamily, send) { s, w in
            StateCodec.encode(s, action: state.actionNumbers.name(s.action), to: &w)
        }
    }
}

/// Records of one family encoded as state entries, in key order, in one
/// buffer (made on one thread, written by another).
struct EncodedEntries: Sendable {
    private var w: ByteWriter
    /// Each entry: its key's first 16 bytes as two integers (for sorting),
    /// where its key starts, its value starts, and it ends.
    private var entries: [(prefix: UInt64, next: UInt64, key: Int, value: Int, end: Int)] = []
    private let family: UInt8

    /// The records of `table` as parts in key order, each handed to `send`:
    /// a chunk at a time when they were made in id order, else all at once,
    /// sorted. False when `send` said to stop.
    static func parts<R>(
        of table: RecordTable<R>, family: UInt8, _ send: (consuming EncodedEntries) -> Bool, encode: (R, inout ByteWriter) -> Void
    ) -> Bool {
        guard table.count > 0 else { return true }
        guard table.isInIDOrder() else {
            var all = EncodedEntries(count: table.count, family: family)
            table.forEachChunk { all.add($0, encode: encode) }
            all.sortByKey()
            return send(all)
        }
        var going = true
        table.forEachChunk { chunk in
            guard going else { return }
            var part = EncodedEntries(count: chunk.count, family: family)
            part.add(chunk, encode: encode)
            going = send(part)
        }
        return going
    }

    private init(count: Int, family: UInt8) {
        w = ByteWriter(capacity: count * 48)
        entries.reserveCapacity(count)
        self.family = family
    }

    /// Encodes records (one sequential pass over them).
    private mutating func add<R: IdentifiedRecord>(_ records: UnsafeBufferPointer<R>, encode: (R, inout ByteWriter) -> Void) {
        for r in records {
            let k = w.bytes.count
            var prefix: UInt64 = 0, next: UInt64 = 0
            var id = r.id
            // The id's bytes through one pointer (iterating its UTF-8 view, a
            // String index each, was most of the encoding).
            id.withUTF8 { u in
                w.u8(family)
                w.raw(UnsafeRawBufferPointer(u))
                // The id's first 16 bytes as two big-endian integers (zero-padded):
                // most keys differ there, even ids an importer gives one prefix
                // (`timew-…`, whose sort went to memcmp for nearly every pair).
                for j in 0..<min(8, u.count) { prefix |= UInt64(u[j]) << (56 - 8 * j) }
                if u.count > 8 { for j in 8..<min(16, u.count) { next |= UInt64(u[j]) << (120 - 8 * j) } }
            }
            let v = w.bytes.count
            encode(r, &w)
            entries.append((prefix, next, k, v, w.bytes.count))
        }
    }

    /// Sorts the entries by key where they lie in the buffer: reading a
    /// million records in key order instead was a cache miss each.
    private mutating func sortByKey() {
        w.bytes.withUnsafeBytes { all in
            entries.sort { a, b in
                if a.prefix != b.prefix { return a.prefix < b.prefix }
                if a.next != b.next { return a.next < b.next }
                return ByteOrder.less(
                    UnsafeRawBufferPointer(rebasing: all[a.key..<a.value]), UnsafeRawBufferPointer(rebasing: all[b.key..<b.value]))
            }
        }
    }

    /// Calls `body` with each (key, value), in order.
    func forEach(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) throws {
        try w.bytes.withUnsafeBytes { all in
            for b in entries {
                try body(
                    UnsafeRawBufferPointer(rebasing: all[b.key..<b.value]),
                    UnsafeRawBufferPointer(rebasing: all[b.value..<b.end]))
            }
        }
    }
}

/// `BatchEntities`' latest session starts: read through a non-mutating
/// store method, so kept by reference (one batch, one thread).
private final class LatestStarts {
    var byAction: [String: (start: Instant?, dirty: Bool)] = [:]
}
