/// A piece of a record inside one UTC-day page: the records projection.
///
/// Records are stored in pages by UTC day, not by logical day, because the
/// logical calendar can change for all history (a settings change without
/// `from`) and differs between `--known-at` views: a page is the same under
/// every calendar, and a query clips its segments to whatever logical days
/// it needs. Each segment knows the seq that added it (in its key) and the
/// seq that replaced or deleted it, so a view known at seq K sees exactly
/// the records the ledger knew then.
public struct Segment: Sendable, Equatable {
    public enum Kind: UInt8, Sendable { case session = 0, count = 1 }
    public var kind: Kind
    public var actionID: String
    public var recordID: String
    /// Session part [start, end) inside the page; a count has start == end == its time.
    public var start: Int64
    public var end: Int64
    /// The count's amount (0 for sessions).
    public var amount: Int
    /// The seq of the event that added this version.
    public var addedSeq: UInt64
    /// The seq of the event that replaced or deleted this version; 0 while current.
    public var removedSeq: UInt64

    /// Whether the ledger as known at `k` holds this segment.
    @inline(__always)
    public func known(at k: UInt64) -> Bool { addedSeq <= k && (removedSeq == 0 || removedSeq > k) }

    func encode() -> [UInt8] {
        var w = ByteWriter(capacity: 48)
        w.u64(removedSeq)
        w.u8(kind.rawValue)
        w.string(actionID)
        w.string(recordID)
        w.svarint(start)
        w.svarint(end - start)
        w.varint(UInt64(amount))
        return w.bytes
    }

    /// What sums need of a segment, read without its record id.
    struct Brief {
        var kind: Kind
        var actionID: String
        var start: Int64
        var end: Int64
        var amount: Int
        var addedSeq: UInt64
        var removedSeq: UInt64
        @inline(__always)
        func known(at k: UInt64) -> Bool { addedSeq <= k && (removedSeq == 0 || removedSeq > k) }
    }

    static func brief(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) throws(DecodeError) -> Brief {
        var k = ByteReader(key)
        _ = try k.u32()
        let added = try k.u64()
        var r = ByteReader(value)
        let removed = try r.u64()
        guard let kind = Kind(rawValue: try r.u8()) else { throw DecodeError("unknown segment kind") }
        let action = try r.string()
        try r.skipString()
        let start = try r.svarint()
        let end = start + (try r.svarint())
        return Brief(kind: kind, actionID: action, start: start, end: end, amount: Int(try r.varint()), addedSeq: added, removedSeq: removed)
    }

    static func decode(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) throws(DecodeError) -> Segment {
        var k = ByteReader(key)
        _ = try k.u32()
        let added = try k.u64()
        var r = ByteReader(value)
        let removed = try r.u64()
        guard let kind = Kind(rawValue: try r.u8()) else { throw DecodeError("unknown segment kind") }
        let action = try r.string()
        let record = try r.string()
        let start = try r.svarint()
        let end = start + (try r.svarint())
        return Segment(kind: kind, actionID: action, recordID: record, start: start, end: end, amount: Int(try r.varint()),
                       addedSeq: added, removedSeq: removed)
    }
}

/// Keys of the segments database: page (UTC day, biased to sort) then seq.
enum SegmentKey {
    static func page(of t: Int64) -> Int64 { t >= 0 ? t / 86_400 : (t - 86_399) / 86_400 }

    static func make(page: Int64, seq: UInt64) -> [UInt8] {
        var w = ByteWriter(capacity: 12)
        w.u32(UInt32(truncatingIfNeeded: page + (1 << 31)))
        w.u64(seq)
        return w.bytes
    }

    /// Whether a stored key sorts before a page prefix (byte order, as LMDB sorts).
    @inline(__always)
    static func precedes(_ key: UnsafeRawBufferPointer, _ prefix: [UInt8]) -> Bool {
        for k in 0..<min(key.count, prefix.count) where key[k] != prefix[k] { return key[k] < prefix[k] }
        return key.count < prefix.count
    }

    static func pagePrefix(_ page: Int64) -> [UInt8] {
        var w = ByteWriter(capacity: 4)
        w.u32(UInt32(truncatingIfNeeded: page + (1 << 31)))
        return w.bytes
    }
}

/// A record's current version as segments (none while running, discarded or deleted).
enum RecordSegments {
    static func of(session s: SessionRecord) -> [(key: [UInt8], segment: Segment)] {
        guard s.status == .stopped, let end = s.end else { return [] }
        var out: [(key: [UInt8], segment: Segment)] = []
        var page = SegmentKey.page(of: s.start.seconds)
        let lastPage = SegmentKey.page(of: end.seconds - 1)
        while page <= lastPage {
            let a = max(s.start.seconds, page * 86_400), b = min(end.seconds, (page + 1) * 86_400)
            out.append((SegmentKey.make(page: page, seq: s.versionSeq),
                        Segment(kind: .session, actionID: s.actionID, recordID: s.id, start: a, end: b, amount: 0,
                                addedSeq: s.versionSeq, removedSeq: 0)))
            page += 1
        }
        return out
    }

    static func of(count c: CountRecord) -> [(key: [UInt8], segment: Segment)] {
        guard !c.deleted else { return [] }
        return [(SegmentKey.make(page: SegmentKey.page(of: c.time.seconds), seq: c.versionSeq),
                 Segment(kind: .count, actionID: c.actionID, recordID: c.id, start: c.time.seconds, end: c.time.seconds,
                         amount: c.amount, addedSeq: c.versionSeq, removedSeq: 0))]
    }
}
