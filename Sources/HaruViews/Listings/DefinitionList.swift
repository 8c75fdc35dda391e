/// `haru actions`, `tags`, `goals`, `quests`: the definitions of one kind as
/// a view sees them, in the user's order.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// One definition in a listing.
public struct DefinitionRow: Sendable {
    public var definition: Definition
    /// The fields in force at the view's reference, raw (an app reads the
    /// typed `action`, `tag`, `goal` or `quest`; to-dos: `DiaryPage.todoList`).
    @_spi(Layers) public var fields: Payload
    /// Where it was created, in the order creations compare (`Snapshot.creationKey`).
    public var created: MergeKey
    public var id: String { definition.id }
    public var deleted: Bool { !definition.isLive }
    /// The user's order (`order` field); nil when never given.
    public var order: Int? { fields.order.map(Int.init) }
    /// The name a person reads: a tag's or action's name, a goal's title; a
    /// quest has neither (its listing describes it).
    public var name: String { fields.label ?? definition.id }

    /// The definition typed by its kind; nil when it is of another kind.
    public var action: ActionDefinition? { definition.kind == .action ? ActionDefinition(id: id, fields) : nil }
    public var tag: TagDefinition? { definition.kind == .tag ? TagDefinition(id: id, fields) : nil }
    public var goal: GoalDefinition? { definition.kind == .goal ? GoalDefinition(id: id, fields) : nil }
    public var quest: QuestDefinition? { definition.kind == .quest ? QuestDefinition(id: id, fields) : nil }
    public var skip: SkipDefinition? { definition.kind == .skip ? SkipDefinition(id: id, fields) : nil }

    @_spi(Layers) public init(definition: Definition, fields: Payload, created: MergeKey) {
        (self.definition, self.fields, self.created) = (definition, fields, created)
    }
}

public enum DefinitionList {
    /// The definitions of `kind` known to `snap`, with their fields in force
    /// at the reference, in the user's order. Deleted ones only when `all`.
    ///
    /// Every one `snap` knows, whenever it was created: a definition exists
    /// for all valid time from its creation on (RULES §7 — a goal added today
    /// with a past start date is judged as of last week), so the listing as
    /// of an earlier day shows what `progress` and the day totals use then.
    /// Which definitions were known then is `--known-at`'s question.
    public static func rows(_ snap: Snapshot, _ kind: DefinitionKind, reference: Reference, all: Bool) throws -> [DefinitionRow] {
        let at = reference.definitionsAt
        let rows = try snap.definitions(kind).filter { all || $0.isLive }.map {
            DefinitionRow(definition: $0, fields: $0.fields(inForceAt: at), created: try snap.creationKey($0))
        }
        return inUserOrder(rows)
    }

    /// The user's order (`Definition.userOrder`).
    public static func inUserOrder(_ rows: [DefinitionRow]) -> [DefinitionRow] {
        rows.sorted { Definition.comesFirst(($0.order, $0.created), ($1.order, $1.created)) }
    }

    /// Every tag (deleted ones too) by id, as `buttonColor` reads them.
    public static func tagsByID(_ snap: Snapshot, reference: Reference) throws -> [String: DefinitionRow] {
        Dictionary(try rows(snap, .tag, reference: reference, all: true).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// An action's button colour (the app's rule): the colour of the
    /// earliest-created of its tags that has one; nil when none has.
    public static func buttonColor(_ action: ActionDefinition, tags: [String: DefinitionRow]) -> String? {
        action.tagIDs.compactMap { tags[$0] }.filter { $0.fields.color != nil }
            .min { $0.created < $1.created }?.fields.color
    }

    /// How much of a goal's period has passed at `reference`: from the start
    /// of its start date to the end of its end date, 0 … 1; nil without an end date.
    public static func elapsed(_ goal: GoalDefinition, calendar: LedgerCalendar, reference: Reference) -> Double? {
        guard let e = goal.endDate else { return nil }
        let s = goal.startDate
        let from = calendar.range(of: s).lowerBound.seconds, to = calendar.range(of: e).upperBound.seconds
        guard to > from else { return nil }
        let f = Double(reference.instant.seconds - from) / Double(to - from)
        return (min(1, max(0, f)) * 1_000_000).rounded() / 1_000_000
    }
}
