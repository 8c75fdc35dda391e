/// What a pull may merge of the events it read from a folder or a database
/// that anyone with access could have written into (Docs/sync.md, "What a
/// pull refuses or holds"). One event's fault is that event's: it is named
/// and left out, and every other event of its file, its device and the
/// pull is merged.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel

public enum Admission {
    /// How far ahead of this device's clock an event's origin may be: a
    /// device whose clock is a little ahead is normal; an origin a year
    /// ahead (a wrong clock, or a forged line) would move this device's
    /// transaction time there for good, so such an event is held, not
    /// merged, until the clock reaches it. One day covers every time-zone
    /// mistake (±14 h).
    public static let maxSkew: Int64 = Ledger.maxOriginSkew

    /// The events of `contents` split into those to merge and those left
    /// out (with their line and why) or held for later (their lines: an
    /// origin too far ahead).
    /// - Parameters:
    ///   - known: digests of the blobs this pull brings (an event may name them).
    /// An event left out: its line and why; `blob` when it waits for that
    /// blob only (a later file of the same pull may bring it).
    public struct Refusal {
        public var line: Int
        public var why: String
        public var blob: String?
        public var event: EventInput
    }

    public static func sort(_ contents: Segment.Contents, known: Set<String>, ledger: Ledger, now: Int64) throws -> (
        merge: [EventInput], refused: [Refusal], held: [Int]
    ) {
        var merge: [EventInput] = []
        var refused: [Refusal] = []
        var held: [Int] = []
        let sha = SHA256Context()
        for (k, e) in contents.events.enumerated() {
            let line = k < contents.lines.count ? contents.lines[k] : k + 1
            if e.type == .ledgerRedacted {
                let why = "ledger.redacted is not sent between devices (it names a seq of its own device's log): left out"
                refused.append(Refusal(line: line, why: why, blob: nil, event: e))
                continue
            }
            // Changed after its device wrote it (a row edited in the database,
            // a line edited in the folder): a conflict named by its place, never
            // merged into a silent divergence.
            if k < contents.chain.count, let claim = contents.chain[k], let o = e.origin,
                !Ledger.matchesRecordedHash(e, seq: o.seq, recorded: o.recorded, prev: claim.prev, hash: claim.hash, using: sha)
            {
                let why = "does not match the hash its device's chain recorded for it (changed after it was written): left out"
                refused.append(Refusal(line: line, why: why, blob: nil, event: e))
                continue
            }
            if let o = e.origin, o.recorded > now &+ maxSkew {
                held.append(line)
                continue
            }
            if e.type == .diaryWritten {
                let missing = try Blob.digests(in: e.payload).filter { d in try !known.contains(d) && ledger.blobSize(d) == nil }
                if let d = missing.first {
                    let why = "names the blob \(d.prefix(12))… that neither the file nor this ledger holds: left out until it comes"
                    refused.append(Refusal(line: line, why: why, blob: d, event: e))
                    continue
                }
            }
            merge.append(e)
        }
        return (merge, refused, held)
    }

    /// The digests of blobs (their SHA-256, as events name them).
    public static func digests(of blobs: [[UInt8]]) -> Set<String> {
        Set(blobs.map { Digest.sha256($0).description })
    }
}

extension Admission {
    /// After a merge: of the events held here with other content, those
    /// that are their makers' erasures (the same event with text replaced by
    /// redaction markers: `Ledger.applyErasure`) are erased here too; the
    /// others stay listed as differing.
    static func applyErasures(_ report: inout SyncReport, inputs: [EventInput], ledger: Ledger, now: Int64, zones: ZoneDirectory) throws {
        guard !report.merge.differing.isEmpty else { return }
        var byID: [EventID: EventInput] = [:]
        for e in inputs { if let id = e.id { byID[id] = e } }
        var rest: [EventID] = []
        for id in report.merge.differing {
            // The redaction event's id is drawn from the erased event's id
            // and the clock: the library draws nothing of its own.
            var rng = SplitMix64(seed: id.high ^ id.low.byteSwapped ^ UInt64(bitPattern: now))
            if let e = byID[id], try ledger.applyErasure(of: e, now: now, zones: zones, rng: &rng) {
                report.erased += 1
            } else {
                rest.append(id)
            }
        }
        report.merge.differing = rest
    }
}
