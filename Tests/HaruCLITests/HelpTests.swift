import Foundation
import TestSupport
import Testing

@testable import HaruCLI

struct HelpText {
    /// Every command and group, from the command tree itself: a new command
    /// cannot be missed here or in Docs/cli.md.
    static let commands: [[String]] = {
        var out: [[String]] = []
        func walk(_ c: Command, _ path: [String]) {
            if !path.isEmpty { out.append(path) }
            for sub in c.subcommands where !sub.name.hasPrefix("__") { walk(sub, path + [sub.name]) }
        }
        walk(HaruCLI.root, [])
        return out
    }()

    @Test func theTreeHoldsTheKnownCommands() {
        for known in [
            ["records"], ["actions"], ["settings", "set"], ["history"], ["export", "jsonl"], ["import", "jsonl"], ["tag", "add"],
        ] {
            #expect(HelpText.commands.contains(known), "\(known)")
        }
    }

    @Test(arguments: commands)
    func everyCommandHasTheSameHelpThreeWays(_ path: [String]) {
        let long = haru(path + ["--help"])
        let short = haru(path + ["-h"])
        let viaHelp = haru(["help"] + path)
        #expect(long.code == 0)
        #expect(long.out == short.out)
        #expect(long.out == viaHelp.out)
        #expect(long.out.hasPrefix("OVERVIEW: "))
        #expect(long.out.contains("\nUSAGE: haru \(path.joined(separator: " "))"))
        #expect(long.out.contains("\nOPTIONS:\n"))
    }

    /// The usage line and the OPTIONS rows come from the same specs: every
    /// option a usage line names is declared (by the command, a subcommand,
    /// or globally), and its placeholder is the one its OPTIONS row shows.
    @Test(arguments: commands)
    func theUsageLineAgreesWithTheOptions(_ path: [String]) throws {
        var c = HaruCLI.root
        for name in path { c = try #require(c.find(name)) }
        var declared: [String: String] = [:]
        func add(_ c: Command) {
            for o in c.options where declared[o.name] == nil { declared[o.name] = o.value ?? "" }
            for sub in c.subcommands { add(sub) }
        }
        add(c)
        for o in globalOptions where declared[o.name] == nil { declared[o.name] = o.value ?? "" }
        let usage = Help.usage(c)
        let words = usage.split(whereSeparator: { " []()|…".contains($0) })
        for (k, word) in words.enumerated() where word.hasPrefix("--") {
            let value = try #require(declared[String(word)], "\(path): the usage names \(word), which nothing declares")
            if !value.isEmpty {
                // The placeholder follows the option, as the OPTIONS row shows it (`<user|name|id>`).
                #expect(usage.contains("\(word) \(value)"), "\(path): \(usage)")
                #expect(k + 1 < words.count, "\(path): \(word) without its value")
            }
        }
        // The case this guards: `day` and `report` once showed `--order <N>` (a definition's place) for the list order.
        if path == ["day"] || path == ["report"] { #expect(usage.contains("--order user|name|id")) }
    }

    @Test func rootHelpListsEverySubcommand() {
        let r = haru(["--help"])
        #expect(r.code == 0)
        for c in HaruCLI.root.subcommands where !c.name.hasPrefix("__") { #expect(r.out.contains("\n  \(c.name) "), "\(c.name)") }
        #expect(haru(["help"]).out == r.out)
    }

    @Test func noArgumentsPrintsHelpAndExitsTwo() {
        let r = haru([])
        #expect(r.code == 2)
        #expect(r.out.contains("SUBCOMMANDS:"))
    }

    @Test func versionPrints() {
        #expect(haru(["--version"]).out == "haru \(HaruCLI.version)\n")
    }
}

struct ExitCodes {
    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["tag", "paint"], "unknown command 'tag paint'"),
        (["tag"], "`haru tag` needs a subcommand"),
        (["count"], "missing ACTION"),
        (["count", "water", "1", "2"], "unexpected argument '2'"),
        (["log", "--colour"], "unknown option '--colour'"),
        (["log", "--from"], "option '--from' needs a value"),
        (["log", "--from", "zero"], "--from: \"zero\" is not a seq"),
        (["append", "--expect-head", "x"], "--expect-head: \"x\" is not a seq"),
        (["start", "read", "--at", "2026-03-04 25:00"], "--at: \"2026-03-04 25:00\" is not a time; give 07:30"),
        (["log", "--now", "yesterday"], "--now: \"yesterday\" is not an ISO 8601 instant"),
    ])
    func badUsageExitsTwoWithErrorAndUsage(args: [String], message: String) {
        let dir = TempDir()
        _ = haru(["init"], ledger: dir.ledgerPath)
        let r = haru(args, ledger: dir.ledgerPath)
        #expect(r.code == 2, "\(r)")
        #expect(r.err.hasPrefix("Error: "), "\(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test func aMissingLedgerExitsThree() {
        let dir = TempDir()
        let r = haru(["log"], ledger: dir.path + "/none")
        #expect(r.code == 3)
        #expect(r.err.contains("no ledger at"))
    }

    @Test func initTwiceExitsTwoAndAnUnknownZoneCreatesNothing() {
        let dir = TempDir()
        #expect(haru(["init"], ledger: dir.ledgerPath).code == 0)
        #expect(haru(["init"], ledger: dir.ledgerPath).code == 2)
        let other = dir.path + "/other"
        let r = haru(["init", "--time-zone", "Mars/Olympus"], ledger: other)
        #expect(r.code == 2)
        #expect(r.err.contains("Error: time_zone: must be a known IANA time zone"))
        #expect(haru(["log"], ledger: other).code == 3)
    }
}

struct CommandReference {
    /// Docs/cli.md is generated from the help text; it must not drift from it.
    /// Groups that only hold subcommands (`haru tag`) have no section of their own.
    @Test(
        arguments: HelpText.commands.filter { path in
            var c = HaruCLI.root
            for name in path { c = c.find(name)! }
            return c.run != nil
        })
    func docsCarryTheCurrentHelpText(_ path: [String]) throws {
        let doc = try String(contentsOfFile: packageRoot + "/Docs/cli.md", encoding: .utf8)
        let help = haru(["help"] + path).out
        #expect(
            doc.contains("## haru \(path.joined(separator: " "))\n\n```\n" + help + "```"),
            "Docs/cli.md is stale for `haru \(path.joined(separator: " "))`: run scripts/gen-cli-doc.sh")
    }
}
