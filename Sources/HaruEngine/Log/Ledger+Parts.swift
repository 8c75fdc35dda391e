/// A bulk load into a ledger nobody else can see yet, committed in parts so
/// that its memory does not grow with its input (Docs/design.md, "Bulk
/// loads into a new ledger").
///
/// One commit of a million events holds every page it writes in memory
/// until it commits: LMDB keeps a write transaction's dirty pages in malloc'd
/// memory (without `MDB_WRITEMAP`), and the batch keeps the entities and
/// record pages it changed to write them in key order. A ledger being made
/// beside its path (`Ledger.createBeside`) needs no atomic commit — its
/// rename into place is the all-or-nothing step — so the load commits every
/// `BatchCommits.partEvents` events instead, each part through the ordinary
/// append path (the same checks, the same fold: a sequence of appends folds
/// as one batch does), none of them synced until the last.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// How a bulk append reaches the log (`Ledger.appendJSONLines`).
public enum BatchCommits: Sendable, Equatable {
    /// One commit: all of the batch or none of it. For any ledger.
    case one
    /// A commit per part (`events` events, or fewer when their records
    /// reach `partBytes`), unsynced until the load ends. Only for a ledger
    /// no other process can open: one made by `Ledger.createBeside`, whose
    /// failure removes it. A failure in a later part leaves the earlier
    /// parts committed in that directory.
    case inParts(events: Int = BatchCommits.partEvents)

    /// Events per part: 131,072 keep an import's peak anonymous memory near
    /// 93 MiB at 1.1 M events (32,768: 43 MiB, 65,536: 64 MiB, 262,144:
    /// 164 MiB). Every part after the first inserts into trees the parts
    /// before it committed, copying each page it lands on: at 110,000
    /// events (one part of 131,072; two of 65,536) that was 7 % of an
    /// import's instructions (Docs/performance.md, "Third pass on issue 29").
    public static let partEvents = 131_072
    /// Record bytes per part, for events much larger than usual (diary pages).
    static let partBytes = 32 << 20
    /// Free map space made before each part: a part that filled the map
    /// could not start over (its events are read once), so it must not.
    static let room = 512 << 20
}

extension Ledger {
    /// Appends what `source` yields in parts, one commit each (`BatchCommits.inParts`).
    /// - Parameter before: writes in the first part's commit before its events.
    func appendInParts<S: EventSource, G: RandomNumberGenerator>(
        _ source: inout S, events partEvents: Int, expectHead: UInt64?, now: Int64, rng: inout G,
        before: ((WriteTransaction) throws -> Void)?
    ) throws -> AppendResult {
        let shared = SharedSource(source, partEvents: max(1, partEvents))
        defer { source = shared.source }
        var total = AppendResult(seqs: [], appended: 0, head: try head().seq)
        var first = true
        try environment.withCommitsUnsynced {
            while !shared.ended {
                try environment.makeRoom(bytes: BatchCommits.room)
                var started = false
                let (part, _) = try environment.write { txn in
                    // A part cannot start over: its events were read from the source once.
                    guard !started else {
                        throw LedgerError.cannotCreate(
                            path: environment.path, reason: "one part of the load filled the ledger's map; nothing of it is kept")
                    }
                    started = true
                    if first { try before?(txn) }
                    // Only a new ledger is loaded in parts: it keeps the transaction times an export carries.
                    return try append(
                        in: txn, from: { PartSource(shared) }, expectHead: first ? expectHead : nil, now: now, rng: &rng,
                        tally: total.written, keepRecorded: true)
                }
                first = false
                total.seqs += part.seqs
                total.appended += part.appended
                total.head = part.head
                total.written = part.written
            }
        }
        // Every part reaches the disk here (one fsync of the data file covers
        // them all), and then the head record (`sync()`).
        try sync()
        return total
    }
}

/// The source a load reads from, shared by its parts.
private final class SharedSource<S: EventSource> {
    // Unchecked: read and written once per event, by one thread (the one
    // appending), one part after another; checked at run time, each access
    // went through the runtime's access set (14 M of an import's 3.6 G
    // instructions at 110,000 events).
    @exclusivity(unchecked) var source: S
    /// The source said it has no more events.
    @exclusivity(unchecked) var ended = false
    let partEvents: Int
    init(_ source: S, partEvents: Int) {
        self.source = source
        self.partEvents = partEvents
    }
}

/// One part of a load: the shared source's next events, up to
/// `partEvents` of them or `BatchCommits.partBytes` of records.
private struct PartSource<S: EventSource>: EventSource {
    let shared: SharedSource<S>
    private var events = 0
    private var bytes = 0

    init(_ shared: SharedSource<S>) { self.shared = shared }

    private var full: Bool { events >= shared.partEvents || bytes >= BatchCommits.partBytes }

    mutating func next() throws -> (EventInput, Int)? {
        guard !full, !shared.ended else { return nil }
        guard let e = try shared.source.next() else {
            shared.ended = true
            return nil
        }
        events += 1
        return e
    }

    mutating func nextPrepared(using sha: SHA256Context) throws -> PreparedEvent? {
        guard !full, !shared.ended else { return nil }
        guard let p = try shared.source.nextPrepared(using: sha) else {
            shared.ended = true
            return nil
        }
        events += 1
        bytes += p.record.count
        return p
    }

    mutating func withNextPrepared(
        using sha: SHA256Context, upcoming: (RecordHint) -> Void, _ body: (inout PreparedEvent) throws -> Void
    ) throws -> Bool {
        guard !full, !shared.ended else { return false }
        var size = 0
        let more = try shared.source.withNextPrepared(using: sha, upcoming: upcoming) { p in
            try body(&p)
            size = p.record.count
        }
        guard more else {
            shared.ended = true
            return false
        }
        events += 1
        bytes += size
        return true
    }

    /// The whole source's guess, cut to one part.
    var expectedRecords: ExpectedRecords? {
        shared.source.expectedRecords.map {
            ExpectedRecords(sessions: min($0.sessions, shared.partEvents), counts: min($0.counts, shared.partEvents))
        }
    }
}
