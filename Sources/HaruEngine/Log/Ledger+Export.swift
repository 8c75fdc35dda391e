/// `haru export jsonl`: every event as a line, formatted on the machine's two
/// cores. Formatting (decoding each record and writing its JSON, three
/// instants and two hashes) is the whole cost of an export; the chunks of
/// the log alternate between this thread and a second one, and are handed to
/// the writer in seq order.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension Ledger {
    /// Events per chunk: about 4 MiB of text, so the two threads swap rarely
    /// and a chunk waiting to be written stays small.
    static let exportChunk: UInt64 = 16_384

    /// Calls `write` with a line for every blob the ledger holds
    /// (`BlobLine`), then the export lines of the events from `from` on (one
    /// read snapshot), chunk by chunk in seq order.
    /// - Parameter offset: the UTC offset instants print with.
    /// - Returns: how many events were written.
    @discardableResult
    public func exportJSONL(
        from: UInt64, offset: @escaping @Sendable (Instant) -> Int, write: ([UInt8]) throws -> Void
    ) throws -> Int {
        let done: Int? = try environment.read { txn in
            let snapshot = txn.snapshotID
            let head = try head(txn).seq
            guard from <= head else { return 0 }
            let chunks = Int((head - from) / Ledger.exportChunk) + 1
            func range(_ k: Int) -> ClosedRange<UInt64> {
                let lo = from + UInt64(k) * Ledger.exportChunk
                return lo...min(head, lo + Ledger.exportChunk - 1)
            }
            // The second thread formats the odd chunks; its first item says it
            // reads the same snapshot (else nothing is written and we start over).
            let odd = Channel<[UInt8]>(capacity: 2)
            let (_, written) = try Parallel.both(
                { [environment] in
                    defer { odd.close() }
                    try environment.read { t in
                        guard t.snapshotID == snapshot else { return }
                        guard odd.send([]) else { return }
                        for k in stride(from: 1, to: chunks, by: 2) {
                            guard odd.send(try self.exportLines(range(k), t, offset: offset)) else { return }
                        }
                    }
                },
                { () throws -> Int? in
                    var first = try exportLines(range(0), txn, offset: offset)
                    guard odd.receive() != nil else { return nil }  // another snapshot: start over
                    var count = 0
                    // Blobs first, from the same snapshot: an import stores them
                    // before the events that name them.
                    try forEachBlob(txn) { digest, bytes in
                        // A damaged blob would make an export that does not import: refused, named.
                        guard bytes.withUnsafeBytes({ Ledger.holds($0, digest: digest) }) else {
                            throw LedgerError.damagedBlob(digest: digest.description)
                        }
                        var line: [UInt8] = []
                        bytes.withUnsafeBytes { BlobLine.write(digest: digest.description, bytes: $0, to: &line) }
                        try write(line)
                        return true
                    }
                    for k in stride(from: 0, to: chunks, by: 2) {
                        if k > 0 { first = try exportLines(range(k), txn, offset: offset) }
                        try write(first)
                        count += Int(range(k).count)
                        guard k + 1 < chunks else { break }
                        guard let next = odd.receive() else {
                            throw LedgerError.damaged(seq: range(k + 1).lowerBound, reason: "the export's second thread stopped")
                        }
                        try write(next)
                        count += Int(range(k + 1).count)
                    }
                    return count
                }, together: true)
            return written
        }
        return try done ?? exportJSONL(from: from, offset: offset, write: write)
    }

    /// The export lines of the events in `seqs`.
    func exportLines(_ seqs: ClosedRange<UInt64>, _ txn: ReadTransaction, offset: (Instant) -> Int) throws -> [UInt8] {
        var prev = seqs.lowerBound > 1 ? (try event(seqs.lowerBound - 1, txn)?.hash ?? .zero) : Digest.zero
        var out = JSONBytes(capacity: seqs.count * 280)
        try txn.scan(events, from: seqs.lowerBound) { k, v in
            let seq = try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) }
            if seq > seqs.upperBound { return false }
            let e: Event
            do { e = try v.withUnsafeBytes { try EventRecord.decode(seq: seq, $0) } } catch let err as DecodeError {
                throw LedgerError.damaged(seq: seq, reason: err.reason)
            }
            e.writeExportJSON(prev: prev, to: &out, offset: offset)
            out.byte(0x0A)
            prev = e.hash
            return true
        }
        return out.bytes
    }
}
