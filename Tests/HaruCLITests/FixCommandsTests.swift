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
        #expect(!haru(["records", "2026-03-04", "--json"] + now, ledger: dir.ledgerPath).out.contains("chapter"), "an empty note removes it")
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
        (["edit", "c-tea", "--amount", "1000"], "data.amount: must be a whole number from 1 to 999 (got 1000)"),
        (["edit", "s-morn", "--end", "2026-03-04 06:00"], "data.end: a session must end after it starts"),
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
