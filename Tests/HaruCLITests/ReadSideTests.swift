import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruViews

/// A ledger with a week of records, a goal with two quests, a rename and a deletion.
func readSideLedger() -> TempDir {
    let dir = cliLedger()
    let r = haru(
        ["append"], ledger: dir.ledgerPath,
        stdin: """
            {"type":"session.recorded","at":"2026-03-04T08:00:00+09:00","data":{"session_id":"s-morning","action_id":"read","start":"2026-03-04T07:00:00+09:00","end":"2026-03-04T08:00:00+09:00","note":"chapter 3"}}
            {"type":"session.recorded","at":"2026-03-05T06:30:00+09:00","data":{"session_id":"s-night","action_id":"read","start":"2026-03-04T23:30:00+09:00","end":"2026-03-05T06:30:00+09:00"}}
            {"type":"count.added","at":"2026-03-04T09:00:00+09:00","data":{"entry_id":"c-tea","action_id":"water","amount":2,"note":"green tea"}}
            {"type":"goal.created","at":"2026-03-01T00:00:00+09:00","data":{"goal_id":"g-b","title":"Second","start_date":"2026-03-01","order":1}}
            {"type":"goal.created","at":"2026-03-01T00:00:00+09:00","data":{"goal_id":"g-a","title":"First","start_date":"2026-03-01","end_date":"2026-03-31","order":0}}
            {"type":"quest.created","at":"2026-03-01T00:00:00+09:00","data":{"quest_id":"q-read","goal_id":"g-a","target":{"action_id":"read"},"period":"daily","target_seconds":1800,"direction":"at_least"}}
            {"type":"action.edited","at":"2026-03-06T00:00:00+09:00","data":{"action_id":"read","name":"Books","symbol":"book.closed.fill"}}
            """)
    precondition(r.code == 0, r.err)
    return dir
}

struct RecordsCommand {
    @Test func listsADaysSessionsAndCountsWithNotesAndRefs() {
        let dir = readSideLedger()
        let r = haru(["records", "2026-03-04", "--now", "2026-03-07T00:00:00+09:00"], ledger: dir.ledgerPath)
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.out == """
                2026-03-04 wed
                  s-morni  07:00–08:00        1h 00m          Books  "chapter 3"
                  c-tea    09:00              ×2              Water  "green tea"
                  s-night  23:30–03-05 06:30  7h 00m          Books

                """, "\(r.out)")
    }

    @Test func jsonNamesTheActionAsOfTheReferenceAndTheDaysTouched() throws {
        let dir = readSideLedger()
        let r = haru(["records", "2026-03-05", "--json", "--as-of", "2026-03-05"], ledger: dir.ledgerPath)
        let v = try JSONParser.parse(r.out.trimmingCharacters(in: .newlines))
        guard case .array(let rows)? = v["records"] else { Issue.record("no records: \(r.out)"); return }
        // 23:30 → 06:30 with a 06:00 day start touches 03-04 and 03-05.
        #expect(rows.count == 1)
        #expect(rows.first?["id"] == .string("s-night"))
        #expect(rows.first?["days"] == .array([.string("2026-03-04"), .string("2026-03-05")]))
        #expect(rows.first?["seconds"] == .int(25_200))
    }

    @Test func filtersByActionAndTag() {
        let dir = readSideLedger()
        let byAction = haru(["records", "2026-03-04", "--action", "Water", "--json"], ledger: dir.ledgerPath)
        #expect(byAction.out.contains(#""id":"c-tea""#) && !byAction.out.contains("s-morning"))
        let byTag = haru(["records", "2026-03-04", "--tag", "Study", "--json"], ledger: dir.ledgerPath)
        #expect(byTag.out.contains("s-morning") && !byTag.out.contains("c-tea"))
    }

    @Test func badInputIsRefusedWithExitTwo() {
        let dir = readSideLedger()
        for (args, message) in [
            (["records", "2026-03-04", "--from", "2026-03-01"], "give a DATE or --from/--to, not both"),
            (["records", "--from", "2026-03-05", "--to", "2026-03-04"], "--from 2026-03-05 is after --to 2026-03-04"),
            (["records", "2026-02-30"], #"DATE: "2026-02-30" is not a day"#),
            (["records", "--action", "Nope"], #"no action named "Nope""#),
        ] {
            let r = haru(args, ledger: dir.ledgerPath)
            #expect(r.code == 2, "\(args)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
        }
    }
}

struct DefinitionListings {
    @Test func goalsComeInTheUsersOrderEverywhere() {
        let dir = readSideLedger()
        let goals = haru(["goals", "--now", "2026-03-07T00:00:00+09:00"], ledger: dir.ledgerPath)
        let lines = goals.out.split(separator: "\n")
        #expect(lines.count == 3, "\(goals.out)")
        #expect(lines.dropFirst().first?.hasPrefix("First") == true)
        let progress = haru(["progress", "--json", "--now", "2026-03-07T00:00:00+09:00"], ledger: dir.ledgerPath)
        let first = progress.out.range(of: "\"g-a\"").map { progress.out.distance(from: progress.out.startIndex, to: $0.lowerBound) } ?? -1
        let second = progress.out.range(of: "\"g-b\"").map { progress.out.distance(from: progress.out.startIndex, to: $0.lowerBound) } ?? -1
        #expect(first >= 0 && second > first, "progress follows the order")
        // Reordering is an edit: the other goal first from then on.
        #expect(haru(["goal", "edit", "g-b", "--order", "0", "--now", "2026-03-08T00:00:00+09:00"], ledger: dir.ledgerPath).code == 0)
        #expect(haru(["goal", "edit", "g-a", "--order", "1", "--now", "2026-03-08T00:00:00+09:00"], ledger: dir.ledgerPath).code == 0)
        let after = haru(["goals", "--now", "2026-03-09T00:00:00+09:00"], ledger: dir.ledgerPath)
        #expect(after.out.split(separator: "\n").dropFirst().first?.hasPrefix("Second") == true, "\(after.out)")
        let before = haru(["goals", "--as-of", "2026-03-06"], ledger: dir.ledgerPath)
        #expect(before.out.split(separator: "\n").dropFirst().first?.hasPrefix("First") == true, "as of before the reorder")
    }

    /// A definition exists for all valid time once it is known: a goal added
    /// today with a past start shows in `goals --as-of` an earlier day, as
    /// `progress` judges it then (before, the listing hid it: "No goals.").
    @Test func aGoalAddedTodayIsListedAsOfAnEarlierDayAsProgressSeesIt() {
        let dir = TempDir()
        let p = dir.ledgerPath
        let now = ["--now", "2026-03-10T12:00:00+09:00"]
        #expect(haru(["init", "--time-zone", "Asia/Seoul"] + now, ledger: p).code == 0)
        #expect(haru(["action", "add", "Water", "--tracking", "count", "--id", "water"] + now, ledger: p).code == 0)
        #expect(haru(["goal", "add", "Drink", "--id", "g", "--start", "2026-03-01"] + now, ledger: p).code == 0)
        #expect(
            haru(["quest", "add", "--goal", "g", "--action", "Water", "--period", "daily", "--target", "2", "--id", "q"] + now, ledger: p)
                .code == 0)
        let past = ["--as-of", "2026-03-05"] + now
        #expect(haru(["progress", "--json"] + past, ledger: p).out.contains(#""goal_id":"g""#))
        let goals = haru(["goals"] + past, ledger: p).out
        #expect(goals.contains("Drink") && goals.contains(" g"), "\(goals)")
        #expect(haru(["quests"] + past, ledger: p).out.contains("q"), "the quest too")
        #expect(haru(["actions"] + past, ledger: p).out.contains("Water"), "and the action")
        // What was known then is --known-at's question: before the goal was added, none.
        #expect(haru(["goals", "--known-at", "2"] + now, ledger: p).out.hasPrefix("No goals."))
    }

    @Test func actionsShowRenamesByValidTimeAndDeletionsWithAll() {
        let dir = readSideLedger()
        // The rename at 03-06 00:00 falls in logical day 03-05 (day start 06:00): as of 03-04 the old name.
        #expect(haru(["actions", "--as-of", "2026-03-04"], ledger: dir.ledgerPath).out.contains("Reading"))
        let now = haru(["actions", "--now", "2026-03-07T00:00:00+09:00"], ledger: dir.ledgerPath).out
        #expect(now.contains("Books") && now.contains("book.closed.fill"), "\(now)")
        #expect(haru(["action", "delete", "Water", "--yes", "--now", "2026-03-08T00:00:00+09:00"], ledger: dir.ledgerPath).code == 0)
        #expect(!haru(["actions"], ledger: dir.ledgerPath).out.contains("Water"))
        #expect(haru(["actions", "--all"], ledger: dir.ledgerPath).out.contains("Water [deleted]"))
        let known = haru(["actions", "--known-at", "10"], ledger: dir.ledgerPath).out
        #expect(known.contains("Water") && !known.contains("[deleted]"))
    }

    @Test func questsShowTheirScheduleInWords() throws {
        let dir = readSideLedger()
        let r = haru(["quests", "--goal", "First", "--json"], ledger: dir.ledgerPath)
        let v = try JSONParser.parse(r.out.trimmingCharacters(in: .newlines))
        guard case .array(let qs)? = v["quests"] else { Issue.record("\(r.out)"); return }
        #expect(qs.count == 1)
        #expect(qs.first?["schedule_text"] == .string("every day"))
        #expect(qs.first?["target_seconds"] == .int(1800))
        #expect(haru(["quests", "--goal", "Nope"], ledger: dir.ledgerPath).code == 2)
    }
}

struct SettingsCommand {
    @Test func setWritesOneEventAndShowReadsItBack() {
        let dir = readSideLedger()
        let set = haru(
            ["settings", "set", "--day-start", "05:00", "--from", "2026-03-06", "--long-session-hours", "4"], ledger: dir.ledgerPath)
        #expect(set.code == 0, "\(set.err)")
        #expect(set.out.hasPrefix("Changed day_start to 05:00, long_session_hours to 4 for the days from 2026-03-06 on."), "\(set.out)")
        let early = haru(["settings", "--as-of", "2026-03-04"], ledger: dir.ledgerPath).out
        #expect(early.contains("day_start             06:00"), "\(early)")
        #expect(early.contains("long_session_hours    4"))
        #expect(haru(["settings", "--as-of", "2026-03-07"], ledger: dir.ledgerPath).out.contains("day_start             05:00"))
    }

    @Test func badSettingsAreRefusedNamingTheFieldAndNothingIsWritten() {
        let dir = readSideLedger()
        let head = haru(["log", "--json"], ledger: dir.ledgerPath).out.split(separator: "\n").count
        for (args, message) in [
            (["settings", "set"], "give at least one setting to change"),
            (["settings", "set", "--long-session-hours", "13"], "long_session_hours"),
            (["settings", "set", "--long-session-hours", "x"], #"--long-session-hours: "x" is not a whole number"#),
            (["settings", "set", "--week-start", "someday"], "--week-start: must be a weekday"),
            (["settings", "set", "--min-session-seconds", "60", "--from", "2026-03-01"], "from"),
        ] {
            let r = haru(args, ledger: dir.ledgerPath)
            #expect(r.code == 2, "\(args)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
        }
        #expect(haru(["log", "--json"], ledger: dir.ledgerPath).out.split(separator: "\n").count == head)
    }
}

struct HistoryCommand {
    @Test func showsEveryEventOfADefinitionWithChangesInWords() {
        let dir = readSideLedger()
        let r = haru(["history", "Books"], ledger: dir.ledgerPath)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("action Books (id read): 2 events"), "\(r.out)")
        #expect(r.out.contains(#"action.edited       name "Reading" → "Books", symbol book.closed.fill"#), "\(r.out)")
        let records = haru(["history", "read", "--records"], ledger: dir.ledgerPath)
        #expect(records.out.contains("[s-night]"))
        #expect(records.out.contains(#"note "chapter 3""#), "notes go back to their owner")
    }

    @Test func aRecordByItsRefShowsItsCorrections() {
        let dir = readSideLedger()
        let edit = haru(
            ["append"], ledger: dir.ledgerPath,
            stdin:
                #"{"type":"session.edited","at":"2026-03-06T00:00:00+09:00","data":{"session_id":"s-night","end":"2026-03-05T06:00:00+09:00"}}"#
        )
        #expect(edit.code == 0)
        let r = haru(["history", "s-nig"], ledger: dir.ledgerPath)
        #expect(r.out.contains("end 2026-03-05T06:30:00+09:00 → 2026-03-05T06:00:00+09:00"), "\(r.out)")
        let ambiguous = haru(["history", "s-"], ledger: dir.ledgerPath)
        #expect(ambiguous.code == 2 && ambiguous.err.contains("more than one record"), "\(ambiguous.err)")
        // As the ledger stood before the correction: one event, the original end.
        let before = haru(["history", "s-night", "--known-at", "10", "--json"], ledger: dir.ledgerPath)
        #expect(before.out.contains(#""end","from":null,"to":"2026-03-05T06:30:00+09:00""#), "\(before.out)")
        #expect(!before.out.contains("session.edited"))
        let none = haru(["history", "zzz"], ledger: dir.ledgerPath)
        #expect(none.code == 2 && none.err.contains(#"nothing named "zzz""#))
    }
}

struct LogNotes {
    @Test func logHidesNotesUnlessAsked() {
        let dir = readSideLedger()
        #expect(!haru(["log", "--json"], ledger: dir.ledgerPath).out.contains("green tea"))
        #expect(haru(["log", "--json", "--notes"], ledger: dir.ledgerPath).out.contains("green tea"))
    }
}

struct RunningAlert {
    @Test func aSessionPastTheLongSessionSettingIsFlagged() {
        let dir = readSideLedger()
        #expect(haru(["settings", "set", "--long-session-hours", "2"], ledger: dir.ledgerPath).code == 0)
        #expect(haru(["start", "Books", "--now", "2026-03-07T08:00:00+09:00"], ledger: dir.ledgerPath).code == 0)
        #expect(!haru(["running", "--now", "2026-03-07T09:00:00+09:00"], ledger: dir.ledgerPath).out.contains("over 2 h"))
        #expect(haru(["running", "--now", "2026-03-07T10:00:00+09:00"], ledger: dir.ledgerPath).out.contains("over 2 h"))
        #expect(haru(["running", "--json", "--now", "2026-03-07T10:00:00+09:00"], ledger: dir.ledgerPath).out.contains(#""long":true"#))
    }
}

/// Every new flag refuses what it cannot take: exit 2, a message naming the
/// option or field and the rule, nothing written.
struct NewFlagsBadInput {
    @Test(arguments: [
        (["action", "add", "Run", "--tracking", "time", "--order", "x"], #"--order: "x" is not a whole number"#),
        (
            ["action", "add", "Run", "--tracking", "time", "--order", "-1"],
            "Error: order: must be a whole number from 0 to 1000000 (got -1)"
        ),
        (["tag", "edit", "Study", "--order", "1000001"], "Error: order: must be a whole number from 0 to 1000000 (got 1000001)"),
        (
            ["action", "add", "Run", "--tracking", "time", "--symbol", String(repeating: "s", count: 65)],
            "Error: symbol: must be at most 64 characters"
        ),
        (["count", "water", "--wait", "soon"], #"--wait: "soon" is not a number of seconds"#),
        (["export", "jsonl", "--from", "0"], #"--from: "0" is not a seq"#),
        (["export", "csv", "/tmp/x", "--lang", "de"], "--lang takes en, ko or ja"),
        (["records", "--tag", "Nope"], #"no tag named "Nope""#),
        (["history"], "missing ID|NAME|REF"),
        (["history", "read", "--records", "--all"], "unknown option '--all'"),
        (["settings", "set", "--representative", "middle"], "Error: --representative: must be one of earliest, latest"),
    ])
    func refusesWithExitTwo(_ args: [String], _ message: String) {
        let dir = cliLedger()
        let before = haru(["log", "--json"], ledger: dir.ledgerPath).out
        let r = haru(args, ledger: dir.ledgerPath)
        #expect(r.code == 2, "\(args): \(r.err)")
        #expect(r.err.contains(message), "\(args): \(r.err)")
        #expect(haru(["log", "--json"], ledger: dir.ledgerPath).out == before, "nothing written")
    }
}
