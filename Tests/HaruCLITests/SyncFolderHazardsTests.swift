import Foundation
import HaruInterchange
import TestSupport
import Testing

/// The sync folder as untrusted, flaky input (issue 40, findings 2, 3 and
/// 9): files that arrive empty or in pieces, stray files in a device's own
/// folder or another's, a ledger restored from an older copy, links out of
/// the folder. Each case lost events before (the sync said nothing and
/// exited 0); now every event arrives and both devices answer the same.
struct SyncFolderHazards {
    let folderTests = SyncFolderTests()

    func counts(_ ledger: String) -> [String] {
        haru(["log", "--json", "--type", "count"], ledger: ledger).out.split(separator: "\n").compactMap { line in
            line.range(of: #""entry_id":"[^"]*""#, options: .regularExpression).map { String(line[$0]) }
        }.sorted()
    }

    func deviceFolder(_ shared: String, holding name: String) throws -> String {
        let devices = try FileManager.default.contentsOfDirectory(atPath: shared + "/devices")
        let d = try #require(devices.first { FileManager.default.fileExists(atPath: shared + "/devices/\($0)/\(name)") })
        return shared + "/devices/" + d
    }

    /// `cp`, `scp`, SMB and sync tools create a file before they write it: a
    /// file seen empty, then with 2 of its 3 lines, is read again as it grows.
    @Test func aFileSeenEmptyThenInPiecesIsMergedAsItsContentArrives() throws {
        let dir = TempDir()
        let (a, b, shared) = try folderTests.twoDevices(dir)
        for (k, n) in [(1, "09:00"), (2, "09:10"), (3, "09:20")] {
            #expect(haru(["count", "water", "\(k)", "--id", "c\(k)", "--now", "2026-03-02T\(n):00+09:00"], ledger: a).code == 0)
        }
        #expect(haru(["sync", "--now", "2026-03-02T09:30:00+09:00"], ledger: a).code == 0)
        let name = "0000000000000004-0000000000000006.jsonl"
        let file = try deviceFolder(shared, holding: name) + "/" + name
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        let lines = whole.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect(lines.count == 5, "3 events, the trailer, and the end")
        #expect(lines[3].starts(with: Data(#"{"segment":{"blobs":0,"events":3,"sha256":""#.utf8)), "the trailer")

        // Created, nothing written yet.
        try Data().write(to: URL(fileURLWithPath: file))
        let empty = haru(["sync", "--now", "2026-03-02T09:31:00+09:00"], ledger: b)
        #expect(empty.code == 0 && empty.out.contains("received 0") && empty.out.contains("to arrive whole"), "\(empty.out)")
        // Two of its three lines.
        try (lines[0] + Data("\n".utf8) + lines[1] + Data("\n".utf8)).write(to: URL(fileURLWithPath: file))
        let part = haru(["sync", "--now", "2026-03-02T09:32:00+09:00"], ledger: b)
        #expect(part.code == 0 && part.out.contains("received 2") && part.out.contains("to arrive whole"), "\(part.out)")
        // Whole.
        try whole.write(to: URL(fileURLWithPath: file))
        let done = haru(["sync", "--now", "2026-03-02T09:33:00+09:00"], ledger: b)
        #expect(done.code == 0 && done.out.contains("received 1") && !done.out.contains("waiting"), "\(done.out)")
        #expect(counts(b) == counts(a) && counts(b).count == 3, "\(counts(b))")
        #expect(folderTests.total(a) == folderTests.total(b))
        let again = haru(["sync", "--now", "2026-03-02T09:34:00+09:00"], ledger: b)
        #expect(again.out.contains("sent 0 events, received 0") && !again.out.contains("waiting"), "\(again.out)")
    }

    /// A stray file in a device's own folder, named past any seq, stopped
    /// every later push ("sent 0 events", even once it was removed).
    @Test func aStrayFileInTheDevicesOwnFolderNeverStopsItsPushes() throws {
        let dir = TempDir()
        let (a, b, shared) = try folderTests.twoDevices(dir)
        let mine = try deviceFolder(shared, holding: "0000000000000001-0000000000000003.jsonl")
        let stray = mine + "/9999999999999999-9999999999999999.jsonl"
        FileManager.default.createFile(atPath: stray, contents: Data("not an event\n".utf8))
        #expect(haru(["count", "water", "--id", "after-stray", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        let sent = haru(["sync", "--now", "2026-03-02T09:01:00+09:00"], ledger: a)
        #expect(sent.out.contains("sent 1 event"), "\(sent.out)")
        try FileManager.default.removeItem(atPath: stray)
        #expect(haru(["count", "water", "--id", "after-removal", "--now", "2026-03-02T09:02:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:03:00+09:00"], ledger: a).out.contains("sent 1 event"))
        #expect(haru(["sync", "--now", "2026-03-02T09:04:00+09:00"], ledger: b).out.contains("received 2"))
        #expect(counts(b) == counts(a) && counts(b).count == 2, "\(counts(b))")
    }

    /// A file named as if it covered every seq, in another device's folder,
    /// stopped that device's later files from being read.
    @Test func aStrayRunInAnotherDevicesFolderNeverStopsItsLaterFiles() throws {
        let dir = TempDir()
        let (a, b, shared) = try folderTests.twoDevices(dir)
        let theirs = try deviceFolder(shared, holding: "0000000000000001-0000000000000003.jsonl")
        FileManager.default.createFile(atPath: theirs + "/0000000000000001-9999999999999999.jsonl", contents: Data("{}\n".utf8))
        #expect(haru(["count", "water", "--id", "late", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:01:00+09:00"], ledger: a).code == 0)
        let r = haru(["sync", "--now", "2026-03-02T09:02:00+09:00"], ledger: b)
        #expect(r.out.contains("received 1"), "\(r.out)")
        #expect(counts(b) == ["\"entry_id\":\"late\""], "\(counts(b))")
    }

    /// A ledger restored from a copy (as the rollback message advises): the
    /// folder already has files past its head, from the events made after
    /// the copy. It is a copy of the ledger that wrote them (another
    /// directory, the same device id), so its sync stops before anything is
    /// exchanged and names the command (issue 41); made a device of its own,
    /// it sends its new events and gets back the lost ones.
    @Test func aLedgerRestoredFromAnOlderCopySendsItsNewEventsAndGetsBackTheLostOnes() throws {
        let dir = TempDir()
        let (a, b, _) = try folderTests.twoDevices(dir)
        #expect(haru(["count", "water", "--id", "before-copy", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:01:00+09:00"], ledger: a).code == 0)
        let copy = dir.path + "/a-copy"
        try FileManager.default.copyItem(atPath: a, toPath: copy)
        for k in 1...2 {
            #expect(haru(["count", "water", "--id", "after-copy-\(k)", "--now", "2026-03-02T10:0\(k):00+09:00"], ledger: a).code == 0)
        }
        #expect(haru(["sync", "--now", "2026-03-02T10:05:00+09:00"], ledger: a).code == 0)
        // The disk fails; the copy is put back.
        try FileManager.default.removeItem(atPath: a)
        try FileManager.default.moveItem(atPath: copy, toPath: a)
        #expect(haru(["count", "water", "--id", "restored", "--now", "2026-03-02T11:00:00+09:00"], ledger: a).code == 0)
        let refused = haru(["sync", "--now", "2026-03-02T11:01:00+09:00"], ledger: a)
        #expect(refused.code != 0 && refused.err.contains("haru sync --new-device") && refused.out.isEmpty, "\(refused.err)")
        let sent = haru(["sync", "--new-device", "--now", "2026-03-02T11:01:00+09:00"], ledger: a)
        #expect(sent.code == 0 && sent.out.contains("sent 1 event") && sent.out.contains("received 2"), "\(sent.out)")
        let got = haru(["sync", "--now", "2026-03-02T11:02:00+09:00"], ledger: b)
        #expect(got.code == 0, "\(got.out)")
        let all = ["before-copy", "after-copy-1", "after-copy-2", "restored"].map { "\"entry_id\":\"\($0)\"" }.sorted()
        #expect(counts(a) == all, "\(counts(a))")
        #expect(counts(b) == all, "\(counts(b))")
        #expect(folderTests.total(a) == folderTests.total(b))
        #expect(haru(["verify"], ledger: a).code == 0 && haru(["verify"], ledger: b).code == 0)
    }

    /// Links lead out of the folder: a segment linked to a file elsewhere
    /// and a device folder linked elsewhere are not read (and named); a
    /// device whose own folder is a link writes nothing.
    @Test func linksOutOfTheFolderAreNeitherReadNorWrittenThrough() throws {
        let dir = TempDir()
        let (a, b, shared) = try folderTests.twoDevices(dir)
        let outside = dir.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        // Another device's events, kept outside DIR, linked in as a device folder and as a segment.
        let theirs = try deviceFolder(shared, holding: "0000000000000001-0000000000000003.jsonl")
        #expect(haru(["count", "water", "--id", "outside", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:01:00+09:00"], ledger: a).code == 0)
        let segment = "0000000000000004-0000000000000004.jsonl"
        try FileManager.default.moveItem(atPath: theirs + "/" + segment, toPath: outside + "/" + segment)
        try FileManager.default.createSymbolicLink(atPath: theirs + "/" + segment, withDestinationPath: outside + "/" + segment)
        try FileManager.default.createSymbolicLink(atPath: shared + "/devices/01LINKEDDEVICE", withDestinationPath: outside)
        let r = haru(["sync", "--now", "2026-03-02T09:02:00+09:00"], ledger: b)
        #expect(r.code == 1, "\(r.out)")
        #expect(r.out.contains("received 0"), "\(r.out)")
        #expect(r.out.contains("not read: \(theirs.split(separator: "/").last!)/\(segment): is not a regular file"), "\(r.out)")
        #expect(r.out.contains("not read: 01LINKEDDEVICE: is not a folder"), "\(r.out)")
        #expect(counts(b).isEmpty)
        // B's own folder made a link: nothing is written through it.
        let mineB = try FileManager.default.contentsOfDirectory(atPath: shared + "/devices").first {
            $0 != theirs.split(separator: "/").last.map(String.init) && $0 != "01LINKEDDEVICE"
        }
        let own = shared + "/devices/" + (try #require(mineB))
        let elsewhere = dir.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: own)
        try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: elsewhere)
        #expect(haru(["count", "water", "--id", "b-side", "--now", "2026-03-02T09:03:00+09:00"], ledger: b).code == 0)
        let w = haru(["sync", "--now", "2026-03-02T09:04:00+09:00"], ledger: b)
        #expect(w.code == 3 && w.err.contains("is not a folder of its own (a link or a file): haru writes nothing outside"), "\(w.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty, "nothing written through the link")
        // And `devices` itself a link: nothing written either.
        let other = dir.path + "/shared2"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: other + "/devices", withDestinationPath: elsewhere)
        let d = haru(["sync", other, "--now", "2026-03-02T09:05:00+09:00"], ledger: b)
        #expect(d.code == 3 && d.err.contains("/devices is not a folder of its own"), "\(d.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty, "nothing written through the link")
    }

    /// Writes a whole file (with its trailer) of `lines` into a device's folder.
    func writeSegment(_ lines: [String], to path: String) throws {
        let body = Array(lines.map { $0 + "\n" }.joined().utf8)
        let blobs = lines.filter { $0.hasPrefix(#"{"blob""#) }.count
        try Data(body + Segment.trailer(for: body, blobs: blobs, events: lines.count - blobs)).write(to: URL(fileURLWithPath: path))
    }

    static func line(_ seq: Int, id: String, type: String, recorded: String = "2026-03-02T01:00:00.000000Z", data: String) -> String {
        #"{"seq":\#(seq),"recorded":"\#(recorded)","id":"\#(id)","type":"\#(type)","at":"2026-03-02T01:00:00Z","v":1,"source":"cli","data":\#(data)}"#
    }

    /// One line stopped the whole pull with exit 2, forever: a
    /// `ledger.redacted` event, or a diary page naming a blob whose blob
    /// line is missing. Now each is named with its device, file and line,
    /// left out, and everything else is merged.
    @Test func oneBadLineIsNamedAndLeftOutWhileEverythingElseIsMerged() throws {
        let dir = TempDir()
        let (a, b, shared) = try folderTests.twoDevices(dir)
        // A third device's file (its blobs database lost an entry; its haru was older).
        let device = "0badc0de-0000-4000-8000-000000000001"
        let theirs = shared + "/devices/" + device
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
        let hex = String(repeating: "ab", count: 32)
        try writeSegment(
            [
                Self.line(
                    4, id: "01a23c89-0000-7000-8000-000000000004", type: "count.added",
                    data: #"{"entry_id":"fine-before","action_id":"water","amount":1}"#),
                Self.line(
                    5, id: "01a23c89-0000-7000-8000-000000000005", type: "ledger.redacted",
                    data: #"{"seq":3,"fields":["note"],"reason":"x","digest":"\#(hex)","redacted_digest":"\#(hex)"}"#),
                Self.line(
                    6, id: "01a23c89-0000-7000-8000-000000000006", type: "diary.written",
                    data: #"{"date":"2026-03-02","text":"a photo","attachments":["\#(hex)"]}"#),
                Self.line(
                    7, id: "01a23c89-0000-7000-8000-000000000007", type: "count.added",
                    data: #"{"entry_id":"fine-after","action_id":"water","amount":2}"#),
            ], to: theirs + "/0000000000000001-0000000000000004.jsonl")
        // And the other device's own next file, after it.
        #expect(haru(["count", "water", "--id", "next-file", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:01:00+09:00"], ledger: a).code == 1, "A reads the third device's file too")
        let r = haru(["sync", "--now", "2026-03-02T09:02:00+09:00"], ledger: b)
        #expect(r.code == 1, "\(r.out) \(r.err)")
        let file = "\(device)/0000000000000001-0000000000000004.jsonl"
        #expect(r.out.contains("not read: \(file): line 2: ledger.redacted is not sent between devices"), "\(r.out)")
        #expect(
            r.out.contains("not read: \(file): line 3: names the blob abababababab… that neither the file nor this ledger holds"),
            "\(r.out)")
        #expect(r.out.contains("received 3"), "\(r.out)")
        #expect(counts(b) == [#""entry_id":"fine-after""#, #""entry_id":"fine-before""#, #""entry_id":"next-file""#], "\(counts(b))")
        // Named again at the next sync (the file is read again until it changes).
        let again = haru(["sync", "--now", "2026-03-02T09:03:00+09:00"], ledger: b)
        #expect(again.code == 1 && again.out.contains("received 0") && again.out.contains("line 2: ledger.redacted"), "\(again.out)")
        #expect(haru(["verify"], ledger: b).code == 0)
    }

    /// One forged line dated 2999 merged with exit 0 and carried this
    /// device's transaction time to 3000-01-01 for good. Now it is held
    /// back (and said), the clock stays where it is, and the line is merged
    /// once the clock reaches it.
    @Test func anOriginFarAheadIsHeldBackAndNeverMovesTheClock() throws {
        let dir = TempDir()
        let (a, b, shared) = try folderTests.twoDevices(dir)
        let theirs = try deviceFolder(shared, holding: "0000000000000001-0000000000000003.jsonl")
        try writeSegment(
            [
                Self.line(
                    4, id: "01a23c89-0000-7000-8000-000000000009", type: "count.added", recorded: "2999-01-01T00:00:00.000000Z",
                    data: #"{"entry_id":"from-2999","action_id":"water","amount":1}"#)
            ], to: theirs + "/0000000000000004-0000000000000004.jsonl")
        #expect(haru(["count", "water", "--id", "honest", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:01:00+09:00"], ledger: a).code == 0)
        let r = haru(["sync", "--now", "2026-03-02T09:02:00+09:00"], ledger: b)
        #expect(r.code == 0 && r.out.contains("received 1") && r.out.contains("held back: 1 (dated more than a day after"), "\(r.out)")
        #expect(haru(["sync", "--json", "--now", "2026-03-02T09:02:30+09:00"], ledger: b).out.contains(#""future":1"#))
        #expect(haru(["count", "water", "--id", "mine", "--now", "2026-03-02T09:03:00+09:00"], ledger: b).code == 0)
        let last = haru(["log", "--json"], ledger: b).out.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains(#""recorded":"2026-03-02T00:03:00"#), "the clock stays: \(last)")
        // Its backup imports.
        let backup = dir.path + "/backup.jsonl"
        #expect(haru(["export", "jsonl", "-o", backup], ledger: b).code == 0)
        #expect(haru(["import", "jsonl", backup], ledger: dir.path + "/restored").code == 0)
        // When the clock gets there, the line is merged.
        let later = haru(["sync", "--now", "2999-01-02T00:00:00Z"], ledger: b)
        #expect(later.code == 0 && later.out.contains("received 1") && !later.out.contains("held back"), "\(later.out)")
    }

    /// A sync removed every temporary file in its own folder, the one
    /// another sync of the same ledger was writing included (that sync
    /// failed with exit 3). Now only those of processes that are gone.
    @Test func aSyncRemovesOnlyTheTemporaryFilesOfProcessesThatAreGone() throws {
        let dir = TempDir()
        let (a, _, shared) = try folderTests.twoDevices(dir)
        let mine = try deviceFolder(shared, holding: "0000000000000001-0000000000000003.jsonl")
        let running = mine + "/.0000000000000004-0000000000000004.jsonl.tmp-\(getpid())"
        // A pid that is not running: past the kernel's pid_max (4,194,304 at most).
        let gone = mine + "/.0000000000000004-0000000000000004.jsonl.tmp-2147483000"
        for f in [running, gone] { FileManager.default.createFile(atPath: f, contents: Data("half".utf8)) }
        #expect(try runBinary(["sync"], ledger: a).code == 0)
        #expect(FileManager.default.fileExists(atPath: running), "another sync's file, being written")
        #expect(!FileManager.default.fileExists(atPath: gone), "a killed sync's leftover")
    }

    /// Two syncs of one ledger at once, again and again, each with events to
    /// send and merges that fold again: both end with exit 0 and the
    /// devices agree. (A smoke test of the interleavings: the deterministic
    /// ones are the test above and `LedgerError.rebuiltMeanwhile` being run
    /// again by `haru`, as ESTALE is in `CompactRace`.)
    @Test(.timeLimit(.minutes(2))) func twoSyncsOfOneDeviceAtOnceBothSucceed() throws {
        let dir = TempDir()
        let (a, b, _) = try folderTests.twoDevices(dir)
        for k in 0..<6 {
            // Earlier than what B holds: B's merge folds again (a rebuild of its projections).
            #expect(haru(["count", "water", "--id", "a\(k)", "--now", "2026-03-02T0\(k):00:00+09:00"], ledger: a).code == 0)
            #expect(haru(["count", "water", "2", "--id", "b\(k)", "--now", "2026-03-02T12:0\(k):00+09:00"], ledger: b).code == 0)
            #expect(haru(["sync", "--now", "2026-03-02T13:00:00+09:00"], ledger: a).code == 0)
            let one = "'\(haruBinary)' --ledger '\(b)' sync --now 2026-03-02T13:0\(k):00+09:00 > /dev/null"
            let both = try sh(
                "\(one) 2> '\(dir.path)/e1' & p=$!; \(one) 2> '\(dir.path)/e2'; r2=$?; wait $p; r1=$?; echo $r1 $r2; cat '\(dir.path)'/e?")
            #expect(both.out.hasPrefix("0 0\n"), "\(both.out)")
        }
        #expect(haru(["sync", "--now", "2026-03-02T14:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T14:01:00+09:00"], ledger: b).code == 0)
        #expect(counts(a) == counts(b) && counts(a).count == 12, "\(counts(a))")
        #expect(folderTests.total(a) == folderTests.total(b))
    }

    /// Control bytes (ESC, NUL, DEL) were echoed raw in `sync` and `append`
    /// errors: a folder's or a value's ESC sequence reached the terminal.
    @Test func controlBytesAreShownNeverSent() throws {
        let dir = TempDir()
        let (_, b, shared) = try folderTests.twoDevices(dir)
        let esc = "\u{1b}[31m", nul = "\u{0}", del = "\u{7f}"
        let sync = haru(["sync", dir.path + "/no" + esc + nul + del + "dir"], ledger: b)
        #expect(sync.code == 3 && sync.err.contains(#"no\u{1b}[31m\u{0}\u{7f}dir"#), "\(sync.err)")
        let line =
            #"{"type":"count.added","at":"2026-03-05T00:00:00Z","data":{"entry_id":"x","action_id":"wa\u001b[31m\u007fter","amount":1}}"#
        let append = haru(["append", "-"], ledger: b, stdin: line + "\n")
        #expect(append.code == 2 && !append.err.isEmpty, "\(append.err)")
        // A third device's file whose line says something with an ESC in it.
        let device = shared + "/devices/0badc0de-0000-4000-8000-000000000002"
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        try writeSegment(
            [
                #"{"seq":1,"recorded":"2026-03-02T01:00:00.000000Z","id":"01a23c89-0000-7000-8000-00000000000a","type":"count.added","at":"2026-03-02T01:00:00Z","data":{"entry_id":"e","action_id":"\u001b]0;owned\u0007","amount":1}}"#
            ], to: device + "/0000000000000001-0000000000000001.jsonl")
        let pulled = haru(["sync"], ledger: b)
        for r in [sync, append, pulled] {
            for c in [esc, nul, del, "\u{7}"] { #expect(!r.out.contains(c) && !r.err.contains(c), "\(r.out) \(r.err)") }
        }
    }

    /// A line changed after its device wrote it (an amount 2 → 500, the
    /// trailer made again to match) is refused by its recorded hash, named,
    /// and the devices never diverge silently.
    @Test func aLineChangedAfterItWasWrittenIsRefusedByItsRecordedHash() throws {
        let dir = TempDir()
        let (a, b, shared) = try folderTests.twoDevices(dir)
        #expect(haru(["count", "water", "2", "--id", "honest", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:01:00+09:00"], ledger: a).code == 0)
        let name = "0000000000000004-0000000000000004.jsonl"
        let file = try deviceFolder(shared, holding: name) + "/" + name
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let event = try #require(text.split(separator: "\n").first { $0.contains(#""entry_id":"honest""#) })
        try writeSegment([event.replacingOccurrences(of: #""amount":2"#, with: #""amount":500"#)], to: file)
        let r = haru(["sync", "--now", "2026-03-02T09:02:00+09:00"], ledger: b)
        #expect(r.code == 1 && r.out.contains("line 1: does not match the hash its device's chain recorded for it"), "\(r.out)")
        #expect(counts(b).isEmpty, "nothing merged of it")
        // Put back as written: merged.
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let fixed = haru(["sync", "--now", "2026-03-02T09:03:00+09:00"], ledger: b)
        #expect(fixed.code == 0 && fixed.out.contains("received 1"), "\(fixed.out)")
        #expect(folderTests.total(a) == folderTests.total(b))
    }

    /// Redaction reaches the copies (issue 40, finding 11): after `redact` on
    /// the device that made the event and `sync` on every device, the text is
    /// in no file of the folder, the other device erased its copy (and its
    /// data file after `compact`), and a device made later never sees it.
    @Test func anErasureReachesEveryDeviceAndEveryFileTheFolderHolds() throws {
        let dir = TempDir()
        let (a, b, shared) = try folderTests.twoDevices(dir)
        let secret = "the diagnosis nobody should read"
        #expect(haru(["count", "water", "--note", secret, "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:01:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:02:00+09:00"], ledger: b).code == 0)
        func holds(_ path: String) -> Bool {
            let files = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            return files.contains { f in
                FileManager.default.contents(atPath: path + "/" + f)?.range(of: Data(secret.utf8)) != nil
            }
        }
        #expect(holds(b) && holds(shared), "the text went everywhere")
        let seq = haru(["log", "--json"], ledger: a).out.split(separator: "\n").count
        #expect(haru(["redact", "\(seq)", "--reason", "asked to forget", "--now", "2026-03-02T10:00:00+09:00"], ledger: a).code == 0)
        let push = haru(["sync", "--now", "2026-03-02T10:01:00+09:00"], ledger: a)
        #expect(push.code == 0 && push.out.contains("written again without erased text: 1"), "\(push.out)")
        #expect(!holds(shared), "no file of the folder holds it")
        let pull = haru(["sync", "--now", "2026-03-02T10:02:00+09:00"], ledger: b)
        #expect(pull.code == 0 && pull.out.contains("erased here: 1"), "\(pull.out)")
        #expect(haru(["verify"], ledger: b).code == 0)
        for l in [a, b] { #expect(haru(["compact"], ledger: l).code == 0) }
        #expect(!holds(a) && !holds(b), "gone from both ledgers once compacted")
        let c = dir.path + "/c"
        #expect(haru(["init", "--from", shared, "--now", "2026-03-02T11:00:00+09:00"], ledger: c).code == 0)
        #expect(!holds(c) && haru(["verify"], ledger: c).code == 0)
        #expect(folderTests.total(a) == folderTests.total(b) && folderTests.total(b) == folderTests.total(c))
        // Nothing more happens at the next syncs.
        for l in [a, b, c] {
            let r = haru(["sync", "--now", "2026-03-02T12:00:00+09:00"], ledger: l)
            #expect(r.code == 0 && !r.out.contains("erased") && !r.out.contains("left out"), "\(r.out)")
        }
    }
}
