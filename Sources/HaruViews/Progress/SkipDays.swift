/// The days a view's quests are excused from: `skip.added` for an action, a
/// quest or a goal, one day or a range (a pause). Docs/rules.md "Skipped days".
///
/// A skip is about its days, as a record is about its time: every live skip
/// the view knows of applies, whenever it was written (a day skipped after
/// the fact is excused in every view that knows of the skip; `--known-at`
/// shows what was said before it).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct SkipDays: Sendable {
    /// Days since the epoch, per skipped action, quest and goal id.
    private var byAction: [String: DaySet] = [:]
    private var byQuest: [String: DaySet] = [:]
    private var byGoal: [String: DaySet] = [:]

    /// No day skipped.
    public init() {}

    /// Every live skip `snap` knows of.
    public init(_ snap: Snapshot) throws {
        for d in try snap.definitions(.skip) where d.isLive {
            let skip = SkipDefinition(id: d.id, d.base)
            let days = skip.days.lowerBound.daysSinceEpoch...skip.days.upperBound.daysSinceEpoch
            switch skip.target {
            case .action(let a): byAction[a, default: DaySet()].insert(days)
            case .quest(let q): byQuest[q, default: DaySet()].insert(days)
            case .goal(let g): byGoal[g, default: DaySet()].insert(days)
            }
        }
    }

    public var isEmpty: Bool { byAction.isEmpty && byQuest.isEmpty && byGoal.isEmpty }

    /// The days a quest asks nothing of: its own skips, its goal's, and the
    /// days every action it measures is skipped (one action for an action
    /// target; a tag's actions, all of them, for a tag target).
    public func days(quest: String, goal: String, measuring actions: [String]) -> DaySet {
        var out = byQuest[quest] ?? DaySet()
        out.formUnion(byGoal[goal] ?? DaySet())
        if let first = actions.first, var common = byAction[first] {
            for a in actions.dropFirst() { common = common.intersection(byAction[a] ?? DaySet()) }
            out.formUnion(common)
        }
        return out
    }
}
