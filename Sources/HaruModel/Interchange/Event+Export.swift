/// The line of `haru export jsonl`: the event as it was appended (id, type,
/// at, v, source, data with notes), then what the store added as provenance
/// (seq, recorded, prev, hash, and for an event pulled from another device
/// its origin). Content first, so that two exports of the
/// same history differ only in the tail of each line; `haru import jsonl`
/// reads the content and ignores the provenance.
@_spi(Layers) import HaruSystem

extension Event {
    public func writeExportJSON(prev: Digest, to out: inout JSONBytes, offset: (Instant) -> Int) {
        out.byte(0x7B)
        writeContent(to: &out, offset: offset)
        out.raw(",\"seq\":")
        out.int(Int64(seq))
        out.raw(",\"recorded\":\"")
        Event.writeRecorded(recorded, to: &out.bytes)
        out.raw("\",\"prev\":\"")
        prev.writeHex(to: &out.bytes)
        out.raw("\",\"hash\":\"")
        hash.writeHex(to: &out.bytes)
        // A pulled event: where it was made (Docs/sync.md), so that an import
        // folds it in the same merged order.
        if let origin {
            out.raw("\",\"origin\":{\"recorded\":\"")
            Event.writeRecorded(origin.recorded, to: &out.bytes)
            out.raw("\",\"seq\":")
            out.int(Int64(origin.seq))
            out.raw("}}")
        } else {
            out.raw("\"}")
        }
    }
}
