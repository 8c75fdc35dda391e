import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

struct BinaryEncoding {
    @Test(arguments: [Int64.min, -1, 0, 1, 63, 64, -65, 1 << 40, Int64.max])
    func signedVarintsRoundTrip(value: Int64) throws {
        var w = ByteWriter()
        w.svarint(value)
        let (back, atEnd) = try w.bytes.withUnsafeBytes { (raw) throws -> (Int64, Bool) in
            var r = ByteReader(raw)
            let v = try r.svarint()
            return (v, r.atEnd)
        }
        #expect(back == value)
        #expect(atEnd)
    }

    @Test func payloadsRoundTripInCanonicalOrder() throws {
        // Fields set out of tag order still encode in tag order: one encoding per payload.
        var p = Payload()
        p[.note] = .string("héllo")
        p[.sessionID] = .string("s1")
        p[.tagIDs] = .strings(["a", "b"])
        p[.scheduleWeekdays] = .ints([0, 2, 4])
        p[.favorite] = .bool(true)
        p[.endDate] = .null
        p[.start] = .int(-5)
        let q = Payload([
            (.start, .int(-5)), (.favorite, .bool(true)), (.endDate, .null), (.sessionID, .string("s1")),
            (.note, .string("héllo")), (.scheduleWeekdays, .ints([0, 2, 4])), (.tagIDs, .strings(["a", "b"])),
        ])
        #expect(p.encoded == q.encoded)
        let back = try p.encoded.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return try Payload.decode(from: &r)
        }
        #expect(back == p)
    }

    @Test(arguments: [[UInt8]([200, 1, 0]), [15, 9], [15, 3, 5, 65], [16, 1, 2, 15, 1, 2], [19, 3, 2, 0xC3, 0x28]])
    func damagedPayloadsAreErrorsNotGuesses(bytes: [UInt8]) {
        #expect(throws: DecodeError.self) {
            try bytes.withUnsafeBytes { raw in
                var r = ByteReader(raw)
                _ = try Payload.decode(from: &r)
            }
        }
        // The in-place reader refuses the same bytes at once, before any field is read
        // (the last case: a string that is not UTF-8).
        #expect(throws: DecodeError.self) {
            try bytes.withUnsafeBytes { raw in _ = try StoredPayload(raw) }
        }
    }

    /// The replay reads payloads in place; every accessor must answer as the
    /// decoded payload does, for present, absent and null fields of every
    /// kind, in random payloads.
    @Test(arguments: 0..<20)
    func storedPayloadAnswersAsTheDecodedOne(seed: UInt64) throws {
        #expect(Int(Field.allCases.map(\.rawValue).max()!) < StoredPayload.tags, "StoredPayload keeps one offset per tag below its limit")
        var rng = SeededRNG(seed: seed)
        var p = Payload()
        for f in Field.allCases where Int.random(in: 0..<3, using: &rng) == 0 {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: p[f] = .null
            case 1: p[f] = .int(Int64.random(in: Int64.min...Int64.max, using: &rng) >> Int64.random(in: 0..<63, using: &rng))
            case 2: p[f] = .bool(Bool.random(using: &rng))
            case 3: p[f] = .string(String(repeating: "é", count: Int.random(in: 0..<200, using: &rng)))
            case 4: p[f] = .strings((0..<Int.random(in: 0..<4, using: &rng)).map { "s\($0)" })
            default: p[f] = .ints((0..<Int.random(in: 0..<4, using: &rng)).map { Int64($0) * 1000 })
            }
        }
        try p.encoded.withUnsafeBytes { raw in
            let v = try StoredPayload(raw)
            #expect(v.fieldCount == p.fieldCount)
            #expect(try v.decoded() == p)
            for f in Field.allCases {
                #expect(v.string(f) == p.string(f), "\(f)")
                #expect(v.int(f) == p.int(f), "\(f)")
                #expect(v.has(f) == p.has(f), "\(f)")
                #expect(v.isNull(f) == p.isNull(f), "\(f)")
            }
        }
    }

    @Test func eventIDsPrintAndParseAsUUIDv4() {
        var rng = SeededRNG(seed: 1)
        let id = EventID.random(using: &rng)
        let text = id.description
        #expect(text.count == 36)
        #expect(Array(text)[14] == "4")
        #expect("89ab".contains(Array(text)[19]))
        #expect(EventID(parsing: text) == id)
        #expect(EventID(parsing: text.uppercased()) == id)
        #expect(EventID(parsing: "not-a-uuid") == nil)
    }

    @Test func digestsMatchKnownSHA256Vectors() {
        #expect(Digest.sha256(Array("abc".utf8)).description == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Digest.sha256([]).description == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let d = Digest.sha256(Array("abc".utf8))
        #expect(Digest(hex: d.description) == d)
    }
}

struct PageEntries {
    /// The packed write and the field-by-field read agree (the write relies on
    /// a tuple's in-order layout; this pins it).
    @Test(arguments: [
        PageEntry(addedSeq: 1, removedSeq: 0, start: 1_772_577_000, length: 3600, amount: 0, action: 3, kind: .session),
        PageEntry(addedSeq: .max, removedSeq: 1 << 40, start: -86_400, length: 0, amount: 999, action: .max, kind: .count),
    ])
    func entriesRoundTrip(_ e: PageEntry) {
        var page: [UInt8] = [9, 9]  // entries are read at multiples of their size, so start clean
        page.removeAll()
        e.append(to: &page)
        e.append(to: &page)
        #expect(page.count == 2 * PageEntry.size)
        page.withUnsafeBytes { raw in
            #expect(PageEntry.read(raw, 0) == e)
            #expect(PageEntry.read(raw, 1) == e)
        }
    }
}

struct KeyOrder {
    /// The fast key sort agrees with plain lexicographic byte order (LMDB's order),
    /// including keys shorter than 8 bytes and keys sharing long prefixes.
    @Test(arguments: 0..<4)
    func sortedIndicesMatchByteOrder(seed: UInt64) {
        var rng = SeededRNG(seed: seed)
        var keys: [[UInt8]] = [[], [0x20], [0x20, 0], [0x21]]
        for _ in 0..<500 {
            let n = Int(rng.next() % 14)
            let alphabet: [UInt8] = [0x00, 0x20, 0x21, 0x30, 0x31, 0x61, 0xFF]
            keys.append([0x20, 0x73, 0x31] + (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
        }
        let fast = ByteOrder.sortedIndices(keys).map { keys[$0] }
        let reference = keys.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(fast == reference)
    }
}

struct RecordLayout {
    /// A replay holds every record in memory: keep them small (see Records.swift).
    @Test func recordsStayCompact() {
        #expect(MemoryLayout<SessionRecord>.stride <= 88, "\(MemoryLayout<SessionRecord>.stride)")
        #expect(MemoryLayout<CountRecord>.stride <= 88, "\(MemoryLayout<CountRecord>.stride)")
        #expect(MemoryLayout<CompactSession>.stride <= 72, "\(MemoryLayout<CompactSession>.stride)")
        #expect(MemoryLayout<CompactCount>.stride <= 72, "\(MemoryLayout<CompactCount>.stride)")
    }

    /// A page entry is written as one tuple (`PageEntry.Packed`): its bytes
    /// are the stored format only while the tuple has exactly this layout.
    @Test func aPageEntrysTupleHasTheStoredLayout() {
        typealias P = PageEntry.Packed
        #expect(MemoryLayout<P>.size == PageEntry.size)
        let offsets = [\P.0, \P.1, \P.2, \P.3, \P.4, \P.5, \P.6, \P.7].map { MemoryLayout<P>.offset(of: $0) }
        #expect(offsets == [0, 8, 16, 24, 28, 32, 34, 35])
        // And what is written reads back.
        let e = PageEntry(addedSeq: 7, removedSeq: 9, start: -86_401, length: 3600, amount: 2, action: 513, kind: .count)
        var bytes: [UInt8] = []
        e.append(to: &bytes)
        #expect(bytes.count == PageEntry.size)
        #expect(bytes.withUnsafeBytes { PageEntry.read($0, 0) } == e)
    }
}

struct RecordTables {
    /// The replay's record table against a dictionary, through growth,
    /// replacement and lookups of ids that are absent.
    @Test(arguments: 0..<5)
    func behavesAsADictionary(seed: UInt64) {
        var rng = SeededRNG(seed: seed)
        var table = RecordTable<CountRecord>()
        if seed % 2 == 0 { table.reserve(100) }
        var model: [String: CountRecord] = [:]
        for step in 0..<3000 {
            let id = "c\(Int.random(in: 0..<1200, using: &rng))" + (seed == 4 ? String(repeating: "x", count: 20) : "")
            if Bool.random(using: &rng) {
                let c = CountRecord(
                    id: id, actionID: "water", time: Instant(seconds: Int64(step)), amount: step, note: nil, deleted: false,
                    createdSeq: UInt64(step))
                table.set(c)
                model[id] = c
            } else {
                #expect(table[id] == model[id])
            }
        }
        #expect(table.count == model.count)
        for (id, c) in model { #expect(table[id] == c) }
        // Equality does not depend on the order the records came in.
        var reversed = RecordTable<CountRecord>()
        for c in table.records.reversed() { reversed.set(c) }
        #expect(reversed == table)
        if let any = model.values.first {
            var changed = any
            changed.amount += 1
            reversed.set(changed)
            #expect(reversed != table)
        }
    }

    /// A table large enough for 2 MiB pages (`HugePages`: its index is
    /// advised before it is first touched) still starts empty and behaves as
    /// a dictionary; prefetching slots (`prefetch(hash:)`, a bulk append's
    /// look-ahead) changes nothing, on an empty table or a full one.
    @Test func aLargeTableOnHugePagesBehavesAsADictionary() {
        var rng = SeededRNG(seed: 11)
        var table = RecordTable<CountRecord>()
        table.prefetch(hash: 12345)  // no slots yet
        table.reserve(600_000)  // 2^21 slots: 16 MiB
        #expect(table.count == 0)
        #expect(table["c1"] == nil)
        var model: [String: CountRecord] = [:]
        for step in 0..<20_000 {
            let id = "c\(Int.random(in: 0..<15_000, using: &rng))"
            table.prefetch(hash: RecordTable<CountRecord>.hash(id))
            let c = CountRecord(
                id: id, actionID: "water", time: Instant(seconds: Int64(step)), amount: step, note: nil, deleted: false,
                createdSeq: UInt64(step))
            table.set(c)
            model[id] = c
        }
        #expect(table.count == model.count)
        for (id, c) in model { #expect(table[id] == c) }
        for k in 15_000..<15_100 { #expect(table["c\(k)"] == nil) }
    }

    /// The record an event creates, named on the reading thread for the
    /// appending thread's look-ahead: its table, and the hash that table
    /// files the id under; nothing for events that create no record.
    @Test func eventsNameTheRecordTheyCreate() throws {
        let inputs = try events(
            """
            {"type":"session.recorded","at":"2024-01-01T10:00:00Z","data":{"session_id":"s1","action_id":"a","start":"2024-01-01T09:00:00Z","end":"2024-01-01T10:00:00Z"}}
            {"type":"session.started","at":"2024-01-01T11:00:00Z","data":{"session_id":"s2","action_id":"a"}}
            {"type":"count.added","at":"2024-01-01T12:00:00Z","data":{"entry_id":"c1","action_id":"w","amount":2}}
            {"type":"session.stopped","at":"2024-01-01T12:30:00Z","data":{"session_id":"s2"}}
            {"type":"action.created","at":"2024-01-01T08:00:00Z","data":{"action_id":"a","name":"A","tracking":"time"}}
            """)
        let hints = inputs.map { PreparedEvent($0, line: 1, using: SHA256Context()).creates }
        #expect(hints[0]?.table == .sessions && hints[0]?.hash == RecordTable<CompactSession>.hash("s1"))
        #expect(hints[1]?.table == .sessions && hints[1]?.hash == RecordTable<CompactSession>.hash("s2"))
        #expect(hints[2]?.table == .counts && hints[2]?.hash == RecordTable<CompactCount>.hash("c1"))
        #expect(hints[3] == nil)  // changes a record, creates none
        #expect(hints[4] == nil)
    }

    /// The order a batch writes its records in (`EncodedEntries`): the byte
    /// order of the keys (the state database's), whatever order the records
    /// were made in, with ids that share their first 8 bytes, are shorter
    /// than 8, or are prefixes of others; each key with its own record's value.
    @Test func encodesRecordsInTheByteOrderOfTheirKeys() throws {
        var rng = SeededRNG(seed: 7)
        var table = RecordTable<CountRecord>()
        var ids: Set<String> = ["c", "c1", "c10", "c9", "session-0001-a", "session-0001-b", "session-0001", "Z", "é", "~"]
        for _ in 0..<500 { ids.insert("e\(Int.random(in: 0..<100_000, using: &rng))") }
        for (k, id) in ids.shuffled(using: &rng).enumerated() {
            table.set(CountRecord(id: id, actionID: "water", time: Instant(seconds: 0), amount: k, note: nil, deleted: false, createdSeq: 1))
        }
        let (keys, parts) = try Self.encode(table)
        #expect(parts == 1, "made out of order: encoded whole and sorted")
        #expect(keys.count == ids.count)
        #expect(keys == ids.map { [0x21] + Array($0.utf8) }.sorted { ByteOrder.less($0, $1) })
    }

    /// Records made in the byte order of their ids (an import's) are handed
    /// over a chunk (2^16 records) at a time, unsorted, and still in order.
    @Test func recordsMadeInIDOrderComeInChunksInKeyOrder() throws {
        var table = RecordTable<CountRecord>()
        let ids = (0..<70_000).map { "tw-" + String(1_000_000 + $0) }
        for (k, id) in ids.enumerated() {
            table.set(CountRecord(id: id, actionID: "water", time: Instant(seconds: 0), amount: k, note: nil, deleted: false, createdSeq: 1))
        }
        #expect(table.isInIDOrder())
        let (keys, parts) = try Self.encode(table)
        #expect(parts == 2)
        #expect(keys == ids.map { [0x21] + Array($0.utf8) })
        // One record out of order: the whole kind is sorted instead.
        table.set(CountRecord(id: "tw-0", actionID: "water", time: Instant(seconds: 0), amount: 70_000, note: nil, deleted: false, createdSeq: 1))
        #expect(!table.isInIDOrder())
        let (sorted, whole) = try Self.encode(table)
        #expect(whole == 1 && sorted.first == [0x21] + Array("tw-0".utf8) && sorted.count == 70_001)
    }

    /// The keys `EncodedEntries` hands over for `table`, in order, each value
    /// checked against its record; and how many parts they came in.
    static func encode(_ table: RecordTable<CountRecord>) throws -> ([[UInt8]], Int) {
        var parts: [EncodedEntries] = []
        #expect(EncodedEntries.parts(of: table, family: 0x21, { parts.append($0); return true }) { c, w in w.varint(UInt64(c.amount)) })
        var keys: [[UInt8]] = []
        for part in parts {
            try part.forEach { (k, v) throws in
                keys.append(Array(k))
                var r = ByteReader(v)
                let id = String(decoding: k.dropFirst(), as: UTF8.self)
                #expect(try r.varint() == UInt64(table[id]!.amount), "\(id)")
            }
        }
        return (keys, parts.count)
    }
}

/// A goal's definition with its earlier finishes and confirmations (a goal
/// reopened and finished or confirmed again) round-trips through the stored
/// state; one without them is stored byte for byte as before they existed.
struct DefinitionEncoding {
    @Test func earlierFinishesAndConfirmationsRoundTripAndAreAbsentWhenEmpty() throws {
        let base = Payload([(.goalID, .string("g")), (.title, .string("G")), (.startDate, .int(20_500))])
        var d = Definition(kind: .goal, id: "g", created: Dated(seq: 3, at: Instant(seconds: 100)), base: base)
        d.finished = Dated(seq: 9, at: Instant(seconds: 900))
        d.confirmed = Dated(seq: 10, at: Instant(seconds: 1000))
        d.confirmedAchieved = true
        let plain = StateCodec.encode(d)
        d.earlierFinishes = [Dated(seq: 5, at: Instant(seconds: 500))]
        d.earlierConfirmations = [.init(when: Dated(seq: 6, at: Instant(seconds: 600)), achieved: false)]
        let full = StateCodec.encode(d)
        #expect(full.count > plain.count && Array(full.prefix(plain.count)) == plain, "the lists only follow the old fields")
        let back = try full.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return try StateCodec.decodeDefinition(&r)
        }
        #expect(back == d)
        let old = try plain.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return try StateCodec.decodeDefinition(&r)
        }
        #expect(old.earlierFinishes.isEmpty && old.earlierConfirmations.isEmpty && old.finished == d.finished)
    }
}
