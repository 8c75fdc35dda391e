/// A quest's definition as in force at one instant, typed (RULES §2).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct QuestSpec: Sendable, Equatable {
    public enum Schedule: Sendable, Equatable {
        case everyDay
        case weekdays(Set<Int>)  // 0 = Monday
        case monthDays(Set<Int>)
        /// The n-th given weekday of the month (1…5).
        case ordinal(Int, Int)
    }
    public enum Target: Sendable, Equatable {
        case action(String)
        case tag(String)
    }

    public let id: String
    public let goalID: String
    public let target: Target
    public let unitIsTime: Bool
    public let period: Period
    public let schedule: Schedule
    public let customStart: LocalDate?
    public let customEnd: LocalDate?
    /// The target amount: seconds, or a count in the smallest unit the engine
    /// sums in (`scale` of them make one unit; `shownAmount` is in units).
    public internal(set) var amount: Double
    /// How many of the engine's units make one of the quest's (1 for time and
    /// whole counts; 10^decimals for an action with decimals; 1,000 for a tag
    /// count quest over actions with decimals, each brought to thousandths).
    public internal(set) var scale: Double = 1
    /// Per measured action id, what its stored amounts are multiplied by to
    /// come to the engine's unit (a tag quest over actions of other decimals).
    public internal(set) var multipliers: [String: Int64] = [:]
    /// The decimal places its figures are shown in: its action's, or the
    /// finest of a tag's actions (0 for time and whole counts).
    public internal(set) var places = 0
    /// A count quest's unit, when its action has one (`h`, `glasses`): figures are said in it.
    public internal(set) var countUnit: String?
    /// The target in the quest's own unit (`7.5` hours of sleep, `8` glasses).
    public var shownAmount: Double { amount / scale }
    public let atLeast: Bool
    public let deadline: ClockTime?
    /// The days (since the epoch) the quest is excused from: skipped for its
    /// action(s), itself or its goal (`SkipDays`). Empty unless a view sets them.
    public internal(set) var skipped = DaySet()

    /// Reads a quest payload (already validated by the fold).
    /// - Parameter tracking: the tracking of an action target (true = time).
    @_spi(Layers) public init(id: String, _ p: Payload, actionTracksTime: (String) -> Bool?) {
        self.init(QuestDefinition(id: id, p), actionTracksTime: actionTracksTime)
    }

    /// A quest's definition as the rules measure it.
    /// - Parameter actionTracksTime: the tracking of an action target (true = time;
    ///   nil for an unknown action: then its target says which).
    public init(_ q: QuestDefinition, actionTracksTime: (String) -> Bool?) {
        id = q.id
        goalID = q.goalID
        switch q.target {
        case .action(let a):
            target = .action(a)
            unitIsTime = actionTracksTime(a) ?? (q.targetSeconds != nil)
        case .tag(let t, let measure):
            target = .tag(t)
            unitIsTime = measure == .time
        }
        period = q.period
        switch q.schedule {
        case .weekdays(let days): schedule = .weekdays(Set(days.map(\.rawValue)))
        case .monthDays(let days): schedule = .monthDays(Set(days))
        case .ordinalWeekday(let n, let day): schedule = .ordinal(n, day.rawValue)
        case .everyDay: schedule = .everyDay
        }
        customStart = q.customStart
        customEnd = q.customEnd
        amount = Double((unitIsTime ? q.targetSeconds : q.targetCount) ?? 0)
        atLeast = q.direction != .atMost
        deadline = q.deadline
    }

    /// Whether the quest asks anything of `day` (RULES §2): daily quests on
    /// their schedule, custom quests inside their dates, the others always.
    public func isScheduled(_ day: LocalDate) -> Bool {
        switch period {
        case .weekly, .monthly: return true
        case .custom:
            guard let s = customStart, let e = customEnd else { return false }
            return s <= day && day <= e
        case .daily:
            switch schedule {
            case .everyDay: return true
            case .weekdays(let w): return w.contains(day.weekday.rawValue)
            case .monthDays(let d): return d.contains(day.day)  // a 31st never comes in a 30-day month
            case .ordinal(let n, let w): return day.weekday.rawValue == w && (day.day - 1) / 7 + 1 == n
            }
        }
    }

    /// Whether `day` is skipped for this quest (it asks nothing of it, RULES
    /// as Docs/rules.md "Skipped days" extends them).
    @inline(__always)
    public func isSkipped(_ day: LocalDate) -> Bool { !skipped.isEmpty && skipped.contains(day.daysSinceEpoch) }

    /// The same quest excused from these days.
    public func skipping(_ days: DaySet) -> QuestSpec {
        var q = self
        q.skipped = days
        return q
    }

    /// `isScheduled` for a day given as days since the epoch: no date is
    /// made for the schedules that need none (every day, weekdays).
    @inline(__always)
    func isScheduled(daysSinceEpoch d: Int) -> Bool {
        switch (period, schedule) {
        case (.weekly, _), (.monthly, _), (.daily, .everyDay): return true
        case (.daily, .weekdays(let w)): return w.contains(((d % 7) + 7 + 3) % 7)  // 1970-01-01 was a Thursday (3)
        default: return isScheduled(LocalDate(daysSinceEpoch: d))
        }
    }

    /// "seconds" or "count".
    public var unit: String { unitIsTime ? "seconds" : "count" }
    public var periodName: String { period.word }
    public var directionName: String { (atLeast ? Direction.atLeast : .atMost).word }

    /// What a streak of this quest counts: days, weeks or months (a custom
    /// period's streak counts its days).
    public var streakUnit: StreakUnit {
        switch period {
        case .daily, .custom: .days
        case .weekly: .weeks
        case .monthly: .months
        }
    }

    /// The quest's measure from a day's totals of its actions.
    @inline(__always)
    func measure(_ t: Totals) -> Double { Double(unitIsTime ? t.seconds : t.count) }

    /// ratio (gauge): at_least min(v/t, 1), 0 for a zero target; at_most 1 within the limit, else 0.
    func ratio(value: Double, target: Double) -> Double {
        if atLeast { return target > 0 ? min(value / target, 1) : 0 }
        return value <= target + 1e-9 ? 1 : 0
    }

    /// Whether a finished day or period is met: its ratio is 1.
    func met(value: Double, target: Double) -> Bool { ratio(value: value, target: target) >= 1 - 1e-12 }
}

extension QuestSpec {
    /// The quest's days in words: `every day`, `Mon, Wed, Fri`, `days 1, 15`,
    /// `the 3rd Tuesday`, `every week`, `every month`, `2026-03-01 … 2026-03-31`.
    public var scheduleText: String {
        switch period {
        case .weekly: return "every week"
        case .monthly: return "every month"
        case .custom: return "\(customStart.map(\.description) ?? "?") … \(customEnd.map(\.description) ?? "?")"
        case .daily:
            switch schedule {
            case .everyDay: return "every day"
            case .weekdays(let days):
                return days.sorted().map {
                    Weekday(rawValue: $0).map { String($0.name.prefix(1).uppercased() + $0.name.dropFirst().prefix(2)) } ?? "?"
                }.joined(separator: ", ")
            case .monthDays(let days):
                return "day" + (days.count > 1 ? "s " : " ") + days.sorted().map(String.init).joined(separator: ", ")
                    + " of the month"
            case .ordinal(let n, let wd):
                let nth = n == 1 ? "1st" : n == 2 ? "2nd" : n == 3 ? "3rd" : "\(n)th"
                return
                    "the \(nth) \(Weekday(rawValue: wd).map { $0.name.prefix(1).uppercased() + $0.name.dropFirst() } ?? "?") of the month"
            }
        }
    }
}
