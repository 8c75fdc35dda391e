import Foundation
import TestSupport
import Testing

@testable import HaruCLI

/// Errors and output in a person's words (issue 15, item 5).
struct MessagesForPeople {
    @Test func aMistypedSubcommandGetsASuggestionAndAnOptionAloneIsNamed() {
        let r = haru(["stat", "Reading"])
        #expect(r.code == 2)
        #expect(r.err.contains("unknown command 'stat'; did you mean 'start'?"), "\(r.err)")
        #expect(!haru(["frobnicate"]).err.contains("did you mean"))
        let bogus = haru(["--bogus"])
        #expect(bogus.code == 2 && bogus.err.contains("unknown option '--bogus'; options follow a subcommand"), "\(bogus.err)")
        #expect(haru(["--ledger", "/tmp/nowhere", "--version"]).out.hasPrefix("haru "))
    }

    @Test func startingARunningActionSaysSinceWhenAndHowToStopIt() {
        let dir = cliLedger()
        #expect(haru(["start", "Reading", "--now", "2026-03-04T07:00:00+09:00"], ledger: dir.ledgerPath).code == 0)
        let r = haru(["start", "Reading", "--now", "2026-03-04T08:00:00+09:00"], ledger: dir.ledgerPath)
        #expect(r.code == 2)
        #expect(r.err.contains("Reading is already running since 2026-03-04T07:00:00+09:00; stop it with: haru stop Reading"), "\(r.err)")
    }

    @Test func limitsAndTimesInTheirOwnWords() {
        let dir = cliLedger()
        let p = dir.ledgerPath
        for args in [
            ["goal", "add", "Less water?", "--start", "2026-03-01", "--end", "2026-03-02", "--id", "g", "--now", "2026-03-01T00:00:00+09:00"],
            ["quest", "add", "--goal", "g", "--action", "water", "--period", "daily", "--target", "2", "--at-most", "--id", "lim",
                "--now", "2026-03-01T00:00:00+09:00"],
            ["quest", "add", "--goal", "g", "--action", "Reading", "--period", "weekly", "--target", "3h", "--id", "read",
                "--now", "2026-03-01T00:00:00+09:00"],
            ["count", "water", "3", "--now", "2026-03-01T09:00:00+09:00"],
        ] {
            #expect(haru(args, ledger: p).code == 0, "\(args)")
        }
        let explain = haru(["explain", "lim", "--as-of", "2026-03-01"], ledger: p).out
        #expect(explain.contains("limit 3, done 3: over") || explain.contains("limit 2, done 3: over"), "\(explain)")
        let progress = haru(["progress", "--now", "2026-03-10T00:00:00+09:00"], ledger: p).out
        // A daily quest is judged on the goal's last day (03-02), where nothing was counted.
        #expect(progress.contains("judged: within the limit (limit 2, done 0)"), "\(progress)")
        #expect(progress.contains("judged: not met (0s of 25m 43s)"), "a time quest's judgment in durations: \(progress)")
    }
}
