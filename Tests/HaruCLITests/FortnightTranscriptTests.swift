import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruModel

/// Two weeks at a terminal in Berlin with days starting at 04:00 (issue 26):
/// timers, a backdated start, a forgotten timer refused then stopped where
/// it ended, a session past midnight, a record fixed by ref, a mistaken start
/// cancelled, a count undone, notes, reports, and a copy by export/import.
/// The totals and progress asserted at the end were worked out by hand:
///
/// | logical day | Reading | Guitar | Water |
/// |---|---|---|---|
/// | Mon 16 | 07:30–08:10 = 40m | | 3 |
/// | Tue 17 | | 19:00–20:00 = 60m | |
/// | Wed 18 | 06:45–07:20 = 35m (started with --at) | | |
/// | Thu 19 | | 21:00–22:15 = 75m (forgotten; stopped --at) | |
/// | Fri 20 | 23:30–00:20 = 50m (past midnight, before 04:00) | | |
/// | Sat 21 | | | 2 |
/// | Mon 23 | 07:30–08:05 = 35m (end edited from 07:50) | | |
/// | Tue 24 | 01:00–01:30 on Wed = 30m (before 04:00) | 18:00–18:30 = 30m (+ one cancelled) | |
/// | Wed 25 | 12:00–12:45 = 45m | | |
/// | Thu 26 | | 20:00–21:00 = 60m | (5, undone) |
/// | Fri 27 | 07:00–07:25 = 25m | | |
/// | Sat 28 | | 10:00–11:00 = 60m | |
///
/// Reading 260m = 4h 20m, Guitar 285m = 4h 45m (week 1: 135m, week 2: 150m),
/// Water 5, Learning (both) 545m = 9h 05m. Reading ≥ 30m on Mon/Wed/Fri: met
/// on 16, 18, 20, 23, 25; missed on 27. Guitar ≥ 2h a week: met both weeks.
struct FortnightTranscript {
    @Test func twoWeeksOfCommandsAddUp() throws {
        let dir = TempDir()
        let p = dir.ledgerPath
        func run(_ args: [String], at now: String, code: Int32 = 0) -> String {
            let r = haru(args + ["--now", now + "+01:00"], ledger: p)
            #expect(r.code == code, "\(args) at \(now): \(r.err)")
            return r.out + r.err
        }
        _ = run(["init", "--time-zone", "Europe/Berlin", "--day-start", "04:00"], at: "2026-11-16T07:00:00")
        _ = run(["tag", "add", "Learning"], at: "2026-11-16T07:00:00")
        _ = run(["action", "add", "Reading", "--tracking", "time", "--tag", "Learning"], at: "2026-11-16T07:00:00")
        _ = run(["action", "add", "Guitar", "--tracking", "time", "--tag", "learning"], at: "2026-11-16T07:00:00")
        _ = run(["action", "add", "Water", "--tracking", "count"], at: "2026-11-16T07:00:00")
        _ = run(["goal", "add", "Autumn habits", "--start", "2026-11-16", "--end", "2026-11-29"], at: "2026-11-16T07:00:00")
        _ = run(
            ["quest", "add", "--goal", "autumn habits", "--action", "reading", "--period", "daily", "--target", "30m", "--weekdays", "mon,wed,fri"],
            at: "2026-11-16T07:00:00")
        _ = run(["quest", "add", "--goal", "Autumn habits", "--action", "Guitar", "--period", "weekly", "--target", "2h"], at: "2026-11-16T07:00:00")

        // Week 1.
        _ = run(["start", "Reading", "--note", "Middlemarch"], at: "2026-11-16T07:30:00")
        _ = run(["stop"], at: "2026-11-16T08:10:00")
        _ = run(["count", "Water", "3"], at: "2026-11-16T12:00:00")
        _ = run(["start", "Guitar"], at: "2026-11-17T19:00:00")
        _ = run(["stop", "Guitar"], at: "2026-11-17T20:00:00")
        _ = run(["start", "Reading", "--at", "06:45"], at: "2026-11-18T07:00:00")
        _ = run(["stop"], at: "2026-11-18T07:20:00")
        _ = run(["start", "Guitar"], at: "2026-11-19T21:00:00")
        // Forgotten overnight: thirteen hours is refused, saying what to type.
        #expect(run(["stop"], at: "2026-11-20T10:00:00", code: 2).contains("`--at TIME` ends it when it really ended"))
        _ = run(["stop", "--at", "22:15"], at: "2026-11-20T10:00:00")
        _ = run(["start", "Reading"], at: "2026-11-20T23:30:00")
        _ = run(["stop", "--note", "two chapters"], at: "2026-11-21T00:20:00")
        _ = run(["count", "Water", "2", "--note", "after the run"], at: "2026-11-21T11:00:00")

        // Week 2.
        _ = run(["start", "Reading"], at: "2026-11-23T07:30:00")
        _ = run(["stop"], at: "2026-11-23T07:50:00")
        _ = run(["edit", "@1", "--end", "08:05"], at: "2026-11-23T08:10:00")
        _ = run(["start", "Guitar"], at: "2026-11-24T18:00:00")
        _ = run(["stop"], at: "2026-11-24T18:30:00")
        _ = run(["start", "Guitar"], at: "2026-11-24T18:31:00")
        _ = run(["cancel", "Guitar"], at: "2026-11-24T18:32:00")
        _ = run(["start", "Reading"], at: "2026-11-25T01:00:00")
        _ = run(["stop"], at: "2026-11-25T01:30:00")
        _ = run(["start", "Reading"], at: "2026-11-25T12:00:00")
        _ = run(["stop"], at: "2026-11-25T12:45:00")
        _ = run(["start", "Guitar"], at: "2026-11-26T20:00:00")
        _ = run(["stop"], at: "2026-11-26T21:00:00")
        _ = run(["count", "Water", "5"], at: "2026-11-26T21:05:00")
        #expect(run(["undo"], at: "2026-11-26T21:06:00").contains("with count.deleted"))
        _ = run(["start", "Reading"], at: "2026-11-27T07:00:00")
        _ = run(["stop"], at: "2026-11-27T07:25:00")
        _ = run(["start", "Guitar"], at: "2026-11-28T10:00:00")
        _ = run(["stop", "--note", "scales"], at: "2026-11-28T11:00:00")

        // The fortnight's totals, per action and per tag.
        let report = run(["report", "--from", "2026-11-16", "--to", "2026-11-29", "--json"], at: "2026-11-30T09:00:00")
        #expect(report.contains(#""name":"Reading","seconds":15600"#), "Reading 4h 20m: \(report)")
        #expect(report.contains(#""name":"Guitar","seconds":17100"#), "Guitar 4h 45m: \(report)")
        #expect(report.contains(#""name":"Water","seconds":0,"count":5"#), "Water 5: \(report)")
        let tags = run(["report", "--from", "2026-11-16", "--to", "2026-11-29", "--by", "tag", "--json"], at: "2026-11-30T09:00:00")
        #expect(tags.contains(#""name":"Learning","seconds":32700"#), "Learning 9h 05m: \(tags)")
        let byTag = run(["report", "--from", "2026-11-16", "--to", "2026-11-29", "--by", "tag"], at: "2026-11-30T09:00:00")
        #expect(byTag.contains("9h 05m"), "\(byTag)")
        // Days across midnight and before the day start.
        #expect(run(["day", "2026-11-20", "--json"], at: "2026-11-30T09:00:00").contains(#""name":"Reading","seconds":3000"#))
        let tuesday = run(["day", "2026-11-24", "--json"], at: "2026-11-30T09:00:00")
        #expect(tuesday.contains(#""name":"Reading","seconds":1800"#) && tuesday.contains(#""name":"Guitar","seconds":1800"#), "\(tuesday)")
        #expect(run(["day", "2026-11-23", "--json"], at: "2026-11-30T09:00:00").contains(#""name":"Reading","seconds":2100"#))
        // Notes are kept.
        let records = run(["records", "--from", "2026-11-16", "--to", "2026-11-29"], at: "2026-11-30T09:00:00")
        for note in ["Middlemarch", "two chapters", "after the run", "scales"] { #expect(records.contains("\"\(note)\""), "\(note): \(records)") }

        // Progress: the streak in force on Friday 27 (in progress) and Saturday 28 (missed), weeks met, the judgment.
        func streak(_ asOf: String, _ action: String) throws -> JSONValue? {
            let out = run(["progress", "--json", "--as-of", asOf], at: "2026-11-30T09:00:00")
            let v = try JSONParser.parse(out.split(separator: "\n").first.map(String.init) ?? "")
            guard case .array(let goals)? = v["goals"], case .array(let quests)? = goals.first?["quests"] else { return nil }
            return quests.first { $0["target_name"] == .string(action) }?["streak"]?["count"]
        }
        #expect(try streak("2026-11-27", "Reading") == .int(5), "Fri 27 in progress: not yet broken")
        #expect(try streak("2026-11-28", "Reading") == .int(0), "Fri 27 missed (25m)")
        #expect(try streak("2026-11-29", "Guitar") == .int(2), "both weeks met")
        let judged = run(["progress"], at: "2026-11-30T09:00:00")
        #expect(judged.contains("ACHIEVED: its quests' mean ratio 100 % ≥ 100 %"), "\(judged)")

        // A copy by export and import answers the same.
        let export = haru(["export", "jsonl"], ledger: p)
        let copy = dir.path + "/copy"
        #expect(haru(["import", "jsonl", "-", "--now", "2026-11-30T10:00:00+01:00"], ledger: copy, stdin: export.out).code == 0)
        let copied = haru(["report", "--from", "2026-11-16", "--to", "2026-11-29", "--by", "tag", "--now", "2026-11-30T09:00:00+01:00"], ledger: copy)
        #expect(copied.out == byTag, "\(copied.out)")
        #expect(haru(["verify"], ledger: copy).code == 0)
    }
}
