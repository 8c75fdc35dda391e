import HaruLedger

extension Subcommands {
    static let records = Command(
        name: "records", abstract: "The sessions and counts of a day or a range of days.",
        usage: "records [DAY|PERIOD | --from --to] [--action] [--tag] [--all] [--as-of] [--known-at]",
        arguments: [daysArgument],
        options: daysOptions + [
            OptionSpec(.all, help: "Also the deleted and discarded records, marked.")
        ] + queryOptions,
        discussion: """
            One row a record, by start time: its short reference (the shortest unambiguous start of
            its id, at least 7 characters; `haru history REF` takes it), its times in the ledger's
            zone, its length or amount, its action and its note. A session that crosses a day's edge
            is listed whole on every day it touches; a running session counts up to the reference.
            """,
        maxArgs: 1,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let range = try ctx.days(p, calendar: cal, reference: ref, argument: "DATE")
                let (from, to) = (range.lowerBound, range.upperBound)
                guard to.daysSinceEpoch - from.daysSinceEpoch < 100_000 else { throw UsageError(Refusal.recordsDays) }
                let only = try ctx.onlyActions(p, snap, ref)
                let span = cal.range(of: from).lowerBound.seconds..<cal.range(of: to).upperBound.seconds
                let rows = try RecordList.read(snap, span: span, reference: ref, actions: only, all: p.has(.all))
                if ctx.json {
                    ctx.printJSON(try RecordList.json(rows, snap: snap, from: from, to: to, calendar: cal, reference: ref))
                    return ExitCode.ok
                }
                let names = try ctx.actionNames(snap, at: ref)
                RecordText.print(
                    rows, from: from, to: to, names: names, units: try ctx.units(snap, at: ref), decimals: try ctx.decimals(snap),
                    calendar: cal, reference: ref,
                    out: ctx.out, style: ctx.style, words: ctx.words)
                return ExitCode.ok
            }
        })
}

/// `[DAY|PERIOD | --from DAY --to DAY] [--action A] [--tag T]`, the days and
/// actions of `records` and `timetable` (`Context.days`, `Context.onlyActions`).
let daysArgument = (
    "DAY|PERIOD", "A logical day (2026-03-04, today, yesterday, monday) or a period (:week …); default: the reference's day."
)
let daysOptions = [
    OptionSpec(.from, value: "DAY|PERIOD", help: "First logical day (a period: all of it)."),
    OptionSpec(.to, value: "DAY|PERIOD", help: "Last logical day, inclusive."),
    OptionSpec(.action, value: "ACTION", help: "Only this action (id or name).", repeatable: true),
    OptionSpec(.tag, value: "TAG", help: "Only the actions carrying this tag (id or name).", repeatable: true),
]

extension Context {
    /// The days of `[DAY|PERIOD | --from DAY --to DAY]`: a day, a period
    /// (`:week` …), a range, or the reference's day.
    /// - Parameter argument: what the command's help calls the positional (for the error when both are given).
    func days(_ p: Parsed, calendar cal: LedgerCalendar, reference ref: Reference, argument: String) throws -> ClosedRange<LocalDate> {
        if !p.positionals.isEmpty && (p.value(.from) != nil || p.value(.to) != nil) {
            throw UsageError(Refusal.dayOrRange, argument)
        }
        if let d = p.positionals.first {
            if let period = try HumanTime.period(d, now: try clockNow(), calendar: cal) { return period }
            let day = try date(d, "DATE", calendar: cal)
            return day...day
        }
        return try dayRange(from: p.value(.from), to: p.value(.to), calendar: cal) ?? ref.day(cal)...ref.day(cal)
    }

    /// The actions `--action` and `--tag` name (an action, or every live
    /// action carrying the tag); nil when neither is given.
    func onlyActions(_ p: Parsed, _ snap: Snapshot, _ ref: Reference) throws -> Set<String>? {
        var only: Set<String>?
        for a in p.all(.action) { only = (only ?? []).union([try resolve(.action, a, in: snap, reference: ref).id]) }
        let tags = p.all(.tag)
        guard !tags.isEmpty else { return only }
        let defs = try LiveDefinitions(snap, reference: ref)
        for t in tags {
            let tag = try resolve(.tag, t, in: snap, reference: ref).id
            only = (only ?? []).union(defs.actions.filter { ($0.value.tagIDs ?? []).contains(tag) }.keys)
        }
        return only
    }

    /// Every action's name as a snapshot knows it, as in force at the
    /// reference (`--as-of` shows the name then, as `actions` and `day` do;
    /// deleted ones too: their records show with `--all`).
    func actionNames(_ snap: Snapshot, at reference: Reference) throws -> [String: String] {
        try names(of: [.action], snap, at: reference.definitionsAt)
    }

    /// The count actions' decimal places by id (fixed at creation; those with none left out).
    func decimals(_ snap: Snapshot) throws -> [String: Int] {
        var out: [String: Int] = [:]
        for d in try snap.definitions(.action) { if let n = d.base.int(.decimals), n > 0 { out[d.id] = Int(n) } }
        return out
    }

    /// The count actions' units by id, as in force at `reference` (deleted actions too: their records show).
    func units(_ snap: Snapshot, at reference: Reference) throws -> [String: String] {
        var units: [String: String] = [:]
        for d in try snap.definitions(.action) { units[d.id] = d.fields(inForceAt: reference.definitionsAt).string(.unit) }
        return units
    }

    /// Every definition's name (a goal's title) of these kinds by id, as a
    /// snapshot knows them (deleted ones too), as in force at `at` (nil: their latest).
    func names(of kinds: [DefinitionKind], _ snap: Snapshot, at: Instant? = nil) throws -> [String: String] {
        var names: [String: String] = [:]
        for kind in kinds { for d in try snap.definitions(kind) { names[d.id] = d.fields(inForceAt: at).label ?? d.id } }
        return names
    }
}

/// How records print.
enum RecordText {
    static func print(
        _ rows: [RecordRow], from: LocalDate, to: LocalDate, names: [String: String], units: [String: String] = [:],
        decimals: [String: Int] = [:],
        calendar cal: LedgerCalendar, reference: Reference,
        out: OutputStream, style: Style = Style(enabled: false), words w: Words = .english
    ) {
        guard !rows.isEmpty else {
            out.line(from == to ? w(.noRecordsOn, from.description) : w(.noRecordsFrom, from.description, to.description))
            return
        }
        let nameWidth = min(24, rows.map { Cell.columns(names[$0.actionID] ?? $0.actionID) }.max() ?? 8)
        let refWidth = rows.map(\.ref.count).max() ?? 7
        var day: LocalDate?
        for r in rows {
            let d = max(cal.day(of: r.start), from)
            if d != day {
                out.line(w.day(d, english: "\(d) \(Weekday.names[d.weekday.rawValue].prefix(3))"))
                day = d
            }
            let time = clock(r.start, cal)
            var when: String
            var size: String
            switch r.kind {
            case .session:
                let end = r.end ?? reference.instant
                if let e = r.end {
                    let sameDay = cal.day(of: Instant(seconds: e.seconds - 1)) == cal.day(of: r.start)
                    when = "\(time)–\(sameDay ? clock(e, cal) : shortDate(e, cal) + " " + clock(e, cal))"
                } else {
                    when = "\(time)–…"
                }
                size = w.duration(end.seconds - r.start.seconds)
                if r.end == nil { size += " " + w(.running) }
            case .count:
                when = time
                size = w.times(Decimals.text(Int64(r.amount ?? 0), decimals[r.actionID] ?? 0), unit: units[r.actionID])
            }
            var line =
                "  \(Cell.pad(r.ref, refWidth))  \(Cell.pad(when, 19))\(Cell.pad(size, 16))\(Cell.pad(names[r.actionID] ?? r.actionID, nameWidth))"
            if r.state == .deleted || r.state == .discarded {
                line += "  " + style.paint(w(r.state == .deleted ? .deleted : .discarded), .dim)
            }
            if r.actionDeleted { line += "  " + style.paint(w(.actionDeleted), .dim) }
            if !r.overlaps.isEmpty {
                line +=
                    "  "
                    + style.paint(
                        w(
                            .overlaps,
                            r.overlaps.map { id in rows.first { $0.id == id }?.ref ?? String(id.prefix(7)) }.joined(separator: ", ")),
                        .yellow)
            }
            if let n = r.note { line += "  \"\(oneLine(n))\"" }
            out.line(line.trimmingTrailingSpaces())
        }
    }

    static func clock(_ t: Instant, _ cal: LedgerCalendar) -> String {
        let local = t.seconds + Int64(cal.offset(at: t))
        let m = ((local % 86_400) + 86_400) % 86_400 / 60
        return ClockTime(minutes: Int(m))!.description
    }

    static func shortDate(_ t: Instant, _ cal: LedgerCalendar) -> String {
        let local = t.seconds + Int64(cal.offset(at: t))
        let day = LocalDate(daysSinceEpoch: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
        return String(day.description.dropFirst(5))
    }

    /// A note on one line: newlines and tabs as spaces, at most 60 characters.
    static func oneLine(_ s: String) -> String {
        let flat = String(s.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 })
        return flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
