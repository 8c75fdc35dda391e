/// The records projection: every record version, split at UTC midnight,
/// packed into one value per UTC day ("page").
///
/// Pages are by UTC day, not by logical day, because the logical calendar can
/// change for all history (a settings change without `from`) and differs
/// between `--known-at` views: a page is the same under every calendar, and a
/// query clips the entries to whatever logical days it needs. Each entry
/// knows the seq that added it and the seq that replaced or deleted it, so a
/// view known at seq K sees exactly the records the ledger knew then.
///
/// A page is one LMDB value of fixed-size entries, so a query over ten years
/// reads about 3,650 values and decodes them with plain loads; an append
/// rewrites the one or two pages its record touches (Docs/design.md).
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

@_spi(Layers) public struct PageEntry: Sendable, Equatable {
    @_spi(Layers) public enum Kind: UInt8, Sendable { case session = 0, count = 1 }
    /// The seq of the event that added this version.
    @_spi(Layers) public var addedSeq: UInt64
    /// The seq of the event that replaced or deleted this version; 0 while current.
    @_spi(Layers) public var removedSeq: UInt64
    /// Session part start, or the count's time.
    @_spi(Layers) public var start: Int64
    /// Session part length in seconds (0 for counts).
    @_spi(Layers) public var length: UInt32
    /// The count's amount (0 for sessions).
    @_spi(Layers) public var amount: UInt32
    /// The action's interned index (`ActionTable`).
    @_spi(Layers) public var action: UInt16
    @_spi(Layers) public var kind: Kind

    @inlinable
    @_spi(Layers) public init(
        addedSeq: UInt64, removedSeq: UInt64, start: Int64, length: UInt32, amount: UInt32, action: UInt16, kind: Kind
    ) {
        (self.addedSeq, self.removedSeq, self.start, self.length) = (addedSeq, removedSeq, start, length)
        (self.amount, self.action, self.kind) = (amount, action, kind)
    }

    @_spi(Layers) public var end: Int64 { start + Int64(length) }

    /// Whether the ledger as known at `k` holds this entry.
    @inlinable @inline(__always)
    @_spi(Layers) public func known(at k: UInt64) -> Bool { addedSeq <= k && (removedSeq == 0 || removedSeq > k) }

    /// Bytes per entry: seqs 8 + 8, start 8, length 4, amount 4, action 2, kind 1, reserved 1.
    @_spi(Layers) public static let size = 36

    /// The stored entry as one tuple, appended at once: Swift lays a tuple
    /// out as C does (fields in order, each at its alignment), which puts
    /// these fields at 0, 8, 16, 24, 28, 32, 34 and 35 with no padding.
    /// `RecordLayout` tests pin the size and every offset.
    typealias Packed = (UInt64, UInt64, UInt64, UInt32, UInt32, UInt16, UInt8, UInt8)

    func append(to bytes: inout [UInt8]) {
        let packed: Packed = (
            addedSeq.bigEndian, removedSeq.bigEndian, UInt64(bitPattern: start).bigEndian, length.bigEndian, amount.bigEndian,
            action.bigEndian, kind.rawValue, UInt8(0)
        )
        // Grow a page by a quarter, not the array's default doubling: a replay
        // holds every page of the ledger (40 MB at 1.1 M records), and
        // doubling leaves a third of it empty on average.
        if bytes.capacity - bytes.count < Self.size { bytes.reserveCapacity(bytes.count + max(8 * Self.size, bytes.count / 4)) }
        withUnsafeBytes(of: packed) { raw in
            precondition(raw.count == Self.size, "PageEntry.Packed is not \(Self.size) bytes")  // folded away when it holds
            bytes.append(contentsOf: raw)
        }
    }

    /// Reads entry `k` of a page (the caller checked the page's length).
    /// Inlinable: the queries (another module) read every entry of a range.
    @inlinable @inline(__always)
    @_spi(Layers) public static func read(_ page: UnsafeRawBufferPointer, _ k: Int) -> PageEntry {
        let o = k * size
        @inline(__always) func u64(_ at: Int) -> UInt64 { UInt64(bigEndian: page.loadUnaligned(fromByteOffset: o + at, as: UInt64.self)) }
        @inline(__always) func u32(_ at: Int) -> UInt32 { UInt32(bigEndian: page.loadUnaligned(fromByteOffset: o + at, as: UInt32.self)) }
        let action = UInt16(bigEndian: page.loadUnaligned(fromByteOffset: o + 32, as: UInt16.self))
        return PageEntry(
            addedSeq: u64(0), removedSeq: u64(8), start: Int64(bitPattern: u64(16)), length: u32(24), amount: u32(28),
            action: action, kind: page[o + 34] == 1 ? .count : .session)
    }

    /// The byte offset of `removedSeq` in entry `k`.
    static func removedOffset(_ k: Int) -> Int { k * size + 8 }
}

/// Page keys: the UTC day number, biased so that negative days sort first.
@_spi(Layers) public enum PageKey: KeyCodec {
    @_spi(Layers) public static func bytes(_ page: Int64) -> [UInt8] { make(page) }

    @inlinable @inline(__always)
    @_spi(Layers) public static func page(of t: Int64) -> Int64 { t >= 0 ? t / 86_400 : (t - 86_399) / 86_400 }

    @_spi(Layers) public static func make(_ page: Int64) -> [UInt8] {
        var w = ByteWriter(capacity: 4)
        w.u32(UInt32(truncatingIfNeeded: page + (1 << 31)))
        return w.bytes
    }

    @_spi(Layers) public static func page(fromKey k: UnsafeRawBufferPointer) -> Int64 {
        Int64(UInt32(bigEndian: k.loadUnaligned(as: UInt32.self))) - (1 << 31)
    }

    static func describe(_ key: [UInt8]) -> String {
        guard key.count == 4 else { return "with a malformed key" }
        return key.withUnsafeBytes { "of UTC day \(LocalDate(daysSinceEpoch: Int(page(fromKey: $0))))" }
    }
}

/// A record version as the pages need it: 48 bytes where the records are 88,
/// so the fold hands the projections less to copy (`Projector.Step`).
struct PageVersion: Sendable {
    var actionID: String
    /// Session start, or the count's time.
    var start: Int64
    /// Session end (the count's time for counts).
    var end: Int64
    var versionSeq: UInt64
    var amount: UInt32
    var kind: PageEntry.Kind
    /// Whether the version has entries: a stopped session, a count not deleted.
    var live: Bool

    init(_ s: SessionRecord) {
        actionID = s.actionID
        start = s.start.seconds
        end = s.end?.seconds ?? s.start.seconds
        versionSeq = s.versionSeq
        amount = 0
        kind = .session
        live = s.status == .stopped && s.end != nil
    }

    init(_ c: CountRecord) {
        actionID = c.actionID
        start = c.time.seconds
        end = c.time.seconds
        versionSeq = c.versionSeq
        amount = UInt32(truncatingIfNeeded: c.amount)
        kind = .count
        live = !c.deleted
    }
}

/// A record's current version as page entries (none while running,
/// discarded or deleted).
enum RecordEntries {
    /// Calls `body` with each (page, entry) of a version, without collecting
    /// them (this runs once or twice for every record event of a replay).
    @inline(__always)
    static func forEach(_ v: PageVersion, action: UInt16, _ body: (Int64, PageEntry) throws -> Void) throws {
        guard v.live else { return }
        if v.kind == .count {
            try body(
                PageKey.page(of: v.start),
                PageEntry(addedSeq: v.versionSeq, removedSeq: 0, start: v.start, length: 0, amount: v.amount, action: action, kind: .count))
            return
        }
        var page = PageKey.page(of: v.start)
        let lastPage = PageKey.page(of: v.end - 1)
        while page <= lastPage {
            let a = max(v.start, page * 86_400), b = min(v.end, (page + 1) * 86_400)
            try body(
                page,
                PageEntry(
                    addedSeq: v.versionSeq, removedSeq: 0, start: a, length: UInt32(b - a), amount: 0, action: action, kind: .session))
            page += 1
        }
    }

    /// Marks the entry added by `addedSeq` in a page as removed by `seq`.
    /// - Returns: false when no current entry has that seq.
    static func retire(_ page: inout [UInt8], addedSeq: UInt64, seq: UInt64) -> Bool {
        let n = page.count / PageEntry.size
        return page.withUnsafeMutableBytes { raw in
            for k in 0..<n where PageEntry.read(UnsafeRawBufferPointer(raw), k).addedSeq == addedSeq {
                raw.storeBytes(of: seq.bigEndian, toByteOffset: PageEntry.removedOffset(k), as: UInt64.self)
                return true
            }
            return false
        }
    }
}
