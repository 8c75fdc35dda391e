import Foundation
import TestSupport
import Testing

/// `haru compact` in place against processes caught between LMDB's two
/// opens (issue 40, finding 1): LMDB opens `lock.mdb` and then `data.mdb`
/// by path, and a swap between the two gave a process the old lock file and
/// the new data file — its commits then overwrote other processes' commits,
/// and its reads called an intact ledger damaged. The shim
/// Tests/Shims/hold-lock-open.c holds a real `haru` at a chosen open, so the
/// interleaving is made, not hoped for. (The long stress run:
/// `scripts/compact-stress.py`.)
@Suite(.serialized) struct CompactRace {
    /// The shim, built once per run into a temporary directory.
    static let shim: String = {
        let out = FileManager.default.temporaryDirectory.path + "/haru-hold-\(getpid()).so"
        let r = try? sh("cc -shared -fPIC -o '\(out)' '\(packageRoot)/Tests/Shims/hold-lock-open.c' -ldl")
        precondition(r?.code == 0, "cannot build the test shim: \(r?.err ?? "no cc")")
        return out
    }()

    /// A `haru` run in the background, held at its first open of a file
    /// ending in `suffix` until `release()`.
    final class Held {
        let process = Process()
        let marker: String
        let out = Pipe(), err = Pipe()

        init(_ args: [String], ledger: String, suffix: String, marker: String) throws {
            self.marker = marker
            process.executableURL = URL(fileURLWithPath: haruBinary)
            process.arguments = ["--ledger", ledger] + args
            var env = ProcessInfo.processInfo.environment
            env["LD_PRELOAD"] = CompactRace.shim
            env["HARU_HOLD_LOCK_OPEN"] = marker
            env["HARU_HOLD_SUFFIX"] = suffix
            process.environment = env
            (process.standardOutput, process.standardError) = (out, err)
            try process.run()
            // Held once the marker appears (the shim waits at most 30 s for `.go`).
            for _ in 0..<2000 where !FileManager.default.fileExists(atPath: marker + ".held") { usleep(10_000) }
            precondition(FileManager.default.fileExists(atPath: marker + ".held"), "the process never reached \(suffix)")
        }

        /// Lets it go on, and waits for it.
        func release() -> CLIResult {
            FileManager.default.createFile(atPath: marker + ".go", contents: nil)
            let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return CLIResult(
                code: process.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
        }
    }

    /// The issue's recipe, with both parities of the lock file's transaction
    /// id against the copy's (`extra` commits before): a reader keeps the old
    /// ledger open (so the old lock file stays shared), a writer is held
    /// right after opening `lock.mdb`, `compact` swaps, another writer
    /// commits on the new ledger, then the held ones go on. Before the fix,
    /// the held writer either overwrote the other's commit or said the
    /// intact ledger was damaged ("rolled back"). Now every command that
    /// said it counted is in the ledger, nothing says damaged, and verify
    /// passes.
    @Test(.timeLimit(.minutes(2)), arguments: [0, 1, 2, 3])
    func aSwapBetweenLMDBsTwoOpensLosesNothingAndReportsNoDamage(extra: Int) throws {
        let dir = TempDir()
        let p = dir.ledgerPath
        #expect(try runBinary(["init", "--time-zone", "UTC"], ledger: p).code == 0)
        #expect(try runBinary(["action", "add", "Water", "--tracking", "count", "--id", "water"], ledger: p).code == 0)
        for _ in 0..<extra { #expect(try runBinary(["count", "water", "1"], ledger: p).code == 0) }

        // Opened before the compaction, held after reading the head record: the old files stay open.
        let reader = try Held(["count", "water", "7"], ledger: p, suffix: "/head", marker: dir.path + "/reader")
        // Held between its open of lock.mdb and its open of data.mdb.
        let writer = try Held(["count", "water", "5"], ledger: p, suffix: "/lock.mdb", marker: dir.path + "/writer")
        let compact = try runBinary(["compact"], ledger: p)
        #expect(compact.code == 0 && compact.out.hasPrefix("Compacted the ledger in place:"), "\(compact)")
        let other = try runBinary(["count", "water", "200"], ledger: p)
        #expect(other.code == 0 && other.out.hasPrefix("Counted 200 Water."), "\(other)")
        let held = writer.release()
        let stale = reader.release()

        for (r, amount) in [(held, 5), (stale, 7)] {
            #expect(!r.err.contains("damaged"), "an intact ledger called damaged: \(r.err)")
            #expect(r.code == 0 && r.out.hasPrefix("Counted \(amount) Water."), "\(r)")
        }
        let amounts = try runBinary(["log", "--json", "--type", "count"], ledger: p).out.split(separator: "\n")
            .compactMap { line in line.range(of: #""amount":\d+"#, options: .regularExpression).map { String(line[$0]) } }
        #expect(amounts.filter { $0.hasSuffix(":200") || $0.hasSuffix(":5") || $0.hasSuffix(":7") }.count == 3, "\(amounts)")
        #expect(amounts.count == extra + 3, "every acknowledged count is there once: \(amounts)")
        let verify = try runBinary(["verify"], ledger: p)
        #expect(verify.code == 0, "\(verify)")
    }

    /// A writer that had the old ledger open when `compact` swapped it is
    /// not told to run the command again: it runs again by itself on the
    /// ledger now at the path (nothing was written, nothing said yet).
    @Test(.timeLimit(.minutes(1))) func aWriterOfTheOldLedgerRunsAgainOnTheNewOne() throws {
        let dir = TempDir()
        let p = dir.ledgerPath
        #expect(try runBinary(["init", "--time-zone", "UTC"], ledger: p).code == 0)
        #expect(try runBinary(["action", "add", "Water", "--tracking", "count", "--id", "water"], ledger: p).code == 0)
        let writer = try Held(["count", "water", "3", "--id", "late"], ledger: p, suffix: "/head", marker: dir.path + "/w")
        #expect(try runBinary(["compact"], ledger: p).code == 0)
        let r = writer.release()
        #expect(r.code == 0 && r.err.isEmpty && r.out.hasPrefix("Counted 3 Water."), "\(r)")
        #expect(try runBinary(["log", "--json", "--type", "count"], ledger: p).out.contains(#""late""#))
        #expect(try runBinary(["verify"], ledger: p).code == 0)
    }
}
