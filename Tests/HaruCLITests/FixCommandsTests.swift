import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruModel

/// `haru edit | delete | cancel` with refs as `haru records` shows them.
struct FixCommands {
    func ledger() -> TempDir {
        let dir = readSideLedger()  // s-morning 07:00–08:00 and c-tea on 03-04, s-night 23:30–06:30 into 03-05
        return dir
    }
    let now = ["--now", "2026-03-06T12:00:00+09:00"]

    func day(_ dir: TempDir, _ d: String) -> String {
        haru(["day", d, "--json", "--now", "2026-03-06T12:00:00+09:00"], ledger: dir.ledgerPath).out
    }

    @Test func editBySessionPrefixMovesItsTimesAndNote() {
        let dir = ledger()
        let r = haru(["edit", "s-morn", "--start", "2026-03-04 06:30", "--note", "chapter 4"] + now, ledger: dir.ledgerPath)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("Edited Books session s-morni."), "\(r.out)")
        let rec = haru(["records", "2026-03-04", "--json"] + now, ledger: dir.ledgerPath).out
        #expect(rec.contains(#""start":"2026-03-04T06:30:00+09:00","end":"2026-03-04T08:00:00+09:00","seconds":5400"#), "\(rec)")
        #expect(rec.contains(#""note":"chapter 4""#))
        #expect(haru(["edit", "s-morn", "--note", ""] + now, ledger: dir.ledgerPath).code == 0)
        #expect(
            !haru(["records", "2026-03-04", "--json"] + now, ledger: dir.ledgerPath).out.contains("chapter"), "an empty note removes it")
    }

    @Test func atOneIsTheMostRecentRecord() {
        let dir = ledger()
        // The most recent by start is s-night (03-04 23:30).
        #expect(haru(["delete", "@1"] + now, ledger: dir.ledgerPath).out.hasPrefix("Deleted Books session s-night"))
        #expect(haru(["edit", "@1", "--amount", "5"] + now, ledger: dir.ledgerPath).out.hasPrefix("Edited Water count c-tea."))
        #expect(day(dir, "2026-03-04").contains(#""action_id":"water","name":"Water","seconds":0,"count":5"#))
        #expect(!day(dir, "2026-03-05").contains(#""action_id":"read""#), "the deleted session left every total")
    }

    @Test func cancelDiscardsTheRunningSession() {
        let dir = ledger()
        #expect(haru(["start", "Books", "--at", "11:00"] + now, ledger: dir.ledgerPath).code == 0)
        let r = haru(["cancel"] + now, ledger: dir.ledgerPath)
        #expect(r.out.hasPrefix("Cancelled Books (running since 2026-03-06T11:00:00+09:00): nothing counted."), "\(r.out)")
        #expect(haru(["running"] + now, ledger: dir.ledgerPath).out.hasPrefix("Nothing is running."))
        #expect(!day(dir, "2026-03-06").contains(#""action_id":"read""#))
        #expect(haru(["records", "2026-03-06", "--all"] + now, ledger: dir.ledgerPath).out.contains("[discarded]"))
    }

    @Test(arguments: [
        (["edit", "s-"], "is the start of more than one record id"),
        (["edit", "zzz", "--note", "x"], #"no record id starts with "zzz"; `haru records` lists"#),
        (["edit", "@9", "--note", "x"], "there are only 3 records (@9 asked)"),
        (["edit", "@0", "--note", "x"], #""@0" is not a reference: @1 is the most recent record"#),
        (["edit", "s-morn"], "nothing to change: give --start, --end or --note"),
        (["edit", "s-morn", "--at", "07:00"], "a session takes --start and --end; --at is a count's time"),
        (["edit", "c-tea", "--start", "07:00"], "a count has one time: give --at, not --start or --end"),
        (["edit", "c-tea", "--amount", "lots"], #"--amount: "lots" is not a whole number"#),
        (["edit", "c-tea", "--amount", "1000"], #"Error: --amount: "1000" is outside what Water takes at a time (1 … 999)"#),
        (
            ["edit", "s-morn", "--end", "2026-03-04 06:00"],
            "Error: the session would end (2026-03-04T06:00:00+09:00) before it starts (2026-03-04T07:00:00+09:00); a session must end after it starts"
        ),
        (["edit", "s-morn", "--start", "sometime"], #"--start: "sometime" is not a time"#),
        (["cancel"], "nothing is running"),
        (["cancel", "Water"], "Water is not running (`haru running` lists what is)"),
    ])
    func mistakesAreRefusedSayingWhatToDo(_ args: [String], _ message: String) {
        let dir = ledger()
        let before = haru(["log", "--json"], ledger: dir.ledgerPath).out
        let r = haru(args + now, ledger: dir.ledgerPath)
        #expect(r.code == 2, "\(args): \(r.err)")
        #expect(r.err.contains(message), "\(args): \(r.err)")
        #expect(haru(["log", "--json"], ledger: dir.ledgerPath).out == before, "nothing written")
    }

    @Test func aRunningSessionsEndIsSetByStoppingIt() {
        let dir = ledger()
        #expect(haru(["start", "Books", "--at", "11:00"] + now, ledger: dir.ledgerPath).code == 0)
        let r = haru(["edit", "@1", "--end", "11:30"] + now, ledger: dir.ledgerPath)
        #expect(r.code == 2)
        #expect(r.err.contains("Books is still running; stop it with: haru stop Books --at TIME"), "\(r.err)")
    }
}

/// `haru restore` and deletions that ask first.
struct RestoreAndConfirm {
    let now = ["--now", "2026-03-06T12:00:00+09:00"]

    @Test func deletingAnActionWithRecordsAsksOrNeedsYesAndRestoreBringsItAllBack() {
        let dir = readSideLedger()
        let p = dir.ledgerPath
        let refused = haru(["action", "delete", "Water"] + now, ledger: p)
        #expect(refused.code == 2)
        #expect(refused.err.contains("Water: 2 counts over 1 day leave every total; add --yes to delete it"), "\(refused.err)")
        // On a terminal it asks: no keeps it, yes deletes it.
        var asked: [String] = []
        let no = haru(["action", "delete", "Water"] + now, ledger: p) { inv in
            inv.confirm = { q in
                asked.append(q); return false
            }
        }
        #expect(no.code == 0 && no.err == "Nothing deleted.\n", "a no is the person's choice, not an error: \(no)")
        #expect(asked == ["Water: 2 counts over 1 day leave every total. Delete it?"])
        let yes = haru(["action", "delete", "Water"] + now, ledger: p) { $0.confirm = { _ in true } }
        #expect(yes.code == 0, "\(yes.err)")
        #expect(!haru(["records", "2026-03-04"] + now, ledger: p).out.contains("Water"))
        #expect(haru(["records", "2026-03-04", "--all"] + now, ledger: p).out.contains("[action deleted]"))
        let back = haru(["restore", "Water"] + now, ledger: p)
        #expect(back.out.hasPrefix("Restored action Water."), "\(back.out) \(back.err)")
        #expect(
            haru(["day", "2026-03-04", "--json"] + now, ledger: p).out.contains(
                #""action_id":"water","name":"Water","seconds":0,"count":2"#))
        // An action without records is deleted without asking.
        #expect(haru(["action", "add", "Idle", "--tracking", "time"] + now, ledger: p).code == 0)
        #expect(haru(["action", "delete", "Idle"] + now, ledger: p).code == 0)
    }

    @Test func aDeletedRecordComesBackByItsRef() {
        let dir = readSideLedger()
        let p = dir.ledgerPath
        #expect(haru(["delete", "c-tea"] + now, ledger: p).code == 0)
        #expect(haru(["restore", "c-tea"] + now, ledger: p).out.hasPrefix("Restored Water count c-tea."))
        #expect(haru(["day", "2026-03-04", "--json"] + now, ledger: p).out.contains(#""count":2"#))
        let again = haru(["restore", "c-tea"] + now, ledger: p)
        #expect(again.code == 2 && again.err.contains("count c-tea is not deleted; nothing to restore"), "\(again.err)")
        let none = haru(["restore", "Nothing"] + now, ledger: p)
        #expect(none.code == 2 && none.err.contains(#"nothing deleted is called "Nothing""#))
        #expect(haru(["history", "c-tea"] + now, ledger: p).out.contains("count.restored"))
    }

    @Test func aGoalWithQuestsAndATagOnActionsAskToo() {
        let dir = readSideLedger()
        let p = dir.ledgerPath
        let goal = haru(["goal", "delete", "g-a"] + now, ledger: p)
        #expect(goal.code == 2 && goal.err.contains("First: its 1 quest and their progress go; add --yes"), "\(goal.err)")
        let tag = haru(["tag", "delete", "Study"] + now, ledger: p)
        #expect(tag.code == 2 && tag.err.contains("Study: 1 action lose it (Books)"), "\(tag.err)")
        #expect(haru(["goal", "delete", "g-a", "--yes"] + now, ledger: p).code == 0)
        #expect(haru(["restore", "g-a"] + now, ledger: p).out.hasPrefix("Restored goal First."))
        #expect(haru(["quests", "--goal", "First"] + now, ledger: p).out.contains("q-read"), "its quest came back with it")
    }
}

struct UndoCommand {
    let now = ["--now", "2026-03-06T12:00:00+09:00"]

    @Test func eachUndoReversesOneCommandFurtherBackWithACompensatingEvent() {
        let dir = cliLedger()
        let p = dir.ledgerPath
        #expect(haru(["count", "water", "2"] + now, ledger: p).code == 0)
        #expect(haru(["action", "edit", "Water", "--name", "Aqua"] + now, ledger: p).code == 0)
        #expect(haru(["action", "delete", "Aqua", "--yes"] + now, ledger: p).code == 0)
        let events = haru(["log", "--json"], ledger: p).out.split(separator: "\n").count
        // Undo the deletion, then the rename, then the count.
        #expect(haru(["undo"] + now, ledger: p).out.hasPrefix("Undid seq 7 (action.deleted"))
        #expect(haru(["actions"] + now, ledger: p).out.contains("Aqua"))
        #expect(haru(["undo"] + now, ledger: p).out.hasPrefix("Undid seq 6 (action.edited"))
        #expect(haru(["actions"] + now, ledger: p).out.contains("Water"))
        #expect(haru(["day", "2026-03-06", "--json"] + now, ledger: p).out.contains(#""count":2"#))
        #expect(haru(["undo"] + now, ledger: p).out.hasPrefix("Undid seq 5 (count.added"))
        #expect(!haru(["day", "2026-03-06", "--json"] + now, ledger: p).out.contains(#""count":2"#))
        #expect(haru(["log", "--json"], ledger: p).out.split(separator: "\n").count == events + 3, "appended, never removed")
        #expect(haru(["verify"], ledger: p).code == 0)
    }

    @Test func aStartIsDiscardedAndAStopSaysWhatToDoInstead() {
        let dir = cliLedger()
        let p = dir.ledgerPath
        #expect(haru(["start", "Reading", "--at", "11:00"] + now, ledger: p).code == 0)
        #expect(haru(["undo"] + now, ledger: p).out.contains("with session.discarded"))
        #expect(haru(["running"] + now, ledger: p).out.hasPrefix("Nothing is running."))
        #expect(haru(["start", "Reading", "--at", "11:00"] + now, ledger: p).code == 0)
        #expect(haru(["stop", "Reading"] + now, ledger: p).code == 0)
        // A stop is not reversed: undo passes over it and the session's start beneath it, and says so.
        let r = haru(["undo"] + now, ledger: p)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.err.contains("(session.stopped): a stop is not undone; set its end with: haru edit REF --end TIME"), "\(r.err)")
        #expect(r.err.contains("(session.started): seq"), "\(r.err)")
        #expect(haru(["records", "--json"] + now, ledger: p).out.contains(#""state":"recorded""#), "the stopped session stays")
        // Events from scripts are never undone from the command line.
        let scripted = cliLedger()
        #expect(
            haru(
                ["append"], ledger: scripted.ledgerPath,
                stdin: #"{"type":"count.added","at":"2026-03-06T10:00:00Z","data":{"entry_id":"x","action_id":"water","amount":1}}"#
            ).code == 0)
        #expect(
            haru(["undo"] + now, ledger: scripted.ledgerPath).out.contains("(action.created"),
            "the last command-line change, not the appended count")
    }
}

/// Guards of issue 15, item 6.
struct Guards {
    @Test func anOverlappingSessionWarnsAndIsMarkedButStaysValid() {
        let dir = cliLedger()
        let p = dir.ledgerPath
        let now = ["--now", "2026-03-04T12:00:00+09:00"]
        #expect(haru(["start", "Reading", "--at", "07:00"] + now, ledger: p).code == 0)
        #expect(haru(["stop", "Reading", "--at", "08:00"] + now, ledger: p).err.isEmpty)
        #expect(haru(["start", "Reading", "--at", "07:30"] + now, ledger: p).code == 0)
        let stop = haru(["stop", "Reading", "--at", "09:00"] + now, ledger: p)
        #expect(stop.code == 0, "an overlap is valid (the app sums by overlap)")
        #expect(stop.err.contains("Warning: this session overlaps session "), "\(stop.err)")
        #expect(stop.err.contains("If one is wrong: haru edit "))
        let records = haru(["records", "2026-03-04", "--json"] + now, ledger: p).out
        #expect(records.components(separatedBy: #""overlaps":["#).count == 3, "both sessions marked: \(records)")
        #expect(haru(["day", "2026-03-04", "--json"] + now, ledger: p).out.contains(#""seconds":9000"#), "both count")
    }

    @Test func aStartMoreThanADayAheadNeedsFuture() {
        let dir = cliLedger()
        let now = ["--now", "2026-03-04T12:00:00+09:00"]
        let r = haru(["start", "Reading", "--at", "2026-03-10 07:00"] + now, ledger: dir.ledgerPath)
        #expect(r.code == 2 && r.err.contains("is more than a day ahead; add --future if that is meant"), "\(r.err)")
        #expect(haru(["start", "Reading", "--at", "2026-03-10 07:00", "--future"] + now, ledger: dir.ledgerPath).code == 0)
    }

    @Test func progressWarnsOfASessionRunningPastTheLongSessionSetting() {
        let dir = cliLedger()
        #expect(haru(["start", "Reading", "--now", "2026-03-04T07:00:00+09:00"], ledger: dir.ledgerPath).code == 0)
        #expect(!haru(["progress", "--now", "2026-03-04T18:00:00+09:00"], ledger: dir.ledgerPath).out.contains("⚠"))
        let late = haru(["progress", "--now", "2026-03-04T20:00:00+09:00"], ledger: dir.ledgerPath).out
        #expect(late.hasPrefix("⚠ Reading has been running for 13h 00m"), "\(late)")
    }
}
