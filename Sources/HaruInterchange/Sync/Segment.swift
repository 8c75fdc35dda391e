/// A segment: one file of a device's own events in a sync folder
/// (Docs/sync.md). Its name is the run of the device's seqs it covers,
/// `<first>-<last>.jsonl` (16 digits each, so names sort in seq order); its
/// lines are blob lines, then `haru export jsonl` lines, whose `seq` and
/// `recorded` are the events' origin.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

#if canImport(Glibc)
    import Glibc
#endif

public enum Segment {
    /// The file name of the run `seqs`.
    public static func name(_ seqs: ClosedRange<UInt64>) -> String {
        func digits(_ n: UInt64) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, 16 - s.count)) + s
        }
        return digits(seqs.lowerBound) + "-" + digits(seqs.upperBound) + ".jsonl"
    }

    /// The run a file name covers; nil for any other name (a sync tool's
    /// temporary file, a conflict copy, a note someone left).
    public static func seqs(ofName name: String) -> ClosedRange<UInt64>? {
        let u = Array(name.utf8)
        guard u.count == 16 + 1 + 16 + 6, name.hasSuffix(".jsonl"), u[16] == UInt8(ascii: "-") else { return nil }
        guard u[0..<16].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), u[17..<33].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        guard let a = UInt64(String(decoding: u[0..<16], as: UTF8.self)), let b = UInt64(String(decoding: u[17..<33], as: UTF8.self)),
            a >= 1, a <= b
        else { return nil }
        return a...b
    }

    /// What a segment holds: its attachments and its events, each with its origin.
    public struct Contents: Sendable {
        public var blobs: [[UInt8]] = []
        public var events: [EventInput] = []
        /// The line (or database position) each event came from.
        public var lines: [Int] = []
        /// What each event's line says its maker's chain recorded (`prev`,
        /// `hash`); nil for a line without them or with an `origin` (an
        /// event its exporter had pulled: another device made it).
        public var chain: [(prev: Digest, hash: Digest)?] = []
    }

    /// The last line of every segment this version writes: how many blob
    /// and event lines come before it, and the SHA-256 of their bytes. A
    /// sync tool, `cp`, `scp` or SMB creates a file before it writes it and
    /// may be seen at any point of that: a file is *whole* only when its
    /// last line is a trailer that matches everything before it.
    public static func trailer(for body: [UInt8], blobs: Int, events: Int) -> [UInt8] {
        var hex: [UInt8] = []
        body.withUnsafeBytes { Digest.sha256($0) }.writeHex(to: &hex)
        return Array(#"{"segment":{"blobs":\#(blobs),"events":\#(events),"sha256":""#.utf8) + hex + Array(#""}}"#.utf8) + [0x0A]
    }

    /// A segment's bytes split into the lines before its trailer and
    /// whether the file is whole (its trailer there and matching).
    public struct Split {
        /// The bytes before the trailer (all of them when there is none).
        public var body: ArraySlice<UInt8>
        /// The trailer is there and matches the body (line counts and digest).
        public var whole: Bool
        /// The last line is a trailer (matching or not).
        public var hasTrailer: Bool
    }

    /// Finds the trailer (`trailer(for:)`) and checks it against the bytes before it.
    public static func split(_ bytes: [UInt8]) -> Split {
        let marker = Array(#"{"segment":"#.utf8)
        // The last line: from after the newline before the final one.
        guard bytes.last == 0x0A else { return Split(body: bytes[...], whole: false, hasTrailer: false) }
        let end = bytes.count - 1
        let start = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let last = bytes[start..<end]
        guard last.starts(with: marker), let json = try? JSONParser.parse(slice: last), let fields = json["segment"]
        else { return Split(body: bytes[...], whole: false, hasTrailer: false) }
        let body = bytes[..<start]
        var hex: [UInt8] = []
        body.withUnsafeBytes { Digest.sha256($0) }.writeHex(to: &hex)
        guard case .string(let digest)? = fields["sha256"], digest.utf8.elementsEqual(hex), case .int(let blobs)? = fields["blobs"],
            case .int(let events)? = fields["events"]
        else { return Split(body: body, whole: false, hasTrailer: true) }
        var b = 0, e = 0
        for (_, line) in JSONLines.split(Array(body)) {
            if line.withUnsafeBufferPointer({ BlobLine.isBlobLine($0) }) { b += 1 } else { e += 1 }
        }
        return Split(body: body, whole: b == blobs && e == events, hasTrailer: true)
    }

    /// Reads the complete lines of a segment that may not be whole, line by
    /// line: a line that cannot be read is listed (its number and why) and
    /// the others are still read; a last line without its newline is one
    /// being written and is left for later.
    public static func readLines(_ body: ArraySlice<UInt8>, zones: ZoneDirectory) -> (Contents, bad: [(line: Int, why: String)]) {
        var out = Contents()
        var bad: [(line: Int, why: String)] = []
        var bytes = Array(body)
        if let lastNewline = bytes.lastIndex(of: 0x0A) { bytes.removeSubrange((lastNewline + 1)...) } else { bytes = [] }
        for (n, line) in JSONLines.split(bytes) {
            let isBlob = line.withUnsafeBufferPointer { BlobLine.isBlobLine($0) }
            if isBlob, !out.events.isEmpty {
                bad.append((n, "blob: blob lines come before the events"))
                continue
            }
            do { try add(line: line, number: n, to: &out, zones: zones) } catch { bad.append((n, error.description)) }
        }
        return (out, bad)
    }

    /// Reads a segment's bytes (a trailer at the end, if any, is not an event).
    /// - Throws: `InputError` naming the line and field.
    public static func read(_ bytes: [UInt8], zones: ZoneDirectory) throws(InputError) -> Contents {
        var out = Contents()
        let split = split(bytes)
        for (n, line) in JSONLines.split(split.hasTrailer ? Array(split.body) : bytes) {
            let isBlob = line.withUnsafeBufferPointer { BlobLine.isBlobLine($0) }
            if isBlob, !out.events.isEmpty {
                throw InputError(field: "blob", rule: "blob lines come before the events").at(line: n)
            }
            try add(line: line, number: n, to: &out, zones: zones)
        }
        return out
    }

    /// Reads one line (a blob line or an event line) into `out`.
    /// - Throws: `InputError` naming the line (`number`) and field.
    public static func add(line: ArraySlice<UInt8>, number n: Int, to out: inout Contents, zones: ZoneDirectory) throws(InputError) {
        let isBlob = line.withUnsafeBufferPointer { BlobLine.isBlobLine($0) }
        if isBlob {
            let blob = try line.withUnsafeBufferPointer { b throws(InputError) in try BlobLine.parse(b, number: n) }
            out.blobs.append(blob.bytes)
            return
        }
        let json: JSONValue
        do { json = try JSONParser.parse(slice: line) } catch {
            throw InputError(field: "line", rule: error.description).at(line: n)
        }
        do throws(InputError) {
            var e = try EventInput.parse(json, zones: zones, provenance: true)
            guard e.id != nil else { throw InputError(field: "id", rule: "is required in a sync segment") }
            guard case .int(let seq)? = json["seq"], seq >= 1 else {
                throw InputError(field: "seq", rule: "is required in a sync segment (the event's seq where it was made)")
            }
            guard case .string(let r)? = json["recorded"], let recorded = Event.parseRecorded(r.utf8) else {
                throw InputError(field: "recorded", rule: "is required in a sync segment, as export writes it (…T07:30:00.123456Z)")
            }
            e.origin = Origin(recorded: recorded, seq: UInt64(seq))
            e.recorded = recorded
            // An event the exporting ledger had pulled: where it was made.
            if let o = json["origin"] {
                guard case .string(let r)? = o["recorded"], let recorded = Event.parseRecorded(r.utf8), case .int(let seq)? = o["seq"],
                    seq >= 1
                else {
                    throw InputError(
                        field: "origin", rule: "must be {\"recorded\": \"…T07:30:00.123456Z\", \"seq\": N}, as export writes it")
                }
                e.origin = Origin(recorded: recorded, seq: UInt64(seq))
            }
            var claim: (prev: Digest, hash: Digest)?
            if json["origin"] == nil, case .string(let p)? = json["prev"], case .string(let h)? = json["hash"], let prev = Digest(hex: p),
                let hash = Digest(hex: h)
            {
                claim = (prev, hash)
            }
            out.events.append(e)
            out.lines.append(n)
            out.chain.append(claim)
        } catch {
            throw error.at(line: n)
        }
    }

    /// Whether an export holds events with an origin (its ledger merged
    /// other devices' events). The bytes `,"origin":{"recorded":` cannot be
    /// inside a JSON string (its quotes would be escaped there).
    /// The scan goes from `{` to `{` (`memchr`, a few a line) and compares
    /// around each: a byte-at-a-time scan was a seventh of importing an
    /// export of 110,000 events, before the import could start.
    public static func holdsOrigins(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let before = Array(#","origin":"#.utf8), after = Array(#"{"recorded":"#.utf8)
        guard let base = bytes.baseAddress else { return false }
        var i = before.count
        while i + after.count <= bytes.count {
            guard let hit = memchr(base + i, Int32(UInt8(ascii: "{")), bytes.count - i) else { return false }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if at + after.count <= bytes.count, before.indices.allSatisfy({ bytes[at - before.count + $0] == before[$0] }),
                after.indices.allSatisfy({ bytes[at + $0] == after[$0] })
            {
                return true
            }
            i = at + 1
        }
        return false
    }

    /// `2026-03-04T07:30:00.123456Z` → microseconds since the epoch.
}
