/// A bulk append's input read on a second thread: while this thread folds
/// and writes event k, the other parses the JSON of the events after it and
/// prepares them (`PreparedEvent`: payload encoded and hashed). Parsing was
/// a third of `haru append`'s time, and the machines have two cores.
///
/// The order of events and errors is kept: the reader stops at the first
/// line it cannot read and hands over the error in that line's place, so an
/// append fails exactly where it would have reading the lines itself (and,
/// failing, writes nothing).
public enum ReadAhead {
    /// Runs `body` with a source that yields what `source` yields, read ahead
    /// on another thread (at most 8 batches of 512 events).
    public static func run<S: EventSource, T>(_ source: S, _ body: (inout AheadSource) throws -> T) throws -> T {
        let channel = Channel<[AheadSource.Item]>(capacity: 8)
        // Events the appending thread is done with come back to be freed here,
        // where they were made: freeing another thread's memory took malloc's
        // locks and a twentieth of the appending thread. Unbounded: the
        // appending thread never waits on it.
        let spent = Channel<[PreparedEvent]>(capacity: .max)
        let reader = UncheckedBox(source)
        let (_, result) = try Parallel.both(
            {
                var s = reader.value
                let sha = SHA256Context()
                var batch: [AheadSource.Item] = []
                batch.reserveCapacity(512)
                var done = false
                while !done {
                    if batch.isEmpty { while spent.tryReceive() != nil {} }
                    do {
                        if let p = try s.nextPrepared(using: sha) { batch.append(.event(p)) } else { done = true }
                    } catch {
                        batch.append(.failure(error))
                        done = true
                    }
                    if batch.count == 512 || done {
                        // A closed channel means the append is over (it failed or finished): stop reading.
                        if !channel.send(batch) { return }
                        batch = []
                        batch.reserveCapacity(512)
                    }
                }
                channel.close()
            },
            {
                var ahead = AheadSource(channel: channel, spent: spent, expectedEvents: source.expectedEvents)
                // Whatever happens, the reader must not wait on a channel nobody reads.
                defer { channel.close() }
                return try body(&ahead)
            }, together: true)
        return result
    }
}

/// The events `ReadAhead` has read, in order.
public struct AheadSource: EventSource {
    enum Item {
        case event(PreparedEvent)
        case failure(Error)
        /// Handed over: the slot gives up its event, so the taker owns the
        /// record's bytes alone and completes them without a copy.
        case taken
    }
    private let channel: Channel<[Item]>
    private var batch: [Item] = []
    private var k = 0
    private let spent: Channel<[PreparedEvent]>
    private var done: [PreparedEvent] = []

    /// What the source read ahead said it holds.
    public let expectedEvents: Int?

    init(channel: Channel<[Item]>, spent: Channel<[PreparedEvent]>, expectedEvents: Int?) {
        self.channel = channel
        self.spent = spent
        self.expectedEvents = expectedEvents
    }

    /// Hands an event back to the reading thread, in batches, to be freed there.
    public mutating func finished(with event: consuming PreparedEvent) {
        done.append(event)
        if done.count == 512 {
            spent.send(done)
            done = []
            done.reserveCapacity(512)
        }
    }

    public mutating func next() throws -> (EventInput, Int)? {
        try take().map { ($0.input, $0.line) }
    }

    /// The next event as the reader prepared it (`sha` is not used: the reader hashed it).
    public mutating func nextPrepared(using sha: SHA256Context) throws -> PreparedEvent? { try take() }

    private mutating func take() throws -> PreparedEvent? {
        if k == batch.count {
            guard let more = channel.receive() else { return nil }
            batch = more
            k = 0
            if batch.isEmpty { return nil }
        }
        let item = batch[k]
        batch[k] = .taken
        k += 1
        switch item {
        case .event(let p): return p
        case .failure(let error): throw error
        case .taken: preconditionFailure("an event is taken once")
        }
    }
}

/// Hands a value to another thread whose accesses are ordered by a join (`Parallel.both`).
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
