@_spi(Layers) import HaruSystem

/// The user's order of tags, actions, goals and quests (the app's reorder
/// screens): by the `order` field in force (lower first), those without one
/// after the others; ties and the rest in creation order. Listings and
/// `progress` show definitions in it.
extension Definition {
    /// `definitions` in the user's order, their fields as in force at `at`.
    public static func userOrder(_ definitions: [Definition], at: Instant) -> [Definition] {
        definitions.map { ($0, $0.fields(inForceAt: at).int(.order).map(Int.init)) }
            .sorted { comesFirst(($0.1, $0.0.created.seq), ($1.1, $1.0.created.seq)) }.map(\.0)
    }

    /// Whether (order, creation seq) `a` comes before `b`.
    public static func comesFirst(_ a: (order: Int?, created: UInt64), _ b: (order: Int?, created: UInt64)) -> Bool {
        switch (a.order, b.order) {
        case (let x?, let y?) where x != y: return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a.created < b.created
        }
    }
}
