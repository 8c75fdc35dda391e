import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

/// `haru export` and `haru import`: the ledger's data out and back in.
extension Subcommands {
    static let outputOption = OptionSpec(
        .output, short: "-o", value: "FILE",
        help: "Write to FILE (whole or not at all: a temporary file renamed into place) instead of standard output.")

    static let export = Command(
        name: "export",
        abstract: "Write the ledger's data out: jsonl (every event, lossless), csv (the app's five files), timeclock (hledger).",
        usage: "export <jsonl|csv|timeclock> …",
        subcommands: [exportJSONL, exportCSV, exportTimeclock])

    static let importData = Command(
        name: "import",
        abstract:
            "Read data in: jsonl (an export of a ledger), csv (the app's five files), timew (timewarrior), loop (Loop Habit Tracker).",
        usage: "import <jsonl|csv|timew|loop> …",
        subcommands: [importJSONL, importCSV, importTimew, importLoop])

    static let exportJSONL = Command(
        name: "jsonl", abstract: "Every event, lossless, one JSON object per line.",
        usage: "export jsonl [--from] [--output]",
        options: [OptionSpec(.from, value: "SEQ", help: "Start at this seq (an incremental export)."), outputOption],
        discussion: """
            Each line holds the event as it was appended — id, type, at (in the ledger's zone), v,
            source, data (notes included) — then what the ledger added: seq, recorded (transaction
            time), prev and hash. `haru import jsonl` reads it back: into a path with no ledger it
            makes one with the same events under the same ids and seqs, so every query answers the
            same; into a ledger that has events it appends those whose ids it lacks.
            """,
        run: { ctx, p in
            let ledger = try ctx.openLedger(readOnly: true)
            let from = try p.fromSeq()
            let file = try p.value(.output).map { try OutputFile($0) }
            let out = file?.stream ?? ctx.out
            let cal = try ctx.calendar(ledger)
            let count: Int
            do {
                count = try ledger.exportJSONL(from: from, offset: { cal.offset(at: $0) }) { out.write(bytes: $0) }
                try file?.commit()
            } catch {
                file?.abandon()
                throw error
            }
            if let file { ctx.invocation.err.line(ctx.words(Done.exportedEvents, String(count), file.path)) }
            return ExitCode.ok
        })

    static let importJSONL = Command(
        name: "jsonl", abstract: "Append the events of a `haru export jsonl` file (idempotent by event id).",
        usage: "import jsonl FILE|- [--expect-head]",
        arguments: [("FILE", "An export (or any JSON Lines of events); - reads standard input.")],
        options: [
            OptionSpec(.expectHead, value: "SEQ", help: "Fail without writing unless the ledger's head is exactly SEQ.")
        ],
        discussion: """
            With no ledger at the path, makes one: the first line (usually the exported ledger's
            first settings.changed) becomes seq 1, and the result is the exported ledger again —
            same ids, seqs, effective times and transaction times (each line's `recorded`), so
            the same hashes, and every question of valid time (`--as-of`) and of transaction
            time (`--known-at SEQ|INSTANT`) answers the same: a restore.
            Into an existing ledger, events whose ids it already holds with the same content are
            skipped: two devices that exchange exports converge. The whole file is one batch:
            one bad line (named with its field and rule) rejects it all and nothing is written.
            Into an existing ledger the provenance fields of an export (seq, recorded, prev,
            hash) are read past: its events are recorded when this ledger learns them.
            """,
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            var expect: UInt64?
            if let e = p.value(.expectHead) {
                guard let n = UInt64(e) else { throw UsageError(Refusal.expectHeadSeq, e) }
                expect = n
            }
            let source = p.positionals[0]
            let input = try ctx.invocation.readInput(source == "-" ? nil : source)
            let path = try ctx.ledgerPath()
            let fresh = FileBytes.read(path + "/data.mdb", limit: 1) == nil
            let progress = ctx.progressLine("importing")
            defer { progress?.finish() }
            // The export of a ledger that merged other devices' events carries their
            // origins: it is merged again, so that it folds in the same order.
            let merged = Segment.holdsOrigins(input.buffer)
            func load(_ ctx: inout Context) throws -> AppendResult {
                // Into a new ledger, built where nobody else sees it, the load is
                // committed in parts (its memory bounded); the rename is the atomic step.
                guard merged else {
                    return try ctx.appendJSONLines(
                        input, expectHead: expect, progress: progress, provenance: true, commits: fresh ? .inParts() : .one)
                }
                let ledger = try ctx.openLedger()
                if let expect, try ledger.head().seq != expect {
                    throw LedgerError.headMoved(expected: expect, actual: try ledger.head().seq)
                }
                let contents: Segment.Contents
                do { contents = try Segment.read(Array(input.buffer), zones: ctx.zones) } catch { throw LedgerError.invalid(error) }
                let m = try ledger.merge(contents.events, blobs: contents.blobs, now: try ctx.nowMicros(), keepOrder: true)
                return AppendResult(
                    seqs: Array(repeating: 0, count: contents.events.count), appended: m.appended, head: m.head, written: m.written)
            }
            let r: AppendResult
            if fresh {
                // A new ledger is built beside its path and renamed into place once
                // the import committed, as `init` does: all or nothing.
                makeParents(of: path)
                r = try Ledger.createBeside(path) { partial in
                    ctx.opened.creatingAt = partial
                    let r = try load(&ctx)
                    try ctx.opened.ledger?.writeHeadRecord()
                    return r
                }
            } else {
                r = try load(&ctx)
            }
            progress?.finish()
            if ctx.json {
                let skipped = r.seqs.count - r.appended
                ctx.printJSON(
                    .object([
                        ("events", .int(Int64(r.seqs.count))), ("appended", .int(Int64(r.appended))), ("skipped", .int(Int64(skipped))),
                        ("head", .int(Int64(r.head))), ("created", .bool(fresh)),
                    ]))
            } else {
                ctx.out.line(importSummary(r, from: nil, createdAt: fresh ? path : nil, words: ctx.words))
            }
            return ExitCode.ok
        })

    static let exportCSV = Command(
        name: "csv", abstract: "The app's five CSV files: actions, time records, count records, goals, quests.",
        usage: "export csv DIR [--lang]",
        arguments: [("DIR", "The folder to write them into (made if missing).")],
        options: [OptionSpec(.lang, value: "en|ko|ja", help: "The language of the file names and header rows (default en).")],
        discussion: """
            As the app exports its data: UTF-8 with a byte order mark, one header row, instants in
            ISO 8601 with the ledger's offset, values (time/count, inProgress, atLeast, everyDay …)
            the same in every language. The live definitions in the user's order and every live
            record; a running session has an empty End. Settings, edits over time and deletions are
            not in them (`haru export jsonl` keeps everything). Each file is written whole or not at
            all. Docs/interchange.md lists the columns.
            """,
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let lang = try AppCSV.Language(rawValue: p.value(.lang) ?? "en").orThrow(UsageError(Refusal.csvLang))
            let dir = p.positionals[0]
            let ledger = try ctx.openLedger(readOnly: true)
            let tables = try ledger.snapshot(zones: ctx.zones) { snap in
                let cal = try snap.calendar()
                return try AppCSV.tables(snap, calendar: cal, reference: .live(now: try ctx.eventTime(ignoringAt: true)))
            }
            mkdir(dir, 0o755)
            // Every file is opened first and committed last: all five are
            // renamed into place only once each was written whole.
            var files: [AppCSV.File: OutputFile] = [:]
            var rows: [AppCSV.File: Int] = [:]
            do {
                for file in AppCSV.File.allCases {
                    let out = try OutputFile(dir + "/" + file.name(lang))
                    files[file] = out
                    // The app's columns, and Decimals, Unit … when an action has them.
                    let columns = file.columns(for: tables[file] ?? [])
                    out.stream.write(CSV.byteOrderMark + CSV.line(columns.map { lang == .en ? $0.en : lang == .ko ? $0.ko : $0.ja }))
                    for row in tables[file] ?? [] { out.stream.write(CSV.line(columns.map { row[$0.key] ?? "" })) }
                    rows[file] = tables[file]?.count ?? 0
                }
                var sessions = CSVWriter(), counts = CSVWriter()
                func flush(_ file: AppCSV.File, _ w: inout CSVWriter) { files[file]!.stream.write(bytes: w.take()) }
                let n = try ledger.snapshot(zones: ctx.zones) { snap in
                    try AppCSV.writeRecords(snap, calendar: try snap.calendar(), sessions: &sessions, counts: &counts) { flush($0, &$1) }
                }
                (rows[.timeRecords], rows[.countRecords]) = n
                flush(.timeRecords, &sessions)
                flush(.countRecords, &counts)
                for file in AppCSV.File.allCases { try files[file]!.finish() }
                for file in AppCSV.File.allCases { try files[file]!.publish() }
            } catch {
                for f in files.values { f.abandon() }
                throw error
            }
            let w = ctx.words
            let written = AppCSV.File.allCases.map { f in
                w.language == .en
                    ? "\(f.name(lang)) (\(rows[f] ?? 0) row\(rows[f] == 1 ? "" : "s"))"
                    : w(Done.csvRows, f.name(lang), String(rows[f] ?? 0))
            }
            ctx.out.line(w(Done.wroteCSV, dir, written.joined(separator: ", ")))
            return ExitCode.ok
        })

    /// `--dry-run` of the imports that plan first (`ImportPlan`).
    static let dryRunOption = OptionSpec(
        .dryRun, help: "Say what the import would write (and what is there already), and write nothing.")

    static let importCSV = Command(
        name: "csv", abstract: "Read the app's five CSV files back into events.",
        usage: "import csv DIR [--dry-run]",
        arguments: [("DIR", "A folder holding the files of `haru export csv` (any language, any subset of the five).")],
        options: [dryRunOption],
        discussion: """
            Tags and actions, goals, quests, then the records by time, all in one batch: one bad
            value rejects it all, and the error names the file, the line, the column and the rule.
            Definitions take effect two days before the earliest date in the files. A goal judged
            without an end date is finished at its Judged At (and confirmed, when it has no quests).
            Event ids are derived from each row's id, so importing the same folder again adds
            nothing. The files carry no settings: make the ledger with `haru init` (time zone, day
            start) first.
            """,
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let dir = p.positionals[0]
            var files: [AppCSV.File: AppCSV.InputFile] = [:]
            for file in AppCSV.File.allCases {
                for lang in AppCSV.Language.allCases {
                    let name = file.name(lang)
                    guard let bytes = FileBytes.read(dir + "/" + name, limit: 1 << 30) else { continue }
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        throw CSVInputError(file: name, line: 1, column: nil, rule: "is not UTF-8 text")
                    }
                    do {
                        files[file] = AppCSV.InputFile(name: name, records: try CSV.parse(text))
                    } catch let e as CSV.ParseError {
                        throw CSVInputError(file: name, line: e.line, column: nil, rule: e.reason)
                    }
                    break
                }
            }
            guard !files.isEmpty else {
                throw UsageError(
                    "no CSV files of the app in \(dir) (\(AppCSV.File.allCases.map { $0.name(.en) }.joined(separator: ", ")), or their ko/ja names)"
                )
            }
            let imported = try AppCSV.events(files, zones: ctx.zones)
            _ = try ctx.openLedgerToImport("the app's CSV files")
            let r: AppendResult
            do {
                // The batch's own errors (with their lines), mapped to the files below.
                let progress = ctx.progressLine("importing the app's CSV")
                defer { progress?.finish() }
                let plan = try ctx.plan(imported.map(\.event))
                if p.has(.dryRun) { return ctx.reportPlan(plan, from: "\(files.count) file\(files.count == 1 ? "" : "s")") }
                r = try ctx.commit(plan, progress: progress)
                progress?.finish()
            } catch let error {
                // The batch's line is the event's place: name the file and line it came from.
                let input: InputError? =
                    switch error {
                    case let e as InputError: e
                    case LedgerError.invalid(let e): e
                    case LedgerError.conflict(let line, _, let seq):
                        InputError(
                            line: line, field: "row",
                            rule: "was imported before (seq \(seq)) with other values; a row's id stands for one record or definition")
                    default: nil
                    }
                guard let e = input, let n = e.line, n >= 1, n <= imported.count else { throw error }
                let src = imported[n - 1]
                throw CSVInputError(file: src.file, line: src.line, column: nil, rule: "\(e.field): \(e.rule)")
            }
            ctx.out.line(importSummary(r, from: Subcommands.files(files.count, ctx.words), words: ctx.words))
            return ExitCode.ok
        })

    static let exportTimeclock = Command(
        name: "timeclock", abstract: "The finished sessions as hledger's timeclock file (i/o lines).",
        usage: "export timeclock [--from] [--to] [--output]",
        options: [
            OptionSpec(.from, value: "DAY|PERIOD", help: "Only sessions touching these logical days (as `report`)."),
            OptionSpec(.to, value: "DAY|PERIOD", help: "Last logical day, inclusive."),
            outputOption,
        ],
        discussion: """
            One `i`/`o` pair per finished session, in the ledger's zone: the account is TAG:ACTION
            (the action's first tag) or ACTION, the description the note. `hledger -f FILE balance
            --daily` then gives the daily totals per action; hledger's days run midnight to midnight,
            so with a day start other than 00:00 its days differ from haru's (the totals over a range
            of whole days agree). Running sessions and counts are not in the file.
            """,
        run: { ctx, p in
            let ledger = try ctx.openLedger(readOnly: true)
            let file = try p.value(.output).map { try OutputFile($0) }
            let out = file?.stream ?? ctx.out
            do {
                try ledger.snapshot(zones: ctx.zones) { snap in
                    let cal = try snap.calendar()
                    let range = try ctx.dayRange(from: p.value(.from), to: p.value(.to), calendar: cal)
                    let span = range.map {
                        cal.range(of: $0.lowerBound).lowerBound.seconds..<cal.range(of: $0.upperBound).upperBound.seconds
                    }
                    try Timeclock.write(snap, span: span) { out.line($0) }
                }
                try file?.commit()
            } catch {
                file?.abandon()
                throw error
            }
            return ExitCode.ok
        })

    static let importLoop = Command(
        name: "loop", abstract: "Bring in Loop Habit Tracker's CSV export (Habits.csv and each habit's Checkmarks.csv).",
        usage: "import loop DIR [--dry-run]",
        arguments: [("DIR", "The unzipped export: Habits.csv and one folder per habit (001 Name/Checkmarks.csv).")],
        options: [dryRunOption],
        discussion: """
            Each habit becomes a count action; a YES_MANUAL check, or a numeric entry (Loop keeps them
            ×1000), a count twelve hours into that logical day (noon when the day starts at midnight);
            YES_AUTO, NO, SKIP and UNKNOWN add nothing. A frequency of 1/1 becomes a goal with a daily
            quest, n/7 a weekly one, n/30 a monthly one ("at most" targets as limits), from the day of
            the first entry; any other frequency is reported and the habit comes without a goal.
            Archived habits come as deleted actions. Ids come from the habit and the day: importing
            the same export again adds nothing, and a newer one adds only what is new — a habit
            imported before is found by its name, also after it was moved in Loop (its place and
            order here stay as first imported). One batch: an error names the file, line and column.
            """,
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let dir = p.positionals[0]
            func csv(_ path: String, _ name: String) throws -> [(line: Int, fields: [String])]? {
                guard let bytes = FileBytes.read(path, limit: 1 << 30) else { return nil }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw CSVInputError(file: name, line: 1, column: nil, rule: "is not UTF-8 text")
                }
                do { return try CSV.parse(text) } catch let e as CSV.ParseError {
                    throw CSVInputError(file: name, line: e.line, column: nil, rule: e.reason)
                }
            }
            guard let habits = try csv(dir + "/Habits.csv", "Habits.csv") else {
                throw UsageError(Refusal.noHabitsCSV, dir)
            }
            var marks: [Int: LoopImport.Checkmarks] = [:]
            for entry in DirectoryNames.list(dir) {
                guard let position = Int(entry.prefix { $0.isNumber }), entry.first?.isNumber == true else { continue }
                let name = entry + "/Checkmarks.csv"
                if let records = try csv(dir + "/" + name, name) { marks[position] = (name, records) }
            }
            let ledger = try ctx.openLedgerToImport("Loop's export")
            let cal = try ctx.calendar(ledger)
            let existing = try ledger.snapshot(zones: ctx.zones) { try LoopImport.Existing($0) }
            let today = cal.day(of: try ctx.clockNow())
            let result = try LoopImport.events(
                habits: habits, checkmarks: marks, calendar: cal, zones: ctx.zones, existing: existing, today: today)
            let r: AppendResult
            do {
                let progress = ctx.progressLine("importing Loop")
                defer { progress?.finish() }
                let plan = try ctx.plan(result.events, notes: result.notes)
                if p.has(.dryRun) { return ctx.reportPlan(plan, from: "Loop") }
                r = try ctx.commit(plan, progress: progress)
                progress?.finish()
            } catch LedgerError.invalid(let e) {
                let place = result.origin(ofLine: e.line).map { $0 + ": " } ?? ""
                throw UsageError { w in w(Refusal.loopRefused, place, e.broken.map { Refusal.said($0, w) } ?? e.rule) }
            }
            for n in result.notes { ctx.invocation.err.line(ctx.words(Done.note, n)) }
            ctx.out.line(importSummary(r, from: "Loop", words: ctx.words))
            return ExitCode.ok
        })

    static let importTimew = Command(
        name: "timew", abstract: "Bring in timewarrior's intervals (the output of `timew export`).",
        usage: "import timew FILE|- [--action-from] [--map] [--untagged] [--whole] [--dry-run]",
        arguments: [("FILE", "`timew export` output (a JSON array of intervals); - reads standard input.")],
        options: [
            OptionSpec(
                .actionFrom, value: "tag|annotation",
                help: "What names an interval's action: its set of tags (default) or its annotation (the tags then in parentheses)."),
            OptionSpec(
                .map, value: "FILE",
                help: "A JSON object {\"tag\": \"Action\"}: these tags name these actions (and are not kept as tags)."),
            OptionSpec(.untagged, value: "ACTION", help: "The action of intervals that name none (default: they are refused)."),
            OptionSpec(
                .whole,
                help: "FILE is all of timewarrior's history: sessions imported before and missing from it are deleted wherever they are."),
            dryRunOption,
        ],
        discussion: """
            Each set of tags is an action with those tags (time tracking): ["deep work"] is the action
            "deep work", ["deep work", "nightowl"] the action "deep work, nightowl"; so time by tag
            (`haru report --by tag`) equals timewarrior's on every day. A closed interval becomes a
            recorded session (its annotation the note), an open one a running session.

            Import the newer export again whenever you like: it is the truth for the time it covers
            (its first start to its last end). An interval closed since is stopped, one changed or
            moved since (timew modify, cancel and start again) is edited, and a session imported
            before that the export no longer has (timew delete, a retag) is deleted; the summary
            names them. Intervals before the export's first start are kept: an export of part of the
            history (timew export :month) deletes nothing outside it (--whole: everywhere). Export
            without a tag filter: a filtered export deletes the other tags' sessions in its span.
            One batch: a bad interval, named by its place in the array, refuses them all.
            """,
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            var options = TimewarriorImport.Options()
            if let a = p.value(.actionFrom) {
                guard let f = TimewarriorImport.ActionFrom(rawValue: a) else { throw UsageError(Refusal.actionFromTakes) }
                options.actionFrom = f
            }
            if let m = p.value(.map) {
                guard let bytes = FileBytes.read(m, limit: 1 << 24), case .object(let pairs)? = try? JSONParser.parse(bytes: bytes) else {
                    throw UsageError(Refusal.mapNotJSON, Echo.quoted(m))
                }
                for (tag, v) in pairs {
                    guard case .string(let action) = v else {
                        throw UsageError(Refusal.mapValue, Echo.quoted(tag))
                    }
                    options.map[tag] = action
                }
            }
            options.untagged = p.value(.untagged)
            options.whole = p.has(.whole)
            let source = p.positionals[0]
            let input = try ctx.invocation.readInput(source == "-" ? nil : source)
            let bytes = Array(input.buffer)
            let ledger = try ctx.openLedgerToImport("timewarrior's export")
            if p.has(.dryRun) {
                let (plan, unchanged) = try ledger.planTimewarriorImport(
                    bytes, options: options, zones: ctx.zones, now: try ctx.nowMicros(), rng: &ctx.rng)
                return ctx.reportPlan(plan, from: "timewarrior", unchanged: unchanged)
            }
            let progress = ctx.progressLine("importing timewarrior")
            defer { progress?.finish() }
            let result = try ctx.importTimewarrior(bytes, options: options, progress: progress)
            let (r, unchanged) = (result.append, result.unchanged)
            progress?.finish()
            let skipped = unchangedIntervals(unchanged, ctx.words)
            for n in result.notes { ctx.invocation.err.line(ctx.words(Done.note, n)) }
            ctx.out.line(importSummary(r, from: "timewarrior", skipped: skipped, words: ctx.words))
            return ExitCode.ok
        })
}

extension Optional {
    /// The value, or `error` thrown.
    func orThrow(_ error: @autoclosure () -> any Error) throws -> Wrapped {
        guard let v = self else { throw error() }
        return v
    }
}
