@_spi(Layers) import HaruSystem

/// The running sessions, and how each event changes them: what `Snapshot`
/// folds from a checkpoint (the sessions running after seq 4096·n) up to a
/// `--known-at` seq, instead of replaying the whole log.
///
/// It holds the fold's rules for the running set only, and trusts the events
/// (they were checked when appended). `Fold.apply` is the rule; this agrees
/// with it, which `RunningSetAgreement` tests over the Fixtures histories and
/// random ones: after every seq, the two running sets are equal.
@_spi(Layers) public struct RunningSet: Sendable {
    public private(set) var sessions: [String: SessionRecord] = [:]
    /// The ids a merge made one with another (`Fold.throughAliases`), as the
    /// head's state holds them: an alias, once made, stays, and one made
    /// after a seq is named only by events after it.
    let aliases: [AliasSpace: [String: String]]

    public init(_ running: [SessionRecord] = [], aliases: [AliasSpace: [String: String]] = [:]) {
        for s in running { sessions[s.id] = s }
        self.aliases = aliases
    }

    /// Applies one (valid) event.
    public mutating func apply<P: PayloadFields>(_ type: EventType, at: Instant, seq: UInt64, payload p: P) {
        if let id = p.string(.sessionID), let target = aliases[.session]?[id] {
            joined(type, at: at, seq: seq, payload: p, target)
            return
        }
        switch type {
        case .sessionStarted:
            guard let id = p.string(.sessionID), var action = p.string(.actionID) else { return }
            action = aliases[.action]?[action] ?? action
            sessions[id] = SessionRecord(id: id, actionID: action, start: at, end: nil, note: nil, status: .running, createdSeq: seq)
        case .sessionStopped, .sessionDiscarded, .sessionDeleted:
            if let id = p.string(.sessionID) { sessions[id] = nil }
        case .sessionEdited:
            // A running session takes a new start or note (never an end).
            guard let id = p.string(.sessionID), var s = sessions[id] else { return }
            if let start = p.instant(.start) { s.start = start }
            if p.isNull(.note) { s.note = nil } else if let n = p.string(.note) { s.note = n }
            s.versionSeq = seq
            sessions[id] = s
        case .actionDeleted:
            // A deleted action's running session leaves the running set (the fold does the same).
            if var action = p.string(.actionID) {
                action = aliases[.action]?[action] ?? action
                sessions = sessions.filter { $0.value.actionID != action }
            }
        case .settingsChanged, .tagCreated, .tagEdited, .tagDeleted, .actionCreated, .actionEdited,
            .sessionRecorded, .countAdded, .countEdited, .countDeleted,
            .goalCreated, .goalEdited, .goalFinished, .goalConfirmed, .goalDeleted,
            .questCreated, .questEdited, .questDeleted,
            .tagRestored, .actionRestored, .goalRestored, .questRestored, .countRestored,
            // Only a session deleted after it ended can be restored: never a running one.
            .sessionRestored, .ledgerRedacted,
            .diaryWritten, .diaryDeleted, .diaryRestored,
            .todoAdded, .todoEdited, .todoDone, .todoUndone, .todoDeleted, .todoRestored, .devicePreferencesChanged,
            .skipAdded, .skipDeleted, .skipRestored:
            break
        }
    }

    /// An event on a session joined into `target` (`Fold.throughJoin`, and
    /// the start that joined it): the fold's rules for the running one.
    private mutating func joined<P: PayloadFields>(_ type: EventType, at: Instant, seq: UInt64, payload p: P, _ target: String) {
        guard var s = sessions[target] else { return }
        switch type {
        case .sessionStopped:
            if at > s.start { sessions[target] = nil }
            return
        case .sessionEdited:
            let before = s
            if let start = p.instant(.start), start < s.start { s.start = start }
            if p.isNull(.note) { s.note = nil } else if let n = p.string(.note) { s.note = n }
            guard s != before else { return }
        default:
            return
        }
        s.versionSeq = seq
        sessions[target] = s
    }

    /// The running sessions, oldest start first (then by id).
    public var sorted: [SessionRecord] {
        sessions.values.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }
}
