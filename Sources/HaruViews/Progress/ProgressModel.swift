/// One span (day, week or month) of a quest (RULES §3).
import HaruModel

package struct SpanResult: Sendable, Equatable {
    package var scheduled: Bool
    package var value: Double?
    package var target: Double?
    package var ratio: Double?
    package var displayRatio: Double?

    static let notScheduled = SpanResult(scheduled: false, value: nil, target: nil, ratio: nil, displayRatio: nil)
}

/// A quest's judged figures at its goal's judgment reference (RULES §4–§5).
package struct QuestJudgment: Sendable, Equatable {
    /// nil when the quest asked nothing of the judged day or period (it counts 1).
    package var value: Double?
    package var target: Double?
    package var ratio: Double
    package var achieved: Bool
}

/// A quest's progress in one view.
package struct QuestProgress: Sendable, Equatable {
    package var spec: QuestSpec
    /// day, week, month.
    package var spans: [SpanResult]
    /// nil for custom quests.
    package var streak: Int?
    package var streakUnit: String
    package var judgment: QuestJudgment?
}

/// A goal's progress in one view.
package struct GoalProgress: Sendable, Equatable {
    package enum Status: String, Sendable {
        case inProgress = "in_progress", achieved, notAchieved = "not_achieved", needsConfirmation = "needs_confirmation"
    }
    package var id: String
    package var title: String
    package var status: Status
    package var judgedAt: Instant?
    package var achievementPercent: Double?
    package var thresholdPercent: Int
    package var startDate: LocalDate
    package var endDate: LocalDate?
    /// Mean ratio per span (day, week, month); nil when the goal has no quests.
    package var spanRatios: [Double?]
    package var quests: [QuestProgress]
    package var noQuests: Bool { quests.isEmpty }
}

/// `haru progress`: every goal in one view.
package struct ProgressReport: Sendable {
    package var reference: Reference
    package var referenceDay: LocalDate
    package var knownAt: UInt64
    package var goals: [GoalProgress]
}

extension Reference {
    /// The logical day the reference stands in: for `--as-of DATE`, that date
    /// (its instant is the exclusive end of the day).
    package func day(_ calendar: LedgerCalendar) -> LocalDate {
        if let c = cutoff, c == instant { return calendar.day(of: Instant(seconds: instant.seconds - 1)) }
        return calendar.day(of: instant)
    }

    /// The same reference with every record after it cut (streaks never count
    /// a record timed after the reference, even in the live view).
    var cutting: Reference { cutoff == nil ? .asOf(instant) : self }
}
