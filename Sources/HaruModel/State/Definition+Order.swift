@_spi(Layers) import HaruSystem

/// The user's order of tags, actions, goals and quests (the app's reorder
/// screens): by the `order` field in force (lower first), those without one
/// after the others; ties and the rest in creation order. Listings and
/// `progress` show definitions in it.
extension Definition {
    /// `definitions` in the user's order, their fields as in force at `at`.
    /// - Parameter created: where each was created, in the order creations
    ///   are compared (`Snapshot.creationKey`: the merged order in a ledger
    ///   that merged other devices' events, so every device lists alike).
    public static func userOrder<C: Comparable>(_ definitions: [Definition], at: Instant, created: (Definition) throws -> C) rethrows
        -> [Definition]
    {
        try definitions.map { ($0, $0.fields(inForceAt: at).int(.order).map(Int.init), try created($0)) }
            .sorted { comesFirst(($0.1, $0.2), ($1.1, $1.2)) }.map(\.0)
    }

    /// Whether (order, creation) `a` comes before `b`.
    public static func comesFirst<C: Comparable>(_ a: (order: Int?, created: C), _ b: (order: Int?, created: C)) -> Bool {
        switch (a.order, b.order) {
        case (let x?, let y?) where x != y: return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a.created < b.created
        }
    }
}
