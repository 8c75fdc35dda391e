/// A bulk append's input read on a second thread: while this thread folds
/// and writes event k, the other parses the JSON of the events after it and
/// prepares them (`PreparedEvent`: payload encoded and hashed). Parsing was
/// a third of `haru append`'s time, and the machines have two cores.
///
/// The order of events and errors is kept: the reader stops at the first
/// line it cannot read and hands over the error in that line's place, so an
/// append fails exactly where it would have reading the lines itself (and,
/// failing, writes nothing).
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

@_spi(Layers) public enum ReadAhead {
    /// Runs `body` with a source that yields what `source` yields, read ahead
    /// on another thread (at most 8 batches of 512 events).
    /// `source` is `sending`: the reading thread owns it from here on.
    @_spi(Layers) public static func run<S: EventSource & SendableMetatype, T>(
        _ source: sending S, _ body: (inout AheadSource) throws -> T
    ) throws -> T {
        let channel = Channel<AheadSource.Batch>(capacity: 8)
        // Batches the appending thread is done with come back to be freed
        // here, where they were made: freeing another thread's memory took
        // malloc's locks and a twentieth of the appending thread. Unbounded:
        // the appending thread never waits on it.
        let spent = Channel<[PreparedEvent]>(capacity: .max)
        let expectedRecords = source.expectedRecords
        let (_, result) = try Parallel.both(
            { [source] in
                var s = source
                let sha = SHA256Context()
                var batch = AheadSource.Batch()
                batch.events.reserveCapacity(512)
                var done = false
                while !done {
                    if batch.events.isEmpty { while spent.tryReceive() != nil {} }
                    do {
                        if let p = try s.nextPrepared(using: sha) { batch.events.append(p) } else { done = true }
                    } catch {
                        batch.failure = error
                        done = true
                    }
                    if batch.events.count == 512 || done {
                        // The full batch leaves in a local whose last use is the
                        // (consuming) send: the appending thread must hold it alone,
                        // or completing an event in place would copy the batch first.
                        var full = AheadSource.Batch()
                        full.events.reserveCapacity(512)
                        swap(&full, &batch)
                        // A closed channel means the append is over (it failed or finished): stop reading.
                        if !channel.send(full) { return }
                    }
                }
                channel.close()
            },
            {
                var ahead = AheadSource(channel: channel, spent: spent, expectedRecords: expectedRecords)
                // Whatever happens, the reader must not wait on a channel nobody reads.
                defer { channel.close() }
                return try body(&ahead)
            }, together: true)
        return result
    }
}

/// The events `ReadAhead` has read, in order.
@_spi(Layers) public struct AheadSource: EventSource {
    /// Up to 512 events, then the error that stopped the reading, if one did.
    struct Batch: Sendable {
        var events: [PreparedEvent] = []
        var failure: Error?
    }
    private let channel: Channel<Batch>
    private var batch = Batch()
    private var k = 0
    private let spent: Channel<[PreparedEvent]>

    /// What the source read ahead said it holds.
    @_spi(Layers) public let expectedRecords: ExpectedRecords?

    init(channel: Channel<Batch>, spent: Channel<[PreparedEvent]>, expectedRecords: ExpectedRecords?) {
        self.channel = channel
        self.spent = spent
        self.expectedRecords = expectedRecords
    }

    @_spi(Layers) public mutating func next() throws -> (EventInput, Int)? {
        var got: (EventInput, Int)?
        _ = try lend(upcoming: { _ in }) { got = ($0.input, $0.line) }
        return got
    }

    /// The next event, moved out of its batch (`withNextPrepared` lends it in place instead).
    @_spi(Layers) public mutating func nextPrepared(using sha: SHA256Context) throws -> PreparedEvent? {
        var got: PreparedEvent?
        _ = try lend(upcoming: { _ in }) { got = $0 }
        return got
    }

    /// How many events ahead `upcoming` sees: enough for a slot to arrive
    /// from memory while the events before it are folded.
    static let lookahead = 8

    /// Lends the next event where it lies in its batch (`sha` is not used:
    /// the reader hashed it).
    @_spi(Layers) public mutating func withNextPrepared(
        using sha: SHA256Context, upcoming: (RecordHint) -> Void, _ body: (inout PreparedEvent) throws -> Void
    ) throws -> Bool {
        try lend(upcoming: upcoming, body)
    }

    /// Lends the next event where it lies in its batch. A batch read to its
    /// end goes back to the reading thread whole.
    private mutating func lend(upcoming: (RecordHint) -> Void, _ body: (inout PreparedEvent) throws -> Void) throws -> Bool {
        while k == batch.events.count {
            if let failure = batch.failure { throw failure }
            let finished = batch.events
            batch = Batch()
            k = 0
            // The only reference goes: the reading thread frees the events.
            if !finished.isEmpty { spent.send(consume finished) }
            guard let more = channel.receive() else { return false }
            batch = more
            for j in 0..<min(Self.lookahead, batch.events.count) { if let h = batch.events[j].creates { upcoming(h) } }
        }
        if k + Self.lookahead < batch.events.count, let h = batch.events[k + Self.lookahead].creates { upcoming(h) }
        defer { k += 1 }
        try body(&batch.events[k])
        return true
    }
}
