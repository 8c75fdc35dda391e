/// An input event with what its stored record needs that does not depend on
/// the ledger: the record's bytes but for the transaction time, the drawn id
/// and the chain hash, and the SHA-256 of the payload. A source that reads
/// ahead on another thread (`ReadAhead`) prepares events there, so the
/// appending thread, which alone holds the write transaction, is left with
/// the fold, three patches, one hash and the puts (`EventRecord.seal`).
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

@_spi(Layers) public struct PreparedEvent: Sendable {
    @_spi(Layers) public var input: EventInput
    /// The input line, for error messages.
    @_spi(Layers) public var line: Int
    /// The stored record with zeros for `recorded`, the id (when the input
    /// has none) and the hash.
    var record: [UInt8]
    var payloadDigest: Digest
    /// The record the event creates, if it creates one.
    let creates: RecordHint?

    /// Encodes the record and hashes the payload (with the caller's context: one per thread).
    /// The input is taken, not copied (a copy retained and released each of its strings and arrays).
    init(_ input: consuming EventInput, line: Int, using sha: SHA256Context) {
        self.input = input
        self.line = line
        creates = RecordHint(self.input)
        var w = ByteWriter(capacity: 192)
        EventRecord.writeEnvelope(
            to: &w, recorded: 0, at: self.input.at, type: self.input.type, version: UInt8(truncatingIfNeeded: self.input.version),
            id: self.input.id ?? EventID(high: 0, low: 0), source: self.input.source ?? "", origin: self.input.origin, hash: .zero,
            redactedDigest: nil)
        let payloadStart = w.bytes.count
        self.input.payload.encode(to: &w)  // straight into the record, hashed where it is
        record = w.bytes
        payloadDigest = record.withUnsafeBytes { sha.hash(UnsafeRawBufferPointer(rebasing: $0[payloadStart...])) }
    }
}

extension EventSource {
    @_spi(Layers) public var expectedRecords: ExpectedRecords? { nil }

    @_spi(Layers) public mutating func withNextPrepared(
        using sha: SHA256Context, upcoming: (RecordHint) -> Void, _ body: (inout PreparedEvent) throws -> Void
    ) throws -> Bool {
        guard var p = try nextPrepared(using: sha) else { return false }
        try body(&p)
        return true
    }

    /// `withNextPrepared` with no use for what comes next.
    @_spi(Layers) public mutating func withNextPrepared(using sha: SHA256Context, _ body: (inout PreparedEvent) throws -> Void) throws
        -> Bool
    {
        try withNextPrepared(using: sha, upcoming: { _ in }, body)
    }

    /// The next event, prepared on the caller's thread; a source that reads
    /// ahead hands over events it prepared on its own.
    @_spi(Layers) public mutating func nextPrepared(using sha: SHA256Context) throws -> PreparedEvent? {
        guard let (input, line) = try next() else { return nil }
        return PreparedEvent(input, line: line, using: sha)
    }
}
