/// Every payload field of every event type, with its stored tag.
///
/// The raw values are the tags written to disk: fixed forever, never reused.
/// A field has one kind wherever it appears, so one table validates, stores
/// and prints them all. Dotted names are members of a nested object
/// (`target.action_id` is `{"target": {"action_id": …}}`).
package enum Field: UInt8, CaseIterable, Sendable {
    case timeZone = 1, dayStart, weekStart, minSessionSeconds, representative, from
    case tagID, name, color, actionID, tracking, tagIDs, symbol, favorite
    case sessionID, reason, start, end, note, entryID, amount, time
    case goalID, title, startDate, endDate, thresholdPercent, outcome
    case questID, targetActionID, targetTagID, targetMeasure, period
    case scheduleMode, scheduleWeekdays, scheduleMonthDays, scheduleOrdinal, scheduleWeekday
    case customStart, customEnd, targetSeconds, targetCount, direction, deadline

    /// The JSON name, dotted for nested members.
    package var jsonName: String { Field.info[Int(rawValue)].name }
    /// What values the field takes.
    package var kind: FieldKind { Field.info[Int(rawValue)].kind }

    /// The member name inside its object (`action_id` for `target.action_id`).
    var leafName: String {
        let n = jsonName
        guard let dot = n.firstIndex(of: ".") else { return n }
        return String(n[n.index(after: dot)...])
    }

    /// The enclosing object's name, nil for top-level fields.
    var parentName: String? {
        let n = jsonName
        guard let dot = n.firstIndex(of: ".") else { return nil }
        return String(n[..<dot])
    }

    private static let info: [(name: String, kind: FieldKind)] = [
        ("", .text(max: 0)),  // tag 0 unused
        ("time_zone", .timeZone), ("day_start", .clock), ("week_start", .weekday),
        ("min_session_seconds", .int(0...86_400)), ("representative", .choice(["earliest", "latest"])), ("from", .date),
        ("tag_id", .entityID), ("name", .text(max: 200)), ("color", .color), ("action_id", .entityID),
        ("tracking", .choice(["time", "count"])), ("tag_ids", .idList), ("symbol", .text(max: 16)), ("favorite", .bool),
        ("session_id", .entityID), ("reason", .text(max: 200)), ("start", .instant), ("end", .instant),
        ("note", .text(max: 10_000)), ("entry_id", .entityID), ("amount", .int(1...999)), ("time", .instant),
        ("goal_id", .entityID), ("title", .text(max: 200)), ("start_date", .date), ("end_date", .date),
        ("threshold_percent", .threshold), ("outcome", .choice(["achieved", "not_achieved"])),
        ("quest_id", .entityID), ("target.action_id", .entityID), ("target.tag_id", .entityID),
        ("target.measure", .choice(["time", "count"])), ("period", .choice(["daily", "weekly", "monthly", "custom"])),
        ("schedule.mode", .choice(["every_day", "weekdays", "month_days", "ordinal_weekday"])),
        ("schedule.weekdays", .weekdayList), ("schedule.month_days", .monthDayList), ("schedule.ordinal", .int(1...5)),
        ("schedule.weekday", .weekday), ("custom_start", .date), ("custom_end", .date),
        ("target_seconds", .int(0...31_622_400)), ("target_count", .int(0...1_000_000)),
        ("direction", .choice(["at_least", "at_most"])), ("deadline", .clock),
    ]

    private static let byName: [String: Field] = {
        var m: [String: Field] = [:]
        for f in Field.allCases { m[f.jsonName] = f }
        return m
    }()

    /// The field with this (dotted) JSON name.
    package init?(jsonName: String) {
        guard let f = Field.byName[jsonName] else { return nil }
        self = f
    }
}

/// The kinds of payload values and the rule each one enforces.
package enum FieldKind: Sendable {
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
    /// One of a fixed list of words; stored as its index.
    case choice([String])
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
}
