@_spi(Layers) import HaruSystem

/// Every payload field of every event type, with its stored tag.
///
/// The raw values are the tags written to disk: fixed forever, never reused.
/// A field has one kind wherever it appears, so one table validates, stores
/// and prints them all. Dotted names are members of a nested object
/// (`target.action_id` is `{"target": {"action_id": …}}`).
public enum Field: UInt8, CaseIterable, Sendable {
    case timeZone = 1, dayStart, weekStart, minSessionSeconds, representative, from
    case tagID, name, color, actionID, tracking, tagIDs, symbol, favorite
    case sessionID, reason, start, end, note, entryID, amount, time
    case goalID, title, startDate, endDate, thresholdPercent, outcome
    case questID, targetActionID, targetTagID, targetMeasure, period
    case scheduleMode, scheduleWeekdays, scheduleMonthDays, scheduleOrdinal, scheduleWeekday
    case customStart, customEnd, targetSeconds, targetCount, direction, deadline
    // Added with the read side (issue 14): tags 45 and 46.
    case order, longSessionHours
    // Added with redaction (issue 17): tags 47 … 50, the fields of `ledger.redacted`.
    case redactedSeq, redactedFields, digest, redactedDigest
    // Added with the rest of the app's settings (issue 31): tag 51.
    case longSessionAlert
    // Added with the diary (issue 31): tags 52 … 58.
    case date, mood, text, hiddenActionIDs, hiddenGoalIDs, todoID, done
    // Attachments (issue 31): tags 59 and 60, blobs named by their SHA-256.
    case moodPhoto, attachments
    // A device's own preferences (issue 31): tags 61 … 65.
    case deviceID, pinnedGoalIDs, collapsedGoalIDs, watchGoalIDs, memoActionIDs
    // The calendar events a diary page puts in its timetable (issue 31): tag 66.
    case calendarEventIDs
    // The page a diary write was made from (issue 41): tag 67.
    case pageBase
    // An excused day or range: skip and pause (issue 44): tag 68.
    case skipID
    // What Loop keeps of a habit (issue 44): a count action's unit, its question and description: tags 69 … 71.
    case unit, description, question
    // The file names of a diary page's attachments, in their order (issue 44): tag 72.
    case attachmentNames
    // A count action's decimal places: its amounts and targets in tenths, hundredths or thousandths of its unit: tag 73.
    case decimals

    /// The JSON name, dotted for nested members.
    public var jsonName: String {
        switch self {
        case .timeZone: "time_zone"
        case .dayStart: "day_start"
        case .weekStart: "week_start"
        case .minSessionSeconds: "min_session_seconds"
        case .representative: "representative"
        case .from: "from"
        case .tagID: "tag_id"
        case .name: "name"
        case .color: "color"
        case .actionID: "action_id"
        case .tracking: "tracking"
        case .tagIDs: "tag_ids"
        case .symbol: "symbol"
        case .favorite: "favorite"
        case .sessionID: "session_id"
        case .reason: "reason"
        case .start: "start"
        case .end: "end"
        case .note: "note"
        case .entryID: "entry_id"
        case .amount: "amount"
        case .time: "time"
        case .goalID: "goal_id"
        case .title: "title"
        case .startDate: "start_date"
        case .endDate: "end_date"
        case .thresholdPercent: "threshold_percent"
        case .outcome: "outcome"
        case .questID: "quest_id"
        case .targetActionID: "target.action_id"
        case .targetTagID: "target.tag_id"
        case .targetMeasure: "target.measure"
        case .period: "period"
        case .scheduleMode: "schedule.mode"
        case .scheduleWeekdays: "schedule.weekdays"
        case .scheduleMonthDays: "schedule.month_days"
        case .scheduleOrdinal: "schedule.ordinal"
        case .scheduleWeekday: "schedule.weekday"
        case .customStart: "custom_start"
        case .customEnd: "custom_end"
        case .targetSeconds: "target_seconds"
        case .targetCount: "target_count"
        case .direction: "direction"
        case .deadline: "deadline"
        case .order: "order"
        case .longSessionHours: "long_session_hours"
        case .redactedSeq: "seq"
        case .redactedFields: "fields"
        case .digest: "digest"
        case .redactedDigest: "redacted_digest"
        case .longSessionAlert: "long_session_alert"
        case .date: "date"
        case .mood: "mood"
        case .text: "text"
        case .hiddenActionIDs: "hidden_action_ids"
        case .hiddenGoalIDs: "hidden_goal_ids"
        case .todoID: "todo_id"
        case .done: "done"
        case .moodPhoto: "mood_photo"
        case .attachments: "attachments"
        case .deviceID: "device_id"
        case .pinnedGoalIDs: "pinned_goal_ids"
        case .collapsedGoalIDs: "collapsed_goal_ids"
        case .watchGoalIDs: "watch_goal_ids"
        case .memoActionIDs: "memo_action_ids"
        case .calendarEventIDs: "calendar_event_ids"
        case .pageBase: "base"
        case .skipID: "skip_id"
        case .unit: "unit"
        case .description: "description"
        case .question: "question"
        case .attachmentNames: "attachment_names"
        case .decimals: "decimals"
        }
    }

    /// What values the field takes.
    public var kind: FieldKind {
        switch self {
        case .timeZone: .timeZone
        case .dayStart: .clock
        case .weekStart: .weekday
        case .minSessionSeconds: .int(0...86_400)
        case .representative: .choice(.representative)
        case .from: .date
        case .tagID: .entityID
        case .name: .text(max: 200)
        case .color: .color
        case .actionID: .entityID
        case .tracking: .choice(.tracking)
        case .tagIDs: .idList
        case .symbol: .text(max: 64)
        case .favorite: .bool
        case .sessionID: .entityID
        case .reason: .text(max: 200)
        case .start: .instant
        case .end: .instant
        case .note: .text(max: 10_000)
        case .entryID: .entityID
        // 999 of the unit in its smallest (999,000 thousandths); `Fold.countAmount` checks the action's own bound.
        case .amount: .int(1...999_000)
        case .time: .instant
        case .goalID: .entityID
        case .title: .text(max: 200)
        case .startDate: .date
        case .endDate: .date
        case .thresholdPercent: .threshold
        case .outcome: .choice(.outcome)
        case .questID: .entityID
        case .targetActionID: .entityID
        case .targetTagID: .entityID
        case .targetMeasure: .choice(.measure)
        case .period: .choice(.period)
        case .scheduleMode: .choice(.scheduleMode)
        case .scheduleWeekdays: .weekdayList
        case .scheduleMonthDays: .monthDayList
        case .scheduleOrdinal: .int(1...5)
        case .scheduleWeekday: .weekday
        case .customStart: .date
        case .customEnd: .date
        case .targetSeconds: .int(0...31_622_400)
        case .targetCount: .int(0...1_000_000_000)
        case .direction: .choice(.direction)
        case .deadline: .clock
        case .order: .int(0...1_000_000)
        case .longSessionHours: .int(1...12)
        case .redactedSeq: .int(1...(1 << 62))
        // The names of the fields whose text was removed (`note`, `name`, `title`).
        case .redactedFields: .idList
        // SHA-256, 64 hex digits (an id's alphabet holds them).
        case .digest: .entityID
        case .redactedDigest: .entityID
        case .longSessionAlert: .bool
        case .date: .date
        // An emoji (a few code points joined), or later a photo's digest.
        case .mood: .text(max: 64)
        case .text: .text(max: 100_000)
        case .hiddenActionIDs: .idList
        case .hiddenGoalIDs: .idList
        case .todoID: .entityID
        // Set by the fold (todo.done / todo.undone), never by an event.
        case .done: .bool
        case .moodPhoto: .blob
        case .attachments: .blobList
        case .deviceID: .entityID
        case .pinnedGoalIDs, .collapsedGoalIDs, .watchGoalIDs, .memoActionIDs: .idList
        case .calendarEventIDs: .externalIDs
        // `PageMerge.digest` of the page the writer saw: 64 lower-case hex digits.
        case .pageBase: .entityID
        case .skipID: .entityID
        case .unit: .text(max: 32)
        case .description: .text(max: 2_000)
        case .question: .text(max: 200)
        case .attachmentNames: .names
        case .decimals: .int(0...3)
        }
    }

    /// The member name inside its object (`action_id` for `target.action_id`).
    public var leafName: String {
        switch self {
        case .targetActionID: "action_id"
        case .targetTagID: "tag_id"
        case .targetMeasure: "measure"
        case .scheduleMode: "mode"
        case .scheduleWeekdays: "weekdays"
        case .scheduleMonthDays: "month_days"
        case .scheduleOrdinal: "ordinal"
        case .scheduleWeekday: "weekday"
        default: jsonName
        }
    }

    /// The enclosing object's name, nil for top-level fields.
    public var parentName: String? {
        switch self {
        case .targetActionID: "target"
        case .targetTagID: "target"
        case .targetMeasure: "target"
        case .scheduleMode: "schedule"
        case .scheduleWeekdays: "schedule"
        case .scheduleMonthDays: "schedule"
        case .scheduleOrdinal: "schedule"
        case .scheduleWeekday: "schedule"
        default: nil
        }
    }

    private static let byName: [String: Field] = {
        var m: [String: Field] = [:]
        for f in Field.allCases { m[f.jsonName] = f }
        return m
    }()

    /// The field with this (dotted) JSON name.
    public init?(jsonName: String) {
        guard let f = Field.byName[jsonName] else { return nil }
        self = f
    }
}

/// The kinds of payload values and the rule each one enforces.
public enum FieldKind: Sendable {
    /// `[A-Za-z0-9._:-]{1,64}` (CONTRACT conventions).
    case entityID
    /// Free text of at most `max` characters, no control characters but newline and tab.
    case text(max: Int)
    /// A whole number in a range.
    case int(ClosedRange<Int64>)
    case bool
    /// ISO 8601 with an offset; stored as seconds since the epoch.
    case instant
    /// `YYYY-MM-DD`; stored as days since the epoch.
    case date
    /// `HH:mm`; stored as minutes since midnight.
    case clock
    /// `monday` … `sunday`; stored as 0 … 6.
    case weekday
    /// One of a fixed list of words (an enum's cases); stored as the case's raw value.
    case choice(ChoiceSet)
    /// `#RRGGBB`.
    case color
    /// A list of entity ids, no duplicates.
    case idList
    /// Distinct weekdays, stored as 0 … 6 in ascending order.
    case weekdayList
    /// Distinct days of the month 1 … 31, stored ascending.
    case monthDayList
    /// 10 … 100 in steps of 5.
    case threshold
    /// An IANA zone name the machine's zone database knows.
    case timeZone
    /// A blob the ledger holds, by the SHA-256 of its bytes (64 lower-case
    /// hex digits), or the marker `redact` leaves where one was erased.
    case blob
    /// Distinct blobs, in their order (a diary page's attachments).
    case blobList
    /// Distinct ids another system gives (a calendar's event identifiers):
    /// 1 to 255 characters, no control characters, in their order.
    case externalIDs
    /// File names in their order, one per attachment (the same name may come
    /// twice): at most 255 characters each, no control characters, no `/`;
    /// empty for a file without one.
    case names
}
