import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

struct DamagedPayloads {
    /// A changed payload byte that takes away a field the fold requires (the
    /// count's amount becomes a `time`): verify names the seq, and neither it
    /// (which folds on another thread while it checks the chain) nor a replay
    /// crashes on the missing field.
    @Test func aPayloadLosingARequiredFieldIsReportedNotACrash() throws {
        let dir = TempDir()
        do {
            let l = try freshLedger(dir)
            var rng = SeededRNG(seed: 5)
            let line =
                #"{"type":"count.added","at":"2026-03-02T09:00:00+09:00","data":{"entry_id":"c2","action_id":"water","amount":2,"note":"marker-Q"}}"#
            _ = try l.append(try events(line), now: 2_000_000, rng: &rng)
        }
        let file = dir.ledgerPath + "/data.mdb"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        // note "marker-Q", then entry_id (tag 20) "c2", then amount (tag 21, an int): make that tag 22.
        let needle = Data("marker-Q".utf8) + Data([20, 3, 2]) + Data("c2".utf8) + Data([21, 1])
        let range = try #require(bytes.range(of: needle))
        bytes[range.upperBound - 2] = 22
        try bytes.write(to: URL(fileURLWithPath: file))
        let l = try Ledger(path: dir.ledgerPath)
        let report = try l.verify()
        #expect(report.firstBadSeq == 6, "\(report)")
        #expect(report.problem?.contains("hash does not match") == true, "\(report)")
        #expect {
            try l.rebuild()
        } throws: { e in
            guard case LedgerError.damaged(let seq, let reason) = e else { return false }
            return seq == 6 && reason.contains("data.amount")
        }
    }
}
