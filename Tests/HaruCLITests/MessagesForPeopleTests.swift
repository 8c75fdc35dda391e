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
        #expect(haru(["completion", "fish"]).out.contains("complete -c haru -n '__fish_use_subcommand' -a 'init start stop"))
        #expect(haru(["completion", "zsh"]).out.hasPrefix("#compdef haru"))
        #expect(haru(["completion", "tcsh"]).code == 2)
        #expect(!haru(["--help"]).out.contains("__names"), "the helper is not listed")
    }
}

struct OutputForPeople {
    @Test func colourWhenAskedOrOnATerminalNeverWhenNot() {
        let dir = readSideLedger()
        let p = dir.ledgerPath
        let now = ["--now", "2026-03-06T12:00:00+09:00"]
        #expect(haru(["progress", "--color", "always"] + now, ledger: p).out.contains("\u{1B}[33m"))
        #expect(!haru(["progress"] + now, ledger: p).out.contains("\u{1B}["), "not a terminal: no colour")
        #expect(!haru(["progress", "--color", "never"] + now, ledger: p).out.contains("\u{1B}["))
        let bad = haru(["progress", "--color", "sometimes"] + now, ledger: p)
        #expect(bad.code == 2 && bad.err.contains("--color takes auto, always or never"))
        #expect(haru(["tag", "add", "Red", "--color", "#FF0000"] + now, ledger: p).code == 0, "a tag's own --color is its colour")
    }

    @Test func logShowsNamesBesideIds() {
        let dir = readSideLedger()
        let log = haru(["log", "--type", "quest"], ledger: dir.ledgerPath).out
        #expect(log.contains("goal_id=g-a(First)"), "\(log)")
        #expect(log.contains("target={action_id=read(Books)}"), "\(log)")
        #expect(!haru(["log", "--json", "--type", "quest"], ledger: dir.ledgerPath).out.contains("(First)"), "JSON keeps the ids alone")
    }

    @Test func appendOnATerminalPrintsOneLineUnlessAskedForSeqs() throws {
        let dir = cliLedger()
        let file = dir.path + "/events.jsonl"
        let lines = (1...3).map {
            #"{"id":"00000000-0000-4000-8000-00000000000\#($0)","type":"count.added","at":"2026-03-04T09:00:00Z","data":{"entry_id":"e\#($0)","action_id":"water","amount":1}}"#
        }
        FileManager.default.createFile(atPath: file, contents: Data(lines.joined(separator: "\n").utf8))
        let tty = try sh("HARU_LEDGER='\(dir.ledgerPath)' script -qec \"'\(haruBinary)' append '\(file)'\" /dev/null")
        #expect(tty.out.contains("Appended 3 events (seq 5–7)."), "\(tty.out) \(tty.err)")
        let again = try sh("HARU_LEDGER='\(dir.ledgerPath)' script -qec \"'\(haruBinary)' append --seqs '\(file)'\" /dev/null")
        #expect(again.out.contains("5\r\n6\r\n7"), "ids repeat: the same seqs, asked for: \(again.out)")
        #expect(haru(["append", file], ledger: dir.ledgerPath).out == "5\n6\n7\n", "a pipe gets the seqs")
    }
}

struct ChoicesListed {
    @Test func wrongNamesTypesAndFieldsListWhatThereIs() {
        let dir = cliLedger()
        let p = dir.ledgerPath
        let name = haru(["count", "watr"], ledger: p)
        #expect(name.err.contains(#"no action named "watr"; did you mean "Water"?"#), "\(name.err)")
        #expect(haru(["action", "delete", "Water", "--yes"], ledger: p).code == 0)
        #expect(haru(["count", "Water"], ledger: p).err.contains("was deleted at seq 5; `haru restore Water` brings it back"))
        let type = haru(["append"], ledger: p, stdin: #"{"type":"count.add","at":"2026-03-04T09:00:00Z","data":{}}"#)
        #expect(type.err.contains(#"unknown event type "count.add"; did you mean count.added? (types: settings.changed,"#), "\(type.err)")
        let field = haru(["append"], ledger: p, stdin: #"{"type":"count.added","at":"2026-03-04T09:00:00Z","data":{"entry_id":"x","action_id":"water","amont":1}}"#)
        #expect(field.err.contains("data.amont: is not a field of count.added (its fields: action_id, amount, entry_id, note)"), "\(field.err)")
        #expect(haru(["log", "--type", "bogus"], ledger: p).err.contains("domains: settings, tag, action, session, count, goal, quest"))
    }
}
