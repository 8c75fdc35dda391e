// Must NOT compile (scripts/check-compile.sh): a database handle carries
// the codec of its keys; `events` takes seqs, not bytes made for another database.
// expect: cannot convert value of type
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage

func read(_ txn: ReadTransaction, _ events: Database<SeqKey>) throws -> [UInt8]? {
    try txn.copy(events, [0x20, 0x41])
}
