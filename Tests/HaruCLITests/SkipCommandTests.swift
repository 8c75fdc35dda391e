import Foundation
import HaruLedger
import TestSupport
import Testing

@testable import HaruCLI

/// `haru skip`, `unskip`, `skips` (issue 44) and a count action's unit, used
/// as a person would: what they write, what the views then say, what a
/// mistyped line is told (exit 2, nothing written).
struct SkipCommandTests {
    static let now = ["--now", "2026-03-07T21:00:00+09:00"]

    /// Reading at least 30 min a day from Mar 2, done every day but the 5th; Water in glasses.
    func ledger(_ dir: TempDir) -> String {
        let p = dir.ledgerPath
        func run(_ args: [String]) {
            let r = haru(args + Self.now, ledger: p)
            precondition(r.code == 0, "\(args): \(r.err)")
        }
        run(["init", "--time-zone", "Asia/Seoul"])
        run(["action", "add", "Reading", "--tracking", "time"])
        run(["action", "add", "Water", "--tracking", "count", "--unit", "glasses"])
        run(["goal", "add", "Read daily", "--start", "2026-03-02", "--id", "g-read"])
        run(["quest", "add", "--goal", "Read daily", "--action", "Reading", "--period", "daily", "--target", "30m", "--id", "q-read"])
        run(["quest", "add", "--goal", "Read daily", "--action", "Water", "--period", "daily", "--target", "8", "--id", "q-water"])
        for d in [2, 3, 4, 6, 7] {
            run(["start", "Reading", "--at", "2026-03-0\(d) 20:00", "--yes"])
            run(["stop", "Reading", "--at", "2026-03-0\(d) 20:30"])
            run(["count", "Water", "8", "--at", "2026-03-0\(d) 12:00"])
        }
        return p
    }

    func streak(_ p: String, _ quest: String) throws -> Int64? {
        let v = try JSONParser.parse(haru(["progress", "--json"] + Self.now, ledger: p).out)
        guard case .array(let goals)? = v["goals"], case .array(let quests)? = goals.first?["quests"] else { return nil }
        guard case .int(let n)? = quests.first(where: { $0["quest_id"] == .string(quest) })?["streak"]?["count"] else { return nil }
        return n
    }

    @Test func aSkippedDayKeepsTheStreakAndCanBeTakenBackAndRestored() throws {
        let dir = TempDir()
        let p = ledger(dir)
        #expect(try streak(p, "q-read") == 2)
        let r = haru(["skip", "2026-03-05", "--action", "Reading", "--note", "train", "--id", "s1"] + Self.now, ledger: p)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix(#"Skipped action "Reading" on 2026-03-05: it asks nothing of that day (`haru unskip s1` takes it back)."#))
        #expect(try streak(p, "q-read") == 5, "the 5th is stepped over")
        #expect(try streak(p, "q-water") == 2, "another action's quest is still asked the 5th")
        let list = haru(["skips"] + Self.now, ledger: p).out
        #expect(list.contains("2026-03-05  action Reading  train  s1"), "\(list)")
        let progress = haru(["progress", "--as-of", "2026-03-05"] + Self.now, ledger: p).out
        #expect(progress.contains("day skipped"), "\(progress)")
        let unskip = haru(["unskip", "s1"] + Self.now, ledger: p)
        #expect(unskip.code == 0 && unskip.out.hasPrefix("Took back the skip 2026-03-05 action \"Reading\""), "\(unskip.out)")
        #expect(try streak(p, "q-read") == 2)
        #expect(haru(["skips", "--all"] + Self.now, ledger: p).out.contains("[deleted]"))
        #expect(haru(["restore", "s1"] + Self.now, ledger: p).code == 0)
        #expect(try streak(p, "q-read") == 5)
        // A goal paused for a week: every quest of it, a range through --to.
        let pause = haru(["skip", "2026-03-09", "--to", "2026-03-15", "--goal", "Read daily"] + Self.now, ledger: p)
        #expect(pause.out.hasPrefix(#"Paused goal "Read daily" from 2026-03-09 through 2026-03-15"#), "\(pause.out)")
        #expect(haru(["undo"] + Self.now, ledger: p).out.contains("with skip.deleted"))
        #expect(haru(["verify"], ledger: p).code == 0)
    }

    @Test func aPeriodIsAllItsDaysAndKoreanIsSaidInKorean() {
        let dir = TempDir()
        let p = ledger(dir)
        let r = haru(["skip", "이번 주", "--goal", "Read daily", "--lang", "ko"] + Self.now, ledger: p)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix(#"2026-03-02부터 2026-03-08까지 목표 "Read daily"를 쉽니다: 그동안은 묻지 않습니다"#), "\(r.out)")
        let list = haru(["skips", "--lang", "ko"] + Self.now, ledger: p).out
        #expect(list.contains("2026-03-02 … 2026-03-08  목표 Read daily"), "\(list)")
    }

    /// Two devices syncing through a folder: a skip made on one is excused on
    /// the other; both taking it back leaves one taking-back without effect,
    /// listed as a conflict about the skip (not about its action).
    @Test func aSkipTravelsAndATakingBackOnBothDevicesIsAConflictAboutTheSkip() throws {
        let dir = TempDir()
        let a = ledger(dir), b = dir.path + "/b", share = dir.path + "/share"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        #expect(haru(["skip", "2026-03-05", "--action", "Reading", "--id", "s1"] + Self.now, ledger: a).code == 0)
        #expect(haru(["sync", share] + Self.now, ledger: a).code == 0)
        #expect(haru(["init", "--from", share] + Self.now, ledger: b).code == 0)
        #expect(try streak(b, "q-read") == 5, "excused on the other device too")
        #expect(haru(["unskip", "s1"] + Self.now, ledger: a).code == 0)
        #expect(haru(["unskip", "s1", "--now", "2026-03-07T21:01:00+09:00"], ledger: b).code == 0)
        for (l, m) in [(a, 2), (b, 3), (a, 4)] {
            #expect(haru(["sync", share, "--now", "2026-03-07T21:0\(m):00+09:00"], ledger: l).code == 0)
        }
        let conflicts = try JSONParser.parse(haru(["conflicts", "--json"] + Self.now, ledger: a).out)
        guard case .array(let list)? = conflicts["conflicts"] else {
            Issue.record("no conflicts: \(conflicts)")
            return
        }
        #expect(list.count == 1 && list.first?["subject"]?["kind"] == .string("skip") && list.first?["subject"]?["id"] == .string("s1"))
        #expect(try streak(a, "q-read") == 2 && streak(b, "q-read") == 2, "taken back on both")
        #expect(haru(["verify"], ledger: b).code == 0)
    }

    /// Every way to get it wrong: exit 2, the rule named, nothing written.
    @Test(arguments: [
        (["skip", "--action", "Reading", "--goal", "Read daily"], "give exactly one of --action, --quest, --goal"),
        (["skip", "2026-03-05"], "give exactly one of --action, --quest, --goal"),
        (
            ["skip", "2026-03-05", "--to", "2026-03-01", "--action", "Reading"],
            "--to 2026-03-01 is before the first day skipped, 2026-03-05"
        ),
        (["skip", "--action", "Readng"], #"no action named "Readng"; did you mean "Reading"?"#),
        (["skip", "2015-01-01", "--to", "2026-03-01", "--action", "Reading"], "a skip covers at most 3660 days"),
        (["skip", "someday", "--action", "Reading"], "someday"),
        (["unskip", "nope"], #"no skip with id "nope" (`haru skips` lists them)"#),
        (["action", "add", "Run", "--tracking", "time", "--unit", "km"], "goes with count actions only"),
    ])
    func mistakesAreRefusedAndWriteNothing(_ args: [String], _ message: String) {
        let dir = TempDir()
        let p = ledger(dir)
        let before = haru(["log", "--json"], ledger: p).out
        let r = haru(args + Self.now, ledger: p)
        #expect(r.code == 2, "\(args): \(r.out) \(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
        #expect(haru(["log", "--json"], ledger: p).out == before)
    }

    /// A count action's unit: counts and targets are said in it, in every view and language.
    @Test func countsAreSaidInTheirUnit() {
        let dir = TempDir()
        let p = ledger(dir)
        let now = ["--now", "2026-03-07T22:00:00+09:00"]
        #expect(haru(["count", "Water", "2"] + now, ledger: p).out.hasPrefix("Counted 2 glasses of Water."))
        #expect(haru(["day"] + now, ledger: p).out.contains("Water         10 glasses"))
        #expect(haru(["records"] + now, ledger: p).out.contains("2 glasses"))
        #expect(haru(["quests"] + now, ledger: p).out.contains("at least 8 glasses"))
        #expect(haru(["progress"] + now, ledger: p).out.contains("day 125 % (10/8 glasses)   week 71 % (40/56 glasses, done 42 glasses)"))
        #expect(haru(["actions"] + now, ledger: p).out.contains("Water    count     glasses"))
        // A unit in Latin letters keeps its space in Korean; a counter word is written against the number.
        #expect(haru(["count", "Water", "1", "--lang", "ko"] + now, ledger: p).out.hasPrefix("Water 1 glasses를 기록했습니다."))
        #expect(haru(["action", "edit", "Water", "--unit", "잔"] + now, ledger: p).code == 0)
        #expect(haru(["count", "Water", "1", "--lang", "ko"] + now, ledger: p).out.hasPrefix("Water 1잔을 기록했습니다."))
        #expect(haru(["day", "--lang", "ja"] + now, ledger: p).out.contains("12잔"))
        #expect(haru(["action", "edit", "Water", "--unit", "none"] + now, ledger: p).code == 0)
        #expect(haru(["day"] + now, ledger: p).out.contains("Water         ×12"))
    }
}
