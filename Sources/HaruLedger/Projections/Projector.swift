/// Where the projections of the records go: the segments pages and the
/// running-session checkpoints. LMDB in an append, memory in a replay.
public protocol ProjectionSink {
    /// Marks the segment stored under `key` as replaced or deleted by `seq`.
    mutating func retire(_ key: [UInt8], seq: UInt64) throws
    mutating func add(_ key: [UInt8], _ segment: Segment) throws
    /// The sessions running right after event `seq`.
    mutating func checkpoint(_ seq: UInt64, _ running: [SessionRecord]) throws
}

/// One step of the ledger: the fold (entities and their rules) and the
/// projections that follow from it, for appends, replays and verify alike.
public enum Projector {
    /// Every this many seqs the running sessions are written down, so a view
    /// known at any seq K finds what was running then by reading at most this
    /// many events (Docs/design.md, "Records projection").
    public static let checkpointInterval: UInt64 = 4096

    public static func apply<S: EntityStore, P: ProjectionSink>(
        _ type: EventType, at: Instant, seq: UInt64, payload: Payload, store: inout S, sink: inout P
    ) throws {
        let id = type.entityField.flatMap { payload.string($0) }
        switch type {
        case .sessionStarted, .sessionStopped, .sessionDiscarded, .sessionRecorded, .sessionEdited, .sessionDeleted:
            let old = try store.session(id!)
            try Fold.apply(type, at: at, seq: seq, payload: payload, to: &store)
            if let new = try store.session(id!), new != old {
                for part in old.map(RecordSegments.of(session:)) ?? [] { try sink.retire(part.key, seq: seq) }
                for part in RecordSegments.of(session: new) { try sink.add(part.key, part.segment) }
            }
        case .countAdded, .countEdited, .countDeleted:
            let old = try store.count(id!)
            try Fold.apply(type, at: at, seq: seq, payload: payload, to: &store)
            if let new = try store.count(id!), new != old {
                for part in old.map(RecordSegments.of(count:)) ?? [] { try sink.retire(part.key, seq: seq) }
                for part in RecordSegments.of(count: new) { try sink.add(part.key, part.segment) }
            }
        default:
            try Fold.apply(type, at: at, seq: seq, payload: payload, to: &store)
        }
        if seq % checkpointInterval == 0 { try sink.checkpoint(seq, try store.runningSessions()) }
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

    static func decodeCheckpoint(_ r: inout ByteReader) throws(DecodeError) -> [SessionRecord] {
        var out: [SessionRecord] = []
        for _ in 0..<Int(try r.varint()) {
            var sub = try r.sub(Int(try r.varint()))
            out.append(try StateCodec.decodeSession(&sub))
        }
        return out
    }
}

/// Projections held in memory (replay, verify, rebuild).
public struct MemoryProjections: ProjectionSink, Sendable {
    public var segments: [[UInt8]: Segment] = [:]
    public var checkpoints: [UInt64: [UInt8]] = [:]

    public init() {}

    public mutating func retire(_ key: [UInt8], seq: UInt64) {
        segments[key]?.removedSeq = seq
    }

    public mutating func add(_ key: [UInt8], _ segment: Segment) { segments[key] = segment }

    public mutating func checkpoint(_ seq: UInt64, _ running: [SessionRecord]) {
        checkpoints[seq] = Projector.encodeCheckpoint(running)
    }

    /// The segments as the database would hold them, in key order.
    func storedSegments() -> [([UInt8], [UInt8])] {
        segments.map { ($0.key, $0.value.encode()) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
    }
}

/// Projections written into the ledger inside the append's transaction.
struct StoredProjections: ProjectionSink {
    let txn: Transaction
    let segments: Database
    let checkpoints: Database

    func retire(_ key: [UInt8], seq: UInt64) throws {
        guard let v = try txn.get(segments, key) else { throw DecodeError("a record's segment is missing from the pages") }
        var bytes = Array(v)
        var w = ByteWriter(capacity: 8)
        w.u64(seq)
        bytes.replaceSubrange(0..<8, with: w.bytes)
        try txn.put(segments, key, bytes)
    }

    func add(_ key: [UInt8], _ segment: Segment) throws { try txn.put(segments, key, segment.encode()) }

    func checkpoint(_ seq: UInt64, _ running: [SessionRecord]) throws {
        try txn.put(checkpoints, EventRecord.key(seq), Projector.encodeCheckpoint(running), append: true)
    }
}
