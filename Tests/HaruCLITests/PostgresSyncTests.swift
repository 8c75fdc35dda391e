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

    /// A database others can reach (issue 40, finding 10): passwords are
    /// never printed nor stored, one database spelled two ways is one
    /// target, a row that cannot be read is named and passed over, a
    /// history name too long for a key is refused in words.
    @Test(.timeLimit(.minutes(3))) func passwordsStayOutOfOutputAndLedgerAndBadRowsStopNothing() throws {
        try Self.withServer { url in
            let dir = TempDir()
            let a = dir.path + "/a", b = dir.path + "/b"
            #expect(haru(["init", "--time-zone", "UTC"], ledger: a).code == 0)
            #expect(haru(["action", "add", "Water", "--tracking", "count", "--id", "water"], ledger: a).code == 0)
            // The server trusts local connections: any password goes through, and none may show.
            let secret = url.replacingOccurrences(of: "postgres@", with: "postgres:s3cret-pw@") + "?password=hunter2-pw"
            let first = haru(["sync", secret], ledger: a)
            #expect(first.code == 0 && first.out.contains("sent 2 events"), "\(first.out) \(first.err)")
            let again = haru(["sync"], ledger: a)
            let json = haru(["sync", "--json"], ledger: a)
            for r in [first, again, json] {
                #expect(!(r.out + r.err).contains("s3cret") && !(r.out + r.err).contains("hunter2"), "\(r.out) \(r.err)")
            }
            let file = try Data(contentsOf: URL(fileURLWithPath: a + "/data.mdb"))
            #expect(file.range(of: Data("s3cret".utf8)) == nil && file.range(of: Data("hunter2".utf8)) == nil, "no secret in the ledger")
            // The same database as `localhost`, with the password from PGPASSWORD's place: nothing sent again.
            let local = url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            let spelled = haru(["sync", local], ledger: a)
            #expect(spelled.code == 0 && spelled.out.contains("sent 0 events, received 0"), "\(spelled.out) \(spelled.err)")
            // A malformed URL and libpq's key=value form: said without the password.
            for bad in [secret.replacingOccurrences(of: "127.0.0.1", with: "[::1"), "host=127.0.0.1 password=s3cret-pw dbname=postgres"] {
                let r = haru(["sync", bad], ledger: a)
                #expect(r.code != 0 && !r.err.contains("s3cret") && !r.err.contains("hunter2"), "\(r.err)")
            }
            // A history name no event id can be: refused in words (was MDB_BAD_VALSIZE).
            let long = haru(["sync", url + "?history=" + String(repeating: "h", count: 100_000)], ledger: a)
            #expect(long.code == 3 && long.err.contains("is not a history's name"), "\(long.err.prefix(300))")

            // A row that is not JSON, then a good one: B names the first and merges the second.
            let target = try #require(
                json.out.range(of: #"postgresql://[^"]*"#, options: .regularExpression).map { String(json.out[$0]) })
            #expect(haru(["init", "--from", target], ledger: b).code == 0)
            let history = String(target.split(separator: "=").last ?? "")
            let insert = Self.system(
                "psql '\(url)' -Atc \"WITH p AS (UPDATE haru_histories SET next_pos = next_pos + 1 WHERE history = '\(history)' "
                    + "RETURNING next_pos - 1 AS pos) INSERT INTO haru_events SELECT '\(history)', pos, 'someone', 'junk', 'not json' FROM p\""
            )
            #expect(insert.code == 0 && insert.out.contains("INSERT 0 1"), "\(insert.out)")
            #expect(haru(["count", "water", "--id", "after-junk"], ledger: a).code == 0)
            #expect(haru(["sync"], ledger: a).code == 1, "A reads the row too, names it, and sends its count")
            let pulled = haru(["sync"], ledger: b)
            #expect(pulled.code == 1 && pulled.out.contains("not read: haru_events position"), "\(pulled.out) \(pulled.err) \(insert.out)")
            #expect(pulled.out.contains("received 1"), "\(pulled.out)")
            #expect(haru(["log", "--json", "--type", "count"], ledger: b).out.contains("after-junk"))

            // A row changed in the table (amount 5 → 500): refused by its recorded hash, named by its position.
            #expect(haru(["count", "water", "5", "--id", "tampered"], ledger: a).code == 0)
            #expect(haru(["sync"], ledger: a).code == 0, "the junk row was named once and passed over")
            let edit = Self.system(
                "psql '\(url)' -Atc \"UPDATE haru_events SET line = replace(line, '\\\"amount\\\":5', '\\\"amount\\\":500') "
                    + "WHERE line LIKE '%tampered%'\"")
            #expect(edit.out.contains("UPDATE 1"), "\(edit.out)")
            let refused = haru(["sync"], ledger: b)
            #expect(
                refused.code == 1 && refused.out.contains("does not match the hash its device's chain recorded for it"), "\(refused.out)")
            #expect(!haru(["log", "--json", "--type", "count"], ledger: b).out.contains("tampered"), "never merged: no silent divergence")

            // An erasure on the device that made the event reaches the rows and the other device.
            let note = "a note to erase for good"
            #expect(haru(["count", "water", "--note", note, "--id", "noted"], ledger: a).code == 0)
            #expect(haru(["sync"], ledger: a).code == 0)
            #expect(haru(["sync"], ledger: b).code == 0, "the tampered row was named once and passed over")
            let seq = haru(["log", "--json"], ledger: a).out.split(separator: "\n").count
            #expect(haru(["redact", "\(seq)", "--reason", "asked to forget"], ledger: a).code == 0)
            #expect(haru(["sync"], ledger: a).out.contains("written again without erased text: 1"))
            let rows = Self.system("psql '\(url)' -Atc \"SELECT count(*) FROM haru_events WHERE line LIKE '%\(note)%'\"")
            #expect(rows.out.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "no row holds the text: \(rows.out)")
            let erased = haru(["sync"], ledger: b)
            #expect(erased.out.contains("erased here: 1"), "\(erased.out)")
            #expect(haru(["compact"], ledger: b).code == 0)
            let data = try Data(contentsOf: URL(fileURLWithPath: b + "/data.mdb"))
            #expect(data.range(of: Data(note.utf8)) == nil, "gone from the other device's ledger")
        }
    }
}
