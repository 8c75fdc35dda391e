/// The undo log: for each recent commit that folded events into the
/// projections, what it replaced there. A merge that brings events from
/// before the top of the merged order puts back what the commits after
/// where they go replaced, and folds only the events from there on, instead
/// of the whole log (Docs/design.md, "A merge folds again from where its
/// events go").
///
/// Kept only for a ledger that syncs (it has a device id), in the `undo`
/// database: entry n (8 bytes, big-endian) → `UndoEntry`. The entries form a
/// chain: each begins where the one before it ended (`headBefore` is the
/// previous `headAfter`), in the projection set in use. Anything that writes
/// the projections another way (a rebuild's new set, a redaction) empties
/// it; a merge that finds no chain back to where its events go folds
/// everything, as before.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

struct UndoEntry {
    /// The projection set the images are of.
    var generation: UInt32
    /// The head before the commit, and after it.
    var headBefore: UInt64
    var headAfter: UInt64
    /// The top of the merged order among the events folded before the
    /// commit (nil: none were); every event folded before it is at or below.
    var topBefore: MergeKey?
    /// The events this commit folded.
    var seqs: [UInt64]
    /// What it replaced, by projection (`UndoLog.Kind`).
    var images: [(kind: UInt8, key: [UInt8], old: [UInt8]?)]

    var bytes: [UInt8] {
        var w = ByteWriter(capacity: 64 + images.reduce(0) { $0 + $1.key.count + ($1.old?.count ?? 0) + 8 })
        w.u8(1)
        w.u32(generation)
        w.u64(headBefore)
        w.u64(headAfter)
        if let topBefore {
            w.u8(1)
            w.raw(topBefore.bytes)
        } else {
            w.u8(0)
        }
        // The seqs as runs (a commit's own events are one run).
        var runs: [(UInt64, UInt64)] = []
        for s in seqs.sorted() {
            if let last = runs.last, last.0 + last.1 == s { runs[runs.count - 1].1 += 1 } else { runs.append((s, 1)) }
        }
        w.varint(UInt64(runs.count))
        for (first, n) in runs {
            w.u64(first)
            w.varint(n)
        }
        w.varint(UInt64(images.count))
        for i in images {
            w.u8(i.kind)
            w.varint(UInt64(i.key.count))
            w.raw(i.key)
            if let old = i.old {
                w.u8(1)
                w.varint(UInt64(old.count))
                w.raw(old)
            } else {
                w.u8(0)
            }
        }
        return w.bytes
    }

    init(
        generation: UInt32, headBefore: UInt64, headAfter: UInt64, topBefore: MergeKey?, seqs: [UInt64],
        images: [(kind: UInt8, key: [UInt8], old: [UInt8]?)]
    ) {
        (self.generation, self.headBefore, self.headAfter, self.topBefore) = (generation, headBefore, headAfter, topBefore)
        (self.seqs, self.images) = (seqs, images)
    }

    /// - Parameter whole: also the seqs and the images (else only what
    ///   places the entry in the chain: a merge reads those of the entries
    ///   it puts back only).
    init(bytes: UnsafeRawBufferPointer, whole: Bool = true) throws {
        var r = ByteReader(bytes)
        guard try r.u8() == 1 else { throw DecodeError("an undo entry of another version") }
        generation = try r.u32()
        headBefore = try r.u64()
        headAfter = try r.u64()
        topBefore = try r.u8() == 1 ? try r.bytes(32).withUnsafeBytes { try MergeKey(bytes: $0) } : nil
        seqs = []
        images = []
        guard whole else { return }
        for _ in 0..<(try r.varint()) {
            let first = try r.u64()
            let n = try r.varint()
            seqs += (0..<n).map { first + $0 }
        }
        for _ in 0..<(try r.varint()) {
            let kind = try r.u8()
            let key = try r.bytes(Int(try r.varint()))
            let old = try r.u8() == 1 ? try r.bytes(Int(try r.varint())) : nil
            images.append((kind, key, old))
        }
    }
}

enum UndoLog {
    static let name = "undo"
    /// The projections an entry keeps images of (the day buckets are cut
    /// again from the pages; the id index does not depend on the order).
    enum Kind: UInt8, CaseIterable { case state = 0, pages, interned, checkpoints }
    /// How many commits back a merge can fold again from.
    static let window: UInt64 = 1024
    /// An entry larger than this (a bulk load) is not kept: the log starts
    /// again after it.
    static let maxEntryBytes = 16 << 20

    static func handle(_ kind: Kind, in set: ProjectionSet) -> UInt32 {
        switch kind {
        case .state: set.state.handle
        case .pages: set.pages.handle
        case .interned: set.interned.handle
        case .checkpoints: set.checkpoints.handle
        }
    }
}

extension ProjectionSet {
    /// The same set, what a fold writes to the state, the pages, the action
    /// table and the checkpoints noted in `recorder`.
    func recording(into recorder: UndoRecorder) -> ProjectionSet {
        ProjectionSet(
            generation: generation,
            state: state.recording(into: recorder), pages: pages.recording(into: recorder),
            interned: interned.recording(into: recorder), checkpoints: checkpoints.recording(into: recorder), ids: ids, buckets: buckets)
    }
}

extension Ledger {
    /// Whether this ledger keeps an undo log: it syncs (has a device id).
    func keepsUndo(_ txn: ReadTransaction) throws -> Bool {
        guard let meta else { return false }
        return try txn.get(meta, Ledger.deviceKey) { _ in true } ?? false
    }

    /// The top of the merged order among the events through `head`.
    func mergeTop(_ txn: ReadTransaction, head: UInt64) throws -> MergeKey? {
        var top = try meta.flatMap { m in try txn.get(m, Ledger.topKey) { v in try v.withUnsafeBytes { try MergeKey(bytes: $0) } } }
        if head > 0, let k = try mergeKey(head, txn) { top = max(top ?? k, k) }
        return top
    }

    /// Keeps what `recorder` noted as the entry of a commit that folded
    /// `seqs`; the oldest entries past the window go. An entry too large is
    /// not kept, and the log is emptied (no chain reaches past it).
    func keepUndo(
        _ txn: WriteTransaction, _ set: ProjectionSet, _ recorder: UndoRecorder, headBefore: UInt64, headAfter: UInt64,
        topBefore: MergeKey?, seqs: [UInt64]
    ) throws {
        guard let db = try txn.open(UndoLog.name, create: true)?.keyed(SeqKey.self) else { return }
        guard !recorder.overflowed else { return try txn.clear(db) }
        let kinds = Dictionary(uniqueKeysWithValues: UndoLog.Kind.allCases.map { (UndoLog.handle($0, in: set), $0.rawValue) })
        let images = recorder.images.map { (kind: kinds[$0.dbi]!, key: $0.key, old: $0.old) }
        let entry = UndoEntry(
            generation: set.generation, headBefore: headBefore, headAfter: headAfter, topBefore: topBefore, seqs: seqs, images: images)
        let last = try txn.reading.last(db) { k, _ in try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) } } ?? 0
        try txn.put(db, last + 1, entry.bytes, append: true)
        if last + 1 > UndoLog.window { _ = try txn.delete(db, last + 1 - UndoLog.window) }
    }

    /// Entry `n`, whole.
    func undoEntry(_ txn: WriteTransaction, _ n: UInt64) throws -> UndoEntry {
        guard let db = try txn.open(UndoLog.name, create: false)?.keyed(SeqKey.self),
            let e = try txn.reading.get(db, n, { v in try v.withUnsafeBytes { try UndoEntry(bytes: $0) } })
        else { throw LedgerError.damaged(seq: nil, reason: "undo entry \(n) is missing") }
        return e
    }

    /// Empties the undo log (the projections were written another way).
    func clearUndo(_ txn: WriteTransaction) throws {
        if let db = try txn.open(UndoLog.name, create: false) { try txn.clear(db) }
    }

    /// The chain of entries that ends at `head` in the set in use, newest
    /// first, each with its number; only their places (`UndoEntry(whole:)`).
    func undoChain(_ txn: WriteTransaction, _ set: ProjectionSet, head: UInt64) throws -> [(UInt64, UndoEntry)] {
        guard let db = try txn.open(UndoLog.name, create: false)?.keyed(SeqKey.self) else { return [] }
        var out: [(UInt64, UndoEntry)] = []
        var expect = head
        var n = try txn.reading.last(db) { k, _ in try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) } } ?? 0
        while n > 0, let e = try txn.reading.get(db, n, { v in try v.withUnsafeBytes { try UndoEntry(bytes: $0, whole: false) } }) {
            guard e.generation == set.generation, e.headAfter == expect else { break }
            out.append((n, e))
            expect = e.headBefore
            n -= 1
        }
        return out
    }
}
