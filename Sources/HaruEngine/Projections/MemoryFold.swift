/// What a replay feeds each event to. A protocol with a generic method
/// rather than a closure, so that the fold is specialised for both payload
/// forms (a closure would take an existential and dispatch every field read).
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

protocol EventVisitor {
    mutating func visit<F: PayloadFields>(_ seq: UInt64, _ type: EventType, _ at: Instant, _ payload: F) throws
}

/// The in-memory replay: entities and every projection.
struct MemoryFold: EventVisitor {
    var state = EntityState()
    var projections = MemoryProjections()
    /// The digest of the id index the events make, when the replay was asked for it (`rebuild`).
    var ids: EntryDigest? = nil

    @inline(__always)
    mutating func visit<F: PayloadFields>(_ seq: UInt64, _ type: EventType, _ at: Instant, _ payload: F) throws {
        try Projector.apply(type, at: at, seq: seq, payload: payload, store: &state, sink: &projections)
        state.head = seq
    }
}
