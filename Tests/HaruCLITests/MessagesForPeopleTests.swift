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

/// Shell completion, generated from the command table, run in a real bash.
struct ShellCompletion {
    @Test func bashCompletesSubcommandsOptionsAndNamesFromTheLedger() throws {
        let dir = cliLedger()
        let bin = (haruBinary as NSString).deletingLastPathComponent
        func complete(_ words: [String]) throws -> String {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let r = try sh(
                """
                export PATH='\(bin)':"$PATH" HARU_LEDGER='\(dir.ledgerPath)'
                source <(haru completion bash)
                COMP_WORDS=(haru \(quoted)); COMP_CWORD=\(words.count); _haru; echo "${COMPREPLY[*]}"
                """)
            return r.out.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try complete(["sta"]) == "start")
        #expect(try complete(["tag", "a"]) == "add")
        #expect(try complete(["records", "--a"]) == "--action --all --as-of")
        #expect(try complete(["start", "Re"]) == "Reading", "names from the ledger")
        #expect(try complete(["count", "W"]) == "Water")
        #expect(haru(["completion", "fish"]).out.contains("complete -c haru -n '__fish_use_subcommand' -a 'init append"))
        #expect(haru(["completion", "zsh"]).out.hasPrefix("#compdef haru"))
        #expect(haru(["completion", "tcsh"]).code == 2)
        #expect(!haru(["--help"]).out.contains("__names"), "the helper is not listed")
    }
}
