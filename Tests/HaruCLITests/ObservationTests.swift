import Foundation
@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruLedger
@_spi(Layers) import HaruModel
import TestSupport
import Testing

/// `Ledger.commits()` and `Ledger.observe(_:)`: an app's view model kept
/// current while other processes write — `haru count` run as a process of
/// its own, and `haru sync` merging another device's events.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ObservationTests {
    static let day = LocalDate(year: 2026, month: 3, day: 2)!
    static let evening = Instant(seconds: 1_772_449_200)  // 2026-03-02T20:00:00+09:00

    /// The real binary run off the test runner's threads (waiting for a
    /// process there would starve the tests that run beside these).
    func run(_ args: [String], ledger: String) async throws -> CLIResult {
        try await withCheckedThrowingContinuation { done in
            DispatchQueue.global().async { done.resume(with: Result { try runBinary(args, ledger: ledger) }) }
        }
    }

    /// A ledger with a counted action `water`, made by the real binary.
    func ledger(_ dir: TempDir, _ name: String = "l") async throws -> String {
        let path = dir.path + "/" + name
        for args in [
            ["init", "--time-zone", "Asia/Seoul", "--now", "2026-03-02T08:00:00+09:00"],
            ["action", "add", "Water", "--tracking", "count", "--id", "water", "--now", "2026-03-02T08:00:00+09:00"],
        ] {
            let r = try await run(args, ledger: path)
            try #require(r.code == 0, "\(args): \(r.err)")
        }
        return path
    }

    @Test func aCommitByAnotherProcessIsToldWithoutPolling() async throws {
        let dir = TempDir()
        let path = try await ledger(dir)
        let ledger = try Ledger(path: path, readOnly: true)
        let commits = try ledger.commits()
        let before = try ledger.head().seq
        #expect(try await run(["count", "water", "2", "--now", "2026-03-02T09:00:00+09:00"], ledger: path).code == 0)
        var it = commits.makeAsyncIterator()
        let c = try #require(await it.next())
        #expect(c.seq == before + 1)
        #expect(c.seq == (try ledger.head().seq))
    }

    /// What an observation gave so far, collected by a task that always waits for the next.
    actor Seen {
        var values: [Int64] = []
        func add(_ v: Int64) { values.append(v) }
        /// Waits (checking every 20 ms, up to 10 s) until `count` values came.
        func wait(for count: Int) async -> [Int64] {
            for _ in 0..<500 where values.count < count { try? await Task.sleep(for: .milliseconds(20)) }
            return values
        }
    }

    @Test func anObservationGivesEachNewAnswerOnceAndNotForCommitsThatLeaveItAlone() async throws {
        let dir = TempDir()
        let path = try await ledger(dir)
        let ledger = try Ledger(path: path, readOnly: true)
        let water = try ledger.observe { l in
            try l.dayTotals(Self.day, .asOf(Self.evening)).actions["water"]?.count ?? 0
        }
        let seen = Seen()
        let collector = Task {
            for try await v in water { await seen.add(v) }
        }
        defer { collector.cancel() }
        #expect(await seen.wait(for: 1) == [0])
        try #require(try await run(["count", "water", "2", "--now", "2026-03-02T09:00:00+09:00"], ledger: path).code == 0)
        #expect(await seen.wait(for: 2) == [0, 2])
        // A commit that leaves the answer as it was gives nothing.
        try #require(try await run(["tag", "add", "Health", "--now", "2026-03-02T09:30:00+09:00"], ledger: path).code == 0)
        try await Task.sleep(for: .milliseconds(500))
        #expect(await seen.values == [0, 2])
        try #require(try await run(["count", "water", "--now", "2026-03-02T10:00:00+09:00"], ledger: path).code == 0)
        #expect(await seen.wait(for: 3) == [0, 2, 3])
    }

    @Test func aSyncThatMergesAnotherDevicesEventsIsSeen() async throws {
        let dir = TempDir()
        let a = try await ledger(dir, "a")
        let shared = dir.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try #require(try await run(["sync", shared, "--now", "2026-03-02T08:01:00+09:00"], ledger: a).code == 0)
        let b = dir.path + "/b"
        try #require(try await run(["init", "--from", shared, "--now", "2026-03-02T08:02:00+09:00"], ledger: b).code == 0)
        let ledger = try Ledger(path: b, readOnly: true)
        let water = try ledger.observe { l in
            try l.dayTotals(Self.day, .asOf(Self.evening)).actions["water"]?.count ?? 0
        }
        var it = water.makeAsyncIterator()
        #expect(try await it.next() == 0)
        try #require(try await run(["count", "water", "4", "--now", "2026-03-02T09:00:00+09:00"], ledger: a).code == 0)
        try #require(try await run(["sync", "--now", "2026-03-02T09:01:00+09:00"], ledger: a).code == 0)
        // B's own `haru sync`, another process, merges A's count.
        try #require(try await run(["sync", "--now", "2026-03-02T09:02:00+09:00"], ledger: b).code == 0)
        #expect(try await it.next() == 4)
    }
}
