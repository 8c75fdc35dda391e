@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension DayBook {
    /// `haru day --json` for day `i` of the book: only actions and tags with
    /// a non-zero total, in id order, each with its name in force.
    /// - Parameter order: another order (`--order`); `.user` lists the day
    ///   as the app's grid does: every action, those with nothing too.
    public func json(day i: Int, calendar: LedgerCalendar, order: ListOrder = .id) -> [(String, JSONValue)] {
        func items(
            _ key: String, _ list: [(key: String, value: Totals)], _ names: [String: some NamedDefinition], decimals: (String) -> Int
        ) -> JSONValue {
            .array(
                list.map {
                    .object([
                        (key, .string($0.key)), ("name", .string(names[$0.key]?.name ?? $0.key)),
                        ("seconds", .int($0.value.seconds)),
                        ("count", DayBook.countJSON($0.value.count, decimals($0.key))),
                    ])
                })
        }
        let range = grid.range(i)
        return [
            ("day", .string(grid.day(i).description)), ("start", .string(calendar.format(range.lowerBound))),
            ("end", .string(calendar.format(range.upperBound))),
            ("actions", items("action_id", actionList(i, order), actions, decimals: { decimals(action: $0) })),
            ("tags", items("tag_id", tagList(i, order), tags, decimals: { decimals(tag: $0) })),
        ]
    }

    /// A count in its unit for JSON: whole counts as integers (as always), `7.6` for an action with decimals.
    public static func countJSON(_ n: Int64, _ decimals: Int) -> JSONValue {
        decimals == 0 ? .int(n) : .double(Double(n) / Double(Decimals.scale(decimals)))
    }

    /// Day `i`'s actions in `order`: those with a total; with `everyAction`
    /// (the default with `.user`: the app's grid), every live action, counted or not.
    public func actionList(_ i: Int, _ order: ListOrder, everyAction: Bool? = nil) -> [(key: String, value: Totals)] {
        let totals = perDay(i)
        let ids = everyAction ?? (order == .user) ? actionOrder : Array(totals.keys)
        return order.arrange(ids, names: actions, userOrder: actionOrder).map { ($0, totals[$0] ?? Totals()) }
    }

    /// Day `i`'s tags with a total, in `order`.
    public func tagList(_ i: Int, _ order: ListOrder) -> [(key: String, value: Totals)] {
        let totals = tagTotals(i)
        return order.arrange(Array(totals.keys), names: tags, userOrder: tagOrder).map { ($0, totals[$0]!) }
    }
}

extension Snapshot {
    /// The `as_of` and `known_at` members of every query's JSON.
    public func referenceJSON(_ r: Reference, _ calendar: LedgerCalendar) -> [(String, JSONValue)] {
        [("as_of", .string(calendar.format(r.instant))), ("known_at", .int(Int64(knownAt)))]
    }
}
