/// The records that count in a snapshot over a span of instants, held in
/// memory once so that several grids (days, deadline windows, judgment
/// periods) can be summed from one read of the record pages.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

@_spi(Layers) public struct RecordSet: Sendable {
    /// Action ids by index; only live actions are kept.
    public let actionIDs: [String]
    let actionIndex: [String: Int]
    /// Finished session pieces, in page order (each inside one UTC page).
    private var sessions: [(action: Int32, start: Int64, end: Int64)] = []
    /// Count entries, in page order.
    private var counts: [(action: Int32, time: Int64, amount: Int32)] = []
    private var running: [(action: Int32, start: Int64)] = []

    /// Reads the records of `actions` that touch `span`, as known in `snap`.
    public init(_ snap: Snapshot, actions: [String], span: Range<Int64>) throws {
        try self.init(snap, actions: actions, spans: [span])
    }

    /// Reads the records of `actions` that touch any of `spans` (ascending,
    /// not overlapping), as known in `snap`.
    public init(_ snap: Snapshot, actions: [String], spans: [Range<Int64>]) throws {
        actionIDs = actions
        var index: [String: Int] = [:]
        for (k, a) in actions.enumerated() { index[a] = k }
        actionIndex = index
        guard !actions.isEmpty else { return }
        // Interned action index → index here (-1: not counted).
        let table = try snap.actionTable().map { index[$0] ?? -1 }
        // The pages of the spans, each page once: two spans can share the
        // UTC day where one ends and the next begins.
        var pageRanges: [ClosedRange<Int64>] = []
        for span in spans where span.lowerBound < span.upperBound {
            let r = PageKey.page(of: span.lowerBound)...PageKey.page(of: span.upperBound - 1)
            if let last = pageRanges.last, r.lowerBound <= last.upperBound + 1 {
                pageRanges[pageRanges.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                pageRanges.append(r)
            }
        }
        var sessions: [(action: Int32, start: Int64, end: Int64)] = []
        var counts: [(action: Int32, time: Int64, amount: Int32)] = []
        for pages in pageRanges {
            try snap.pageEntries(pages) { _, e in
                let a = Int(e.action) < table.count ? table[Int(e.action)] : -1
                guard a >= 0 else { return }
                switch e.kind {
                case .session: sessions.append((Int32(a), e.start, e.end))
                // Page entries are not re-checked on every read (queries read
                // them by the million): a damaged amount counts wrong until
                // `verify` finds it and `rebuild` mends it, but never traps.
                case .count: counts.append((Int32(a), e.start, Int32(truncatingIfNeeded: e.amount)))
                }
            }
        }
        self.sessions = sessions
        self.counts = counts
        running = try snap.runningSessions().compactMap { r in index[r.actionID].map { (Int32($0), r.start.seconds) } }
    }

    /// The first index whose page is at or after the page of `t` (records are in page order).
    private static func firstIndex(_ n: Int, pageOf: (Int) -> Int64, from t: Int64) -> Int {
        let page = PageKey.page(of: t)
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if pageOf(mid) < page { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Totals per interval of `grid` and per action, seen from `reference`:
    /// `result[interval * actionIDs.count + action]`. Only the pages the
    /// grid overlaps are visited.
    /// - Parameter running: whether the running sessions count (the day
    ///   book adds them once over its whole grid).
    public func totals(_ grid: DayGrid, _ reference: Reference, running: Bool = true) -> [Totals] {
        let n = actionIDs.count
        var out = [Totals](repeating: Totals(), count: grid.count * n)
        guard grid.count > 0, grid.span.lowerBound < grid.span.upperBound else { return out }
        let lastPage = PageKey.page(of: grid.span.upperBound - 1)
        var k = RecordSet.firstIndex(sessions.count, pageOf: { PageKey.page(of: sessions[$0].start) }, from: grid.span.lowerBound)
        while k < sessions.count {
            let s = sessions[k]
            if PageKey.page(of: s.start) > lastPage { break }
            let a = Int(s.action)
            grid.split(s.start, reference.clipEnd(s.end)) { d, secs in out[d * n + a].seconds += secs }
            k += 1
        }
        k = RecordSet.firstIndex(counts.count, pageOf: { PageKey.page(of: counts[$0].time) }, from: grid.span.lowerBound)
        while k < counts.count {
            let c = counts[k]
            if PageKey.page(of: c.time) > lastPage { break }
            if reference.counts(c.time), let d = grid.index(of: c.time) { out[d * n + Int(c.action)].count += Int64(c.amount) }
            k += 1
        }
        if running { addRunning(grid, reference, into: &out) }
        return out
    }

    /// Adds the running sessions, up to the reference instant, to totals laid out as `totals` lays them.
    public func addRunning(_ grid: DayGrid, _ reference: Reference, into out: inout [Totals]) {
        let n = actionIDs.count
        for r in running {
            let a = Int(r.action)
            grid.split(r.start, reference.instant.seconds) { d, secs in out[d * n + a].seconds += secs }
        }
    }
}
