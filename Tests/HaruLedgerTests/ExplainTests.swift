import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

/// `haru explain` shows each period's value as the progress engine measures
/// it (`QuestMeter`) and the records behind it; the records it lists as
/// counted must add up to that value, for every quest of every Fixtures
/// history, at references before, inside and after its records.
struct ExplainAgreesWithProgress {
    @Test func theCountedRecordsAddUpToTheMeasuredValueOfEveryPeriod() throws {
        var periodsChecked = 0, withRecords = 0
        for sub in ["days", "progress", "records"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Fixtures/" + sub).sorted() {
                let dir = TempDir()
                let l = try Ledger.create(path: dir.ledgerPath)
                var rng = SeededRNG(seed: 5)
                let text = try String(contentsOfFile: packageRoot + "/Fixtures/\(sub)/\(file)", encoding: .utf8)
                var times: [Int64] = []
                for line in text.split(separator: "\n") where line.hasPrefix("{\"type\"") {
                    if let e = try? events(String(line)), (try? l.append(e, now: 1_000_000, rng: &rng)) != nil {
                        times.append(e[0].at.seconds)
                    }
                }
                guard let lastAt = times.max(), let firstAt = times.min() else { continue }
                let instants = [firstAt + 86_400, (firstAt + lastAt) / 2, lastAt, lastAt + 3 * 86_400]
                try l.snapshot { snap in
                    let cal = try snap.calendar()
                    for quest in try snap.definitions(.quest) where quest.isLive {
                        for t in instants {
                            let ref = Reference.live(now: Instant(seconds: t))
                            let x = try QuestExplanation(snap, calendar: cal, reference: ref, quest: quest.id, count: 5)
                            for p in x.periods {
                                let counted = p.entries.reduce(0) { $0 + $1.counted }
                                #expect(abs(counted - p.done) < 1e-6, "\(file) quest \(quest.id) at \(t): \(p.first)…\(p.last) lists \(counted), measures \(p.done)")
                                periodsChecked += 1
                                if p.done > 0 { withRecords += 1 }
                            }
                        }
                    }
                }
            }
        }
        #expect(periodsChecked > 200 && withRecords > 50, "\(periodsChecked) periods, \(withRecords) with a value")
    }
}
