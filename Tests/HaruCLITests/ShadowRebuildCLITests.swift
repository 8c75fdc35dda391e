import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruStorage

/// The new projection set as the command line meets it: a rebuild killed at
/// any moment, another process's rebuild under an open ledger, and an older
/// format met by a query (Docs/reliability.md, "Rebuild").
struct ShadowRebuildCLI {
    let now = ["--now", "2026-03-10T00:00:00+09:00"]

    /// The demo history and `counts` more counts (a rebuild that takes a while).
    func ledger(counts: Int) throws -> TempDir {
        let dir = TempDir()
        #expect(try runBinary(["init", "--time-zone", "Asia/Seoul"] + now, ledger: dir.ledgerPath).code == 0)
        var lines = try String(contentsOfFile: packageRoot + "/Fixtures/demo/demo.jsonl", encoding: .utf8)
            .split(separator: "\n").filter { !$0.contains("\"expect\"") }.map(String.init)
        for k in 0..<counts {
            let day = 1 + k % 9, minute = k / 9 % 600
            lines.append(
                #"{"type":"count.added","at":"2026-03-0\#(day)T\#(10 + minute / 60):\#(String(format: "%02d", minute % 60)):00+09:00","data":{"entry_id":"bulk\#(k)","action_id":"water","amount":1}}"#)
        }
        let r = try runBinary(["append", "-", "--no-sync"] + now, ledger: dir.ledgerPath, stdin: lines.joined(separator: "\n"))
        #expect(r.code == 0, "\(r.err)")
        return dir
    }

    /// A state entry no event produces, written in the set in use.
    func damage(_ dir: TempDir) throws {
        let l = try Ledger(path: dir.ledgerPath)
        try l.environment.write { txn in try txn.put(l.state, [0x21] + Array("ghost".utf8), [0]) }
    }

    @Test(.timeLimit(.minutes(3))) func aRebuildKilledAtAnyMomentLeavesTheOldSetInUseOrTheNewOneWhole() throws {
        let dir = try ledger(counts: 20_000)
        var killedBefore = 0, finished = 0
        for delay in [0, 2, 5, 10, 20, 40, 80, 160, 320, 640] {
            if try runBinary(["verify"], ledger: dir.ledgerPath).code == 0 { try damage(dir) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: haruBinary)
            p.arguments = ["rebuild"]
            p.environment = ProcessInfo.processInfo.environment.merging(["HARU_LEDGER": dir.ledgerPath]) { $1 }
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            usleep(useconds_t(delay * 1000))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let v = try runBinary(["verify"], ledger: dir.ledgerPath)
            if v.code == 0 {
                finished += 1
            } else {
                // Killed before its commit: the old set, exactly as damaged as it was.
                #expect(v.code == 1 && (v.out + v.err).contains("count entry \"ghost\""), "after \(delay) ms: \(v.code) \(v.out)\(v.err)")
                killedBefore += 1
            }
        }
        #expect(killedBefore > 0, "some kill landed before the commit")
        let r = try runBinary(["rebuild"], ledger: dir.ledgerPath)
        #expect(r.code == 0, "\(r.err)")
        let v = try runBinary(["verify"], ledger: dir.ledgerPath)
        #expect(v.code == 0, "\(v.out)\(v.err)")
        print("rebuilds killed before their commit: \(killedBefore), finished: \(finished)")
    }

    @Test func aLedgerOpenWhileAnotherProcessRebuildsTakesUpTheNewSet() throws {
        let dir = try ledger(counts: 0)
        let l = try Ledger(path: dir.ledgerPath)
        let r = try runBinary(["rebuild", "--fresh", "--json"], ledger: dir.ledgerPath)
        #expect(r.code == 0 && r.out.contains("\"replaced\":true"), "\(r.out)\(r.err)")
        var rng = SeededRNG(seed: 3)
        let count = try events(#"{"type":"count.added","at":"2026-03-09T09:00:00+09:00","data":{"entry_id":"late","action_id":"water","amount":1}}"#)
        // This process still held set 0: told, nothing written, and ready for the next call.
        #expect(throws: LedgerError.self) { _ = try l.append(count, now: 2_000_000_000_000_000, rng: &rng) }
        #expect(l.projectionSet.generation == 1)
        #expect(try l.append(count, now: 2_000_000_000_000_000, rng: &rng).appended == 1)
        #expect(try l.verify().ok)
        #expect(try runBinary(["verify"], ledger: dir.ledgerPath).code == 0)
    }

    @Test func aQueryOnAnOlderFormatUpgradesItAndOneOnANewerFormatIsRefused() throws {
        let dir = try ledger(counts: 0)
        let before = try runBinary(["day", "2026-03-04"] + now, ledger: dir.ledgerPath)
        func setFormat(_ format: UInt32) throws {
            let l = try Ledger(path: dir.ledgerPath)
            try l.environment.write { txn in
                try txn.put(l.meta!, ProjectionMeta.key, ProjectionMeta.Record(format: format, generation: l.projectionSet.generation).bytes)
            }
        }
        try setFormat(ProjectionMeta.format - 1)
        let upgraded = try runBinary(["day", "2026-03-04"] + now, ledger: dir.ledgerPath)
        #expect(upgraded.code == 0 && upgraded.out == before.out, "\(upgraded.err)")
        #expect(try Ledger(path: dir.ledgerPath).projectionSet.generation == 1, "rebuilt into a new set")
        try setFormat(ProjectionMeta.format + 1)
        for args in [["day", "2026-03-04"], ["count", "Water"], ["rebuild", "--fresh"]] {
            let r = try runBinary(args + now, ledger: dir.ledgerPath)
            #expect(r.code == 3 && r.err.contains("written by a newer haru"), "\(args): \(r.err)")
        }
    }
}
