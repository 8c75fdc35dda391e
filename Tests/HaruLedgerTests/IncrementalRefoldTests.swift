import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage

/// `verify(after:hash:)` re-folds the running sessions from the stored
/// checkpoint nearest before the audited seq (checkpoints every 4,096 events)
/// and compares every later checkpoint and the head's running list.
@Suite(.timeLimit(.minutes(1)))
struct IncrementalRefold {
    /// A session started at seq 6 and still running, then 8,300 counts: checkpoints at 4,096 and 8,192.
    func ledger(_ dir: TempDir) throws -> Ledger {
        let l = try freshLedger(dir)
        var lines = [#"{"type":"session.started","at":"2026-03-01T08:00:00+09:00","data":{"session_id":"run1","action_id":"read"}}"#]
        for k in 0..<8_300 {
            lines.append(#"{"type":"count.added","at":"2026-03-02T09:00:00+09:00","data":{"entry_id":"c\#(k)","action_id":"water","amount":1}}"#)
        }
        var rng = SeededRNG(seed: 41)
        _ = try l.append(try events(lines.joined(separator: "\n")), now: 2_000_000, rng: &rng)
        return l
    }

    func hash(_ l: Ledger, _ seq: UInt64) throws -> Digest {
        try #require(try l.environment.read { txn in try l.hash(at: seq, txn) })
    }

    @Test func anIntactLedgerPassesFromAnyAuditedSeq() throws {
        let dir = TempDir()
        let l = try ledger(dir)
        for seq: UInt64 in [1, 4_095, 4_096, 4_100, 8_192, 8_200] {
            let r = try l.verify(after: seq, hash: try hash(l, seq))
            #expect(r.ok, "from \(seq): \(r)")
        }
    }

    @Test func aCheckpointThatDisagreesWithTheEventsIsFoundAndRebuildMendsIt() throws {
        let dir = TempDir()
        let l = try ledger(dir)
        // The checkpoint at 8,192 written without the running session, behind the fold's back.
        try l.environment.write { txn in try txn.put(l.checkpoints, 8_192, Projector.encodeCheckpoint([]), append: false) }
        let later = try l.verify(after: 4_100, hash: try hash(l, 4_100))
        #expect(!later.ok && later.inProjections, "\(later)")
        #expect(later.firstBadSeq == 8_192, "\(later)")
        #expect(later.problem == "the running-session checkpoint at seq 8192 is not what the events after seq 4096 make of it", "\(later)")
        // Audited after it: the damaged checkpoint is the one folded from, and the head's list disagrees.
        let after = try l.verify(after: 8_200, hash: try hash(l, 8_200))
        #expect(after.problem == "the running sessions are not what the events after seq 8192 make of them", "\(after)")
        // Before it, the chain alone is checked up to there: an audit at 4,100 finds it, one at 100 too.
        #expect(!(try l.verify(after: 100, hash: try hash(l, 100))).ok)
        _ = try l.rebuild()
        #expect(try l.verify(after: 4_100, hash: try hash(l, 4_100)).ok)
    }
}
