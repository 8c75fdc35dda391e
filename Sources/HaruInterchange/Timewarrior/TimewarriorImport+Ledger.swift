/// `haru import timew` as one call: the export read (streamed when it can
/// be), its events appended as one atomic batch.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruViews

extension TimewarriorImport {
    /// What an import did: the append, and the intervals already in the
    /// ledger as they are (nothing written for them).
    public struct Result: Sendable {
        public var append: AppendResult
        public var unchanged: Int
    }

    /// Imports `timew export` output into `ledger` as one atomic batch: one
    /// bad interval (named by its place in the array) refuses them all.
    /// A plain export streams (read and prepared on a second thread while
    /// this one appends); one out of order or not plain is read whole first.
    /// - Parameters:
    ///   - now: the clock, µs since the epoch; `rng`: where new ids come from.
    ///   - progress: told how far the reading has come.
    public static func run<G: RandomNumberGenerator>(
        _ bytes: [UInt8], into ledger: Ledger, options: Options, zones: ZoneDirectory, now: Int64, rng: inout G,
        progress: ((BulkProgress) -> Void)? = nil
    ) throws -> Result {
        let report = progress ?? { _ in }
        let events = try ledger.snapshot(zones: zones) { snap in try Self.events(bytes, options: options, snap: snap, zones: zones) }
        do {
            let r = try ledger.appendReadingAhead(
                { ProgressSource(events.restarted, report: report) { s, _ in s.fractionRead } }, now: now, rng: &rng)
            return Result(append: r, unchanged: events.unchanged)
        } catch is NotStreamable {
            // Out of order or not plain: read whole (nothing was written).
            let planned = try ledger.snapshot(zones: zones) { snap in try Self.planned(bytes, options: options, snap: snap, zones: zones) }
            let r = try ledger.appendReadingAhead(
                { ProgressSource(planned.restarted, report: report) { s, _ in s.fractionRead } }, now: now, rng: &rng)
            return Result(append: r, unchanged: planned.unchanged)
        }
    }
}
