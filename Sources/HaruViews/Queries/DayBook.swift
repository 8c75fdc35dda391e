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
    public let actions: [String: ActionDefinition]
    /// The tags that count, with their definitions in force at the reference.
    public let tags: [String: TagDefinition]
    /// The actions counted, in id order: the columns of `totals`.
    let actionIDs: [String]
    /// `totals[day * actionIDs.count + action]`.
    let totals: [Totals]

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
            for tag in actions[action]?.tagIDs ?? [] where tags[tag] != nil {
                // Counts of actions with fewer decimals than the tag's finest are brought to its unit.
                if tagDecimals.isEmpty {
                    out[tag, default: Totals()] += t
                } else {
                    let lift = Decimals.scale(decimals(tag: tag)) / Decimals.scale(decimals(action: action))
                    out[tag, default: Totals()] += lift == 1 ? t : Totals(seconds: t.seconds, count: t.count * lift)
                }
            }
        }
        return out
    }

    /// Day `i`'s counts summed unit by unit, each action's in its own unit
    /// (8.1 h of sleep, 5.35 km run, 8 glasses: three sums, never 21.45 of
    /// nothing), the actions without a unit together (`unit` nil), in the
    /// user's order of their first action; `places` is the finest of the sum's.
    public func unitTotals(_ i: Int) -> [(unit: String?, amount: Double, places: Int)] {
        var out: [(unit: String?, amount: Double, places: Int)] = []
        for (id, t) in actionList(i, .user) where t.count > 0 {
            let unit = actions[id]?.unit, places = decimals(action: id)
            let v = Double(t.count) / Double(Decimals.scale(places))
            if let k = out.firstIndex(where: { $0.unit == unit }) {
                out[k].amount += v
                out[k].places = max(out[k].places, places)
            } else {
                out.append((unit, v, places))
            }
        }
        return out
    }

    /// The decimal places of the actions that have some, by id.
    public var places: [String: Int] { actions.compactMapValues { $0.decimals > 0 ? $0.decimals : nil } }

    /// An action's decimal places (its counts are whole numbers of 10^-decimals of its unit).
    public func decimals(action: String) -> Int { actions[action]?.decimals ?? 0 }

    /// A tag's: the finest of its actions' (their counts are summed in it).
    public func decimals(tag: String) -> Int { tagDecimals[tag] ?? 0 }
    /// The tags whose actions count with decimals, by their finest.
    let tagDecimals: [String: Int]

    /// The statistics filter the book was built with (empty: every action).
    public let filter: ActionFilter
    /// The actions counted and the live tags, in the user's order.
    public let actionOrder: [String]
    public let tagOrder: [String]

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
        actionOrder = defs.actionOrder.filter { defs.actions[$0] != nil }
        tagOrder = defs.tagOrder
        actionIDs = defs.actions.keys.sorted()
        var finest: [String: Int] = [:]
        for a in defs.actions.values where a.decimals > 0 {
            for t in a.tagIDs { finest[t] = max(finest[t] ?? 0, a.decimals) }
        }
        tagDecimals = finest
        totals = try DayBook.totals(snap, calendar: calendar, grid: grid, actions: actionIDs, reference: reference)
    }

    /// `totals[day * actions.count + action]`: each day from its stored
    /// bucket where the bucket may be used (`DayBuckets`: the same range,
    /// known by the snapshot, and with `--as-of` over by its instant), from
    /// the records otherwise; the running sessions over every day.
    static func totals(
        _ snap: Snapshot, calendar: LedgerCalendar, grid: DayGrid, actions: [String], reference: Reference
    ) throws -> [Totals] {
        let n = actions.count
        var out = [Totals](repeating: Totals(), count: grid.count * n)
        guard grid.count > 0, n > 0 else { return out }
        var index: [String: Int] = [:]
        for (k, a) in actions.enumerated() { index[a] = k }
        let table = try snap.actionTable().map { index[$0] ?? -1 }
        // A day without a bucket had no record at all, when the buckets were
        // cut by this calendar; otherwise nothing is known of it.
        let complete = try snap.bucketsFingerprint() == calendar.dayRulesFingerprint
        var settled = [Bool](repeating: complete, count: grid.count)
        let first = Int64(grid.first.daysSinceEpoch), bounds = grid.bounds, knownAt = snap.knownAt
        // The live view counts finished records whole; `--as-of` cuts them
        // at its instant, which leaves a day that is over by then whole.
        let over = reference.isLive ? Int64.max : reference.instant.seconds
        let stored = try snap.dayBuckets(first...(first + Int64(grid.count - 1))) { day, b in
            let i = Int(day - first)
            guard b.start == bounds[i], b.end == bounds[i + 1], b.lastSeq <= knownAt, b.end <= over else {
                settled[i] = false
                return
            }
            settled[i] = true
            b.forEach { action, seconds, count in
                let a = Int(action) < table.count ? table[Int(action)] : -1
                guard a >= 0 else { return }
                out[i * n + a].seconds += seconds
                out[i * n + a].count += count
            }
        }
        if !stored { settled = [Bool](repeating: false, count: grid.count) }
        // The other days, in runs of consecutive days: their records, read once.
        var runs: [Range<Int>] = []
        var i = 0
        while i < grid.count {
            if settled[i] {
                i += 1
                continue
            }
            var j = i
            while j < grid.count, !settled[j] { j += 1 }
            runs.append(i..<j)
            i = j
        }
        let records = try RecordSet(snap, actions: actions, spans: runs.map { bounds[$0.lowerBound]..<bounds[$0.upperBound] })
        for run in runs {
            let sub = DayGrid(first: grid.day(run.lowerBound), bounds: Array(bounds[run.lowerBound...run.upperBound]))
            let t = records.totals(sub, reference, running: false)
            for k in 0..<(run.count * n) { out[run.lowerBound * n + k] = t[k] }
        }
        records.addRunning(grid, reference, into: &out)
        return out
    }
}

/// The live actions and tags of a snapshot, with the fields in force at a reference.
public struct LiveDefinitions: Sendable {
    public var actions: [String: ActionDefinition]
    public let tags: [String: TagDefinition]
    /// The live actions and tags in the user's order (`ListOrder.user`).
    public let actionOrder: [String]
    public let tagOrder: [String]

    public init(_ snap: Snapshot, reference: Reference) throws {
        let at = reference.definitionsAt
        let liveActions = try snap.definitions(.action).filter(\.isLive)
        let liveTags = try snap.definitions(.tag).filter(\.isLive)
        var live: [String: ActionDefinition] = [:]
        for d in liveActions { live[d.id] = ActionDefinition(id: d.id, d.fields(inForceAt: at)) }
        var tagFields: [String: TagDefinition] = [:]
        for d in liveTags { tagFields[d.id] = TagDefinition(id: d.id, d.fields(inForceAt: at)) }
        actions = live
        tags = tagFields
        actionOrder = try Definition.userOrder(liveActions, at: at, created: snap.creationKey).map(\.id)
        tagOrder = try Definition.userOrder(liveTags, at: at, created: snap.creationKey).map(\.id)
    }
}
