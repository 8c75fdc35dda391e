// Must NOT compile (scripts/check-compile.sh): a read transaction has no
// writes; `put` exists only on a WriteTransaction.
// expect: ReadWrite|ReadOnly|requires the types|no member
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage

func write(_ env: Environment, _ db: Database<RawKeys>) throws {
    try env.read { txn in try txn.put(db, [1], [2]) }
}
