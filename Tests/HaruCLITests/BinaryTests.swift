import Foundation
import TestSupport
import Testing

@testable import HaruLedger

/// Tests that run the built `haru` executable as a separate process.
struct BuiltBinary {
    @Test func runsAndExitsWithContractCodes() throws {
        let dir = TempDir()
        #expect(try runBinary(["init", "--time-zone", "Asia/Seoul"], ledger: dir.ledgerPath).code == 0)
        let bad = try runBinary(["append"], ledger: dir.ledgerPath, stdin: #"{"type":"nope","at":"2026-03-04T08:00:00Z","data":{}}"#)
        #expect(bad.code == 2)
        #expect(bad.err.contains(#"line 1: type: unknown event type "nope""#))
        #expect(try runBinary(["log"], ledger: dir.path + "/absent").code == 3)
        let ok = try runBinary(["verify"], ledger: dir.ledgerPath)
        #expect(ok.code == 0)
        #expect(ok.out == "ok: 1 events; hash chain intact; state matches the events.\n")
    }

    /// Several processes append at once; LMDB's writer lock serialises them,
    /// so every call succeeds and the log stays dense and verified.
    @Test func concurrentProcessesLeaveADenseVerifiedChain() throws {
        let dir = TempDir()
        let p = dir.ledgerPath
        #expect(try runBinary(["init"], ledger: p).code == 0)
        #expect(try runBinary(["action", "add", "Water", "--tracking", "count", "--id", "water"], ledger: p).code == 0)
        let writers = 4, perWriter = 25
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: writers) { w in
            for k in 0..<perWriter {
                // Half as single commands, half as two-event batches.
                let r: CLIResult?
                if k % 2 == 0 {
                    r = try? runBinary(["count", "water", "\(w + 1)"], ledger: p)
                } else {
                    let line = #"{"type":"count.added","at":"2026-03-04T08:00:00Z","data":{"entry_id":"w\#(w)-\#(k)-"#
                    r = try? runBinary(
                        ["append"], ledger: p,
                        stdin: line + #"a","action_id":"water","amount":1}}"# + "\n" + line + #"b","action_id":"water","amount":1}}"#)
                }
                if r?.code != 0 { failures.add() }
            }
        }
        #expect(failures.value == 0)
        let l = try Ledger(path: p)
        let expected = UInt64(2 + writers * (perWriter / 2 + 1) + writers * (perWriter / 2) * 2)
        #expect(try l.head().seq == expected)
        let report = try l.verify()
        #expect(report.ok, "\(report)")
        #expect(report.events == expected)
    }
}

final class LockedCounter: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
