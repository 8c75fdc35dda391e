import HaruLedger

/// `--as-of` and `--known-at`, taken by every query.
let queryOptions: [OptionSpec] = [
    OptionSpec(
        .asOf, value: "DAY|TIME",
        help:
            "Valid time: evaluate as if now were then; a day (2026-03-04, yesterday, monday) means the end of that logical day, a time (21:00, \"yesterday 21:00\", an ISO instant) that instant; records after it do not count."
    ),
    OptionSpec(.knownAt, value: "SEQ|INSTANT", help: "Transaction time: only the events appended up to this seq or instant."),
]

extension Context {
    /// `--known-at` as a seq or an instant (`QueryTime`, as scenario files read `known_at`).
    func knownAt() throws -> KnownAt? {
        do { return try QueryTime.knownAt(parsed.valueIfDeclared(.knownAt)) } catch { throw Context.said(error) }
    }

    /// The reference of a query: `--as-of` (a day means the end of that
    /// logical day; else an instant as a person types it), else the live view
    /// at now (`QueryTime`, as scenario files read `as_of`).
    func reference(_ calendar: LedgerCalendar) throws -> Reference {
        let now = try clockNow()
        do {
            return try QueryTime.reference(asOf: parsed.valueIfDeclared(.asOf), now: now, calendar: calendar)
        } catch {
            throw Context.said(error)
        }
    }

    /// A refused query time (`--as-of`, `--known-at`) in the chosen language.
    static func said(_ refusal: QueryTime.Refusal) -> UsageError {
        switch refusal {
        case .asOf(let text): UsageError(Refusal.neitherDayNorTime, "--as-of", Echo.quoted(text))
        case .knownAt(let text): UsageError(Refusal.knownAtRefused, Echo.quoted(text))
        }
    }

    /// A day argument or option: `2026-03-04`, `today`, `yesterday`, `monday` …
    func date(_ text: String, _ what: String, calendar: LedgerCalendar) throws -> LocalDate {
        if let d = HumanTime.day(text, now: try clockNow(), calendar: calendar) { return d }
        throw UsageError(.notADay, what, Echo.quoted(text))
    }

    /// `--from` / `--to` (or a DATE): a day, or a period (`:week`, `:lastmonth` …)
    /// standing for its first day in `--from` and its last in `--to`.
    /// - Returns: the range, nil when neither is given.
    func dayRange(from: String?, to: String?, calendar: LedgerCalendar) throws -> ClosedRange<LocalDate>? {
        let now = try clockNow()
        func bound(_ text: String, _ option: String, first: Bool) throws -> LocalDate {
            if let p = HumanTime.period(text, now: now, calendar: calendar) { return first ? p.lowerBound : p.upperBound }
            if let d = HumanTime.day(text, now: now, calendar: calendar) { return d }
            throw UsageError(.notADayOrPeriod, option, Echo.quoted(text))
        }
        switch (from, to) {
        case (nil, nil): return nil
        case (let f?, nil):
            // A period alone is the whole period; a day alone, that day on to today.
            if let p = HumanTime.period(f, now: now, calendar: calendar) { return p }
            let d = try bound(f, "--from", first: true)
            return d...max(d, calendar.day(of: now))
        case (nil, let t?):
            let d = try bound(t, "--to", first: false)
            return d...d
        case (let f?, let t?):
            let a = try bound(f, "--from", first: true), b = try bound(t, "--to", first: false)
            guard a <= b else { throw UsageError(Refusal.fromAfterTo, a.description, b.description) }
            return a...b
        }
    }

    /// Runs a query on the ledger as known at `--known-at`.
    func query<T>(_ body: (Snapshot, LedgerCalendar, Reference) throws -> T) throws -> T {
        let ledger = try openLedger(readOnly: true)
        let k = try knownAt()
        return try ledger.snapshot(knownAt: k, zones: zones) { snap in
            opened.provenance = (snap.knownAt, try snap.knownAtHash())
            let cal = try snap.calendar()
            return try body(snap, cal, try reference(cal))
        }
    }
}

/// Human cells: `1h 30m`, `×5`, both, or `–`.
enum Cell {
    static func text(_ t: Totals) -> String {
        var parts: [String] = []
        if t.seconds > 0 { parts.append(DurationText.text(t.seconds)) }
        if t.count > 0 { parts.append("×\(t.count)") }
        return parts.isEmpty ? "–" : parts.joined(separator: " ")
    }

    /// `s` filled with spaces to `width` terminal columns.
    static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let n = columns(s)
        guard n < width else { return s }
        let fill = String(repeating: " ", count: width - n)
        return right ? fill + s : s + fill
    }

    /// How many columns a terminal gives `s`: two for the wide characters
    /// of East Asian scripts (Hangul, kana, CJK ideographs, fullwidth forms)
    /// and emoji, none for combining marks and zero-width characters, one
    /// for the rest. Tables pad by this, so that a column of Korean names
    /// lines up with the next (by characters, `독서` was two columns short).
    static func columns(_ s: String) -> Int {
        s.unicodeScalars.reduce(0) { n, u in
            let v = u.value
            switch v {
            case 0x300...0x36F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: return n  // combining, zero width, variation selectors
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
                0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
                0x1F900...0x1F9FF, 0x20000...0x3FFFD:
                return n + 2
            default:
                return n + (u.properties.generalCategory == .nonspacingMark || u.properties.generalCategory == .enclosingMark ? 0 : 1)
            }
        }
    }
}
