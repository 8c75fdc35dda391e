import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruSystem

/// A merge that brings events from before the device's last ones folds again
/// only from where they go, with what the undo log kept (`UndoLog`,
/// `Ledger.refold`); the projections are then what a fold of every event in
/// merged order makes (`rebuild` finds nothing to change, `verify` passes).
@Suite(.timeLimit(.minutes(1)))
struct UndoLogTests {
    static let day: Int64 = 1_772_409_600_000_000  // 2026-03-02T00:00:00Z, µs

    /// A ledger that syncs (it has a device id), and `counts` counts made on it 10 s apart from 09:00.
    func device(_ dir: TempDir, counts: Int) throws -> Ledger {
        let l = try freshLedger(dir)
        _ = try l.assignDeviceID("device-a")
        var rng = SeededRNG(seed: 7)
        var batch: [EventInput] = []
        for k in 0..<counts {
            let t = Self.day + Int64(9 * 3600 + 10 * k) * 1_000_000
            batch.append(try count("a\(k)", at: t))
            // One commit per 500 counts: a chain of entries to put back.
            if batch.count == 500 || k == counts - 1 {
                _ = try l.append(batch, now: t, rng: &rng)
                batch = []
            }
        }
        return l
    }

    func count(_ id: String, at t: Int64) throws -> EventInput {
        let at = Instant(seconds: t / 1_000_000)
        return try events(
            #"{"type":"count.added","at":"\#(at)","data":{"entry_id":"\#(id)","action_id":"water","amount":1}}"#)[0]
    }

    /// Events made on another device at `times` (µs), as a pull brings them.
    func pulled(_ times: [Int64], seed: UInt64) throws -> [EventInput] {
        var rng = SeededRNG(seed: seed)
        return try times.enumerated().map { i, t in
            var e = try count("b\(seed)-\(i)", at: t)
            e.id = EventID.v7(unixMillis: t / 1000, after: nil, using: &rng)
            e.origin = Origin(recorded: t, seq: UInt64(i + 1))
            return e
        }
    }

    func undoEntries(_ l: Ledger) throws -> Int {
        try l.environment.write { txn in
            guard let db = try txn.open(UndoLog.name, create: false) else { return 0 }
            return try txn.count(db)
        }
    }

    @Test func aMergeBeforeTheLastEventsFoldsAgainOnlyFromThereAndMatchesAWholeFold() throws {
        let dir = TempDir()
        // 5,000 counts: checkpoints at 4,096 among the events folded again.
        let l = try device(dir, counts: 5_000)
        let before = try undoEntries(l)
        #expect(before == 10)
        // Made elsewhere while this device counted: between its counts 3,000 and 3,001 and later.
        let at = Self.day + Int64(9 * 3600 + 10 * 3_000 + 5) * 1_000_000
        let r = try l.merge(try pulled([at, at + 60_000_000, at + 3_600_000_000], seed: 1), now: Self.day + 86_400_000_000)
        #expect(r.appended == 3 && r.reordered && r.refolded)
        // Four commits put back (counts 2,500 on), one entry for the merge.
        #expect(try undoEntries(l) == before - 4 + 1)
        #expect(try l.rebuild().changed == 0)
        #expect(try l.verify().ok)
        // And again, before the merge just made (its entry is put back too).
        let r2 = try l.merge(try pulled([at - 600_000_000], seed: 2), now: Self.day + 86_400_000_000)
        #expect(r2.reordered && r2.refolded)
        #expect(try l.rebuild().changed == 0)
        #expect(try l.verify().ok)
    }

    @Test func aMergeBeforeWhatTheLogKeepsFoldsEverythingAsBefore() throws {
        let dir = TempDir()
        let l = try device(dir, counts: 1_200)
        // The undo log begins after the rebuild that replaces the projection set.
        _ = try l.rebuild(fresh: true)
        #expect(try undoEntries(l) == 0)
        let r = try l.merge(try pulled([Self.day + 9 * 3_600_000_000 + 1], seed: 3), now: Self.day + 86_400_000_000)
        #expect(r.reordered && !r.refolded)
        #expect(try l.rebuild().changed == 0)
        // One before the device's own later event reaches back: the whole
        // fold began the log again.
        var rng = SeededRNG(seed: 9)
        _ = try l.append([try count("late", at: Self.day + 20 * 3_600_000_000)], now: Self.day + 86_400_000_000 + 1, rng: &rng)
        let r2 = try l.merge(try pulled([Self.day + 20 * 3_600_000_000], seed: 4), now: Self.day + 86_400_000_000 + 2)
        #expect(r2.reordered && r2.refolded)
        #expect(try l.rebuild().changed == 0)
    }

    @Test func aLedgerThatDoesNotSyncKeepsNoUndoLog() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        var rng = SeededRNG(seed: 5)
        _ = try l.append([try count("x", at: Self.day)], now: Self.day, rng: &rng)
        #expect(try undoEntries(l) == 0)
    }

    @Test func aRedactionLeavesNothingOfTheTextToPutBack() throws {
        let dir = TempDir()
        let l = try device(dir, counts: 10)
        var rng = SeededRNG(seed: 6)
        let secret = "the name of my doctor"
        let r = try l.append(
            try events(
                #"{"type":"count.added","at":"2026-03-02T12:00:00Z","data":{"entry_id":"n1","action_id":"water","amount":1,"note":"\#(secret)"}}"#
            ), now: Self.day + 12 * 3_600_000_000, rng: &rng)
        // Written over once more: the undo log then holds the note as it was.
        _ = try l.append(
            try events(#"{"type":"count.edited","at":"2026-03-02T12:05:00Z","data":{"entry_id":"n1","note":"x"}}"#),
            now: Self.day + 13 * 3_600_000_000, rng: &rng)
        func undoHolds(_ text: String) throws -> Bool {
            try l.environment.write { txn in
                guard let db = try txn.open(UndoLog.name, create: false) else { return false }
                var found = false
                try txn.reading.scan(db) { _, v in
                    found = found || v.withUnsafeBytes { Data($0).range(of: Data(text.utf8)) != nil }
                    return true
                }
                return found
            }
        }
        #expect(try undoHolds(secret))
        _ = try l.redact(seq: r.seqs[0], fields: nil, reason: "private", now: Self.day + 14 * 3_600_000_000, zones: .system, rng: &rng)
        #expect(try !undoHolds(secret))
        #expect(try undoEntries(l) == 0)
    }
}
