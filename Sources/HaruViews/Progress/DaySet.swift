/// A set of days (days since the epoch) as a bitmap from its first day: the
/// skipped days of a quest. A progress query asks it about every day of a
/// goal's history (3,650 a quest for ten years), so `contains` is a shift
/// and a mask, and `count(in:)` counts a week or a month a word at a time.

public struct DaySet: Sendable, Equatable {
    /// The day of bit 0 of `words[0]`.
    private var base = 0
    private var words: [UInt64] = []

    public init() {}

    /// No day in it (words are kept only while a bit is set: `intersection` drops all-zero ones).
    public var isEmpty: Bool { words.isEmpty }

    /// Adds the days `range`.
    public mutating func insert(_ range: ClosedRange<Int>) {
        cover(range.lowerBound, range.upperBound)
        for d in range { words[(d - base) / 64] |= 1 << UInt64((d - base) % 64) }
    }

    /// Grows the words to reach days `lo` through `hi`, setting no bit.
    private mutating func cover(_ lo: Int, _ hi: Int) {
        if words.isEmpty { base = lo & ~63 }
        if lo < base {
            // Whole words in front: the bits already set keep their days.
            let newBase = lo & ~63
            words.insert(contentsOf: [UInt64](repeating: 0, count: (base - newBase) / 64), at: 0)
            base = newBase
        }
        let lastWord = (hi - base) / 64
        if lastWord >= words.count { words.append(contentsOf: [UInt64](repeating: 0, count: lastWord - words.count + 1)) }
    }

    @inline(__always)
    public func contains(_ day: Int) -> Bool {
        let k = day - base
        guard k >= 0, k / 64 < words.count else { return false }
        return (words[k / 64] >> UInt64(k % 64)) & 1 == 1
    }

    /// How many days of `range` are in the set.
    public func count(in range: ClosedRange<Int>) -> Int {
        guard !words.isEmpty else { return 0 }
        let lo = max(range.lowerBound, base), hi = min(range.upperBound, base + words.count * 64 - 1)
        guard lo <= hi else { return 0 }
        var n = 0
        var d = lo
        while d <= hi {
            let k = d - base, bit = k % 64
            let take = min(64 - bit, hi - d + 1)
            let mask: UInt64 = take == 64 ? ~0 : ((1 << UInt64(take)) - 1) << UInt64(bit)
            n += (words[k / 64] & mask).nonzeroBitCount
            d += take
        }
        return n
    }

    /// The days in both.
    public func intersection(_ other: DaySet) -> DaySet {
        var out = DaySet()
        guard !words.isEmpty, !other.words.isEmpty else { return out }
        let lo = max(base, other.base), hi = min(base + words.count * 64, other.base + other.words.count * 64)
        guard lo < hi else { return out }
        out.base = lo
        out.words = stride(from: lo, to: hi, by: 64).map { d in words[(d - base) / 64] & other.words[(d - other.base) / 64] }
        return out.words.contains { $0 != 0 } ? out : DaySet()
    }

    /// Adds the days of `other`.
    public mutating func formUnion(_ other: DaySet) {
        guard !other.words.isEmpty else { return }
        cover(other.base, other.base + other.words.count * 64 - 1)
        let offset = (other.base - base) / 64
        for (i, w) in other.words.enumerated() { words[offset + i] |= w }
    }
}
