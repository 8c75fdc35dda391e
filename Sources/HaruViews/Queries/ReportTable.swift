/// A report's periods, totals and averages (`haru report`), computed once
/// for the table and the JSON.
///
/// Dense: one row of totals per period, a column per action (or tag) in id
/// order, and the JSON written straight into bytes. A report of every day
/// of a long history has tens of thousands of periods; a dictionary per
/// period and a `JSONValue` tree of the whole were most of its time.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct ReportTable: Sendable {
    public struct Period: Sendable {
        public var first: LocalDate
        public var last: LocalDate
        public var started: Bool
        /// The period's totals by the table's `ids`.
        public var values: [Totals]
        let ids: [String]

        /// The non-zero totals by id.
        public var items: [String: Totals] {
            var out: [String: Totals] = [:]
            for (k, id) in ids.enumerated() where !values[k].isZero { out[id] = values[k] }
            return out
        }

        /// The total of one action or tag (zero when it has none here).
        public func total(of id: String) -> Totals {
            var lo = 0, hi = ids.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if ids[mid] < id { lo = mid + 1 } else { hi = mid }
            }
            return lo < ids.count && ids[lo] == id ? values[lo] : Totals()
        }
    }
    public var periods: [Period] = []
    /// The columns: the actions (or tags) counted, in id order.
    public let ids: [String]
    /// The totals of the whole range by `ids`.
    public var columnTotals: [Totals]
    public var startedDays = 0
    public let unit: String
    /// The names of the actions or tags, as in force at the reference.
    public let names: [String: String]
    /// Each column's decimal places (an action's, a tag's finest): its counts are in 10^-decimals of the unit.
    public let decimals: [String: Int]
    /// The live actions (or tags) in the user's order (`ListOrder.user`).
    public let userOrder: [String]

    /// The ids of the columns with a total, in `order`.
    public func arranged(_ order: ListOrder) -> [String] {
        order.arrange(ids.indices.filter { !columnTotals[$0].isZero }.map { ids[$0] }, name: { names[$0] }, userOrder: userOrder)
    }

    /// The non-zero totals of the whole range by id.
    public var totals: [String: Totals] {
        var out: [String: Totals] = [:]
        for (k, id) in ids.enumerated() where !columnTotals[k].isZero { out[id] = columnTotals[k] }
        return out
    }

    public init(book: DayBook, calendar: LedgerCalendar, byTag: Bool, every: String?, reference: Reference) {
        unit = every ?? "day"
        names = byTag ? book.tags.mapValues(\.name) : book.actions.mapValues(\.name)
        userOrder = byTag ? book.tagOrder : book.actionOrder
        let grid = book.grid
        let actions = book.actionIDs
        // Each action's column, or the columns of the tags it carries.
        let ids: [String]
        var columns: [[Int]]
        if byTag {
            ids = book.tags.keys.sorted()
            var index: [String: Int] = [:]
            for (k, id) in ids.enumerated() { index[id] = k }
            columns = actions.map { a in (book.actions[a]?.tagIDs ?? []).compactMap { index[$0] } }
        } else {
            ids = actions
            columns = actions.indices.map { [$0] }
        }
        self.ids = ids
        decimals = Dictionary(uniqueKeysWithValues: ids.map { ($0, byTag ? book.decimals(tag: $0) : book.decimals(action: $0)) })
        // A tag's column takes each action's counts in the tag's finest decimals.
        let lifts: [[Int64]] = actions.indices.map { a in
            columns[a].map { c in
                byTag ? Decimals.scale(book.decimals(tag: ids[c])) / Decimals.scale(book.decimals(action: actions[a])) : 1
            }
        }
        // Most ledgers have no decimals: their cells are added as they always were.
        let lifted = lifts.contains { $0.contains { $0 != 1 } }
        let n = ids.count, m = actions.count
        var sums = [Totals](repeating: Totals(), count: n)
        var currentKey: LocalDate?
        var row = [Totals](repeating: Totals(), count: n)
        var current: Period?
        for i in 0..<grid.count {
            let day = grid.day(i)
            let started = grid.bounds[i] <= reference.instant.seconds
            if started { startedDays += 1 }
            // The period a day belongs to, named by its first day (clipped to the range below).
            let key: LocalDate
            switch every {
            case "day"?: key = day
            case "week"?: key = calendar.weekStart(of: day)
            case "month"?: key = LedgerCalendar.month(of: day).lowerBound
            default: key = grid.first
            }
            if key != currentKey {
                if var p = current {
                    p.values = row
                    periods.append(p)
                    for k in 0..<n { row[k] = Totals() }
                }
                current = Period(first: day, last: day, started: false, values: [], ids: ids)
                currentKey = key
            }
            current!.last = day
            if started { current!.started = true }
            for a in 0..<m {
                let t = book.totals[i * m + a]
                if t.isZero { continue }
                guard lifted else {
                    for c in columns[a] {
                        row[c] += t
                        sums[c] += t
                    }
                    continue
                }
                for (j, c) in columns[a].enumerated() {
                    let lift = lifts[a][j]
                    let u = lift == 1 ? t : Totals(seconds: t.seconds, count: t.count * lift)
                    row[c] += u
                    sums[c] += u
                }
            }
        }
        if var p = current {
            p.values = row
            periods.append(p)
        }
        columnTotals = sums
    }

    /// The denominator of the averages: started days, or started weeks/months.
    public var startedPeriods: Int { unit == "day" ? startedDays : periods.filter(\.started).count }

    /// The report's JSON members (`from` … `started_periods`), without braces.
    /// - Parameter flush: called with `out` whenever it holds 64 KiB or more,
    ///   to take the bytes away (a report of every day of a long history is
    ///   tens of megabytes; held whole, its pages were a third of the time).
    /// - Parameter order: the order of every list of items (`--order`; the JSON's own: by id).
    public func writeJSON(
        by: String, every: String?, order: ListOrder = .id, into out: inout JSONBytes, flush: (inout JSONBytes) -> Void = { _ in }
    ) {
        let n = startedPeriods
        // The columns in the order asked for (ids are in id order already).
        var index: [String: Int] = [:]
        for (k, id) in ids.enumerated() { index[id] = k }
        let columns = order == .id ? Array(ids.indices) : order.arrange(ids, name: { names[$0] }, userOrder: userOrder).map { index[$0]! }
        // Each id's `"action_id":"…","name":"…",` once, copied into every item.
        let heads: [[UInt8]] = ids.map { id in
            var w = JSONBytes(capacity: 64)
            w.byte(0x22)
            w.bytes.append(contentsOf: by.utf8)
            w.raw("_id\":")
            w.string(id)
            w.raw(",\"name\":")
            w.string(names[id] ?? id)
            w.byte(0x2C)
            return w.bytes
        }
        // Each column's decimal places, by position (no lookup by id per cell).
        let places = ids.map { decimals[$0] ?? 0 }
        func items(_ values: [Totals], averages: Bool) {
            out.byte(0x5B)
            var first = true
            for k in columns where !values[k].isZero {
                let t = values[k]
                out.separator(&first)
                out.byte(0x7B)
                out.bytes.append(contentsOf: heads[k])
                out.key("seconds")
                out.int(t.seconds)
                out.raw(",\"count\":")
                if places[k] == 0 { out.int(t.count) } else { DayBook.countJSON(t.count, places[k]).write(to: &out) }
                if averages {
                    out.raw(",\"average_seconds\":")
                    (n > 0 ? JSONValue.double(Double(t.seconds) / Double(n)) : .null).write(to: &out)
                    out.raw(",\"average_count\":")
                    let scale = Double(Decimals.scale(places[k]))
                    (n > 0 ? JSONValue.double(Double(t.count) / scale / Double(n)) : .null).write(to: &out)
                }
                out.byte(0x7D)
            }
            out.byte(0x5D)
        }
        out.key("from")
        out.string(periods.first?.first.description ?? "")
        out.raw(",\"to\":")
        out.string(periods.last?.last.description ?? "")
        out.raw(",\"by\":")
        out.string(by)
        out.raw(",\"every\":")
        if let every { out.string(every) } else { out.raw("null") }
        out.raw(",\"periods\":[")
        var first = true
        for p in periods {
            out.separator(&first)
            out.raw("{\"start\":")
            out.string(p.first.description)
            out.raw(",\"end\":")
            out.string(p.last.description)
            out.raw(p.started ? ",\"started\":true,\"items\":" : ",\"started\":false,\"items\":")
            items(p.values, averages: false)
            out.byte(0x7D)
            if out.bytes.count >= 1 << 16 { flush(&out) }
        }
        out.raw("],\"totals\":")
        items(columnTotals, averages: true)
        out.raw(",\"average_unit\":")
        out.string(unit)
        out.raw(",\"started_periods\":")
        out.int(Int64(n))
    }

    /// The same members as values (the scenario runner compares them):
    /// read back from `writeJSON`, so the two cannot differ.
    public func json(by: String, every: String?, order: ListOrder = .id) -> [(String, JSONValue)] {
        var out = JSONBytes()
        out.byte(0x7B)
        writeJSON(by: by, every: every, order: order, into: &out)
        out.byte(0x7D)
        guard case .object(let members)? = try? JSONParser.parse(bytes: out.bytes) else {
            preconditionFailure("the report's JSON does not read back")
        }
        return members
    }
}
