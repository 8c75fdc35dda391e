/// Where the projections of the records go: the record pages, the action
/// table they refer to, and the running-session checkpoints. LMDB in an
/// append, memory in a replay; both produce the same bytes.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

@_spi(Layers) public protocol ProjectionSink {
    /// The interned index of an action, made on first use.
    mutating func intern(action: String) throws -> UInt16
    /// Changes a page's entries in place (empty when it has none yet).
    mutating func modifyPage(_ page: Int64, _ body: (inout [UInt8]) throws -> Void) throws
    /// The sessions running right after event `seq`.
    mutating func checkpoint(_ seq: UInt64, _ running: [SessionRecord]) throws
}

/// One step of the ledger: the fold (entities and their rules) and the
/// projections that follow from it, for appends, replays and verify alike.
@_spi(Layers) public enum Projector {
    /// Every this many seqs the running sessions are written down, so a view
    /// known at any seq K finds what was running then by reading at most this
    /// many events (Docs/design.md, "Records projection").
    @_spi(Layers) public static let checkpointInterval: UInt64 = 4096

    @_spi(Layers) public static func apply<S: EntityStore, P: ProjectionSink, F: PayloadFields>(
        _ type: EventType, at: Instant, seq: UInt64, payload: F, store: inout S, sink: inout P, merged: Bool = false
    ) throws {
        if let step = try fold(type, at: at, seq: seq, payload: payload, store: &store, merged: merged) {
            try project(step, into: &sink)
        }
    }

    /// What one event asks of the projections, once the fold has applied it:
    /// the record it changed, the action it created, the running sessions to
    /// write down. A value, so that a replay can hand it to another thread
    /// (`PipelinedFold`).
    @_spi(Layers) public struct Step: Sendable {
        enum Change: Sendable {
            /// A record's version before (nil: new) and after, as the pages need them.
            case record(old: PageVersion?, new: PageVersion)
            case actionCreated(String)
        }
        var seq: UInt64
        var change: Change?
        /// Set at checkpoint seqs.
        var running: [SessionRecord]?
    }

    /// The fold half: applies the event to `store`; nil when the projections have nothing to do.
    @inline(__always)
    static func fold<S: EntityStore, F: PayloadFields>(
        _ type: EventType, at: Instant, seq: UInt64, payload: F, store: inout S, merged: Bool = false
    ) throws -> Step? {
        var step = Step(seq: seq)
        switch try Fold.apply(type, at: at, seq: seq, payload: payload, to: &store, merged: merged) {
        case .session(let old, let new)?: step.change = .record(old: old.map(PageVersion.init), new: PageVersion(new))
        case .count(let old, let new)?: step.change = .record(old: old.map(PageVersion.init), new: PageVersion(new))
        case nil: break
        }
        // A new action (not one a merge made an alias of another: it has no definition).
        if step.change == nil, type == .actionCreated {
            let id = try payload.requiredString(.actionID)
            if try !store.hasAliases() || store.alias(.action, id) == nil { step.change = .actionCreated(id) }
        }
        if seq % checkpointInterval == 0 { step.running = try store.runningSessions() }
        return step.change == nil && step.running == nil ? nil : step
    }

    /// The projection half: pages, the action table and checkpoints.
    static func project<P: ProjectionSink>(_ step: Step, into sink: inout P) throws {
        let seq = step.seq
        switch step.change {
        case .record(let old, let new)?:
            let action = try sink.intern(action: new.actionID)
            try replace(old, with: new, action: action, seq: seq, sink: &sink)
        case .actionCreated(let id)?:
            _ = try sink.intern(action: id)
        case nil:
            break
        }
        if let running = step.running { try sink.checkpoint(seq, running) }
    }

    /// Retires a record's old entries and adds its new ones, page by page.
    private static func replace<P: ProjectionSink>(
        _ old: PageVersion?, with new: PageVersion, action: UInt16, seq: UInt64, sink: inout P
    ) throws {
        if let old {
            try RecordEntries.forEach(old, action: action) { page, _ in
                try sink.modifyPage(page) { bytes in
                    guard RecordEntries.retire(&bytes, addedSeq: old.versionSeq, seq: seq) else {
                        throw DecodeError("the page of UTC day \(page) lacks the record version of seq \(old.versionSeq)")
                    }
                }
            }
        }
        try RecordEntries.forEach(new, action: action) { page, entry in try sink.modifyPage(page) { entry.append(to: &$0) } }
    }

    static func encodeCheckpoint(_ running: [SessionRecord]) -> [UInt8] {
        var w = ByteWriter()
        let sorted = running.sorted { $0.id < $1.id }
        w.varint(UInt64(sorted.count))
        for s in sorted {
            let b = StateCodec.encode(s)
            w.varint(UInt64(b.count))
            w.raw(b)
        }
        return w.bytes
    }

    @_spi(Layers) public static func decodeCheckpoint(_ r: inout ByteReader) throws(DecodeError) -> [SessionRecord] {
        var out: [SessionRecord] = []
        for _ in 0..<Int(try r.varint()) {
            var sub = try r.sub(Int(try r.varint()))
            out.append(try StateCodec.decodeSession(&sub))
        }
        return out
    }

    /// The running sessions stored at checkpoint `seq` in `db`; nil when none is stored.
    /// - Throws: `LedgerError.damaged` naming the seq when it does not decode.
    @_spi(Layers) public static func storedCheckpoint(_ txn: ReadTransaction, _ db: Database<SeqKey>, at seq: UInt64) throws
        -> [SessionRecord]?
    {
        do {
            return try txn.get(db, seq) { v in
                try v.withUnsafeBytes { (v) throws(DecodeError) in
                    var r = ByteReader(v)
                    return try decodeCheckpoint(&r)
                }
            }
        } catch let e as DecodeError { throw LedgerError.damaged(seq: seq, reason: "checkpoint: \(e.reason)") }
    }
}

/// Keys of the action table (in the `interned` database): `a` + id → index, `i` + index → id.
enum InternKey {
    static func id(_ action: String) -> [UInt8] { [UInt8(ascii: "a")] + Array(action.utf8) }
    static func index(_ i: UInt16) -> [UInt8] { [UInt8(ascii: "i"), UInt8(i >> 8), UInt8(i & 0xFF)] }
}

/// A page number as a dictionary key, hashed without `Hasher` (see `EntityKey`).
struct PageNumber: Hashable, Sendable {
    let page: Int64
    init(_ page: Int64) { self.page = page }
    func hash(into h: inout Hasher) { h.combine(page) }
    func _rawHashValue(seed: Int) -> Int {
        // A 64-bit mix (splitmix64's finalizer) of the page and the seed.
        var z = UInt64(bitPattern: page) ^ UInt64(bitPattern: Int64(seed))
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: z ^ (z >> 31))
    }
}

/// Projections held in memory (replay, verify, rebuild).
@_spi(Layers) public struct MemoryProjections: ProjectionSink, Sendable {
    var pages: [PageNumber: [UInt8]] = [:]
    @_spi(Layers) public var actions: [String] = []
    var actionIndex: [EntityKey: UInt16] = [:]
    @_spi(Layers) public var checkpoints: [UInt64: [UInt8]] = [:]

    @_spi(Layers) public init() {}

    @_spi(Layers) public mutating func intern(action: String) throws -> UInt16 {
        let key = EntityKey(action)
        if let i = actionIndex[key] { return i }
        guard actions.count < Int(UInt16.max) else {
            throw LedgerError.limit("more than 65,535 actions: record pages number actions in 16 bits; nothing was written")
        }
        let i = UInt16(actions.count)
        actions.append(action)
        actionIndex[key] = i
        return i
    }

    @_spi(Layers) public mutating func modifyPage(_ page: Int64, _ body: (inout [UInt8]) throws -> Void) throws {
        try body(&pages[PageNumber(page), default: []])
    }

    @_spi(Layers) public mutating func checkpoint(_ seq: UInt64, _ running: [SessionRecord]) {
        checkpoints[seq] = Projector.encodeCheckpoint(running)
    }

    /// The pages as the database holds them, in key order.
    func storedPages() -> [([UInt8], [UInt8])] {
        pages.sorted { $0.key.page < $1.key.page }.map { (PageKey.make($0.key.page), $0.value) }
    }

    /// The action table as the database holds it, in key order.
    func storedActions() -> [([UInt8], [UInt8])] {
        var out: [([UInt8], [UInt8])] = []
        for (k, a) in actions.enumerated() {
            out.append((InternKey.id(a), [UInt8(k >> 8), UInt8(k & 0xFF)]))
            out.append((InternKey.index(UInt16(k)), Array(a.utf8)))
        }
        return ByteOrder.sortedIndices(out.map(\.0)).map { out[$0] }
    }
}

/// Projections written into the ledger inside the append's transaction.
/// Pages changed by a batch are kept in memory and written once, when the
/// batch is done (`flush`), so a bulk load rewrites each page once.
struct StoredProjections: ProjectionSink {
    let txn: WriteTransaction
    let pages: Database<PageKey>
    let interned: Database<RawKeys>
    let checkpoints: Database<SeqKey>
    private var dirty: [Int64: [UInt8]] = [:]
    private var actionCache: [EntityKey: UInt16] = [:]

    init(txn: WriteTransaction, pages: Database<PageKey>, interned: Database<RawKeys>, checkpoints: Database<SeqKey>) {
        self.txn = txn
        self.pages = pages
        self.interned = interned
        self.checkpoints = checkpoints
    }

    mutating func intern(action: String) throws -> UInt16 {
        let key = EntityKey(action)
        if let i = actionCache[key] { return i }
        if let i = try txn.get(
            interned, InternKey.id(action),
            { v -> UInt16? in
                v.byteCount == 2 ? UInt16(bigEndian: v.unsafeLoadUnaligned(as: UInt16.self)) : nil
            }) ?? nil
        {
            actionCache[key] = i
            return i
        }
        let n = try txn.count(interned) / 2
        guard n < Int(UInt16.max) else {
            throw LedgerError.limit("more than 65,535 actions: record pages number actions in 16 bits; nothing was written")
        }
        let i = UInt16(n)
        try txn.put(interned, InternKey.id(action), [UInt8(i >> 8), UInt8(i & 0xFF)])
        try txn.put(interned, InternKey.index(i), Array(action.utf8))
        actionCache[key] = i
        return i
    }

    mutating func modifyPage(_ page: Int64, _ body: (inout [UInt8]) throws -> Void) throws {
        if dirty[page] == nil { dirty[page] = try txn.copy(pages, page) ?? [] }
        try body(&dirty[page]!)
    }

    func checkpoint(_ seq: UInt64, _ running: [SessionRecord]) throws {
        // Not an append: a merge that folds again from an earlier event
        // (`Ledger.refold`) comes to the checkpoint seqs out of order.
        try txn.put(checkpoints, seq, Projector.encodeCheckpoint(running))
    }

    /// Writes the pages the batch changed, in key order through one cursor;
    /// pages past the last stored one (a bulk load's new days) are appended.
    /// - Returns: the pages written, ascending (their days' buckets follow them).
    @discardableResult
    mutating func flush() throws -> [Int64] {
        let sorted = dirty.sorted(by: { $0.key < $1.key })
        try txn.putInKeyOrder(pages) { puts in
            for (page, bytes) in sorted {
                try PageKey.make(page).withUnsafeBytes { k in try bytes.withUnsafeBytes { v in try puts.put(key: k, value: v) } }
            }
        }
        dirty = [:]
        return sorted.map(\.key)
    }
}
