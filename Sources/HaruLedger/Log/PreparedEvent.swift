/// An input event with what its stored record needs that does not depend on
/// the ledger: the record's bytes but for the transaction time, the drawn id
/// and the chain hash, and the SHA-256 of the payload. A source that reads
/// ahead on another thread (`ReadAhead`) prepares events there, so the
/// appending thread, which alone holds the write transaction, is left with
/// the fold, three patches, one hash and the puts (`EventRecord.seal`).
public struct PreparedEvent {
    public var input: EventInput
    /// The input line, for error messages.
    public var line: Int
    /// The stored record with zeros for `recorded`, the id (when the input
    /// has none) and the hash.
    var record: [UInt8]
    var payloadDigest: Digest
    /// The id a reading thread drew for an event that came without one.
    var drawnID: EventID?
    /// Set when a reading thread completed the record (`ChainSealer`): the
    /// seq and previous hash it assumed, and the hash. The appending thread
    /// takes it when its own seq and previous hash are the same.
    var sealed: (seq: UInt64, prev: Digest, hash: Digest)?

    /// Encodes the record and hashes the payload (with the caller's context: one per thread).
    init(_ input: EventInput, line: Int, using sha: SHA256Context) {
        self.input = input
        self.line = line
        var w = ByteWriter(capacity: 192)
        EventRecord.writeEnvelope(
            to: &w, recorded: 0, at: input.at, type: input.type, version: UInt8(truncatingIfNeeded: input.version),
            id: input.id ?? EventID(high: 0, low: 0), source: input.source ?? "", hash: .zero, redactedDigest: nil)
        let payloadStart = w.bytes.count
        input.payload.encode(to: &w)  // straight into the record, hashed where it is
        record = w.bytes
        payloadDigest = record.withUnsafeBytes { sha.hash(UnsafeRawBufferPointer(rebasing: $0[payloadStart...])) }
    }
}

/// Where a batch's chain starts: what a source that completes records ahead
/// (`ChainSealer`) needs from the appending thread's transaction.
public struct ChainStart: Sendable {
    /// The head before the batch.
    var seq: UInt64
    var hash: Digest
    /// The batch's transaction time (µs) and its milliseconds (for drawn ids).
    var recorded: Int64
    var millis: Int64
    /// Seeds the ids drawn ahead (so they follow from the caller's random source).
    var idSeed: UInt64
}

/// Completes records ahead of the appending thread, on the reading thread:
/// the transaction time, a drawn id and the chain hash, assuming every event
/// gets the next seq. An event the append skips (an idempotent retry) breaks
/// the assumption; from there the appending thread sees a different seq or
/// previous hash and completes the records itself (Docs/design.md, "Batch
/// appends").
struct ChainSealer {
    private var next: UInt64
    private var prev: Digest
    private let recorded: Int64
    private let millis: Int64
    private var drawn: EventID?
    private var rng: SplitMix64

    init(_ start: ChainStart) {
        next = start.seq + 1
        prev = start.hash
        recorded = start.recorded
        millis = start.millis
        rng = SplitMix64(seed: start.idSeed)
    }

    mutating func seal(_ p: inout PreparedEvent, using sha: SHA256Context) {
        let id: EventID
        if let given = p.input.id {
            id = given
        } else {
            id = EventID.v7(unixMillis: millis, after: drawn, using: &rng)
            drawn = id
            p.drawnID = id
        }
        // A record that does not read back is left to the appending thread (which then reports it).
        guard let hash = try? EventRecord.seal(seq: next, recorded: recorded, prepared: &p, id: id, prev: prev, using: sha)
        else { return }
        p.sealed = (next, prev, hash)
        prev = hash
        next += 1
    }
}

extension EventSource {
    public mutating func finished(with event: consuming PreparedEvent) {}
    public mutating func begin(_ start: ChainStart, idSeed: () -> UInt64) {}
    public var expectedEvents: Int? { nil }

    /// The next event, prepared on the caller's thread; a source that reads
    /// ahead hands over events it prepared on its own.
    public mutating func nextPrepared(using sha: SHA256Context) throws -> PreparedEvent? {
        guard let (input, line) = try next() else { return nil }
        return PreparedEvent(input, line: line, using: sha)
    }
}
