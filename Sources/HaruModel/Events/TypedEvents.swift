/// The vocabulary as Swift values: one type per event type, its fields
/// typed (ids, instants, local dates, clock times, the choices' enums), so a
/// program builds events without writing JSON. Each turns into an
/// `EventInput` through `Payload.typed`, checked by exactly the rules a JSON
/// line meets (lengths, ranges, required fields), with the same errors.
public protocol TypedEvent: Sendable {
    /// Which event this is.
    static var eventType: EventType { get }
    /// The payload's fields, each in the form a JSON line carries it
    /// (an instant as its seconds).
    var fieldValues: [(Field, FieldValue)] { get }
}

extension TypedEvent {
    /// This event, effective at `at`, as an input to `Ledger.append`.
    /// - Parameters:
    ///   - id: the event's id (a retry with the same id is not appended twice); nil: the ledger draws one.
    ///   - source: a provenance label (`cli`, `app`, …).
    /// - Throws: `InputError` naming `data.FIELD` and the rule broken.
    public func input(at: Instant, id: EventID? = nil, source: String? = nil, zones: ZoneDirectory = .system) throws(InputError)
        -> EventInput
    {
        EventInput(
            id: id, type: Self.eventType, at: at, source: source, payload: try Payload.typed(Self.eventType, fieldValues, zones: zones))
    }
}

/// A field an edit changes: set to a value, or cleared (only the fields an
/// event may clear take `.clear`). A field left nil is not changed.
public enum Edit<Value: Sendable>: Sendable {
    case set(Value)
    case clear
}

extension Edit: Equatable where Value: Equatable {}

/// What a quest counts: one action (its own tracking is the measure), or
/// every action carrying a tag, by time or by count.
public enum QuestTarget: Sendable, Equatable {
    case action(String)
    case tag(String, Measure)
}

/// Which days a daily quest asks anything of.
public enum QuestSchedule: Sendable, Equatable {
    case everyDay
    case weekdays([Weekday])
    case monthDays([Int])
    /// The `ordinal`th (1 … 5) such weekday of each month: 3, .tuesday.
    case ordinalWeekday(Int, Weekday)
}

/// The pairs of a payload under construction: optional fields are left out.
struct FieldList {
    var values: [(Field, FieldValue)] = []
    mutating func add(_ f: Field, _ v: FieldValue?) { if let v { values.append((f, v)) } }
    mutating func add(_ f: Field, _ s: String?) { add(f, s.map(FieldValue.string)) }
    mutating func add(_ f: Field, _ n: Int64?) { add(f, n.map(FieldValue.int)) }
    mutating func add(_ f: Field, _ b: Bool?) { add(f, b.map(FieldValue.bool)) }
    mutating func add(_ f: Field, _ t: Instant?) { add(f, t.map { FieldValue.int($0.seconds) }) }
    mutating func add(_ f: Field, _ d: LocalDate?) { add(f, d.map { FieldValue.string($0.description) }) }
    mutating func add(_ f: Field, _ c: ClockTime?) { add(f, c.map { FieldValue.string($0.description) }) }
    mutating func add(_ f: Field, _ w: Weekday?) { add(f, w.map { FieldValue.string($0.name) }) }
    mutating func add(_ f: Field, _ ids: [String]?) { add(f, ids.map(FieldValue.strings)) }
    mutating func add<C: Choice>(_ f: Field, _ c: C?) { add(f, c.map { FieldValue.string($0.word) }) }
    mutating func add<V>(_ f: Field, _ e: Edit<V>?, _ value: (V) -> FieldValue) {
        switch e {
        case .set(let v): values.append((f, value(v)))
        case .clear: values.append((f, .null))
        case nil: break
        }
    }
    mutating func add(_ f: Field, _ e: Edit<String>?) { add(f, e) { .string($0) } }
    mutating func add(_ target: QuestTarget?) {
        switch target {
        case .action(let id): add(.targetActionID, id)
        case .tag(let id, let measure):
            add(.targetTagID, id)
            add(.targetMeasure, measure)
        case nil: break
        }
    }
    mutating func add(_ schedule: QuestSchedule?) {
        switch schedule {
        case .everyDay: add(.scheduleMode, ScheduleMode.everyDay)
        case .weekdays(let days):
            add(.scheduleMode, ScheduleMode.weekdays)
            add(.scheduleWeekdays, .strings(days.map(\.name)))
        case .monthDays(let days):
            add(.scheduleMode, ScheduleMode.monthDays)
            add(.scheduleMonthDays, .ints(days.map(Int64.init)))
        case .ordinalWeekday(let n, let day):
            add(.scheduleMode, ScheduleMode.ordinalWeekday)
            add(.scheduleOrdinal, Int64(n))
            add(.scheduleWeekday, day)
        case nil: break
        }
    }
}

// MARK: Settings

/// `settings.changed`: the settings in force from `at` (or, dated, from a day).
public struct SettingsChanged: TypedEvent {
    public static let eventType = EventType.settingsChanged
    public var timeZone: String?
    public var dayStart: ClockTime?
    public var weekStart: Weekday?
    public var minSessionSeconds: Int64?
    public var representative: Representative?
    public var longSessionHours: Int64?
    /// The long-session alert on or off.
    public var longSessionAlert: Bool?
    /// The first logical day the change applies to (a dated change).
    public var from: LocalDate?
    public init(
        timeZone: String? = nil, dayStart: ClockTime? = nil, weekStart: Weekday? = nil, minSessionSeconds: Int64? = nil,
        representative: Representative? = nil, longSessionHours: Int64? = nil, longSessionAlert: Bool? = nil, from: LocalDate? = nil
    ) {
        (self.timeZone, self.dayStart, self.weekStart, self.minSessionSeconds) = (timeZone, dayStart, weekStart, minSessionSeconds)
        (self.representative, self.longSessionHours, self.longSessionAlert, self.from) = (
            representative, longSessionHours, longSessionAlert, from
        )
    }
    /// The typed fields of a stored `settings.changed` payload (decoded once,
    /// where the settings history is built; everything else reads these).
    public init(_ p: Payload) {
        timeZone = p.string(.timeZone)
        dayStart = p.int(.dayStart).flatMap { ClockTime(minutes: Int($0)) }
        weekStart = p.int(.weekStart).flatMap { Weekday(rawValue: Int($0)) }
        minSessionSeconds = p.int(.minSessionSeconds)
        representative = p.choice(.representative, as: Representative.self)
        longSessionHours = p.int(.longSessionHours)
        longSessionAlert = p.bool(.longSessionAlert)
        from = p.date(.from)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.timeZone, timeZone)
        l.add(.dayStart, dayStart)
        l.add(.weekStart, weekStart)
        l.add(.minSessionSeconds, minSessionSeconds)
        l.add(.representative, representative)
        l.add(.longSessionHours, longSessionHours)
        l.add(.longSessionAlert, longSessionAlert)
        l.add(.from, from)
        return l.values
    }
}

// MARK: Tags

public struct TagCreated: TypedEvent {
    public static let eventType = EventType.tagCreated
    public var tagID: String
    public var name: String
    /// `#RRGGBB`.
    public var color: String?
    public var order: Int64?
    public init(tagID: String, name: String, color: String? = nil, order: Int64? = nil) {
        (self.tagID, self.name, self.color, self.order) = (tagID, name, color, order)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.tagID, tagID)
        l.add(.name, name)
        l.add(.color, color)
        l.add(.order, order)
        return l.values
    }
}

public struct TagEdited: TypedEvent {
    public static let eventType = EventType.tagEdited
    public var tagID: String
    public var name: String?
    public var color: Edit<String>?
    public var order: Int64?
    public init(tagID: String, name: String? = nil, color: Edit<String>? = nil, order: Int64? = nil) {
        (self.tagID, self.name, self.color, self.order) = (tagID, name, color, order)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.tagID, tagID)
        l.add(.name, name)
        l.add(.color, color)
        l.add(.order, order)
        return l.values
    }
}

// MARK: Actions

public struct ActionCreated: TypedEvent {
    public static let eventType = EventType.actionCreated
    public var actionID: String
    public var name: String
    public var tracking: Tracking
    public var tagIDs: [String]?
    public var symbol: String?
    public var favorite: Bool?
    public var order: Int64?
    /// A count action's unit (`glasses`), what it asks, a description.
    public var unit: String?
    public var question: String?
    public var description: String?
    /// A count action's decimal places (0 … 3; fixed at creation): its amounts in `CountAdded` are whole numbers of 10^-decimals of the unit.
    public var decimals: Int64?
    public init(
        actionID: String, name: String, tracking: Tracking, tagIDs: [String]? = nil, symbol: String? = nil, favorite: Bool? = nil,
        order: Int64? = nil, unit: String? = nil, question: String? = nil, description: String? = nil, decimals: Int64? = nil
    ) {
        self.decimals = decimals
        (self.actionID, self.name, self.tracking, self.tagIDs) = (actionID, name, tracking, tagIDs)
        (self.symbol, self.favorite, self.order) = (symbol, favorite, order)
        (self.unit, self.question, self.description) = (unit, question, description)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.actionID, actionID)
        l.add(.name, name)
        l.add(.tracking, tracking)
        l.add(.tagIDs, tagIDs)
        l.add(.symbol, symbol)
        l.add(.favorite, favorite)
        l.add(.order, order)
        l.add(.unit, unit)
        l.add(.question, question)
        l.add(.description, description)
        l.add(.decimals, decimals)
        return l.values
    }
}

public struct ActionEdited: TypedEvent {
    public static let eventType = EventType.actionEdited
    public var actionID: String
    public var name: String?
    public var tagIDs: [String]?
    public var symbol: Edit<String>?
    public var favorite: Bool?
    public var order: Int64?
    public var unit: Edit<String>?
    public var question: Edit<String>?
    public var description: Edit<String>?
    public init(
        actionID: String, name: String? = nil, tagIDs: [String]? = nil, symbol: Edit<String>? = nil, favorite: Bool? = nil,
        order: Int64? = nil, unit: Edit<String>? = nil, question: Edit<String>? = nil, description: Edit<String>? = nil
    ) {
        (self.actionID, self.name, self.tagIDs, self.symbol, self.favorite, self.order) = (actionID, name, tagIDs, symbol, favorite, order)
        (self.unit, self.question, self.description) = (unit, question, description)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.actionID, actionID)
        l.add(.name, name)
        l.add(.tagIDs, tagIDs)
        l.add(.symbol, symbol)
        l.add(.favorite, favorite)
        l.add(.order, order)
        l.add(.unit, unit)
        l.add(.question, question)
        l.add(.description, description)
        return l.values
    }
}

// MARK: Sessions

/// A timed session starts now (its start is the event's `at`).
public struct SessionStarted: TypedEvent {
    public static let eventType = EventType.sessionStarted
    public var sessionID: String
    public var actionID: String
    public init(sessionID: String, actionID: String) { (self.sessionID, self.actionID) = (sessionID, actionID) }
    public var fieldValues: [(Field, FieldValue)] { [(.sessionID, .string(sessionID)), (.actionID, .string(actionID))] }
}

/// A running session ends at the event's `at`.
public struct SessionStopped: TypedEvent {
    public static let eventType = EventType.sessionStopped
    public var sessionID: String
    public init(sessionID: String) { self.sessionID = sessionID }
    public var fieldValues: [(Field, FieldValue)] { [(.sessionID, .string(sessionID))] }
}

/// A running session started by mistake: it counts nowhere.
public struct SessionDiscarded: TypedEvent {
    public static let eventType = EventType.sessionDiscarded
    public var sessionID: String
    public var reason: String
    public init(sessionID: String, reason: String) { (self.sessionID, self.reason) = (sessionID, reason) }
    public var fieldValues: [(Field, FieldValue)] { [(.sessionID, .string(sessionID)), (.reason, .string(reason))] }
}

/// A finished session entered afterwards.
public struct SessionRecorded: TypedEvent {
    public static let eventType = EventType.sessionRecorded
    public var sessionID: String
    public var actionID: String
    public var start: Instant
    public var end: Instant
    public var note: String?
    public init(sessionID: String, actionID: String, start: Instant, end: Instant, note: String? = nil) {
        (self.sessionID, self.actionID, self.start, self.end, self.note) = (sessionID, actionID, start, end, note)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.sessionID, sessionID)
        l.add(.actionID, actionID)
        l.add(.start, start)
        l.add(.end, end)
        l.add(.note, note)
        return l.values
    }
}

public struct SessionEdited: TypedEvent {
    public static let eventType = EventType.sessionEdited
    public var sessionID: String
    public var start: Instant?
    public var end: Instant?
    public var note: Edit<String>?
    public init(sessionID: String, start: Instant? = nil, end: Instant? = nil, note: Edit<String>? = nil) {
        (self.sessionID, self.start, self.end, self.note) = (sessionID, start, end, note)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.sessionID, sessionID)
        l.add(.start, start)
        l.add(.end, end)
        l.add(.note, note)
        return l.values
    }
}

// MARK: Counts

/// A count of an action, at the event's `at`.
public struct CountAdded: TypedEvent {
    public static let eventType = EventType.countAdded
    public var entryID: String
    public var actionID: String
    public var amount: Int64
    public var note: String?
    public init(entryID: String, actionID: String, amount: Int64, note: String? = nil) {
        (self.entryID, self.actionID, self.amount, self.note) = (entryID, actionID, amount, note)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.entryID, entryID)
        l.add(.actionID, actionID)
        l.add(.amount, amount)
        l.add(.note, note)
        return l.values
    }
}

public struct CountEdited: TypedEvent {
    public static let eventType = EventType.countEdited
    public var entryID: String
    public var amount: Int64?
    /// When the count happened (moves it to that instant's day).
    public var time: Instant?
    public var note: Edit<String>?
    public init(entryID: String, amount: Int64? = nil, time: Instant? = nil, note: Edit<String>? = nil) {
        (self.entryID, self.amount, self.time, self.note) = (entryID, amount, time, note)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.entryID, entryID)
        l.add(.amount, amount)
        l.add(.time, time)
        l.add(.note, note)
        return l.values
    }
}

// MARK: Goals

public struct GoalCreated: TypedEvent {
    public static let eventType = EventType.goalCreated
    public var goalID: String
    public var title: String
    public var startDate: LocalDate
    public var endDate: LocalDate?
    /// 10 … 100 in steps of 5.
    public var thresholdPercent: Int64?
    public var symbol: String?
    public var color: String?
    public var order: Int64?
    public init(
        goalID: String, title: String, startDate: LocalDate, endDate: LocalDate? = nil, thresholdPercent: Int64? = nil,
        symbol: String? = nil,
        color: String? = nil, order: Int64? = nil
    ) {
        (self.goalID, self.title, self.startDate, self.endDate) = (goalID, title, startDate, endDate)
        (self.thresholdPercent, self.symbol, self.color, self.order) = (thresholdPercent, symbol, color, order)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.goalID, goalID)
        l.add(.title, title)
        l.add(.startDate, startDate)
        l.add(.endDate, endDate)
        l.add(.thresholdPercent, thresholdPercent)
        l.add(.symbol, symbol)
        l.add(.color, color)
        l.add(.order, order)
        return l.values
    }
}

public struct GoalEdited: TypedEvent {
    public static let eventType = EventType.goalEdited
    public var goalID: String
    public var title: String?
    public var startDate: LocalDate?
    public var endDate: Edit<LocalDate>?
    public var thresholdPercent: Int64?
    public var symbol: Edit<String>?
    public var color: Edit<String>?
    public var order: Int64?
    public init(
        goalID: String, title: String? = nil, startDate: LocalDate? = nil, endDate: Edit<LocalDate>? = nil, thresholdPercent: Int64? = nil,
        symbol: Edit<String>? = nil, color: Edit<String>? = nil, order: Int64? = nil
    ) {
        (self.goalID, self.title, self.startDate, self.endDate) = (goalID, title, startDate, endDate)
        (self.thresholdPercent, self.symbol, self.color, self.order) = (thresholdPercent, symbol, color, order)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.goalID, goalID)
        l.add(.title, title)
        l.add(.startDate, startDate)
        l.add(.endDate, endDate) { .string($0.description) }
        l.add(.thresholdPercent, thresholdPercent)
        l.add(.symbol, symbol)
        l.add(.color, color)
        l.add(.order, order)
        return l.values
    }
}

/// A goal finished at the event's `at` (judged then).
public struct GoalFinished: TypedEvent {
    public static let eventType = EventType.goalFinished
    public var goalID: String
    public init(goalID: String) { self.goalID = goalID }
    public var fieldValues: [(Field, FieldValue)] { [(.goalID, .string(goalID))] }
}

/// A person's verdict on a finished goal.
public struct GoalConfirmed: TypedEvent {
    public static let eventType = EventType.goalConfirmed
    public var goalID: String
    public var outcome: Outcome
    public init(goalID: String, outcome: Outcome) { (self.goalID, self.outcome) = (goalID, outcome) }
    public var fieldValues: [(Field, FieldValue)] { [(.goalID, .string(goalID)), (.outcome, .string(outcome.word))] }
}

// MARK: Quests

public struct QuestCreated: TypedEvent {
    public static let eventType = EventType.questCreated
    public var questID: String
    public var goalID: String
    public var target: QuestTarget
    public var period: Period
    public var direction: Direction
    /// Daily quests: which days ask anything (default every day).
    public var schedule: QuestSchedule?
    /// Custom periods: the first and last day.
    public var customStart: LocalDate?
    public var customEnd: LocalDate?
    /// The target: seconds for time, a number for counts.
    public var targetSeconds: Int64?
    public var targetCount: Int64?
    /// By when in the logical day a daily quest must be met.
    public var deadline: ClockTime?
    public var order: Int64?
    public init(
        questID: String, goalID: String, target: QuestTarget, period: Period, direction: Direction = .atLeast,
        schedule: QuestSchedule? = nil,
        customStart: LocalDate? = nil, customEnd: LocalDate? = nil, targetSeconds: Int64? = nil, targetCount: Int64? = nil,
        deadline: ClockTime? = nil, order: Int64? = nil
    ) {
        (self.questID, self.goalID, self.target, self.period, self.direction) = (questID, goalID, target, period, direction)
        (self.schedule, self.customStart, self.customEnd) = (schedule, customStart, customEnd)
        (self.targetSeconds, self.targetCount, self.deadline, self.order) = (targetSeconds, targetCount, deadline, order)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.questID, questID)
        l.add(.goalID, goalID)
        l.add(target)
        l.add(.period, period)
        l.add(.direction, direction)
        l.add(schedule)
        l.add(.customStart, customStart)
        l.add(.customEnd, customEnd)
        l.add(.targetSeconds, targetSeconds)
        l.add(.targetCount, targetCount)
        l.add(.deadline, deadline)
        l.add(.order, order)
        return l.values
    }
}

public struct QuestEdited: TypedEvent {
    public static let eventType = EventType.questEdited
    public var questID: String
    public var period: Period?
    public var direction: Direction?
    public var schedule: QuestSchedule?
    public var customStart: LocalDate?
    public var customEnd: LocalDate?
    public var targetSeconds: Int64?
    public var targetCount: Int64?
    public var deadline: Edit<ClockTime>?
    public var order: Int64?
    public init(
        questID: String, period: Period? = nil, direction: Direction? = nil, schedule: QuestSchedule? = nil, customStart: LocalDate? = nil,
        customEnd: LocalDate? = nil, targetSeconds: Int64? = nil, targetCount: Int64? = nil, deadline: Edit<ClockTime>? = nil,
        order: Int64? = nil
    ) {
        (self.questID, self.period, self.direction, self.schedule) = (questID, period, direction, schedule)
        (self.customStart, self.customEnd, self.targetSeconds, self.targetCount) = (customStart, customEnd, targetSeconds, targetCount)
        (self.deadline, self.order) = (deadline, order)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.questID, questID)
        l.add(.period, period)
        l.add(.direction, direction)
        l.add(schedule)
        l.add(.customStart, customStart)
        l.add(.customEnd, customEnd)
        l.add(.targetSeconds, targetSeconds)
        l.add(.targetCount, targetCount)
        l.add(.deadline, deadline) { .string($0.description) }
        l.add(.order, order)
        return l.values
    }
}

// MARK: Deletions and restorations

/// A definition or record deleted (`deleted`) or brought back (`restored`):
/// the same one field, its entity's id.
public struct TagDeleted: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.tagDeleted
    public var tagID: String
    public init(tagID: String) { self.tagID = tagID }
    var entityID: String { tagID }
}
public struct TagRestored: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.tagRestored
    public var tagID: String
    public init(tagID: String) { self.tagID = tagID }
    var entityID: String { tagID }
}
public struct ActionDeleted: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.actionDeleted
    public var actionID: String
    public init(actionID: String) { self.actionID = actionID }
    var entityID: String { actionID }
}
public struct ActionRestored: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.actionRestored
    public var actionID: String
    public init(actionID: String) { self.actionID = actionID }
    var entityID: String { actionID }
}
public struct SessionDeleted: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.sessionDeleted
    public var sessionID: String
    public init(sessionID: String) { self.sessionID = sessionID }
    var entityID: String { sessionID }
}
public struct SessionRestored: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.sessionRestored
    public var sessionID: String
    public init(sessionID: String) { self.sessionID = sessionID }
    var entityID: String { sessionID }
}
public struct CountDeleted: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.countDeleted
    public var entryID: String
    public init(entryID: String) { self.entryID = entryID }
    var entityID: String { entryID }
}
public struct CountRestored: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.countRestored
    public var entryID: String
    public init(entryID: String) { self.entryID = entryID }
    var entityID: String { entryID }
}
public struct GoalDeleted: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.goalDeleted
    public var goalID: String
    public init(goalID: String) { self.goalID = goalID }
    var entityID: String { goalID }
}
public struct GoalRestored: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.goalRestored
    public var goalID: String
    public init(goalID: String) { self.goalID = goalID }
    var entityID: String { goalID }
}
public struct QuestDeleted: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.questDeleted
    public var questID: String
    public init(questID: String) { self.questID = questID }
    var entityID: String { questID }
}
public struct QuestRestored: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.questRestored
    public var questID: String
    public init(questID: String) { self.questID = questID }
    var entityID: String { questID }
}

// MARK: The diary and its to-dos

/// A day's diary page, written whole: a field left nil is not on the page
/// (writing a page again replaces it; `DiaryDeleted` takes it away).
public struct DiaryWritten: TypedEvent, Equatable {
    public static let eventType = EventType.diaryWritten
    /// The logical day the page belongs to.
    public var date: LocalDate
    /// An emoji.
    public var mood: String?
    public var text: String?
    /// Actions the day's timetable leaves out, goals its goals card leaves out.
    public var hiddenActionIDs: [String]?
    public var hiddenGoalIDs: [String]?
    /// A photo for the mood and the page's attachments: blobs by their SHA-256 (`Ledger.putBlob`, or `append(_:blobs:)`).
    public var moodPhoto: String?
    public var attachments: [String]?
    /// The calendar events the day's timetable shows, by the calendar's own identifiers.
    public var calendarEventIDs: [String]?
    /// The attachments' file names, one per attachment in their order (`""` for one without).
    public var attachmentNames: [String]?
    /// The page this one was made from (`PageMerge.digest` of its fields;
    /// the digest of an empty `Payload` for a new page): written on two
    /// devices apart, each keeps what it changed. Nil: written whole.
    public var base: String?
    public init(
        date: LocalDate, mood: String? = nil, text: String? = nil, hiddenActionIDs: [String]? = nil, hiddenGoalIDs: [String]? = nil,
        moodPhoto: String? = nil, attachments: [String]? = nil, calendarEventIDs: [String]? = nil, base: String? = nil,
        attachmentNames: [String]? = nil
    ) {
        (self.date, self.mood, self.text, self.hiddenActionIDs, self.hiddenGoalIDs) = (date, mood, text, hiddenActionIDs, hiddenGoalIDs)
        (self.moodPhoto, self.attachments, self.calendarEventIDs, self.base) = (moodPhoto, attachments, calendarEventIDs, base)
        self.attachmentNames = attachmentNames
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.date, date)
        l.add(.mood, mood)
        l.add(.moodPhoto, moodPhoto)
        l.add(.text, text)
        l.add(.attachments, attachments)
        l.add(.hiddenActionIDs, hiddenActionIDs)
        l.add(.hiddenGoalIDs, hiddenGoalIDs)
        l.add(.calendarEventIDs, calendarEventIDs)
        l.add(.attachmentNames, attachmentNames)
        l.add(.pageBase, base)
        return l.values
    }
}

/// One device's own preferences (the lists it names; `.clear` empties one).
public struct DevicePreferencesChanged: TypedEvent {
    public static let eventType = EventType.devicePreferencesChanged
    public var deviceID: String
    public var pinnedGoalIDs: Edit<[String]>?
    public var collapsedGoalIDs: Edit<[String]>?
    public var watchGoalIDs: Edit<[String]>?
    public var memoActionIDs: Edit<[String]>?
    public init(
        deviceID: String, pinnedGoalIDs: Edit<[String]>? = nil, collapsedGoalIDs: Edit<[String]>? = nil,
        watchGoalIDs: Edit<[String]>? = nil, memoActionIDs: Edit<[String]>? = nil
    ) {
        (self.deviceID, self.pinnedGoalIDs, self.collapsedGoalIDs) = (deviceID, pinnedGoalIDs, collapsedGoalIDs)
        (self.watchGoalIDs, self.memoActionIDs) = (watchGoalIDs, memoActionIDs)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.deviceID, deviceID)
        for (f, e) in [
            (Field.pinnedGoalIDs, pinnedGoalIDs), (.collapsedGoalIDs, collapsedGoalIDs), (.watchGoalIDs, watchGoalIDs),
            (.memoActionIDs, memoActionIDs),
        ] {
            l.add(f, e) { .strings($0) }
        }
        return l.values
    }
}

public struct DiaryDeleted: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.diaryDeleted
    public var date: LocalDate
    public init(date: LocalDate) { self.date = date }
    var entityID: String { date.description }
}
public struct DiaryRestored: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.diaryRestored
    public var date: LocalDate
    public init(date: LocalDate) { self.date = date }
    var entityID: String { date.description }
}

/// A to-do on a day's page; `order` places it among the day's others.
public struct TodoAdded: TypedEvent {
    public static let eventType = EventType.todoAdded
    public var todoID: String
    public var date: LocalDate
    public var text: String
    public var order: Int64?
    public init(todoID: String, date: LocalDate, text: String, order: Int64? = nil) {
        (self.todoID, self.date, self.text, self.order) = (todoID, date, text, order)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.todoID, todoID)
        l.add(.date, date)
        l.add(.text, text)
        l.add(.order, order)
        return l.values
    }
}

/// A to-do's text or place changed, or moved to another day.
public struct TodoEdited: TypedEvent {
    public static let eventType = EventType.todoEdited
    public var todoID: String
    public var date: LocalDate?
    public var text: String?
    public var order: Int64?
    public init(todoID: String, date: LocalDate? = nil, text: String? = nil, order: Int64? = nil) {
        (self.todoID, self.date, self.text, self.order) = (todoID, date, text, order)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.todoID, todoID)
        l.add(.date, date)
        l.add(.text, text)
        l.add(.order, order)
        return l.values
    }
}

public struct TodoDone: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.todoDone
    public var todoID: String
    public init(todoID: String) { self.todoID = todoID }
    var entityID: String { todoID }
}
public struct TodoUndone: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.todoUndone
    public var todoID: String
    public init(todoID: String) { self.todoID = todoID }
    var entityID: String { todoID }
}
public struct TodoDeleted: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.todoDeleted
    public var todoID: String
    public init(todoID: String) { self.todoID = todoID }
    var entityID: String { todoID }
}
public struct TodoRestored: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.todoRestored
    public var todoID: String
    public init(todoID: String) { self.todoID = todoID }
    var entityID: String { todoID }
}

// MARK: Skipped days (issue 44)

/// A day, or the days `startDate` through `endDate` (a pause), excused for
/// an action, a quest or a goal: what they ask of those days is not asked
/// (Docs/rules.md "Skipped days").
public struct SkipAdded: TypedEvent {
    public enum Target: Sendable, Equatable {
        case action(String), quest(String), goal(String)

        /// The payload field that names it.
        public var field: Field {
            switch self {
            case .action: .actionID
            case .quest: .questID
            case .goal: .goalID
            }
        }

        /// The id of what it names.
        public var id: String {
            switch self {
            case .action(let id), .quest(let id), .goal(let id): id
            }
        }
    }
    public static let eventType = EventType.skipAdded
    public var skipID: String
    public var startDate: LocalDate
    public var endDate: LocalDate?
    public var target: Target
    public var note: String?
    public init(skipID: String, startDate: LocalDate, endDate: LocalDate? = nil, target: Target, note: String? = nil) {
        (self.skipID, self.startDate, self.endDate, self.target, self.note) = (skipID, startDate, endDate, target, note)
    }
    public var fieldValues: [(Field, FieldValue)] {
        var l = FieldList()
        l.add(.skipID, skipID)
        l.add(.startDate, startDate)
        l.add(.endDate, endDate)
        l.add(target.field, target.id)
        l.add(.note, note)
        return l.values
    }
}
public struct SkipDeleted: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.skipDeleted
    public var skipID: String
    public init(skipID: String) { self.skipID = skipID }
    var entityID: String { skipID }
}
public struct SkipRestored: TypedEvent, IDOnlyEvent {
    public static let eventType = EventType.skipRestored
    public var skipID: String
    public init(skipID: String) { self.skipID = skipID }
    var entityID: String { skipID }
}

/// An event whose one field is its entity's id (the schema's only required field).
protocol IDOnlyEvent {
    static var eventType: EventType { get }
    var entityID: String { get }
}

extension IDOnlyEvent {
    public var fieldValues: [(Field, FieldValue)] { [(Self.eventType.entityField!, .string(entityID))] }
}

// MARK: Redaction

/// `ledger.redacted` is written by `Ledger.redact` (it also erases the text
/// in place); it has no typed value to append by hand.
