import Foundation
@_spi(Layers) import HaruEngine
import HaruLedger
@_spi(Layers) import HaruStorage
import TestSupport
import Testing

/// `haru sync DIR`: devices that exchange their events through a shared
/// folder end with the same events and the same answers, whatever order the
/// events arrived in (Docs/sync.md).
struct SyncConvergenceTests {
    /// Three devices, each with its clock off by a little, doing a day's
    /// random work (counts, sessions started and stopped on two devices at
    /// once, renames to names another device takes, quest edits, deletions,
    /// restorations, undo) and syncing at random moments; then every device
    /// syncs until nothing is new, and all must agree.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func threeDevicesSyncingAtRandomConverge(seed: UInt64) throws {
        let dir = TempDir()
        let shared = dir.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try Self.converge(seed: seed, through: shared, in: dir)
    }

    /// The property, through a folder or a database (`PostgresSyncTests`).
    static func converge(seed: UInt64, through shared: String, in dir: TempDir) throws {
        var rng = SeededRNG(seed: seed)
        let start: Int64 = 1_772_409_600_000_000  // 2026-03-02T00:00:00Z
        var clock = start + 7 * 3_600_000_000
        let skew: [Int64] = [0, -90_000_000, 120_000_000]  // µs: B's clock is behind, C's ahead
        let devices = ["a", "b", "c"].map { dir.path + "/" + $0 }
        var calls: UInt64 = 0
        @discardableResult
        func run(_ d: Int, _ args: [String]) -> CLIResult {
            calls += 1
            return haru(args, ledger: devices[d], now: clock + skew[d], seed: seed &* 1_000_003 &+ calls)
        }
        for args in [
            ["init", "--time-zone", "Asia/Seoul"], ["action", "add", "Read", "--tracking", "time", "--id", "read"],
            ["action", "add", "Run", "--tracking", "time", "--id", "run"],
            ["action", "add", "Water", "--tracking", "count", "--id", "water"],
            ["action", "add", "Coffee", "--tracking", "count", "--id", "coffee"],
            ["goal", "add", "Habits", "--start", "2026-03-01", "--id", "g"],
            ["quest", "add", "--goal", "g", "--action", "read", "--period", "daily", "--target", "30m", "--id", "q-read"],
            ["quest", "add", "--goal", "g", "--action", "coffee", "--period", "daily", "--target", "2", "--at-most", "--id", "q-coffee"],
            ["sync", shared],
        ] {
            let r = run(0, args)
            #expect(r.code == 0, "\(args): \(r.err)")
        }
        // The target as the first device now names it (a database: with its history).
        let synced = run(0, ["sync", "--json"]).out
        let target = try #require(
            synced.range(of: #""target":"[^"]*""#, options: .regularExpression).map { String(synced[$0].dropFirst(10).dropLast()) })
        for d in 1...2 {
            let r = run(d, ["init", "--from", target])
            try #require(r.code == 0, "init --from: \(r.err)")
        }
        let names = ["Alpha", "Beta", "Read", "Water"]
        for _ in 0..<100 {
            clock += Int64(rng.next() % 600 + 1) * 1_000_000
            let d = Int(rng.next() % 3)
            let timed = rng.next() % 2 == 0 ? "read" : "run"
            let counted = rng.next() % 2 == 0 ? "water" : "coffee"
            let any = ["read", "run", "water", "coffee"][Int(rng.next() % 4)]
            switch rng.next() % 20 {
            case 0..<4: run(d, ["count", counted, String(rng.next() % 3 + 1)])
            case 4..<7: run(d, ["start", timed])
            case 7..<10: run(d, ["stop", timed])
            case 10: run(d, ["action", "edit", any, "--name", names[Int(rng.next() % 4)]])
            case 11:
                // Half of them in force from one instant: ties on `at` between devices.
                let at = rng.next() % 2 == 0 ? ["--at", "2026-03-02T12:00:00+09:00"] : []
                run(d, ["quest", "edit", "q-read", "--target", "\(rng.next() % 50 + 10)m"] + at)
            case 12: run(d, ["action", "delete", any, "--yes"])
            case 13: run(d, ["restore", any])
            case 14: run(d, ["undo"])
            default: run(d, ["sync"])
            }
        }
        // Every device syncs until a round brings nothing new.
        for _ in 0..<3 {
            for d in 0..<3 {
                clock += 1_000_000
                let r = run(d, ["sync"])
                #expect(r.code == 0, "sync: \(r.err)")
            }
        }
        clock += 3_600_000_000
        // The same events everywhere (ids and content), each ledger intact.
        var eventSets: [Set<String>] = []
        for d in 0..<3 {
            let v = run(d, ["verify"])
            #expect(v.code == 0, "device \(d): \(v.out) \(v.err)")
            let lines = run(d, ["export", "jsonl"]).out.split(separator: "\n")
            eventSets.append(
                Set(
                    lines.map { line in
                        // The content: everything before the store's provenance.
                        String(line[..<(line.range(of: #","seq":"#)?.lowerBound ?? line.endIndex)])
                    }))
        }
        #expect(eventSets[0].count > 30)
        #expect(eventSets[0] == eventSets[1] && eventSets[1] == eventSets[2])
        // The same events without effect everywhere (by id), with the same rules.
        var conflicts: [[String]] = []
        for d in 0..<3 {
            let ledger = try Ledger(path: devices[d], readOnly: true)
            conflicts.append(
                try ledger.conflicts().map { c in
                    try ledger.environment.read { t in try ledger.event(c.seq, t)!.id.description } + " " + c.type.name
                }.sorted())
        }
        #expect(conflicts[0] == conflicts[1] && conflicts[1] == conflicts[2])
        print("seed \(seed): \(eventSets[0].count) events, \(conflicts[0].count) conflicts")
        // The same answers everywhere.
        let views: [[String]] = [
            ["day", "2026-03-02"], ["day", "2026-03-03"], ["report", "--from", "2026-03-01", "--to", "2026-03-04"],
            ["progress", "--as-of", "2026-03-02T23:00:00+09:00"], ["records", "--from", "2026-03-01", "--to", "2026-03-04", "--all"],
            ["actions", "--all"],
            ["quests"], ["running"],
        ]
        for view in views {
            // Asked at the same instant everywhere; seqs are each device's own.
            let answers = (0..<3).map { d in
                haru(view + ["--json"], ledger: devices[d], now: clock).out.replacingOccurrences(
                    of: #""known_at":[0-9]+,"known_at_hash":"[0-9a-f]{64}""#, with: "", options: .regularExpression
                ).replacingOccurrences(of: #""seq":[0-9]+"#, with: "", options: .regularExpression)
            }
            #expect(
                answers[0] == answers[1] && answers[1] == answers[2],
                "\(view): \(answers[0].prefix(400)) ≠ \(answers[1].prefix(400)) / \(answers[2].prefix(400))")
            #expect(!answers[0].isEmpty, "\(view)")
        }
    }
}
