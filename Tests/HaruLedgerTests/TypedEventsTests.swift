import TestSupport
import Testing

@_spi(Layers) @testable import HaruModel

/// One Swift type per event type: each builds exactly the payload its JSON
/// line does, and a bad value is refused with the JSON line's own error
/// (field and rule), so a program and a script meet one set of rules.
struct TypedEvents {
    static let t = Instant(seconds: 1_772_323_200)

    /// The same event from its Swift type and from its JSON line.
    static func same(_ typed: some TypedEvent, _ data: String) throws -> Bool {
        let line = #"{"type":"\#(type(of: typed).eventType.name)","at":"2026-03-01T00:00:00Z","data":\#(data)}"#
        let parsed = try EventInput.parse(try JSONParser.parse(line), zones: .system)
        return try typed.input(at: t) == parsed
    }

    @Test func everyShapeBuildsTheJSONLinesPayload() throws {
        let date = LocalDate(year: 2026, month: 3, day: 2)!
        #expect(try Self.same(SettingsChanged(timeZone: "Asia/Seoul", dayStart: ClockTime(parsing: "06:00"), weekStart: .sunday, from: date),
            #"{"time_zone":"Asia/Seoul","day_start":"06:00","week_start":"sunday","from":"2026-03-02"}"#))
        #expect(try Self.same(TagEdited(tagID: "t", color: .clear), #"{"tag_id":"t","color":null}"#))
        #expect(try Self.same(ActionCreated(actionID: "read", name: "Reading", tracking: .time, tagIDs: ["t"], favorite: true),
            #"{"action_id":"read","name":"Reading","tracking":"time","tag_ids":["t"],"favorite":true}"#))
        #expect(try Self.same(SessionRecorded(sessionID: "s", actionID: "read", start: Self.t, end: Instant(seconds: Self.t.seconds + 60), note: "n"),
            #"{"session_id":"s","action_id":"read","start":"2026-03-01T00:00:00Z","end":"2026-03-01T00:01:00Z","note":"n"}"#))
        #expect(try Self.same(CountEdited(entryID: "c", note: .clear), #"{"entry_id":"c","note":null}"#))
        #expect(try Self.same(GoalEdited(goalID: "g", endDate: .set(date), symbol: .clear), #"{"goal_id":"g","end_date":"2026-03-02","symbol":null}"#))
        #expect(try Self.same(GoalConfirmed(goalID: "g", outcome: .notAchieved), #"{"goal_id":"g","outcome":"not_achieved"}"#))
        #expect(try Self.same(
            QuestCreated(questID: "q", goalID: "g", target: .tag("t", .count), period: .daily, direction: .atMost,
                schedule: .ordinalWeekday(3, .tuesday), targetCount: 2, deadline: ClockTime(parsing: "21:00")),
            #"{"quest_id":"q","goal_id":"g","target":{"tag_id":"t","measure":"count"},"period":"daily","direction":"at_most","schedule":{"mode":"ordinal_weekday","ordinal":3,"weekday":"tuesday"},"target_count":2,"deadline":"21:00"}"#))
        #expect(try Self.same(QuestEdited(questID: "q", schedule: .monthDays([1, 15]), deadline: .clear),
            #"{"quest_id":"q","schedule":{"mode":"month_days","month_days":[1,15]},"deadline":null}"#))
        #expect(try Self.same(SessionDeleted(sessionID: "s"), #"{"session_id":"s"}"#))
        #expect(try Self.same(QuestRestored(questID: "q"), #"{"quest_id":"q"}"#))
    }

    @Test(arguments: [
        (CountAdded(entryID: "c", actionID: "water", amount: 0) as any TypedEvent, "data.amount", "must be a whole number from 1 to 999 (got 0)"),
        (ActionCreated(actionID: "bad id!", name: "X", tracking: .time), "data.action_id", "must be an id of 1 to 64 characters"),
        (TagCreated(tagID: "t", name: "   "), "data.name", "must not be empty"),
        (TagCreated(tagID: "t", name: "T", color: "blue"), "data.color", "#RRGGBB"),
        (GoalCreated(goalID: "g", title: "G", startDate: LocalDate(year: 2026, month: 3, day: 1)!, thresholdPercent: 33), "data.threshold_percent", "steps of 5"),
        (SettingsChanged(timeZone: "Mars/Olympus"), "data.time_zone", "Mars/Olympus"),
        (TagEdited(tagID: "t", name: .some(String(repeating: "x", count: 201))), "data.name", "at most 200 characters"),
    ])
    func aBadValueIsRefusedAsItsJSONLineWouldBe(event: any TypedEvent, field: String, rule: String) {
        do {
            _ = try event.input(at: Self.t)
            Issue.record("accepted: \(event)")
        } catch {
            #expect(error.field == field, "\(error)")
            #expect(error.rule.contains(rule), "\(error)")
        }
    }
}
