import Foundation
import TestSupport
import Testing

/// Short forms of `scripts/kill-writers.py` and `scripts/contention.py`
/// (the long forms' figures are in Docs/reliability.md), run on the built
/// binary: writers killed with SIGKILL at random moments, and several
/// writers, readers and `--expect-head` races at once.
struct KilledWriters {
    @Test(.timeLimit(.minutes(3))) func killedWritersLoseNothingAcknowledgedAndLeaveNoHalfBatch() throws {
        let r = try sh("python3 \(packageRoot)/scripts/kill-writers.py --haru \(haruBinary) --kills 40 --seed 11")
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("failures: 0"), "\(r.out)")
    }

    @Test(.timeLimit(.minutes(3))) func syncsKilledAtRandomMomentsLoseNothingAndDuplicateNothing() throws {
        let r = try sh("python3 \(packageRoot)/scripts/kill-sync.py --haru \(haruBinary) --kills 20 --seed 5")
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("failures: 0") && r.out.contains("syncs killed:"), "\(r.out)")
    }

    @Test(.timeLimit(.minutes(3))) func concurrentWritersReadersAndRacesKeepEveryEventOnceAndOneWinner() throws {
        let r = try sh("python3 \(packageRoot)/scripts/contention.py --haru \(haruBinary) --seconds 6 --races 6")
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("winners per race [1]") && r.out.contains("failures: 0"), "\(r.out)")
    }
}
