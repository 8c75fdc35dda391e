/// Seconds and count of one action or tag.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

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
    /// The actions that count (live at the snapshot), with their definitions in force at the reference.
    public let actions: [String: Payload]
    /// The tags that count, with their definitions in force at the reference.
    public let tags: [String: Payload]
    private let actionIDs: [String]
    /// `totals[day * actionIDs.count + action]`.
    private let totals: [Totals]

    /// Totals of day `i` per action (non-zero ones).
    public func perDay(_ i: Int) -> [String: Totals] {
        var out: [String: Totals] = [:]
        let n = actionIDs.count
        for (a, id) in actionIDs.enumerated() where !totals[i * n + a].isZero { out[id] = totals[i * n + a] }
        return out
    }

    /// Totals of day `i` per tag: every live action carrying the tag (as the
    /// tags stand at the reference) adds in; deleted tags are gone.
    public func tagTotals(_ i: Int) -> [String: Totals] {
        var out: [String: Totals] = [:]
        for (action, t) in perDay(i) {
            for tag in actions[action]?.tagIDs ?? [] where tags[tag] != nil { out[tag, default: Totals()] += t }
        }
        return out
    }

    /// The statistics filter the book was built with (empty: every action).
    public let filter: ActionFilter

    /// Builds the book of days `from` through `through`, of the actions `filter` admits.
    public init(
        _ snap: Snapshot, calendar: LedgerCalendar, from: LocalDate, through: LocalDate, reference: Reference,
        filter: ActionFilter = ActionFilter()
    ) throws {
        let grid = DayGrid(calendar, from: from, through: through)
        self.grid = grid
        self.filter = filter
        var defs = try LiveDefinitions(snap, reference: reference)
        if !filter.isEmpty { defs.actions = defs.actions.filter { filter.admits($0.key, tagIDs: $0.value.tagIDs ?? []) } }
        actions = defs.actions
        tags = defs.tags
        actionIDs = defs.actions.keys.sorted()
        let records = try RecordSet(snap, actions: actionIDs, span: grid.span)
        totals = records.totals(grid, reference)
    }
}

/// The live actions and tags of a snapshot, with the fields in force at a reference.
public struct LiveDefinitions: Sendable {
    public var actions: [String: Payload]
    public let tags: [String: Payload]

    public init(_ snap: Snapshot, reference: Reference) throws {
        var live: [String: Payload] = [:]
        for d in try snap.definitions(.action) where d.isLive { live[d.id] = d.fields(inForceAt: reference.definitionsAt) }
        var liveTags: [String: Payload] = [:]
        for d in try snap.definitions(.tag) where d.isLive { liveTags[d.id] = d.fields(inForceAt: reference.definitionsAt) }
        actions = live
        tags = liveTags
    }
}
