@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension DayBook {
    /// `haru day --json` for day `i` of the book: only actions and tags with
    /// a non-zero total, in id order, each with its name in force.
    public func json(day i: Int, calendar: LedgerCalendar) -> [(String, JSONValue)] {
        func items(_ key: String, _ m: [String: Totals], _ names: [String: Payload]) -> JSONValue {
            .array(
                m.filter { !$0.value.isZero }.sorted { $0.key < $1.key }.map {
                    .object([
                        (key, .string($0.key)), ("name", .string(names[$0.key]?.name ?? $0.key)),
                        ("seconds", .int($0.value.seconds)),
                        ("count", .int($0.value.count)),
                    ])
                })
        }
        let range = grid.range(i)
        return [
            ("day", .string(grid.day(i).description)), ("start", .string(calendar.format(range.lowerBound))),
            ("end", .string(calendar.format(range.upperBound))), ("actions", items("action_id", perDay(i), actions)),
            ("tags", items("tag_id", tagTotals(i), tags)),
        ]
    }
}

extension Snapshot {
    /// The `as_of` and `known_at` members of every query's JSON.
    public func referenceJSON(_ r: Reference, _ calendar: LedgerCalendar) -> [(String, JSONValue)] {
        [("as_of", .string(calendar.format(r.instant))), ("known_at", .int(Int64(knownAt)))]
    }
}
