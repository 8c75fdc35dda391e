import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruSystem

/// A load into a new ledger committed in parts (`BatchCommits.inParts`):
/// the ledger it makes is the one a single commit makes, byte for byte; a
/// bad line in a later part leaves nothing at the path.
@Suite(.timeLimit(.minutes(2)))
struct PartedLoads {
    /// A valid history with ids: a random walk of sessions across midnights,
    /// counts, edits, deletions and dated settings changes, appended an event
    /// at a time (what a rule refuses is left out), then exported.
    static func export(seed: UInt64, events n: Int) throws -> [UInt8] {
        let dir = TempDir()
        let l = try DayBucketAgreement.ledger(dir, DayBucketAgreement.randomHistory(seed: seed, events: n), seed: seed)
        var out: [UInt8] = []
        _ = try l.exportJSONL(from: 1, offset: { _ in 0 }) { out += $0 }
        return out
    }

    /// Loads `file` into a new ledger at `path` through `createBeside`, as `haru import jsonl` does.
    static func load(_ file: [UInt8], at path: String, commits: BatchCommits) throws -> (AppendResult, [UInt8]) {
        try Ledger.createBeside(path) { partial in
            let l = try Ledger.create(path: partial, durability: .relaxed)
            var rng = SeededRNG(seed: 7)
            let r = try l.appendJSONLines(
                InputBytes(file), zones: .system, now: 1_800_000_000_000_000, rng: &rng, provenance: true, commits: commits)
            #expect(try l.verify().ok)
            #expect(try l.rebuild().changed == 0)
            var out: [UInt8] = []
            _ = try l.exportJSONL(from: 1, offset: { _ in 0 }) { out += $0 }
            return (r, out)
        }
    }

    @Test(arguments: [(1, 7), (2, 64), (3, 1)] as [(UInt64, Int)])
    func partsMakeTheLedgerOneCommitMakes(seed: UInt64, part: Int) throws {
        let file = try Self.export(seed: seed, events: 400)
        let dir = TempDir()
        let (one, oneExport) = try Self.load(file, at: dir.path + "/one", commits: .one)
        let (parts, partsExport) = try Self.load(file, at: dir.path + "/parts", commits: .inParts(events: part))
        #expect(one.appended > 300)
        // The same seqs, counts (a session started in one part and stopped in
        // another counts as stopped), and the same bytes out: ids, times, hashes.
        #expect(parts.seqs == one.seqs)
        #expect((parts.appended, parts.head) == (one.appended, one.head))
        #expect(parts.written == one.written)
        #expect(parts.written.stoppedHere == one.written.stoppedHere)
        #expect(partsExport == oneExport)
        #expect(partsExport.count > 40_000)
    }

    @Test func aBadLineInALaterPartLeavesNothingAtThePath() throws {
        var file = try Self.export(seed: 5, events: 300)
        file += Array(#"{"type":"count.added","at":"2026-04-01T00:00:00Z","data":{"entry_id":"late","action_id":"nowhere","amount":1}}"#.utf8)
        file += [10]
        let dir = TempDir()
        let path = dir.path + "/ledger"
        #expect(throws: LedgerError.self) { _ = try Self.load(file, at: path, commits: .inParts(events: 16)) }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "a partial directory was left")
    }

    /// A part cannot start over when the map fills (its events were read
    /// once): room is made before each part. A map far too small at first grows.
    @Test func roomIsMadeBeforeEachPart() throws {
        let dir = TempDir()
        let env = try Environment(path: dir.ledgerPath, databases: ["x"], create: true, durability: .relaxed, mapSize: 1 << 20)
        try env.makeRoom(bytes: 64 << 20)
        #expect(env.mapSize >= 64 << 20)
        let db = try env.database("x")
        let value = [UInt8](repeating: 7, count: 1000)
        // 40 MB in one transaction: no retry needed.
        var bodies = 0
        try env.write { txn in
            bodies += 1
            for k in 0..<40_000 { try txn.put(db, withUnsafeBytes(of: UInt32(k).bigEndian, Array.init), value, append: true) }
        }
        #expect(bodies == 1)
    }
}
