import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

/// `RecordReplay` (a record's versions re-folded from its own events, for
/// `records --known-at` and `history`) against the fold itself: after every
/// event of the Fixtures histories, each session and count it replays is the
/// record the fold keeps.
struct RecordReplayAgreement {
    @Test func agreesWithTheFoldOverTheFixtures() throws {
        var compared = 0
        for sub in ["days", "progress", "records", "corrections", "listings"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Fixtures/" + sub).sorted() where file.hasSuffix(".jsonl") {
                let dir = TempDir()
                let l = try Ledger.create(path: dir.ledgerPath)
                var rng = SeededRNG(seed: 3)
                let text = try String(contentsOfFile: packageRoot + "/Fixtures/\(sub)/\(file)", encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("{\"type\"") {
                    _ = try? l.append(try events(String(line)), now: 1_000_000, rng: &rng)
                }
                var state = EntityState()
                var sessions: [String: SessionRecord?] = [:]
                var counts: [String: CountRecord?] = [:]
                try l.forEachEvent { e in
                    try Fold.apply(e.type, at: e.at, seq: e.seq, payload: e.payload, to: &state)
                    if let id = e.payload.string(.sessionID) {
                        var s = sessions[id] ?? nil
                        RecordReplay.apply(e, to: &s)
                        sessions[id] = s
                        #expect(s == (try state.session(id)), "\(sub)/\(file) seq \(e.seq) (\(e.type.name))")
                        compared += 1
                    }
                    if let id = e.payload.string(.entryID) {
                        var c = counts[id] ?? nil
                        RecordReplay.apply(e, to: &c)
                        counts[id] = c
                        #expect(c == (try state.count(id)), "\(sub)/\(file) seq \(e.seq) (\(e.type.name))")
                        compared += 1
                    }
                    return true
                }
            }
        }
        #expect(compared > 100)
    }
}
