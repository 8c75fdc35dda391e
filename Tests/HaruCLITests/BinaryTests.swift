import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

/// Tests that run the built `haru` executable as a separate process.
@Suite(.timeLimit(.minutes(2)))
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
        #expect(ok.out.hasPrefix("ok: 1 events; hash chain intact; state matches the events.\nhead: seq 1 hash "), "\(ok.out)")
    }

    /// Output goes out in 64 KiB blocks (`OutputStream`): a long listing
    /// arrives whole and in order, a write that fails (a full disk) exits 3
    /// naming the error, and a reader that stops early (`| head`) gets no error message.
    @Test func bufferedOutputArrivesWholeAndAFailedWriteIsAnError() throws {
        let dir = TempDir()
        #expect(try runBinary(["init", "--time-zone", "UTC", "--now", "2026-03-01T00:00:00Z"], ledger: dir.ledgerPath).code == 0)
        var lines = [#"{"type":"action.created","at":"2026-03-01T00:00:00Z","data":{"action_id":"w","name":"Water","tracking":"count"}}"#]
        for k in 0..<3000 {
            lines.append(#"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"c\#(k)","action_id":"w","amount":1}}"#)
        }
        #expect(try runBinary(["append"], ledger: dir.ledgerPath, stdin: lines.joined(separator: "\n")).code == 0)
        let log = try runBinary(["log", "--json"], ledger: dir.ledgerPath)
        #expect(log.code == 0)
        let seqs = log.out.split(separator: "\n").map { line in
            line.split(separator: ",").first.map { String($0.dropFirst(#"{"seq":"#.count)) } ?? ""
        }
        #expect(seqs == (1...3002).map(String.init), "every line, in order")
        #expect(log.out.utf8.count > 1 << 19, "more than a few buffers' worth")
        let env = "HARU_LEDGER='\(dir.ledgerPath)' "
        let full = try sh(env + "'\(haruBinary)' log --json > /dev/full")
        #expect(full.code == 3)
        #expect(full.err.contains("Error: cannot write the output: No space left on device"), "\(full.err)")
        let head = try sh(env + "'\(haruBinary)' log --json | head -n 2 > /dev/null; echo \"${PIPESTATUS[0]}\"")
        // Killed by SIGPIPE as `cat` would be (141), or, where SIGPIPE is ignored, done quietly.
        #expect(["0\n", "141\n"].contains(head.out) && head.err.isEmpty, "\(head)")
    }

    /// The tool maps an input file and reads standard input through a pipe
    /// (`InputBytes`): the same lines give the same seqs and the same days
    /// either way, comments, blank lines and a last line without a newline
    /// included; a file that is not there, or not a regular file, is refused.
    @Test func aMappedFileAndStandardInputAppendAlike() throws {
        let dir = TempDir()
        let text = """
            # a comment, then a blank line

            {"type":"action.created","at":"2026-03-01T00:00:00+09:00","data":{"action_id":"read","name":"Reading","tracking":"time"}}
            {"type":"session.recorded","at":"2026-03-02T10:00:00+09:00","data":{"session_id":"s1","action_id":"read","start":"2026-03-02T09:00:00+09:00","end":"2026-03-02T10:00:00+09:00"}}
            {"type":"session.recorded","at":"2026-03-02T23:30:00+09:00","data":{"session_id":"s2","action_id":"read","start":"2026-03-02T23:00:00+09:00","end":"2026-03-03T01:00:00+09:00"}}
            """
        let file = dir.path + "/events.jsonl"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        var results: [(String, String)] = []
        for (name, viaFile) in [("a", true), ("b", false)] {
            let ledger = dir.path + "/" + name
            #expect(try runBinary(["init", "--time-zone", "Asia/Seoul", "--now", "2026-03-01T00:00:00Z"], ledger: ledger).code == 0)
            let r = viaFile ? try runBinary(["append", file], ledger: ledger) : try runBinary(["append"], ledger: ledger, stdin: text)
            #expect(r.code == 0, "\(r.err)")
            let day = try runBinary(["day", "2026-03-03", "--json", "--now", "2026-03-05T00:00:00Z"], ledger: ledger)
            // Two ledgers made at other moments: the same answer, each with its own chain's hash.
            results.append((r.out, day.out.replacingOccurrences(of: #","known_at_hash":"[0-9a-f]{64}""#, with: "", options: .regularExpression)))
        }
        #expect(results[0].0 == "2\n3\n4\n")
        #expect(results[0] == results[1])
        #expect(results[0].1.contains("\"read\""))
        for bad in [dir.path + "/absent.jsonl", dir.path] {
            let r = try runBinary(["append", bad], ledger: dir.path + "/a")
            #expect(r.code == 2)
            #expect(r.err.contains("cannot read \(bad)"))
        }
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
        let (status, err) = try Self.withoutASecondThread(["--ledger", dir.ledgerPath, "append", file])
        #expect(status != 124, "the append hung")
        if status == 0 {
            // This machine could start the thread after all: the append simply worked.
            #expect(try Ledger(path: dir.ledgerPath).head().seq == 6_001)
        } else {
            #expect(err.contains("could not start a second thread"), "\(err)")
            #expect(try Ledger(path: dir.ledgerPath).head().seq == 1)
        }
    }

    /// A batch of more than 4,096 records written without reading ahead (a
    /// Loop import) ends on two threads; without a second one it ends in
    /// turn, and is written whole.
    @Test func withoutASecondThreadALargeBatchEndsInTurn() throws {
        let dir = TempDir()
        #expect(try runBinary(["init", "--time-zone", "UTC"], ledger: dir.ledgerPath).code == 0)
        let export = dir.path + "/loop"
        try FileManager.default.createDirectory(atPath: export + "/001 Walk", withIntermediateDirectories: true)
        let header = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?"
        try Data((header + "\n1,Walk,0,,,1,1,,,,,false\n").utf8).write(to: URL(fileURLWithPath: export + "/Habits.csv"))
        let first = LocalDate(year: 2010, month: 1, day: 1)!
        let days = (0..<5_000).map { "\(first.adding(days: $0)),YES_MANUAL" }
        try Data(("Date,Value\n" + days.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: export + "/001 Walk/Checkmarks.csv"))
        let (status, err) = try Self.withoutASecondThread(["--ledger", dir.ledgerPath, "import", "loop", export])
        #expect(status == 0, "\(err)")
        #expect(try Ledger(path: dir.ledgerPath).head().seq == 5_004, "the settings, an action, a goal, a quest and 5,000 counts")
        #expect(try runBinary(["verify"], ledger: dir.ledgerPath).code == 0)
    }

    /// Runs haru with `args` under a stack limit so large that no second
    /// thread can be started (a new thread's stack is the limit's size), for a
    /// minute at most (then status 124): its exit status and standard error.
    static func withoutASecondThread(_ args: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "ulimit -s 4000000000 && exec timeout 60 \"$0\" \"$@\"", haruBinary] + args
        let errPipe = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = errPipe
        try p.run()
        let err = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, err)
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
