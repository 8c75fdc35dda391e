import HaruLedger

extension OptionKey {
    static let mood = OptionKey("--mood")
    static let text = OptionKey("--text")
    static let hideAction = OptionKey("--hide-action")
    static let showAction = OptionKey("--show-action")
    static let hideGoal = OptionKey("--hide-goal")
    static let showGoal = OptionKey("--show-goal")
    static let attach = OptionKey("--attach")
    static let detach = OptionKey("--detach")
    static let moodPhoto = OptionKey("--mood-photo")
    static let calendarEvent = OptionKey("--calendar-event")
    static let noCalendarEvent = OptionKey("--no-calendar-event")
}

extension Subcommands {
    static let diary = Command(
        name: "diary", abstract: "A day's diary page: mood, text, to-dos, and what the ledger says of that day.",
        usage: "diary [DATE] [--as-of] [--known-at] | diary write [DATE] [--mood] [--text] … | diary delete DATE",
        arguments: [("DATE", "The logical day (2026-03-04, today, yesterday, monday …; default: the reference's day).")],
        options: queryOptions,
        discussion: """
            The page as the app's diary composes it: the mood and text written for the day, its
            to-dos (`haru todo`), a summary, the goals running that day with their day, week and
            month spans as of the day's end (weekly and monthly spans up to that day), the
            timetable, the records and a bar per action. The page and its to-dos are read as they
            stand at the reference (`--as-of` shows them as written by then); the day's figures as
            the day ended, or at the reference while it lasts. Actions and goals the page hides
            (`diary write --hide-action/--hide-goal`) leave its timetable and goals, not its totals.
            """,
        subcommands: [diaryWrite, diaryDelete],
        maxArgs: 1,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let day = try p.positionals.first.map { try ctx.date($0, "DATE", calendar: cal) } ?? ref.day(cal)
                let page = try DiaryPage(snap, calendar: cal, date: day, reference: ref)
                if ctx.json {
                    ctx.printJSON(.object(try page.json(snap: snap, calendar: cal) + snap.referenceJSON(ref, cal)))
                    return ExitCode.ok
                }
                DiaryText.print(page, names: page.names, calendar: cal, ctx: ctx)
                return ExitCode.ok
            }
        })

    static let diaryWrite = Command(
        name: "write", abstract: "Write a day's page (what you leave out stays as it was).",
        usage:
            "diary write [DATE] [--mood] [--mood-photo] [--text] [--attach] [--detach] [--hide-action] [--show-action] [--hide-goal] [--show-goal] [--calendar-event] [--no-calendar-event] [--at]",
        arguments: [("DATE", "The logical day of the page (default: today's).")],
        options: [
            OptionSpec(.mood, value: "EMOJI|none", help: "The day's mood (an emoji, 64 characters at most), or none."),
            OptionSpec(.moodPhoto, value: "FILE|none", help: "A photo for the day's mood (kept in the ledger by its SHA-256), or none."),
            OptionSpec(.attach, value: "FILE", help: "Attach a file (a photo, a page, a PDF) to the page.", repeatable: true),
            OptionSpec(
                .detach, value: "N|DIGEST", help: "Take the N-th attachment (or the one whose digest starts so) off the page.",
                repeatable: true),
            OptionSpec(
                .text, value: "TEXT|-|none",
                help: "What to write (replaces the page's text); - reads it from standard input; none removes it."),
            OptionSpec(.hideAction, value: "ACTION", help: "Leave this action out of the day's timetable.", repeatable: true),
            OptionSpec(.showAction, value: "ACTION", help: "Show a hidden action again.", repeatable: true),
            OptionSpec(.hideGoal, value: "GOAL", help: "Leave this goal out of the day's goals.", repeatable: true),
            OptionSpec(.showGoal, value: "GOAL", help: "Show a hidden goal again.", repeatable: true),
            OptionSpec(
                .calendarEvent, value: "ID", help: "Put a calendar event (its identifier in the calendar) in the day's timetable.",
                repeatable: true),
            OptionSpec(.noCalendarEvent, value: "ID", help: "Take it out again.", repeatable: true),
            atOption,
        ],
        discussion: """
            One diary.written event holds the whole page: the options given change it, the rest is
            carried over from the page as it stands, so `--mood 😊` today and `--text …` tonight
            make one page with both. A deleted page written again comes back with what you give.
            The event names the page it was made from (`base`): written on two devices apart, the
            page keeps what each changed once they sync (`haru conflicts` lists a field both changed).
            """,
        maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let now = try ctx.clockNow()
            let cal = try ctx.calendar(ledger)
            let day = try p.positionals.first.map { try ctx.date($0, "DATE", calendar: cal) } ?? cal.day(of: now)
            guard
                [
                    OptionKey.mood, .moodPhoto, .text, .attach, .detach, .hideAction, .showAction, .hideGoal, .showGoal, .calendarEvent,
                    .noCalendarEvent,
                ].contains(where: {
                    p.has($0) || !p.all($0).isEmpty
                })
            else {
                throw UsageError(.nothingToWrite)
            }
            // `--detach N` names the N-th attachment of the page as it stands.
            let attachments = try ledger.snapshot(zones: ctx.zones) { snap in
                try snap.definition(.diary, day.description).flatMap { $0.isLive ? $0.fields().strings(.attachments) : nil } ?? []
            }
            func file(_ path: String, _ option: String) throws -> [UInt8] {
                let bytes = try ctx.invocation.readInput(path).array
                guard !bytes.isEmpty else { throw UsageError(Refusal.fileEmpty, option, path) }
                return bytes
            }
            var change = PageChange()
            if let m = p.value(.mood) { change.mood = m == "none" ? .clear : .set(m) }
            if let f = p.value(.moodPhoto) { change.moodPhoto = f == "none" ? .clear : .set(try file(f, "--mood-photo")) }
            for d in p.all(.detach) {
                if let n = Int(d), d.allSatisfy(\.isNumber) {
                    guard n >= 1, n <= attachments.count else {
                        throw UsageError(
                            "--detach: the page has \(attachments.count) attachment\(attachments.count == 1 ? "" : "s"); give 1 to \(attachments.count) or a digest"
                        )
                    }
                    change.detach.append(attachments[n - 1])
                } else {
                    let matching = attachments.filter { $0.hasPrefix(d.lowercased()) }
                    guard matching.count == 1, d.count >= 4 else {
                        throw UsageError(
                            "--detach: \(matching.isEmpty ? "no" : "more than one") attachment of the page has a digest starting \(Echo.quoted(d))"
                        )
                    }
                    change.detach.append(matching[0])
                }
            }
            change.attach = try p.all(.attach).map { try file($0, "--attach") }
            // The file's own name (`photo.jpg`), kept beside it.
            change.attachNames = p.all(.attach).map { path in path == "-" ? "" : String(path.split(separator: "/").last ?? "") }
            if let t = p.value(.text) {
                if t == "-" {
                    let bytes = try ctx.invocation.readInput(nil).array
                    guard let s = String(validating: bytes, as: UTF8.self) else {
                        throw UsageError(Refusal.stdinNotText)
                    }
                    change.text = .set(s.hasSuffix("\n") ? String(s.dropLast()) : s)
                } else {
                    change.text = t == "none" ? .clear : .set(t)
                }
            }
            try ledger.snapshot(zones: ctx.zones) { snap in
                change.hideActions = try p.all(.hideAction).map { try ctx.resolve(.action, $0, in: snap).id }
                change.showActions = try p.all(.showAction).map { try ctx.resolve(.action, $0, in: snap).id }
                change.hideGoals = try p.all(.hideGoal).map { try ctx.resolve(.goal, $0, in: snap).id }
                change.showGoals = try p.all(.showGoal).map { try ctx.resolve(.goal, $0, in: snap).id }
            }
            (change.addCalendarEvents, change.removeCalendarEvents) = (p.all(.calendarEvent), p.all(.noCalendarEvent))
            let at = try ctx.eventTime()
            let written: PageWritten
            do {
                written = try ctx.operate { ledger, now, rng in
                    try ledger.writePage(day, change, at: at, source: Context.source, now: now, rng: &rng)
                }
            } catch OperationError.emptyPage {
                throw UsageError(Refusal.leavesPageEmpty, "\(day)")
            }
            let files = written.filesStored
            ctx.report(
                written.written, json: [("type", .string(EventType.diaryWritten.name)), ("id", .string(day.description))],
                human: ctx.words(.diaryWritten, day.description)
                    + (files == 0 ? "" : ctx.words.said(" (\(files) file\(files == 1 ? "" : "s") kept)", .filesKept, String(files)))
            )
            return ExitCode.ok
        })

    static let diaryDelete = Command(
        name: "delete", abstract: "Take a day's page away (its to-dos stay; `haru restore DATE` brings it back).",
        usage: "diary delete DATE", arguments: [("DATE", "The logical day of the page.")], options: [atOption],
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let day = try ctx.date(p.positionals[0], "DATE", calendar: try ctx.calendar(ledger))
            let page = try ledger.snapshot(zones: ctx.zones) { try $0.definition(.diary, day.description) }
            guard let page, page.isLive else {
                throw UsageError(
                    page == nil
                        ? "\(day) has no diary page (`haru diary \(day)` shows the day)"
                        : "the diary page of \(day) is deleted already (`haru restore \(day)` brings it back)")
            }
            let at = try ctx.eventTime()
            let deleted = try ctx.operate { ledger, now, rng in
                try ledger.delete(.diary, id: day.description, at: at, source: Context.source, now: now, rng: &rng)
            }
            ctx.report(
                deleted.written, json: [("type", .string(deleted.eventType.name)), ("id", .string(day.description))],
                human: ctx.words(.diaryDeleted, day.description))
            return ExitCode.ok
        })
}

/// How a diary page prints: the app's sections, in its order.
enum DiaryText {
    /// 812 B, 4.8 KB, 5.0 MB (powers of 1000, one decimal).
    static func byteText(_ n: Int) -> String {
        if n < 1000 { return "\(n) B" }
        let units = ["KB", "MB", "GB"]
        var v = Double(n) / 1000
        var k = 0
        while v >= 1000, k < units.count - 1 {
            v /= 1000
            k += 1
        }
        return JSONValue.formatNumber((v * 10).rounded() / 10) + " " + units[k]
    }

    static func print(_ page: DiaryPage, names: [String: String], calendar cal: LedgerCalendar, ctx: Context) {
        let out = ctx.out
        let w = ctx.words
        let d = page.date
        var head = w.day(d, english: "\(d) \(d.weekday.abbreviation)")
        if let mood = page.written?.mood { head += "  " + mood }
        out.line(head)
        if let text = page.written?.text {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) { out.line("  " + line) }
        }
        if page.written == nil { out.line("  " + ctx.style.paint(w(.nothingWritten), .dim)) }
        // Attachments by number (`diary write --detach N`), digest and size (`haru blob DIGEST` gives the bytes).
        func blob(_ d: String) -> String {
            guard Blob.isDigest(d) else { return w(.erased, String(d.dropFirst().dropLast())) }
            return "\(d.prefix(12))  " + (page.blobSizes[d].map(byteText) ?? w(.missingBlob))
        }
        if let photo = page.written?.moodPhoto { out.line("  \(w(.moodPhoto))  " + blob(photo)) }
        if let events = page.written?.calendarEventIDs, !events.isEmpty {
            out.line("  \(w(.calendarEvents))  " + events.joined(separator: ", "))
        }
        let fileNames = page.written?.attachmentNames ?? []
        for (k, d) in (page.written?.attachments ?? []).enumerated() {
            let name = k < fileNames.count && !fileNames[k].isEmpty ? "  " + fileNames[k] : ""
            out.line("  \(w(.attachment, String(k + 1)))  " + blob(d) + name)
        }

        let t = page.totals
        let records =
            w.language == .en
            ? "\(page.records.count) record\(page.records.count == 1 ? "" : "s")" : w(.recordsCount, String(page.records.count))
        var summary = [records]
        if t.seconds > 0 { summary.insert(w.duration(t.seconds), at: 0) }
        if t.count > 0 {
            // Each action's counts in its own unit (7.6 h of sleep is 7.6, not 76 tenths).
            let counts = page.book.unitTotals(0).map { w.times(Decimals.figure($0.amount, places: $0.places), unit: $0.unit) }
            summary.insert(counts.joined(separator: ", "), at: t.seconds > 0 ? 1 : 0)
        }
        if !page.todos.isEmpty { summary.append(w(.todosDone, String(page.todos.filter(\.done).count), String(page.todos.count))) }
        out.line("")
        out.line(w(.summary) + "  " + summary.joined(separator: " · "))

        if !page.goals.isEmpty {
            out.line("")
            out.line(w(.dayGoals))
            let spanNames = Spans(day: w(.spanDay), week: w(.spanWeek), month: w(.spanMonth))
            for g in page.goals {
                let spans = SpanKind.allCases.map {
                    $0 == .day && g.daySkipped
                        ? w(.skippedSpan, spanNames[$0]) : "\(spanNames[$0]) \(ProgressText.gauge(g.spanRatios[$0], ctx.style))"
                }
                out.line("  " + g.title + (g.noQuests ? "  " + w(.noQuests) : "  " + spans.joined(separator: "   ")))
            }
        }
        if !page.todos.isEmpty {
            out.line("")
            out.line(w(.todos))
            for (k, todo) in page.todos.enumerated() {
                out.line(
                    "  \(k + 1). [\(todo.done ? "x" : " ")] \(RecordText.oneLine(todo.text))  "
                        + ctx.style.paint("[\(todo.id.prefix(8))]", .dim))
            }
        }
        if !page.timetable.blocks.isEmpty || !page.timetable.dots.isEmpty {
            out.line("")
            out.line(w(.timetable))
            TimetableText.day(
                page.timetable, names: names, decimals: page.book.places,
                units: page.book.actions.compactMapValues(\.unit), calendar: cal, out: out, words: w)
        }
        if !page.records.isEmpty {
            out.line("")
            out.line(w(.recordDetails))
            RecordText.print(
                page.records, from: d, to: d, names: names, units: page.book.actions.compactMapValues(\.unit),
                decimals: page.book.places, calendar: cal,
                reference: page.reference, out: out, style: ctx.style, words: w)
        }
        let bars = page.book.actionList(0, .user).filter { !$0.value.isZero }
        if !bars.isEmpty {
            out.line("")
            out.line(w(.bars))
            let width = min(24, bars.map { Cell.columns(names[$0.key] ?? $0.key) }.max() ?? 8) + 2
            func real(_ id: String, _ v: Totals) -> Double { Double(v.count) / Double(Decimals.scale(page.book.decimals(action: id))) }
            let most = (seconds: bars.map(\.value.seconds).max() ?? 0, count: bars.map { real($0.key, $0.value) }.max() ?? 0)
            for (id, v) in bars {
                // Time against the longest, counts against the most: two units, two scales.
                let share = v.seconds > 0 ? Double(v.seconds) / Double(max(1, most.seconds)) : real(id, v) / max(1, most.count)
                let cells = max(1, Int((share * 20).rounded()))
                let cell = w.cell(v, unit: page.book.actions[id]?.unit, decimals: page.book.decimals(action: id))
                out.line("  " + Cell.pad(names[id] ?? id, width) + Cell.pad(String(repeating: "█", count: cells), 22) + cell)
            }
        }
    }
}

extension Subcommands {
    static let blob = Command(
        name: "blob", abstract: "The bytes of an attachment (a blob the ledger keeps by its SHA-256).", usage: "blob DIGEST [-o FILE]",
        arguments: [("DIGEST", "Its SHA-256 (`haru diary --json` lists a page's), or a unique start of it (8 digits at least).")],
        options: [
            OptionSpec(.output, short: "-o", value: "FILE", help: "Write them to FILE (whole or not at all) instead of standard output.")
        ],
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger(readOnly: true)
            let text = p.positionals[0].lowercased()
            var digest = text
            if !Blob.isDigest(text) {
                guard text.count >= 8, text.allSatisfy(\.isHexDigit) else {
                    throw UsageError(
                        "DIGEST: \(Echo.quoted(p.positionals[0])) is not a SHA-256 (64 hex digits) or a start of one (8 at least)")
                }
                var found: [String] = []
                try ledger.forEachBlobDigest { if $0.hasPrefix(text) { found.append($0) } }
                guard found.count == 1 else {
                    throw UsageError(
                        found.isEmpty ? "the ledger holds no blob starting \(text)" : "\(found.count) blobs start \(text); give more of it")
                }
                digest = found[0]
            }
            guard let bytes = try ledger.blob(digest) else {
                throw UsageError(Refusal.noBlob, "\(digest)")
            }
            if let path = p.value(.output) {
                let file = try OutputFile(path)
                file.stream.write(bytes: bytes)
                try file.commit()
                ctx.invocation.err.line(ctx.words(Done.wroteBytes, DiaryText.byteText(bytes.count), path))
            } else {
                ctx.out.write(bytes: bytes)
            }
            return ExitCode.ok
        })
}
