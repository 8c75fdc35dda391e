/// Bulk appends of JSON Lines (`haru append FILE`), for any program: the
/// lines are parsed on a second thread while this one appends (`ReadAhead`),
/// one atomic batch, every error naming its line.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension Ledger {
    /// Appends the JSON Lines in `input` as one atomic batch (`#` comments
    /// and blank lines skipped); see `append(from:expectHead:now:rng:)`.
    /// - Parameters:
    ///   - progress: told now and then how far the reading has come (the part of the bytes read).
    ///   - provenance: lines as `haru export jsonl` writes them: the fields
    ///     the store added (seq, recorded, prev, hash) are read and ignored.
    ///   - commits: `.inParts` only for a ledger no other process can see
    ///     (made by `createBeside`): memory then stays bounded (`BatchCommits`).
    public func appendJSONLines<G: RandomNumberGenerator>(
        _ input: InputBytes, zones: ZoneDirectory, expectHead: UInt64? = nil, now: Int64, rng: inout G,
        progress: ((BulkProgress) -> Void)? = nil, provenance: Bool = false, commits: BatchCommits = .one
    ) throws -> AppendResult {
        let report = progress.map { p in
            { (events: Int, read: Int, total: Int) in
                p(BulkProgress(events: events, fraction: Double(read) / Double(max(total, 1)), doneReading: false))
            }
        }
        return try appendReadingAhead(
            { EventLines(input: input, zones: zones, progress: report, provenance: provenance) }, expectHead: expectHead, now: now,
            rng: &rng, before: { txn in try self.storeLeadingBlobs(input, txn) }, commits: commits)
    }

    /// Stores the blob lines the input begins with (`BlobLine`), each checked
    /// against its digest, in the batch's commit before its events.
    func storeLeadingBlobs(_ input: InputBytes, _ txn: WriteTransaction) throws {
        var cursor = JSONLineCursor()
        while let (n, range) = cursor.next(in: input.buffer) {
            let line = UnsafeBufferPointer(rebasing: input.buffer[range])
            guard BlobLine.isBlobLine(line) else { return }
            do {
                let blob = try BlobLine.parse(line, number: n)
                _ = try putBlob(blob.bytes, in: txn)
            } catch let e as InputError { throw LedgerError.invalid(e) }
        }
    }

    /// Appends what `makeSource` yields as one atomic batch, the events read
    /// and prepared on a second thread (`ReadAhead`) while this one appends.
    /// Should the append start over (the map grew), it reads a fresh source
    /// itself the second time.
    @_spi(Layers) public func appendReadingAhead<S: EventSource & SendableMetatype, G: RandomNumberGenerator>(
        _ makeSource: () -> S, expectHead: UInt64? = nil, now: Int64, rng: inout G, before: ((WriteTransaction) throws -> Void)? = nil,
        commits: BatchCommits = .one
    ) throws -> AppendResult {
        try ReadAhead.run(makeSource()) { ahead in
            if case .inParts(let events) = commits {
                return try appendInParts(&ahead, events: events, expectHead: expectHead, now: now, rng: &rng, before: before)
            }
            var first = true
            return try append(
                from: { () -> BulkSource<S> in
                    defer { first = false }
                    return first ? BulkSource(ahead: ahead) : BulkSource(own: makeSource())
                }, expectHead: expectHead, now: now, rng: &rng, before: before)
        }
    }
}

/// The events of a bulk append: read ahead on another thread, or (when an
/// append starts over) read here.
struct BulkSource<S: EventSource>: EventSource {
    private var ahead: AheadSource?
    private var own: S?

    init(ahead: AheadSource) { self.ahead = ahead }
    init(own: S) { self.own = own }

    mutating func next() throws -> (EventInput, Int)? {
        if ahead != nil { return try ahead!.next() }
        return try own!.next()
    }

    mutating func nextPrepared(using sha: SHA256Context) throws -> PreparedEvent? {
        if ahead != nil { return try ahead!.nextPrepared(using: sha) }
        return try own!.nextPrepared(using: sha)
    }

    mutating func withNextPrepared(
        using sha: SHA256Context, upcoming: (RecordHint) -> Void, _ body: (inout PreparedEvent) throws -> Void
    ) throws -> Bool {
        if ahead != nil { return try ahead!.withNextPrepared(using: sha, upcoming: upcoming, body) }
        return try own!.withNextPrepared(using: sha, upcoming: upcoming, body)
    }

    var expectedRecords: ExpectedRecords? { ahead?.expectedRecords ?? own?.expectedRecords }
}

/// JSONL input read one event at a time: `#` comments and blank lines
/// skipped, every error naming its line.
@_spi(Layers) public struct EventLines: EventSource {
    let zones: ZoneDirectory
    /// Called now and then with (events read, bytes read, bytes in all).
    let progress: ((Int, Int, Int) -> Void)?
    /// Whether the store's fields are accepted (and ignored): `haru import jsonl`.
    let provenance: Bool
    private let input: InputBytes
    private var cursor = JSONLineCursor()
    private var read = 0

    public init(input: InputBytes, zones: ZoneDirectory, progress: ((Int, Int, Int) -> Void)? = nil, provenance: Bool = false) {
        self.input = input
        self.zones = zones
        self.progress = progress
        self.provenance = provenance
    }

    /// An event line is about 150 bytes (the benchmark's average is 155),
    /// and a line may make a session or a count: half of each is the guess.
    public var expectedRecords: ExpectedRecords? {
        ExpectedRecords(sessions: input.count / 300, counts: input.count / 300)
    }

    public mutating func next() throws -> (EventInput, Int)? {
        let total = input.count
        if let progress, read % 16_384 == 0 { progress(read, min(cursor.offset, total), total) }
        guard var (n, range) = cursor.next(in: input.buffer) else { return nil }
        var line = UnsafeBufferPointer(rebasing: input.buffer[range])
        // Blob lines come first (`storeLeadingBlobs` stored them); one after an event is out of place.
        while BlobLine.isBlobLine(line) {
            guard read == 0 else {
                throw InputError(line: n, field: "blob", rule: "blob lines come before the events (as haru export jsonl writes them)")
            }
            guard let next = cursor.next(in: input.buffer) else { return nil }
            (n, range) = next
            line = UnsafeBufferPointer(rebasing: input.buffer[range])
        }
        read += 1
        // The plain lines of a bulk load are read straight into events; the
        // full parser reads the rest and names any error (EventLineFastPath).
        if let fast = EventLineFastPath.decode(buffer: line, zones: zones, provenance: provenance) { return (fast, n) }
        let json: JSONValue
        do { json = try JSONParser.parse(buffer: line) } catch {
            throw InputError(line: n, field: "event", rule: error.description)
        }
        do { return (try EventInput.parse(json, zones: zones, provenance: provenance), n) } catch { throw error.at(line: n) }
    }
}
