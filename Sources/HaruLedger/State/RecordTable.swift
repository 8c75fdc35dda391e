/// A record with an id (sessions and counts).
protocol IdentifiedRecord: Sendable, Equatable {
    var id: String { get }
}

extension SessionRecord: IdentifiedRecord {}
extension CountRecord: IdentifiedRecord {}

/// The records of one kind in the order they were created, found by id
/// through an open-addressing index of positions.
///
/// Why not a `Dictionary`: on the 1.1 M-event benchmark a replay spent a
/// quarter of its time finding and inserting records, and each entry held
/// its id twice (key and record). Here each record is stored once, a new one
/// is appended at the end (sequential memory), and the index is 4 bytes a
/// slot at most half full, so the lookup that misses — the check that a new
/// record's id is unused, made for every record — reads one small slot.
///
/// The records are kept in chunks of 2^16 rather than one array, so that
/// the table never holds a doubled copy while it grows (a replay of a
/// million records would briefly need 150 MB for one kind).
struct RecordTable<R: IdentifiedRecord>: Sendable, Equatable {
    private var chunks: [[R]] = []
    private(set) var count = 0
    /// Position + 1 of the record whose id hashes here (linear probing); 0 = empty.
    private var slots: [Int32] = []

    private static var chunkBits: Int { 16 }

    /// Every record, in the order they were created.
    var records: FlattenSequence<[[R]]> { chunks.joined() }

    @inline(__always)
    private func record(at p: Int) -> R { chunks[p >> Self.chunkBits][p & ((1 << Self.chunkBits) - 1)] }

    private mutating func append(_ r: R) {
        if count & ((1 << Self.chunkBits) - 1) == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(1 << Self.chunkBits)
        }
        chunks[chunks.count - 1].append(r)
        count += 1
    }

    /// Room for `n` records in the index without growing it.
    mutating func reserve(_ n: Int) {
        if slots.count < 2 * n { rehash(capacity: Self.capacity(for: n)) }
    }

    private static func capacity(for n: Int) -> Int {
        var c = 16
        while c < 2 * n { c <<= 1 }
        return c
    }

    /// FNV-1a over the id's UTF-8, then a mix so that the low bits (the slot) depend on every byte.
    @inline(__always)
    static func hash(_ id: String) -> Int {
        var id = id
        let h = id.withUTF8 { buf -> UInt64 in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in buf { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
            return h
        }
        var z = h ^ (h >> 31)
        z = z &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: z ^ (z >> 29))
    }

    /// Where the record with this id is, nil when there is none.
    @inline(__always)
    func position(of id: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var i = Self.hash(id) & mask
        while true {
            let p = Int(slots[i])
            if p == 0 { return nil }
            if record(at: p - 1).id == id { return p - 1 }
            i = (i + 1) & mask
        }
    }

    subscript(id: String) -> R? {
        guard let p = position(of: id) else { return nil }
        return record(at: p)
    }

    /// Stores `r`, replacing the record with its id if there is one.
    mutating func set(_ r: R) {
        if slots.count < 2 * (count + 1) { rehash(capacity: Self.capacity(for: count + 1)) }
        let mask = slots.count - 1
        var i = Self.hash(r.id) & mask
        while true {
            let p = Int(slots[i])
            if p == 0 {
                precondition(count < Int(Int32.max), "more than 2^31 records of one kind")
                append(r)
                slots[i] = Int32(count)
                return
            }
            if record(at: p - 1).id == r.id {
                chunks[(p - 1) >> Self.chunkBits][(p - 1) & ((1 << Self.chunkBits) - 1)] = r
                return
            }
            i = (i + 1) & mask
        }
    }

    private mutating func rehash(capacity: Int) {
        var fresh = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        fresh.withUnsafeMutableBufferPointer { s in
            for (k, r) in records.enumerated() {
                var i = Self.hash(r.id) & mask
                while s[i] != 0 { i = (i + 1) & mask }
                s[i] = Int32(k + 1)
            }
        }
        slots = fresh
    }

    /// Equal when they hold the same records, whatever the order they came in.
    static func == (a: RecordTable, b: RecordTable) -> Bool {
        a.count == b.count && a.records.allSatisfy { b[$0.id] == $0 }
    }
}
