import HaruLedger

/// What every subcommand works with: the invocation and the global options.
struct Context {
    /// The ledger this command opened. LMDB must not open one environment twice
    /// in a process: closing the second would drop the process's file locks on
    /// the lock file that the first still relies on, and another process could
    /// then reset the reader table under it. So every command opens it once.
    let opened = LedgerHolder()

    var invocation: Invocation
    var parsed: Parsed
    var zones = ZoneDirectory.system
    var rng: AnyRNG
    /// `--color WHEN` given before a subcommand that has a `--color` of its own (`tag`, `goal`).
    var outputColor: String?
    /// The language of human output (`--lang`, else the locale's).
    var words = Words.english

    var out: OutputStream { invocation.out }
    var json: Bool { parsed.has(.json) }

    /// The ledger directory: --ledger, $HARU_LEDGER, $XDG_DATA_HOME/haru, ~/.local/share/haru.
    func ledgerPath() throws -> String {
        if let p = parsed.value(.ledger) { return p }
        let env = invocation.environment
        if let p = env["HARU_LEDGER"], !p.isEmpty { return p }
        // A relative XDG_DATA_HOME is invalid and ignored (XDG Base Directory specification).
        if let x = env["XDG_DATA_HOME"], x.hasPrefix("/") { return x + "/haru" }
        if let h = env["HOME"], !h.isEmpty { return h + "/.local/share/haru" }
        throw UsageError(Refusal.noLedgerGiven)
    }

    var durability: Environment.Durability { parsed.has(.noSync) ? .relaxed : .durable }

    func openLedger(readOnly: Bool = false) throws -> Ledger {
        if let l = opened.ledger { return l }
        if let at = opened.creatingAt {
            let l = try Ledger.create(path: at, durability: durability, zones: zones)
            opened.ledger = l
            return l
        }
        let err = invocation.err
        let path = try ledgerPath(), wait = try writeWait(), trustOwner = parsed.has(.trustOwner)
        func open(readOnly: Bool) throws -> Ledger {
            try Ledger(path: path, durability: durability, readOnly: readOnly, writeWait: wait, trustOwner: trustOwner, zones: zones) {
                from, events in
                // Once per ledger and upgrade; a script's stderr stays quiet.
                if err.isTTY {
                    err.line(
                        "The ledger's projections are of an older format (\(from)); rebuilding them from its \(events) events (the events are not touched) …"
                    )
                }
            }
        }
        let l: Ledger
        do {
            l = try open(readOnly: readOnly)
        } catch LedgerError.olderProjections(let found, let supported) where readOnly {
            // A query on a ledger an older haru wrote: upgrade it first when
            // this user may write it; when not, the format is what to tell.
            do { l = try open(readOnly: false) } catch let e as LMDBError where e.kind == .permissionDenied || e.kind == .readOnlyFileSystem
            {
                throw LedgerError.olderProjections(found: found, supported: supported)
            }
        }
        if l.isLockless {
            invocation.err.line(words(.readWithoutLock))
        }
        opened.ledger = l
        return l
    }

    /// The ledger an import of another tool's files goes into. Unlike a
    /// JSON Lines export (which carries its settings), these files carry no
    /// time zone or day start, and the ledger's calendar decides which day
    /// each record falls on: the ledger must be made first, and the error
    /// says so.
    func openLedgerToImport(_ what: String) throws -> Ledger {
        do { return try openLedger() } catch LedgerError.notFound(let path) {
            throw UsageError(
                "no ledger at \(path): make it first with `haru init --time-zone ZONE [--day-start HH:MM]`; \(what) carry no time zone "
                    + "or day start, and those decide which day each record falls on (`haru import jsonl` makes one: an export carries its settings)"
            )
        }
    }

    /// `--wait SECONDS` (default: as long as it takes), and the line a person
    /// reads after a second behind another writer.
    func writeWait() throws -> WriteWait {
        var limit: Double?
        if let w = parsed.value(.wait) {
            guard let s = Double(w), s >= 0, s <= 86_400 else {
                throw UsageError(Refusal.waitSeconds, Echo.quoted(w))
            }
            limit = s
        }
        let err = invocation.err
        return WriteWait(limit: limit) { pid in
            err.line(
                "Waiting for the ledger's write lock, held by process \(pid)"
                    + (limit.map { " (giving up after \(Int($0)) s)" } ?? " (--wait SECONDS to give up)") + " …")
        }
    }

    /// The clock in µs: `--now` when given.
    func nowMicros() throws -> Int64 {
        if let n = parsed.value(.now) { return try instant(n, option: "--now").seconds * 1_000_000 }
        return invocation.clock()
    }

    /// The effective time of a command's event: `--at` as a person types it
    /// (read in the ledger's calendar), else now (whole seconds).
    func eventTime(ignoringAt: Bool = false) throws -> Instant {
        let now = try clockNow()
        guard !ignoringAt, let a = parsed.valueIfDeclared(.at) else { return now }
        if case .success(let t) = Instant.parse(a) { return t }
        return try humanInstant(a, option: "--at", calendar: try calendar(try openLedger()), now: now)
    }

    /// The time of a record a command writes (`start`, `stop`, `count`): now,
    /// to the second, or `--at` as typed, cut to the minute
    /// (`LedgerCalendar.flooredToMinute`; Docs/design.md, "Everyday use").
    func recordTime() throws -> Instant {
        let t = try eventTime()
        guard parsed.valueIfDeclared(.at) != nil else { return t }
        return try calendar(try openLedger()).flooredToMinute(t)
    }

    /// Now, in whole seconds (`--now` when given).
    func clockNow() throws -> Instant {
        let us = try nowMicros()
        return Instant(seconds: us >= 0 ? us / 1_000_000 : (us - 999_999) / 1_000_000)
    }

    /// An instant typed by a person (`HumanTime`), or an error listing the forms.
    /// - Parameters:
    ///   - day: the logical day a clock time alone belongs to (a record's own day, for `edit`); nil: today's latest.
    ///   - after: with `day`, the instant a clock time must follow (an end after its start).
    func humanInstant(
        _ text: String, option: String, calendar: LedgerCalendar, now: Instant, day: LocalDate? = nil, after: Instant? = nil
    ) throws -> Instant {
        if let day, let t = HumanTime.instant(text, ofDay: day, after: after, now: now, calendar: calendar) { return t }
        if day == nil, let t = HumanTime.instant(text, now: now, calendar: calendar) { return t }
        throw UsageError(.notATime, option, Echo.quoted(text))
    }

    func instant(_ text: String, option: String) throws -> Instant {
        switch Instant.parse(text) {
        case .success(let t): return t
        case .failure(.noOffset): throw UsageError(Refusal.needsOffset, option, Echo.quoted(text))
        case .failure(.fractionalSeconds): throw UsageError(Refusal.wholeSeconds, option, Echo.quoted(text))
        case .failure(.offsetOutOfRange): throw UsageError(Refusal.offsetRange, option, Echo.quoted(text))
        case .failure(.outOfRange):
            throw UsageError(Refusal.outsideLedgerTimes, option, Echo.quoted(text), Instant.ledgerRangeText)
        case .failure: throw UsageError(Refusal.notAnInstant, option, Echo.quoted(text))
        }
    }

    /// An input error of a command-built event, without the JSON layer's line and `data.`.
    static func commandWords(_ e: InputError, _ w: Words = .english) -> String {
        let field = e.field.hasPrefix("data.") ? String(e.field.dropFirst(5)) : e.field == "at" ? "--at" : e.field
        guard w.language != .en, let broken = e.broken else { return "\(field): \(e.rule)" }
        return Refusal.said(broken, w)
    }

    /// A refusal of a command-built event, said in each language.
    static func refused(_ e: InputError) -> UsageError { UsageError { w in commandWords(e, w) } }

    /// Appends a batch of events (an import: its reading shown on `progress`).
    mutating func append(_ inputs: [EventInput], progress: ProgressLine?) throws -> AppendResult {
        let ledger = try openLedger()
        let result = try ledger.append(inputs, now: try nowMicros(), rng: &rng, progress: progress.map { line in line.report })
        flushAfterCommit(ledger, result)
        return result
    }

    /// An import's plan: its events checked against the ledger, nothing written.
    mutating func plan(_ inputs: [EventInput], notes: [String] = []) throws -> ImportPlan {
        try openLedger().plan(inputs, notes: notes, now: try nowMicros(), rng: &rng)
    }

    /// Writes what `plan` says, at the head it was made at.
    mutating func commit(_ plan: ImportPlan, progress: ProgressLine?) throws -> AppendResult {
        let ledger = try openLedger()
        let result = try ledger.commit(plan, now: try nowMicros(), rng: &rng, progress: progress.map { line in line.report })
        flushAfterCommit(ledger, result)
        return result
    }

    /// `--dry-run`: what the import would write, in the summary's words; nothing written.
    /// - Parameter unchanged: timewarrior's intervals already there as they are.
    func reportPlan(_ plan: ImportPlan, from source: String, unchanged: Int = 0) -> Int32 {
        // The importer's notes say what the import does; nothing is done yet.
        for n in plan.notes { invocation.err.line(words(Done.noteIfImported, n)) }
        if json {
            printJSON(
                .object([
                    ("dry_run", .bool(true)), ("events", .int(Int64(plan.events.count))), ("appended", .int(Int64(plan.preview.appended))),
                    ("skipped", .int(Int64(plan.alreadyThere))), ("head", .int(Int64(plan.head))),
                    ("changes_what_is_there", .bool(plan.changesWhatIsThere)), ("unchanged_intervals", .int(Int64(unchanged))),
                ]))
        } else {
            out.line(
                Subcommands.importSummary(
                    plan.preview, from: source, skipped: Subcommands.unchangedIntervals(unchanged, words), dryRun: true, words: words))
            if plan.changesWhatIsThere { invocation.err.line(words(Done.importChangesWhatIsThere)) }
        }
        return ExitCode.ok
    }

    /// Imports timewarrior's export (`TimewarriorImport.run`).
    mutating func importTimewarrior(_ bytes: [UInt8], options: TimewarriorImport.Options, progress: ProgressLine?) throws
        -> TimewarriorImport.Result
    {
        let ledger = try openLedger()
        let result = try TimewarriorImport.run(
            bytes, into: ledger, options: options, zones: zones, now: try nowMicros(), rng: &rng,
            progress: progress.map { line in line.report })
        flushAfterCommit(ledger, result.append)
        return result
    }

    /// Appends JSON Lines as one batch (`haru append`).
    mutating func appendJSONLines(
        _ input: InputBytes, expectHead: UInt64?, progress: ProgressLine?, provenance: Bool = false, commits: BatchCommits = .one
    ) throws -> AppendResult {
        let ledger = try openLedger()
        let result = try ledger.appendJSONLines(
            input, zones: zones, expectHead: expectHead, now: try nowMicros(), rng: &rng,
            progress: progress.map { line in line.report }, provenance: provenance, commits: commits)
        flushAfterCommit(ledger, result)
        return result
    }

    /// With `--no-sync`, flushes the commit to disk once it is made. The
    /// events are in the ledger whether or not the flush succeeds: a failure
    /// is a warning, never an error (a script that retried a `count` without
    /// an id would count twice).
    func flushAfterCommit(_ ledger: Ledger, _ result: AppendResult) {
        invocation.committed.note(result)
        guard durability == .relaxed else { return }
        do {
            try invocation.flushToDisk(ledger)
        } catch {
            invocation.err.line(words(Done.notFlushed, String(result.head), "\(error)"))
        }
    }

    /// A fresh entity id (UUID v4, lower case).
    mutating func newID() -> String { EventID.random(using: &rng).description }

    /// The ledger's calendar at its head (instants print in the ledger's zone).
    func calendar(_ ledger: Ledger) throws -> LedgerCalendar {
        try ledger.snapshot(zones: zones) { try $0.calendar() }
    }

    /// Prints one JSON value. A query's object carries its provenance: the
    /// seq it is known at (`known_at`) and that event's hash
    /// (`known_at_hash`), placed after `known_at` or appended.
    func printJSON(_ v: JSONValue) {
        guard case .object(let members) = v else { return out.line(v.compactText) }
        out.line(JSONValue.object(withProvenance(members)).compactText)
    }

    /// An object whose first members a writer streams (`members`, no
    /// braces: a long report's periods, handed out in chunks as they are
    /// written) followed by `rest`, which carries the provenance as
    /// `printJSON` adds it.
    func printJSON(then rest: [(String, JSONValue)], members: (inout JSONBytes, _ flush: (inout JSONBytes) -> Void) -> Void) {
        var buffer = JSONBytes(capacity: 1 << 17)
        buffer.byte(0x7B)
        members(&buffer) { b in
            out.write(bytes: b.bytes)
            b.bytes.removeAll(keepingCapacity: true)
        }
        var tail = JSONBytes()
        JSONValue.object(withProvenance(rest)).write(to: &tail)
        // `{…}` of the rest: its members after a comma, and its closing brace.
        if tail.bytes.count > 2 { buffer.byte(0x2C) }
        buffer.bytes.append(contentsOf: tail.bytes.dropFirst())
        out.line(bytes: buffer.bytes)
    }

    /// `members` with `known_at_hash` after `known_at` (both added when missing),
    /// once a query has said which seq it read.
    private func withProvenance(_ members: [(String, JSONValue)]) -> [(String, JSONValue)] {
        guard let p = opened.provenance else { return members }
        var members = members
        let hash: (String, JSONValue) = ("known_at_hash", p.hash.map { .string($0.description) } ?? .null)
        if let k = members.firstIndex(where: { $0.0 == "known_at" }) {
            if !members.contains(where: { $0.0 == "known_at_hash" }) { members.insert(hash, at: k + 1) }
        } else {
            members += [("known_at", .int(Int64(p.seq))), hash]
        }
        return members
    }
}

/// Holds the one ledger a command opens (see `Context.opened`).
final class LedgerHolder {
    var ledger: Ledger?
    /// The seq a query's snapshot is known at and that event's hash (`printJSON`).
    var provenance: (seq: UInt64, hash: Digest?)?
    /// Set by a command that makes the ledger when there is none (`import`):
    /// where it is built before it is renamed into place.
    var creatingAt: String?
}
