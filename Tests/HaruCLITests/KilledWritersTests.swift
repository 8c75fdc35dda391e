import Foundation
import TestSupport
import Testing

/// Short forms of `scripts/kill-writers.py`, `scripts/contention.py`,
/// `scripts/compact-stress.py` and `Benchmarks/jepsen-folder.py`
/// (the long forms' figures are in Docs/reliability.md), run on the built
/// binary: writers killed with SIGKILL at random moments, and several
/// writers, readers and `--expect-head` races at once.
struct KilledWriters {
    @Test(.timeLimit(.minutes(3))) func killedWritersLoseNothingAcknowledgedAndLeaveNoHalfBatch() throws {
        let r = try sh("python3 \(packageRoot)/scripts/kill-writers.py --haru \(haruBinary) --kills 40 --seed 11")
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("failures: 0"), "\(r.out)")
    }

    /// Short form of `scripts/compact-stress.py`: `compact` in place in a
    /// loop beside three writers and a reader.
    @Test(.timeLimit(.minutes(3))) func compactsInPlaceBesideWritersAndReadersLoseNothing() throws {
        let r = try sh("python3 \(packageRoot)/scripts/compact-stress.py --haru \(haruBinary) --compacts 100 --seconds 90")
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("lost: 0; twice: 0; false damage reports: 0") && r.out.contains("compact ok: 100"), "\(r.out)")
    }

    /// Short form of `Benchmarks/jepsen-folder.py`: three devices and a flaky
    /// sync tool (files empty, cut, late), kills, vanishing folders, strays.
    @Test(.timeLimit(.minutes(3))) func threeDevicesThroughAFlakyFolderEndWithEveryAcknowledgedEvent() throws {
        let r = try sh("python3 \(packageRoot)/Benchmarks/jepsen-folder.py --haru \(haruBinary) --steps 250 --seed 5")
        #expect(r.code == 0 && r.out.hasSuffix("jepsen-folder: ok\n"), "\(r.out)\(r.err)")
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
