/// One span (day, week or month) of a quest (RULES §3).
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruEngine

@_spi(Layers) public struct SpanResult: Sendable, Equatable {
    @_spi(Layers) public var scheduled: Bool
    @_spi(Layers) public var value: Double?
    @_spi(Layers) public var target: Double?
    @_spi(Layers) public var ratio: Double?
    @_spi(Layers) public var displayRatio: Double?
    /// What was done in the span, uncapped (the app widget's third line):
    /// `value` caps each day of a daily quest at its target in the week and
    /// month spans; this does not. Deadline windows and schedules still apply.
    @_spi(Layers) public var actual: Double?

    static let notScheduled = SpanResult(scheduled: false, value: nil, target: nil, ratio: nil, displayRatio: nil, actual: nil)
}

/// A quest's judged figures at its goal's judgment reference (RULES §4–§5).
@_spi(Layers) public struct QuestJudgment: Sendable, Equatable {
    /// nil when the quest asked nothing of the judged day or period (it counts 1).
    @_spi(Layers) public var value: Double?
    @_spi(Layers) public var target: Double?
    @_spi(Layers) public var ratio: Double
    @_spi(Layers) public var achieved: Bool
}

/// A quest's progress in one view.
@_spi(Layers) public struct QuestProgress: Sendable, Equatable {
    @_spi(Layers) public var spec: QuestSpec
    /// day, week, month.
    @_spi(Layers) public var spans: [SpanResult]
    /// nil for custom quests.
    @_spi(Layers) public var streak: Int?
    /// The longest run of met periods since the goal started (nil for custom quests).
    @_spi(Layers) public var bestStreak: Int?
    @_spi(Layers) public var streakUnit: String
    /// The quest's fields in force at the view's reference.
    @_spi(Layers) public var fields: Payload
    /// The name of its action or tag, as in force at the reference.
    @_spi(Layers) public var targetName: String
    @_spi(Layers) public var judgment: QuestJudgment?
    /// Every period since the goal started, marked (only when the engine is
    /// asked for them: `ProgressEngine.periodMarks`; empty otherwise).
    @_spi(Layers) public var periods: [PeriodMark] = []
}

/// A day, week or month of a quest as the report's calendar shows it.
@_spi(Layers) public struct PeriodMark: Sendable, Equatable {
    @_spi(Layers) public enum State: String, Sendable { case met, missed, notScheduled = "not_scheduled", inProgress = "in_progress" }
    @_spi(Layers) public var first: LocalDate
    @_spi(Layers) public var last: LocalDate
    @_spi(Layers) public var state: State
    /// The quest's value in the period (seconds or a count).
    @_spi(Layers) public var value: Double
}

/// A goal's progress in one view.
@_spi(Layers) public struct GoalProgress: Sendable, Equatable {
    @_spi(Layers) public enum Status: String, Sendable {
        case inProgress = "in_progress", achieved, notAchieved = "not_achieved", needsConfirmation = "needs_confirmation"
    }
    @_spi(Layers) public var id: String
    @_spi(Layers) public var title: String
    @_spi(Layers) public var status: Status
    @_spi(Layers) public var judgedAt: Instant?
    @_spi(Layers) public var achievementPercent: Double?
    @_spi(Layers) public var thresholdPercent: Int
    @_spi(Layers) public var startDate: LocalDate
    @_spi(Layers) public var endDate: LocalDate?
    /// Mean ratio per span (day, week, month); nil when the goal has no quests.
    @_spi(Layers) public var spanRatios: [Double?]
    @_spi(Layers) public var quests: [QuestProgress]
    @_spi(Layers) public var noQuests: Bool { quests.isEmpty }
}

/// `haru progress`: every goal in one view.
@_spi(Layers) public struct ProgressReport: Sendable {
    @_spi(Layers) public var reference: Reference
    @_spi(Layers) public var referenceDay: LocalDate
    @_spi(Layers) public var knownAt: UInt64
    @_spi(Layers) public var goals: [GoalProgress]
}

extension Reference {
    /// The logical day the reference stands in: for `--as-of DATE`, that date
    /// (its instant is the exclusive end of the day).
    @_spi(Layers) public func day(_ calendar: LedgerCalendar) -> LocalDate {
        if let c = cutoff, c == instant { return calendar.day(of: Instant(seconds: instant.seconds - 1)) }
        return calendar.day(of: instant)
    }

    /// The same reference with every record after it cut (streaks never count
    /// a record timed after the reference, even in the live view).
    var cutting: Reference { cutoff == nil ? .asOf(instant) : self }
}
