/// The entity store of one append: records the batch creates or changes are
/// kept in memory (an `EntityState`'s record tables) and written to the
/// state database once, in key order, when the batch is done (`flush`);
/// everything else reads through to `StoredEntities`.
///
/// Why: a bulk load puts a record per event, and a put at a random key
/// descends the B-tree and dirties a leaf each time (a third of the append
/// thread's instructions at 110 k events). Sorted, the puts walk the leaves
/// once through one cursor. Definitions, settings and running sessions are
/// few and still go straight to LMDB, so the fold sees one consistent state.
struct BatchEntities: EntityStore {
    private(set) var stored: StoredEntities
    /// The newest version of every record this batch wrote.
    private var fresh = EntityState()

    init(_ stored: StoredEntities) { self.stored = stored }

    func settings() throws -> SettingsHistory { try stored.settings() }
    mutating func setSettings(_ s: SettingsHistory) throws { try stored.setSettings(s) }
    func definition(_ kind: DefinitionKind, _ id: String) throws -> Definition? { try stored.definition(kind, id) }
    mutating func setDefinition(_ d: Definition) throws { try stored.setDefinition(d) }
    func definitions(_ kind: DefinitionKind) throws -> [Definition] { try stored.definitions(kind) }

    func session(_ id: String) throws -> SessionRecord? { try fresh.session(id) ?? stored.session(id) }
    mutating func setSession(_ s: SessionRecord) throws { fresh.setSession(s) }
    func count(_ id: String) throws -> CountRecord? { try fresh.count(id) ?? stored.count(id) }
    mutating func setCount(_ c: CountRecord) throws { fresh.setCount(c) }

    func running(action: String) throws -> String? { try stored.running(action: action) }
    mutating func setRunning(action: String, session: String?) throws { try stored.setRunning(action: action, session: session) }
    func runningSessions() throws -> [SessionRecord] { try stored.allRunning().compactMap { try session($0.1) } }

    /// Writes the batch's records into the state database, sessions then
    /// counts (their keys' order), each kind in id order.
    func flush() throws {
        var key = ByteWriter(capacity: 64)
        var value = ByteWriter(capacity: 256)
        // Keys past the database's last one are appended (a bulk load into a
        // ledger with nothing running: all of them), the rest put in order.
        let last = try stored.txn.last(stored.db).map { Array($0.key) } ?? []
        var appending = false
        try stored.txn.withCursor(stored.db) { cursor in
            func put(_ family: UInt8, _ id: String) throws {
                key.reset()
                key.u8(family)
                key.raw(id.utf8)
                try key.bytes.withUnsafeBytes { k in
                    appending = appending || ByteOrder.less(last, Array(k))
                    try value.bytes.withUnsafeBytes { v in try cursor.put(key: k, value: v, append: appending) }
                }
            }
            try fresh.sessions.forEachInIDOrder { s in
                value.reset()
                StateCodec.encode(s, action: fresh.actionNumbers.name(s.action), to: &value)
                try put(StateKey.sessionFamily, s.id)
            }
            try fresh.counts.forEachInIDOrder { c in
                value.reset()
                StateCodec.encode(c, action: fresh.actionNumbers.name(c.action), to: &value)
                try put(StateKey.countFamily, c.id)
            }
        }
    }
}
