import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem

/// What an app developer tripped on in the library (issue 42): a time of
/// day typed as people type it, a ledger made under folders not made yet,
/// and the ledger's own records out of a sync's reach.
struct LibraryEdgesTests {
    @Test(arguments: [("4:00", 240), ("04:00", 240), ("0:05", 5), ("21:30", 1290), ("23:59", 1439)])
    func aTimeOfDayAsPeopleTypeIt(_ text: String, minutes: Int) throws {
        #expect(try ClockTime(text).minutes == minutes)
    }

    @Test(arguments: [
        ("24:00", "hour"), ("4:60", "minute"), ("4", "time"), ("4:0", "time"), ("400", "time"), ("-1:00", "time"), ("", "time"),
        ("４:００", "time"),
    ])
    func aTimeOfDayThatIsNotOneSaysWhy(_ text: String, field: String) {
        #expect(throws: InputError.self) { try ClockTime(text) }
        do { _ = try ClockTime(text) } catch { #expect(error.field == field, "\(text): \(error)") }
    }

    @Test func aLedgerIsMadeUnderFoldersNotMadeYet() throws {
        let dir = TempDir()
        let deep = dir.path + "/one/two/ledger"
        let l = try Ledger.create(path: deep)
        #expect(try l.head().seq == 0)
        let beside = dir.path + "/three/four/ledger"
        // Its head record is written for it (a ledger is whole only with one).
        var rng = SeededRNG(seed: 3)
        let made = try Ledger.createBeside(beside) { partial in
            let l = try Ledger.create(path: partial)
            return try l.append(try events(setupJSONL), now: 1_000_000, rng: &rng).head
        }
        #expect(made == 5)
        let record = try String(contentsOfFile: beside + "/head", encoding: .utf8)
        #expect(record.hasPrefix("seq 00000000000000000005 hash "), "\(record)")
        #expect(try Ledger(path: beside).head().seq == 5)
    }

    @Test func aSyncWritesOnlyItsOwnRecords() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        let head = try l.head()
        for key in ["merge.top", "device", "projections", "syncx"] {
            #expect(throws: LedgerError.self) { try l.setSyncState([(key, [1])]) }
            #expect(throws: LedgerError.self) { try l.setSyncState([], removing: [key]) }
            #expect(throws: LedgerError.self) { try l.merge([], state: [(key, [1])], now: 2_000_000) }
        }
        #expect(try l.head() == head)
        #expect(try l.deviceID() == nil)
        try l.setSyncState([("sync.targets", Array("/shared".utf8))])
        #expect(try l.syncState("sync.targets") == Array("/shared".utf8))
    }

    @Test func aLedgerIsOpenedOncePerProcess() throws {
        let dir = TempDir()
        let path: String
        do {
            let l = try freshLedger(dir)
            path = dir.ledgerPath
            // A second open, writable or not, is refused before LMDB opens a
            // file (closing it would drop the first one's locks), naming why.
            for readOnly in [false, true] {
                do {
                    _ = try Ledger(path: path, readOnly: readOnly)
                    Issue.record("a second open was not refused")
                } catch {
                    #expect("\(error)".contains("is open in this process already"), "\(error)")
                }
            }
            // The first is untouched.
            #expect(try l.head().seq == 5)
        }
        // Let go, it opens again.
        #expect(try Ledger(path: path).head().seq == 5)
    }

    @Test func instantsAddDurationsAndMeasureBetweenThemselves() throws {
        let start = try Instant.parse("2026-03-02T20:00:00+09:00").get()
        #expect((start + .seconds(1800)).format(offsetSeconds: 32_400) == "2026-03-02T20:30:00+09:00")
        #expect((start - .seconds(21 * 3600)).format(offsetSeconds: 32_400) == "2026-03-01T23:00:00+09:00")
        #expect((start + .seconds(1800)) - start == .seconds(1800))
        #expect(start - (start + .seconds(5)) == .seconds(-5))
        var t = start
        t += .seconds(5400)
        #expect(t.seconds == start.seconds + 5400)
        // The clock's microseconds, before 1970 too (whole seconds, rounded down).
        #expect(Instant(micros: 1_500_000).seconds == 1 && Instant(micros: -1).seconds == -1 && start.micros == start.seconds * 1_000_000)
    }
}
