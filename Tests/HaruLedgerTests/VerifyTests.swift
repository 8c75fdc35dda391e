import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

@Suite(.timeLimit(.minutes(1)))
struct TamperDetection {
    /// Builds a ledger whose event at seq 7 carries a marker in its source
    /// label, a string stored nowhere else, then flips one byte of it on disk.
    func tamperedLedger(replacing marker: String, with changed: String) throws -> (TempDir, String) {
        let dir = TempDir()
        do {
            let l = try freshLedger(dir)
            var rng = SeededRNG(seed: 3)
            _ = try l.append(
                try events(
                    """
                    {"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":1}}
                    {"type":"count.added","at":"2026-03-02T09:00:00+09:00","source":"\(marker)","data":{"entry_id":"c2","action_id":"water","amount":2}}
                    {"type":"count.added","at":"2026-03-02T10:00:00+09:00","data":{"entry_id":"c3","action_id":"water","amount":3}}
                    """), now: 2_000_000, rng: &rng)
            #expect(try l.verify().ok)
        }
        let file = dir.ledgerPath + "/data.mdb"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let needle = Data(marker.utf8)
        let range = try #require(bytes.range(of: needle))
        #expect(bytes[range.upperBound...].range(of: needle) == nil, "the marker is stored once")
        bytes.replaceSubrange(range, with: Data(changed.utf8))
        try bytes.write(to: URL(fileURLWithPath: file))
        return (dir, dir.ledgerPath)
    }

    @Test func aChangedByteBreaksTheChainAtThatSeq() throws {
        let (dir, path) = try tamperedLedger(replacing: "script:marker-A", with: "script:marker-B")
        let report = try Ledger(path: path).verify()
        #expect(report.firstBadSeq == 7)
        #expect(report.problem?.contains("hash does not match") == true)
        _ = dir
    }

    @Test func theCommandExitsOneAndNamesTheSeq() throws {
        let (dir, path) = try tamperedLedger(replacing: "script:marker-A", with: "script:marker-B")
        let r = haru(["verify"], ledger: path)
        #expect(r.code == 1)
        #expect(r.err.contains("FAILED at seq 7"), "\(r.err)")
        _ = dir
    }

    @Test func rebuildRestoresProjectionsThatDrifted() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        var rng = SeededRNG(seed: 9)
        _ = try l.append(
            try events(
                """
                {"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":1}}
                {"type":"session.recorded","at":"2026-03-02T09:00:00+09:00","data":{"session_id":"s1","action_id":"read","start":"2026-03-02T08:00:00+09:00","end":"2026-03-02T09:00:00+09:00"}}
                """), now: 2_000_000, rng: &rng)
        try l.environment.write { txn in
            try txn.clear(l.pages)
            try txn.put(l.state, [0x21] + Array("ghost".utf8), [0])
        }
        #expect(!(try l.verify().ok))
        let rebuilt = try l.rebuild()
        #expect(rebuilt.events == 7)
        #expect(rebuilt.replacedSet == 1, "written beside the damaged set, not over it")
        #expect(rebuilt.changed > 1, "every projection entry, into the new set")
        #expect(try l.rebuild() == RebuildReport(events: 7, changed: 0), "nothing left to change")
        let report = try l.verify()
        #expect(report.ok, "\(report)")
    }

    @Test func aBrokenIdIndexIsReported() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        let third = try #require(try l.event(3))
        let key = withUnsafeBytes(of: (third.id.high.bigEndian, third.id.low.bigEndian)) { Array($0) }
        // An entry missing: the event it should name is reported.
        _ = try l.environment.write { txn in try txn.delete(l.ids.raw, key) }
        let missing = try l.verify()
        #expect(missing.firstBadSeq == 3, "\(missing)")
        // An entry pointing at the wrong event.
        try l.environment.write { txn in try txn.put(l.ids.raw, key, SeqKey.make(4)) }
        let wrong = try l.verify()
        #expect(wrong.problem == "the id index has an entry that does not name its event", "\(wrong)")
    }

    @Test func aStateThatDriftedFromTheEventsIsReported() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        // Write a state entry no event produced, behind the fold's back.
        try l.environment.write { txn in try txn.put(l.state, [0x21] + Array("ghost".utf8), [0]) }
        let report = try l.verify()
        #expect(!report.ok)
        #expect(report.problem?.contains("count entry \"ghost\"") == true, "\(report)")
    }
}
