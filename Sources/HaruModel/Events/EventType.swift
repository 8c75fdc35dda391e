@_spi(Layers) import HaruSystem

/// The event vocabulary of CONTRACT §2.
///
/// Raw values are the type codes stored on disk and covered by the hash
/// chain: fixed forever. A type is never removed or re-purposed; a change of
/// meaning is a new payload version.
public enum EventType: UInt16, CaseIterable, Sendable {
    case settingsChanged = 1
    case tagCreated, tagEdited, tagDeleted
    case actionCreated, actionEdited, actionDeleted
    case sessionStarted, sessionStopped, sessionDiscarded, sessionRecorded, sessionEdited, sessionDeleted
    case countAdded, countEdited, countDeleted
    case goalCreated, goalEdited, goalFinished, goalConfirmed, goalDeleted
    case questCreated, questEdited, questDeleted
    // Deletions taken back (issue 15): codes 25 … 30.
    case tagRestored, actionRestored, goalRestored, questRestored, sessionRestored, countRestored
    // Redaction (issue 17): code 31.
    case ledgerRedacted
    // The diary and its to-dos (issue 31): codes 32 … 40.
    case diaryWritten, diaryDeleted, diaryRestored
    case todoAdded, todoEdited, todoDone, todoUndone, todoDeleted, todoRestored
    // A device's own preferences (issue 31): code 41.
    case devicePreferencesChanged
    // Days excused from what a quest asks: skip and pause (issue 44): codes 42 … 44.
    case skipAdded, skipDeleted, skipRestored

    /// `domain.action`, as written in JSON.
    public var name: String {
        switch self {
        case .settingsChanged: "settings.changed"
        case .tagCreated: "tag.created"
        case .tagEdited: "tag.edited"
        case .tagDeleted: "tag.deleted"
        case .actionCreated: "action.created"
        case .actionEdited: "action.edited"
        case .actionDeleted: "action.deleted"
        case .sessionStarted: "session.started"
        case .sessionStopped: "session.stopped"
        case .sessionDiscarded: "session.discarded"
        case .sessionRecorded: "session.recorded"
        case .sessionEdited: "session.edited"
        case .sessionDeleted: "session.deleted"
        case .countAdded: "count.added"
        case .countEdited: "count.edited"
        case .countDeleted: "count.deleted"
        case .goalCreated: "goal.created"
        case .goalEdited: "goal.edited"
        case .goalFinished: "goal.finished"
        case .goalConfirmed: "goal.confirmed"
        case .goalDeleted: "goal.deleted"
        case .questCreated: "quest.created"
        case .questEdited: "quest.edited"
        case .questDeleted: "quest.deleted"
        case .tagRestored: "tag.restored"
        case .actionRestored: "action.restored"
        case .goalRestored: "goal.restored"
        case .questRestored: "quest.restored"
        case .sessionRestored: "session.restored"
        case .countRestored: "count.restored"
        case .ledgerRedacted: "ledger.redacted"
        case .diaryWritten: "diary.written"
        case .diaryDeleted: "diary.deleted"
        case .diaryRestored: "diary.restored"
        case .todoAdded: "todo.added"
        case .todoEdited: "todo.edited"
        case .todoDone: "todo.done"
        case .todoUndone: "todo.undone"
        case .todoDeleted: "todo.deleted"
        case .todoRestored: "todo.restored"
        case .devicePreferencesChanged: "device.preferences.changed"
        case .skipAdded: "skip.added"
        case .skipDeleted: "skip.deleted"
        case .skipRestored: "skip.restored"
        }
    }

    private static let byName: [EntityKey: EventType] = {
        var m: [EntityKey: EventType] = [:]
        for t in EventType.allCases { m[EntityKey(t.name)] = t }
        return m
    }()

    public init?(name: String) {
        guard let t = EventType.byName[EntityKey(name)] else { return nil }
        self = t
    }

    /// The newest payload version of this type; older ones are upcast on read.
    public var currentVersion: Int { 1 }

    /// The field that names the entity this event is about.
    public var entityField: Field? {
        switch self {
        case .settingsChanged, .ledgerRedacted: return nil
        case .tagCreated, .tagEdited, .tagDeleted, .tagRestored: return .tagID
        case .actionCreated, .actionEdited, .actionDeleted, .actionRestored: return .actionID
        case .sessionStarted, .sessionStopped, .sessionDiscarded, .sessionRecorded, .sessionEdited, .sessionDeleted, .sessionRestored:
            return .sessionID
        case .countAdded, .countEdited, .countDeleted, .countRestored: return .entryID
        case .goalCreated, .goalEdited, .goalFinished, .goalConfirmed, .goalDeleted, .goalRestored: return .goalID
        case .questCreated, .questEdited, .questDeleted, .questRestored: return .questID
        // A diary page is the logical day it belongs to (`Payload.entityID` prints it).
        case .diaryWritten, .diaryDeleted, .diaryRestored: return .date
        case .todoAdded, .todoEdited, .todoDone, .todoUndone, .todoDeleted, .todoRestored: return .todoID
        case .devicePreferencesChanged: return .deviceID
        case .skipAdded, .skipDeleted, .skipRestored: return .skipID
        }
    }
}

/// How a field appears in one event type's payload.
public struct FieldRule: Sendable {
    public let field: Field
    public let required: Bool
    /// May be `null` (an edit removing an optional value).
    public let nullable: Bool
}

extension EventType {
    /// The payload fields this type accepts (version 1). Each list is built
    /// once (`Schemas`); the switch makes a new type name its fields.
    public var schema: [FieldRule] {
        switch self {
        case .settingsChanged: Schemas.settingsChanged
        case .tagCreated: Schemas.tagCreated
        case .tagEdited: Schemas.tagEdited
        case .tagDeleted: Schemas.tagDeleted
        case .actionCreated: Schemas.actionCreated
        case .actionEdited: Schemas.actionEdited
        case .actionDeleted: Schemas.actionDeleted
        case .sessionStarted: Schemas.sessionStarted
        case .sessionStopped: Schemas.sessionStopped
        case .sessionDiscarded: Schemas.sessionDiscarded
        case .sessionRecorded: Schemas.sessionRecorded
        case .sessionEdited: Schemas.sessionEdited
        case .sessionDeleted: Schemas.sessionDeleted
        case .countAdded: Schemas.countAdded
        case .countEdited: Schemas.countEdited
        case .countDeleted: Schemas.countDeleted
        case .goalCreated: Schemas.goalCreated
        case .goalEdited: Schemas.goalEdited
        case .goalFinished: Schemas.goalFinished
        case .goalConfirmed: Schemas.goalConfirmed
        case .goalDeleted: Schemas.goalDeleted
        case .questCreated: Schemas.questCreated
        case .questEdited: Schemas.questEdited
        case .questDeleted: Schemas.questDeleted
        case .tagRestored: Schemas.tagDeleted
        case .actionRestored: Schemas.actionDeleted
        case .goalRestored: Schemas.goalDeleted
        case .questRestored: Schemas.questDeleted
        case .sessionRestored: Schemas.sessionDeleted
        case .countRestored: Schemas.countDeleted
        case .ledgerRedacted: Schemas.ledgerRedacted
        case .diaryWritten: Schemas.diaryWritten
        case .diaryDeleted, .diaryRestored: Schemas.diaryDeleted
        case .todoAdded: Schemas.todoAdded
        case .todoEdited: Schemas.todoEdited
        case .todoDone, .todoUndone, .todoDeleted, .todoRestored: Schemas.todoDeleted
        case .devicePreferencesChanged: Schemas.devicePreferencesChanged
        case .skipAdded: Schemas.skipAdded
        case .skipDeleted, .skipRestored: Schemas.skipDeleted
        }
    }
}

/// The field lists of `EventType.schema`, one per type.
private enum Schemas {
    static func req(_ f: Field...) -> [FieldRule] { f.map { FieldRule(field: $0, required: true, nullable: false) } }
    static func opt(_ f: Field...) -> [FieldRule] { f.map { FieldRule(field: $0, required: false, nullable: false) } }
    static func clearable(_ f: Field...) -> [FieldRule] { f.map { FieldRule(field: $0, required: false, nullable: true) } }

    /// The quest definition fields (creation), besides the ids and the target.
    static let questShape: [Field] = [
        .period, .scheduleMode, .scheduleWeekdays, .scheduleMonthDays, .scheduleOrdinal, .scheduleWeekday,
        .customStart, .customEnd, .targetSeconds, .targetCount, .direction, .deadline,
    ]

    static let settingsChanged = opt(
        .timeZone, .dayStart, .weekStart, .minSessionSeconds, .representative, .longSessionHours, .longSessionAlert, .from)
    static let tagCreated = req(.tagID, .name) + opt(.color, .order)
    static let tagEdited = req(.tagID) + opt(.name, .order) + clearable(.color)
    static let tagDeleted = req(.tagID)
    static let actionCreated =
        req(.actionID, .name, .tracking) + opt(.tagIDs, .symbol, .favorite, .order, .unit, .question, .description, .decimals)
    static let actionEdited = req(.actionID) + opt(.name, .tagIDs, .favorite, .order) + clearable(.symbol, .unit, .question, .description)
    static let actionDeleted = req(.actionID)
    static let sessionStarted = req(.sessionID, .actionID)
    static let sessionStopped = req(.sessionID)
    static let sessionDiscarded = req(.sessionID, .reason)
    static let sessionRecorded = req(.sessionID, .actionID, .start, .end) + opt(.note)
    static let sessionEdited = req(.sessionID) + opt(.start, .end) + clearable(.note)
    static let sessionDeleted = req(.sessionID)
    static let countAdded = req(.entryID, .actionID, .amount) + opt(.note)
    static let countEdited = req(.entryID) + opt(.amount, .time) + clearable(.note)
    static let countDeleted = req(.entryID)
    static let ledgerRedacted = req(.redactedSeq, .redactedFields, .reason, .digest, .redactedDigest)
    static let goalCreated = req(.goalID, .title, .startDate) + opt(.endDate, .thresholdPercent, .symbol, .color, .order)
    static let goalEdited = req(.goalID) + opt(.title, .startDate, .thresholdPercent, .order) + clearable(.endDate, .symbol, .color)
    static let goalFinished = req(.goalID)
    static let goalConfirmed = req(.goalID, .outcome)
    static let goalDeleted = req(.goalID)
    static let questCreated =
        req(.questID, .goalID, .period, .direction) + opt(.targetActionID, .targetTagID, .targetMeasure)
        + questShape.filter { $0 != .period && $0 != .direction }.map { FieldRule(field: $0, required: false, nullable: false) }
        + opt(.order)
    static let questEdited =
        req(.questID) + questShape.map { FieldRule(field: $0, required: false, nullable: $0 == .deadline) } + opt(.order)
    static let questDeleted = req(.questID)
    // A page is written whole: a field left out is not on the page. With
    // `base` (the page it was made from) only what it changed is written.
    static let diaryWritten =
        req(.date)
        + opt(.mood, .moodPhoto, .text, .attachments, .hiddenActionIDs, .hiddenGoalIDs, .calendarEventIDs, .pageBase, .attachmentNames)
    static let diaryDeleted = req(.date)
    static let todoAdded = req(.todoID, .date, .text) + opt(.order)
    static let todoEdited = req(.todoID) + opt(.date, .text, .order)
    static let todoDeleted = req(.todoID)
    /// One day (`start_date`) or a range through `end_date`, excused for an
    /// action, a quest or a goal (exactly one of them).
    static let skipAdded = req(.skipID, .startDate) + opt(.endDate, .actionID, .questID, .goalID, .note)
    static let skipDeleted = req(.skipID)
    static let devicePreferencesChanged = req(.deviceID) + clearable(.pinnedGoalIDs, .collapsedGoalIDs, .watchGoalIDs, .memoActionIDs)
}
