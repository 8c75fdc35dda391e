import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
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

    @Test func aZoneLinkIsFollowedOnlyInsideTheZoneDirectory() throws {
        let dir = TempDir()
        let zones = dir.path + "/zoneinfo"
        try FileManager.default.createDirectory(atPath: zones + "/Test", withIntermediateDirectories: true)
        let tzif = Data(OddEnvironments.tzif(footer: "KST-9"))
        FileManager.default.createFile(atPath: zones + "/Test/Real", contents: tzif)
        FileManager.default.createFile(atPath: dir.path + "/outside", contents: tzif)
        try FileManager.default.createSymbolicLink(atPath: zones + "/Test/Alias", withDestinationPath: "Real")
        try FileManager.default.createSymbolicLink(atPath: zones + "/Test/Out", withDestinationPath: dir.path + "/outside")
        let z = ZoneDirectory(path: zones)
        #expect(z.knows("Test/Real") && z.knows("Test/Alias"), "tzdata's own links")
        #expect(!z.knows("Test/Out") && z.rules("Test/Out") == nil, "a link out of the zone directory")
        #expect(ZoneDirectory.system.knows("Asia/Seoul"))
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

    @Test func aFractionalAmountIsNamedAsSuchAndAWholeOneWrittenWithDecimalsTaken() {
        let dir = cliLedger()
        let r = haru(
            ["append"], ledger: dir.ledgerPath,
            stdin: #"{"type":"count.added","at":"2026-03-04T09:00:00Z","data":{"entry_id":"c1","action_id":"water","amount":5.5}}"#)
        #expect(r.code == 2)
        #expect(r.err.contains("must be a whole number from 1 to 999 (got 5.5, written with a fraction or an exponent)"), "\(r.err)")
        let whole = haru(
            ["append"], ledger: dir.ledgerPath,
            stdin: #"{"type":"count.added","at":"2026-03-04T09:00:00Z","data":{"entry_id":"c1","action_id":"water","amount":5.000}}"#)
        #expect(whole.code == 0, "\(whole.err)")
        #expect(haru(["log", "--json", "--type", "count"], ledger: dir.ledgerPath).out.contains(#""amount":5}"#))
    }

    @Test func aByteOrderMarkAndCRLFLineEndsAreAccepted() {
        let dir = cliLedger()
        let text = "\u{FEFF}" + #"{"type":"count.added","at":"2026-03-04T09:00:00Z","data":{"entry_id":"c1","action_id":"water","amount":1}}"#
            + "\r\n" + #"{"type":"count.added","at":"2026-03-04T10:00:00Z","data":{"entry_id":"c2","action_id":"water","amount":2}}"# + "\r\n"
        let r = haru(["append"], ledger: dir.ledgerPath, stdin: text)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == "5\n6\n")
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

struct WriterBehindAnother {
    /// Another process holds the writers' queue lock (as a stopped writer would):
    /// the writer says whom it waits for after a second and gives up at --wait.
    @Test(.timeLimit(.minutes(1))) func aWaitingWriterSaysWhomItWaitsForAndGivesUpAtTheLimit() throws {
        let dir = cliLedger()
        let l = dir.ledgerPath
        let r = try sh(
            """
            python3 -c "
            import fcntl, time, os
            os.closerange(3, 65536)  # no pipe of the test's kept open: its reader must not wait for this process
            f = open('\(l)/lock.mdb', 'r+')
            fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 1 << 40)
            print('held', flush=True)
            time.sleep(6)
            " > '\(dir.path)/holder.out' 2>/dev/null &
            holder=$!
            for i in $(seq 50); do grep -q held '\(dir.path)/holder.out' && break; sleep 0.1; done
            HARU_LEDGER='\(l)' '\(haruBinary)' count water --wait 1.5
            echo "exit $? holder $holder"
            kill -9 $holder; wait $holder 2>/dev/null
            """)
        #expect(r.out.contains("exit 3 holder"), "\(r.out) \(r.err)")
        let holder = r.out.split(separator: " ").last.map(String.init)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        #expect(r.err.contains("Waiting for the ledger's write lock, held by process \(holder) (giving up after 1 s)"), "\(r.err)")
        #expect(r.err.contains("another process (\(holder)) holds the ledger's write lock; gave up after 1 s (--wait); nothing was written"), "\(r.err)")
        #expect(haru(["log", "--json", "--type", "count"], ledger: l).out.isEmpty, "nothing was written")
        // Once the holder is gone, a writer goes ahead.
        #expect(haru(["count", "water"], ledger: l).code == 0)
    }
}

/// Ledgers on a file system of their own (a small tmpfs): read-only, full.
/// These need to mount one (root on Linux, as CI runs); elsewhere they do not run.
struct LedgersOnTheirOwnDisk {
    static let canMount: Bool = (try? sh("d=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs $d && umount $d && rmdir $d").code) == 0

    /// Runs `body` with a tmpfs of `size` (`4m`, `300k` …) mounted at a fresh
    /// directory, unmounted after (a closure, not a value unmounting in its
    /// deinit: ARC may end a value's life before its scope does).
    static func withTmpfs(size: String, _ body: (_ disk: String) throws -> Void) throws {
        let dir = TempDir()
        let disk = dir.path + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        #expect(try sh("mount -t tmpfs -o size=\(size) tmpfs '\(disk)'").code == 0)
        defer { _ = try? sh("umount '\(disk)'") }
        try body(disk)
    }

    @Test(.enabled(if: LedgersOnTheirOwnDisk.canMount)) func aReadOnlyLedgerAnswersQueriesAndRefusesAppendsClearly() throws {
        try Self.withTmpfs(size: "4m") { (mnt: String) throws in
            let l = mnt + "/ledger"
            #expect(haru(["init"], ledger: l).code == 0)
            #expect(haru(["action", "add", "Water", "--tracking", "count", "--id", "water"], ledger: l).code == 0)
            #expect(haru(["count", "water", "3"], ledger: l).code == 0)
            #expect(try sh("mount -o remount,ro '\(mnt)'").code == 0)
            let day = haru(["day", "--json"], ledger: l)
            #expect(day.code == 0, "\(day.err)")
            #expect(day.out.contains(#""count":3"#))
            #expect(haru(["verify"], ledger: l).code == 0)
            let count = haru(["count", "water"], ledger: l)
            #expect(count.code == 3)
            #expect(count.err.contains("is read-only for this user (a read-only file system): queries answer, appends cannot"), "\(count.err)")
        }
    }

    @Test(.enabled(if: LedgersOnTheirOwnDisk.canMount)) func aFullDiskSaysSoAndLosesNothingCommitted() throws {
        try Self.withTmpfs(size: "300k") { (mnt: String) throws in
            let l = mnt + "/ledger"
            #expect(haru(["init"], ledger: l).code == 0)
            #expect(haru(["action", "add", "Water", "--tracking", "count", "--id", "water"], ledger: l).code == 0)
            let lines = (0..<5_000).map {
                #"{"type":"count.added","at":"2026-03-01T00:00:00Z","data":{"entry_id":"e\#($0)","action_id":"water","amount":1}}"#
            }
            let r = haru(["append"], ledger: l, stdin: lines.joined(separator: "\n"))
            #expect(r.code == 3)
            #expect(r.err.contains("is full ("), "\(r.err)")
            #expect(r.err.contains("nothing of this write was committed"), "\(r.err)")
            let v = haru(["verify"], ledger: l)
            #expect(v.code == 0 && v.out.hasPrefix("ok: 2 events"), "\(v.out) \(v.err)")
        }
    }
}

/// What another user sees: run as `nobody` (needs root and runuser; elsewhere not run).
struct AnotherUser {
    static let canSwitch: Bool = (try? sh("[ $(id -u) = 0 ] && runuser -u nobody -- '\(haruBinary)' --version").code) == 0

    @Test(.enabled(if: AnotherUser.canSwitch)) func aDirectoryThatCannotBeSearchedIsNamedNotCalledMissing() throws {
        let dir = TempDir()
        let ledger = dir.path + "/private/ledger"
        #expect(haru(["init"], ledger: ledger).code == 0)
        #expect(chmod(dir.path + "/private", 0o700) == 0)
        let r = try sh("runuser -u nobody -- '\(haruBinary)' --ledger '\(ledger)' day")
        #expect(r.code == 3)
        #expect(r.err.contains("permission denied: \(ledger) (or a directory above it) cannot be searched by this user"), "\(r.err)")
        #expect(!r.err.contains("haru init"))
    }
}

/// A damaged zone file under the ledger's zone: a clear error (exit 3) naming
/// the zone, never a trap. The damaged file is bind-mounted over the real
/// one in a mount namespace of the command's own (root, as CI runs).
struct DamagedZoneFile {
    static let canMount: Bool = (try? sh("[ $(id -u) = 0 ] && unshare --mount true").code) == 0

    @Test(.enabled(if: DamagedZoneFile.canMount)) func aTruncatedOrGarbledZoneFileIsNamedNotATrap() throws {
        let dir = TempDir()
        let ledger = dir.path + "/l"
        #expect(haru(["init", "--time-zone", "Asia/Seoul"], ledger: ledger).code == 0)
        #expect(haru(["action", "add", "Water", "--tracking", "count"], ledger: ledger).code == 0)
        let real = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Asia/Seoul"))
        var garbled = real
        for k in stride(from: 20, to: garbled.count, by: 7) { garbled[k] ^= 0x5A }
        for (name, bytes) in [("truncated", real.prefix(real.count / 2)), ("garbled", garbled), ("empty", Data())] {
            let file = dir.path + "/" + name
            FileManager.default.createFile(atPath: file, contents: bytes)
            // (A count at the current instant needs no zone; one at a local time does.)
            for args in ["day", "progress", "records", "count Water --at 07:30"] {
                let r = try sh("unshare --mount sh -c \"mount --bind '\(file)' /usr/share/zoneinfo/Asia/Seoul && HARU_LEDGER='\(ledger)' '\(haruBinary)' \(args)\"")
                #expect(r.code == 3, "\(name), \(args): \(r.code) \(r.err)")
                #expect(r.err.contains(#"time zone "Asia/Seoul" is not in the zone directory, or its file there cannot be read"#), "\(name), \(args): \(r.err)")
            }
        }
        #expect(haru(["day"], ledger: ledger).code == 0, "the real file, outside the namespace, untouched")
    }
}

/// The ledger directory is 0700 and its files 0600 whatever the umask:
/// mkdir's and open's modes pass through it, so they are set outright.
struct ModesUnderAnyUmask {
    @Test(arguments: ["0000", "0022", "0077", "0277", "0777"]) func aNewLedgerIsPrivateAndUsable(_ mask: String) throws {
        let dir = TempDir()
        let ledger = dir.path + "/l"
        let r = try sh("umask \(mask) && '\(haruBinary)' --ledger '\(ledger)' init --time-zone UTC && '\(haruBinary)' --ledger '\(ledger)' tag add Study && stat -c '%a %n' '\(ledger)' '\(ledger)'/*")
        #expect(r.code == 0, "\(r.err)")
        let modes = r.out.split(separator: "\n").filter { $0.first?.isNumber == true }.map { String($0.split(separator: " ")[0]) }
        #expect(modes == ["700", "600", "600", "600"], "umask \(mask): \(r.out)")
    }
}

/// A ledger another user owns is refused unless told (`--trust-owner`), as
/// git refuses a repository of dubious ownership.
struct LedgerOfAnotherUser {
    static let root = getuid() == 0

    @Test(.enabled(if: LedgerOfAnotherUser.root)) func isRefusedUnlessToldAndItsOwnerUsesIt() throws {
        let dir = TempDir()
        #expect(chmod(dir.path, 0o755) == 0)
        let ledger = dir.path + "/l"
        #expect(haru(["init", "--time-zone", "UTC"], ledger: ledger).code == 0)
        #expect(try sh("chown -R nobody '\(ledger)'").code == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: ledger + "/data.mdb"))
        for args in [["day"], ["tag", "add", "Study"], ["verify"]] {
            let r = try runBinary(args, ledger: ledger)
            #expect(r.code == 3, "\(args)")
            #expect(r.err.contains("the ledger at \(ledger) belongs to nobody (uid "), "\(r.err)")
            #expect(r.err.contains("pass --trust-owner if you mean to use it as root"), "\(r.err)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: ledger + "/data.mdb")) == before, "nothing written")
        #expect(try runBinary(["day", "--trust-owner"], ledger: ledger).code == 0)
        // The other user runs a copy of the binary beside the ledger: the
        // checkout may sit where only root can enter (a clone in /root).
        let copy = dir.path + "/haru"
        #expect(try sh("cp '\(haruBinary)' '\(copy)' && chmod 755 '\(copy)'").code == 0)
        let owner = try sh("runuser -u nobody -- '\(copy)' --ledger '\(ledger)' tag add Study")
        #expect(owner.code == 0, "its owner uses it: \(owner.err)")
    }
}

struct InitTakesTheSystemZone {
    @Test func fromTZThenTheLocaltimeLinkElseUTCSayingWhich() throws {
        let dir = TempDir()
        let a = haru(["init"], ledger: dir.path + "/a") { $0.environment["TZ"] = ":Asia/Seoul" }
        #expect(a.out.hasPrefix("Created ledger at \(dir.path)/a (time zone Asia/Seoul, from $TZ)."), "\(a.out)")
        let link = dir.path + "/localtime"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/America/New_York")
        let b = haru(["init"], ledger: dir.path + "/b") { $0.localtime = link }
        #expect(b.out.contains("(time zone America/New_York, from \(link))"), "\(b.out)")
        #expect(haru(["settings", "--json"], ledger: dir.path + "/b").out.contains(#""time_zone":"America/New_York""#))
        let c = haru(["init"], ledger: dir.path + "/c") { $0.environment["TZ"] = "EST5EDT,M3.2.0,M11.1.0x" }
        #expect(c.out.contains("(time zone UTC, as no system zone was found)"), "\(c.out)")
        let d = haru(["init", "--time-zone", "Europe/Paris"], ledger: dir.path + "/d") { $0.environment["TZ"] = "Asia/Seoul" }
        #expect(d.out.contains("(time zone Europe/Paris)"), "the option wins: \(d.out)")
    }
}

/// A failure after the commit says the events were committed (exit 4), so a
/// script does not append them again; nothing committed keeps exit 3.
struct FailureAfterTheCommit {
    @Test func anOutputThatCannotBeWrittenSaysWhatWasCommitted() throws {
        let dir = cliLedger()
        let p = dir.ledgerPath
        let count = try sh("'\(haruBinary)' --ledger '\(p)' count water 2 --id c-full > /dev/full")
        #expect(count.code == 4, "\(count)")
        #expect(count.err.hasPrefix("Error: committed seq 5; could not write the output: No space left on device"), "\(count.err)")
        #expect(haru(["log", "--json"], ledger: p).out.contains(#""entry_id":"c-full""#), "it is in the ledger")
        let lines = (1...3).map { #"{"id":"00000000-0000-4000-8000-00000000000\#($0)","type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"e\#($0)","action_id":"water","amount":1}}"# }
        let file = dir.path + "/three.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let append = try sh("'\(haruBinary)' --ledger '\(p)' append '\(file)' > /dev/full")
        #expect(append.code == 4 && append.err.hasPrefix("Error: committed seq 6–8; could not write the output"), "\(append)")
        // The retry of the same lines (ids given) appends nothing, and says their seqs.
        let retry = try sh("'\(haruBinary)' --ledger '\(p)' append '\(file)'")
        #expect(retry.code == 0 && retry.out == "6\n7\n8\n", "\(retry)")
        // A query that cannot print committed nothing: exit 3, as before.
        let day = try sh("'\(haruBinary)' --ledger '\(p)' day > /dev/full")
        #expect(day.code == 3 && day.err.hasPrefix("Error: cannot write the output"), "\(day)")
    }
}

/// `haru compact` without DEST works in place: the same events, the erased
/// text gone from the file, and a writer that had the old ledger open is
/// refused instead of writing into files no longer at the path. (A kill at
/// every write-path step: `scripts/fault-inject.py`, in the suite's short form.)
struct CompactInPlace {
    @Test func theLedgerIsRewrittenWhereItIsAndAStaleWriterIsRefused() throws {
        let dir = cliLedger()
        let p = dir.ledgerPath
        let now = ["--now", "2026-03-04T12:00:00+09:00"]
        #expect(haru(["action", "add", "Secret diary", "--tracking", "count", "--id", "diary"] + now, ledger: p).code == 0)
        let seq = haru(["log", "--json"], ledger: p).out.split(separator: "\n").count
        #expect(haru(["redact", "\(seq)", "--reason", "asked to forget"] + now, ledger: p).code == 0)
        let before = haru(["log", "--json"], ledger: p).out
        #expect(try Data(contentsOf: URL(fileURLWithPath: p + "/data.mdb")).range(of: Data("Secret diary".utf8)) != nil, "the text lingers in free pages")
        // A process that opened the ledger before the compaction.
        let stale = try Ledger(path: p)
        let r = try runBinary(["compact"], ledger: p)
        #expect(r.code == 0 && r.out.hasPrefix("Compacted the ledger in place:"), "\(r)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: p + "/data.mdb")).range(of: Data("Secret diary".utf8)) == nil, "gone from the file")
        #expect(haru(["log", "--json"], ledger: p).out == before, "the same events, seqs and hashes")
        #expect(haru(["verify"], ledger: p).code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".compact-") }.isEmpty, "nothing left beside it")
        var rng = SystemRandomNumberGenerator()
        let count = try CountAdded(entryID: "late", actionID: "water", amount: 1).input(at: Instant(seconds: 1_772_600_000))
        #expect {
            try stale.append([count], now: 1_772_600_000_000_000, rng: &rng)
        } throws: { error in
            "\(error)".contains("was compacted in place (`haru compact`) while this command had it open; nothing was written")
        }
        #expect(!haru(["log", "--json"], ledger: p).out.contains("\"late\""), "nothing was written anywhere the path shows")
        #expect(haru(["count", "water", "--id", "late"] + now, ledger: p).code == 0, "a fresh command writes")
    }
}
