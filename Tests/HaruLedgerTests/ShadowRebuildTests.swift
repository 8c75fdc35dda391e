import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruStorage

/// A rebuild writes a new projection set beside the old one and never
/// writes to the old (Docs/design.md, "Projections are rebuilt beside the
/// old ones"); the projection format is recorded and checked at open.
struct ShadowRebuild {
    /// Every entry of the databases of set `generation`, by name.
    func entries(_ l: Ledger, _ generation: UInt32) throws -> [String: [[UInt8]]] {
        let names = ProjectionSet.names(generation)
        let handles = try #require(try l.environment.open(names, create: false))
        return try l.environment.read { txn in
            var all: [String: [[UInt8]]] = [:]
            for (name, db) in zip(names, handles) {
                var list: [[UInt8]] = []
                try txn.scan(db) { k, v in
                    list.append(k.withUnsafeBytes(Array.init) + [0xFF] + v.withUnsafeBytes(Array.init))
                    return true
                }
                all[name] = list
            }
            return all
        }
    }

    @Test func aRebuildOverDamagedProjectionsWritesANewSetAndLeavesTheOldOneUntouched() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        try l.environment.write { txn in
            try txn.put(l.state, [0x21] + Array("ghost".utf8), [0])
            try txn.clear(l.checkpoints)
        }
        let damaged = try entries(l, 0)
        #expect(!(try l.verify().ok))
        let r = try l.rebuild()
        #expect(r.replacedSet == 1)
        #expect(l.projectionSet.generation == 1)
        #expect(try entries(l, 0) == damaged, "not one entry of the old set was written or deleted")
        #expect(try l.verify().ok)
        // The record names the new set: a fresh open uses it.
        let record = try l.environment.read { txn in try ProjectionMeta.read(txn, l.meta) }
        #expect(record == ProjectionMeta.Record(format: ProjectionMeta.format, generation: 1))
        // Once more damaged, once more beside: set 2, set 1 as it was.
        try l.environment.write { txn in try txn.put(l.pages.raw, [0, 0, 0, 1], [7]) }
        let second = try entries(l, 1)
        #expect(try l.rebuild().replacedSet == 2)
        #expect(try entries(l, 1) == second)
        #expect(try l.verify().ok)
    }

    /// The id index is part of the set: an entry that names the wrong seq,
    /// or one missing, is found by the rebuild's digest and written anew.
    @Test func aBrokenIdIndexIsWrittenAnewInTheNewSet() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        let third = try #require(try l.event(3))
        try l.environment.write { txn in try txn.put(l.ids.raw, third.id.indexKey, SeqKey.make(4)) }
        #expect(try l.verify().problem == "the id index has an entry that does not name its event")
        let r = try l.rebuild()
        #expect(r.replacedSet == 1)
        #expect(try l.verify().ok)
        #expect(try l.environment.read { txn in try l.existingEvent(third.id, txn)?.seq } == 3)
        try l.environment.write { txn in _ = try txn.delete(l.ids.raw, third.id.indexKey) }
        #expect(try l.verify().firstBadSeq == 3)
        #expect(try l.rebuild().replacedSet == 2)
        #expect(try l.verify().ok)
    }

    @Test func anIntactLedgerIsNotRewrittenAndFreshWritesANewSetAnyway() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        #expect(try l.rebuild() == RebuildReport(events: try l.head().seq, changed: 0))
        #expect(l.projectionSet.generation == 0)
        let before = try entries(l, 0)
        let fresh = try l.rebuild(fresh: true)
        #expect(fresh.replacedSet == 1 && fresh.changed > 0)
        #expect(try entries(l, 1).values.map(\.count).reduce(0, +) == fresh.changed)
        #expect(Set(try entries(l, 1).values.flatMap { $0 }) == Set(before.values.flatMap { $0 }), "the same entries, in the new set")
        #expect(try l.verify().ok)
    }

    @Test func aNewLedgerRecordsItsFormatAndAnOlderOneIsRebuiltOnAWritableOpen() throws {
        let dir = TempDir()
        var events: UInt64 = 0
        do {
            let l = try freshLedger(dir)
            events = try l.head().seq
            let record = try l.environment.read { txn in try ProjectionMeta.read(txn, l.meta) }
            #expect(record == ProjectionMeta.Record(format: ProjectionMeta.format, generation: 0))
            // As an older haru would have left it, and its projections damaged too.
            try l.environment.write { txn in
                try txn.put(l.meta!, ProjectionMeta.key, ProjectionMeta.Record(format: ProjectionMeta.format - 1, generation: 0).bytes)
                try txn.put(l.state, [0x21] + Array("ghost".utf8), [0])
            }
        }
        // Read-only: refused, saying what to do.
        #expect {
            _ = try Ledger(path: dir.ledgerPath, readOnly: true)
        } throws: { e in
            guard case LedgerError.olderProjections(let found, _) = e else { return false }
            return found == ProjectionMeta.format - 1 && (e as! LedgerError).description.contains("rebuilds them first")
        }
        var told: [(UInt32, UInt64)] = []
        let l = try Ledger(path: dir.ledgerPath) { told.append(($0, $1)) }
        #expect(told.count == 1 && told.first?.0 == ProjectionMeta.format - 1 && told.first?.1 == events)
        #expect(l.projectionSet.generation == 1)
        #expect(try l.verify().ok, "rebuilt from the events, the ghost left behind in set 0")
    }

    @Test func aNewerFormatIsRefusedAndNothingIsWritten() throws {
        let dir = TempDir()
        do {
            let l = try freshLedger(dir)
            try l.environment.write { txn in
                try txn.put(l.meta!, ProjectionMeta.key, ProjectionMeta.Record(format: ProjectionMeta.format + 1, generation: 0).bytes)
            }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: dir.ledgerPath + "/data.mdb"))
        for readOnly in [true, false] {
            #expect {
                _ = try Ledger(path: dir.ledgerPath, readOnly: readOnly)
            } throws: { e in
                (e as? LedgerError)?.description.contains("written by a newer haru (projection format \(ProjectionMeta.format + 1)") == true
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.ledgerPath + "/data.mdb")) == before)
    }

    @Test func aDamagedRecordIsReportedAndAFreshRebuildMendsIt() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        try l.environment.write { txn in try txn.put(l.meta!, ProjectionMeta.key, [1, 2, 3]) }
        let report = try l.verify()
        #expect(report.problem?.contains("the projection record in `meta` is not 8 bytes") == true, "\(report)")
        #expect(throws: LedgerError.self) { try l.rebuild() }
        #expect(try l.rebuild(fresh: true).replacedSet == 1)
        #expect(try l.verify().ok)
    }
}
