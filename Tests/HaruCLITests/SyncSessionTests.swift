import Foundation
import HaruLedger
import TestSupport
import Testing

/// `ledger.sync(with:now:)`: an app syncs a device through the one
/// `SyncSession`, whatever the target, and gets what `haru sync` would.
@Suite(.serialized)
struct SyncSessionTests {
    static let t = "2026-03-02T08:00:00+09:00"
    static func micros(_ iso: String) -> Int64 { if case .success(let i) = Instant.parse(iso) { i.micros } else { 0 } }

    @Test func twoDevicesConvergeThroughAFolderByTheLibrary() throws {
        let dir = TempDir()
        let (a, b, shared) = (dir.path + "/a", dir.path + "/b", dir.path + "/shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        for (args, ledger) in [
            (["init", "--time-zone", "Asia/Seoul", "--now", Self.t], a),
            (["action", "add", "Water", "--tracking", "count", "--id", "water", "--now", Self.t], a),
            (["sync", shared, "--now", Self.t], a),
            (["init", "--from", shared, "--now", Self.t], b),
            (["count", "water", "3", "--now", "2026-03-02T10:00:00+09:00"], b),
            (["sync", "--now", "2026-03-02T10:01:00+09:00"], b),
        ] {
            let r = try runBinary(args, ledger: ledger)
            try #require(r.code == 0, "\(args): \(r.err)")
        }
        let ledger = try Ledger(path: a)
        let session = SyncSession(ledger: ledger, target: shared)
        #expect(session.transport is FolderSync && session.transport.shown == shared)
        #expect(try session.transport.resolvedTarget() == shared)
        let report = try ledger.sync(with: shared, now: Self.micros("2026-03-02T10:02:00+09:00"))
        #expect(report.merge.appended == 1, "the count B made")
        let day = LocalDate(year: 2026, month: 3, day: 2)!
        let evening = Instant(micros: Self.micros("2026-03-02T20:00:00+09:00"))
        #expect(try ledger.dayTotals(day, .asOf(evening)).actions["water"]?.count == 3)
        // What haru says of the other device: the same.
        let other = try runBinary(["day", "2026-03-02", "--json", "--as-of", "2026-03-02T20:00:00+09:00"], ledger: b)
        #expect(other.out.contains(#""action_id":"water","name":"Water","seconds":0,"count":3"#), "\(other.out)")
        // Synced again, nothing new either way.
        #expect(try ledger.sync(with: shared, now: Self.micros("2026-03-02T10:03:00+09:00")).merge.appended == 0)
    }

    @Test func aDatabaseTargetIsTheDatabaseTransport() {
        let dir = TempDir()
        let ledger = try? Ledger.create(path: dir.path + "/l")
        guard let ledger else {
            Issue.record("no ledger")
            return
        }
        let session = SyncSession(ledger: ledger, target: "postgresql://me:secret@db.example/haru?history=abc")
        #expect(session.transport is PostgresSync)
        #expect(!session.transport.shown.contains("secret"), "the password is never shown: \(session.transport.shown)")
        // Remembered for `haru sync` alone: without the password, the folder as given.
        #expect(throws: Never.self) { try ledger.rememberSyncTargets(["postgresql://me:secret@db.example/haru?history=abc", "/shared"]) }
        let kept = (try? ledger.syncTargets()) ?? []
        #expect(kept.count == 2 && kept[1] == "/shared" && !kept[0].contains("secret") && kept[0].contains("history=abc"), "\(kept)")
    }
}
