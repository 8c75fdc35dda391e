import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

/// The smaller reliability holes (Docs/reliability.md): each behaviour pinned.
struct InitIsAllOrNothing {
    @Test func aFailedInitLeavesNothingAtThePathNorBesideIt() throws {
        let dir = TempDir()
        let path = dir.path + "/notes"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path + "/mine.txt", contents: Data("keep".utf8))
        // The ledger is built beside the path and cannot be renamed onto a directory that holds files.
        let r = haru(["init", "--time-zone", "Asia/Seoul"], ledger: path)
        #expect(r.code == 3)
        #expect(r.err.contains("cannot create the ledger at \(path): the directory is not empty and holds no ledger"), "\(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["mine.txt"], "the user's directory is left as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["notes"], "no partial ledger left beside it")
    }

    @Test func anEmptyDirectoryBecomesAPrivateLedgerWithItsSettings() throws {
        let dir = TempDir()
        let path = dir.path + "/empty"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        #expect(haru(["init", "--time-zone", "Asia/Seoul"], ledger: path).code == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(haru(["settings", "--json"], ledger: path).out.contains(#""time_zone":"Asia/Seoul""#))
        #expect(haru(["init"], ledger: path).err.contains("a ledger already exists"))
    }
}

struct NoSyncFlushFailure {
    @Test func aCommitThatCannotBeFlushedIsReportedAsCommittedNotFailed() {
        let dir = cliLedger()
        struct FlushFailed: Error, CustomStringConvertible { var description: String { "mdb_env_sync failed: Input/output error" } }
        let r = haru(["count", "water", "2", "--no-sync"], ledger: dir.ledgerPath) { $0.flushToDisk = { _ in throw FlushFailed() } }
        #expect(r.code == 0, "the count is in the ledger: a retry would count twice")
        #expect(r.out.hasPrefix("Counted 2 Water."))
        #expect(r.err.contains("Warning: the events are committed (head seq 5) but not yet flushed to disk (--no-sync)"), "\(r.err)")
        #expect(haru(["log", "--json", "--type", "count"], ledger: dir.ledgerPath).out.split(separator: "\n").count == 1)
    }
}

struct FilesInTheLedgerDirectory {
    @Test(arguments: ["data.mdb", "lock.mdb"])
    func aSymbolicLinkIsRefusedAndItsTargetUntouched(_ name: String) throws {
        let dir = TempDir()
        let path = dir.path + "/ledger"
        #expect(haru(["init"], ledger: path).code == 0)
        let outside = dir.path + "/precious.txt"
        FileManager.default.createFile(atPath: outside, contents: Data("do not overwrite".utf8))
        try FileManager.default.moveItem(atPath: path + "/" + name, toPath: dir.path + "/moved")
        try FileManager.default.createSymbolicLink(atPath: path + "/" + name, withDestinationPath: outside)
        for args in [["day"], ["count", "water"], ["verify"]] {
            let r = haru(args, ledger: path)
            #expect(r.code == 3, "\(args)")
            #expect(r.err.contains("\(path)/\(name) is a symbolic link; a ledger's files must be regular files"), "\(r.err)")
        }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "do not overwrite")
    }

    @Test(.timeLimit(.minutes(1))) func aFIFOAsDataFileOrZoneFileIsRefusedWithoutHanging() throws {
        let dir = TempDir()
        let path = dir.path + "/ledger"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(mkfifo(path + "/data.mdb", 0o600) == 0)
        let r = haru(["day"], ledger: path)
        #expect(r.code == 3)
        #expect(r.err.contains("data.mdb is a FIFO"), "\(r.err)")
        // A zone directory whose zone file is a FIFO: not a zone, and no wait for a writer.
        let zones = dir.path + "/zoneinfo"
        try FileManager.default.createDirectory(atPath: zones + "/Test", withIntermediateDirectories: true)
        #expect(mkfifo(zones + "/Test/Fifo", 0o600) == 0)
        #expect(!ZoneDirectory(path: zones).knows("Test/Fifo"))
        #expect(ZoneDirectory(path: zones).rules("Test/Fifo") == nil)
    }
}

struct MessagesThatDoNotMislead {
    @Test func aHugeBadValueIsNotEchoedWholeAndControlBytesAreEscaped() {
        let dir = cliLedger()
        let huge = String(repeating: "9", count: 1_000_000)
        let line = #"{"type":"count.added","at":"\#(huge)","data":{"entry_id":"c1","action_id":"water","amount":1}}"#
        let r = haru(["append"], ledger: dir.ledgerPath, stdin: line)
        #expect(r.code == 2)
        #expect(r.err.utf8.count < 400, "\(r.err.utf8.count) bytes of error")
        #expect(r.err.contains("…"))
        let option = haru(["count", "water", "--at", "2026-03-04T07:30:00" + huge], ledger: dir.ledgerPath)
        #expect(option.code == 2)
        #expect(option.err.utf8.count < 400, "\(option.err.utf8.count) bytes of error")
        let control = haru(["day", "\u{1B}[2J2026-03-04"], ledger: dir.ledgerPath)
        #expect(control.code == 2)
        #expect(!control.err.contains("\u{1B}") && control.err.contains(#"\u{1b}[2J"#), "\(control.err)")
    }

    @Test func aFractionalAmountIsNamedAsSuch() {
        let dir = cliLedger()
        let r = haru(
            ["append"], ledger: dir.ledgerPath,
            stdin: #"{"type":"count.added","at":"2026-03-04T09:00:00Z","data":{"entry_id":"c1","action_id":"water","amount":5.000}}"#)
        #expect(r.code == 2)
        #expect(r.err.contains("must be a whole number from 1 to 999 (got 5.0, written with a fraction or an exponent)"), "\(r.err)")
    }
}

struct OddEnvironments {
    @Test func aRelativeXDGDataHomeIsIgnored() {
        let home = TempDir()
        let r = haru(["day"]) { $0.environment = ["XDG_DATA_HOME": "relative/dir", "HOME": home.path] }
        #expect(r.err.contains("no ledger at \(home.path)/.local/share/haru"), "\(r.err)")
        let absolute = haru(["day"]) { $0.environment = ["XDG_DATA_HOME": home.path + "/xdg", "HOME": home.path] }
        #expect(absolute.err.contains("no ledger at \(home.path)/xdg/haru"), "\(absolute.err)")
    }

    /// A TZif file with no transitions, one type (+09:00) and the given footer rule.
    static func tzif(footer: String) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let header = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15) + u32(0) + u32(0) + u32(0) + u32(0) + u32(1) + u32(4)
        let data = u32(32_400) + [0, 0] + Array("KST".utf8) + [0]
        return header + data + header + data + Array("\n\(footer)\n".utf8)
    }

    @Test func aZoneFooterThatOverflowsIsRefusedNotATrap() {
        #expect(TZif.parse(Self.tzif(footer: "KST-9"), name: "Test/Good")?.offset(at: 0) == 32_400)
        #expect(TZif.parse(Self.tzif(footer: "KST-99999999999999999"), name: "Test/Bad") == nil)
        #expect(TZif.parse(Self.tzif(footer: "KST-9:99"), name: "Test/Bad") == nil)
    }
}

struct OutputErrors {
    @Test func aClosedStandardOutputIsAnErrorNotASilentSuccess() throws {
        let dir = cliLedger()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "HARU_LEDGER='\(dir.ledgerPath)' '\(haruBinary)' log --json >&-"]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 3, "\(e)")
        #expect(e.contains("cannot write the output"), "\(e)")
    }
}
