import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruModel

/// A person's week at a terminal (issue 15): times typed as people type
/// them across a 05:00 day start and the DST jump of 2026-03-08 in New
/// York, a forgotten timer, an edit by ref, a delete, an undo, a restore;
/// every total checked.
struct WeekTranscript {
    @Test func aWeekOfCommandsAddsUp() throws {
        let dir = TempDir()
        let p = dir.ledgerPath
        var transcript = ""
        func run(_ args: [String], at now: String, code: Int32 = 0) -> String {
            let r = haru(args + ["--now", now, "--color", "always"], ledger: p) { $0.environment["TZ"] = "America/New_York" }
            transcript += "$ haru \(args.joined(separator: " "))\n\(r.out)\(r.err)"
            #expect(r.code == code, "\(args): \(r.err)")
            return r.out + r.err
        }
        // Monday: set up (the zone from $TZ, a 05:00 day start).
        _ = run(["init", "--day-start", "05:00"], at: "2026-03-02T08:00:00-05:00")
        _ = run(["action", "add", "Reading", "--tracking", "time"], at: "2026-03-02T08:00:00-05:00")
        _ = run(["action", "add", "Water", "--tracking", "count"], at: "2026-03-02T08:00:00-05:00")
        // Friday: 45 minutes, typed as clock times.
        _ = run(["start", "Reading", "--at", "07:00"], at: "2026-03-06T09:00:00-05:00")
        _ = run(["stop", "--at", "07:45"], at: "2026-03-06T09:00:00-05:00")
        // Saturday: water, then a timer started at 22:00 and forgotten.
        _ = run(["count", "Water", "2", "--at", "10:00"], at: "2026-03-07T12:00:00-05:00")
        _ = run(["start", "Reading", "--at", "22:00"], at: "2026-03-07T22:05:00-05:00")
        // Sunday morning (after the jump to EDT): running says it is long; stop it where it ended, then correct the end by ref.
        #expect(run(["running"], at: "2026-03-08T11:00:00-04:00").contains("over 12 h"))
        _ = run(["stop", "--at", "yesterday 23:30"], at: "2026-03-08T11:00:00-04:00")
        _ = run(["edit", "@1", "--end", "2026-03-08 01:00"], at: "2026-03-08T11:00:00-04:00")
        // A session across the jump (01:30 EST → 03:30 EDT is one hour), still in Saturday's logical day.
        _ = run(["start", "Reading", "--at", "2026-03-08 01:30"], at: "2026-03-08T11:00:00-04:00")
        _ = run(["stop", "--at", "2026-03-08 03:30"], at: "2026-03-08T11:00:00-04:00")
        // Sunday noon: a count deleted by mistake, undone; deleted again, restored by its ref.
        _ = run(["count", "Water", "--at", "12:00"], at: "2026-03-08T13:00:00-04:00")
        _ = run(["delete", "@1"], at: "2026-03-08T13:00:00-04:00")
        #expect(run(["undo"], at: "2026-03-08T13:01:00-04:00").contains("with count.restored"))
        let deleted = run(["delete", "@1"], at: "2026-03-08T13:02:00-04:00")
        let ref = try #require(deleted.split(separator: " ").dropFirst(3).first.map(String.init), "\(deleted)")
        _ = run(["restore", ref], at: "2026-03-08T13:03:00-04:00")

        func day(_ d: String) throws -> [String: (Int64, Int64)] {
            let r = haru(["day", d, "--json", "--now", "2026-03-09T12:00:00-04:00"], ledger: p)
            guard case .array(let items)? = try JSONParser.parse(r.out.trimmingCharacters(in: .newlines))["actions"] else { return [:] }
            var out: [String: (Int64, Int64)] = [:]
            for i in items {
                if case .string(let n)? = i["name"], case .int(let s)? = i["seconds"], case .int(let c)? = i["count"] { out[n] = (s, c) }
            }
            return out
        }
        #expect(try day("2026-03-06")["Reading"]?.0 == 2_700)
        let saturday = try day("2026-03-07")  // 05:00 EST Sat → 05:00 EDT Sun: 23 hours
        #expect(saturday["Reading"]?.0 == 14_400, "22:00–01:00 (3 h) and the hour across the jump: \(saturday)")
        #expect(saturday["Water"]?.1 == 2)
        #expect(try day("2026-03-08")["Water"]?.1 == 1, "the restored count")
        let week = haru(["report", "--from", ":week", "--json", "--now", "2026-03-08T13:10:00-04:00"], ledger: p).out
        #expect(week.contains(#""name":"Reading","seconds":17100"#), "\(week)")
        #expect(week.contains(#""name":"Water","seconds":0,"count":3"#))
        #expect(haru(["verify"], ledger: p).code == 0)
        #expect(transcript.contains("\u{1B}["), "coloured output along the way")
    }
}
