/// What the listings read besides the projections: single events, the
/// stored entities, the events of one entity and short references.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension Snapshot {
    /// The stored entities at the head (the listings apply `knownAt` themselves).
    @_spi(Layers) public var store: StoredEntities<ReadOnly> { StoredEntities(txn: txn, db: ledger.state) }

    /// The stored entities at the head, for a program's own look-ups (the
    /// listings and queries apply `knownAt` themselves; this does not).
    public var entities: any EntityReader { store }

    /// The event with this seq, if the snapshot knows it.
    public func event(_ seq: UInt64) throws -> Event? {
        guard seq <= knownAt else { return nil }
        return try ledger.event(seq, txn)
    }

    /// The events from `from` through `through` (capped at `knownAt`) whose
    /// entity field names `id`, oldest first. A scan of that stretch of the
    /// log: a record's events lie between its creation and its last change,
    /// usually a few seqs apart.
    public func events(of id: String, from: UInt64, through: UInt64) throws -> [Event] {
        let last = min(through, knownAt)
        guard from <= last else { return [] }
        var out: [Event] = []
        try txn.scan(ledger.events, from: from) { k, v in
            let seq = try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) }
            if seq > last { return false }
            let e: Event
            do { e = try v.withUnsafeBytes { try EventRecord.decode(seq: seq, $0) } } catch let err as DecodeError {
                throw LedgerError.damaged(seq: seq, reason: err.reason)
            }
            if let named = e.payload.entityID(of: e.type), try named == id || store.alias(.session, named) == id { out.append(e) }
            return true
        }
        return out
    }

    /// The shortest prefix of a record id, at least `minimum` characters, that
    /// names no other session or count (git's short hashes): what a person
    /// types to name the record.
    public func shortRef(_ id: String, minimum: Int = 7) throws -> String {
        let utf8 = Array(id.utf8)
        var n = min(minimum, utf8.count)
        while n < utf8.count {
            let prefix = Array(utf8[..<n])
            var matches = 0
            for family in [StateKey.sessionFamily, StateKey.countFamily] {
                try txn.scan(ledger.state, from: [family] + prefix) { k, _ in
                    let hit = k.withUnsafeBytes { k in k.count > n && k[0] == family && k[1...n].elementsEqual(prefix) }
                    if hit { matches += 1 }
                    return hit && matches < 2
                }
                if matches > 1 { break }
            }
            if matches <= 1 { break }
            n += 1
        }
        return String(decoding: utf8[..<n], as: UTF8.self)
    }

    /// Calls `body` with every stored record (its version at the head) whose
    /// id starts with `idPrefix`, sessions then counts, until it returns false.
    public func forEachStoredRecord(idPrefix: [UInt8] = [], _ body: (StoredRecord) throws -> Bool) throws {
        for family in [StateKey.sessionFamily, StateKey.countFamily] {
            let prefix = [family] + idPrefix
            var more = true
            try txn.scan(ledger.state, from: prefix) { key, value in
                guard key.withUnsafeBytes({ $0.starts(with: prefix) }) else { return false }
                let record = try value.withUnsafeBytes { (v) throws(DecodeError) -> StoredRecord in
                    var r = ByteReader(v)
                    return family == StateKey.sessionFamily
                        ? .session(try StateCodec.decodeSession(&r)) : .count(try StateCodec.decodeCount(&r))
                }
                more = try body(record)
                return more
            }
            if !more { return }
        }
    }
}

/// A session or a count as the state database holds it.
public enum StoredRecord: Sendable {
    case session(SessionRecord)
    case count(CountRecord)

    public var createdSeq: UInt64 {
        switch self {
        case .session(let s): s.createdSeq
        case .count(let c): c.createdSeq
        }
    }
}

extension Snapshot {
    /// Where a definition was created, as creations are ordered: by seq in a
    /// ledger that never merged; in the merged order in one that did, where
    /// seqs are each device's own and the merged order is every device's.
    public func creationKey(_ d: Definition) throws -> MergeKey {
        if try ledger.mergeHorizon(txn) != nil, let key = try ledger.mergeKey(d.created.seq, txn) { return key }
        return MergeKey(origin: Origin(recorded: 0, seq: d.created.seq), id: EventID(high: 0, low: 0))
    }
}

extension Snapshot {
    /// The record an event acts on: its session or count id, or, for a
    /// session a merge joined into another (`Fold.throughJoin`), that one's.
    public func recordID(of e: Event) throws -> String? {
        guard let id = e.payload.entityID(of: e.type) else { return nil }
        guard e.type.entityField == .sessionID, let joined = try store.alias(.session, id) else { return id }
        return joined
    }
}
