/// What a replay feeds each event to. A protocol with a generic method
/// rather than a closure, so that the fold is specialised for both payload
/// forms (a closure would take an existential and dispatch every field read).
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

protocol EventVisitor {
    /// - Parameter merged: the log is folded in the merged order (`Fold.apply`'s merge rules apply).
    mutating func visit<F: PayloadFields>(_ seq: UInt64, _ type: EventType, _ at: Instant, _ payload: F, merged: Bool) throws
    /// An event of a merged ledger that does not apply at its place in the
    /// merged order: kept in the log, without effect (Docs/sync.md).
    mutating func conflict(_ conflict: Conflict) throws
    /// The running sessions as they are now, checkpointed at `seq` (the merge horizon).
    mutating func checkpoint(_ seq: UInt64) throws
}

/// An event that had no effect because, at its place in the merged order,
/// a rule refuses it (a stop of a session another device deleted, a second
/// stop, a rename to a name taken meanwhile …).
public struct Conflict: Sendable, Equatable {
    public var seq: UInt64
    public var type: EventType
    /// The rule that refuses it, as a local append would have said it.
    public var rule: String
}

/// The in-memory replay: entities and every projection.
struct MemoryFold: EventVisitor {
    var state = EntityState()
    var projections = MemoryProjections()
    /// The digest of the id index the events make, when the replay was asked for it (`rebuild`).
    var ids: EntryDigest? = nil
    /// The events without effect, in merged order (none unless the ledger merged).
    var conflicts: [Conflict] = []

    @inline(__always)
    mutating func visit<F: PayloadFields>(_ seq: UInt64, _ type: EventType, _ at: Instant, _ payload: F, merged: Bool) throws {
        try Projector.apply(type, at: at, seq: seq, payload: payload, store: &state, sink: &projections, merged: merged)
        state.head = max(state.head, seq)
    }

    mutating func conflict(_ c: Conflict) throws {
        conflicts.append(c)
        state.head = max(state.head, c.seq)
        if c.seq % Projector.checkpointInterval == 0 { projections.checkpoint(c.seq, state.runningSessions()) }
    }

    mutating func checkpoint(_ seq: UInt64) throws { projections.checkpoint(seq, state.runningSessions()) }
}
