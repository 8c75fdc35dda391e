import Foundation
import TestSupport
import Testing

/// `haru sync DIR` and `haru init --from DIR` as a person meets them: files
/// that a sync tool delivers twice, late or damaged, mistakes on the command
/// line, and time travel across a merge (Docs/sync.md).
struct SyncFolderTests {
    let day = "2026-03-02"

    /// Two devices made from one history, a folder between them.
    func twoDevices(_ dir: TempDir) throws -> (a: String, b: String, shared: String) {
        let shared = dir.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        let a = dir.path + "/a", b = dir.path + "/b"
        let t = "2026-03-02T08:00:00+09:00"
        for args in [
            ["init", "--time-zone", "Asia/Seoul", "--now", t],
            ["action", "add", "Water", "--tracking", "count", "--id", "water", "--now", t],
            ["action", "add", "Read", "--tracking", "time", "--id", "read", "--now", t], ["sync", shared, "--now", t],
        ] {
            let r = haru(args, ledger: a)
            try #require(r.code == 0, "\(args): \(r.err)")
        }
        let r = haru(["init", "--from", shared, "--now", t], ledger: b)
        try #require(r.code == 0, "\(r.err)")
        #expect(r.out.contains("received 3 (1 other device)") && r.out.contains("of the history in \(shared)"), "\(r.out)")
        return (a, b, shared)
    }

    func total(_ ledger: String) -> String {
        haru(["day", day, "--json", "--now", "2026-03-02T23:00:00+09:00"], ledger: ledger).out.replacingOccurrences(
            of: #""known_at":[0-9]+,"known_at_hash":"[0-9a-f]{64}""#, with: "", options: .regularExpression)
    }

    @Test func aFileDeliveredTwiceLateOrAsAConflictCopyChangesNothingButWhenItsEventsArrive() throws {
        let dir = TempDir()
        let (a, b, shared) = try twoDevices(dir)
        // A counts twice, syncing after each: two files.
        #expect(haru(["count", "water", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:01:00+09:00"], ledger: a).code == 0)
        #expect(haru(["count", "water", "2", "--now", "2026-03-02T10:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T10:01:00+09:00"], ledger: a).code == 0)
        let mine = try FileManager.default.contentsOfDirectory(atPath: shared + "/devices").filter { !$0.hasPrefix(".") }
        let deviceA = try #require(
            mine.first { FileManager.default.fileExists(atPath: shared + "/devices/\($0)/0000000000000001-0000000000000003.jsonl") })
        let files = try FileManager.default.contentsOfDirectory(atPath: shared + "/devices/" + deviceA).sorted()
        #expect(files.count == 3, "\(files)")
        // The sync tool has delivered the last file but not the one before it.
        let held = dir.path + "/held"
        try FileManager.default.moveItem(atPath: shared + "/devices/\(deviceA)/\(files[1])", toPath: held)
        // The later file is read at once (the merged order does not depend on
        // arrival); the gap before it is reported and filled when it comes.
        let early = haru(["sync", "--now", "2026-03-02T10:05:00+09:00"], ledger: b)
        #expect(
            early.code == 0 && early.out.contains("received 1") && early.out.contains("waiting for an earlier file of device \(deviceA)"),
            "\(early.out)")
        // Delivered now, and once more as a conflict copy beside it.
        try FileManager.default.moveItem(atPath: held, toPath: shared + "/devices/\(deviceA)/\(files[1])")
        try FileManager.default.copyItem(
            atPath: shared + "/devices/\(deviceA)/\(files[2])",
            toPath: shared + "/devices/\(deviceA)/\(files[2]).sync-conflict-20260302.jsonl")
        let late = haru(["sync", "--now", "2026-03-02T10:06:00+09:00"], ledger: b)
        #expect(late.code == 0 && late.out.contains("received 1") && !late.out.contains("waiting"), "\(late.out)")
        #expect(total(a) == total(b))
        #expect(total(b).contains(#""count":3"#))
        // Everything again: nothing new, nothing twice.
        let again = haru(["sync", "--now", "2026-03-02T10:07:00+09:00"], ledger: b)
        #expect(again.out.contains("sent 0 events, received 0"), "\(again.out)")
        // The same files once more, as a folder the tool copied whole: held already.
        try FileManager.default.copyItem(atPath: shared + "/devices/\(deviceA)", toPath: shared + "/devices/copy-of-a")
        let copied = haru(["sync", "--now", "2026-03-02T10:08:00+09:00"], ledger: b)
        #expect(copied.code == 0 && copied.out.contains("received 0 (2 other devices), 5 held already"), "\(copied.out)")
        #expect(total(a) == total(b))
        #expect(haru(["verify"], ledger: b).code == 0)
    }

    @Test func mistakesSayWhatIsWrongInOneLineAndWriteNothing() throws {
        let dir = TempDir()
        let (a, _, shared) = try twoDevices(dir)
        let fresh = dir.path + "/fresh"
        #expect(haru(["init", "--time-zone", "UTC"], ledger: fresh).code == 0)
        let cases: [([String], String?, Int32, String)] = [
            (["sync"], fresh, 2, "no folder to sync with: give one (`haru sync DIR`)"),
            (["sync", dir.path + "/nowhere"], a, 3, "no folder at \(dir.path)/nowhere"),
            (["sync", "postgresql://me:secret@127.0.0.1:1/haru"], a, 3, "cannot connect to postgresql://me:…@127.0.0.1:1/haru"),
            (["init", "--from", dir.path + "/nowhere"], dir.path + "/c1", 2, "--from: no folder at"),
            (["init", "--from", dir.path], dir.path + "/c2", 2, "holds no device's events yet"),
            (["init", "--from", shared, "--time-zone", "UTC"], dir.path + "/c3", 2, "--time-zone does not go with --from"),
            (["init", "--from", shared], a, 2, "exists"),
        ]
        for (args, ledger, code, message) in cases {
            let before = ledger.map { haru(["log", "--json"], ledger: $0).out }
            let r = haru(args, ledger: ledger)
            #expect(r.code == code, "\(args): \(r.code) \(r.err)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
            #expect(r.err.split(separator: "\n").count <= 2, "\(args): \(r.err)")
            if let ledger, let before { #expect(haru(["log", "--json"], ledger: ledger).out == before, "\(args)") }
        }
        for made in ["c1", "c2", "c3"] { #expect(!FileManager.default.fileExists(atPath: dir.path + "/" + made), "\(made)") }
    }

    @Test func aFileCutShortIsWaitedForWhileTheOtherDevicesAreMerged() throws {
        let dir = TempDir()
        let (a, b, shared) = try twoDevices(dir)
        let c = dir.path + "/c"
        #expect(haru(["init", "--from", shared], ledger: c).code == 0)
        #expect(haru(["count", "water", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync"], ledger: a).code == 0)
        #expect(haru(["count", "water", "4", "--now", "2026-03-02T09:30:00+09:00"], ledger: c).code == 0)
        #expect(haru(["sync"], ledger: c).code == 0)
        // A's newest file arrives cut short.
        let devices = try FileManager.default.contentsOfDirectory(atPath: shared + "/devices")
        let deviceA = try #require(
            devices.first { (try? FileManager.default.contentsOfDirectory(atPath: shared + "/devices/" + $0).count) == 2 })
        let file = shared + "/devices/\(deviceA)/0000000000000004-0000000000000004.jsonl"
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: file))
        // Not whole (its trailer has not arrived): what is complete is read,
        // the file is waited for, and the other device's file is merged.
        let r = haru(["sync"], ledger: b)
        #expect(r.code == 0, "\(r.out) \(r.err)")
        #expect(
            r.out.contains("received 1 (2 other devices)")
                && r.out.contains("waiting for \(deviceA)/0000000000000004-0000000000000004.jsonl to arrive whole"), "\(r.out)")
        // Delivered whole: read next time.
        try whole.write(to: URL(fileURLWithPath: file))
        let again = haru(["sync"], ledger: b)
        #expect(again.code == 0 && again.out.contains("received 1"), "\(again.out)")
        #expect(total(b).contains(#""count":5"#), "\(total(b))")
    }

    @Test func conflictsAreReportedInWordsAndTimeTravelStopsAtAMergeThatReordered() throws {
        let dir = TempDir()
        let (a, b, _) = try twoDevices(dir)
        #expect(haru(["start", "read", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:01:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T09:02:00+09:00"], ledger: b).code == 0)
        // A stops the session while B deletes it, neither knowing; B's clock runs behind.
        #expect(haru(["stop", "read", "--now", "2026-03-02T10:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["count", "water", "--now", "2026-03-02T09:40:00+09:00"], ledger: b).code == 0)
        let sessions = haru(["records", "--json", "--now", "2026-03-02T09:50:00+09:00"], ledger: b).out
        let ref = try #require(
            sessions.range(of: #""ref":"[0-9a-f]+""#, options: .regularExpression).map { String(sessions[$0].dropFirst(7).dropLast()) })
        let deleted = haru(["delete", ref, "--now", "2026-03-02T09:50:00+09:00"], ledger: b)
        #expect(deleted.code == 0, "\(deleted.err)")
        #expect(haru(["sync", "--now", "2026-03-02T10:01:00+09:00"], ledger: b).code == 0)
        let r = haru(["sync", "--now", "2026-03-02T10:02:00+09:00"], ledger: a)
        #expect(r.code == 0)
        #expect(
            r.out.contains("1 conflict (kept in the log without effect") && r.out.contains("session.stopped: data.session_id: session"),
            "\(r.out)")
        // `haru history` marks the stop that had no effect, with its rule.
        let history = haru(["history", ref], ledger: a)
        #expect(
            history.out.contains("session.stopped") && history.out.contains("no effect: a conflict after a sync (data.session_id: session"),
            "\(history.out)")
        #expect(haru(["history", ref, "--json"], ledger: a).out.contains(#""conflict":"data.session_id: session"#))
        // A's stop came last in the merged order (A's clock is ahead): the deletion stands on both.
        #expect(total(a) == total(b))
        #expect(!total(a).contains(#""action_id":"read""#), "\(total(a))")
        // A's own earlier states were folded in seq order; the merge placed B's events before A's stop.
        let early = haru(["day", day, "--known-at", "4"], ledger: a)
        #expect(early.code == 2 && early.err.contains("seq 4 is before seq"), "\(early.err)")
        #expect(haru(["day", day, "--known-at", "7"], ledger: a).code == 0)  // the head

        // Exported and imported, the merged ledger is itself again: same events in the same
        // seqs, folded in the same merged order (the conflict stays one); compacted too.
        let export = haru(["export", "jsonl"], ledger: a).out
        #expect(export.contains(#","origin":{"recorded":""#))
        let copy = dir.path + "/copy"
        let imported = haru(["import", "jsonl", "-"], ledger: copy, stdin: export)
        #expect(imported.code == 0, "\(imported.out) \(imported.err)")
        #expect(total(copy) == total(a))
        #expect(haru(["verify"], ledger: copy).code == 0)
        func content(_ l: String) -> [String] {
            haru(["export", "jsonl"], ledger: l).out.split(separator: "\n").map {
                String($0[..<($0.range(of: #","recorded":"#)?.lowerBound ?? $0.endIndex)])
            }
        }
        #expect(content(copy) == content(a))
        #expect(haru(["history", ref], ledger: copy).out.contains("no effect: a conflict after a sync"))
        let compacted = haru(["compact"], ledger: a)
        #expect(compacted.code == 0, "\(compacted.err)")
        #expect(total(a) == total(b) && haru(["verify"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T10:09:00+09:00"], ledger: a).out.contains("sent 0 events, received 0"))
    }

    @Test func twoEditsOfOneQuestAtTheSameInstantEndTheSameOnBothDevices() throws {
        let dir = TempDir()
        let (a, b, _) = try twoDevices(dir)
        let t = "2026-03-02T08:30:00+09:00"
        for args in [
            ["goal", "add", "Habits", "--start", "2026-03-01", "--id", "g", "--now", t],
            ["quest", "add", "--goal", "g", "--action", "read", "--period", "daily", "--target", "30m", "--id", "q", "--now", t],
            ["sync", "--now", t],
        ] {
            #expect(haru(args, ledger: a).code == 0, "\(args)")
        }
        #expect(haru(["sync", "--now", t], ledger: b).code == 0)
        // Both change the target, in force from the same instant; A's clock is ahead of B's.
        let at = "2026-03-02T12:00:00+09:00"
        #expect(haru(["quest", "edit", "q", "--target", "20m", "--at", at, "--now", "2026-03-02T12:05:00+09:00"], ledger: a).code == 0)
        #expect(haru(["quest", "edit", "q", "--target", "40m", "--at", at, "--now", "2026-03-02T12:01:00+09:00"], ledger: b).code == 0)
        for (ledger, minute) in [(a, "06"), (b, "07"), (a, "08")] {
            #expect(haru(["sync", "--now", "2026-03-02T12:\(minute):00+09:00"], ledger: ledger).code == 0)
        }
        // A's edit is the later in the merged order: it stands on both.
        for ledger in [a, b] {
            let q = haru(["quests", "--json", "--now", "2026-03-02T13:00:00+09:00"], ledger: ledger).out
            #expect(q.contains(#""target_seconds":1200"#), "\(q)")
        }
    }

    /// Past a running-session checkpoint (4,096 events), an event a merge left
    /// without effect stays without effect in a view known at a seq after it,
    /// and an audit from a seq re-folds in the merged order after a merge that
    /// placed events before others.
    @Test func knownAtViewsAndAuditsFromASeqFollowTheMergedOrder() throws {
        let dir = TempDir()
        let (a, b, _) = try twoDevices(dir)
        var lines = ""
        for k in 0..<4200 {
            let minute = String(format: "%02d", k % 60), hour = String(format: "%02d", k / 60 % 24)
            lines +=
                #"{"id":"\#(UUID().uuidString.lowercased())","type":"count.added","at":"2026-02-01T\#(hour):\#(minute):00Z","data":{"entry_id":"w\#(k)","action_id":"water","amount":1}}"#
                + "\n"
        }
        #expect(haru(["append", "-", "--now", "2026-03-02T08:10:00+09:00"], ledger: a, stdin: lines).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T08:11:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T08:12:00+09:00"], ledger: b).code == 0)
        // Both start Reading; A's clock says later. B pulls A's start: after its
        // own, it joins B's running session (one session, no conflict).
        #expect(haru(["start", "read", "--now", "2026-03-02T10:00:00+09:00"], ledger: b).code == 0)
        #expect(haru(["start", "read", "--now", "2026-03-02T10:05:00+09:00"], ledger: a).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T10:06:00+09:00"], ledger: a).code == 0)
        let pulled = haru(["sync", "--now", "2026-03-02T10:07:00+09:00"], ledger: b)
        #expect(pulled.out.contains("received 1") && !pulled.out.contains("conflict"), "\(pulled.out)")
        #expect(haru(["count", "water", "--now", "2026-03-02T10:08:00+09:00"], ledger: b).code == 0)
        let head = haru(["log", "--json"], ledger: b).out.split(separator: "\n").count
        #expect(head > 4096)
        // Known at the seq before the count, the day has B's session running, once (not A's too).
        let then = haru(["day", day, "--known-at", String(head - 1), "--json", "--now", "2026-03-02T10:09:00+09:00"], ledger: b).out
        #expect(then.contains(#""action_id":"read","name":"Read","seconds":540"#), "\(then)")
        // A pulls B's start, made before its own: the merge folds everything again; an audit from an early seq agrees.
        #expect(haru(["sync", "--now", "2026-03-02T10:09:30+09:00"], ledger: b).code == 0)
        #expect(haru(["sync", "--now", "2026-03-02T10:10:00+09:00"], ledger: a).code == 0)
        let first = haru(["log", "--json"], ledger: a).out.split(separator: "\n").first.map(String.init) ?? ""
        let hash = try #require(
            first.range(of: #""hash":"[0-9a-f]{64}""#, options: .regularExpression).map { String(first[$0].dropFirst(8).dropLast()) })
        let audit = haru(["verify", "--from", "1", "--hash", hash], ledger: a)
        #expect(audit.code == 0, "\(audit.out) \(audit.err)")
        #expect(total(a) == total(b))
        // States from that merge on are read (its running sessions are checkpointed); one before it is refused.
        let horizon = haru(["log", "--json"], ledger: a).out.split(separator: "\n").count
        #expect(haru(["count", "water", "--now", "2026-03-02T10:11:00+09:00"], ledger: a).code == 0)
        let at = haru(["day", day, "--known-at", String(horizon), "--json", "--now", "2026-03-02T10:12:00+09:00"], ledger: a)
        #expect(at.code == 0 && at.out.contains(#""action_id":"read","name":"Read","seconds":720"#), "\(at.out) \(at.err)")
        let before = haru(["day", day, "--known-at", String(horizon - 1)], ledger: a)
        #expect(before.code == 2 && before.err.contains("states known from seq \(horizon) on can be read"), "\(before.err)")
        #expect(haru(["verify"], ledger: a).code == 0)
    }
}
