import CPrefetch
@_spi(Layers) import HaruSystem

/// A record with an id (sessions and counts).
public protocol IdentifiedRecord: Sendable, Equatable {
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
/// is appended at the end (sequential memory), and the index is 8 bytes a
/// slot at most half full, so the lookup that misses — the check that a new
/// record's id is unused, made for every record — reads one or two slots
/// and no record.
///
/// The records are kept in chunks of 2^16 rather than one array, so that
/// the table never holds a doubled copy while it grows (a replay of a
/// million records would briefly need 150 MB for one kind).
@_spi(Layers) public struct RecordTable<R: IdentifiedRecord>: Sendable, Equatable {
    private var chunks: [[R]] = []
    @_spi(Layers) public private(set) var count = 0
    /// Per slot (linear probing): the id's hash in the high 32 bits and the
    /// record's position + 1 in the low 32; 0 = empty. The hash lets a probe
    /// pass over other records without reading them (each read of a record
    /// is a cache miss in a large table).
    private var slots: [UInt64] = []

    private static var chunkBits: Int { 16 }

    /// Every record, in the order they were created.
    var records: FlattenSequence<[[R]]> { chunks.joined() }

    /// Calls `body` with every record in creation order, chunk by chunk (no
    /// flattening iterator: the final flush of a bulk load walks a million).
    @_spi(Layers) public func forEachRecord(_ body: (R) -> Void) {
        for chunk in chunks { chunk.withUnsafeBufferPointer { for k in $0.indices { body($0[k]) } } }
    }

    /// Calls `body` with the records of each chunk (2^16 at most), in creation order.
    @_spi(Layers) public func forEachChunk(_ body: (UnsafeBufferPointer<R>) throws -> Void) rethrows {
        for chunk in chunks { try chunk.withUnsafeBufferPointer { try body($0) } }
    }

    /// Whether the records were created in ascending byte order of their
    /// ids (as an import whose ids begin with the time makes them).
    @_spi(Layers) public func isInIDOrder() -> Bool {
        var previous: String?
        var inOrder = true
        forEachRecord { r in
            guard inOrder else { return }
            if var p = previous {
                var id = r.id
                inOrder = p.withUTF8 { a in id.withUTF8 { b in ByteOrder.less(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) } }
            }
            previous = r.id
        }
        return inOrder
    }

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
        return id.withUTF8 { hash(utf8: UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    static func hash(utf8 buf: UnsafeRawBufferPointer) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in buf { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        var z = h ^ (h >> 31)
        z = z &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: z ^ (z >> 29))
    }

    /// The part of a hash a slot keeps (a used slot is never 0: its position + 1 is at least 1).
    @inline(__always)
    private static func tag(_ h: Int) -> UInt64 { UInt64(truncatingIfNeeded: h) & 0xFFFF_FFFF_0000_0000 }

    /// The position of the first record along `h`'s probe sequence that `isIt` accepts.
    @inline(__always)
    private func probe(_ h: Int, _ isIt: (R) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        let tag = Self.tag(h)
        var i = h & mask
        while true {
            let slot = slots[i]
            if slot == 0 { return nil }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let p = Int(slot & 0xFFFF_FFFF) - 1
                if isIt(record(at: p)) { return p }
            }
            i = (i + 1) & mask
        }
    }

    /// Starts loading the index slot where the probe for an id with this
    /// hash begins, so that a lookup soon after finds it in cache: in a
    /// large table that slot is otherwise a miss all the way to memory, and
    /// a bulk load looks up every new record's id (`RecordHint`).
    func prefetch(hash h: Int) {
        slots.withUnsafeBufferPointer { s in
            if let base = s.baseAddress { haru_prefetch_for_write(base + (h & (s.count - 1))) }
        }
    }

    /// Where the record with this id is, nil when there is none.
    @inline(__always)
    func position(of id: String) -> Int? { probe(Self.hash(id)) { $0.id == id } }

    /// The record whose id has these UTF-8 bytes (a stored key's), without making a String of them.
    subscript(utf8 id: UnsafeRawBufferPointer) -> R? {
        let p = probe(Self.hash(utf8: id)) { r in
            var rid = r.id
            return rid.withUTF8 { ByteOrder.same(UnsafeRawBufferPointer($0), id) }
        }
        return p.map { record(at: $0) }
    }

    subscript(id: String) -> R? {
        guard let p = position(of: id) else { return nil }
        return record(at: p)
    }

    /// Stores `r`, replacing the record with its id if there is one.
    mutating func set(_ r: R) {
        if slots.count < 2 * (count + 1) { rehash(capacity: Self.capacity(for: count + 1)) }
        let mask = slots.count - 1
        let h = Self.hash(r.id)
        let tag = Self.tag(h)
        var i = h & mask
        while true {
            let slot = slots[i]
            if slot == 0 {
                precondition(count < Int(UInt32.max), "more than 2^32 records of one kind")
                append(r)
                slots[i] = tag | UInt64(count)
                return
            }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let p = Int(slot & 0xFFFF_FFFF) - 1
                if record(at: p).id == r.id {
                    chunks[p >> Self.chunkBits][p & ((1 << Self.chunkBits) - 1)] = r
                    return
                }
            }
            i = (i + 1) & mask
        }
    }

    private mutating func rehash(capacity: Int) {
        // A large index is read at random: 2 MiB pages, asked for before its
        // memory is first touched (`HugePages`).
        var fresh = [UInt64](unsafeUninitializedCapacity: capacity) { buf, n in
            HugePages.advise(UnsafeMutableRawBufferPointer(buf))
            buf.initialize(repeating: 0)
            n = capacity
        }
        let mask = capacity - 1
        fresh.withUnsafeMutableBufferPointer { s in
            for (k, r) in records.enumerated() {
                let h = Self.hash(r.id)
                var i = h & mask
                while s[i] != 0 { i = (i + 1) & mask }
                s[i] = Self.tag(h) | UInt64(k + 1)
            }
        }
        slots = fresh
    }

    /// Equal when they hold the same records, whatever the order they came in.
    @_spi(Layers) public static func == (a: RecordTable, b: RecordTable) -> Bool {
        a.count == b.count && a.records.allSatisfy { b[$0.id] == $0 }
    }
}
