import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

struct ProgressCommands {
    func ledger() -> TempDir {
        let dir = cliLedger()
        let r = haru(
            ["append"], ledger: dir.ledgerPath,
            stdin: """
                {"type":"goal.created","at":"2026-03-01T00:00:00+09:00","data":{"goal_id":"g1","title":"Read","start_date":"2026-03-01"}}
                {"type":"quest.created","at":"2026-03-01T00:00:00+09:00","data":{"quest_id":"q1","goal_id":"g1","target":{"action_id":"read"},"period":"weekly","target_seconds":7200,"direction":"at_least"}}
                {"type":"session.recorded","at":"2026-03-04T11:00:00+09:00","data":{"session_id":"s1","action_id":"read","start":"2026-03-04T10:30:00+09:00","end":"2026-03-04T11:00:00+09:00"}}
                """)
        precondition(r.code == 0, r.err)
        return dir
    }

    @Test func progressJSONFollowsTheContract() throws {
        let dir = ledger()
        let r = haru(["progress", "--json", "--as-of", "2026-03-04T21:00:00+09:00"], ledger: dir.ledgerPath)
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONParser.parse(r.out.trimmingCharacters(in: .newlines))
        #expect(v["as_of"] == .string("2026-03-04T21:00:00+09:00"))
        #expect(v["known_at"] == .int(7))
        guard case .array(let goals)? = v["goals"], let g = goals.first else { Issue.record("no goals"); return }
        #expect(g["status"] == .string("in_progress"))
        #expect(g["judged_at"] == .null)
        #expect(g["no_quests"] == .bool(false))
        guard case .array(let quests)? = g["quests"], let q = quests.first else { Issue.record("no quests"); return }
        #expect(
            q["spans"]?["day"]
                == .object([
                    ("scheduled", .bool(true)), ("value", .double(1800)), ("target", .double(1028.571429)), ("ratio", .double(1)),
                    ("display_ratio", .double(1)), ("actual", .double(1800)), ("skipped", .bool(false)),
                ]))
        #expect(q["streak"] == .object([("count", .int(0)), ("unit", .string("weeks")), ("best", .int(0))]))
        #expect(q["judgment"] == .null)
        #expect(r.out.contains(#""target":1028.571429"#), "numbers are rounded to 6 decimals")
    }

    @Test func humanProgressShowsGaugesAndQuests() {
        let dir = ledger()
        let r = haru(["progress", "--as-of", "2026-03-04T21:00:00+09:00"], ledger: dir.ledgerPath)
        #expect(r.code == 0)
        #expect(r.out.contains("Read  [g1]  2026-03-01 → open  in progress"), "\(r.out)")
        #expect(r.out.contains("week [###-------] 25 %"), "\(r.out)")
        #expect(r.out.contains("- Reading ≥ 2h 00m weekly  [q1]"), "\(r.out)")
        #expect(r.out.contains("day 100 % (30m 00s/17m 09s)"), "\(r.out)")
    }

    @Test func explainListsCountedRecords() throws {
        let dir = ledger()
        let r = haru(["explain", "q1", "--json", "--as-of", "2026-03-04T10:45:00+09:00", "--periods", "1"], ledger: dir.ledgerPath)
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONParser.parse(r.out.trimmingCharacters(in: .newlines))
        guard case .array(let periods)? = v["periods"], let p = periods.first, case .array(let records)? = p["records"],
            let rec = records.first
        else {
            Issue.record("no records: \(r.out)")
            return
        }
        #expect(p["done"] == .double(900))
        #expect(rec["record_id"] == .string("s1"))
        #expect(rec["counted"] == .double(900))
        #expect(rec["left_out"] == .array([.object([("amount", .double(900)), ("reason", .string("after the reference"))])]))
    }

    @Test(arguments: [
        (["progress", "--goal", "nope"], #"no goal named "nope" (`haru goals` lists them)"#),
        (["explain", "nope"], #"no quest with id "nope""#),
        (["explain"], "missing QUEST"),
        (["explain", "q1", "--periods", "0"], #"--periods: "0" is not a number from 1 to 400"#),
        (["progress", "--as-of", "the day after"], "--as-of: \"the day after\" is neither a day"),
    ])
    func badProgressArgumentsExitTwo(args: [String], message: String) {
        let dir = ledger()
        let r = haru(args, ledger: dir.ledgerPath)
        #expect(r.code == 2, "\(r)")
        #expect(r.err.contains(message), "\(r.err)")
    }
}

/// The best streak is the longest run the current streak ever reached: for
/// random histories it equals the greatest current streak over every day
/// from the goal's start to the reference.
/// Goals are named by id or by title, as actions and tags by id or name:
/// `goal add` gives an app-made id (a UUID) that nobody types.
struct GoalsByTitle {
    @Test func aGoalIsNamedByItsTitleAndASharedTitleAsksForTheID() {
        let dir = TempDir()
        let p = dir.ledgerPath
        let now = ["--now", "2026-11-30T21:00:00+09:00"]
        #expect(haru(["init", "--time-zone", "Asia/Seoul"] + now, ledger: p).code == 0)
        #expect(haru(["action", "add", "Coffee", "--tracking", "count"] + now, ledger: p).code == 0)
        #expect(haru(["goal", "add", "Less coffee", "--start", "2026-11-23"] + now, ledger: p).code == 0)
        let quest = haru(["quest", "add", "--goal", "Less coffee", "--action", "Coffee", "--period", "daily", "--target", "2", "--at-most"] + now, ledger: p)
        #expect(quest.code == 0, "\(quest.err)")
        #expect(quest.out.contains("to goal Less coffee"), "\(quest.out)")
        #expect(haru(["goal", "edit", "less COFFEE", "--threshold", "80"] + now, ledger: p).code == 0, "case folded, as for actions")
        #expect(haru(["goals", "--json"] + now, ledger: p).out.contains(#""threshold_percent":80"#))
        #expect(haru(["goal", "finish", "Less coffee"] + now, ledger: p).code == 0)
        // Two goals called the same: neither is picked.
        #expect(haru(["goal", "add", "Walk", "--start", "2026-11-23"] + now, ledger: p).code == 0)
        #expect(haru(["goal", "add", "Walk", "--start", "2026-11-30"] + now, ledger: p).code == 0)
        let both = haru(["goal", "delete", "Walk", "--yes"] + now, ledger: p)
        #expect(both.code == 2 && both.err.contains(#"2 goals are called "Walk"; give an id"#), "\(both.err)")
        let none = haru(["quest", "add", "--goal", "Les coffee", "--action", "Coffee", "--period", "daily", "--target", "1"] + now, ledger: p)
        #expect(none.code == 2 && none.err.contains(#"no goal named "Les coffee"; did you mean "Less coffee"?"#), "\(none.err)")
    }
}

struct BestStreakProperty {
    @Test(arguments: [(UInt64(1), "daily", "mon,wed,fri"), (2, "daily", ""), (3, "weekly", ""), (4, "daily", "")])
    func bestIsTheLongestCurrentStreakEverSeen(_ seed: UInt64, _ period: String, _ weekdays: String) throws {
        let dir = TempDir()
        let p = dir.ledgerPath
        for args in [
            ["init", "--time-zone", "UTC", "--now", "2026-01-01T00:00:00Z"],
            ["action", "add", "Run", "--tracking", "time", "--id", "run", "--now", "2026-01-01T00:00:00Z"],
            ["goal", "add", "Move", "--start", "2026-01-05", "--id", "g", "--now", "2026-01-01T00:00:00Z"],
            ["quest", "add", "--goal", "g", "--action", "run", "--period", period, "--target", period == "weekly" ? "1h" : "20m", "--id", "q",
                "--now", "2026-01-01T00:00:00Z"] + (weekdays.isEmpty ? [] : ["--weekdays", weekdays]),
        ] {
            let r = haru(args, ledger: p)
            try #require(r.code == 0, "\(args): \(r.err)")
        }
        var rng = SeededRNG(seed: seed)
        var lines: [String] = []
        for day in 0..<56 where Int.random(in: 0..<10, using: &rng) < 7 {
            let minutes = Int.random(in: 5...40, using: &rng)
            let start = 1_767_571_200 + day * 86_400 + 8 * 3600  // 2026-01-05T08:00Z + day
            func iso(_ t: Int) -> String {
                var b: [UInt8] = []
                Instant(seconds: Int64(t)).write(offsetSeconds: 0, to: &b)
                return String(decoding: b, as: UTF8.self)
            }
            lines.append(
                #"{"type":"session.recorded","at":"\#(iso(start + minutes * 60))","data":{"session_id":"s\#(day)","action_id":"run","start":"\#(iso(start))","end":"\#(iso(start + minutes * 60))"}}"#)
        }
        #expect(haru(["append"], ledger: p, stdin: lines.joined(separator: "\n")).code == 0)
        func streak(asOf date: String) throws -> (Int, Int) {
            let r = haru(["progress", "--json", "--as-of", date], ledger: p)
            let v = try JSONParser.parse(r.out.trimmingCharacters(in: .newlines))
            guard case .array(let goals)? = v["goals"], case .array(let qs)? = goals.first?["quests"], let s = qs.first?["streak"],
                case .int(let count)? = s["count"], case .int(let best)? = s["best"]
            else { throw CLIFailure(r.err + r.out) }
            return (Int(count), Int(best))
        }
        var longest = 0
        for day in 0..<56 {
            let date = LocalDate(daysSinceEpoch: 20_458 + day).description  // 2026-01-05 + day
            let (count, best) = try streak(asOf: date)
            longest = max(longest, count)
            #expect(best == longest, "as of \(date): best \(best), longest current so far \(longest)")
        }
        #expect(longest > 0, "the history has some streak to compare")
    }
}

struct CLIFailure: Error, CustomStringConvertible {
    var description: String
    init(_ s: String) { description = s }
}
