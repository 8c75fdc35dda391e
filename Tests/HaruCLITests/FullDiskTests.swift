import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

/// A file system that is really full (a tmpfs of 1 MiB, filled), not a
/// failure injected at one call: LMDB maps its lock file, and a page of a
/// new lock file had no block behind it, so `init` and an import into a new
/// ledger ended with SIGBUS, called the data file damaged, and left
/// `PATH.partial-PID` behind. Needs root (to mount), which CI has.
@Suite(.serialized) struct FullDiskTests {
    @Test(.enabled(if: LedgersOnTheirOwnDisk.canMount)) func aFullDiskIsSaidAndLeavesNothingBehind() throws {
        try LedgersOnTheirOwnDisk.withTmpfs(size: "1m") { (disk: String) throws in
            _ = try sh("dd if=/dev/zero of='\(disk)/fill' bs=64k count=32 2>/dev/null")  // more than fits: the disk is full
            let export = #"{"seq":1,"id":"0190a000-0000-7000-8000-000000000001","type":"settings.changed","at":"2026-03-01T00:00:00Z","recorded":"2026-03-01T00:00:00Z","data":{"time_zone":"UTC"}}"#
            for args in [["init", "--time-zone", "UTC"], ["import", "jsonl", "-"]] {
                let r = haru(args, ledger: disk + "/ledger", stdin: export)
                #expect(r.code == 3, "\(args): \(r.out) \(r.err)")
                #expect(r.err.contains("cannot create the ledger at \(disk)/ledger") && r.err.contains("No space left on device"), "\(r.err)")
                #expect(!r.err.contains("bus error") && !r.err.contains("damaged"), "\(r.err)")
                let left = try FileManager.default.contentsOfDirectory(atPath: disk).filter { $0 != "fill" }
                #expect(left.isEmpty, "nothing beside it: \(left)")
            }
            // Room again: the same command makes the ledger.
            try FileManager.default.removeItem(atPath: disk + "/fill")
            #expect(haru(["init", "--time-zone", "UTC"], ledger: disk + "/ledger").code == 0)
            #expect(haru(["verify"], ledger: disk + "/ledger").code == 0)
        }
    }

    /// An import into a new ledger is committed in parts (`BatchCommits`):
    /// a disk that fills after the first parts were committed ends it with
    /// the same error, and the partial directory, parts and all, is removed.
    @Test(.enabled(if: LedgersOnTheirOwnDisk.canMount)) func aDiskThatFillsInALaterPartOfAnImportLeavesNothing() throws {
        try LedgersOnTheirOwnDisk.withTmpfs(size: "1m") { (disk: String) throws in
            var lines = [
                #"{"type":"settings.changed","at":"2026-03-01T00:00:00Z","data":{"time_zone":"UTC"}}"#,
                #"{"type":"action.created","at":"2026-03-01T00:00:00Z","data":{"action_id":"water","name":"Water","tracking":"count"}}"#,
            ]
            for k in 0..<12_000 {
                lines.append(#"{"type":"count.added","at":"2026-03-02T10:00:00Z","data":{"entry_id":"e\#(k)","action_id":"water","amount":1}}"#)
            }
            let input = InputBytes(Array(lines.joined(separator: "\n").utf8))
            var committed: UInt64 = 0
            #expect(throws: LedgerError.self) {
                try Ledger.createBeside(disk + "/ledger") { partial in
                    let l = try Ledger.create(path: partial)
                    var rng = SeededRNG()
                    do {
                        _ = try l.appendJSONLines(input, zones: .system, now: 1_772_625_600_000_000, rng: &rng, commits: .inParts(events: 500))
                    } catch {
                        committed = try l.head().seq
                        throw error
                    }
                }
            }
            // It failed after parts were committed, not in the first.
            #expect(committed >= 1_000, "\(committed)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk).isEmpty)
        }
    }
}

/// What a killed `init`, import or `compact` leaves beside a ledger's path
/// (`PATH.partial-PID`, `PATH.compact-PID`) is removed by the next such
/// command once that process is gone; one of a process still running is not.
struct LeftoversOfKilledCommands {
    /// A pid no process has (kill(pid, 0) fails with ESRCH).
    static func deadPID() -> Int32 {
        var pid: Int32 = 4_000_000
        while kill(pid, 0) == 0 || errno != ESRCH { pid -= 1 }
        return pid
    }

    @Test func aDeadCommandsDirectoryIsRemovedALiveOnesIsNot() throws {
        let dir = TempDir()
        let path = dir.path + "/ledger"
        let dead = path + ".partial-\(Self.deadPID())", deadCompact = path + ".compact-\(Self.deadPID())"
        let live = path + ".partial-1"  // init of this machine: running
        let notALedger = dir.path + "/ledger.partial-\(Self.deadPID() - 1)"
        for d in [dead, deadCompact, live, notALedger] { try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true) }
        for d in [dead, deadCompact, live] { FileManager.default.createFile(atPath: d + "/data.mdb", contents: Data([1])) }
        FileManager.default.createFile(atPath: notALedger + "/notes.txt", contents: Data("mine".utf8))
        #expect(haru(["init", "--time-zone", "UTC"], ledger: path).code == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["ledger", "ledger.partial-1", (notALedger as NSString).lastPathComponent].sorted(), "\(left)")
        #expect(haru(["compact"], ledger: path).code == 0)
        #expect(FileManager.default.fileExists(atPath: live), "a running process's directory stays")
    }
}
