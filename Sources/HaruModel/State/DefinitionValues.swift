/// A definition's fields in force at one instant, typed: one struct per kind,
/// what listings, progress and the diary give an app instead of a raw
/// payload. Each is read from fields the fold has already checked, so a
/// required field is there; the defaults below are the rules' own (a quest
/// without a schedule asks every day, a goal without a threshold needs 100 %).

/// A definition a person names: actions and tags (listings sort and show them by name).
public protocol NamedDefinition: Sendable {
    var id: String { get }
    var name: String { get }
}

/// An action: a button that tracks time or counts.
public struct ActionDefinition: NamedDefinition, Equatable {
    public var id: String
    public var name: String
    public var tracking: Tracking
    /// Its tags, by id, in the order given.
    public var tagIDs: [String]
    public var symbol: String?
    public var favorite: Bool
    /// The user's order; nil when never given.
    public var order: Int?
    /// A count action's unit (`glasses`, `km`): its counts are said in it.
    public var unit: String?
    /// What it asks (Loop's question: `Did you stretch today?`) and a description.
    public var question: String?
    public var description: String?
    /// A count action's decimal places (0 … 3): its amounts and targets are
    /// whole numbers of 10^-decimals of its unit (`Decimals`).
    public var decimals: Int

    @_spi(Layers) public init(id: String, _ p: Payload) {
        (self.id, name, tracking, tagIDs) = (id, p.name ?? id, p.tracking ?? .time, p.tagIDs ?? [])
        (symbol, favorite, order) = (p.symbol, p.favorite ?? false, p.order.map(Int.init))
        (unit, question, description) = (p.string(.unit), p.string(.question), p.string(.description))
        decimals = Int(p.int(.decimals) ?? 0)
    }
}

/// A tag: a group of actions (its colour is the button colour of the actions carrying it first).
public struct TagDefinition: NamedDefinition, Equatable {
    public var id: String
    public var name: String
    public var color: String?
    public var order: Int?

    @_spi(Layers) public init(id: String, _ p: Payload) {
        (self.id, name, color, order) = (id, p.name ?? id, p.color, p.order.map(Int.init))
    }
}

/// A goal: quests judged together over its dates.
public struct GoalDefinition: Sendable, Equatable {
    public var id: String
    public var title: String
    public var startDate: LocalDate
    /// nil: open-ended (never judged).
    public var endDate: LocalDate?
    /// The mean quest ratio, in percent, that achieves it (100 unless given).
    public var thresholdPercent: Int
    public var symbol: String?
    public var color: String?
    public var order: Int?

    @_spi(Layers) public init(id: String, _ p: Payload) {
        // The fold refuses a goal without a start date.
        (self.id, title, startDate, endDate) = (id, p.title ?? id, p.startDate ?? LocalDate(daysSinceEpoch: 0), p.endDate)
        (thresholdPercent, symbol, color, order) = (Int(p.thresholdPercent ?? 100), p.symbol, p.color, p.order.map(Int.init))
    }
}

/// A quest: how much of an action or tag a goal asks for, over which period.
public struct QuestDefinition: Sendable, Equatable {
    public var id: String
    public var goalID: String
    public var target: QuestTarget
    public var period: Period
    public var direction: Direction
    /// Which days a daily quest asks anything of (`.everyDay` for the other periods).
    public var schedule: QuestSchedule
    /// A custom period's first and last day.
    public var customStart: LocalDate?
    public var customEnd: LocalDate?
    /// The target: seconds for time, a number for counts (the other is nil).
    public var targetSeconds: Int64?
    public var targetCount: Int64?
    /// By when in the logical day a daily quest must be met.
    public var deadline: ClockTime?
    public var order: Int?

    @_spi(Layers) public init(id: String, _ p: Payload) {
        self.id = id
        goalID = p.goalID ?? ""
        if let a = p.targetActionID {
            target = .action(a)
        } else {
            target = .tag(p.targetTagID ?? "", p.targetMeasure ?? .time)
        }
        period = p.period ?? .daily
        direction = p.direction ?? .atLeast
        switch p.choice(.scheduleMode) ?? ScheduleMode.everyDay {
        case .weekdays: schedule = .weekdays((p.ints(.scheduleWeekdays) ?? []).compactMap { Weekday(rawValue: Int($0)) })
        case .monthDays: schedule = .monthDays((p.ints(.scheduleMonthDays) ?? []).map(Int.init))
        case .ordinalWeekday:
            schedule = .ordinalWeekday(Int(p.int(.scheduleOrdinal) ?? 1), Weekday(rawValue: Int(p.int(.scheduleWeekday) ?? 0)) ?? .monday)
        case .everyDay: schedule = .everyDay
        }
        (customStart, customEnd, targetSeconds, targetCount) = (p.customStart, p.customEnd, p.targetSeconds, p.targetCount)
        (deadline, order) = (p.deadline, p.order.map(Int.init))
    }
}

/// A skip: days excused for one action, quest or goal (Docs/rules.md "Skipped days").
public struct SkipDefinition: Sendable, Equatable {
    public var id: String
    /// The first and last day skipped (one day: the same).
    public var days: ClosedRange<LocalDate>
    /// What it excuses: `.action(id)`, `.quest(id)` or `.goal(id)`.
    public var target: SkipAdded.Target
    public var note: String?

    @_spi(Layers) public init(id: String, _ p: Payload) {
        // The fold refuses a skip without a start date, or naming none or two of its targets.
        let first = p.startDate ?? LocalDate(daysSinceEpoch: 0)
        (self.id, days, note) = (id, first...max(first, p.endDate ?? first), p.note)
        if let a = p.actionID {
            target = .action(a)
        } else if let q = p.string(.questID) {
            target = .quest(q)
        } else {
            target = .goal(p.goalID ?? "")
        }
    }
}

extension SkipAdded.Target {
    /// The kind of definition it names.
    public var kind: DefinitionKind {
        switch self {
        case .action: .action
        case .quest: .quest
        case .goal: .goal
        }
    }
}

extension Definition {
    /// A skip's days and target as it stands (nil for other kinds; a skip is never edited).
    public var skip: SkipDefinition? { kind == .skip ? SkipDefinition(id: id, base) : nil }
}
