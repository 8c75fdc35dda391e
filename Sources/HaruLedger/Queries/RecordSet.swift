/// The records that count in a snapshot over a span of instants, held in
/// memory once so that several grids (days, deadline windows, judgment
/// periods) can be summed from one read of the record pages.
public struct RecordSet: Sendable {
    /// Action ids by index; only live actions are kept.
    public let actionIDs: [String]
    let actionIndex: [String: Int]
    /// Finished session pieces (each inside one UTC page).
    private var sessions: [(action: Int32, start: Int64, end: Int64)] = []
    private var counts: [(action: Int32, time: Int64, amount: Int32)] = []
    private var running: [(action: Int32, start: Int64)] = []

    /// Reads the records of `actions` that touch `span`, as known in `snap`.
    public init(_ snap: Snapshot, actions: [String], span: Range<Int64>) throws {
        actionIDs = actions
        var index: [String: Int] = [:]
        for (k, a) in actions.enumerated() { index[a] = k }
        actionIndex = index
        guard span.lowerBound < span.upperBound, !actions.isEmpty else { return }
        let pages = SegmentKey.page(of: span.lowerBound)...SegmentKey.page(of: span.upperBound - 1)
        var sessions: [(action: Int32, start: Int64, end: Int64)] = []
        var counts: [(action: Int32, time: Int64, amount: Int32)] = []
        try snap.segments(pages: pages) { s in
            guard let a = index[s.actionID] else { return }
            switch s.kind {
            case .session: sessions.append((Int32(a), s.start, s.end))
            case .count: counts.append((Int32(a), s.start, Int32(s.amount)))
            }
        }
        self.sessions = sessions
        self.counts = counts
        running = try snap.runningSessions().compactMap { r in index[r.actionID].map { (Int32($0), r.start.seconds) } }
    }

    /// Totals per interval of `grid` and per action, seen from `reference`:
    /// `result[interval * actionIDs.count + action]`.
    public func totals(_ grid: DayGrid, _ reference: Reference) -> [Totals] {
        let n = actionIDs.count
        var out = [Totals](repeating: Totals(), count: grid.count * n)
        guard grid.count > 0 else { return out }
        for s in sessions {
            let a = Int(s.action)
            grid.split(s.start, reference.clipEnd(s.end)) { k, secs in out[k * n + a].seconds += secs }
        }
        for c in counts where reference.counts(c.time) {
            if let k = grid.index(of: c.time) { out[k * n + Int(c.action)].count += Int64(c.amount) }
        }
        // Running sessions count up to the reference instant.
        for r in running {
            let a = Int(r.action)
            grid.split(r.start, reference.instant.seconds) { k, secs in out[k * n + a].seconds += secs }
        }
        return out
    }
}
