/// Where the fold reads and writes entities. Two homes share one fold:
/// `EntityState` holds everything in memory (replays, `--known-at`,
/// `verify`), and `StoredEntities` reads and writes the ledger's state
/// database inside the append's write transaction, so an append touches only
/// the entities its events name, however long the log.
public protocol EntityStore {
    func settings() throws -> SettingsHistory
    mutating func setSettings(_ s: SettingsHistory) throws
    func definition(_ kind: DefinitionKind, _ id: String) throws -> Definition?
    mutating func setDefinition(_ d: Definition) throws
    /// Every definition of a kind (names are few: used for uniqueness and lookup by name).
    func definitions(_ kind: DefinitionKind) throws -> [Definition]
    func session(_ id: String) throws -> SessionRecord?
    mutating func setSession(_ s: SessionRecord) throws
    func count(_ id: String) throws -> CountRecord?
    mutating func setCount(_ c: CountRecord) throws
    /// The running session of an action, if any.
    func running(action: String) throws -> String?
    mutating func setRunning(action: String, session: String?) throws
    /// Every running session.
    func runningSessions() throws -> [SessionRecord]
}

/// All entities in memory: the result of folding a log prefix.
public struct EntityState: EntityStore, Sendable, Equatable {
    public var settingsHistory = SettingsHistory()
    public var defs: [DefinitionKind: [String: Definition]] = [:]
    public var sessions: [String: SessionRecord] = [:]
    public var counts: [String: CountRecord] = [:]
    public var runningByAction: [String: String] = [:]
    /// The last seq folded in.
    public var head: UInt64 = 0

    public init() {}

    public func settings() -> SettingsHistory { settingsHistory }
    public mutating func setSettings(_ s: SettingsHistory) { settingsHistory = s }
    public func definition(_ kind: DefinitionKind, _ id: String) -> Definition? { defs[kind]?[id] }
    public mutating func setDefinition(_ d: Definition) { defs[d.kind, default: [:]][d.id] = d }
    public func definitions(_ kind: DefinitionKind) -> [Definition] {
        (defs[kind] ?? [:]).values.sorted { $0.created.seq < $1.created.seq }
    }
    public func session(_ id: String) -> SessionRecord? { sessions[id] }
    public mutating func setSession(_ s: SessionRecord) { sessions[s.id] = s }
    public func count(_ id: String) -> CountRecord? { counts[id] }
    public mutating func setCount(_ c: CountRecord) { counts[c.id] = c }
    public func running(action: String) -> String? { runningByAction[action] }
    public mutating func setRunning(action: String, session: String?) { runningByAction[action] = session }
    public func runningSessions() -> [SessionRecord] { runningByAction.values.compactMap { sessions[$0] } }

}
