/// From where a query looks at the ledger: valid time (`--as-of`) and
/// transaction time (`--known-at`), RULES §7.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct Reference: Sendable, Equatable {
    /// "Now" for the query: running sessions count up to it; with `--as-of`
    /// every record is cut at it.
    public var instant: Instant
    /// Records at or after this instant do not count (`--as-of`); nil in the
    /// live view, where a record entered for a future time already counts.
    public var cutoff: Instant?

    /// The live view at `now`.
    public static func live(now: Instant) -> Reference { Reference(instant: now, cutoff: nil) }

    /// `--as-of INSTANT`: everything as if now were `t` (a record at exactly `t` has happened).
    public static func asOf(_ t: Instant) -> Reference { Reference(instant: t, cutoff: Instant(seconds: t.seconds + 1)) }

    /// `--as-of DATE`: the end of that logical day, exclusive (a record exactly
    /// at the end belongs to the next day).
    public static func endOf(_ day: LocalDate, _ calendar: LedgerCalendar) -> Reference {
        let end = calendar.range(of: day).upperBound
        return Reference(instant: end, cutoff: end)
    }

    public var isLive: Bool { cutoff == nil }

    /// The last instant whose definition edits are in force: edits take
    /// effect at their `at` (RULES §7), and an edit exactly at the end of an
    /// as-of day belongs to the next day, like a record.
    public var definitionsAt: Instant { cutoff.map { Instant(seconds: $0.seconds - 1) } ?? instant }

    /// The end of a finished session's part that counts from here: cut at
    /// the reference with `--as-of`, whole in the live view.
    @inline(__always)
    func clipEnd(_ end: Int64) -> Int64 { cutoff == nil ? end : min(end, instant.seconds) }

    /// Whether a count at `t` counts from here.
    @inline(__always)
    func counts(_ t: Int64) -> Bool { cutoff.map { t < $0.seconds } ?? true }
}
