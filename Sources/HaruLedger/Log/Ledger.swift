/// Errors of the ledger as a whole (beyond a single bad field).
public enum LedgerError: Error, Sendable, CustomStringConvertible {
    /// An input event broke a rule; nothing was written.
    case invalid(InputError)
    /// An event id already in the ledger came with different content.
    case conflict(line: Int, id: EventID, seq: UInt64)
    /// `--expect-head` did not match.
    case headMoved(expected: UInt64, actual: UInt64)
    /// The stored data cannot be read.
    case damaged(seq: UInt64?, reason: String)
    /// There is no ledger at the path.
    case notFound(path: String)
    /// The ledger exists already (`init`).
    case exists(path: String)

    public var description: String {
        switch self {
        case .invalid(let e): return e.description
        case .conflict(let line, let id, let seq):
            return
                "line \(line): id: event \(id) is already in the ledger at seq \(seq) with different content; an id names one event forever"
        case .headMoved(let expected, let actual):
            return "the ledger head is at seq \(actual), not \(expected) as --expect-head says; read the new events and retry"
        case .damaged(let seq, let reason): return "ledger is damaged" + (seq.map { " at seq \($0)" } ?? "") + ": \(reason)"
        case .notFound(let path): return "no ledger at \(path); create one with `haru init`"
        case .exists(let path): return "a ledger already exists at \(path)"
        }
    }
}

/// Where an append reads its events from, one at a time.
public protocol EventSource {
    /// The next event and its input line; nil at the end.
    /// - Throws: `InputError` (with its line) for an event that cannot be read.
    mutating func next() throws -> (EventInput, Int)?
    /// The next event with its payload encoded and hashed (default: `next()`,
    /// prepared on the caller's thread; see `PreparedEvent`).
    mutating func nextPrepared(using sha: SHA256Context) throws -> PreparedEvent?
    /// The append is done with an event (default: it is dropped here; a
    /// source that reads ahead frees it on its own thread).
    mutating func finished(with event: consuming PreparedEvent)
    /// About how many events the source holds, if it can tell (default nil):
    /// a bulk load sizes its record tables once instead of growing them
    /// (growing was a fifteenth of the appending thread at 1.1 M events).
    var expectedEvents: Int? { get }
}

/// Events already in memory.
public struct ArrayEventSource: EventSource {
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
}

/// The head of the log: its last seq and hash.
public struct Head: Sendable, Equatable {
    public var seq: UInt64
    public var hash: Digest
    /// Transaction time of the last event (µs), 0 when empty.
    public var recorded: Int64
}

/// A ledger: the hash-chained event log and the entity state it folds into,
/// in one LMDB environment.
///
/// Databases: `events` (seq → record), `ids` (event id → seq), `state`
/// (current entities, kept by every append in the same transaction).
public final class Ledger: @unchecked Sendable {
    // @unchecked: holds only the environment (see Environment) and immutable handles.
    public let environment: Environment
    let events: Database
    let ids: Database
    let state: Database
    let pages: Database
    let interned: Database
    let checkpoints: Database

    static let databaseNames = ["events", "ids", "state", "pages", "interned", "checkpoints"]

    /// Opens an existing ledger.
    public convenience init(path: String, durability: Environment.Durability = .durable, readOnly: Bool = false) throws {
        let env: Environment
        do {
            env = try Environment(path: path, databases: Ledger.databaseNames, create: false, durability: durability, readOnly: readOnly)
        } catch {
            if error.code == 2 { throw LedgerError.notFound(path: path) }
            throw error
        }
        self.init(environment: env)
    }

    private init(environment: Environment) {
        self.environment = environment
        events = environment.database("events")
        ids = environment.database("ids")
        state = environment.database("state")
        pages = environment.database("pages")
        interned = environment.database("interned")
        checkpoints = environment.database("checkpoints")
    }

    /// Creates a new, empty ledger directory (mode 0700, files 0600).
    /// - Throws: `LedgerError.exists` when one is there already.
    public static func create(path: String, durability: Environment.Durability = .durable) throws -> Ledger {
        if FileBytes.read(path + "/data.mdb", limit: 1) != nil { throw LedgerError.exists(path: path) }
        return Ledger(environment: try Environment(path: path, databases: Ledger.databaseNames, create: true, durability: durability))
    }

    /// The current head.
    public func head() throws -> Head {
        try environment.read { txn in try head(txn) }
    }

    func head(_ txn: Transaction) throws -> Head {
        guard let (k, v) = try txn.last(events) else { return Head(seq: 0, hash: .zero, recorded: 0) }
        var r = ByteReader(v)
        let h = try EventRecord.header(&r)
        return Head(seq: try EventRecord.seq(fromKey: k), hash: h.hash, recorded: h.recorded)
    }

    /// Appends a batch atomically: every event is checked against the state
    /// the events before it produce; one bad event rejects the whole batch
    /// and nothing is written.
    /// - Parameters:
    ///   - lines: the input line of each event, for error messages (default 1, 2, 3 …).
    ///   - expectHead: fail with `headMoved` unless the head is exactly this seq.
    ///   - now: the clock, µs since the epoch (transaction time; never goes back).
    ///   - rng: where new event ids come from.
    public func append<G: RandomNumberGenerator>(
        _ inputs: [EventInput], lines: [Int]? = nil, expectHead: UInt64? = nil, now: Int64, rng: inout G
    ) throws -> AppendResult {
        try append(from: { ArrayEventSource(inputs: inputs, lines: lines) }, expectHead: expectHead, now: now, rng: &rng)
    }

    /// Appends the events a source yields, atomically, reading them one at a
    /// time inside the write transaction (a bulk load never holds them all).
    /// - Parameter makeSource: a fresh source from the first event; called
    ///   again if the transaction has to start over (the map grew).
    public func append<S: EventSource, G: RandomNumberGenerator>(
        from makeSource: () -> S, expectHead: UInt64? = nil, now: Int64, rng: inout G
    ) throws -> AppendResult {
        let millis = now >= 0 ? now / 1000 : (now - 999) / 1000
        return try environment.write { txn in
            let head = try head(txn)
            if let expectHead, expectHead != head.seq { throw LedgerError.headMoved(expected: expectHead, actual: head.seq) }
            let recorded = max(now, head.recorded)
            var store = try BatchEntities(StoredEntities(txn: txn, db: state))
            var sink = StoredProjections(txn: txn, pages: pages, interned: interned, checkpoints: checkpoints)
            var source = makeSource()
            if let n = source.expectedEvents { store.reserve(records: n) }
            var seq = head.seq
            var prev = head.hash
            var seqs: [UInt64] = []
            var batchIDs: [EventID: (UInt64, EventInput)] = [:]
            // The last id drawn in this batch, and the greatest id in the index.
            var drawn: EventID?
            var topID = try txn.last(ids).map { try Ledger.eventID(fromKey: $0.key) } ?? EventID(high: 0, low: 0)
            // Kept open for the batch: appends through a cursor that stays on
            // the last entry skip the descent from the root (see `openCursor`).
            let eventCursor = try txn.openCursor(events), idCursor = try txn.openCursor(ids)
            defer {
                eventCursor.close()
                idCursor.close()
            }
            let sha = SHA256Context()
            while var prepared = try source.nextPrepared(using: sha) {
                let (input, line) = (prepared.input, prepared.line)
                let id: EventID
                if let given = input.id {
                    id = given
                } else {
                    id = EventID.v7(unixMillis: millis, after: drawn, using: &rng)
                    drawn = id
                }
                if input.id != nil {
                    if let existing = try existingEvent(id, txn) {
                        guard input.sameContent(as: existing) else { throw LedgerError.conflict(line: line, id: id, seq: existing.seq) }
                        seqs.append(existing.seq)
                        continue
                    }
                    if let (s, earlier) = batchIDs[id] {
                        guard earlier == input else { throw LedgerError.conflict(line: line, id: id, seq: s) }
                        seqs.append(s)
                        continue
                    }
                }
                seq += 1
                do {
                    try Projector.apply(input.type, at: input.at, seq: seq, payload: input.payload, store: &store, sink: &sink)
                } catch let e as InputError {
                    throw LedgerError.invalid(e.at(line: line))
                }
                let hash = try EventRecord.seal(
                    seq: seq, recorded: recorded, prepared: &prepared, id: id, prev: prev, using: sha)
                var seqKey = seq.bigEndian
                try withUnsafeBytes(of: &seqKey) { k in
                    try prepared.record.withUnsafeBytes { v in try eventCursor.put(key: k, value: v, append: true) }
                }
                do {
                    // An id above every id in the index (drawn ids nearly always are) goes at its end.
                    let above = (id.high, id.low) > (topID.high, topID.low)
                    var idKey = (id.high.bigEndian, id.low.bigEndian)
                    try withUnsafeBytes(of: &idKey) { k in
                        try withUnsafeBytes(of: &seqKey) { v in try idCursor.put(key: k, value: v, append: above, noOverwrite: true) }
                    }
                    if above { topID = id }
                } catch let e as LMDBError where e.isKeyExists {
                    // Only a drawn id can get here (given ids were looked up above):
                    // the id source repeated itself. Refuse rather than alias two events.
                    throw LedgerError.conflict(line: line, id: id, seq: try existingEvent(id, txn)?.seq ?? 0)
                }
                prev = hash
                if input.id != nil { batchIDs[id] = (seq, input) }
                seqs.append(seq)
                source.finished(with: prepared)
            }
            try store.flush()
            try sink.flush()
            return AppendResult(seqs: seqs, appended: Int(seq - head.seq), head: seq)
        }
    }

    static func eventID(fromKey k: UnsafeRawBufferPointer) throws -> EventID {
        guard k.count == 16 else { throw LedgerError.damaged(seq: nil, reason: "an id key of \(k.count) bytes") }
        var r = ByteReader(k)
        return EventID(high: try r.u64(), low: try r.u64())
    }

    private func idKey(_ id: EventID) -> [UInt8] { withUnsafeBytes(of: (id.high.bigEndian, id.low.bigEndian)) { Array($0) } }

    private func existingEvent(_ id: EventID, _ txn: Transaction) throws -> Event? {
        guard let k = try txn.get(ids, idKey(id)) else { return nil }
        let seq = try EventRecord.seq(fromKey: k)
        return try event(seq, txn)
    }

    func event(_ seq: UInt64, _ txn: Transaction) throws -> Event? {
        guard let v = try txn.get(events, EventRecord.key(seq)) else { return nil }
        do { return try EventRecord.decode(seq: seq, v) } catch { throw LedgerError.damaged(seq: seq, reason: error.reason) }
    }

    /// The event with this seq.
    public func event(_ seq: UInt64) throws -> Event? {
        try environment.read { txn in try event(seq, txn) }
    }

    /// Calls `body` with each event from `from` through `through` (inclusive), in order, until it returns false.
    public func forEachEvent(from: UInt64 = 1, through: UInt64 = .max, _ body: (Event) throws -> Bool) throws {
        try environment.read { txn in
            try txn.scan(events, from: EventRecord.key(from)) { k, v in
                let seq = try EventRecord.seq(fromKey: k)
                if seq > through { return false }
                let e: Event
                do { e = try EventRecord.decode(seq: seq, v) } catch let err as DecodeError {
                    throw LedgerError.damaged(seq: seq, reason: err.reason)
                }
                return try body(e)
            }
        }
    }

    /// Folds the log up to `knownAt` (the head when nil) into memory.
    public func replay(knownAt: UInt64? = nil) throws -> EntityState { try replayAll(knownAt: knownAt).state }

    /// Folds the log up to `knownAt` into memory, with every projection.
    public func replayAll(knownAt: UInt64? = nil) throws -> (state: EntityState, projections: MemoryProjections) {
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
    func replay<V: EventVisitor>(_ txn: Transaction, through: UInt64, into visitor: inout V) throws {
        var budget = Environment.ReadBudget(environment)
        try txn.scan(events) { k, v in
            let seq = try EventRecord.seq(fromKey: k)
            if seq > through { return false }
            budget.spend(v)
            do {
                var r = ByteReader(v)
                let (type, at, version) = try EventRecord.brief(&r)
                if Int(version) == type.currentVersion {
                    try visitor.visit(seq, type, at, try StoredPayload(r.rest()))
                } else {
                    var payload = try Payload.decode(from: &r)
                    _ = try Upcast.toCurrent(type: type, version: version, payload: &payload)
                    try visitor.visit(seq, type, at, payload)
                }
            } catch let err as DecodeError {
                throw LedgerError.damaged(seq: seq, reason: err.reason)
            } catch let err as InputError {
                throw LedgerError.damaged(seq: seq, reason: "the event does not fold: \(err.description)")
            }
            return true
        }
    }

    /// Reads the stored entity state (kept current by every append).
    public func withStoredState<T>(_ body: (any EntityStore) throws -> T) throws -> T {
        try environment.read { txn in try body(StoredEntities(txn: txn, db: state)) }
    }

    /// Running sessions as (action id, session), from the stored state.
    public func runningSessions() throws -> [SessionRecord] {
        try environment.read { txn in
            let store = StoredEntities(txn: txn, db: state)
            return try store.allRunning().compactMap { try store.session($0.1) }
        }
    }
}
