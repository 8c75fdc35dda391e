import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

/// `RunningSet` (what `--known-at` folds after a checkpoint) against the
/// fold itself: after every seq of the Fixtures histories and of random
/// session histories, the running sessions are the same records.
struct RunningSetAgreement {
    private func agree(_ l: Ledger) throws -> Int {
        var state = EntityState()
        var running = RunningSet()
        var compared = 0
        try l.forEachEvent { e in
            try Fold.apply(e.type, at: e.at, seq: e.seq, payload: e.payload, to: &state)
            running.apply(e.type, at: e.at, seq: e.seq, payload: e.payload)
            let byFold = state.runningSessions().sorted { $0.id < $1.id }
            let bySet = running.sessions.values.sorted { $0.id < $1.id }
            #expect(byFold == bySet, "after seq \(e.seq) (\(e.type.name))")
            compared += 1
            return byFold == bySet
        }
        return compared
    }

    @Test func agreesWithTheFoldOverTheFixtures() throws {
        var compared = 0
        for sub in ["days", "progress", "records"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Fixtures/" + sub).sorted() {
                let dir = TempDir()
                let l = try Ledger.create(path: dir.ledgerPath)
                var rng = SeededRNG(seed: 3)
                let text = try String(contentsOfFile: packageRoot + "/Fixtures/\(sub)/\(file)", encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("{\"type\"") {
                    _ = try? l.append(try events(String(line)), now: 1_000_000, rng: &rng)
                }
                compared += try agree(l)
            }
        }
        #expect(compared > 200)
    }

    /// Starts, stops, discards, deletions of running and stopped sessions,
    /// edits of a running session's start and note, and deleted actions.
    @Test(arguments: 0..<6)
    func agreesWithTheFoldOverRandomSessionHistories(seed: UInt64) throws {
        var rng = SeededRNG(seed: 500 &+ seed)
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var t: Int64 = 1_772_323_200
        func at() -> String { t += Int64(60 + r(3600)); return Instant(seconds: t).format(offsetSeconds: 0) }
        var lines: [String] = []
        var actions: [String] = []
        var running: [String: String] = [:]  // action → session
        var stopped: [String] = []
        var n = 0
        func newAction() {
            let a = "a\(n)"
            n += 1
            actions.append(a)
            lines.append(#"{"type":"action.created","at":"\#(at())","data":{"action_id":"\#(a)","name":"\#(a)","tracking":"time"}}"#)
        }
        for _ in 0..<3 { newAction() }
        for _ in 0..<300 {
            let a = actions[r(actions.count)]
            switch r(8) {
            case 0, 1:
                if running[a] == nil {
                    let s = "s\(n)"
                    n += 1
                    running[a] = s
                    lines.append(#"{"type":"session.started","at":"\#(at())","data":{"session_id":"\#(s)","action_id":"\#(a)"}}"#)
                }
            case 2:
                if let s = running[a] {
                    running[a] = nil
                    stopped.append(s)
                    lines.append(#"{"type":"session.stopped","at":"\#(at())","data":{"session_id":"\#(s)"}}"#)
                }
            case 3:
                if let s = running[a] {
                    running[a] = nil
                    lines.append(#"{"type":"session.discarded","at":"\#(at())","data":{"session_id":"\#(s)","reason":"oops"}}"#)
                }
            case 4:
                if let s = running[a] {
                    let note = r(3) == 0 ? #""note":null"# : #""note":"n\#(r(9))""#
                    let start = r(2) == 0 ? #","start":"\#(Instant(seconds: t - Int64(r(600))).format(offsetSeconds: 0))""# : ""
                    lines.append(#"{"type":"session.edited","at":"\#(at())","data":{"session_id":"\#(s)",\#(note)\#(start)}}"#)
                }
            case 5:
                if let s = running[a], r(2) == 0 {
                    running[a] = nil
                    lines.append(#"{"type":"session.deleted","at":"\#(at())","data":{"session_id":"\#(s)"}}"#)
                } else if let s = stopped.popLast() {
                    lines.append(#"{"type":"session.deleted","at":"\#(at())","data":{"session_id":"\#(s)"}}"#)
                }
            case 6:
                if r(4) == 0, actions.count > 1 {
                    actions.removeAll { $0 == a }
                    running[a] = nil
                    lines.append(#"{"type":"action.deleted","at":"\#(at())","data":{"action_id":"\#(a)"}}"#)
                    newAction()
                }
            default:
                lines.append(#"{"type":"session.recorded","at":"\#(at())","data":{"session_id":"r\#(n)","action_id":"\#(a)","start":"\#(Instant(seconds: t - 900).format(offsetSeconds: 0))","end":"\#(Instant(seconds: t - 60).format(offsetSeconds: 0))"}}"#)
                n += 1
            }
        }
        let dir = TempDir()
        let l = try Ledger.create(path: dir.ledgerPath)
        var ids = SeededRNG(seed: seed)
        _ = try l.append(try events(lines.joined(separator: "\n")), now: 1, rng: &ids)
        #expect(try agree(l) == lines.count)
    }

    /// Past a checkpoint (every 4,096 events), `--known-at` folds the events
    /// after it: an action deleted there takes its running session along.
    @Test func anActionDeletedAfterACheckpointStopsRunningAtThatSeq() throws {
        let dir = TempDir()
        let l = try Ledger.create(path: dir.ledgerPath)
        var lines = [
            #"{"type":"action.created","at":"2026-03-01T00:00:00Z","data":{"action_id":"w","name":"Water","tracking":"count"}}"#,
            #"{"type":"action.created","at":"2026-03-01T00:00:00Z","data":{"action_id":"r","name":"Reading","tracking":"time"}}"#,
        ]
        for k in 0..<4100 {
            lines.append(#"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"c\#(k)","action_id":"w","amount":1}}"#)
        }
        lines.append(#"{"type":"session.started","at":"2026-03-02T09:00:00Z","data":{"session_id":"s1","action_id":"r"}}"#)
        lines.append(#"{"type":"action.deleted","at":"2026-03-02T10:00:00Z","data":{"action_id":"r"}}"#)
        lines.append(#"{"type":"count.added","at":"2026-03-02T11:00:00Z","data":{"entry_id":"last","action_id":"w","amount":1}}"#)
        var ids = SeededRNG(seed: 9)
        _ = try l.append(try events(lines.joined(separator: "\n")), now: 1, rng: &ids)
        let started: UInt64 = 4103, deleted: UInt64 = 4104
        #expect(try l.snapshot(knownAt: .seq(started)) { try $0.runningSessions().map(\.id) } == ["s1"])
        #expect(try l.snapshot(knownAt: .seq(deleted)) { try $0.runningSessions() }.isEmpty)
        #expect(try l.snapshot(knownAt: .seq(deleted + 1)) { try $0.runningSessions() }.isEmpty)
    }
}
