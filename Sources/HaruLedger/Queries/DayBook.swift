/// Seconds and count of one action or tag.
public struct Totals: Sendable, Equatable {
    public var seconds: Int64 = 0
    public var count: Int64 = 0
    public init(seconds: Int64 = 0, count: Int64 = 0) {
        self.seconds = seconds
        self.count = count
    }
    public var isZero: Bool { seconds == 0 && count == 0 }
    public static func += (a: inout Totals, b: Totals) {
        a.seconds += b.seconds
        a.count += b.count
    }
}

/// Per logical day, per action: what the records add up to (the day
/// buckets of RULES §1), for a run of days, from one reference.
public struct DayBook: Sendable {
    public let grid: DayGrid
    /// `perDay[i][action]`: the totals of day `grid.day(i)`.
    public private(set) var perDay: [[String: Totals]]
    /// The actions that count (live at the snapshot), with their definitions in force at the reference.
    public let actions: [String: Payload]
    /// The tags that count, with their definitions in force at the reference.
    public let tags: [String: Payload]

    /// Totals of day `i` per tag: every live action carrying the tag (as the
    /// tags stand at the reference) adds in; deleted tags are gone.
    public func tagTotals(_ i: Int) -> [String: Totals] {
        var out: [String: Totals] = [:]
        for (action, t) in perDay[i] {
            for tag in actions[action]?.strings(.tagIDs) ?? [] where tags[tag] != nil { out[tag, default: Totals()] += t }
        }
        return out
    }

    /// Builds the book of days `from` through `through`.
    public init(_ snap: Snapshot, calendar: LedgerCalendar, from: LocalDate, through: LocalDate, reference: Reference) throws {
        let grid = DayGrid(calendar, from: from, through: through)
        self.grid = grid
        var live: [String: Payload] = [:]
        for d in try snap.definitions(.action) where d.isLive { live[d.id] = d.fields(inForceAt: reference.definitionsAt) }
        var liveTags: [String: Payload] = [:]
        for d in try snap.definitions(.tag) where d.isLive { liveTags[d.id] = d.fields(inForceAt: reference.definitionsAt) }
        actions = live
        tags = liveTags
        var days = [[String: Totals]](repeating: [:], count: grid.count)
        guard grid.count > 0, grid.span.lowerBound < grid.span.upperBound else {
            perDay = days
            return
        }
        let pages = SegmentKey.page(of: grid.span.lowerBound)...SegmentKey.page(of: grid.span.upperBound - 1)
        try snap.segments(pages: pages) { s in
            guard live[s.actionID] != nil else { return }
            switch s.kind {
            case .session:
                grid.split(s.start, reference.clipEnd(s.end)) { k, secs in days[k][s.actionID, default: Totals()].seconds += secs }
            case .count:
                guard reference.counts(s.start), let k = grid.index(of: s.start) else { return }
                days[k][s.actionID, default: Totals()].count += Int64(s.amount)
            }
        }
        // Running sessions count up to the reference instant.
        for r in try snap.runningSessions() where live[r.actionID] != nil {
            grid.split(r.start.seconds, reference.instant.seconds) { k, secs in days[k][r.actionID, default: Totals()].seconds += secs }
        }
        perDay = days
    }
}
