@_spi(Layers) import HaruSystem

/// Consecutive logical days with their boundaries, and the one function that
/// splits an interval across them (RULES §1: one split serves every query,
/// so day totals, reports, progress and streaks can never disagree).
public struct DayGrid: Sendable {
    public let first: LocalDate
    /// `bounds[i]` is the start of day `first + i`; one more than the day count.
    public let bounds: [Int64]

    /// The days `from` through `through` (inclusive) of `calendar`.
    public init(_ calendar: LedgerCalendar, from: LocalDate, through: LocalDate) {
        first = from
        let n = max(0, through.daysSinceEpoch - from.daysSinceEpoch + 1)
        var b: [Int64] = []
        b.reserveCapacity(n + 1)
        var last = Int64.min
        for k in 0...n {
            // A day made negative by a rule change is empty, never negative.
            let s = max(last, calendar.start(of: from.adding(days: k)).seconds)
            b.append(s)
            last = s
        }
        bounds = b
    }

    /// Intervals with given boundaries (deadline windows: two per day).
    public init(first: LocalDate, bounds: [Int64]) {
        self.first = first
        self.bounds = bounds
    }

    // The lookups below are `@inlinable`: the queries and the progress engine
    // (other modules) split every record of a range through them.
    @inlinable public var count: Int { bounds.count - 1 }
    @inlinable public func day(_ index: Int) -> LocalDate { first.adding(days: index) }
    public func range(_ index: Int) -> Range<Instant> { Instant(seconds: bounds[index])..<Instant(seconds: bounds[index + 1]) }
    /// The instants the grid covers.
    @inlinable public var span: Range<Int64> { bounds[0]..<bounds[bounds.count - 1] }

    /// The index of the day holding `t`, nil outside the grid.
    @inlinable @inline(__always)
    public func index(of t: Int64) -> Int? {
        guard t >= bounds[0], t < bounds[bounds.count - 1] else { return nil }
        var lo = 0, hi = bounds.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if bounds[mid] <= t { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Splits [start, end) by the days of the grid: `body(dayIndex, seconds)`
    /// for each day it overlaps, in order. Parts outside the grid are dropped.
    @inlinable @inline(__always)
    public func split(_ start: Int64, _ end: Int64, _ body: (Int, Int64) -> Void) {
        let s = max(start, bounds[0]), e = min(end, bounds[bounds.count - 1])
        guard s < e, var k = index(of: s) else { return }
        while k < count, bounds[k] < e {
            let part = min(e, bounds[k + 1]) - max(s, bounds[k])
            if part > 0 { body(k, part) }
            k += 1
        }
    }
}
