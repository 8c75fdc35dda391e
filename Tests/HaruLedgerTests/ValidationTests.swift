import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruViews

/// A bad event line and the message it must produce (after `setupJSONL`,
/// plus a running session `s1` of `read` and a deleted action `gone`).
struct BadInput: CustomStringConvertible, Sendable {
    var line: String
    var message: String
    var description: String { message }
}

let bad: [BadInput] = [
    .init(line: #"{"type":"count.add","at":"2026-03-02T08:00:00+09:00","data":{}}"#, message: #"type: unknown event type "count.add""#),
    .init(line: #"{"type":"count.added","data":{"entry_id":"c","action_id":"water","amount":1}}"#, message: "at: is required"),
    .init(
        line: #"{"type":"count.added","at":"2026-03-02T08:00:00","data":{"entry_id":"c","action_id":"water","amount":1}}"#,
        message: "at: must carry a UTC offset"),
    .init(
        line: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"c","action_id":"water","amount":1,"mood":"ok"}}"#,
        message: "data.mood: is not a field of count.added"),
    .init(
        line: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"c","action_id":"water"}}"#,
        message: "data.amount: is required for count.added"),
    .init(
        line: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"c","action_id":"water","amount":0}}"#,
        message: "data.amount: must be a whole number from 1 to 999 (got 0)"),
    .init(
        line: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"c","action_id":"water","amount":1000}}"#,
        message: "data.amount: must be a whole number from 1 to 999 (got 1000)"),
    .init(
        line: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"c","action_id":"water","amount":"3"}}"#,
        message: #"data.amount: must be a whole number from 1 to 999 (got "3")"#),
    .init(
        line: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"c","action_id":"read","amount":1}}"#,
        message: #"data.action_id: action "read" tracks time, so it cannot take a count"#),
    .init(
        line: #"{"type":"session.started","at":"2026-03-02T08:00:00Z","data":{"session_id":"s2","action_id":"water"}}"#,
        message: #"data.action_id: action "water" tracks count, so it cannot take a timed session"#),
    .init(
        line: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"c","action_id":"nope","amount":1}}"#,
        message: #"data.action_id: no action with id "nope""#),
    .init(
        line: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"c","action_id":"gone","amount":1}}"#,
        message: #"data.action_id: action "gone" was deleted at seq 8"#),
    .init(
        line: #"{"type":"session.stopped","at":"2026-03-02T08:00:00Z","data":{"session_id":"s9"}}"#,
        message: #"data.session_id: no session with id "s9""#),
    .init(
        line: #"{"type":"session.stopped","at":"2026-03-01T00:00:00+09:00","data":{"session_id":"s1"}}"#,
        message: "at: a session must end after it starts"),
    .init(
        line: #"{"type":"session.started","at":"2026-03-02T12:00:00+09:00","data":{"session_id":"s2","action_id":"read"}}"#,
        message: #"data.action_id: action "read" is already running (session "s1")"#),
    .init(
        line:
            #"{"type":"session.recorded","at":"2026-03-02T08:00:00Z","data":{"session_id":"s3","action_id":"read","start":"2026-03-02T09:00:00Z","end":"2026-03-02T08:00:00Z"}}"#,
        message: "data.end: must be after data.start"),
    .init(
        line: #"{"type":"session.edited","at":"2026-03-02T08:00:00Z","data":{"session_id":"s1","end":"2026-03-02T11:00:00Z"}}"#,
        message: #"data.end: session "s1" is running; stop it instead"#),
    .init(
        line: #"{"type":"settings.changed","at":"2026-03-02T08:00:00Z","data":{"time_zone":"Mars/Olympus"}}"#,
        message: #"data.time_zone: must be a known IANA time zone such as Asia/Seoul (got "Mars/Olympus")"#),
    .init(
        line: #"{"type":"settings.changed","at":"2026-03-02T08:00:00Z","data":{"day_start":"6:00"}}"#,
        message: "data.day_start: must be a clock time HH:mm"),
    .init(
        line: #"{"type":"settings.changed","at":"2026-03-02T08:00:00Z","data":{}}"#,
        message: "data: settings.changed must change at least one setting"),
    .init(
        line: #"{"type":"settings.changed","at":"2026-03-02T08:00:00Z","data":{"week_start":"sunday","from":"2026-03-02"}}"#,
        message: "data.from: applies only to day_start and time_zone changes"),
    .init(
        line:
            #"{"type":"goal.created","at":"2026-03-02T08:00:00Z","data":{"goal_id":"g2","title":"x","start_date":"2026-03-01","threshold_percent":33}}"#,
        message: "data.threshold_percent: must be 10 to 100 in steps of 5 (got 33)"),
    .init(
        line:
            #"{"type":"goal.created","at":"2026-03-02T08:00:00Z","data":{"goal_id":"g2","title":"x","start_date":"2026-03-01","threshold_percent":105}}"#,
        message: "data.threshold_percent: must be 10 to 100 in steps of 5 (got 105)"),
    .init(
        line:
            #"{"type":"goal.created","at":"2026-03-02T08:00:00Z","data":{"goal_id":"g2","title":"x","start_date":"2026-03-10","end_date":"2026-03-01"}}"#,
        message: "data.end_date: end_date 2026-03-01 is before start_date 2026-03-10"),
    .init(
        line: #"{"type":"goal.created","at":"2026-03-02T08:00:00Z","data":{"goal_id":"g1","title":"x","start_date":"2026-03-01"}}"#,
        message: #"data.goal_id: goal "g1" already exists (created at seq 5)"#),
    .init(
        line: #"{"type":"tag.created","at":"2026-03-02T08:00:00Z","data":{"tag_id":"t2","name":"Study"}}"#,
        message: #"data.name: a tag named "Study" already exists (id "study")"#),
    .init(
        line: #"{"type":"tag.created","at":"2026-03-02T08:00:00Z","data":{"tag_id":"t2","name":"x","color":"red"}}"#,
        message: #"data.color: must be a colour #RRGGBB (got "red")"#),
    .init(
        line: #"{"type":"tag.created","at":"2026-03-02T08:00:00Z","data":{"tag_id":"t 2","name":"x"}}"#,
        message: "data.tag_id: must be an id of 1 to 64 characters"),
    .init(
        line: #"{"type":"tag.created","at":"2026-03-02T08:00:00Z","data":{"tag_id":"\#(String(repeating: "x", count: 65))","name":"x"}}"#,
        message: "data.tag_id: must be an id of 1 to 64 characters"),
    .init(
        line:
            #"{"type":"action.created","at":"2026-03-02T08:00:00Z","data":{"action_id":"a2","name":"x","tracking":"time","tag_ids":["nope"]}}"#,
        message: #"data.tag_ids: no tag with id "nope""#),
    .init(
        line: #"{"type":"action.created","at":"2026-03-02T08:00:00Z","data":{"action_id":"a2","name":"x","tracking":"minutes"}}"#,
        message: #"data.tracking: must be one of time, count (got "minutes")"#),
    .init(
        line: #"{"type":"action.edited","at":"2026-03-02T08:00:00Z","data":{"action_id":"read","tracking":"count"}}"#,
        message: "data.tracking: can never change"),
    .init(
        line: #"{"type":"action.edited","at":"2026-03-02T08:00:00Z","data":{"action_id":"read"}}"#,
        message: "data: action.edited must change at least one field"),
    .init(
        line:
            #"{"type":"quest.created","at":"2026-03-02T08:00:00Z","data":{"quest_id":"q","goal_id":"g1","target":{"action_id":"read","tag_id":"study"},"period":"weekly","target_seconds":60,"direction":"at_least"}}"#,
        message: "data.target: takes action_id or tag_id, not both"),
    .init(
        line:
            #"{"type":"quest.created","at":"2026-03-02T08:00:00Z","data":{"quest_id":"q","goal_id":"g1","target":{"tag_id":"study"},"period":"weekly","target_seconds":60,"direction":"at_least"}}"#,
        message: "data.target.measure: is required with target.tag_id"),
    .init(
        line:
            #"{"type":"quest.created","at":"2026-03-02T08:00:00Z","data":{"quest_id":"q","goal_id":"g1","target":{"action_id":"read"},"period":"weekly","schedule":{"mode":"every_day"},"target_seconds":60,"direction":"at_least"}}"#,
        message: "data.schedule.mode: applies to daily quests only"),
    .init(
        line:
            #"{"type":"quest.created","at":"2026-03-02T08:00:00Z","data":{"quest_id":"q","goal_id":"g1","target":{"action_id":"read"},"period":"daily","schedule":{"mode":"weekdays"},"target_seconds":60,"direction":"at_least"}}"#,
        message: "data.schedule.weekdays: is required for schedule mode weekdays"),
    .init(
        line:
            #"{"type":"quest.created","at":"2026-03-02T08:00:00Z","data":{"quest_id":"q","goal_id":"g1","target":{"action_id":"read"},"period":"daily","schedule":{"mode":"month_days","month_days":[1,32]},"target_seconds":60,"direction":"at_least"}}"#,
        message: "data.schedule.month_days: must hold only days 1 to 31 (got 32)"),
    .init(
        line:
            #"{"type":"quest.created","at":"2026-03-02T08:00:00Z","data":{"quest_id":"q","goal_id":"g1","target":{"action_id":"read"},"period":"custom","target_seconds":60,"direction":"at_least"}}"#,
        message: "data.custom_start: is required for a custom period"),
    .init(
        line:
            #"{"type":"quest.created","at":"2026-03-02T08:00:00Z","data":{"quest_id":"q","goal_id":"g1","target":{"action_id":"read"},"period":"weekly","target_count":3,"direction":"at_least"}}"#,
        message: "data.target_count: does not match the target's unit"),
    .init(
        line:
            #"{"type":"quest.created","at":"2026-03-02T08:00:00Z","data":{"quest_id":"q","goal_id":"g1","target":{"action_id":"read"},"period":"weekly","target_seconds":0,"direction":"at_least"}}"#,
        message: "data.target_seconds: must be above 0 for an at_least quest"),
    .init(
        line:
            #"{"type":"quest.created","at":"2026-03-02T08:00:00Z","data":{"quest_id":"q","goal_id":"g1","target":{"action_id":"read"},"period":"weekly","target_seconds":60,"direction":"at_least","deadline":"22:00"}}"#,
        message: "data.deadline: applies to daily quests only"),
    .init(
        line: #"{"type":"goal.finished","at":"2026-03-02T08:00:00Z","data":{"goal_id":"g9"}}"#,
        message: #"data.goal_id: no goal with id "g9""#),
    .init(line: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":[]}"#, message: "data: must be an object (got an array)"),
    .init(line: #"{"seq":3,"type":"count.added","at":"2026-03-02T08:00:00Z","data":{}}"#, message: "seq: is assigned by the store"),
    .init(
        line: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","v":2,"data":{"entry_id":"c","action_id":"water","amount":1}}"#,
        message: "v: count.added has payload versions 1 to 1 (got 2)"),
    .init(
        line: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","id":"123","data":{"entry_id":"c","action_id":"water","amount":1}}"#,
        message: "id: must be a UUID"),
    .init(
        line:
            #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"c","action_id":"water","amount":1,"note":"secret diary\u0001"}}"#,
        message: "data.note: must not contain control characters"),
    .init(line: #"["not","an","object"]"#, message: "event: must be a JSON object (got an array)"),
]

struct Validation {
    @Test(arguments: bad)
    func badEventIsRejectedNamingLineFieldAndRule(_ c: BadInput) throws {
        let dir = TempDir()
        let l = try freshLedger(
            dir,
            setup: setupJSONL + """

                {"type":"session.started","at":"2026-03-02T07:00:00+09:00","data":{"session_id":"s1","action_id":"read"}}
                {"type":"action.created","at":"2026-03-01T00:00:00+09:00","data":{"action_id":"gone","name":"Gone","tracking":"count"}}
                {"type":"action.deleted","at":"2026-03-01T00:00:00+09:00","data":{"action_id":"gone"}}
                """)
        let headBefore = try l.head()
        var rng = SeededRNG()
        // A valid line first: the whole batch must be refused, and the error names line 2.
        let good = #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"ok1","action_id":"water","amount":1}}"#
        var message = ""
        do {
            let json = try JSONParser.parse(c.line)
            let inputs = [try EventInput.parse(try JSONParser.parse(good), zones: .system), try EventInput.parse(json, zones: .system)]
            _ = try l.append(inputs, now: 5_000_000, rng: &rng)
            Issue.record("accepted: \(c.line)")
        } catch let e as InputError {
            message = e.at(line: 2).description
        } catch let e as LedgerError {
            message = e.description
        }
        #expect(message.hasPrefix("line 2: "), "\(message)")
        #expect(message.contains(c.message), "\(message)")
        #expect(!message.contains("secret diary"), "notes are never echoed")
        #expect(try l.head() == headBefore)
        #expect(try l.verify().ok)
    }

    @Test func aWholeBatchIsCheckedInOrderAgainstItsOwnEarlierEvents() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        var rng = SeededRNG()
        // The session started on line 1 is stopped on line 2 and cannot be stopped again on line 3.
        let batch = try events(
            """
            {"type":"session.started","at":"2026-03-02T07:00:00+09:00","data":{"session_id":"s1","action_id":"read"}}
            {"type":"session.stopped","at":"2026-03-02T08:00:00+09:00","data":{"session_id":"s1"}}
            {"type":"session.stopped","at":"2026-03-02T09:00:00+09:00","data":{"session_id":"s1"}}
            """)
        #expect {
            _ = try l.append(batch, now: 5_000_000, rng: &rng)
        } throws: { e in
            (e as? LedgerError)?.description == #"line 3: data.session_id: session "s1" is not running (it is stopped)"#
        }
        #expect(try l.head().seq == 5)
        #expect(try l.withStoredState { try $0.session("s1") } == nil)
    }

    /// Unique names go through an index (`NameIndex`), in the stored state
    /// and in replays alike: a rename or a deletion frees a name, in the same
    /// batch or a later one, and a live name stays taken.
    @Test func aNameIsFreedByARenameOrADeletionAndTakenWhileLive() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        var rng = SeededRNG()
        func tag(_ type: String, _ data: String) -> String {
            #"{"type":"tag.\#(type)","at":"2026-03-02T08:00:00Z","data":{\#(data)}}"#
        }
        // One batch: "A" is renamed away, then taken by another tag.
        _ = try l.append(
            try events(
                [
                    tag("created", #""tag_id":"t1","name":"A""#), tag("edited", #""tag_id":"t1","name":"B""#),
                    tag("created", #""tag_id":"t2","name":"A""#),
                ].joined(separator: "\n")), now: 5_000_000, rng: &rng)
        // A later batch: "B" is live (t1), in a creation and in a rename.
        for line in [tag("created", #""tag_id":"t3","name":"B""#), tag("edited", #""tag_id":"t2","name":"B""#)] {
            #expect {
                _ = try l.append(try events(line), now: 6_000_000, rng: &rng)
            } throws: { e in "\(e)".contains(#"a tag named "B" already exists (id "t1")"#) }
        }
        // Renaming a tag to its own name is no clash.
        _ = try l.append(try events(tag("edited", #""tag_id":"t1","name":"B""#)), now: 6_500_000, rng: &rng)
        // Deleted, t1 frees "B" for t3; then t2 cannot take it.
        _ = try l.append(
            try events([tag("deleted", #""tag_id":"t1""#), tag("created", #""tag_id":"t3","name":"B""#)].joined(separator: "\n")),
            now: 7_000_000, rng: &rng)
        #expect {
            _ = try l.append(try events(tag("edited", #""tag_id":"t2","name":"B""#)), now: 8_000_000, rng: &rng)
        } throws: { e in "\(e)".contains(#"a tag named "B" already exists (id "t3")"#) }
        // The replay's index agrees with the stored one.
        let replayed = try l.replay()
        #expect(replayed.liveDefinitionID(.tag, named: "A") == "t2")
        #expect(replayed.liveDefinitionID(.tag, named: "B") == "t3")
        #expect(try l.withStoredState { try $0.liveDefinitionID(.tag, named: "B") } == "t3")
        #expect(try l.verify().ok)
    }

    /// The goal rules of RULES §4 and §7 that refuse an event: each names the
    /// line, the field and the rule (and the event in the way), and nothing
    /// is written.
    @Test(arguments: [
        (
            #"{"type":"goal.edited","at":"2026-03-05T11:00:00Z","data":{"goal_id":"fin","end_date":"2026-03-31"}}"#,
            #"line 1: data.end_date: goal "fin" was finished by hand at seq "#
        ),
        (
            #"{"type":"goal.finished","at":"2026-03-05T13:00:00Z","data":{"goal_id":"fin"}}"#,
            #"line 1: data.goal_id: goal "fin" was already finished at seq "#
        ),
        (
            #"{"type":"goal.finished","at":"2026-03-05T09:00:00Z","data":{"goal_id":"dated"}}"#,
            #"line 1: data.goal_id: goal "dated" has an end date (2026-03-10) at 2026-03-05T09:00:00Z; it is judged when that day ends, not finished by hand (the edit at seq "#
        ),
        (
            #"{"type":"goal.confirmed","at":"2026-03-08T09:00:00Z","data":{"goal_id":"asked","outcome":"not_achieved"}}"#,
            #"line 1: data.goal_id: goal "asked" was already confirmed at seq "#
        ),
    ])
    func goalEventsAgainstTheGoalsHistoryAreRefusedNamingTheRule(line: String, message: String) throws {
        let dir = TempDir()
        let l = try freshLedger(
            dir,
            setup: """
                {"type":"goal.created","at":"2026-02-01T00:00:00Z","data":{"goal_id":"fin","title":"F","start_date":"2026-03-01"}}
                {"type":"goal.finished","at":"2026-03-05T12:00:00Z","data":{"goal_id":"fin"}}
                {"type":"goal.created","at":"2026-02-01T00:00:00Z","data":{"goal_id":"dated","title":"D","start_date":"2026-03-01","end_date":"2026-03-10"}}
                {"type":"goal.edited","at":"2026-03-06T00:00:00Z","data":{"goal_id":"dated","end_date":null}}
                {"type":"goal.created","at":"2026-02-01T00:00:00Z","data":{"goal_id":"asked","title":"A","start_date":"2026-03-01","end_date":"2026-03-04"}}
                {"type":"goal.confirmed","at":"2026-03-05T00:00:00Z","data":{"goal_id":"asked","outcome":"achieved"}}
                """)
        let head = try l.head()
        var rng = SeededRNG()
        #expect {
            _ = try l.append(try events(line), now: 5_000_000, rng: &rng)
        } throws: { e in "\(e)".hasPrefix(message) }
        #expect(try l.head() == head)
        #expect(try l.verify().ok)
    }

    /// Issue 44: a goal without quests, confirmed, whose end date is moved
    /// earlier and confirmed again at the edit's instant, in one batch: moving
    /// the end date judges the goal again (RULES §7), so the old answer no
    /// longer stands and the new one is accepted — it was refused ("already
    /// confirmed"). The same batch without the edit is still refused.
    @Test func anEndDateMovedEarlierTakesANewAnswerInTheSameBatch() throws {
        let dir = TempDir()
        let l = try freshLedger(
            dir,
            setup: """
                {"type":"goal.created","at":"2026-02-01T00:00:00Z","data":{"goal_id":"g","title":"G","start_date":"2026-03-02","end_date":"2026-03-10"}}
                {"type":"goal.confirmed","at":"2026-03-11T00:00:00Z","data":{"goal_id":"g","outcome":"achieved"}}
                """)
        var rng = SeededRNG()
        let again = #"{"type":"goal.confirmed","at":"2026-03-12T09:00:00Z","data":{"goal_id":"g","outcome":"not_achieved"}}"#
        #expect {
            _ = try l.append(try events(again), now: 5_000_000, rng: &rng)
        } throws: { e in "\(e)".contains(#"goal "g" was already confirmed at seq"#) }
        let batch = try events(
            #"{"type":"goal.edited","at":"2026-03-12T09:00:00Z","data":{"goal_id":"g","end_date":"2026-03-08"}}"# + "\n" + again)
        #expect(try l.append(batch, now: 6_000_000, rng: &rng).appended == 2)
        #expect(try l.verify().ok)
    }

    /// An action's status is kept for the batch (`EntityStore.actionStatus`):
    /// an action created, or deleted, earlier in the same batch is seen as
    /// such by the events after it.
    @Test func anActionChangedEarlierInTheBatchIsSeenByTheEventsAfterIt() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        var rng = SeededRNG()
        let head = try l.head().seq
        let ok = try events(
            """
            {"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":1}}
            {"type":"action.created","at":"2026-03-02T08:00:00+09:00","data":{"action_id":"tea","name":"Tea","tracking":"count"}}
            {"type":"count.added","at":"2026-03-02T09:00:00+09:00","data":{"entry_id":"c2","action_id":"tea","amount":2}}
            """)
        #expect(try l.append(ok, now: 5_000_000, rng: &rng).appended == 3)
        let gone = try events(
            """
            {"type":"count.added","at":"2026-03-02T10:00:00+09:00","data":{"entry_id":"c3","action_id":"tea","amount":1}}
            {"type":"action.deleted","at":"2026-03-02T10:00:00+09:00","data":{"action_id":"tea"}}
            {"type":"count.added","at":"2026-03-02T11:00:00+09:00","data":{"entry_id":"c4","action_id":"tea","amount":1}}
            """)
        #expect {
            _ = try l.append(gone, now: 6_000_000, rng: &rng)
        } throws: { e in
            (e as? LedgerError)?.description == #"line 3: data.action_id: action "tea" was deleted at seq \#(head + 5)"#
        }
        #expect(try l.head().seq == head + 3)
    }
}

/// Entity ids: 1 to 64 of A-Z a-z 0-9 . _ : - (CONTRACT conventions).
struct EntityIDs {
    @Test(arguments: [
        ("a", true), ("Z9", true), ("a.b_c:d-e", true), (String(repeating: "x", count: 64), true),
        ("", false), (String(repeating: "x", count: 65), false), ("a b", false), ("é", false), ("a/b", false),
        ("a\u{0}", false), ("tab\t", false), ("~", false), ("@", false), ("[", false), ("`", false), ("{", false),
    ])
    func acceptsOnlyTheIdAlphabet(id: String, valid: Bool) {
        #expect(EntityID.isValid(id) == valid, "\(id)")
    }
}
