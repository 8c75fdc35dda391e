/// What a sync sends of this ledger: its own events (those it appended, not
/// those it pulled), as export lines, with the attachments they name.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// A run of this device's own events, ready to be written as one file.
public struct OwnEvents: Sendable {
    /// The seqs the run covers: every own event in it is in `lines`.
    public var seqs: ClosedRange<UInt64>
    /// How many events `lines` holds.
    public var count: Int
    /// How many blob lines come before them.
    public var blobs: Int
    /// Attachments the events name whose stored bytes are damaged (they no
    /// longer hash to their digest): left out of `lines`, never spread.
    public var damagedBlobs: [String] = []
    /// This device's own events that a `ledger.redacted` in the run erased:
    /// sent before with their text, so what was sent is to be written again
    /// (`Ledger.exportLine(of:)`), and the other devices erase it too.
    public var erased: [(seq: UInt64, id: EventID)] = []
    /// One blob line per attachment the events name (`BlobLine`), then one
    /// export line per event.
    public var lines: [UInt8]
}

extension Ledger {
    /// This device's own events after seq `after`, at most `limit` of them
    /// (nil when there are none up to the head). Pulled events (with an
    /// origin) are other devices' to send; `ledger.redacted` names seqs of
    /// this log only and stays here.
    /// - Parameter offset: the UTC offset instants print with.
    public func ownEvents(after: UInt64, limit: Int, offset: (Instant) -> Int) throws -> OwnEvents? {
        try environment.read { txn in
            let head = try head(txn).seq
            guard after < head else { return nil }
            var out = JSONBytes(capacity: 4096)
            var blobs: [String] = []
            var count = 0
            var erased: [(seq: UInt64, id: EventID)] = []
            var last = after
            var prev = after > 0 ? (try event(after, txn)?.hash ?? .zero) : Digest.zero
            try txn.scan(events, from: after + 1) { k, v in
                let seq = try k.withUnsafeBytes { try EventRecord.seq(fromKey: $0) }
                let e: Event
                do { e = try v.withUnsafeBytes { try EventRecord.decode(seq: seq, $0) } } catch let err as DecodeError {
                    throw LedgerError.damaged(seq: seq, reason: err.reason)
                }
                defer { prev = e.hash }
                if e.type == .ledgerRedacted, let r = Redaction(seq: seq, payload: e.payload),
                    let target = try event(r.target, txn), target.origin == nil
                {
                    erased.append((r.target, target.id))
                }
                if e.origin == nil, e.type != .ledgerRedacted {
                    guard count < limit else { return false }
                    e.writeExportJSON(prev: prev, to: &out, offset: offset)
                    out.byte(0x0A)
                    count += 1
                    if e.type == .diaryWritten { blobs += Blob.digests(in: e.payload) }
                }
                last = seq
                return true
            }
            guard count > 0 || last > after else { return nil }
            var lines: [UInt8] = []
            var seen = Set<String>()
            var blobLines = 0
            var damaged: [String] = []
            for d in blobs where seen.insert(d).inserted {
                // A blob redacted meanwhile is gone: the page names a marker now.
                guard let blobs = self.blobs, let key = Ledger.blobKey(d), let bytes = try txn.copy(blobs, key) else { continue }
                guard let digest = Digest(hex: d), bytes.withUnsafeBytes({ Ledger.holds($0, digest: digest) }) else {
                    damaged.append(d)
                    continue
                }
                bytes.withUnsafeBytes { BlobLine.write(digest: d, bytes: $0, to: &lines) }
                blobLines += 1
            }
            lines += out.bytes
            return OwnEvents(seqs: (after + 1)...last, count: count, blobs: blobLines, damagedBlobs: damaged, erased: erased, lines: lines)
        }
    }
}

extension Ledger {
    /// The export line this device sends for its own event at `seq` as it is
    /// stored now (with redaction markers once erased), without the newline.
    public func exportLine(of seq: UInt64, offset: (Instant) -> Int) throws -> [UInt8]? {
        try environment.read { txn in
            guard let e = try event(seq, txn) else { return nil }
            let prev = seq > 1 ? (try event(seq - 1, txn)?.hash ?? .zero) : Digest.zero
            var out = JSONBytes(capacity: 512)
            e.writeExportJSON(prev: prev, to: &out, offset: offset)
            return out.bytes
        }
    }
}
