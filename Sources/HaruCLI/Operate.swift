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
        do { outcome = try body(ledger, now, &rng) } catch LedgerError.invalid(let e) { throw UsageError(Context.commandWords(e)) }
        flushAfterCommit(ledger, outcome.written)
        return outcome
    }

    /// Runs a plain write (`Ledger.write`) as an operation.
    mutating func operate(_ body: (Ledger, Int64, inout AnyRNG) throws -> AppendResult) throws -> AppendResult {
        try operate { ledger, now, rng in Wrote(written: try body(ledger, now, &rng)) }.written
    }

    /// Runs an operation that may refuse a long session: asked about on a
    /// terminal (then written), refused elsewhere without `--yes` — a length
    /// like that is almost always a mistyped day or a forgotten timer, and it
    /// would silently swell every total it touches.
    /// - Parameter why: what to add to the question, from the refusal's start and end.
    mutating func operateAskingLong<T: WriteOutcome>(
        yes: Bool, why: (Instant, Instant) throws -> String = { _, _ in "" },
        _ body: (Ledger, Int64, inout AnyRNG, Bool) throws -> T
    ) throws -> T {
        do {
            return try operate { ledger, now, rng in try body(ledger, now, &rng, yes) }
        } catch OperationError.longSession(let action, let start, let end, let hours) where !yes {
            let ledger = try openLedger()
            let what =
                "\(name(of: .action, action, in: ledger))'s session would be \(DurationText.text(end.seconds - start.seconds)) long, over the long-session limit of \(hours) h\(try why(start, end))"
            guard let confirm = invocation.confirm else {
                throw UsageError(what + "; check the times, or add --yes to write it (the limit is the long_session_hours setting)")
            }
            guard confirm(what + ". Write it?") else { throw Declined(message: "Nothing written.") }
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
        case .severalRunning(let n): return UsageError("\(n) sessions are running; name the action to \(verb)")
        default: return nil
        }
    }
}

/// A plain write's result as an outcome.
private struct Wrote: WriteOutcome {
    var written: AppendResult
}
