/// Which actions a statistics view counts: the app's statistics filter
/// (a tree of actions under their tags, kept as the set of actions left
/// out, everything counted by default).
///
/// Every live action counts unless some are included: then only those, and
/// the actions carrying an included tag. Excluded actions, and the actions
/// carrying an excluded tag, are then taken out. A tag is a way to name its
/// actions: time by tag is that of the actions counted, so excluding an
/// action takes its time out of each of its tags, and an action with two tags
/// excluded through one is gone from the other too.

@_spi(Layers) import HaruModel

public struct ActionFilter: Sendable, Equatable {
    /// Included actions and tags (by id); both empty: every action.
    public var actions: Set<String> = []
    public var tags: Set<String> = []
    /// Excluded actions and tags (by id).
    public var excludedActions: Set<String> = []
    public var excludedTags: Set<String> = []

    public init(
        actions: Set<String> = [], tags: Set<String> = [], excludedActions: Set<String> = [], excludedTags: Set<String> = []
    ) {
        self.actions = actions
        self.tags = tags
        self.excludedActions = excludedActions
        self.excludedTags = excludedTags
    }

    /// No filter: every action counts.
    public var isEmpty: Bool { actions.isEmpty && tags.isEmpty && excludedActions.isEmpty && excludedTags.isEmpty }

    /// Whether the action `id`, carrying `tagIDs` (as in force at the view's reference), counts.
    public func admits(_ id: String, tagIDs: [String]) -> Bool {
        let included = (actions.isEmpty && tags.isEmpty) || actions.contains(id) || tagIDs.contains { tags.contains($0) }
        return included && !excludedActions.contains(id) && !tagIDs.contains { excludedTags.contains($0) }
    }

    /// `{"only_actions": [...], "only_tags": [...], "exclude_actions": [...], "exclude_tags": [...]}`, ids sorted.
    public var json: JSONValue {
        .object([
            ("only_actions", .array(actions.sorted().map { .string($0) })), ("only_tags", .array(tags.sorted().map { .string($0) })),
            ("exclude_actions", .array(excludedActions.sorted().map { .string($0) })),
            ("exclude_tags", .array(excludedTags.sorted().map { .string($0) })),
        ])
    }
}
