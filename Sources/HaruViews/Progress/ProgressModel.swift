/// One span (day, week or month) of a quest (RULES §3).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct SpanResult: Sendable, Equatable {
    public var scheduled: Bool
    public var value: Double?
    public var target: Double?
    public var ratio: Double?
    public var displayRatio: Double?
    /// What was done in the span, uncapped (the app widget's third line):
    /// `value` caps each day of a daily quest at its target in the week and
    /// month spans; this does not. Deadline windows and schedules still apply.
    public var actual: Double?
    /// Every day of the span the quest asks something of is skipped: it has no ratio.
    public var skipped = false

    static let notScheduled = SpanResult(scheduled: false, value: nil, target: nil, ratio: nil, displayRatio: nil, actual: nil)
    static let skippedSpan = SpanResult(
        scheduled: true, value: nil, target: nil, ratio: nil, displayRatio: nil, actual: nil, skipped: true)
}

/// A quest's judged figures at its goal's judgment reference (RULES §4–§5).
public struct QuestJudgment: Sendable, Equatable {
    /// nil when the quest asked nothing of the judged day or period (it counts 1).
    public var value: Double?
    public var target: Double?
    public var ratio: Double
    public var achieved: Bool
    /// The judged day, or every elapsed day of the judged period, was skipped (it counts 1).
    public var skipped = false
}

/// Which span: the reference day, its week, its month (the JSON's member names).
public enum SpanKind: String, Sendable, CaseIterable { case day, week, month }

/// One value for each span a goal or quest is shown over (RULES §3): the
/// reference day, its week and its month — the widget's three bars.
public struct Spans<Value: Sendable>: Sendable {
    public var day: Value
    public var week: Value
    public var month: Value
    public init(day: Value, week: Value, month: Value) { (self.day, self.week, self.month) = (day, week, month) }

    public subscript(_ k: SpanKind) -> Value {
        switch k {
        case .day: day
        case .week: week
        case .month: month
        }
    }
    /// The spans in the order the app shows them, each with its kind.
    public var all: [(kind: SpanKind, value: Value)] { [(.day, day), (.week, week), (.month, month)] }
    public func map<T>(_ f: (Value) throws -> T) rethrows -> Spans<T> { Spans<T>(day: try f(day), week: try f(week), month: try f(month)) }
}

extension Spans: Equatable where Value: Equatable {}

/// What a quest's streak counts: days (daily and custom quests), weeks or months.
public enum StreakUnit: String, Sendable {
    case days, weeks, months
    /// The unit of one: `day`, `week`, `month`.
    public var singular: String { String(rawValue.dropLast()) }
}

/// A quest's progress in one view.
public struct QuestProgress: Sendable, Equatable {
    public var spec: QuestSpec
    public var spans: Spans<SpanResult>
    /// nil for custom quests.
    public var streak: Int?
    /// The longest run of met periods since the goal started (nil for custom quests).
    public var bestStreak: Int?
    public var streakUnit: StreakUnit
    /// The quest's fields in force, raw (`definitionJSON`).
    var fields: Payload
    /// The quest's fields in force at the view's reference, typed.
    public var definition: QuestDefinition { QuestDefinition(id: spec.id, fields) }
    /// The name of its action or tag, as in force at the reference.
    public var targetName: String
    public var judgment: QuestJudgment?
    /// Every period since the goal started, marked (only when the engine is
    /// asked for them: `ProgressEngine.periodMarks`; empty otherwise).
    public var periods: [PeriodMark] = []
}

/// A day, week or month of a quest as the report's calendar shows it.
public struct PeriodMark: Sendable, Equatable {
    public enum State: String, Sendable { case met, missed, notScheduled = "not_scheduled", inProgress = "in_progress", skipped }
    public var first: LocalDate
    public var last: LocalDate
    public var state: State
    /// The quest's value in the period (seconds or a count).
    public var value: Double
}

/// A goal's progress in one view.
public struct GoalProgress: Sendable, Equatable {
    public enum Status: String, Sendable {
        case inProgress = "in_progress", achieved, notAchieved = "not_achieved", needsConfirmation = "needs_confirmation"
    }
    public var id: String
    public var title: String
    public var status: Status
    public var judgedAt: Instant?
    public var achievementPercent: Double?
    public var thresholdPercent: Int
    public var startDate: LocalDate
    public var endDate: LocalDate?
    /// The quests' mean ratio per span; nil when the goal has no quests (the
    /// day's: 1 when no quest asks anything of the day; the week's and
    /// month's: nil when no quest has a ratio there).
    public var spanRatios: Spans<Double?>
    public var quests: [QuestProgress]
    public var noQuests: Bool { quests.isEmpty }

    /// The reference day is skipped for every quest that would ask something
    /// of it (its day ratio, 1, says nothing was asked; this says why).
    public var daySkipped: Bool {
        quests.contains { $0.spans.day.skipped } && quests.allSatisfy { !$0.spans.day.scheduled || $0.spans.day.skipped }
    }
}

/// `haru progress`: every goal in one view.
public struct ProgressReport: Sendable {
    public var reference: Reference
    public var referenceDay: LocalDate
    public var knownAt: UInt64
    public var goals: [GoalProgress]
}

extension Reference {
    /// The logical day the reference stands in: for `--as-of DATE`, that date
    /// (its instant is the exclusive end of the day).
    public func day(_ calendar: LedgerCalendar) -> LocalDate {
        if let c = cutoff, c == instant { return calendar.day(of: Instant(seconds: instant.seconds - 1)) }
        return calendar.day(of: instant)
    }

    /// The same reference with every record after it cut (streaks never count
    /// a record timed after the reference, even in the live view).
    var cutting: Reference { cutoff == nil ? .asOf(instant) : self }
}
