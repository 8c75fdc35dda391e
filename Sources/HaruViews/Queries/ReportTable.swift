/// A report's periods, totals and averages (`haru report`), computed once
/// for the table and the JSON.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct ReportTable: Sendable {
    public struct Period: Sendable {
        public var first: LocalDate
        public var last: LocalDate
        public var started: Bool
        public var items: [String: Totals]
    }
    public var periods: [Period] = []
    public var totals: [String: Totals] = [:]
    public var startedDays = 0
    public let unit: String
    /// The names of the actions or tags, as in force at the reference.
    public let names: [String: String]

    public init(book: DayBook, calendar: LedgerCalendar, byTag: Bool, every: String?, reference: Reference) {
        unit = every ?? "day"
        names = (byTag ? book.tags : book.actions).compactMapValues { $0.name }
        let grid = book.grid
        var currentKey: LocalDate?
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
                periods.append(Period(first: day, last: day, started: false, items: [:]))
                currentKey = key
            }
            periods[periods.count - 1].last = day
            if started { periods[periods.count - 1].started = true }
            for (id, t) in byTag ? book.tagTotals(i) : book.perDay(i) where !t.isZero {
                periods[periods.count - 1].items[id, default: Totals()] += t
                totals[id, default: Totals()] += t
            }
        }
    }

    /// The denominator of the averages: started days, or started weeks/months.
    public var startedPeriods: Int { unit == "day" ? startedDays : periods.filter(\.started).count }

    public func json(by: String, every: String?) -> [(String, JSONValue)] {
        let key = by + "_id"
        let n = startedPeriods
        func items(_ m: [String: Totals]) -> JSONValue {
            .array(
                m.sorted { $0.key < $1.key }.map {
                    .object([
                        (key, .string($0.key)), ("name", .string(names[$0.key] ?? $0.key)), ("seconds", .int($0.value.seconds)),
                        ("count", .int($0.value.count)),
                    ])
                })
        }
        return [
            ("from", .string(periods.first?.first.description ?? "")), ("to", .string(periods.last?.last.description ?? "")),
            ("by", .string(by)), ("every", every.map { .string($0) } ?? .null),
            (
                "periods",
                .array(
                    periods.map {
                        .object([
                            ("start", .string($0.first.description)), ("end", .string($0.last.description)),
                            ("started", .bool($0.started)), ("items", items($0.items)),
                        ])
                    })
            ),
            (
                "totals",
                .array(
                    totals.sorted { $0.key < $1.key }.map { id, t in
                        .object([
                            (key, .string(id)), ("name", .string(names[id] ?? id)), ("seconds", .int(t.seconds)), ("count", .int(t.count)),
                            ("average_seconds", n > 0 ? .double(Double(t.seconds) / Double(n)) : .null),
                            ("average_count", n > 0 ? .double(Double(t.count) / Double(n)) : .null),
                        ])
                    })
            ),
            ("average_unit", .string(unit)), ("started_periods", .int(Int64(n))),
        ]
    }
}
