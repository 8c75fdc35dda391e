@_spi(Layers) import HaruSystem

/// The domain's choices: one enum each, stored as the case's raw value
/// (its index in the list of words, fixed forever: the stored bytes never
/// change) and compared by case everywhere. `word` is the JSON spelling; a
/// new case is a compile error in every `switch` until it has one.
public protocol Choice: RawRepresentable, CaseIterable, Sendable, Hashable where RawValue == Int64, AllCases == [Self] {
    var word: String { get }
}

extension Choice {
    /// The case spelled `word` in JSON.
    public init?(word: String) {
        guard let c = Self.allCases.first(where: { $0.word == word }) else { return nil }
        self = c
    }

    /// Every word, in stored order (for messages).
    public static var words: [String] { allCases.map(\.word) }
}

/// What an action records: timed sessions or counts.
public enum Tracking: Int64, Choice {
    case time = 0, count
    public var word: String {
        switch self {
        case .time: "time"
        case .count: "count"
        }
    }
}

/// What a quest that targets a tag measures (an action's own tracking is its measure).
public enum Measure: Int64, Choice {
    case time = 0, count
    public var word: String {
        switch self {
        case .time: "time"
        case .count: "count"
        }
    }
}

/// A quest's period (RULES §2).
public enum Period: Int64, Choice {
    case daily = 0, weekly, monthly, custom
    public var word: String {
        switch self {
        case .daily: "daily"
        case .weekly: "weekly"
        case .monthly: "monthly"
        case .custom: "custom"
        }
    }
}

/// Which days a daily quest asks anything of.
public enum ScheduleMode: Int64, Choice {
    case everyDay = 0, weekdays, monthDays, ordinalWeekday
    public var word: String {
        switch self {
        case .everyDay: "every_day"
        case .weekdays: "weekdays"
        case .monthDays: "month_days"
        case .ordinalWeekday: "ordinal_weekday"
        }
    }
}

/// Whether a quest's target is a minimum or a limit.
public enum Direction: Int64, Choice {
    case atLeast = 0, atMost
    public var word: String {
        switch self {
        case .atLeast: "at_least"
        case .atMost: "at_most"
        }
    }
}

/// A user's answer for a goal without quests (`goal.confirmed`).
public enum Outcome: Int64, Choice {
    case achieved = 0, notAchieved
    public var word: String {
        switch self {
        case .achieved: "achieved"
        case .notAchieved: "not_achieved"
        }
    }
}

/// Which session represents a day in the app's lists (`settings.changed`).
public enum Representative: Int64, Choice {
    case earliest = 0, latest
    public var word: String {
        switch self {
        case .earliest: "earliest"
        case .latest: "latest"
        }
    }
}

/// The choice a `.choice` field takes, so that a field's words come from its enum.
public enum ChoiceSet: Sendable, CaseIterable {
    case tracking, measure, period, scheduleMode, direction, outcome, representative

    public var words: [String] {
        switch self {
        case .tracking: Tracking.words
        case .measure: Measure.words
        case .period: Period.words
        case .scheduleMode: ScheduleMode.words
        case .direction: Direction.words
        case .outcome: Outcome.words
        case .representative: Representative.words
        }
    }

    /// The word of a stored value; nil for a value no case has.
    public func word(_ stored: Int64) -> String? {
        switch self {
        case .tracking: Tracking(rawValue: stored)?.word
        case .measure: Measure(rawValue: stored)?.word
        case .period: Period(rawValue: stored)?.word
        case .scheduleMode: ScheduleMode(rawValue: stored)?.word
        case .direction: Direction(rawValue: stored)?.word
        case .outcome: Outcome(rawValue: stored)?.word
        case .representative: Representative(rawValue: stored)?.word
        }
    }

    /// The stored value of a word; nil for a word no case has.
    public func stored(_ word: String) -> Int64? {
        switch self {
        case .tracking: Tracking(word: word)?.rawValue
        case .measure: Measure(word: word)?.rawValue
        case .period: Period(word: word)?.rawValue
        case .scheduleMode: ScheduleMode(word: word)?.rawValue
        case .direction: Direction(word: word)?.rawValue
        case .outcome: Outcome(word: word)?.rawValue
        case .representative: Representative(word: word)?.rawValue
        }
    }
}

extension PayloadFields {
    /// A choice field as its case; nil when absent (or a value no case has).
    @inline(__always)
    public func choice<C: Choice>(_ f: Field, as: C.Type = C.self) -> C? { int(f).flatMap(C.init(rawValue:)) }
}
