/// The in-memory replay on two threads: this one folds the events into the
/// entities (`Projector.fold`), a second applies each fold's `Step` to the
/// projections (`Projector.project`), in batches through a bounded channel.
/// The same two halves run one after the other in an append, so the bytes
/// are the same; the split only lets a full replay use both cores.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

struct PipelinedFold: EventVisitor {
    var state = EntityState()
    private let channel: Channel<[Projector.Step]>
    private var batch: [Projector.Step] = []
    var conflicts: [Conflict] = []
    private static let batchSize = 2048

    init(channel: Channel<[Projector.Step]>) {
        self.channel = channel
        batch.reserveCapacity(Self.batchSize)
    }

    @inline(__always)
    mutating func visit<F: PayloadFields>(_ seq: UInt64, _ type: EventType, _ at: Instant, _ payload: F, merged: Bool) throws {
        if let step = try Projector.fold(type, at: at, seq: seq, payload: payload, store: &state, merged: merged) {
            batch.append(step)
            if batch.count == Self.batchSize { flush() }
        }
        state.head = max(state.head, seq)
    }

    mutating func conflict(_ c: Conflict) throws {
        conflicts.append(c)
        state.head = max(state.head, c.seq)
        // A checkpoint seq is kept even when its event had no effect.
        if c.seq % Projector.checkpointInterval == 0 {
            var step = Projector.Step(seq: c.seq)
            step.running = state.runningSessions()
            batch.append(step)
        }
    }

    mutating func checkpoint(_ seq: UInt64) throws {
        var step = Projector.Step(seq: seq)
        step.running = state.runningSessions()
        batch.append(step)
    }

    /// Sends what is batched.
    mutating func flush() {
        guard !batch.isEmpty else { return }
        channel.send(batch)
        batch = []
        batch.reserveCapacity(Self.batchSize)
    }
}

extension Ledger {
    /// Folds the events of `txn` through `through` into memory, with every
    /// projection, on two threads (`PipelinedFold`).
    /// - Throws: as `replay`; a projection that cannot be applied is damage at its seq.
    /// - Parameter digestIDs: also digest the id index the events make (`MemoryFold.ids`).
    func replayPipelined(_ txn: ReadTransaction, through: UInt64 = .max, reserve: Int, digestIDs: Bool = false) throws -> MemoryFold {
        let channel = Channel<[Projector.Step]>(capacity: 4)
        var fold = PipelinedFold(channel: channel)
        var ids = EntryDigest()
        fold.state.reserve(records: reserve)
        let (projections, _) = try Parallel.both(
            {
                // The projection thread: on a failure it keeps receiving (and
                // dropping) so that the fold thread never waits on a full channel.
                var p = MemoryProjections()
                var failure: Error?
                while let steps = channel.receive() {
                    guard failure == nil else { continue }
                    for step in steps {
                        do { try Projector.project(step, into: &p) } catch {
                            failure = LedgerError.damaged(seq: step.seq, reason: "the event does not project: \(error)")
                            break
                        }
                    }
                }
                if let failure { throw failure }
                return p
            },
            {
                defer { channel.close() }
                try withUnsafeMutablePointer(to: &ids) { ids in
                    try self.replay(txn, through: through, into: &fold, ids: digestIDs ? ids : nil)
                }
                fold.flush()
            }, together: true)
        return MemoryFold(state: fold.state, projections: projections, ids: digestIDs ? ids : nil, conflicts: fold.conflicts)
    }
}
