import Foundation
import TestSupport
import Testing

/// `haru import timew` on databases the real `timew` (Debian's timewarrior,
/// installed by the set-up script) writes: tags with spaces, Korean, emoji
/// and quotes, an annotation with a `;`, both DST days of Europe/Berlin, an
/// open interval; then the changes people make in timewarrior after an
/// import (modify, delete, cancel and start, an open interval moved).
///
/// After every import, haru's time per day and tag must equal the export's
/// own intervals cut at Berlin's midnights (computed here with Foundation's
/// calendar, not haru's), and what runs must be what timewarrior tracks.
@Suite(.serialized) struct RealTimewarriorTests {
    static let hasTimew = (try? sh("command -v timew").code) == 0
    static let zone = "Europe/Berlin"
    let now = "2024-10-30T10:00:00+01:00"

    /// A timewarrior database of its own (no prompt: the directory and its config exist).
    struct Timew {
        let db: String
        let zone: String
        init(_ dir: TempDir, zone: String = RealTimewarriorTests.zone) {
            db = dir.path + "/timew"
            self.zone = zone
            try? FileManager.default.createDirectory(atPath: db + "/data", withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: db + "/timewarrior.cfg", contents: Data())
        }

        /// Runs `timew ARGS :yes` in Berlin time; returns its output.
        @discardableResult func run(_ args: [String]) -> String {
            let quoted = args.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            let r = try! sh("TIMEWARRIORDB='\(db)' TZ=\(zone) timew \(quoted) :yes </dev/null")
            #expect(r.code == 0, "timew \(args): \(r.out) \(r.err)")
            return r.out
        }

        func export() -> String { run(["export"]) }
    }

    /// Seconds per (Berlin day, tag) of an export's intervals, an open one up to `until`.
    static func expected(_ export: String, until: Date, zone: String) throws -> [String: [String: Int]] {
        let items = try JSONSerialization.jsonObject(with: Data(export.utf8)) as! [[String: Any]]
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: zone)!
        let parse = DateFormatter()
        parse.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        parse.timeZone = TimeZone(identifier: "UTC")
        let day = DateFormatter()
        day.dateFormat = "yyyy-MM-dd"
        day.timeZone = cal.timeZone
        var out: [String: [String: Int]] = [:]
        for item in items {
            var start = parse.date(from: item["start"] as! String)!
            let end = (item["end"] as? String).map { parse.date(from: $0)! } ?? until
            while start < end {
                let midnight = cal.startOfDay(for: cal.date(byAdding: .day, value: 1, to: cal.startOfDay(for: start))!)
                let piece = min(end, midnight)
                for tag in item["tags"] as? [String] ?? [] {
                    out[day.string(from: start), default: [:]][tag, default: 0] += Int(piece.timeIntervalSince(start))
                }
                start = piece
            }
        }
        return out
    }

    /// haru's seconds per (day, tag) over the days of `expected`.
    func actual(_ ledger: String, days: [String], now: String) -> [String: [String: Int]] {
        let r = haru(
            ["report", "--from", days.min()!, "--to", days.max()!, "--by", "tag", "--every", "day", "--json", "--now", now], ledger: ledger)
        #expect(r.code == 0, "\(r.err)")
        let json = try! JSONSerialization.jsonObject(with: Data(r.out.utf8)) as! [String: Any]
        var out: [String: [String: Int]] = [:]
        for period in json["periods"] as! [[String: Any]] {
            for item in period["items"] as! [[String: Any]] where (item["seconds"] as! Int) > 0 {
                out[period["start"] as! String, default: [:]][item["name"] as! String] = item["seconds"] as? Int
            }
        }
        return out
    }

    /// Imports the database's export and compares every day and tag, and what runs.
    @discardableResult
    func importAndCompare(_ tw: Timew, into ledger: String, _ what: String, now: String? = nil, zone: String = Self.zone) throws
        -> CLIResult
    {
        let now = now ?? self.now
        let export = tw.export()
        let r = haru(["import", "timew", "-", "--now", now], ledger: ledger, stdin: export)
        #expect(r.code == 0, "\(what): \(r.err)")
        let until = ISO8601DateFormatter().date(from: now)!
        let want = try Self.expected(export, until: until, zone: zone)
        let got = actual(ledger, days: Array(want.keys), now: now)
        #expect(got == want, "\(what): per day and tag\nharu:        \(got)\ntimewarrior: \(want)")
        let open = (try JSONSerialization.jsonObject(with: Data(export.utf8)) as! [[String: Any]]).filter { $0["end"] == nil }
        let running = haru(["running", "--json", "--now", now], ledger: ledger).out
        let sessions = (try JSONSerialization.jsonObject(with: Data(running.utf8)) as! [String: Any])["sessions"] as! [[String: Any]]
        #expect(sessions.count == open.count, "\(what): timewarrior tracks \(open.count): \(running)")
        #expect(haru(["verify"], ledger: ledger).code == 0)
        return r
    }

    /// A timewarrior database and a ledger, both in Berlin time; nil (recorded as a failure) without `timew`.
    func berlinLedger() -> (TempDir, Timew, String)? {
        #expect(Self.hasTimew, "timewarrior is not installed (scripts/setup.sh installs it)")
        guard Self.hasTimew else { return nil }
        let dir = TempDir()
        #expect(haru(["init", "--time-zone", Self.zone], ledger: dir.ledgerPath).code == 0)
        return (dir, Timew(dir), dir.ledgerPath)
    }

    @Test func timeByTagEqualsTimewarriorsAfterEveryChangeMadeThere() throws {
        guard let (dir, tw, p) = berlinLedger() else { return }
        defer { withExtendedLifetime(dir) {} }  // the database and the ledger are in it until the test ends
        tw.run(["track", "2024-03-30T22:00", "-", "2024-03-31T04:00", "독서"])  // across the spring jump: 5 h
        tw.run(["track", "2024-10-26T22:00", "-", "2024-10-27T04:00", "독서"])  // across the fall back: 7 h
        tw.run(["track", "2023-10-29T02:10", "-", "2023-10-29T02:50", "night shift"])  // in a repeated hour
        tw.run(["track", "2024-10-28T09:00", "-", "2024-10-28T12:00", "deep work", "🎉 party"])
        tw.run(["track", "2024-10-28T22:00", "-", "2024-10-29T01:00", "deep work", "nightowl"])
        tw.run(["track", "2024-10-29T14:00", "-", "2024-10-29T16:30", "독서", "say \"hi\""])
        tw.run(["annotate", "@1", "ch. 3; notes"])
        tw.run(["track", "2024-10-29T18:00", "-", "2024-10-29T19:00", "deep work"])
        tw.run(["start", "2024-10-30T08:00", "Write"])
        let first = try importAndCompare(tw, into: p, "first import")
        #expect(first.out.contains("7 actions, 7 tags"), "an action per set of tags, a tag per tag: \(first.out)")
        #expect(haru(["records", "2024-10-29", "--now", now], ledger: p).out.contains("ch. 3; notes"))
        #expect(haru(["import", "timew", "-", "--now", now], ledger: p, stdin: tw.export()).out.hasPrefix("Imported 0 events"))

        // Moved and deleted in timewarrior: @2 is the 18:00 "deep work", @5 the "🎉 party" morning.
        tw.run(["modify", "start", "@2", "2024-10-29T17:30"])
        tw.run(["delete", "@5"])
        let changed = try importAndCompare(tw, into: p, "after modify and delete")
        #expect(changed.out.contains("1 session edited, 1 session deleted"), "\(changed.out)")
        #expect(changed.err.contains(#"was deleted: "deep work, 🎉 party" from 2024-10-28T09:00:00+01:00"#), "\(changed.err)")
        #expect(haru(["import", "timew", "-", "--now", now], ledger: p, stdin: tw.export()).out.hasPrefix("Imported 0 events"))

        // The open interval replaced: cancelled and started again, as another action and as the same.
        tw.run(["cancel"])
        tw.run(["start", "2024-10-30T08:30", "Read"])
        try importAndCompare(tw, into: p, "after cancel and a start of another tag")
        tw.run(["cancel"])
        tw.run(["start", "2024-10-30T09:00", "Read"])
        try importAndCompare(tw, into: p, "after cancel and a start of the same tag")
        // The open interval's start moved (`timew modify start @1`).
        tw.run(["modify", "start", "@1", "2024-10-30T08:45"])
        let movedOpen = try importAndCompare(tw, into: p, "after the open interval moved")
        #expect(movedOpen.out.contains("1 session edited"), "\(movedOpen.out)")
        // Closed, then an undo brings a deleted interval back.
        tw.run(["stop", "2024-10-30T09:30"])
        try importAndCompare(tw, into: p, "after stop")
        tw.run(["delete", "@1"])
        try importAndCompare(tw, into: p, "after deleting the last")
        tw.run(["undo"])
        try importAndCompare(tw, into: p, "after undoing the delete")
    }

    /// A database whose only interval is the open one (issue 44): `cancel` and
    /// a `start` of the same tag ten minutes later, then `modify start` of the
    /// open interval later and earlier, then `stop`. The new open interval
    /// starts after the one imported, so the export's first start is after it:
    /// it was kept running and the new interval refused ("already running").
    @Test func theOnlyOpenIntervalCancelledOrMovedImportsAsTimewarriorHasIt() throws {
        guard let (dir, tw, p) = berlinLedger() else { return }
        defer { withExtendedLifetime(dir) {} }  // the database and the ledger are in it until the test ends
        tw.run(["start", "2024-10-30T08:00", "Write"])
        try importAndCompare(tw, into: p, "the open interval")
        tw.run(["cancel"])
        tw.run(["start", "2024-10-30T08:10", "Write"])
        let restarted = try importAndCompare(tw, into: p, "after cancel and a start of the same tag later")
        #expect(restarted.out.contains("1 session edited"), "\(restarted.out)")
        tw.run(["modify", "start", "@1", "2024-10-30T08:40"])
        try importAndCompare(tw, into: p, "after its start moved later")
        tw.run(["modify", "start", "@1", "2024-10-30T07:30"])
        try importAndCompare(tw, into: p, "after its start moved earlier")
        tw.run(["stop", "2024-10-30T09:15"])
        try importAndCompare(tw, into: p, "after stop")
        #expect(haru(["import", "timew", "-", "--now", now], ledger: p, stdin: tw.export()).out.hasPrefix("Imported 0 events"))
        // Started after everything else and cancelled: nothing runs in timewarrior, nor here.
        tw.run(["start", "2024-10-30T09:30", "Read"])
        try importAndCompare(tw, into: p, "a new open interval")
        tw.run(["cancel"])
        let cancelled = try importAndCompare(tw, into: p, "after cancelling it")
        #expect(cancelled.err.contains(#"was deleted: "Read""#), "\(cancelled.err)")
    }

    /// timewarrior's own `test_changing_exclusion_does_change_open_interval`,
    /// on the real clock as there: exclusions cut an open interval into a
    /// closed piece and an open one; moved exclusions move both pieces. The
    /// zone is a fixed offset that puts the clock near 14:00, so that five
    /// hours back stays on the same day.
    @Test func anExclusionThatMovesTheOpenIntervalImportsAsTimewarriorNowHasIt() throws {
        #expect(Self.hasTimew, "timewarrior is not installed (scripts/setup.sh installs it)")
        guard Self.hasTimew else { return }
        let nowDate = Date()
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        var k = 14 - utc.component(.hour, from: nowDate)
        if k > 14 { k -= 24 }
        // POSIX names: Etc/GMT-3 is three hours ahead of UTC.
        let zone = k == 0 ? "Etc/GMT" : "Etc/GMT" + (k > 0 ? "-" : "+") + String(abs(k))
        let dir = TempDir()
        let tw = Timew(dir, zone: zone)
        let p = dir.ledgerPath
        #expect(haru(["init", "--time-zone", zone], ledger: p).code == 0)
        var local = Calendar(identifier: .gregorian)
        local.timeZone = TimeZone(identifier: zone)!
        func clock(_ hoursBack: Int) -> String {
            let c = local.dateComponents([.hour, .minute, .second], from: nowDate.addingTimeInterval(Double(-3600 * hoursBack)))
            return String(format: "%02d:%02d:%02d", c.hour!, c.minute!, c.second!)
        }
        func exclude(_ from: Int, _ to: Int) throws {
            let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
            let lines = days.map { "exclusions.\($0) = \(clock(from))-\(clock(to))" }
            try (lines.joined(separator: "\n") + "\n").write(toFile: tw.db + "/timewarrior.cfg", atomically: true, encoding: .utf8)
        }
        let stamp = ISO8601DateFormatter()
        stamp.timeZone = local.timeZone
        // The start goes to timewarrior in UTC ("…Z"): it reads offsets up to
        // +12:00 only and took "…+13:00" (the zone chosen between 00:00 and
        // 02:00 UTC) as a tag, starting the interval now.
        let utcStamp = ISO8601DateFormatter()
        utcStamp.timeZone = TimeZone(identifier: "UTC")!
        let start = utcStamp.string(from: nowDate.addingTimeInterval(-5 * 3600))
        let pinned = stamp.string(from: nowDate.addingTimeInterval(60))
        try exclude(4, 3)
        tw.run(["start", start, "foo"])
        let before = tw.export()
        #expect(before.components(separatedBy: "\"start\"").count - 1 == 2, "a closed piece and an open one: \(before)")
        try importAndCompare(tw, into: p, "cut by the exclusion", now: pinned, zone: zone)
        try exclude(3, 2)
        let r = try importAndCompare(tw, into: p, "after the exclusion moved", now: pinned, zone: zone)
        #expect(r.out.contains("2 sessions edited"), "the closed piece's end and the open piece's start: \(r.out)")
    }
}
