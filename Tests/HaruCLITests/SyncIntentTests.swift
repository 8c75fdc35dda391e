import Foundation
import TestSupport
import Testing

/// Merges that keep what people meant (issue 41), each case as a person
/// meets it, through a shared folder and through PostgreSQL: the same steps
/// run against either target (`Target`).
@Suite(.serialized) struct SyncIntentTests {
    /// Where the devices meet: a folder, or a database URL.
    struct Target: Sendable {
        var place: String
        /// Three devices: `a` made the history, `b` and `c` joined it.
        func devices(_ dir: TempDir) throws -> (a: String, b: String, c: String) {
            var place = self.place
            let a = dir.path + "/a", b = dir.path + "/b", c = dir.path + "/c"
            let t = "2026-03-02T08:00:00+09:00"
            for args in [
                ["init", "--time-zone", "Asia/Seoul", "--now", t],
                ["action", "add", "Water", "--tracking", "count", "--id", "water", "--now", t],
                ["action", "add", "Read", "--tracking", "time", "--id", "read", "--now", t], ["sync", place, "--now", t],
            ] {
                let r = haru(args, ledger: a)
                try #require(r.code == 0, "\(args): \(r.err)")
            }
            // A database holds many histories: the others join this one by name (its first event's id).
            if place.hasPrefix("postgresql://") {
                let first = haru(["log", "--json"], ledger: a).out.split(separator: "\n").first.map(String.init) ?? ""
                let id = try #require(first.range(of: #"(?<="id":")[^"]+"#, options: .regularExpression).map { first[$0] })
                place += (place.contains("?") ? "&" : "?") + "history=" + id
            }
            for other in [b, c] {
                let r = haru(["init", "--from", place, "--now", t], ledger: other)
                try #require(r.code == 0, "\(r.err)")
            }
            return (a, b, c)
        }

        func sync(_ ledger: String, _ now: String, _ extra: [String] = []) -> (code: Int32, out: String, err: String) {
            let r = haru(["sync"] + extra + ["--now", now], ledger: ledger)
            return (r.code, r.out, r.err)
        }
    }

    static func folder(_ dir: TempDir) throws -> Target {
        let shared = dir.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        return Target(place: shared)
    }

    /// Every count entry a ledger holds, by id.
    static func counts(_ ledger: String) -> [String] {
        haru(["log", "--json", "--type", "count"], ledger: ledger).out.split(separator: "\n").compactMap { line in
            line.range(of: #""entry_id":"[^"]*""#, options: .regularExpression).map { String(line[$0]) }
        }.sorted()
    }

    /// A day's totals as JSON, without what differs between devices (the seq and hash it was known at).
    static func day(_ ledger: String) -> String {
        haru(["day", "2026-03-02", "--json", "--now", "2026-03-02T23:00:00+09:00"], ledger: ledger).out.replacingOccurrences(
            of: #""known_at":[0-9]+,"known_at_hash":"[0-9a-f]{64}""#, with: "", options: .regularExpression)
    }

    /// Syncs the ledgers in turn until a round brings nothing new: every
    /// device then holds every event.
    static func syncAll(_ target: Target, _ ledgers: [String], at hour: Int) {
        var minute = 0
        for _ in 0..<3 {
            for l in ledgers {
                let r = target.sync(l, String(format: "2026-03-02T%02d:%02d:00+09:00", hour, minute))
                #expect(r.code == 0, "\(r.out) \(r.err)")
                minute += 1
            }
        }
    }

    /// The names and tracking of the live actions.
    static func actions(_ ledger: String) -> [String] {
        let out = haru(["actions", "--json"], ledger: ledger).out
        return out.matches(of: #/"name":"([^"]*)","tracking":"([a-z]*)"/#).map { "\($0.1) \($0.2)" }.sorted()
    }

    static func ok(_ args: [String], _ ledger: String, _ time: String) {
        let r = haru(args + ["--now", "2026-03-02T\(time):00+09:00"], ledger: ledger)
        #expect(r.code == 0, "\(args): \(r.err)")
    }

    // MARK: One name, one definition

    /// `action add Stretch` on two devices while apart, a count on each: one
    /// action, both counts; the same name with other tracking stays apart as
    /// `Yoga (2)`; a tag made on two devices is one tag. The sync says so.
    static func sameNameOnTwoDevices(_ target: Target, _ dir: TempDir) throws {
        let (a, b, c) = try target.devices(dir)
        ok(["action", "add", "Stretch", "--tracking", "count", "--id", "stretch-a"], a, "09:00")
        ok(["count", "Stretch", "--id", "on-a"], a, "09:01")
        ok(["action", "add", "Stretch", "--tracking", "count", "--id", "stretch-b"], b, "09:02")
        ok(["count", "Stretch", "2", "--id", "on-b"], b, "09:03")
        ok(["action", "add", "Yoga", "--tracking", "time", "--id", "yoga-c"], c, "09:04")
        ok(["action", "add", "Yoga", "--tracking", "count", "--id", "yoga-b"], b, "09:05")
        ok(["count", "Yoga", "--id", "yoga-on-b"], b, "09:06")
        ok(["tag", "add", "Health", "--id", "health-a"], a, "09:07")
        ok(["tag", "add", "Health", "--id", "health-b"], b, "09:08")
        ok(["action", "edit", "Stretch", "--tag", "Health"], b, "09:09")
        #expect(target.sync(a, "2026-03-02T10:00:00+09:00").code == 0)
        #expect(target.sync(c, "2026-03-02T10:01:00+09:00").code == 0)
        let merged = target.sync(b, "2026-03-02T10:02:00+09:00")
        #expect(merged.out.contains("Stretch: made on two devices; one action now"), "\(merged.out)")
        #expect(merged.out.contains("Health: made on two devices; one tag now"), "\(merged.out)")
        #expect(merged.out.contains("Yoga: made on two devices, tracking differently; this one is called Yoga (2) now"), "\(merged.out)")
        let json = haru(["sync", "--json", "--now", "2026-03-02T10:03:00+09:00"], ledger: a).out
        #expect(json.contains(#"{"kind":"action","id":"stretch-b","into":"stretch-a","name":"Stretch"}"#), "\(json)")
        syncAll(target, [a, b, c], at: 11)
        let third = target.sync(c, "2026-03-02T11:30:00+09:00")
        #expect(third.code == 0)
        for l in [a, b, c] {
            #expect(actions(l) == ["Read time", "Stretch count", "Water count", "Yoga (2) count", "Yoga time"], "\(l): \(actions(l))")
            #expect(counts(l) == [#""entry_id":"on-a""#, #""entry_id":"on-b""#, #""entry_id":"yoga-on-b""#], "\(counts(l))")
            #expect(day(l).contains(#""name":"Stretch","seconds":0,"count":3"#), "\(day(l))")
            // Counted by name on every device, and for the one action.
            ok(["count", "Stretch", "--id", "later-\(l.suffix(1))"], l, "12:00")
            let tags = haru(["tags", "--json"], ledger: l).out
            #expect(tags.matches(of: #/"name":"Health"/#).count == 1, "\(tags)")
        }
        syncAll(target, [a, b, c], at: 13)
        for l in [a, b, c] {
            #expect(day(l).contains(#""name":"Stretch","seconds":0,"count":6"#), "\(day(l))")
            #expect(day(l).contains(#""name":"Health""#), "\(day(l))")
            #expect(haru(["verify"], ledger: l).code == 0)
        }
        #expect(day(a) == day(b) && day(b) == day(c))
    }

    // MARK: One session, started on two devices

    /// Reading started at 20:00 on one device and 20:10 on the other,
    /// stopped at 20:30 and 20:50: one session of 50 minutes on every device.
    static func oneTimerOnTwoDevices(_ target: Target, _ dir: TempDir) throws {
        let (a, b, c) = try target.devices(dir)
        ok(["start", "Read"], a, "20:00")
        ok(["start", "Read"], b, "20:10")
        ok(["stop", "Read"], a, "20:30")
        ok(["stop", "Read"], b, "20:50")
        syncAll(target, [a, b, c], at: 21)
        for l in [a, b, c] {
            #expect(day(l).contains(#""name":"Read","seconds":3000"#), "\(l): \(day(l))")
            #expect(haru(["verify"], ledger: l).code == 0)
        }
        // Both running when they meet: one running session, which either stops.
        ok(["start", "Read"], b, "22:00")
        ok(["start", "Read"], c, "22:05")
        #expect(target.sync(b, "2026-03-02T22:06:00+09:00").code == 0)
        #expect(target.sync(c, "2026-03-02T22:07:00+09:00").code == 0)
        let running = haru(["running", "--json", "--now", "2026-03-02T22:08:00+09:00"], ledger: c).out
        #expect(running.contains(#""others":0"#) && running.matches(of: #/"session_id"/#).count == 2, "\(running)")
        ok(["stop", "Read"], c, "22:20")
        syncAll(target, [a, b, c], at: 23)
        for l in [a, b, c] {
            #expect(day(l).contains(#""name":"Read","seconds":4200"#), "\(l): \(day(l))")
            let stop = haru(["stop", "Read", "--now", "2026-03-02T23:30:00+09:00"], ledger: l)
            #expect(stop.code != 0 && stop.err.contains("not running"), "\(stop.err)")
        }
        #expect(day(a) == day(b) && day(b) == day(c))
    }

    // MARK: A diary page written on two devices

    /// The mood written on one device and the text on the other: the page
    /// has both, on every device, and its history says nothing was removed.
    static func oneDiaryPageOnTwoDevices(_ target: Target, _ dir: TempDir) throws {
        let (a, b, c) = try target.devices(dir)
        ok(["diary", "write", "2026-03-02", "--text", "first draft"], a, "09:00")
        syncAll(target, [a, b, c], at: 10)
        ok(["diary", "write", "2026-03-02", "--mood", "😊"], a, "20:00")
        ok(["diary", "write", "2026-03-02", "--text", "a long day"], b, "20:05")
        syncAll(target, [a, b, c], at: 21)
        for l in [a, b, c] {
            let page = haru(["diary", "2026-03-02", "--json", "--now", "2026-03-02T22:00:00+09:00"], ledger: l).out
            #expect(page.contains(#""mood":"😊""#) && page.contains(#""text":"a long day""#), "\(l): \(page)")
            let history = haru(["history", "2026-03-02", "--now", "2026-03-02T22:00:00+09:00"], ledger: l).out
            #expect(!history.contains("removed"), "\(history)")
        }
    }

    // MARK: Renames

    /// One action renamed on two devices: the later rename names it, and the
    /// names either person chose (and the old one) still count for it, on
    /// every device, with a note; no second action is made.
    static func twoRenames(_ target: Target, _ dir: TempDir) throws {
        let (a, b, c) = try target.devices(dir)
        ok(["action", "edit", "Water", "--name", "H2O"], a, "09:00")
        ok(["action", "edit", "Water", "--name", "Water glass"], b, "09:05")
        syncAll(target, [a, b, c], at: 10)
        for l in [a, b, c] {
            #expect(actions(l) == ["Read time", "Water glass count"], "\(actions(l))")
            for name in ["H2O", "Water", "water glass"] {
                let r = haru(["count", name, "--now", "2026-03-02T11:00:00+09:00"], ledger: l)
                #expect(r.code == 0 && r.out.contains("Counted 1 Water glass"), "\(name): \(r.out) \(r.err)")
                if name != "water glass" {
                    #expect(r.err.contains(#"is what action "Water glass" was called before"#), "\(r.err)")
                }
            }
            #expect(day(l).contains(#""name":"Water glass","seconds":0,"count":3"#), "\(day(l))")
        }
    }

    // MARK: Records on a definition deleted elsewhere

    /// A count on an action the other device deleted waits, uncounted, and
    /// counts again on every device when the action is restored.
    static func recordOnADeletedAction(_ target: Target, _ dir: TempDir) throws {
        let (a, b, c) = try target.devices(dir)
        ok(["action", "delete", "Water", "--yes"], a, "09:00")
        ok(["count", "Water", "3", "--id", "while-deleted"], b, "09:05")
        syncAll(target, [a, b, c], at: 10)
        for l in [a, b, c] {
            #expect(counts(l) == [#""entry_id":"while-deleted""#])
            #expect(!day(l).contains(#""name":"Water""#), "\(day(l))")
            let open = haru(["conflicts", "--json"], ledger: l).out
            #expect(open.contains(#"{"id":"while-deleted","kind":"waiting","action_id":"water""#), "\(open)")
        }
        #expect(haru(["conflicts"], ledger: a).out.contains("waits for action Water, deleted on another device; take: restore Water"))
        ok(["conflicts", "take", "while-deleted"], c, "11:00")
        syncAll(target, [a, b, c], at: 12)
        for l in [a, b, c] {
            #expect(day(l).contains(#""name":"Water","seconds":0,"count":3"#), "\(l): \(day(l))")
            #expect(haru(["conflicts"], ledger: l).out.contains("No conflicts are open."))
        }
    }

    // MARK: What still cannot apply

    /// The same diary field written on two devices apart keeps the later
    /// value and lists the other, by one id on every device, until taken;
    /// an edit of a session another device deleted is listed with its rule,
    /// and taking it says why it still cannot apply until the session is back.
    static func conflictsListedAndTaken(_ target: Target, _ dir: TempDir) throws {
        let (a, b, c) = try target.devices(dir)
        ok(["start", "Read", "--id", "s1"], a, "08:30")
        ok(["stop", "Read"], a, "08:50")
        syncAll(target, [a, b, c], at: 9)
        ok(["diary", "write", "2026-03-02", "--mood", "😊", "--text", "sunny"], a, "20:00")
        ok(["diary", "write", "2026-03-02", "--mood", "😢"], b, "20:05")
        ok(["delete", "s1"], a, "20:10")
        ok(["edit", "s1", "--note", "with tea"], b, "20:15")
        syncAll(target, [a, b, c], at: 21)
        var ids: [String] = []
        for l in [a, b, c] {
            let open = haru(["conflicts", "--json"], ledger: l).out
            #expect(open.contains(#""id":"2026-03-02/mood","kind":"diary_field","field":"mood","kept":"😢","other":"😊""#), "\(open)")
            #expect(open.contains(#""kind":"without_effect","rule":"deleted""#), "\(open)")
            ids.append(open.matches(of: #/"id":"([^"]*)","kind"/#).map { String($0.1) }.joined(separator: " "))
            let page = haru(["diary", "2026-03-02", "--json", "--now", "2026-03-02T22:00:00+09:00"], ledger: l).out
            #expect(page.contains(#""mood":"😢""#) && page.contains(#""text":"sunny""#), "\(page)")
        }
        #expect(ids[0] == ids[1] && ids[1] == ids[2], "the same conflicts, by the same ids, on every device")
        let listed = haru(["conflicts"], ledger: c).out
        #expect(listed.contains("2 open conflicts:") && listed.contains("the other device wrote \"😊\""), "\(listed)")
        let sync = target.sync(c, "2026-03-02T21:30:00+09:00")
        #expect(sync.out.contains("2 conflicts open (`haru conflicts` lists them)"), "\(sync.out)")
        ok(["conflicts", "take", "2026-03-02/mood"], c, "22:00")
        let edit = try #require(ids[0].split(separator: " ").first { $0.count == 36 })
        let taken = haru(["conflicts", "take", String(edit.prefix(8)), "--now", "2026-03-02T22:01:00+09:00"], ledger: c)
        #expect(taken.code == 0 && taken.out.contains("again, after restoring what it is about"), "\(taken.out) \(taken.err)")
        let gone = haru(["conflicts", "take", String(edit.prefix(8)), "--now", "2026-03-02T22:02:00+09:00"], ledger: c)
        #expect(gone.code == 2 && gone.err.contains("no conflict is open"), "\(gone.err)")
        syncAll(target, [a, b, c], at: 23)
        for l in [a, b, c] {
            #expect(haru(["conflicts"], ledger: l).out.contains("No conflicts are open."), "\(haru(["conflicts"], ledger: l).out)")
            let page = haru(["diary", "2026-03-02", "--json", "--now", "2026-03-02T23:30:00+09:00"], ledger: l).out
            #expect(page.contains(#""mood":"😊""#) && page.contains(#""text":"sunny""#), "\(page)")
            #expect(haru(["records", "2026-03-02", "--json"], ledger: l).out.contains("with tea"))
        }
    }

    // MARK: One device, one id

    /// A ledger folder copied to make another device (`cp -a`): the copy's
    /// sync stops before it exchanges anything and names the command; made
    /// a device of its own, it and the original converge with everything
    /// either recorded. The original, compacted in place meanwhile, is
    /// still at home.
    static func copiedLedger(_ target: Target, _ dir: TempDir) throws {
        let (a, b, _) = try target.devices(dir)
        let copy = dir.path + "/a-copy"
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: "/bin/cp")
        cp.arguments = ["-a", a, copy]
        try cp.run()
        cp.waitUntilExit()
        #expect(haru(["count", "water", "--id", "on-original", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        #expect(haru(["count", "water", "--id", "on-copy", "--now", "2026-03-02T09:05:00+09:00"], ledger: copy).code == 0)
        #expect(haru(["compact"], ledger: a).code == 0)
        let first = target.sync(a, "2026-03-02T09:10:00+09:00")
        #expect(first.code == 0 && first.out.contains("sent 1 event"), "\(first.out) \(first.err)")
        let refused = target.sync(copy, "2026-03-02T09:11:00+09:00")
        #expect(refused.code != 0, "\(refused.out)")
        #expect(
            refused.err.contains("copied from another ledger's folder") && refused.err.contains("haru sync --new-device"), "\(refused.err)")
        #expect(refused.out.isEmpty)
        // Nothing left the copy.
        #expect(target.sync(b, "2026-03-02T09:12:00+09:00").code == 0)
        #expect(counts(b) == [#""entry_id":"on-original""#], "\(counts(b))")

        let fresh = target.sync(copy, "2026-03-02T09:13:00+09:00", ["--new-device"])
        #expect(fresh.code == 0, "\(fresh.err)")
        #expect(fresh.out.contains("This ledger is now device") && fresh.out.contains("sent 1 event"), "\(fresh.out)")
        for (ledger, t) in [(a, "09:14"), (b, "09:15"), (copy, "09:16")] {
            #expect(target.sync(ledger, "2026-03-02T\(t):00+09:00").code == 0)
        }
        let both = [#""entry_id":"on-copy""#, #""entry_id":"on-original""#]
        for ledger in [a, b, copy] { #expect(counts(ledger) == both, "\(ledger): \(counts(ledger))") }
        #expect(day(a) == day(copy) && day(a) == day(b))
        // Nothing was sent twice: an idle sync sends and receives nothing.
        let idle = target.sync(copy, "2026-03-02T09:17:00+09:00")
        #expect(idle.out.contains("sent 0 events, received 0"), "\(idle.out)")
    }

    /// Every case, each in a history of its own.
    static let cases: [(String, @Sendable (Target, TempDir) throws -> Void)] = [
        ("a copied ledger", copiedLedger), ("the same name on two devices", sameNameOnTwoDevices),
        ("one timer on two devices", oneTimerOnTwoDevices), ("a record on a deleted action", recordOnADeletedAction),
        ("two renames of one action", twoRenames), ("one diary page on two devices", oneDiaryPageOnTwoDevices),
        ("conflicts listed and taken", conflictsListedAndTaken),
    ]

    @Test(arguments: cases.map(\.0)) func throughAFolder(_ name: String) throws {
        let dir = TempDir()
        let run = try #require(Self.cases.first { $0.0 == name }?.1)
        try run(try Self.folder(dir), dir)
    }

    @Test(.timeLimit(.minutes(5))) func everyCaseThroughPostgreSQL() throws {
        try PostgresSyncTests.withServer { url in
            // One server for every case (starting one takes seconds).
            for (_, run) in Self.cases { try run(Target(place: url), TempDir()) }
        }
    }
}
