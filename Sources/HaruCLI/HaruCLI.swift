import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

/// The `haru` command line. The executable calls `run` and exits with what
/// it returns; tests call it in-process with their own streams and clock.
package enum HaruCLI {
    package static let version = "0.1.0"

    static let root: Command = Command(
        name: "haru", abstract: "An event-sourced habit and time ledger.",
        usage: "<subcommand> [options]",
        discussion: """
            Every change is an immutable, hash-chained event in an LMDB ledger; totals,
            progress and streaks are derived from the events.
            """,
        // In the order a person meets them: the day's tracking and its fixes,
        // the views, the definitions, data in and out, the ledger's own checks.
        subcommands: [
            Subcommands.initLedger,
            Subcommands.start, Subcommands.stop, Subcommands.count, Subcommands.running, Subcommands.records, Subcommands.timetable,
            Subcommands.diary, Subcommands.todo, Subcommands.blob,
            Subcommands.edit, Subcommands.delete, Subcommands.cancel, Subcommands.undo, Subcommands.restore,
            Subcommands.skip, Subcommands.unskip,
            Subcommands.day, Subcommands.report, Subcommands.progress, Subcommands.explain, Subcommands.history, Subcommands.log,
            Subcommands.web,
            Subcommands.tag, Subcommands.action, Subcommands.goal, Subcommands.quest,
            Subcommands.actions, Subcommands.tags, Subcommands.goals, Subcommands.quests, Subcommands.skips, Subcommands.settings,
            Subcommands.prefs,
            Subcommands.append, Subcommands.export, Subcommands.importData, Subcommands.sync, Subcommands.conflicts,
            Subcommands.verify, Subcommands.diff, Subcommands.rebuild, Subcommands.redact, Subcommands.compact, Subcommands.check,
            Subcommands.completion, Subcommands.names,
        ])

    /// Runs one command line. The single place where errors become exit codes.
    package static func run(_ invocation: Invocation) -> Int32 {
        finish(invocation, dispatch(invocation))
    }

    /// Writes out the buffered output; a write that failed (a full disk, a
    /// closed descriptor) turns a success into exit 3 with a message on
    /// stderr. A reader that went away (`haru log | head`: EPIPE) is no
    /// error: it had what it wanted.
    /// When the command committed events first, the message says so and the
    /// exit is 4 (`committedButNotReported`): a script that retries events
    /// without ids must not append them twice.
    static func finish(_ invocation: Invocation, _ code: Int32) -> Int32 {
        invocation.out.flush()
        guard let e = invocation.out.failure, e != EPIPE else { return code }
        let why = "\(String(cString: strerror(e))) (errno \(e))"
        let w = Words(language: Language.chosen(arguments: invocation.arguments, environment: invocation.environment) ?? .en)
        if let done = invocation.committed.said(w) {
            invocation.err.line("\(w(.error)): " + w(Refusal.outputLostCommitted, done, why))
            return code == ExitCode.ok ? ExitStatus.committedButNotReported.rawValue : code
        }
        invocation.err.line("\(w(.error)): " + w(Refusal.outputLost, why))
        return code == ExitCode.ok ? ExitCode.cannotOpen : code
    }

    private static func dispatch(_ invocation: Invocation) -> Int32 {
        var args = invocation.arguments
        let err = invocation.err
        // The language of what is said (errors included): `--lang`, else the locale's.
        guard let language = Language.chosen(arguments: args, environment: invocation.environment) else {
            let given =
                args.firstIndex(of: "--lang").flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }
                ?? args.first { $0.hasPrefix("--lang=") }.map { String($0.dropFirst(7)) } ?? ""
            err.line("Error: " + Words.english(.langValues, Echo.quoted(given)))
            return ExitCode.badInput
        }
        let words = Words(language: language)
        if args.isEmpty || args == ["--help"] || args == ["-h"] {
            invocation.out.write(Help.text(root, path: "", language: words.language))
            return args.isEmpty ? ExitCode.badInput : ExitCode.ok
        }
        // `--version` anywhere before a subcommand (`haru --ledger L --version`).
        if args.contains("--version"), !args.contains(where: { root.find($0) != nil }) {
            invocation.out.line("haru \(version)")
            return ExitCode.ok
        }
        // `help SUB…` prints the same as `SUB… --help`.
        if args.first == "help" {
            args.removeFirst()
            args.append("--help")
            if args == ["--help"] {
                invocation.out.write(Help.text(root, path: "", language: words.language))
                return ExitCode.ok
            }
        }
        var command = root
        var path: [String] = []
        // Global options may come before the subcommand (`haru --ledger L log`):
        // set them aside and hand them to the subcommand's parser.
        var carried: [String] = []
        while !command.subcommands.isEmpty {
            if let next = args.first, let spec = globalOptions.first(where: { next == $0.name || next.hasPrefix($0.name + "=") }),
                spec.name != "--help"
            {
                carried.append(args.removeFirst())
                if spec.value != nil, !next.contains("="), !args.isEmpty { carried.append(args.removeFirst()) }
                continue
            }
            guard let next = args.first, !next.hasPrefix("-") else {
                if command.run != nil { break }  // a group that is also a command (`haru settings`)
                if args.contains("--help") || args.contains("-h") {
                    invocation.out.write(Help.text(command, path: path.joined(separator: " "), language: words.language))
                    return ExitCode.ok
                }
                if let option = args.first {
                    err.line(
                        "\(words(.error)): "
                            + (path.isEmpty
                                ? words(Refusal.optionBeforeSubcommand, option)
                                : words(.unknownOption, option, path.joined(separator: " "))))
                    err.line(
                        "\(words(.usage)): haru \(Help.usage(command))  "
                            + words(.seeHelp, "haru help" + (path.isEmpty ? "" : " " + path.joined(separator: " "))))
                    return ExitCode.badInput
                }
                err.line(
                    "\(words(.error)): " + words(Refusal.needsSubcommand, "haru" + (path.isEmpty ? "" : " " + path.joined(separator: " ")))
                        + (command.listedBy.map { words(.listedBy, $0) } ?? ""))
                err.line("\(words(.usage)): haru \(Help.usage(command))")
                return ExitCode.badInput
            }
            guard let sub = command.find(next) else {
                if command.run != nil { break }
                let near = Suggest.nearest(next, among: command.subcommands.map(\.name))
                // `haru todo list`, `haru tag ls`: the list is another command's.
                let asksForAList = ["list", "ls", "show", "all"].contains(next.lowercased())
                err.line(
                    "\(words(.error)): " + words(.unknownCommand, (path + [next]).joined(separator: " "))
                        + ((asksForAList ? command.listedBy.map { words(.listedBy, $0) } : nil) ?? near.map { words(.didYouMean, $0) } ?? "")
                )
                err.line(
                    "\(words(.usage)): haru \(Help.usage(command))  "
                        + words(.seeHelp, "haru help" + (path.isEmpty ? "" : " " + path.joined(separator: " "))))
                return ExitCode.badInput
            }
            command = sub
            path.append(next)
            args.removeFirst()
        }
        // `tag` and `goal` take their own `--color #RRGGBB`: a `--color WHEN`
        // before the subcommand is the output's (`haru --color always tag add …`).
        var outputColor: String?
        if command.options.contains(where: { $0.key == .color }) {
            var kept: [String] = []
            var k = 0
            while k < carried.count {
                let a = carried[k]
                if a == OptionKey.color.name, k + 1 < carried.count {
                    outputColor = carried[k + 1]
                    k += 2
                    continue
                }
                if a.hasPrefix(OptionKey.color.name + "=") {
                    outputColor = String(a.dropFirst(OptionKey.color.name.count + 1))
                } else {
                    kept.append(a)
                }
                k += 1
            }
            carried = kept
        }
        args += carried
        if args.contains("--help") || args.contains("-h") {
            invocation.out.write(Help.text(command, path: path.joined(separator: " "), language: words.language))
            return ExitCode.ok
        }
        do {
            let parsed = try ArgumentParser.parse(args, for: command)
            func context() -> Context {
                var ctx = Context(invocation: invocation, parsed: parsed, rng: AnyRNG(base: invocation.rng))
                ctx.words = words
                ctx.outputColor = outputColor
                return ctx
            }
            var ctx = context()
            if let c = outputColor, !["auto", "always", "never"].contains(c) {
                throw UsageError(Refusal.colorTakes, Echo.quoted(c))
            }
            // Validation before running: the clock options must read before anything opens the ledger.
            if let n = parsed.value(.now) { _ = try ctx.instant(n, option: "--now") }
            try Context.checkColorOption(parsed, command)
            guard let run = command.run else { throw UsageError(Refusal.needsSubcommand, "haru \(path.joined(separator: " "))") }
            var code: Int32
            var attempt = 1
            while true {
                let written = (invocation.out.writes, invocation.err.writes)
                do {
                    code = try run(&ctx, parsed)
                    break
                } catch let e
                    where Self.isRunAgain(e) && attempt < 1000 && invocation.committed.text == nil
                    && written == (invocation.out.writes, invocation.err.writes)
                {
                    // `haru compact` put a compacted copy in place while this
                    // command had the old one open, or another haru (a
                    // sync's merge) rebuilt the projections it had opened;
                    // nothing was written (the write was refused before it
                    // began) nor said: the command runs again on the ledger
                    // as it is now, as the person would have run it a moment later. Each refusal means
                    // another compaction finished, so this ends as a wait
                    // for the writers' queue does (as long as it takes):
                    // `compact` run in a loop made a writer lose 16 rounds in
                    // a row 170 times in 10,000 (scripts/compact-stress.py).
                    attempt += 1
                    ctx = context()
                }
            }
            if let end = invocation.end { withExtendedLifetime(ctx) { end(finish(invocation, code)) } }
            return code
        } catch {
            return report(error, usage: Help.usage(command), to: err, words: words)
        }
    }
}

extension HaruCLI {
    /// Errors that say "nothing was written: run it again" because another
    /// process changed the ledger under this one (`dispatch` does).
    static func isRunAgain(_ e: any Error) -> Bool {
        if let e = e as? LMDBError { return e.code == ESTALE }
        if case LedgerError.rebuiltMeanwhile = e { return true }
        return false
    }

    /// A refused input line (`append`, an import): its line and field as typed, the rule in the language.
    static func inputWords(_ e: InputError, _ w: Words) -> String {
        (e.line.map { w(Refusal.inputLine, String($0)) } ?? "") + "\(e.field): " + (e.broken.map { Refusal.said($0, w) } ?? e.rule)
    }

    /// The one place where errors become messages and exit codes: every
    /// layer's errors say their `ExitStatus` (`HaruError`).
    static func report(_ error: any Error, usage: String, to stream: OutputStream, words: Words = .english) -> Int32 {
        // What an error echoes (a path, a value, a file's line) never reaches the terminal as control bytes.
        struct Visible {
            let stream: OutputStream
            func line(_ s: String) { stream.line(Echo.visible(s)) }
        }
        let err = Visible(stream: stream)
        switch error {
        case is CheckFailed:
            break  // the details are printed already
        case let e as Declined:
            err.line(e.message)
        case let e as UsageError:
            err.line("\(words(.error)): \(e.text(words))")
            err.line("\(words(.usage)): haru \(usage)")
        case LedgerError.notFound(let path):
            err.line("\(words(.error)): " + words(.noLedger, path))
        case let e as InputError where e.broken != nil && words.language != .en:
            err.line("\(words(.error)): " + inputWords(e, words))
        case LedgerError.invalid(let e) where e.broken != nil && words.language != .en:
            err.line("\(words(.error)): " + inputWords(e, words))
        case let e as SyncError where e.missingFolder != nil:
            err.line("\(words(.error)): " + words(Refusal.noSyncFolder, e.missingFolder!))
        case let e as LMDBError:
            err.line("\(words(.error)): cannot use the ledger: \(e.description)")
        case let e as any HaruError:
            err.line("\(words(.error)): \(e.description)")
        default:
            // Not one of haru's: an unexpected failure of something underneath.
            err.line("\(words(.error)): \(error)")
            return ExitStatus.cannotOpen.rawValue
        }
        return (error as? any HaruError)?.exitStatus.rawValue ?? ExitStatus.cannotOpen.rawValue
    }
}

/// The subcommands, one file each.
enum Subcommands {}
