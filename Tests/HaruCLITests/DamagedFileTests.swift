import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel

/// Damaged data files end in a message and exit 1 or 3, never a signal
/// (Docs/reliability.md "Damaged files").
struct DamagedFiles {
    /// A ledger of the demo history, made by the binary.
    func demoLedger() throws -> TempDir {
        let dir = TempDir()
        let now = ["--now", "2026-03-10T00:00:00+09:00"]
        #expect(try runBinary(["init", "--time-zone", "Asia/Seoul"] + now, ledger: dir.ledgerPath).code == 0)
        let demo = try String(contentsOfFile: packageRoot + "/Fixtures/demo/demo.jsonl", encoding: .utf8)
            .split(separator: "\n").filter { !$0.contains("\"expect\"") }.joined(separator: "\n")
        #expect(try runBinary(["append", "-"] + now, ledger: dir.ledgerPath, stdin: demo).code == 0)
        return dir
    }

    /// Byte 41 of data.mdb (the page size's second byte) set to 0 ended
    /// every command with SIGFPE and no message (issue 40, finding 7).
    @Test(arguments: [(41, 0), (40, 1), (42, 0x80)] as [(Int, UInt8)])
    func aPageSizeNoLMDBWritesIsRefusedAtOpenNotASignal(offset: Int, byte: UInt8) throws {
        let dir = try demoLedger()
        let file = dir.ledgerPath + "/data.mdb"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        bytes[offset] = byte
        try bytes.write(to: URL(fileURLWithPath: file))
        for args in [["day"], ["verify"], ["count", "Water"]] {
            let r = try runBinary(args, ledger: dir.ledgerPath)
            #expect(r.code == 3, "\(args): \(r.code) \(r.err)")
            #expect(r.err.contains("data.mdb's first meta page gives a page size of"), "\(args): \(r.err)")
        }
    }

    /// A changed byte in LMDB's list of free pages passed `verify`, and the
    /// next append failed with MDB_PAGE_NOTFOUND (or overwrote pages in use):
    /// here the list's root page number (byte 86 of each meta page). Now
    /// `verify` walks the list, says so, and `compact` writes a sound ledger.
    @Test func aDamagedListOfFreePagesIsFoundByVerifyAndCompactMendsIt() throws {
        let dir = try demoLedger()
        let file = dir.ledgerPath + "/data.mdb"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        for meta in [0, 4096] { bytes[meta + 86] = 0xB3 }
        try bytes.write(to: URL(fileURLWithPath: file))
        let v = try runBinary(["verify"], ledger: dir.ledgerPath)
        #expect(v.code == 1 && v.err.contains("the data file is damaged: its list of free pages cannot be read"), "\(v.err)")
        #expect(v.err.contains("`haru compact` writes the ledger anew from what it holds"), "\(v.err)")
        let c = try runBinary(["compact"], ledger: dir.ledgerPath)
        #expect(c.code == 0, "\(c.err)")
        #expect(try runBinary(["verify"], ledger: dir.ledgerPath).code == 0)
        #expect(try runBinary(["count", "Water"], ledger: dir.ledgerPath).code == 0)
    }

    /// A page in use whose header no longer is one LMDB writes (a flag byte
    /// changed: the main database's root page here) passed `verify`, and a
    /// later append wrote over it ("unknown record format" next). Now the
    /// walk of every tree finds it, and `compact` writes a sound ledger.
    @Test func aPageHeaderNoLMDBWritesIsFoundByVerifyAndCompactMendsIt() throws {
        let dir = try demoLedger()
        let file = dir.ledgerPath + "/data.mdb"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        func u64(_ at: Int) -> Int { (0..<8).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        // The meta page with the higher transaction id is the one in use; its main root page.
        let meta = u64(144) > u64(4096 + 144) ? 0 : 4096
        let root = u64(meta + 128)
        bytes[root * 4096 + 11] = 0x5B
        try bytes.write(to: URL(fileURLWithPath: file))
        let v = try runBinary(["verify"], ledger: dir.ledgerPath)
        #expect(v.code == 1 && v.err.contains("page \(root) of the main database is not a page LMDB wrote"), "\(v.err)")
        #expect(try runBinary(["compact"], ledger: dir.ledgerPath).code == 0)
        #expect(try runBinary(["verify"], ledger: dir.ledgerPath).code == 0)
        #expect(try runBinary(["count", "Water"], ledger: dir.ledgerPath).code == 0)
    }

    /// A separator key of a branch page changed: a scan still reads every
    /// event (verify passed), a look-up by seq misses some (`day` printed
    /// `known_at_hash: null`). Now the page walk checks every page's keys in
    /// order and within the bounds its parent gives.
    @Test func aSeparatorKeyOutOfOrderIsFoundByVerifyAndCompactMendsIt() throws {
        let dir = TempDir()
        let l = dir.ledgerPath
        #expect(try runBinary(["init", "--time-zone", "UTC"], ledger: l).code == 0)
        #expect(try runBinary(["action", "add", "Water", "--tracking", "count", "--id", "water"], ledger: l).code == 0)
        let lines = (0..<3000).map {
            #"{"type":"count.added","at":"2026-03-05T00:00:00Z","data":{"entry_id":"e\#($0)","action_id":"water","amount":1}}"#
        }
        #expect(try runBinary(["append", "-"], ledger: l, stdin: lines.joined(separator: "\n") + "\n").code == 0)
        let file = l + "/data.mdb"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        // A branch page (its header: its own number, flags 0x01) of 8-byte keys (seqs): a byte of its third separator.
        var changed: Int?
        for page in 2..<(bytes.count / 4096) where changed == nil {
            let at = page * 4096
            let own = (0..<8).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
            guard own == page, u16(at + 10) == 0x01, (u16(at + 12) - 16) / 2 >= 4 else { continue }
            let node = at + u16(at + 16 + 4)
            guard u16(node + 6) == 8 else { continue }
            bytes[node + 8 + 6] ^= 0x40
            changed = page
        }
        let page = try #require(changed, "a ledger of 3,000 events has a branch page of seqs")
        try bytes.write(to: URL(fileURLWithPath: file))
        let v = try runBinary(["verify"], ledger: l)
        #expect(v.code == 1 && v.err.contains("page \(page) of a named database holds a key out of order"), "\(v.err)")
        #expect(try runBinary(["compact"], ledger: l).code == 0)
        #expect(try runBinary(["verify"], ledger: l).code == 0)
        #expect(try runBinary(["log", "--json", "--type", "count"], ledger: l).out.split(separator: "\n").count == 3000)
    }

    @Test func aDataFileCutShortIsRefusedAtOpenNamingBothLengths() throws {
        let dir = try demoLedger()
        let file = dir.ledgerPath + "/data.mdb"
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        #expect(truncate(file, off_t(size / 2)) == 0)
        for args in [["verify"], ["running"], ["log", "--json"], ["rebuild"], ["count", "Water"]] {
            let r = try runBinary(args, ledger: dir.ledgerPath)
            #expect(r.code == 3, "\(args): \(r.err)")
            #expect(
                r.err.contains("data.mdb is \(size / 2) bytes but its last page ends at byte \(size): the file was cut short"),
                "\(args): \(r.err)")
        }
    }

    /// The short form of `scripts/byte-flips.py` (the long form's figures are
    /// in Docs/reliability.md): single-byte changes of the demo ledger's data
    /// file, six commands on each; no signal death, no hang, no status but
    /// 0-3, and no change of what `log --json` prints that `verify` passes.
    @Test(.timeLimit(.minutes(3))) func singleByteChangesEndInAMessageNeverASignalAndNeverUnnoticed() throws {
        let r = try sh("python3 \(packageRoot)/scripts/byte-flips.py --haru \(haruBinary) --flips 80 --seed 5")
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("signal deaths, hangs, other statuses and silent changes: 0"), "\(r.out)")
    }

    /// The damaged ledgers the reliability issue named, made here: one
    /// byte of an action's name changed where the event stores it (its
    /// payload: the chain no longer matches) and where the state stores it
    /// (a projection: it no longer matches the events).
    @Test func aChangedByteInAnEventOrInTheStateIsFoundByVerifyAndNamed() throws {
        let template = try demoLedger()
        let original = try Data(contentsOf: URL(fileURLWithPath: template.ledgerPath + "/data.mdb"))
        var places: [Int] = []
        var from = original.startIndex
        while let r = original.range(of: Data("Side project".utf8), in: from..<original.endIndex) {
            places.append(r.lowerBound)
            from = r.upperBound
        }
        #expect(places.count >= 2, "stored in the event and in the state")
        for place in places {
            let dir = try demoLedger()
            var bytes = original
            bytes[place] ^= 0x01
            try bytes.write(to: URL(fileURLWithPath: dir.ledgerPath + "/data.mdb"))
            let r = try runBinary(["verify"], ledger: dir.ledgerPath)
            #expect(r.code == 1 || r.code == 3, "byte \(place): \(r.out) \(r.err)")
            #expect(!(r.out + r.err).contains("ok:"), "byte \(place): \(r.out)")
            guard r.code == 1 else { continue }
            // Verify says whether a rebuild can mend it, and it can exactly then.
            let derived = r.err.contains("the stored state of")
            #expect(
                r.err.contains(
                    derived ? "The events are intact: `haru rebuild` writes the projections anew" : "which `haru rebuild` cannot mend"),
                "byte \(place): \(r.err)")
            let before = try Data(contentsOf: URL(fileURLWithPath: dir.ledgerPath + "/data.mdb"))
            let rebuild = try runBinary(["rebuild"], ledger: dir.ledgerPath)
            if derived {
                #expect(rebuild.code == 0, "byte \(place): \(rebuild.err)")
                #expect(try runBinary(["verify"], ledger: dir.ledgerPath).code == 0, "byte \(place)")
            } else {
                // Projections rebuilt from the altered event would agree with it: refused, nothing written.
                #expect(
                    rebuild.code == 3 && rebuild.err.contains("the events themselves are damaged at seq"), "byte \(place): \(rebuild.err)")
                #expect(rebuild.err.contains("nothing was written"))
                #expect(try Data(contentsOf: URL(fileURLWithPath: dir.ledgerPath + "/data.mdb")) == before, "byte \(place)")
                #expect(try runBinary(["rebuild", "--fresh"], ledger: dir.ledgerPath).code == 3, "--fresh too")
            }
        }
    }

    /// The third damaged ledger of the reliability issue: one byte of the
    /// older meta page's transaction id changed, so that LMDB opens the
    /// snapshot before the last commit. The head record refuses it.
    @Test func aDataFileRolledBackByItsMetaPageIsRefusedNamingBothSeqs() throws {
        let dir = cliLedger()
        let p = dir.ledgerPath
        #expect(haru(["count", "Water"], ledger: p).code == 0)
        let record = try String(contentsOfFile: p + "/head", encoding: .utf8)
        #expect(record.hasPrefix("seq 00000000000000000005 hash "), "written after each commit: \(record)")
        let file = p + "/data.mdb"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        // LMDB's two meta pages (pages 0 and 1, 4 KiB each): the transaction id is at byte 144 of each.
        func txnid(_ page: Int) -> UInt64 { (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[page * 4096 + 144 + $1]) << (8 * UInt64($1)) } }
        let older = txnid(0) < txnid(1) ? 0 : 1
        let newer = txnid(1 - older)
        #expect(newer < 255, "one byte is enough to change")
        bytes[older * 4096 + 144] = UInt8(newer + 1)
        try bytes.write(to: URL(fileURLWithPath: file))
        for args in [["verify"], ["count", "Water"], ["day"]] {
            let r = haru(args, ledger: p)
            #expect(r.code == 3, "\(args): \(r.out) \(r.err)")
            #expect(r.err.contains("its last commit is seq 4, but the ledger recorded seq 5"), "\(args): \(r.err)")
            #expect(r.err.contains("remove \(p)/head to accept it"))
        }
        // Nothing was appended: with the record removed (an older copy accepted on purpose), seq 4 is the head.
        try FileManager.default.removeItem(atPath: p + "/head")
        #expect(haru(["verify"], ledger: p).out.hasPrefix("ok: 4 events"))
    }

    @Test func aHeadRecordBehindTheDataFileIsTheCrashWindowAndIsAcceptedAndBroughtUp() throws {
        let dir = cliLedger()
        let p = dir.ledgerPath
        let behind = try String(contentsOfFile: p + "/head", encoding: .utf8)
        #expect(haru(["count", "Water"], ledger: p).code == 0)
        // A crash after the commit, before the record: the record is one commit behind.
        try behind.write(toFile: p + "/head", atomically: false, encoding: .utf8)
        #expect(haru(["verify"], ledger: p).code == 0)
        #expect(haru(["count", "Water"], ledger: p).code == 0)
        #expect(try String(contentsOfFile: p + "/head", encoding: .utf8).hasPrefix("seq 00000000000000000006 "))
    }

    @Test func aHeadRecordThatIsALinkIsRefusedATornOrEmptyOneIsRepairedByTheNextCommit() throws {
        let dir = cliLedger()
        let p = dir.ledgerPath
        let outside = dir.path + "/outside"
        FileManager.default.createFile(atPath: outside, contents: Data("keep".utf8))
        try FileManager.default.removeItem(atPath: p + "/head")
        try FileManager.default.createSymbolicLink(atPath: p + "/head", withDestinationPath: outside)
        let linked = haru(["count", "Water"], ledger: p)
        #expect(linked.code == 3 && linked.err.contains("head is not a regular file"), "\(linked.err)")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "keep", "never written through the link")
        // Torn (a kill or a failed write between a commit and its record) or empty: the log
        // is the truth, reads go on, and the next commit writes the record whole again.
        for torn in ["seq 12", ""] {
            try FileManager.default.removeItem(atPath: p + "/head")
            try torn.write(toFile: p + "/head", atomically: false, encoding: .utf8)
            let read = haru(["day"], ledger: p)
            #expect(read.code == 0, "\(torn.debugDescription): \(read.err)")
            #expect(haru(["verify"], ledger: p).code == 0)
            #expect(haru(["count", "Water"], ledger: p).code == 0)
            let record = try String(contentsOfFile: p + "/head", encoding: .utf8)
            #expect(record.hasPrefix("seq 0000000000000000") && record.count == 95, "\(record)")
        }
        // A whole record that contradicts the log (a later seq) is still damage.
        try "seq 00000000000000000999 hash \(String(repeating: "0", count: 64))\n".write(
            toFile: p + "/head", atomically: false, encoding: .utf8)
        let ahead = haru(["day"], ledger: p)
        #expect(ahead.code == 3 && ahead.err.contains("rolled back"), "\(ahead.err)")
    }
}

extension DamagedFiles {
    /// The last page number of the meta page in use, changed in its high
    /// byte: past any file. It used to overflow the length check (a trap at
    /// open); now it is refused like a file cut short.
    @Test func aMetaPageNamingALastPagePastAnyFileIsRefusedNotATrap() throws {
        let dir = try demoLedger()
        let file = dir.ledgerPath + "/data.mdb"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        // LMDB's two meta pages (pages 0 and 1): the one with the higher txnid (bytes 144..151) is in use;
        // its last page number is bytes 136..143, little-endian.
        func txnid(_ page: Int) -> UInt64 { bytes[(page * 4096 + 144)..<(page * 4096 + 152)].reversed().reduce(0) { $0 << 8 | UInt64($1) } }
        let page = txnid(1) > txnid(0) ? 1 : 0
        bytes[page * 4096 + 143] = 59
        try bytes.write(to: URL(fileURLWithPath: file))
        for args in [["verify"], ["day", "2026-03-04"], ["rebuild", "--fresh"]] {
            let r = try runBinary(args, ledger: dir.ledgerPath)
            #expect(r.code == 3, "\(args): \(r.err)")
            #expect(r.err.contains("as its last, past the end of any file: its meta page is damaged"), "\(args): \(r.err)")
        }
    }
}

extension DamagedFiles {
    /// With `--no-sync` the commit reaches the disk only at the flush after
    /// it: the head record is written after that flush, never before (a
    /// record on disk ahead of its commit would make the ledger look rolled
    /// back after a crash). A relaxed library ledger records it in `sync()`.
    @Test func aRelaxedCommitIsRecordedInTheHeadOnlyOnceFlushed() throws {
        let dir = cliLedger()
        let p = dir.ledgerPath
        #expect(haru(["count", "Water", "--no-sync"], ledger: p).code == 0)
        #expect(try String(contentsOfFile: p + "/head", encoding: .utf8).hasPrefix("seq 00000000000000000005 "))
        let before = try String(contentsOfFile: p + "/head", encoding: .utf8)
        let l = try Ledger(path: p, durability: .relaxed)
        var rng = SeededRNG()
        _ = try l.append(
            try events(#"{"type":"count.added","at":"2026-03-04T10:00:00Z","data":{"entry_id":"r1","action_id":"water","amount":1}}"#),
            now: 1_772_625_600_000_000, rng: &rng)
        #expect(try String(contentsOfFile: p + "/head", encoding: .utf8) == before, "recorded before the commit was on disk")
        try l.sync()
        #expect(try String(contentsOfFile: p + "/head", encoding: .utf8).hasPrefix("seq 00000000000000000006 "))
    }
}
