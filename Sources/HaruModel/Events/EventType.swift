/// The event vocabulary of CONTRACT §2.
///
/// Raw values are the type codes stored on disk and covered by the hash
/// chain: fixed forever. A type is never removed or re-purposed; a change of
/// meaning is a new payload version.
package enum EventType: UInt16, CaseIterable, Sendable {
    case settingsChanged = 1
    case tagCreated, tagEdited, tagDeleted
    case actionCreated, actionEdited, actionDeleted
    case sessionStarted, sessionStopped, sessionDiscarded, sessionRecorded, sessionEdited, sessionDeleted
    case countAdded, countEdited, countDeleted
    case goalCreated, goalEdited, goalFinished, goalConfirmed, goalDeleted
    case questCreated, questEdited, questDeleted

    /// `domain.action`, as written in JSON.
    package var name: String { EventType.names[Int(rawValue) - 1] }

    private static let names = [
        "settings.changed", "tag.created", "tag.edited", "tag.deleted",
        "action.created", "action.edited", "action.deleted",
        "session.started", "session.stopped", "session.discarded", "session.recorded", "session.edited",
        "session.deleted", "count.added", "count.edited", "count.deleted",
        "goal.created", "goal.edited", "goal.finished", "goal.confirmed", "goal.deleted",
        "quest.created", "quest.edited", "quest.deleted",
    ]

    private static let byName: [EntityKey: EventType] = {
        var m: [EntityKey: EventType] = [:]
        for t in EventType.allCases { m[EntityKey(t.name)] = t }
        return m
    }()

    package init?(name: String) {
        guard let t = EventType.byName[EntityKey(name)] else { return nil }
        self = t
    }

    /// The newest payload version of this type; older ones are upcast on read.
    package var currentVersion: Int { 1 }

    /// The field that names the entity this event is about.
    package var entityField: Field? {
        switch self {
        case .settingsChanged: return nil
        case .tagCreated, .tagEdited, .tagDeleted: return .tagID
        case .actionCreated, .actionEdited, .actionDeleted: return .actionID
        case .sessionStarted, .sessionStopped, .sessionDiscarded, .sessionRecorded, .sessionEdited, .sessionDeleted:
            return .sessionID
        case .countAdded, .countEdited, .countDeleted: return .entryID
        case .goalCreated, .goalEdited, .goalFinished, .goalConfirmed, .goalDeleted: return .goalID
        case .questCreated, .questEdited, .questDeleted: return .questID
        }
    }
}

/// How a field appears in one event type's payload.
package struct FieldRule: Sendable {
    package let field: Field
    package let required: Bool
    /// May be `null` (an edit removing an optional value).
    package let nullable: Bool
}

extension EventType {
    /// The payload fields this type accepts (version 1).
    package var schema: [FieldRule] { EventType.schemas[Int(rawValue) - 1] }

    private static func req(_ f: Field...) -> [FieldRule] { f.map { FieldRule(field: $0, required: true, nullable: false) } }
    private static func opt(_ f: Field...) -> [FieldRule] { f.map { FieldRule(field: $0, required: false, nullable: false) } }
    private static func clearable(_ f: Field...) -> [FieldRule] { f.map { FieldRule(field: $0, required: false, nullable: true) } }

    /// The quest definition fields (creation), besides the ids and the target.
    private static let questShape: [Field] = [
        .period, .scheduleMode, .scheduleWeekdays, .scheduleMonthDays, .scheduleOrdinal, .scheduleWeekday,
        .customStart, .customEnd, .targetSeconds, .targetCount, .direction, .deadline,
    ]

    private static let schemas: [[FieldRule]] = [
        opt(.timeZone, .dayStart, .weekStart, .minSessionSeconds, .representative, .from),
        req(.tagID, .name) + opt(.color),
        req(.tagID) + opt(.name) + clearable(.color),
        req(.tagID),
        req(.actionID, .name, .tracking) + opt(.tagIDs, .symbol, .favorite),
        req(.actionID) + opt(.name, .tagIDs, .favorite) + clearable(.symbol),
        req(.actionID),
        req(.sessionID, .actionID),
        req(.sessionID),
        req(.sessionID, .reason),
        req(.sessionID, .actionID, .start, .end) + opt(.note),
        req(.sessionID) + opt(.start, .end) + clearable(.note),
        req(.sessionID),
        req(.entryID, .actionID, .amount) + opt(.note),
        req(.entryID) + opt(.amount, .time) + clearable(.note),
        req(.entryID),
        req(.goalID, .title, .startDate) + opt(.endDate, .thresholdPercent, .symbol, .color),
        req(.goalID) + opt(.title, .startDate, .thresholdPercent) + clearable(.endDate, .symbol, .color),
        req(.goalID),
        req(.goalID, .outcome),
        req(.goalID),
        req(.questID, .goalID, .period, .direction) + opt(.targetActionID, .targetTagID, .targetMeasure)
            + questShape.filter { $0 != .period && $0 != .direction }.map { FieldRule(field: $0, required: false, nullable: false) },
        req(.questID) + questShape.map { FieldRule(field: $0, required: false, nullable: $0 == .deadline) },
        req(.questID),
    ]
}
