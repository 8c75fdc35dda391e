/// Erasing for good once a ledger syncs (`haru redact` of this device's own
/// event): the files this device wrote with the event's text are written
/// again with the text replaced by its redaction markers, the attachments it
/// erased left out (Docs/sync.md, "Erasing for good"). The other devices
/// read the changed file again and erase their copies (`applyErasures`).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

extension FolderSync {
    /// Writes again every file of this device's folder that holds one of
    /// `erased`, each whole with a new trailer.
    /// - Returns: the new records of the files written, and the erased
    ///   events' lines as stored now (each with its newline).
    func rewriteErased(
        _ erased: [(seq: UInt64, id: EventID)], in mine: String, me: String, offset: (Instant) -> Int, report: inout SyncReport
    ) throws -> (records: [(key: String, value: [UInt8])], lines: [UInt8]) {
        var lineOf: [[UInt8]: [UInt8]] = [:]  // `"id":"…"` → the event's line as stored now
        var lines: [UInt8] = []
        for (seq, id) in erased {
            guard let line = try ledger.exportLine(of: seq, offset: offset) else { continue }
            lineOf[Array(#"{"id":"\#(id)""#.utf8)] = line
            lines += line + [0x0A]
        }
        var records: [(key: String, value: [UInt8])] = []
        for name in DirectoryNames.list(mine) where Segment.seqs(ofName: name) != nil {
            let path = mine + "/" + name
            guard FileStamp.of(path)?.regular == true, let bytes = FileBytes.read(path, limit: Int(Self.fileLimit), followLinks: false)
            else { continue }
            let body = Segment.split(bytes).body
            var out: [UInt8] = []
            var changed = false
            var blobs = 0, events = 0
            for (_, line) in JSONLines.split(Array(body)) {
                if line.withUnsafeBufferPointer({ BlobLine.isBlobLine($0) }) {
                    // An attachment the redaction erased is gone from the ledger: its line goes too.
                    let digest = String(decoding: line.dropFirst(9).prefix(64), as: UTF8.self)
                    if try ledger.blobSize(digest) == nil {
                        changed = true
                        continue
                    }
                    out += line
                    blobs += 1
                } else if let key = lineOf.keys.first(where: { line.starts(with: $0) }), let now = lineOf[key] {
                    changed = changed || !line.elementsEqual(now)
                    out += now
                    events += 1
                } else {
                    out += line
                    events += 1
                }
                out.append(0x0A)
            }
            guard changed else { continue }
            if let why = WholeFile.write(out + Segment.trailer(for: out, blobs: blobs, events: events), to: path) { throw SyncError(why) }
            if let stamp = FileStamp.of(path) { records.append((fileKey(me, name), Self.record(stamp, .whole))) }
            report.rewritten += 1
        }
        return (records, lines)
    }
}
