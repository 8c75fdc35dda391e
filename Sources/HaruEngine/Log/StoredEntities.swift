/// The entity state kept in the ledger's `state` database, read and written
/// inside one transaction. LMDB shows a write transaction its own puts, so
/// the fold can check a batch's later events against its earlier ones
/// without any cache, and an aborted batch leaves no trace.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// Read-only in a read transaction (an `EntityReader`), an `EntityStore`
/// in a write transaction: the type says which.
@_spi(Layers) public struct StoredEntities<Access>: EntityReader {
    let txn: Transaction<Access>
    let db: Database<RawKeys>
    /// Definitions already decoded in this transaction: a batch names the same
    /// few actions again and again. Writes go through it, so it never goes stale.
    private let cache = DefinitionCache()

    @_spi(Layers) public init(txn: Transaction<Access>, db: Database<RawKeys>) {
        self.txn = txn
        self.db = db
    }

    private func decode<T>(_ key: [UInt8], _ body: (inout ByteReader) throws(DecodeError) -> T) throws -> T? {
        try txn.get(db, key) { v in
            try v.withUnsafeBytes { (v) throws(DecodeError) -> T in
                var r = ByteReader(v)
                return try body(&r)
            }
        }
    }

    @_spi(Layers) public func settings() throws -> SettingsHistory {
        try decode(StateKey.settings) { (r) throws(DecodeError) in try StateCodec.decodeSettings(&r) } ?? SettingsHistory()
    }

    @_spi(Layers) public func definition(_ kind: DefinitionKind, _ id: String) throws -> Definition? {
        if let hit = cache.entries[kind.rawValue]?[EntityKey(id)] { return hit }
        let d = try decode(StateKey.definition(kind, id)) { (r) throws(DecodeError) in try StateCodec.decodeDefinition(&r) }
        cache.entries[kind.rawValue, default: [:]][EntityKey(id)] = d
        return d
    }

    @_spi(Layers) public func actionStatus(_ id: String) throws -> ActionStatus {
        if let hit = cache.actions[EntityKey(id)] { return hit }
        let s = ActionStatus(try definition(.action, id))
        cache.actions[EntityKey(id)] = s
        return s
    }

    /// One scan of the kind the first time in a transaction, then lookups
    /// (`setDefinition` keeps the index current).
    @_spi(Layers) public func liveDefinitionID(_ kind: DefinitionKind, named name: String) throws -> String? {
        if cache.names[kind.rawValue] == nil { cache.names[kind.rawValue] = NameIndex(try definitions(kind)) }
        return cache.names[kind.rawValue]!.id(named: name)
    }

    @_spi(Layers) public func definitions(_ kind: DefinitionKind) throws -> [Definition] {
        let prefix = StateKey.definitionPrefix(kind)
        var out: [Definition] = []
        try txn.scan(db, from: [prefix]) { k, v in
            guard k.first == prefix else { return false }
            try v.withUnsafeBytes { (v) throws(DecodeError) in
                var r = ByteReader(v)
                out.append(try StateCodec.decodeDefinition(&r))
            }
            return true
        }
        return out.sorted { $0.created.seq < $1.created.seq }
    }

    @_spi(Layers) public func session(_ id: String) throws -> SessionRecord? {
        try decode(StateKey.session(id)) { (r) throws(DecodeError) in try StateCodec.decodeSession(&r) }
    }

    /// Whether a session's id starts with `prefix` (one seek: an importer
    /// whose ids carry its name learns whether it has been here before).
    @_spi(Layers) public func hasSession(idPrefix prefix: String) throws -> Bool {
        let key = StateKey.session(prefix)
        var found = false
        try txn.scan(db, from: key) { k, _ in
            found = k.withUnsafeBytes { $0.starts(with: key) }
            return false
        }
        return found
    }

    /// Every session whose id starts with `prefix`, in id order, but those
    /// in `except` (not decoded: an importer that found most of what it
    /// imported before by id reads only the rest). `except` is walked beside
    /// the keys, so it must be sorted by its UTF-8 bytes (the keys' order).
    @_spi(Layers) public func sessions(idPrefix prefix: String, exceptSorted except: [String] = []) throws -> [SessionRecord] {
        let key = StateKey.session(prefix)
        var out: [SessionRecord] = []
        var next = 0
        try txn.scan(db, from: key) { k, v in
            let skip = try k.withUnsafeBytes { (k) throws(DecodeError) -> Bool? in
                guard k.starts(with: key) else { return nil }
                let id = k.dropFirst()
                // Past every excepted id before this key; then this key is one or not.
                while next < except.count, except[next].utf8.lexicographicallyPrecedes(id) { next += 1 }
                return next < except.count && except[next].utf8.elementsEqual(id)
            }
            guard let skip else { return false }
            if skip { return true }
            try v.withUnsafeBytes { (v) throws(DecodeError) in
                var r = ByteReader(v)
                out.append(try StateCodec.decodeSession(&r))
            }
            return true
        }
        return out
    }

    @_spi(Layers) public func count(_ id: String) throws -> CountRecord? {
        try decode(StateKey.count(id)) { (r) throws(DecodeError) in try StateCodec.decodeCount(&r) }
    }

    @_spi(Layers) public func running(action: String) throws -> String? {
        try txn.get(db, StateKey.running(action)) { v in v.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
    }

    @_spi(Layers) public func runningSessions() throws -> [SessionRecord] { try allRunning().compactMap { try session($0.1) } }

    @_spi(Layers) public func alias(_ space: AliasSpace, _ id: String) throws -> String? {
        guard try hasAliases() else { return nil }
        return try txn.get(db, StateKey.alias(space, id)) { v in v.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
    }

    /// Every alias, by space (a few: one per definition or session two devices made at once).
    @_spi(Layers) public func allAliases() throws -> [AliasSpace: [String: String]] {
        var out: [AliasSpace: [String: String]] = [:]
        try txn.scan(db, from: [StateKey.aliasFamily]) { k, v in
            guard k.first == StateKey.aliasFamily else { return false }
            k.withUnsafeBytes { k in
                guard k.count >= 2, let space = AliasSpace(rawValue: k[1]) else { return }
                out[space, default: [:]][String(decoding: k.dropFirst(2), as: UTF8.self)] = v.withUnsafeBytes {
                    String(decoding: $0, as: UTF8.self)
                }
            }
            return true
        }
        return out
    }

    @_spi(Layers) public func latestStart(action: String) throws -> Instant? {
        try txn.get(db, StateKey.latest(action)) { v in v.withUnsafeBytes { StateCodec.decodeLatest($0) } } ?? nil
    }

    /// Asked once per transaction (every event of a batch asks): then kept.
    @_spi(Layers) public func hasAliases() throws -> Bool {
        if let known = cache.hasAliases { return known }
        var found = false
        try txn.scan(db, from: [StateKey.aliasFamily]) { k, _ in
            found = k.first == StateKey.aliasFamily
            return false
        }
        cache.hasAliases = found
        return found
    }

    /// Every running session as (action, session), in action order.
    func allRunning() throws -> [(String, String)] {
        var out: [(String, String)] = []
        try txn.scan(db, from: [0x22]) { k, v in
            guard k.first == 0x22 else { return false }
            out.append(
                (
                    k.withUnsafeBytes { String(decoding: $0.dropFirst(), as: UTF8.self) },
                    v.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
                ))
            return true
        }
        return out
    }
}

/// In a write transaction, the fold's store.
extension StoredEntities: EntityStore where Access == ReadWrite {
    @_spi(Layers) public func setSettings(_ s: SettingsHistory) throws { try txn.put(db, StateKey.settings, StateCodec.encode(s)) }

    @_spi(Layers) public func setDefinition(_ d: Definition) throws {
        if d.kind.hasUniqueNames, cache.names[d.kind.rawValue] != nil {
            cache.names[d.kind.rawValue]!.update(old: try definition(d.kind, d.id), new: d)
        }
        try txn.put(db, StateKey.definition(d.kind, d.id), StateCodec.encode(d))
        cache.entries[d.kind.rawValue, default: [:]][EntityKey(d.id)] = d
        if d.kind == .action { cache.actions[EntityKey(d.id)] = ActionStatus(d) }
    }

    @_spi(Layers) public func setSession(_ s: SessionRecord) throws { try txn.put(db, StateKey.session(s.id), StateCodec.encode(s)) }

    @_spi(Layers) public func setCount(_ c: CountRecord) throws { try txn.put(db, StateKey.count(c.id), StateCodec.encode(c)) }

    @_spi(Layers) public func setLatestStart(action: String, _ start: Instant) throws {
        try txn.put(db, StateKey.latest(action), StateCodec.encodeLatest(start))
    }

    @_spi(Layers) public func setAlias(_ space: AliasSpace, _ id: String, to target: String) throws {
        try txn.put(db, StateKey.alias(space, id), Array(target.utf8))
        cache.hasAliases = true
    }

    @_spi(Layers) public func setRunning(action: String, session: String?) throws {
        if let session {
            try txn.put(db, StateKey.running(action), Array(session.utf8))
        } else {
            try txn.delete(db, StateKey.running(action))
        }
    }
}

/// Decoded definitions of one transaction (a reference, so that the
/// non-mutating reads of `EntityStore` can fill it).
final class DefinitionCache {
    var entries: [UInt8: [EntityKey: Definition?]] = [:]
    /// What sessions and counts ask of their actions, kept with the definitions.
    var actions: [EntityKey: ActionStatus] = [:]
    /// The live definitions by name, per kind, once a name was checked.
    var names: [UInt8: NameIndex] = [:]
    /// Whether the state holds any alias (nil: not asked yet).
    var hasAliases: Bool?
}
