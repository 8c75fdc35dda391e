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
            switch rng.next() % 23 {
            case 0..<4: run(d, ["count", counted, String(rng.next() % 3 + 1)])
            case 20:
                // One diary page, a field at a time, on any device.
                let (field, value) =
                    rng.next() % 2 == 0 ? ("--mood", ["😊", "😢", "😐", "🙂"][Int(rng.next() % 4)]) : ("--text", "note \(calls)")
                run(d, ["diary", "write", "2026-03-02", field, value])
            case 21:
                // The same new action made on any device (each draws its own id), and counted.
                run(d, ["action", "add", "Stretch", "--tracking", "count"])
            case 22: run(d, ["count", "Stretch"])
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
            default:
                run(d, ["sync"])
                // The projections after each merge are the fold of every event
                // in merged order, whether the merge folded everything again or
                // only from where its events go (the undo log).
                let v = run(d, ["verify"])
                #expect(v.code == 0, "STEPVERIFY device \(d): \(v.out) \(v.err)")
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
        try Self.intentsKept(devices[0], clock: clock)
        // The same answers everywhere.
        let views: [[String]] = [
            ["day", "2026-03-02"], ["day", "2026-03-03"], ["report", "--from", "2026-03-01", "--to", "2026-03-04"],
            ["progress", "--as-of", "2026-03-02T23:00:00+09:00"], ["records", "--from", "2026-03-01", "--to", "2026-03-04", "--all"],
            ["actions", "--all"],
            ["quests"], ["running"], ["diary", "2026-03-02"], ["conflicts"],
        ]
        for view in views {
            // Asked at the same instant everywhere; seqs are each device's own.
            let answers = (0..<3).map { d in
                haru(view + ["--json"], ledger: devices[d], now: clock).out.replacingOccurrences(
                    of: #""known_at":[0-9]+,"known_at_hash":"[0-9a-f]{64}""#, with: "", options: .regularExpression
                ).replacingOccurrences(of: #""seq":[0-9]+"#, with: "", options: .regularExpression)
                    // A conflict's reason names seqs of the device's own log.
                    .replacingOccurrences(of: #"seq [0-9]+"#, with: "seq N", options: .regularExpression)
            }
            #expect(
                answers[0] == answers[1] && answers[1] == answers[2],
                "\(view): \(answers[0].prefix(400)) ≠ \(answers[1].prefix(400)) / \(answers[2].prefix(400))")
            #expect(!answers[0].isEmpty, "\(view)")
        }
    }

    /// What every device recorded still counts (issue 41), checked on one
    /// device once all hold every event (they answer alike):
    /// - the sessions of an action never overlap (nothing counted twice),
    ///   and each lies inside the union of what the devices recorded for
    ///   the action (each start with each stop of its session, or of a
    ///   session started on another device that was joined into it);
    /// - no count and no session is without effect but for an action
    ///   deleted before it; a count kept on a deleted action is either
    ///   waiting (listed) or was made before the deletion;
    /// - every diary field any device wrote is on the page (the random
    ///   work never takes one away).
    static func intentsKept(_ device: String, clock: Int64) throws {
        // Asked before the ledger is opened here: one process opens a ledger once.
        let report = haru(["report", "--from", "2026-03-01", "--to", "2026-03-04", "--by", "action", "--json"], ledger: device, now: clock)
            .out
        let ledger = try Ledger(path: device, readOnly: true)
        var starts: [String: (action: String, at: Instant)] = [:]
        var stops: [String: [Instant]] = [:]
        var written: Set<Field> = []
        var writes: [Payload] = []
        var pageDeleted = false
        try ledger.forEachEvent { e in
            let p = e.payload
            switch e.type {
            case .sessionStarted: starts[p.string(.sessionID)!] = (p.string(.actionID)!, e.at)
            case .sessionStopped: stops[p.string(.sessionID)!, default: []].append(e.at)
            case .diaryDeleted: pageDeleted = true
            case .diaryWritten:
                for f in Blob.pageFields where p.has(f) { written.insert(f) }
                writes.append(p)
            default: break
            }
            return true
        }
        let state = try ledger.replay()
        // What the devices recorded, per action: every start of a session with
        // every stop of it (a session started on two devices at once is one:
        // either device's start with either's stop).
        var groups: [String: [String]] = [:]
        for id in starts.keys { groups[try state.alias(.session, id) ?? id, default: []].append(id) }
        var recorded: [String: [(Int64, Int64)]] = [:]
        for ids in groups.values {
            for id in ids {
                let s = starts[id]!
                for stop in ids.flatMap({ stops[$0] ?? [] }) where stop > s.at {
                    recorded[s.action, default: []].append((s.at.seconds, stop.seconds))
                }
            }
        }
        var byAction: [String: [(Int64, Int64)]] = [:]
        for id in starts.keys {
            guard let s = try state.session(id), s.status == .stopped, let end = s.end else { continue }
            byAction[s.actionID, default: []].append((s.start.seconds, end.seconds))
        }
        // Counted once: an action's time over the days is the union of its sessions.
        for (action, sessions) in byAction where try state.running(action: action) == nil {
            let sorted = sessions.sorted { $0.0 < $1.0 }
            let covered = Self.union(sorted).reduce(0) { $0 + $1.1 - $1.0 }
            if try state.definition(.action, action)?.isLive == true {
                let total = report.firstMatch(
                    of: try Regex(#""action_id":"\#(action)","name":"[^"]*","seconds":([0-9]+),"count":[0-9]+,"average"#)
                )
                .flatMap { Int64($0.output[1].substring ?? "") }
                #expect(total == covered, "\(action): \(covered) s covered, the report says \(total.map(String.init) ?? "nothing")")
            }
            let union = Self.union(recorded[action] ?? [])
            for s in sorted {
                #expect(union.contains { $0.0 <= s.0 && s.1 <= $0.1 }, "\(action): \(s) is outside what the devices recorded \(union)")
            }
        }
        for c in try ledger.conflicts() where [.countAdded, .sessionStarted, .sessionRecorded].contains(c.type) {
            #expect(c.kind == .deleted, "seq \(c.seq) \(c.type.name) without effect: \(c.rule)")
        }
        let definition = try state.definition(.diary, "2026-03-02")
        let page = definition.map { PageMerge.pageFields($0.fields()) } ?? Payload()
        // A field is gone only where a write took it away from a page that had
        // it (an undo), or the page was deleted (an undo of its first write).
        let versions = definition.map(PageMerge.versions(of:)) ?? []
        for f in written where !page.has(f) {
            let removed = writes.contains { w in
                !w.has(f) && versions.contains { PageMerge.digest($0) == w.string(.pageBase) && $0.has(f) }
            }
            #expect(removed || pageDeleted, "the diary's \(f.jsonName) was written and is gone")
        }
    }

    /// Intervals merged where they overlap or touch.
    static func union(_ intervals: [(Int64, Int64)]) -> [(Int64, Int64)] {
        var out: [(Int64, Int64)] = []
        for i in intervals.sorted(by: { $0.0 < $1.0 }) {
            if let last = out.last, i.0 <= last.1 { out[out.count - 1].1 = max(last.1, i.1) } else { out.append(i) }
        }
        return out
    }
}
