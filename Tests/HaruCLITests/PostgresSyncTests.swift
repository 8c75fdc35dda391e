import Foundation
import TestSupport
import Testing

/// `haru sync postgresql://…` against a real server that the suite starts
/// (Debian's postgresql: `scripts/pg-server.sh`, as the `postgres` user when
/// run as root) and stops at the end.
@Suite(.serialized) struct PostgresSyncTests {
    /// Runs a command through `system` (Foundation's `Process` never saw the
    /// script exit once `pg_ctl` had left the server behind): status and output.
    static func system(_ command: String) -> (code: Int32, out: String) {
        let file = "/tmp/haru-pg-out-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(file) }
        let status = Glibc.system("\(command) >\(file) 2>&1 </dev/null")
        let out = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return (status == 0 ? 0 : 1, out)
    }

    /// A server of its own on a free local port, for the body; stopped after it.
    static func withServer(_ body: (String) throws -> Void) throws {
        let dir = "/tmp/haru-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var url: String?
        for _ in 0..<5 {
            let port = Int.random(in: 20_000...60_000)
            let r = system("PG_NOSYNC=1 \(packageRoot)/scripts/pg-server.sh start \(dir) \(port)")
            // The URL is the line that is one (a tool's warning may come before it).
            if r.code == 0, let line = r.out.split(separator: "\n").last(where: { $0.hasPrefix("postgresql://") }) {
                url = String(line)
                break
            }
            _ = system("\(packageRoot)/scripts/pg-server.sh stop \(dir)")
        }
        defer { _ = system("\(packageRoot)/scripts/pg-server.sh stop \(dir)") }
        let server = try #require(url, "no PostgreSQL server could be started (scripts/setup.sh installs postgresql)")
        try body(server)
    }

    @Test(.timeLimit(.minutes(5))) func devicesConvergeHistoriesStayApartAFailingServerSaysSoAndKillsLoseNothing() throws {
        try Self.withServer { url in
            // Three devices at random, as through a folder (each seed its own history).
            for seed: UInt64 in [11, 12, 13] {
                let dir = TempDir()
                try SyncConvergenceTests.converge(seed: seed, through: url, in: dir)
            }

            // Two histories in one database never see each other's events.
            let dir = TempDir()
            let a = dir.path + "/a", b = dir.path + "/b", a2 = dir.path + "/a2"
            for (ledger, name) in [(a, "Water"), (b, "Tea")] {
                #expect(haru(["init", "--time-zone", "UTC"], ledger: ledger).code == 0)
                #expect(haru(["action", "add", name, "--tracking", "count", "--id", name.lowercased()], ledger: ledger).code == 0)
                #expect(haru(["count", name.lowercased(), "2"], ledger: ledger).code == 0)
                let r = haru(["sync", url], ledger: ledger)
                #expect(r.code == 0 && r.out.contains("sent 3 events, received 0"), "\(r.out) \(r.err)")
            }
            #expect(haru(["sync"], ledger: a).out.contains("received 0"))
            let histories = Self.system("psql '\(url)' -Atc 'SELECT count(*) FROM haru_histories'").out
            #expect(Int(histories.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 >= 5, "\(histories)")
            // Joining needs the history named when the database holds several.
            let ambiguous = haru(["init", "--from", url], ledger: a2)
            #expect(ambiguous.code == 2 && ambiguous.err.contains("histories; name one with ?history=ID"), "\(ambiguous.err)")
            let target = try #require(
                haru(["sync", "--json"], ledger: a).out.range(of: #"postgresql://[^"]*"#, options: .regularExpression).map {
                    String(haru(["sync", "--json"], ledger: a).out[$0])
                })
            let joined = haru(["init", "--from", target], ledger: a2)
            #expect(joined.code == 0 && joined.out.contains("received 3"), "\(joined.out) \(joined.err)")
            let day = haru(["day", "--json"], ledger: a2).out
            #expect(day.contains(#""action_id":"water""#) && !day.contains("tea"), "\(day)")

            // A server that is not there: one line, within seconds, nothing written.
            let down = url.replacingOccurrences(of: #":[0-9]+/"#, with: ":1/", options: .regularExpression)
            let before = haru(["log", "--json"], ledger: b).out
            let started = Date()
            let r = haru(["sync", down], ledger: b)
            #expect(r.code == 3 && r.err.contains("cannot connect to postgresql://") && r.err.split(separator: "\n").count == 1, "\(r.err)")
            #expect(Date().timeIntervalSince(started) < 10)
            #expect(haru(["log", "--json"], ledger: b).out == before)

            // Syncs killed at random moments lose nothing and add nothing twice.
            let k = Self.system("python3 \(packageRoot)/scripts/kill-sync.py --haru \(haruBinary) --kills 20 --seed 7 --target '\(url)'")
            #expect(k.code == 0 && k.out.contains("failures: 0"), "\(k.out)")
        }
    }
}
