@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem
import Synchronization

/// Where an append reads its events from, one at a time.
@_spi(Layers) public protocol EventSource {
    /// The next event and its input line; nil at the end.
    /// - Throws: `InputError` (with its line) for an event that cannot be read.
    mutating func next() throws -> (EventInput, Int)?
    /// The next event with its payload encoded and hashed (default: `next()`,
    /// prepared on the caller's thread; see `PreparedEvent`).
    mutating func nextPrepared(using sha: SHA256Context) throws -> PreparedEvent?
    /// Lends the next prepared event to `body`, which completes its record in
    /// place; false at the end (default: `nextPrepared`). A source that reads
    /// ahead lends the event where the reading thread put it and frees it
    /// there later: moving each event out and back cost a tenth of the
    /// appending thread of a bulk load. It also shows `upcoming` the record
    /// hint of an event a few places further on (a source that cannot see
    /// ahead never calls it).
    mutating func withNextPrepared(
        using sha: SHA256Context, upcoming: (RecordHint) -> Void, _ body: (inout PreparedEvent) throws -> Void
    ) throws -> Bool
    /// About how many sessions and counts the source's events make, if it
    /// can tell (default nil): a bulk load sizes its record tables once
    /// instead of growing them (growing was a fifteenth of the appending
    /// thread at 1.1 M events).
    var expectedRecords: ExpectedRecords? { get }
}

/// A guess of the records a batch makes, never a limit.
@_spi(Layers) public struct ExpectedRecords: Sendable {
    public var sessions: Int
    public var counts: Int
    public init(sessions: Int, counts: Int) {
        self.sessions = sessions
        self.counts = counts
    }
}

/// Events already in memory.
@_spi(Layers) public struct ArrayEventSource: EventSource {
    let inputs: [EventInput]
    let lines: [Int]?
    var k = 0

    /// - Parameter lines: each event's input line (default 1, 2, 3 …).
    public init(inputs: [EventInput], lines: [Int]?) {
        self.inputs = inputs
        self.lines = lines
    }

    public mutating func next() -> (EventInput, Int)? {
        guard k < inputs.count else { return nil }
        defer { k += 1 }
        return (inputs[k], lines?[k] ?? k + 1)
    }
}

/// What an append did.
public struct AppendResult: Sendable, Equatable {
    /// The seq of each input event, in input order (an idempotent retry
    /// reports the seq the event already had).
    public var seqs: [UInt64]
    /// How many events were newly written.
    public var appended: Int
    /// The head after the append.
    public var head: UInt64
    /// How many events of each type were newly written (what an import
    /// says it made).
    public var written: EventTally = EventTally()
    /// A merge's events whose ids this ledger holds with other content:
    /// left out (`Ledger.merge`; an append refuses them instead).
    public var differing: [EventID] = []
    /// A merge's events folded as they came that a rule refused (`Ledger.merge`).
    public var conflicts: [Conflict] = []

    public init(
        seqs: [UInt64], appended: Int, head: UInt64, written: EventTally = EventTally(), differing: [EventID] = [],
        conflicts: [Conflict] = []
    ) {
        (self.seqs, self.appended, self.head, self.written) = (seqs, appended, head, written)
        (self.differing, self.conflicts) = (differing, conflicts)
    }
}

/// A count of events per type.
public struct EventTally: Sendable, Equatable {
    /// Indexed by the type's code (codes are small and dense).
    private var counts = [Int](repeating: 0, count: Int(EventType.allCases.map(\.rawValue).max()!) + 1)

    public init() {}

    /// Sessions the batch started and also stopped, or discarded (a copy of
    /// a ledger brings both events): they are sessions, not running ones.
    public private(set) var stoppedHere = 0
    public private(set) var discardedHere = 0
    private var startedHere: Set<String> = []

    @inline(__always)
    mutating func add(_ type: EventType) { counts[Int(type.rawValue)] += 1 }

    /// Counts an event, following the sessions the batch starts.
    @inline(__always)
    mutating func add(_ type: EventType, _ payload: Payload) {
        add(type)
        switch type {
        case .sessionStarted: if let id = payload.string(.sessionID) { startedHere.insert(id) }
        case .sessionStopped: if let id = payload.string(.sessionID), startedHere.remove(id) != nil { stoppedHere += 1 }
        case .sessionDiscarded: if let id = payload.string(.sessionID), startedHere.remove(id) != nil { discardedHere += 1 }
        default: break
        }
    }

    /// How many events of `type`.
    public subscript(type: EventType) -> Int { counts[Int(type.rawValue)] }

    /// Adds the tally of a later batch of the same load (a pull merged in
    /// parts). A session started in one part and stopped in another counts
    /// as started and stopped, not as stopped here.
    public mutating func add(_ other: EventTally) {
        for i in counts.indices { counts[i] += other.counts[i] }
        stoppedHere += other.stoppedHere
        discardedHere += other.discardedHere
        startedHere.formUnion(other.startedHere)
    }
}

/// The head of the log: its last seq and hash.
public struct Head: Sendable, Equatable {
    public var seq: UInt64
    public var hash: Digest
    /// Transaction time of the last event (µs), 0 when empty.
    public var recorded: Int64
}

/// A ledger: the hash-chained event log and the projections it folds into,
/// in one LMDB environment.
///
/// Databases: `events` (seq → record), `meta` (which projection set is in
/// use, `ProjectionMeta`) and the projection set (`ProjectionSet`: entity
/// state, record pages, action table, checkpoints, the id index), kept by
/// every append in the same transaction.
public final class Ledger: Sendable {
    public let environment: Environment
    /// Where the zone rules of the ledger's calendar are read, to cut the
    /// day buckets on append and to check them in `verify` and `rebuild`.
    public let zones: ZoneDirectory
    /// seq → event record.
    @_spi(Layers) public let events: Database<SeqKey>
    /// The projection record (nil: a read-only ledger made before it existed).
    @_spi(Layers) public let meta: Database<RawKeys>?
    /// SHA-256 → bytes: attachments (`Ledger+Blobs`). Nil in a ledger an
    /// older haru made, opened read-only (it has none).
    let blobs: Database<RawKeys>?
    /// The projection set in use; replaced by a rebuild that writes a new one.
    private let current: Mutex<ProjectionSet>

    /// The projection set this process uses: check it against the ledger's
    /// record in each transaction with `projections(_:)`.
    @_spi(Layers) public var projectionSet: ProjectionSet { current.withLock { $0 } }
    /// family byte + entity id → the entity's state (`StateKey`).
    @_spi(Layers) public var state: Database<RawKeys> { projectionSet.state }
    /// UTC day → the record versions of that day (`PageKey`).
    @_spi(Layers) public var pages: Database<PageKey> { projectionSet.pages }
    /// `a`+action id / `i`+index: the action table (`InternKey`).
    @_spi(Layers) public var interned: Database<RawKeys> { projectionSet.interned }
    /// seq → the sessions running after it.
    @_spi(Layers) public var checkpoints: Database<SeqKey> { projectionSet.checkpoints }
    /// event id → seq.
    var ids: Database<IDKeys> { projectionSet.ids }

    /// Makes `set` the one this process uses (after a rebuild committed it,
    /// or another process's did).
    func replaceProjectionSet(_ set: ProjectionSet) { current.withLock { $0 = set } }

    /// The databases every ledger has under fixed names.
    static let databaseNames = ["events"]

    /// Opens an existing ledger.
    /// - Parameters:
    ///   - writeWait: how long an append waits behind another writer, and whom it tells.
    ///   - trustOwner: open a ledger another user owns (refused otherwise).
    ///   - upgrading: told before projections of an older format are rebuilt
    ///     (the format found, and how many events are replayed).
    public convenience init(
        path: String, durability: Environment.Durability = .durable, readOnly: Bool = false, writeWait: WriteWait = WriteWait(),
        trustOwner: Bool = false, zones: ZoneDirectory = .system, upgrading: (_ from: UInt32, _ events: UInt64) -> Void = { _, _ in }
    ) throws {
        let env: Environment
        do {
            env = try Environment(
                path: path, databases: Ledger.databaseNames, create: false, durability: durability, readOnly: readOnly,
                writeWait: writeWait,
                trustOwner: trustOwner)
        } catch {
            if error.kind == .noSuchFile { throw LedgerError.notFound(path: path) }
            throw error
        }
        try self.init(environment: env, create: !readOnly, zones: zones)
        try checkHeadRecord()
        try upgradeProjections(readOnly: readOnly, upgrading)
    }

    private init(environment: Environment, create: Bool, zones: ZoneDirectory) throws {
        self.environment = environment
        self.zones = zones
        events = try environment.database("events", keys: SeqKey.self)
        meta = try environment.open(["meta"], create: create)?.first
        blobs = try environment.open(["blobs"], create: create)?.first
        // A damaged record is reported by every use of the projections
        // (`projections(_:)`); set 0 stands in so that the log can still be
        // read, exported and rebuilt from (`rebuild(fresh:)`).
        let record =
            (try? environment.read { [meta] txn in try ProjectionMeta.read(txn, meta) }) ?? ProjectionMeta.Record(format: 1, generation: 0)
        guard let set = try ProjectionSet.open(environment, generation: record.generation, create: create) else {
            throw LedgerError.damaged(
                seq: nil,
                reason:
                    "the projection databases of set \(record.generation) are missing (an older haru made the ledger, or they were removed); `haru rebuild` writes them"
            )
        }
        current = Mutex(set)
    }

    /// Creates a new, empty ledger directory (mode 0700, files 0600).
    /// - Throws: `LedgerError.exists` when one is there already.
    public static func create(path: String, durability: Environment.Durability = .durable, zones: ZoneDirectory = .system) throws
        -> Ledger
    {
        if FileBytes.read(path + "/data.mdb", limit: 1) != nil { throw LedgerError.exists(path: path) }
        // The folders above it are made too (as `git init a/b/c` does).
        if let why = WholeFile.makeDirectory(path) { throw LedgerError.cannotCreate(path: path, reason: why) }
        let ledger = try Ledger(
            environment: Environment(path: path, databases: Ledger.databaseNames, create: true, durability: durability), create: true,
            zones: zones)
        // The format is recorded from the start: a ledger without the record is taken for format 1.
        try ledger.environment.write { txn in
            try txn.put(ledger.meta!, ProjectionMeta.key, ProjectionMeta.Record(format: ProjectionMeta.format, generation: 0).bytes)
        }
        return ledger
    }

    /// The current head.
    public func head() throws -> Head {
        try environment.read { txn in try head(txn) }
    }

    @_spi(Layers) public func head(_ txn: ReadTransaction) throws -> Head {
        try txn.last(events) { k, v in
            try v.withUnsafeBytes { v in
                var r = ByteReader(v)
                let h = try EventRecord.header(&r)
                return Head(seq: try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) }, hash: h.hash, recorded: h.recorded)
            }
        } ?? Head(seq: 0, hash: .zero, recorded: 0)
    }

    func existingEvent(_ id: EventID, _ txn: ReadTransaction) throws -> Event? {
        guard let seq = try txn.get(ids, id, { k in try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) } }) else {
            return nil
        }
        return try event(seq, txn)
    }

    @_spi(Layers) public func event(_ seq: UInt64, _ txn: ReadTransaction) throws -> Event? {
        try txn.get(events, seq) { v in
            do { return try v.withUnsafeBytes { try EventRecord.decode(seq: seq, $0) } } catch let e as DecodeError {
                throw LedgerError.damaged(seq: seq, reason: e.reason)
            }
        }
    }

    /// The stored hash of the event at `seq` (its header only; nil when there is none).
    @_spi(Layers) public func hash(at seq: UInt64, _ txn: ReadTransaction) throws -> Digest? {
        try txn.get(events, seq) { v in
            do {
                return try v.withUnsafeBytes { v in
                    var r = ByteReader(v); return try EventRecord.header(&r).hash
                }
            } catch let e as DecodeError {
                throw LedgerError.damaged(seq: seq, reason: e.reason)
            }
        }
    }

    /// The event with this seq.
    public func event(_ seq: UInt64) throws -> Event? {
        try environment.read { txn in try event(seq, txn) }
    }

    /// Calls `body` with each event from `from` through `through` (inclusive), in order, until it returns false.
    public func forEachEvent(from: UInt64 = 1, through: UInt64 = .max, _ body: (Event) throws -> Bool) throws {
        try environment.read { txn in
            try txn.scan(events, from: from) { k, v in
                let seq = try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) }
                if seq > through { return false }
                let e: Event
                do { e = try v.withUnsafeBytes { try EventRecord.decode(seq: seq, $0) } } catch let err as DecodeError {
                    throw LedgerError.damaged(seq: seq, reason: err.reason)
                }
                return try body(e)
            }
        }
    }

    /// Folds the log up to `knownAt` (the head when nil) into memory.
    @_spi(Layers) public func replay(knownAt: UInt64? = nil) throws -> EntityState { try replayAll(knownAt: knownAt).state }

    /// Folds the log up to `knownAt` into memory, with every projection.
    @_spi(Layers) public func replayAll(knownAt: UInt64? = nil) throws -> (state: EntityState, projections: MemoryProjections) {
        let fold = try environment.read { txn in
            try replayPipelined(txn, through: knownAt ?? .max, reserve: Int(try txn.count(events)))
        }
        return (fold.state, fold.projections)
    }

    /// Feeds each event through `through`, in order, to `visitor`, reading
    /// its payload in place (`StoredPayload`) when it is at its type's current
    /// version, else decoded and upcast.
    /// - Throws: `LedgerError.damaged` for a record that does not decode or an
    ///   event that does not fold (naming its seq).
    /// - Parameter ids: when given, the digest of the id index the events
    ///   make (each event's id → its seq) is added to it, for `rebuild`.
    func replay<V: EventVisitor>(
        _ txn: ReadTransaction, through: UInt64, into visitor: inout V, ids: UnsafeMutablePointer<EntryDigest>? = nil
    ) throws {
        var budget = Environment.ReadBudget(environment)
        // A ledger that merged other devices' events folds in the merged order (Docs/sync.md).
        if let horizon = try mergeHorizon(txn) {
            try replayMerged(txn, horizon: horizon, through: through, into: &visitor, ids: ids, budget: &budget)
            return
        }
        try txn.scan(events) { k, v in
            let seq = try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) }
            if seq > through { return false }
            return try v.withUnsafeBytes { v in try replayOne(seq, v, &budget, &visitor, ids, lenient: false) }
        }
    }

    /// `replay` of a ledger that merged: every event through `through` in
    /// the merged order (`MergeKey`), and an event a rule refuses there is a
    /// conflict (`EventVisitor.conflict`), not damage. When the log is in
    /// that order already (nothing arrived before what it had), one scan.
    private func replayMerged<V: EventVisitor>(
        _ txn: ReadTransaction, horizon: UInt64, through: UInt64, into visitor: inout V, ids: UnsafeMutablePointer<EntryDigest>?,
        budget: inout Environment.ReadBudget
    ) throws {
        // The running sessions at the merge horizon are checkpointed too: the
        // first `horizon` events of the merged order are seqs 1 … horizon
        // (every later seq comes after every earlier one), so views known
        // from the horizon on start there (`Snapshot.runningSessions`).
        let extra = horizon % Projector.checkpointInterval != 0 && horizon <= through ? horizon : 0
        var folded: UInt64 = 0
        func counted(_ visitor: inout V) throws {
            folded += 1
            if folded == extra { try visitor.checkpoint(extra) }
        }
        let order = try mergedOrder(txn, through: through)
        guard let order else {
            try txn.scan(events) { k, v in
                let seq = try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) }
                if seq > through { return false }
                let more = try v.withUnsafeBytes { v in try replayOne(seq, v, &budget, &visitor, ids, lenient: true) }
                try counted(&visitor)
                return more
            }
            return
        }
        for seq in order {
            let found = try txn.get(events, seq) { v in
                try v.withUnsafeBytes { v in try replayOne(seq, v, &budget, &visitor, ids, lenient: true) }
            }
            guard found != nil else { throw LedgerError.damaged(seq: seq, reason: "the event is missing from the log") }
            try counted(&visitor)
        }
    }

    /// Feeds the events `seqs`, in that order, to `visitor` as a replay in
    /// merged order does (an event a rule refuses is a conflict): what a
    /// merge folds again from where its earliest event goes (`refold`).
    func fold<V: EventVisitor>(_ seqs: [UInt64], _ txn: ReadTransaction, into visitor: inout V) throws {
        var budget = Environment.ReadBudget(environment)
        for seq in seqs {
            let found = try txn.get(events, seq) { v in
                try v.withUnsafeBytes { v in try replayOne(seq, v, &budget, &visitor, nil, lenient: true) }
            }
            guard found != nil else { throw LedgerError.damaged(seq: seq, reason: "the event is missing from the log") }
        }
    }

    /// One event of `replay`, its record read in place.
    @inline(__always)
    private func replayOne<V: EventVisitor>(
        _ seq: UInt64, _ v: UnsafeRawBufferPointer, _ budget: inout Environment.ReadBudget, _ visitor: inout V,
        _ ids: UnsafeMutablePointer<EntryDigest>?, lenient: Bool
    ) throws -> Bool {
        var type: EventType?
        budget.spend(v)
        do {
            var r = ByteReader(v)
            let (t, at, version, id) = try EventRecord.brief(&r)
            type = t
            // The record keeps the id as the index does: 16 bytes, big-endian.
            if let ids { ids.pointee.addIDEntry(id, seq: seq) }
            if Int(version) == t.currentVersion {
                try visitor.visit(seq, t, at, try StoredPayload(r.rest()), merged: lenient)
            } else {
                var payload = try Payload.decode(from: &r)
                _ = try Upcast.toCurrent(type: t, version: version, payload: &payload)
                try visitor.visit(seq, t, at, payload, merged: lenient)
            }
        } catch let err as DecodeError {
            throw LedgerError.damaged(seq: seq, reason: err.reason)
        } catch let err as InputError where lenient && type != nil {
            try visitor.conflict(Conflict(seq: seq, type: type!, rule: err.description))
        } catch let err as InputError {
            throw LedgerError.damaged(seq: seq, reason: "the event does not fold: \(err.description)")
        }
        return true
    }

    /// Reads the stored entity state (kept current by every append).
    public func withStoredState<T>(_ body: (any EntityReader) throws -> T) throws -> T {
        try environment.read { txn in try body(StoredEntities(txn: txn, db: try projections(txn).state)) }
    }

    /// Running sessions as (action id, session), from the stored state.
    public func runningSessions() throws -> [SessionRecord] {
        try environment.read { txn in
            let store = StoredEntities(txn: txn, db: try projections(txn).state)
            return try store.allRunning().compactMap { try store.session($0.1) }
        }
    }
}
