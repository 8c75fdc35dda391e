@_spi(Layers) import HaruSystem

/// Where the fold reads and writes entities. Two homes share one fold:
/// `EntityState` holds everything in memory (replays, `--known-at`,
/// `verify`), and `StoredEntities` reads and writes the ledger's state
/// database inside the append's write transaction, so an append touches only
/// the entities its events name, however long the log.
@_spi(Layers) public protocol EntityStore: EntityReader {
    mutating func setSettings(_ s: SettingsHistory) throws
    mutating func setDefinition(_ d: Definition) throws
    mutating func setSession(_ s: SessionRecord) throws
    mutating func setCount(_ c: CountRecord) throws
    mutating func setRunning(action: String, session: String?) throws
    /// Makes `id` name `target` from now on (a merge made the two one).
    mutating func setAlias(_ space: AliasSpace, _ id: String, to target: String) throws
    /// Records the latest start among the sessions of `action` (`latestStart`).
    mutating func setLatestStart(action: String, _ start: Instant) throws
}

/// The kinds of ids a merge can make one (Docs/rules.md "Many devices"):
/// a tag or an action created on two devices under one name, and a session
/// of one action started on two devices while the other ran. And one note
/// kept the same way: a record that a merge placed after its action's
/// deletion (`waiting`: the record's id → its action's), which counts once
/// the action is restored and is listed as waiting until then.
public enum AliasSpace: UInt8, Sendable, CaseIterable {
    case tag = 1, action, session, waiting

    /// The space of a definition kind's ids, for the kinds that have one.
    public init?(_ kind: DefinitionKind) {
        switch kind {
        case .tag: self = .tag
        case .action: self = .action
        default: return nil
        }
    }
}

/// The reading half of `EntityStore`: what a query of the stored state (in
/// a read transaction) may ask.
public protocol EntityReader {
    func settings() throws -> SettingsHistory
    func definition(_ kind: DefinitionKind, _ id: String) throws -> Definition?
    /// Every definition of a kind.
    func definitions(_ kind: DefinitionKind) throws -> [Definition]
    /// The id of the live definition of `kind` named `name` (tags and actions:
    /// names are unique among the live ones). Default: a scan of `definitions`.
    func liveDefinitionID(_ kind: DefinitionKind, named name: String) throws -> String?
    func session(_ id: String) throws -> SessionRecord?
    func count(_ id: String) throws -> CountRecord?
    /// The running session of an action, if any.
    func running(action: String) throws -> String?
    /// Every running session.
    func runningSessions() throws -> [SessionRecord]
    /// What a session or count needs to know of its action (default: from
    /// `definition`). Every session and count asks, so a store may keep the
    /// answer instead of handing out a copy of the whole definition each time.
    func actionStatus(_ id: String) throws -> ActionStatus
    /// The id that `id` stands for, when a merge made it one with another.
    func alias(_ space: AliasSpace, _ id: String) throws -> String?
    /// Whether any id stands for another (a ledger that never merged has none:
    /// the fold then looks nothing up).
    func hasAliases() throws -> Bool
    /// The latest start among the sessions of `action` (started or
    /// recorded): how far a merge may carry a stopped session on
    /// (`Fold.extensionEnd`).
    func latestStart(action: String) throws -> Instant?
}

/// An action as a session or count sees it.
public enum ActionStatus: Sendable, Equatable {
    case missing
    case deleted(seq: UInt64)
    /// Live, with its creation payload's `tracking`.
    case live(tracking: Tracking?)

    public init(_ d: Definition?) {
        guard let d else { self = .missing; return }
        if let del = d.deletedSeq { self = .deleted(seq: del); return }
        self = .live(tracking: d.base.choice(.tracking))
    }
}

extension EntityReader {
    public func liveDefinitionID(_ kind: DefinitionKind, named name: String) throws -> String? {
        try definitions(kind).first { $0.isLive && $0.fields().string(.name) == name }?.id
    }
    public func actionStatus(_ id: String) throws -> ActionStatus { ActionStatus(try definition(.action, id)) }
}

/// All entities in memory: the result of folding a log prefix.
///
/// Keyed by `EntityKey`, whose hash is FNV-1a rather than the standard
/// SipHash: a replay looks ids up several times per event, and hashing was a
/// fifth of its time.
@_spi(Layers) public struct EntityState: EntityStore, Sendable {
    @_spi(Layers) public var settingsHistory = SettingsHistory()
    /// Definitions by kind (index `kind.rawValue - 1`): an array, so a lookup
    /// hashes only the id.
    var defs: [[EntityKey: Definition]] = Array(repeating: [:], count: DefinitionKind.allCases.count)
    /// The live tags and actions by name, by kind as `defs`.
    var names = Array(repeating: NameIndex(), count: DefinitionKind.allCases.count)
    @_spi(Layers) public var sessions = RecordTable<CompactSession>()
    @_spi(Layers) public var counts = RecordTable<CompactCount>()
    @_spi(Layers) public var actionNumbers = ActionNumbers()
    var runningByAction: [EntityKey: String] = [:]
    /// The latest session start of each action (`latestStart`).
    var latestByAction: [EntityKey: Instant] = [:]
    /// Ids a merge made one with another, by space (index `space.rawValue - 1`).
    var aliases: [[EntityKey: String]] = Array(repeating: [:], count: AliasSpace.allCases.count)
    /// The last seq folded in.
    @_spi(Layers) public var head: UInt64 = 0

    @_spi(Layers) public init() {}

    @_spi(Layers) public var sessionCount: Int { sessions.count }

    @_spi(Layers) public func settings() -> SettingsHistory { settingsHistory }
    @_spi(Layers) public mutating func setSettings(_ s: SettingsHistory) { settingsHistory = s }
    @_spi(Layers) public func definition(_ kind: DefinitionKind, _ id: String) -> Definition? {
        defs[Int(kind.rawValue) - 1][EntityKey(id)]
    }
    @_spi(Layers) public mutating func setDefinition(_ d: Definition) {
        let k = Int(d.kind.rawValue) - 1
        if d.kind.hasUniqueNames { names[k].update(old: defs[k][EntityKey(d.id)], new: d) }
        defs[k][EntityKey(d.id)] = d
    }
    public func liveDefinitionID(_ kind: DefinitionKind, named name: String) -> String? {
        names[Int(kind.rawValue) - 1].id(named: name)
    }
    @_spi(Layers) public func definitions(_ kind: DefinitionKind) -> [Definition] {
        defs[Int(kind.rawValue) - 1].values.sorted { $0.created.seq < $1.created.seq }
    }
    @_spi(Layers) public func session(_ id: String) -> SessionRecord? { sessions[id].map { actionNumbers.expand($0) } }

    /// Has the index slot of the record `hint` names loaded ahead of its lookup.
    @_spi(Layers) public func prefetch(_ hint: RecordHint) {
        switch hint.table {
        case .sessions: sessions.prefetch(hash: hint.hash)
        case .counts: counts.prefetch(hash: hint.hash)
        }
    }
    @_spi(Layers) public mutating func setSession(_ s: SessionRecord) {
        sessions.set(actionNumbers.compact(s, actionNumbers.number(s.actionID)))
    }
    @_spi(Layers) public func count(_ id: String) -> CountRecord? { counts[id].map { actionNumbers.expand($0) } }
    @_spi(Layers) public mutating func setCount(_ c: CountRecord) { counts.set(actionNumbers.compact(c, actionNumbers.number(c.actionID))) }
    @_spi(Layers) public func running(action: String) -> String? { runningByAction[EntityKey(action)] }
    @_spi(Layers) public mutating func setRunning(action: String, session: String?) { runningByAction[EntityKey(action)] = session }
    @_spi(Layers) public func runningSessions() -> [SessionRecord] { runningByAction.values.compactMap { session($0) } }
    public func alias(_ space: AliasSpace, _ id: String) -> String? { aliases[Int(space.rawValue) - 1][EntityKey(id)] }
    public func hasAliases() -> Bool { aliases.contains { !$0.isEmpty } }
    public func latestStart(action: String) -> Instant? { latestByAction[EntityKey(action)] }
    @_spi(Layers) public mutating func setLatestStart(action: String, _ start: Instant) { latestByAction[EntityKey(action)] = start }
    @_spi(Layers) public mutating func setAlias(_ space: AliasSpace, _ id: String, to target: String) {
        aliases[Int(space.rawValue) - 1][EntityKey(id)] = target
    }
}
