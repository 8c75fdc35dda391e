@_spi(Layers) import HaruSystem

/// Which record an event creates, by its table and the hash that table
/// files its id under. Made on the reading thread with the rest of a
/// prepared event, so that the appending thread can have the table slot
/// loaded a few events ahead (`EntityStore.prefetch`) without touching the
/// event's strings.
@_spi(Layers) public struct RecordHint: Sendable {
    enum Table { case sessions, counts }
    let table: Table
    let hash: Int

    @_spi(Layers) public init?(_ input: EventInput) {
        switch input.type {
        case .sessionStarted, .sessionRecorded:
            guard let id = input.payload.string(.sessionID) else { return nil }
            (table, hash) = (.sessions, RecordTable<CompactSession>.hash(id))
        case .countAdded:
            guard let id = input.payload.string(.entryID) else { return nil }
            (table, hash) = (.counts, RecordTable<CompactCount>.hash(id))
        default:
            return nil
        }
    }
}
