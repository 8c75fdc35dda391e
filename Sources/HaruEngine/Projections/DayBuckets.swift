/// The day buckets projection: per logical day, per action, the seconds and
/// the count the records add up to (RULES §1), cut from the record pages by
/// the ledger's calendar (Docs/design.md, "Day buckets").
///
/// A bucket is a cache a query may use in place of the day's records, and
/// it says when it may: it holds the instants it covers (a query whose grid
/// cuts the day elsewhere — another calendar, as known at an earlier seq —
/// reads the records) and the last seq that added or retired a record
/// version in it (a view known before that seq reads the records). A query
/// also reads the records for a day not over at its reference instant (the
/// running day, an `--as-of` inside it). Every other day is one read.
///
/// A bucket is a pure function of the pages and its range, so a replay
/// makes the same bytes as the appends did, and `verify` compares them.
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// Bucket keys: the logical day number, biased so that negative days sort
/// first (4 bytes); and one 8-byte key, `calendar`, holding the fingerprint
/// of the calendar that cut them.
@_spi(Layers) public enum BucketKey: KeyCodec {
    @_spi(Layers) public static func bytes(_ day: Int64) -> [UInt8] { withKey(day) { Array($0) } }

    /// Calls `body` with the key of `day`, made in place (no array).
    static func withKey<T>(_ day: Int64, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: day + (1 << 31)).bigEndian, body)
    }

    @_spi(Layers) public static func day(fromKey k: UnsafeRawBufferPointer) -> Int64 {
        Int64(UInt32(bigEndian: k.loadUnaligned(as: UInt32.self))) - (1 << 31)
    }

    /// The key of the calendar fingerprint.
    static let calendar = Array("calendar".utf8)

    static func describe(_ key: [UInt8]) -> String {
        if key == calendar { return "the day buckets' calendar fingerprint" }
        guard key.count == 4 else { return "a day bucket with a malformed key" }
        return key.withUnsafeBytes { "the day bucket of \(LocalDate(daysSinceEpoch: Int(day(fromKey: $0))))" }
    }
}

/// One stored bucket, read in place.
@_spi(Layers) public struct DayBucket {
    /// The last seq that added or retired a record version overlapping the day.
    @_spi(Layers) public let lastSeq: UInt64
    /// The instants the bucket covers, [start, end).
    @_spi(Layers) public let start: Int64
    @_spi(Layers) public let end: Int64
    @usableFromInline let entries: UnsafeRawBufferPointer

    static let headerSize = 24
    /// action 2, seconds 8, count 8.
    static let entrySize = 18

    /// Nil for a value of the wrong shape.
    @_spi(Layers) public init?(_ value: UnsafeRawBufferPointer) {
        guard value.count >= Self.headerSize, (value.count - Self.headerSize) % Self.entrySize == 0 else { return nil }
        lastSeq = UInt64(bigEndian: value.loadUnaligned(as: UInt64.self))
        start = Int64(bitPattern: UInt64(bigEndian: value.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        end = Int64(bitPattern: UInt64(bigEndian: value.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
        entries = UnsafeRawBufferPointer(rebasing: value[Self.headerSize...])
    }

    /// Calls `body(action, seconds, count)` for each action with records in the day.
    @inlinable @inline(__always)
    @_spi(Layers) public func forEach(_ body: (UInt16, Int64, Int64) -> Void) {
        let raw = entries
        for k in 0..<(raw.count / 18) {
            let o = k * 18
            body(
                UInt16(bigEndian: raw.loadUnaligned(fromByteOffset: o, as: UInt16.self)),
                Int64(bitPattern: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: o + 2, as: UInt64.self))),
                Int64(bitPattern: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: o + 10, as: UInt64.self))))
        }
    }

    /// The bytes of a bucket: header, then the totals in action order.
    static func encode(lastSeq: UInt64, range: Range<Int64>, totals: [(action: UInt16, seconds: Int64, count: Int64)]) -> [UInt8] {
        var w = ByteWriter(capacity: headerSize + totals.count * entrySize)
        w.u64(lastSeq)
        w.u64(UInt64(bitPattern: range.lowerBound))
        w.u64(UInt64(bitPattern: range.upperBound))
        for t in totals.sorted(by: { $0.action < $1.action }) {
            w.u16(t.action)
            w.u64(UInt64(bitPattern: t.seconds))
            w.u64(UInt64(bitPattern: t.count))
        }
        return w.bytes
    }
}

/// Cutting buckets from pages.
enum DayBuckets {
    /// Reads one page: calls the closure with its bytes, or not at all when it is absent.
    typealias PageReader = (Int64, (UnsafeRawBufferPointer) throws -> Void) throws -> Void

    /// A logical day and its instants, [start, end) in seconds.
    struct Day: Sendable {
        var day: Int64
        var start: Int64
        var end: Int64
    }

    /// The logical days whose range meets any of `pages`, ascending, once
    /// each, with their ranges. Each run of consecutive pages is walked day
    /// by day, the end of one day being the start of the next: one
    /// `LedgerCalendar.start(of:)` a day, where finding each page's days
    /// and then each day's range took six (a third of what cutting every
    /// bucket cost `rebuild`). Days with an empty range (a day start moved
    /// back over them) meet nothing and are left out.
    static func days(touching pages: some Sequence<Int64>, _ calendar: LedgerCalendar) -> [Day] {
        var sorted = Array(pages)
        sorted.sort()
        var out: [Day] = []
        var k = 0
        while k < sorted.count {
            // The run of consecutive pages from sorted[k].
            var j = k
            while j + 1 < sorted.count, sorted[j + 1] <= sorted[j] + 1 { j += 1 }
            let from = sorted[k] * 86_400, through = sorted[j] * 86_400 + 86_399
            var day = calendar.day(of: Instant(seconds: from))
            let last = calendar.day(of: Instant(seconds: through))
            var start = calendar.start(of: day).seconds
            while day <= last {
                let next = day.adding(days: 1)
                let nextStart = calendar.start(of: next).seconds
                let end = max(start, nextStart)
                // Every day of the walk with instants meets the run; one a run before met too is there already.
                if start < end, end > from, start <= through, Int64(day.daysSinceEpoch) > out.last?.day ?? .min {
                    out.append(Day(day: Int64(day.daysSinceEpoch), start: start, end: end))
                }
                start = nextStart
                day = next
            }
            k = j + 1
        }
        return out
    }

    /// The bucket of one day: nil when no record version, current or
    /// retired, ever overlapped it.
    static func bucket(_ day: Day, pages: PageReader) throws -> [UInt8]? {
        let a = day.start, b = day.end
        guard a < b else { return nil }
        var last: UInt64 = 0
        var touched = false
        var totals: [(action: UInt16, seconds: Int64, count: Int64)] = []
        for p in PageKey.page(of: a)...PageKey.page(of: b - 1) {
            try pages(p) { raw in
                for k in 0..<(raw.count / PageEntry.size) {
                    let e = PageEntry.read(raw, k)
                    var seconds: Int64 = 0, count: Int64 = 0
                    if e.kind == .count {
                        guard e.start >= a, e.start < b else { continue }
                        count = Int64(e.amount)
                    } else {
                        seconds = min(e.end, b) - max(e.start, a)
                        guard seconds > 0 else { continue }
                    }
                    touched = true
                    last = max(last, e.addedSeq, e.removedSeq)
                    guard e.removedSeq == 0 else { continue }
                    if let i = totals.firstIndex(where: { $0.action == e.action }) {
                        totals[i].seconds += seconds
                        totals[i].count += count
                    } else {
                        totals.append((e.action, seconds, count))
                    }
                }
            }
        }
        return touched ? DayBucket.encode(lastSeq: last, range: a..<b, totals: totals) : nil
    }

    /// The buckets of `days`, by day (days no record version touched have none).
    static func cut(_ days: some Sequence<Day>, pages: PageReader) throws -> [Int64: [UInt8]] {
        var out: [Int64: [UInt8]] = [:]
        for day in days { if let bytes = try bucket(day, pages: pages) { out[day.day] = bytes } }
        return out
    }

    /// Every bucket of a replay's pages, by day: the days in two halves, one
    /// on each core (`verify` and `rebuild` wait for this between the replay
    /// and the comparison, with the other core idle).
    static func all(_ pages: [PageNumber: [UInt8]], _ calendar: LedgerCalendar) throws -> [Int64: [UInt8]] {
        let list = days(touching: pages.keys.map(\.page), calendar)
        @Sendable func half(_ days: ArraySlice<Day>) throws -> [Int64: [UInt8]] {
            try cut(days) { p, body in if let page = pages[PageNumber(p)] { try page.withUnsafeBytes { try body($0) } } }
        }
        let middle = list.count / 2
        let (first, second) = try Parallel.both({ try half(list[..<middle]) }, { try half(list[middle...]) })
        return first.merging(second) { a, _ in a }
    }

    /// The stored form of a fingerprint (the value of the `calendar` key).
    static func fingerprintBytes(_ fingerprint: Digest) -> [UInt8] {
        var w = ByteWriter(capacity: 32)
        fingerprint.write(to: &w)
        return w.bytes
    }

    /// The buckets as the database holds them, in key order: the days and
    /// the fingerprint, which is there once any record version is (a
    /// ledger of definitions alone has neither).
    static func stored(_ buckets: [Int64: [UInt8]], fingerprint: Digest, pages: Int) -> [([UInt8], [UInt8])] {
        guard pages > 0 else { return [] }
        let days = buckets.sorted { $0.key < $1.key }.map { (BucketKey.bytes($0.key), $0.value) }
        // 4-byte day keys and the 8-byte `calendar` key sort by their bytes.
        return (days + [(BucketKey.calendar, fingerprintBytes(fingerprint))]).sorted { ByteOrder.less($0.0, $1.0) }
    }
}
