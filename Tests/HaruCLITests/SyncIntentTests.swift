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
        ("a copied ledger", copiedLedger)
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
