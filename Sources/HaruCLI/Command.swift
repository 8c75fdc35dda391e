import HaruLedger

/// An option's name, spelled once (`OptionKey.expectHead` is
/// `--expect-head`): commands declare and read their options by these keys,
/// so a misspelled option is a compile error, not a value that is never there.
struct OptionKey: Hashable, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

extension OptionKey {
    static let action = OptionKey("--action")
    static let actionFrom = OptionKey("--action-from")
    static let amount = OptionKey("--amount")
    static let all = OptionKey("--all")
    static let asOf = OptionKey("--as-of")
    static let at = OptionKey("--at")
    static let atLeast = OptionKey("--at-least")
    static let atMost = OptionKey("--at-most")
    static let by = OptionKey("--by")
    static let color = OptionKey("--color")
    static let customEnd = OptionKey("--custom-end")
    static let customStart = OptionKey("--custom-start")
    static let dayStart = OptionKey("--day-start")
    static let deadline = OptionKey("--deadline")
    static let end = OptionKey("--end")
    static let entity = OptionKey("--entity")
    static let every = OptionKey("--every")
    static let exclude = OptionKey("--exclude")
    static let everyDay = OptionKey("--every-day")
    static let dryRun = OptionKey("--dry-run")
    static let expectHead = OptionKey("--expect-head")
    static let favorite = OptionKey("--favorite")
    static let field = OptionKey("--field")
    static let fresh = OptionKey("--fresh")
    static let from = OptionKey("--from")
    static let future = OptionKey("--future")
    static let goal = OptionKey("--goal")
    static let hash = OptionKey("--hash")
    static let help = OptionKey("--help")
    static let html = OptionKey("--html")
    static let id = OptionKey("--id")
    static let json = OptionKey("--json")
    static let longSessionHours = OptionKey("--long-session-hours")
    static let longSessionAlert = OptionKey("--long-session-alert")
    static let minSessionSeconds = OptionKey("--min-session-seconds")
    static let notes = OptionKey("--notes")
    static let order = OptionKey("--order")
    static let records = OptionKey("--records")
    static let representative = OptionKey("--representative")
    static let knownAt = OptionKey("--known-at")
    static let ledger = OptionKey("--ledger")
    static let list = OptionKey("--list")
    static let map = OptionKey("--map")
    static let measure = OptionKey("--measure")
    static let monthDays = OptionKey("--month-days")
    static let name = OptionKey("--name")
    static let noSync = OptionKey("--no-sync")
    static let newDevice = OptionKey("--new-device")
    static let open = OptionKey("--open")
    static let port = OptionKey("--port")
    static let listen = OptionKey("--listen")
    static let reason = OptionKey("--reason")
    static let trustOwner = OptionKey("--trust-owner")
    static let noTags = OptionKey("--no-tags")
    static let note = OptionKey("--note")
    static let now = OptionKey("--now")
    static let ordinal = OptionKey("--ordinal")
    static let output = OptionKey("--output")
    static let lang = OptionKey("--lang")
    static let period = OptionKey("--period")
    static let periods = OptionKey("--periods")
    static let seqs = OptionKey("--seqs")
    static let start = OptionKey("--start")
    static let symbol = OptionKey("--symbol")
    static let tag = OptionKey("--tag")
    static let target = OptionKey("--target")
    static let threshold = OptionKey("--threshold")
    static let timeZone = OptionKey("--time-zone")
    static let title = OptionKey("--title")
    static let to = OptionKey("--to")
    static let tracking = OptionKey("--tracking")
    static let type = OptionKey("--type")
    static let untagged = OptionKey("--untagged")
    static let weekStart = OptionKey("--week-start")
    static let wait = OptionKey("--wait")
    static let weekday = OptionKey("--weekday")
    static let whole = OptionKey("--whole")
    static let yes = OptionKey("--yes")
    static let weekdays = OptionKey("--weekdays")
}

/// One option of a command.
struct OptionSpec: Sendable {
    var key: OptionKey
    /// `--name`; `short` is `-x` when there is one.
    var name: String { key.name }
    var short: String? = nil
    /// nil for a flag; else the value's placeholder (`SEQ`, `DATE`).
    var value: String? = nil
    var help: String
    var repeatable = false

    init(_ key: OptionKey, short: String? = nil, value: String? = nil, help: String, repeatable: Bool = false) {
        (self.key, self.short, self.value, self.help, self.repeatable) = (key, short, value, help, repeatable)
    }
}

/// A command or a group of subcommands, with the help text it prints.
struct Command: Sendable {
    var name: String
    var abstract: String
    /// After `haru`, e.g. `count ACTION [N] [--at TIME]`.
    var usage: String
    var arguments: [(String, String)] = []
    var options: [OptionSpec] = []
    var discussion: String? = nil
    var subcommands: [Command] = []
    /// For a group whose things another command lists (`haru tag` → `haru tags`,
    /// `haru todo` → `haru diary`): said when the group is given no subcommand
    /// or one that asks for a list (`haru todo list`).
    var listedBy: String? { subcommands.isEmpty ? nil : Command.listings[name] }
    static let listings = [
        "tag": "haru tags", "action": "haru actions", "goal": "haru goals", "quest": "haru quests",
        "todo": "haru diary [DATE]",
    ]
    /// Positional arguments: at least `minArgs`, at most `maxArgs`.
    var minArgs = 0
    var maxArgs = 0
    var run: (@Sendable (inout Context, Parsed) throws -> Int32)? = nil

    func find(_ name: String) -> Command? { subcommands.first { $0.name == name } }
}

/// Options every command takes.
let globalOptions: [OptionSpec] = [
    OptionSpec(
        .ledger, value: "PATH",
        help: "The ledger directory (default: $HARU_LEDGER, else $XDG_DATA_HOME/haru, else ~/.local/share/haru)."),
    OptionSpec(.json, help: "Print JSON instead of tables."),
    OptionSpec(.now, value: "INSTANT", help: "Pin the clock (ISO 8601 with offset), for reproducible scripts."),
    OptionSpec(.noSync, help: "Skip fsync at commit: faster bulk loads; a crash may lose the last commits, never older ones."),
    OptionSpec(.color, value: "WHEN", help: "Colour: auto (on a terminal, unless NO_COLOR is set), always or never."),
    OptionSpec(
        .wait, value: "SECONDS", help: "Behind another writer, give up after SECONDS (exit 3; default: wait, saying so after a second)."),
    OptionSpec(.trustOwner, help: "Use a ledger that belongs to another user (refused otherwise)."),
    OptionSpec(
        .lang, value: "en|ko|ja", help: "The language of human output (default: from LC_ALL, LC_MESSAGES or LANG); JSON never changes."),
    OptionSpec(.help, short: "-h", help: "Show help for this command."),
]

/// A parsed command line: positionals, option values, flags.
struct Parsed {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    /// The options the command declares (and the global ones): reading
    /// another is a mistake in the command, caught by the tests (debug builds).
    var declared: Set<OptionKey> = []

    func value(_ key: OptionKey) -> String? { checked(key); return values[key.name]?.last }
    func all(_ key: OptionKey) -> [String] { checked(key); return values[key.name] ?? [] }
    func has(_ key: OptionKey) -> Bool { checked(key); return flags.contains(key.name) || values[key.name] != nil }

    /// For code every command shares (the clock, `--as-of`): the value when
    /// this command declares the option, nil when it does not take it.
    func valueIfDeclared(_ key: OptionKey) -> String? { declared.contains(key) ? values[key.name]?.last : nil }

    private func checked(_ key: OptionKey) {
        assert(declared.isEmpty || declared.contains(key), "the command reads \(key.name) but does not declare it")
    }
}

enum ArgumentParser {
    /// Splits `args` by the command's and the global options. `--` ends
    /// options; `--name=value` and `--name value` both work.
    static func parse(_ args: [String], for command: Command) throws -> Parsed {
        let specs = command.options + globalOptions
        var p = Parsed()
        p.declared = Set(specs.map(\.key))
        var k = 0
        var onlyPositionals = false
        while k < args.count {
            let a = args[k]
            k += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" || isNegativeNumber(a) {
                p.positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            var name = a
            var inline: String?
            if let eq = a.firstIndex(of: "="), a.hasPrefix("--") {
                name = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            guard let spec = specs.first(where: { $0.name == name || $0.short == name }) else {
                throw UsageError(.unknownOption, name, String(command.usage.split(separator: " ").first ?? ""))
            }
            if spec.value == nil {
                if inline != nil { throw UsageError(Refusal.takesNoValue, spec.name) }
                p.flags.insert(spec.name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard k < args.count else { throw UsageError(Refusal.needsValue, spec.name, spec.value!) }
                value = args[k]
                k += 1
            }
            if !spec.repeatable, let earlier = p.values[spec.name]?.last, earlier != value {
                throw UsageError(Refusal.givenTwice, spec.name)
            }
            p.values[spec.name, default: []].append(value)
        }
        if p.positionals.count < command.minArgs {
            let missing = command.arguments.dropFirst(p.positionals.count).first?.0 ?? "an argument"
            throw UsageError(.missingArgument, missing)
        }
        if p.positionals.count > command.maxArgs {
            throw UsageError(Refusal.unexpectedArgument, p.positionals[command.maxArgs])
        }
        return p
    }

    private static func isNegativeNumber(_ s: String) -> Bool { s.count > 1 && s.dropFirst().allSatisfy { $0.isNumber } }
}

enum Help {
    /// OVERVIEW / USAGE / ARGUMENTS / OPTIONS / SUBCOMMANDS, the layout of
    /// swift-argument-parser.
    static func text(_ c: Command, path: String, language: Language = .en) -> String {
        func say(_ english: String) -> String { HelpWords.text(english, language) }
        func label(_ l: HelpWords.Label) -> String { HelpWords.label(l, language) }
        var s = "\(label(.overview)): \(say(c.abstract))\n\n"
        if let d = c.discussion { s += say(d) + "\n\n" }
        s += "\(label(.usage)): haru \(usage(c))\n"
        if !c.arguments.isEmpty {
            s += "\n\(label(.arguments)):\n"
            for (name, help) in c.arguments { s += row(name, say(help)) }
        }
        // The root also says `--version` (handled before any parsing, `HaruCLI.run`).
        let version = path.isEmpty ? [OptionSpec(OptionKey("--version"), help: label(.version))] : []
        // A command's own option hides the global one of the same name (`tag add --color #RRGGBB`
        // is the tag's colour, not the output's), as the parser reads it.
        let globals = globalOptions.filter { g in !c.options.contains { $0.name == g.name } }
        let opts = c.options + (c.subcommands.isEmpty ? globals : version + [globalOptions.last!])
        s += "\n\(label(.options)):\n"
        for o in opts {
            var left = (o.short.map { "\($0), " } ?? "") + o.name
            if let v = o.value { left += " <\(v)>" }
            s += row(left, say(o.help) + (o.repeatable ? label(.repeatable) : ""))
        }
        if !c.subcommands.isEmpty {
            s += "\n\(label(.subcommands)):\n"
            for sub in c.subcommands where !sub.name.hasPrefix("__") { s += row(sub.name, say(sub.abstract)) }
            let more = "haru help \(path.isEmpty ? "" : path + " ")<subcommand>"
            s += "\n  " + HelpWords.seeHelp(more, language) + "\n"
        }
        return s
    }

    /// The usage line: the command's template (`day [DATE] [--order] [--as-of]`)
    /// with each option's placeholder taken from the option's own spec — the
    /// one its OPTIONS row shows — so the two cannot disagree. An option of a
    /// subcommand (`settings … | settings set [--day-start]`) takes its spec there.
    static func usage(_ c: Command) -> String {
        var specs: [String: OptionSpec] = [:]
        func add(_ c: Command) {
            for o in c.options where specs[o.name] == nil { specs[o.name] = o }
            for sub in c.subcommands { add(sub) }
        }
        add(c)
        for o in globalOptions where specs[o.name] == nil { specs[o.name] = o }
        var out = ""
        var rest = Substring(c.usage)
        while let dash = rest.indices.first(where: { rest[$0...].hasPrefix("--") }) {
            out += rest[..<dash]
            let after = rest[dash...].dropFirst(2)
            let name = after.prefix { $0.isLowercase || $0 == "-" }
            let option = "--" + name
            out += option
            if let v = specs[option]?.value { out += " " + v }
            rest = after.dropFirst(name.count)
        }
        return out + rest
    }

    private static func row(_ left: String, _ right: String) -> String {
        let pad = 26
        if left.count + 2 >= pad { return "  \(left)\n" + String(repeating: " ", count: pad) + right + "\n" }
        return "  " + left + String(repeating: " ", count: pad - 2 - left.count) + right + "\n"
    }
}
