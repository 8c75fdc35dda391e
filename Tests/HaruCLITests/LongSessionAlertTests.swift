import Foundation
import TestSupport
import Testing

/// The app's long-session alert, on or off with its hours: `running` and
/// `progress` flag a forgotten timer only while it is on; the question
/// before writing an over-long session stays (it guards mistyped times).
struct LongSessionAlertTests {
    @Test func theAlertFlagsForgottenTimersOnlyWhileItIsOn() {
        let dir = TempDir()
        let p = dir.ledgerPath
        let t0 = "2026-03-04T08:00:00+09:00", later = "2026-03-04T13:30:00+09:00"
        for args in [
            ["init", "--time-zone", "Asia/Seoul", "--now", t0],
            ["action", "add", "Reading", "--tracking", "time", "--now", t0],
            ["settings", "set", "--long-session-hours", "3", "--now", t0],
            ["start", "Reading", "--now", t0],
        ] {
            #expect(haru(args, ledger: p).code == 0, "\(args)")
        }
        #expect(haru(["running", "--now", later], ledger: p).out.contains("⚠ over 3 h"))
        #expect(haru(["progress", "--now", later], ledger: p).out.contains("⚠ Reading has been running for 5h 30m"))
        let off = haru(["settings", "set", "--long-session-alert", "off", "--now", later], ledger: p)
        #expect(off.code == 0 && off.out.hasPrefix("Changed long_session_alert to off."), "\(off.out)")
        #expect(!haru(["running", "--now", later], ledger: p).out.contains("⚠"))
        #expect(!haru(["progress", "--now", later], ledger: p).out.contains("⚠"))
        // Off, the JSON does not flag it either (issue 44); `over_limit` keeps the fact.
        let json = haru(["running", "--json", "--now", later], ledger: p).out
        #expect(json.contains(#""long":false,"over_limit":true"#), "\(json)")
        #expect(haru(["settings", "--json", "--now", later], ledger: p).out.contains(#""long_session_alert":false"#))
        // Writing a stop 5h 30m after the start is still asked about (a script: refused without --yes).
        let stop = haru(["stop", "--now", later], ledger: p)
        #expect(stop.code == 2 && stop.err.contains("over the long-session limit of 3 h"), "\(stop.err)")
        #expect(haru(["settings", "set", "--long-session-alert", "on", "--now", later], ledger: p).code == 0)
        #expect(haru(["running", "--now", later], ledger: p).out.contains("⚠ over 3 h"))
        #expect(haru(["running", "--json", "--now", later], ledger: p).out.contains(#""long":true,"over_limit":true"#))
    }

    @Test func aWordOtherThanOnOrOffIsRefusedAndNothingWritten() {
        let dir = TempDir()
        let p = dir.ledgerPath
        #expect(haru(["init", "--now", "2026-03-04T08:00:00Z"], ledger: p).code == 0)
        let r = haru(["settings", "set", "--long-session-alert", "yes"], ledger: p)
        #expect(r.code == 2 && r.err.contains(#"--long-session-alert takes on or off (got "yes")"#), "\(r.err)")
        #expect(haru(["log", "--json"], ledger: p).out.split(separator: "\n").count == 1)
    }
}
