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
    /// A bulk append reads on a second thread through a bounded channel. When
    /// no thread can be started (here: a stack limit too large to map, which
    /// glibc uses as the new thread's stack size), it must fail with a clear
    /// error and write nothing, not run the reader first and wait forever on
    /// the full channel (what it did before). `timeout` turns a hang into 124.
    @Test func withoutASecondThreadABulkAppendFailsInsteadOfHanging() throws {
        let dir = TempDir()
        #expect(try runBinary(["init", "--time-zone", "Asia/Seoul"], ledger: dir.ledgerPath).code == 0)
        // More lines than the channel holds (8 batches of 512).
        let lines = (1...6_000).map {
            #"{"type":"tag.created","at":"2026-03-01T00:00:00+09:00","data":{"tag_id":"t\#($0)","name":"t\#($0)"}}"#
        }
        let file = dir.path + "/many.jsonl"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "ulimit -s 4000000000 && exec timeout 60 \"$0\" --ledger \"$1\" append \"$2\"", haruBinary, dir.ledgerPath, file]
        let errPipe = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = errPipe
        try p.run()
        let err = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus != 124, "the append hung")
        if p.terminationStatus == 0 {
            // This machine could start the thread after all: the append simply worked.
            #expect(try Ledger(path: dir.ledgerPath).head().seq == 6_001)
        } else {
            #expect(err.contains("could not start a second thread"), "\(err)")
            #expect(try Ledger(path: dir.ledgerPath).head().seq == 1)
        }
    }

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
