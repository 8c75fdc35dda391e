@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// Redaction: the user text of a past event replaced by a marker, for good,
/// with the chain still verifying (Docs/design.md, "Redaction").
#if canImport(Glibc)
    import Glibc
#endif

/// What `redact` did.
public struct RedactReport: Sendable, Equatable {
    /// The event whose text was removed.
    public var seq: UInt64
    /// The fields removed, by their JSON names.
    public var fields: [String]
    /// The `ledger.redacted` event that records it.
    public var redactionSeq: UInt64
    /// SHA-256 of the original payload, as the chain covers it: a holder of
    /// the original can show it matches.
    public var digest: Digest
}

extension Ledger {
    /// The fields that hold user text.
    public static let redactable: [Field] = [.name, .note, .title, .text]

    /// What replaces removed text: unique per event, since a name must stay
    /// unique among live definitions when the log is folded again.
    public static func redactionMarker(_ seq: UInt64) -> String { "[redacted: seq \(seq)]" }

    /// Replaces the user text of the event at `seq` (all of it, or `fields`)
    /// with a marker, in one commit with a `ledger.redacted` event that
    /// records the original payload's digest and the new payload's, and with
    /// the projections brought to the new text (through a new projection set
    /// when they change). The event's envelope and hash do not change: the
    /// chain covers the original payload's digest, which the record keeps.
    /// - Throws: `LedgerError.invalid` for a seq that is not there, an event
    ///   without such text, one already redacted, or a redaction record.
    public func redact<G: RandomNumberGenerator>(
        seq: UInt64, fields wanted: [Field]?, reason: String, now: Int64, zones: ZoneDirectory, rng: inout G
    ) throws -> RedactReport {
        var newHead: Head?
        var replaced: ProjectionSet?
        func refuse(_ field: String, _ rule: String) -> LedgerError { .invalid(InputError(field: field, rule: rule)) }
        return try environment.write(
            { txn in
                _ = try projections(txn.reading)
                guard let stored = try txn.copy(events, seq) else { throw refuse("SEQ", "seq \(seq) is not in the ledger") }
                let event: Event
                do { event = try stored.withUnsafeBytes { try EventRecord.decode(seq: seq, $0) } } catch let e as DecodeError {
                    throw LedgerError.damaged(seq: seq, reason: e.reason)
                }
                guard event.redactedDigest == nil else { throw refuse("SEQ", "seq \(seq) is redacted already; its text is gone") }
                guard event.type != .ledgerRedacted else { throw refuse("SEQ", "seq \(seq) records a redaction; it holds no user text") }
                guard Int(event.version) == event.type.currentVersion else {
                    throw refuse("SEQ", "seq \(seq) has payload version \(event.version); only current payloads can be redacted")
                }
                // User text, and the attachments a diary page names (their bytes are erased below).
                let present =
                    Self.redactable.filter { event.payload.string($0) != nil }
                    + Blob.fields.filter { !Blob.digests(in: event.payload, fields: [$0]).isEmpty }
                var chosen = wanted ?? present
                // The attachments' file names go with them (a name says what the file was).
                if chosen.contains(.attachments), event.payload.strings(.attachmentNames) != nil { chosen.append(.attachmentNames) }
                guard !chosen.isEmpty else {
                    throw refuse("SEQ", "seq \(seq) (\(event.type.name)) holds no user text (name, note, title, text) and no attachments")
                }
                for f in chosen where !present.contains(f) && f != .attachmentNames {
                    throw refuse("--field", "seq \(seq) (\(event.type.name)) has no \(f.jsonName)")
                }
                // The record again, its payload's text replaced, flagged, keeping the original digest.
                let sha = SHA256Context()
                let original = try stored.withUnsafeBytes { sha.hash(try EventRecord.link($0).payload) }
                var payload = event.payload
                for f in chosen {
                    payload[f] =
                        f == .attachments || f == .attachmentNames
                        ? .strings([Self.redactionMarker(seq)]) : .string(Self.redactionMarker(seq))
                }
                let erased = Blob.digests(in: event.payload, fields: chosen)
                var body = ByteWriter(capacity: 256)
                payload.encode(to: &body)
                var record = ByteWriter(capacity: stored.count)
                EventRecord.writeEnvelope(
                    to: &record, recorded: event.recorded, at: event.at, type: event.type, version: event.version, id: event.id,
                    source: event.source, origin: event.origin, hash: event.hash, redactedDigest: original)
                record.raw(body.bytes)
                try txn.put(events, seq, record.bytes)
                // The redaction, recorded in the chain.
                let names = chosen.map(\.jsonName)
                let data: JSONValue = .object([
                    ("seq", .int(Int64(seq))), ("fields", .array(names.map { .string($0) })), ("reason", .string(reason)),
                    ("digest", .string(original.description)),
                    ("redacted_digest", .string(body.bytes.withUnsafeBytes { sha.hash($0) }.description)),
                ])
                let input = EventInput(
                    type: .ledgerRedacted, at: Instant(seconds: now >= 0 ? now / 1_000_000 : (now - 999_999) / 1_000_000), source: "cli",
                    payload: try Payload.parse(data, type: .ledgerRedacted, zones: zones))
                let (result, head) = try append(
                    in: txn, from: { ArrayEventSource(inputs: [input], lines: nil) }, expectHead: nil, now: now, rng: &rng)
                newHead = head
                // The projections that held the text follow it.
                replaced = try rebuild(in: txn, fresh: false).1
                // Nothing that held the text is kept to be put back (`UndoLog`).
                try clearUndo(txn)
                // The attachments' bytes go, unless another page still names them
                // (the same photo kept for two days is one blob).
                if !erased.isEmpty {
                    let named = try namedBlobs(StoredEntities(txn: txn.reading, db: (replaced ?? projections(txn.reading)).state))
                    for d in erased where named[d] == nil { _ = try deleteBlob(d, in: txn) }
                }
                return RedactReport(seq: seq, fields: names, redactionSeq: result.head, digest: original)
            },
            afterCommit: { _ in
                recordHead(afterCommit: newHead)
                if let replaced { replaceProjectionSet(replaced) }
            })
    }
}

/// What `compact` wrote.
public struct CompactReport: Sendable, Equatable {
    public var events: UInt64
    /// The data files' sizes, before (this ledger) and after (the copy).
    public var bytesBefore: Int64
    public var bytesAfter: Int64
}

extension Ledger {
    /// Writes a compact copy of the ledger at `path` (a new ledger): every
    /// event record as it is stored (redacted ones included), every blob, the
    /// ledger's records in `meta` (device id, merge and sync state), and
    /// projections made from them anew. Nothing else of this ledger's file
    /// is copied: not its free pages (where text removed by `redact` can
    /// linger), not projection sets replaced by a rebuild. What `mdb_copy -c`
    /// does for the pages, done for the ledger's content.
    /// - Throws: `LedgerError.exists` when there is a ledger at `path`.
    public func compact(to path: String) throws -> CompactReport { try compact(to: path, inPlace: false) }

    /// - Parameter inPlace: the copy is to take this ledger's place
    ///   (`compactInPlace`): it is the same device, at home in its new
    ///   directory. Otherwise it is a copy (`confirmDeviceHome`).
    func compact(to path: String, inPlace: Bool) throws -> CompactReport {
        let copy = try Ledger.create(path: path, zones: zones)
        try environment.read { txn in
            try copy.environment.write { out in
                try out.putInKeyOrder(copy.events) { puts in
                    try txn.scan(events) { k, v in
                        try k.withUnsafeBytes { k in try v.withUnsafeBytes { v in try puts.put(key: k, value: v) } }
                        return true
                    }
                }
                // The blobs the ledger holds (an erased one is not among them).
                if let from = blobs, let to = copy.blobs {
                    try txn.scan(from) { k, v in
                        try out.put(to, k.withUnsafeBytes { Array($0) }, v.withUnsafeBytes { Array($0) })
                        return true
                    }
                }
                // The ledger's own records in `meta` (its device id, how it merged
                // and synced: a merged ledger folds in merged order), all but
                // which projection set is in use, which the rebuild writes.
                if let from = meta, let to = copy.meta {
                    try txn.scan(from) { k, v in
                        let key = k.withUnsafeBytes { Array($0) }
                        if key != ProjectionMeta.key { try out.put(to, key, v.withUnsafeBytes { Array($0) }) }
                        return true
                    }
                    let home = try txn.get(from, Ledger.deviceHomeKey) { v in v.withUnsafeBytes { Array($0) } }
                    if inPlace, let here = environment.directoryInode, home == Ledger.inodeBytes(here),
                        let there = copy.environment.directoryInode
                    {
                        try out.put(to, Ledger.deviceHomeKey, Ledger.inodeBytes(there))
                    }
                }
                _ = try copy.rebuild(in: out, fresh: true)
            }
        }
        let head = try copy.head()
        try HeadRecord.writeChecked(head, in: path)
        func size(_ p: String) -> Int64 {
            var st = stat()
            return stat(p + "/data.mdb", &st) == 0 ? Int64(st.st_size) : 0
        }
        return CompactReport(events: head.seq, bytesBefore: size(environment.path), bytesAfter: size(path))
    }
}

extension Ledger {
    /// Erases this ledger's copy of an event the way the device that made it
    /// erased it (`haru redact` there, then `haru sync`): `marked` is that
    /// device's line for the event now — the same payload with some fields
    /// replaced by `[redacted: seq N]`, N its seq there. When the stored
    /// event is exactly that with the text still in those fields, they are
    /// erased here too (`redact`, with its own `ledger.redacted` event);
    /// anything else (another change, a marker naming another seq) is not
    /// an erasure and nothing is done.
    /// - Returns: whether it erased.
    public func applyErasure<G: RandomNumberGenerator>(of marked: EventInput, now: Int64, zones: ZoneDirectory, rng: inout G) throws
        -> Bool
    {
        guard let id = marked.id, let origin = marked.origin else { return false }
        guard let stored = try environment.read({ txn in try existingEvent(id, txn) }), stored.redactedDigest == nil,
            stored.type == marked.type, stored.payload.fields.count == marked.payload.fields.count
        else { return false }
        let marker = Ledger.redactionMarker(origin.seq)
        var erased: [Field] = []
        for ((f, mine), (g, theirs)) in zip(stored.payload.fields, marked.payload.fields) {
            guard f == g else { return false }
            if mine == theirs { continue }
            switch (mine, theirs) {
            case (.string, .string(let m)) where m == marker: erased.append(f)
            case (.strings, .strings(let m)) where m == [marker]: erased.append(f)
            default: return false
            }
        }
        guard !erased.isEmpty else { return false }
        _ = try redact(seq: stored.seq, fields: erased, reason: "erased on the device that made it", now: now, zones: zones, rng: &rng)
        return true
    }
}
