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
        /// What could not be kept as timewarrior had it, and what a re-import
        /// deleted, in sentences (`the tag "study" names the action …`).
        public var notes: [String]
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
        func append(_ events: TimewarriorEvents, _ rng: inout G) throws -> Result {
            do {
                let r = try ledger.appendReadingAhead(
                    { ProgressSource(events.restarted, report: report) { s, _ in s.fractionRead } }, now: now, rng: &rng)
                return Result(append: r, unchanged: events.unchanged, notes: events.notes.all)
            } catch LedgerError.invalid(let e) {
                throw refusal(e, ledger: ledger, zones: zones)
            }
        }
        let events = try ledger.snapshot(zones: zones) { snap in try Self.events(bytes, options: options, snap: snap, zones: zones) }
        do {
            return try append(events, &rng)
        } catch is NotStreamable {
            // Out of order or not plain: read whole (nothing was written).
            let planned = try ledger.snapshot(zones: zones) { snap in try Self.planned(bytes, options: options, snap: snap, zones: zones) }
            return try append(planned, &rng)
        }
    }

    /// The ledger's rule, said of the interval (the events' "lines" are the
    /// intervals' places) and with actions by name, as the person who made
    /// them in timewarrior knows them.
    @_spi(Layers) public static func refusal(_ e: InputError, ledger: Ledger, zones: ZoneDirectory) -> Refusal {
        var reason = e.rule
        let actions = (try? ledger.snapshot(zones: zones) { try $0.definitions(.action) }) ?? []
        for d in actions where reason.contains(d.id) {
            if let name = d.fields().name { reason = reason.replacing("\"\(d.id)\"", with: Echo.quoted(name)) }
        }
        return Refusal(interval: e.line.flatMap { $0 > 0 ? $0 : nil }, reason: reason)
    }

    /// The events of an import read whole, each with its interval's place,
    /// and the intervals already there as they are (`Ledger.planTimewarriorImport`).
    @_spi(Layers) public static func wholeEvents(_ bytes: [UInt8], options: Options, ledger: Ledger, zones: ZoneDirectory) throws
        -> (events: [EventInput], lines: [Int], unchanged: Int, notes: [String])
    {
        let planned = try ledger.snapshot(zones: zones) { snap in try Self.planned(bytes, options: options, snap: snap, zones: zones) }
        var source = planned.restarted
        var events: [EventInput] = []
        var lines: [Int] = []
        while let (e, line) = try source.next() {
            events.append(e)
            lines.append(line)
        }
        return (events, lines, planned.unchanged, planned.notes.all)
    }
}
