import HaruLedger

/// How a command calls the library's operations: with the command line's
/// clock, ids and source (`cli`, which `haru undo` takes back), a fold's
/// refusal said in the command's words, and the flush `--no-sync` asks for.
extension Context {
    /// The source label of every event a command writes.
    static let source = "cli"

    /// Runs an operation on the ledger and returns its outcome.
    mutating func operate<T: WriteOutcome>(_ body: (Ledger, Int64, inout AnyRNG) throws -> T) throws -> T {
        let ledger = try openLedger()
        let now = try nowMicros()
        let outcome: T
        do { outcome = try body(ledger, now, &rng) } catch LedgerError.invalid(let e) { throw refused(e, naming: ledger) }
        flushAfterCommit(ledger, outcome.written)
        return outcome
    }

    /// A refusal of the ledger's rules in the command's words, an action,
    /// tag or goal said by its name rather than its id (the rules know ids).
    func refused(_ e: InputError, naming ledger: Ledger) -> UsageError {
        guard var broken = e.broken else { return Context.refused(e) }
        func named(_ kind: DefinitionKind, _ id: String) -> String {
            let f = try? ledger.withStoredState { try $0.definition(kind, id)?.fields() }
            return (f ?? nil).flatMap { kind == .todo ? $0.string(.text) : $0.label } ?? id
        }
        switch broken {
        case .tracksOther(let action, let tracks): broken = .tracksOther(action: named(.action, action), tracks: tracks)
        case .goalHasQuests(let goal, let quest): broken = .goalHasQuests(goal: named(.goal, goal), quest: questText(quest, in: ledger))
        case .goalAlready(let goal, let finished, let seq): broken = .goalAlready(goal: named(.goal, goal), finished: finished, seq: seq)
        case .todoAlready(let todo, let done, let at): broken = .todoAlready(todo: named(.todo, todo), done: done, at: at)
        default: break
        }
        var named = e
        named.broken = broken
        return Context.refused(named)
    }

    /// Runs a plain write (`Ledger.write`) as an operation.
    mutating func operate(_ body: (Ledger, Int64, inout AnyRNG) throws -> AppendResult) throws -> AppendResult {
        try operate { ledger, now, rng in Wrote(written: try body(ledger, now, &rng)) }.written
    }

    /// Runs an operation that may refuse a long session: asked about on a
    /// terminal (then written), refused elsewhere without `--yes` — a length
    /// like that is almost always a mistyped day or a forgotten timer, and it
    /// would silently swell every total it touches.
    /// - Parameter why: what to add to the question, from the refusal's start and end, in the words given.
    mutating func operateAskingLong<T: WriteOutcome>(
        yes: Bool, why: (Instant, Instant, Words) throws -> String = { _, _, _ in "" },
        _ body: (Ledger, Int64, inout AnyRNG, Bool) throws -> T
    ) throws -> T {
        do {
            return try operate { ledger, now, rng in try body(ledger, now, &rng, yes) }
        } catch OperationError.longSession(let action, let start, let end, let hours) where !yes {
            let ledger = try openLedger()
            let named = name(of: .action, action, in: ledger)
            // Said in the chosen language, and in English for the error's own text.
            let (whyHere, whyEnglish, here) = (try why(start, end, words), try why(start, end, .english), words.language)
            let what: @Sendable (Words) -> String = { w in
                w(
                    Refusal.longSession, named, w.duration(end.seconds - start.seconds), String(hours),
                    w.language == here ? whyHere : whyEnglish)
            }
            guard let confirm = invocation.confirm else {
                throw UsageError { w in w(Refusal.longSessionAsk, what(w)) }
            }
            guard confirm(what(words) + words(Refusal.writeIt)) else { throw Declined(message: words(Refusal.nothingWritten)) }
            return try operate { ledger, now, rng in try body(ledger, now, &rng, true) }
        }
    }

    /// The refusals about running sessions, in the command's words.
    func runningWords(_ e: OperationError, verb: String, ledger: Ledger) throws -> UsageError? {
        switch e {
        case .alreadyRunning(let action, let since):
            let name = self.name(of: .action, action, in: ledger)
            return UsageError(.alreadyRunning, name, try calendar(ledger).format(since), ShellWord.quoted(name))
        case .notRunning(let action): return UsageError(.notRunning, name(of: .action, action, in: ledger))
        case .nothingRunning: return UsageError(.nothingRunning)
        case .severalRunning(let n): return UsageError { w in w(Refusal.severalRunning, String(n), w.verb(verb)) }
        default: return nil
        }
    }
}

/// A plain write's result as an outcome.
private struct Wrote: WriteOutcome {
    var written: AppendResult
}
