// Must NOT compile (scripts/check-compile.sh): stored bytes come as a
// RawSpan, which cannot leave the closure that got it (the map may be gone).
// expect: escap|lifetime|non-Escapable|~Escapable
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage

func keep(_ txn: ReadTransaction, _ db: Database) throws {
    var kept: [RawSpan] = []
    _ = try txn.get(db, [1]) { v in kept.append(v) }
}
