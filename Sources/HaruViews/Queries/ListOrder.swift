/// The order a listing of actions or tags follows (`--order`): the user's
/// (the app's grid, widgets and watch), by name (tables at a terminal), or
/// by id (JSON).

@_spi(Layers) import HaruModel

public enum ListOrder: String, Sendable, CaseIterable {
    /// The `order` field in force (lower first), those without one after, ties in creation order (`Definition.userOrder`).
    case user
    case name
    case id

    /// `ids` in this order.
    /// - Parameters:
    ///   - names: the definitions in force (for their names).
    ///   - userOrder: every live definition of the kind, in the user's order.
    public func arrange<D: NamedDefinition>(_ ids: [String], names: [String: D], userOrder: [String]) -> [String] {
        arrange(ids, name: { names[$0]?.name }, userOrder: userOrder)
    }

    /// `ids` in this order, their names given by `name`.
    public func arrange(_ ids: [String], name: (String) -> String?, userOrder: [String]) -> [String] {
        switch self {
        case .id: return ids.sorted()
        case .name: return ids.sorted { (name($0) ?? $0, $0) < (name($1) ?? $1, $1) }
        case .user:
            let wanted = Set(ids)
            let placed = userOrder.filter { wanted.contains($0) }
            let rest = Set(placed)
            return placed + ids.filter { !rest.contains($0) }.sorted()
        }
    }

    /// `--order`'s words.
    public static var words: String { "user, name or id" }
}
