/// The goal cards of the collection tab, the goal-bars, quest-ring and
/// quest-grid widgets, the lock screen, the watch's complications and the
/// Siri answers about goals and quests: each goal's day, week and month bars
/// and each quest's ring per span — a fill for "at least", kept or over for
/// "at most", the raw value done under it, and "not a scheduled day". The
/// figures are `haru progress`'s (`ProgressReport`), shaped as those
/// surfaces show them.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// An "at most" quest's state in a span.
public enum LimitState: String, Sendable {
    /// Within the limit ("한도 지킴").
    case kept
    /// Past it ("초과").
    case over
}

/// One quest's ring in one span.
public struct QuestRing: Sendable, Equatable {
    /// False on a day the quest asks nothing of ("not a scheduled day"):
    /// the ring shows that instead of a figure.
    public var scheduled: Bool
    /// An "at least" quest: how full the ring is — the span's value against
    /// its share of the target (RULES §3), past 1 when the quest's own
    /// period holds more than asked (a ring drawn full, "167 %"). Nil for a limit.
    public var fill: Double?
    /// An "at most" quest: kept or over. Nil for "at least".
    public var limit: LimitState?
    /// What was done in the span, uncapped (seconds or a count): the line
    /// under the ring, the only figure a limit has.
    public var done: Double?
    /// The span's share of the target (seconds or a count).
    public var target: Double?
    /// Not asked because its days are skipped (`scheduled` is false too): "skipped".
    public var skipped = false
}

public struct QuestCard: Sendable, Equatable {
    public var id: String
    /// The action or tag it counts, named as in force.
    public var targetName: String
    /// The action a tap on the ring runs (nil for a tag's quest: display only).
    public var actionID: String?
    public var direction: Direction
    /// Whether the figures are seconds (else counts).
    public var unitIsTime: Bool
    public var period: Period
    public var rings: Spans<QuestRing>
    /// Met periods in a row, and the longest since the goal started (nil for custom periods; hidden at 0).
    public var streak: Int?
    public var bestStreak: Int?
    public var streakUnit: StreakUnit
    /// The decimal places its count figures are in (`7.5` h at one; 0 for whole counts and time).
    public var places = 0
}

public struct GoalCard: Sendable, Equatable {
    public var id: String
    public var title: String
    public var symbol: String?
    public var color: String?
    public var status: GoalProgress.Status
    /// The quests' mean ratio per span (the three bars); nil without quests.
    public var bars: Spans<Double?>
    /// No quests: the surfaces say so instead of 0 %.
    public var noQuests: Bool { quests.isEmpty }
    public var quests: [QuestCard]

    /// The cards of every goal of `report`, in the user's order.
    public static func all(_ report: ProgressReport, goals: [String: GoalDefinition]) -> [GoalCard] {
        report.goals.map { g in
            GoalCard(
                id: g.id, title: g.title, symbol: goals[g.id]?.symbol, color: goals[g.id]?.color, status: g.status, bars: g.spanRatios,
                quests: g.quests.map(QuestCard.init))
        }
    }
}

extension QuestCard {
    init(_ q: QuestProgress) {
        let atLeast = q.spec.atLeast
        let action: String?
        if case .action(let a) = q.spec.target { action = a } else { action = nil }
        self.init(
            id: q.spec.id, targetName: q.targetName, actionID: action, direction: q.definition.direction, unitIsTime: q.spec.unitIsTime,
            period: q.spec.period,
            rings: q.spans.map { s in
                guard s.scheduled, !s.skipped else {
                    return QuestRing(scheduled: false, fill: nil, limit: nil, done: nil, target: nil, skipped: s.skipped)
                }
                return QuestRing(
                    scheduled: true, fill: atLeast ? s.displayRatio : nil,
                    limit: atLeast ? nil : (s.ratio == 1 ? .kept : .over), done: s.actual, target: s.target)
            },
            streak: q.streak, bestStreak: q.bestStreak, streakUnit: q.streakUnit)
        places = q.spec.places
    }
}
