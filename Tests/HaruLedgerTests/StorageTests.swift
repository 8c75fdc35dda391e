import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

struct LMDBEnvironment {
    @Test func commitsOnReturnAndAbortsOnThrow() throws {
        let dir = TempDir()
        let env = try Environment(path: dir.ledgerPath, databases: ["t"], create: true)
        let db = try env.database("t")
        try env.write { txn in try txn.put(db, [1], [10]) }
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try env.write { txn in
                try txn.put(db, [2], [20])
                throw Boom()
            }
        }
        let (one, two) = try env.read { txn in (try txn.copy(db, [1]), try txn.copy(db, [2])) }
        #expect(one == [10])
        #expect(two == nil)
    }

    /// The first and last keys of a family (first byte), for families
    /// before, between and after others, alone, and absent.
    @Test func findsTheKeyRangeOfAFamily() throws {
        let dir = TempDir()
        let env = try Environment(path: dir.ledgerPath, databases: ["t"], create: true)
        let db = try env.database("t")
        try env.write { txn in
            for k: [UInt8] in [[0x01], [0x20, 5], [0x20, 1], [0x20, 9, 9], [0x21, 3], [0x22], [0x22, 0], [0xFF, 1], [0xFF, 2]] {
                try txn.put(db, k, [0])
            }
        }
        try env.read { (txn) throws in
            func range(_ f: UInt8) throws -> [[UInt8]]? { try txn.keyRange(db, family: f).map { [$0.first, $0.last] } }
            #expect(try range(0x01) == [[0x01], [0x01]])
            #expect(try range(0x20) == [[0x20, 1], [0x20, 9, 9]])
            #expect(try range(0x21) == [[0x21, 3], [0x21, 3]])
            #expect(try range(0x22) == [[0x22], [0x22, 0]])
            #expect(try range(0xFF) == [[0xFF, 1], [0xFF, 2]])
            #expect(try range(0x00) == nil)
            #expect(try range(0x10) == nil)
            #expect(try range(0x30) == nil)
        }
    }

    @Test func growsTheMapWhenItFills() throws {
        let dir = TempDir()
        let env = try Environment(path: dir.ledgerPath, databases: ["t"], create: true, mapSize: 64 * 1024)
        let db = try env.database("t")
        let before = env.mapSize
        // ~2 MB into a 64 KiB map: the write must grow the map and retry, not fail.
        try env.write { txn in
            for k in 0..<2000 {
                var w = ByteWriter()
                w.u64(UInt64(k))
                try txn.put(db, w.bytes, [UInt8](repeating: UInt8(k % 251), count: 1000), append: true)
            }
        }
        #expect(env.mapSize > before)
        #expect(try env.read { try $0.count(db) } == 2000)
    }

    /// A write larger than the map can grow to (eight doublings from a 64 KiB
    /// map here; from 1 GiB for a ledger) fails with a clear error; what
    /// was committed before stays, and the environment takes the next write.
    @Test func aWriteThatOverfillsTheMapFailsClearlyAndLosesNothingCommitted() throws {
        let dir = TempDir()
        let env = try Environment(path: dir.ledgerPath, databases: ["t"], create: true, mapSize: 64 * 1024)
        let db = try env.database("t")
        try env.write { txn in try txn.put(db, [0, 1], [7, 7, 7]) }
        #expect {
            try env.write { txn in
                for k in 0..<40_000 {
                    try txn.put(db, [1] + withUnsafeBytes(of: UInt32(k).bigEndian, Array.init), [UInt8](repeating: 1, count: 1000), append: true)
                }
            }
        } throws: { e in
            (e as? LMDBError)?.isMapFull == true && (e as? LMDBError)?.description.contains("nothing of this write was committed") == true
        }
        #expect(try env.read { try $0.copy(db, [0, 1]) } == [7, 7, 7])
        #expect(try env.read { try $0.count(db) } == 1)
        try env.write { txn in try txn.put(db, [0, 2], [8]) }
        #expect(try env.read { try $0.count(db) } == 2)
    }

    @Test func createsPrivateFiles() throws {
        let dir = TempDir()
        _ = try Ledger.create(path: dir.ledgerPath)
        let fm = FileManager.default
        let dirMode = (try fm.attributesOfItem(atPath: dir.ledgerPath)[.posixPermissions] as? Int) ?? -1
        let fileMode = (try fm.attributesOfItem(atPath: dir.ledgerPath + "/data.mdb")[.posixPermissions] as? Int) ?? -1
        #expect(dirMode == 0o700)
        #expect(fileMode & 0o077 == 0)
    }

    @Test func missingLedgerIsNotFound() {
        let dir = TempDir()
        #expect {
            _ = try Ledger(path: dir.path + "/nope")
        } throws: { e in
            if case LedgerError.notFound = e { return true }
            return false
        }
    }

    @Test func refusesToCreateOverAnExistingLedger() throws {
        let dir = TempDir()
        _ = try Ledger.create(path: dir.ledgerPath)
        #expect {
            _ = try Ledger.create(path: dir.ledgerPath)
        } throws: { e in
            if case LedgerError.exists = e { return true }
            return false
        }
    }
}

extension LMDBEnvironment {
    /// A read-only open that fails after the environment exists (here: a
    /// ledger lacking a database, as an older version made) must throw, and
    /// close the handle exactly once (it used to abort with a double free).
    @Test func failedReadOnlyOpenThrowsWithoutCrashing() throws {
        let dir = TempDir()
        do { _ = try Environment(path: dir.ledgerPath, databases: ["events"], create: true) }
        #expect(throws: LedgerError.self) {
            _ = try Ledger(path: dir.ledgerPath, readOnly: true)
        }
        // A writable open adds the missing databases, after which read-only works.
        _ = try Ledger(path: dir.ledgerPath)
        #expect(try Ledger(path: dir.ledgerPath, readOnly: true).head().seq == 0)
    }
}

struct ReleasingReadPages {
    @Test func parsesMapsLines() throws {
        let line = Array("7f12a0000000-7f12e0000000 r--s 00000000 08:01 1234567                    /tmp/l/data.mdb".utf8)
        let r = try #require(MappedRegions.parse(line))
        #expect(r.start == 0x7f12_a000_0000 && r.end == 0x7f12_e000_0000 && r.inode == 1_234_567 && r.sharedReadOnly)
        // Private or writable mappings are never released (their pages may hold the only copy).
        #expect(MappedRegions.parse(Array("7f12a0000000-7f12e0000000 rw-s 00000000 08:01 1 /x".utf8))?.sharedReadOnly == false)
        #expect(MappedRegions.parse(Array("7f12a0000000-7f12e0000000 r--p 00000000 08:01 1 /x".utf8))?.sharedReadOnly == false)
        #expect(MappedRegions.parse(Array("garbage".utf8)) == nil)
    }

    /// The ledger's file is found among this process's mappings, and values
    /// read before its pages are dropped read the same afterwards (the map is
    /// shared and read-only: the pages come back from the page cache), also
    /// in the middle of a write transaction.
    @Test func readsAreUnchangedAcrossARelease() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        #expect(!l.environment.fileMapping().isEmpty)
        let before = try l.event(3)
        try l.environment.read { txn in
            let read: Void? = try txn.get(l.environment.database("events"), SeqKey.make(3)) { v in
                let copy = v.array
                l.environment.releaseReadPages()
                #expect(v.array == copy)
            }
            #expect(read != nil)
        }
        try l.environment.write { txn in
            try txn.put(l.checkpoints.raw, [9], [1, 2, 3])
            l.environment.releaseReadPages()
            #expect(try txn.copy(l.checkpoints.raw, [9]) == [1, 2, 3])
            try txn.delete(l.checkpoints.raw, [9])
        }
        #expect(try l.event(3) == before)
        #expect(try l.verify().ok)
    }
}

struct ReadingFiles {
    /// A command's input file is mapped (`InputBytes`): the same bytes as the
    /// file, an empty file as no bytes, and nil for what is not a regular file.
    @Test func mapsAnInputFileAsItsBytes() throws {
        let dir = TempDir()
        let path = dir.path + "/input.jsonl"
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let mapped = try #require(InputBytes.map(path: path))
        #expect(mapped.count == bytes.count)
        #expect(mapped.array == bytes)
        // The mapping is a snapshot of the pages, not a copy: it stays valid
        // however long the object lives, and is gone with it.
        let tail = Array(mapped.buffer[(bytes.count - 5)...])
        #expect(tail == Array(bytes.suffix(5)))
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(InputBytes.map(path: path)?.count == 0)
        #expect(InputBytes.map(path: dir.path + "/absent") == nil)
        #expect(InputBytes.map(path: dir.path) == nil)  // not a regular file
        #expect(InputBytes([1, 2, 3]).array == [1, 2, 3])
        #expect(InputBytes([]).count == 0)
    }

    /// Small files (zone rules, a ledger's first bytes) are read in one go,
    /// sized from fstat; a limit cuts it.
    @Test func readsAWholeFileOrItsFirstBytes() throws {
        let dir = TempDir()
        let path = dir.path + "/input.jsonl"
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(FileBytes.read(path) == bytes)
        #expect(FileBytes.read(path, limit: 1) == [bytes[0]])
        #expect(FileBytes.read(path, limit: 70_000) == Array(bytes[0..<70_000]))
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(FileBytes.read(path) == [])
        #expect(FileBytes.read(dir.path + "/absent") == nil)
        #expect(FileBytes.read(dir.path) == nil)  // not a regular file
    }
}
