import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@testable import HaruOperations

/// An import as a plan, then a commit (issue 42): the plan says what a commit
/// writes and writes nothing; the commit writes exactly that, only at the
/// head the plan was made at.
struct ImportPlanTests {
    static let nine: Int64 = 1_772_409_600 * 1_000_000
    static var t: Instant { Instant(micros: nine) }

    func ledger(_ dir: TempDir) throws -> (Ledger, SeededRNG) {
        var rng = SeededRNG(seed: 7)
        let l = try Ledger.create(path: dir.path + "/ledger")
        try l.write(
            [SettingsChanged(timeZone: "Asia/Seoul"), ActionCreated(actionID: "water", name: "물", tracking: .count)], at: Self.t,
            now: Self.nine, rng: &rng)
        return (l, rng)
    }

    func counts(_ ids: [String], amount: Int64 = 1) throws -> [EventInput] {
        try ids.enumerated().map { k, id in
            try CountAdded(entryID: id, actionID: "water", amount: amount).input(
                at: Self.t + .seconds(60 * Int64(k)), id: EventID(parsing: "00000000-0000-4000-8000-00000000000\(k)"))
        }
    }

    @Test func aPlanSaysWhatTheCommitWritesAndWritesNothing() throws {
        let dir = TempDir()
        var (l, rng) = try ledger(dir)
        let before = try l.head()
        let plan = try l.plan(try counts(["c0", "c1", "c2"]), notes: ["a habit without a goal"], now: Self.nine, rng: &rng)
        #expect(try l.head() == before, "the plan wrote nothing")
        #expect(plan.head == before.seq && plan.preview.appended == 3 && plan.alreadyThere == 0)
        #expect(plan.preview.written[.countAdded] == 3 && !plan.changesWhatIsThere && plan.notes == ["a habit without a goal"])
        let done = try l.commit(plan, now: Self.nine, rng: &rng)
        #expect(done.appended == 3 && done.written == plan.preview.written && done.head == before.seq + 3)
        // The same file again: all there, nothing to write.
        let again = try l.plan(try counts(["c0", "c1", "c2"]), now: Self.nine, rng: &rng)
        #expect(again.isEmpty && again.alreadyThere == 3)
    }

    @Test func aCommitAfterAnotherWriterIsRefusedAndPlannedAgain() throws {
        let dir = TempDir()
        var (l, rng) = try ledger(dir)
        let plan = try l.plan(try counts(["c0"]), now: Self.nine, rng: &rng)
        try l.write([CountAdded(entryID: "other", actionID: "water", amount: 2)], at: Self.t, now: Self.nine, rng: &rng)
        #expect(throws: LedgerError.self) { try l.commit(plan, now: Self.nine, rng: &rng) }
        #expect(try l.head().seq == plan.head + 1, "nothing of the plan was written")
        let fresh = try l.plan(plan.events, now: Self.nine, rng: &rng)
        #expect(try l.commit(fresh, now: Self.nine, rng: &rng).appended == 1)
    }

    @Test func aBadEventFailsThePlanWithItsLineAndNothingIsWritten() throws {
        let dir = TempDir()
        var (l, rng) = try ledger(dir)
        let before = try l.head()
        var events = try counts(["c0", "c1"])
        events.append(try CountAdded(entryID: "c9", actionID: "nobody", amount: 1).input(at: Self.t))
        do {
            _ = try l.plan(events, lines: [10, 11, 12], now: Self.nine, rng: &rng)
            Issue.record("a count of an unknown action was planned")
        } catch LedgerError.invalid(let e) {
            #expect(e.line == 12 && e.field == "data.action_id")
        }
        #expect(try l.head() == before)
    }

    @Test func aPlanThatDeletesWhatIsThereSaysSo() throws {
        let dir = TempDir()
        var (l, rng) = try ledger(dir)
        try l.write([CountAdded(entryID: "c0", actionID: "water", amount: 1)], at: Self.t, now: Self.nine, rng: &rng)
        let plan = try l.plan([try CountDeleted(entryID: "c0").input(at: Self.t + .seconds(600))], now: Self.nine, rng: &rng)
        #expect(plan.changesWhatIsThere && plan.preview.written[.countDeleted] == 1)
    }
}

/// `Ledger.create(path:setUp:)`: whole or not at all, and open at its path.
struct CreateWithSetUp {
    struct Refused: Error {}

    @Test func aFailedSetUpLeavesNothingAndADoneOneIsOpenWhereItBelongs() throws {
        let dir = TempDir()
        let path = dir.path + "/new/ledger"
        var rng = SeededRNG(seed: 3)
        #expect(throws: Refused.self) {
            _ = try Ledger.create(path: path) { new in
                try new.write([SettingsChanged(timeZone: "Asia/Seoul")], at: Instant(seconds: 0), now: 1_000_000, rng: &rng)
                throw Refused()
            }
        }
        #expect(!FileManager.default.fileExists(atPath: path + "/data.mdb"), "nothing at the path")
        let ledger = try Ledger.create(path: path) { new in
            try new.write([SettingsChanged(timeZone: "Asia/Seoul")], at: Instant(seconds: 0), now: 1_000_000, rng: &rng)
        }
        #expect(try ledger.head().seq == 1)
        // Open at its own path: a write goes in (not into the renamed-away directory).
        try ledger.write([ActionCreated(actionID: "read", name: "독서", tracking: .time)], at: Instant(seconds: 1), now: 2_000_000, rng: &rng)
        #expect(try ledger.head().seq == 2)
    }
}
