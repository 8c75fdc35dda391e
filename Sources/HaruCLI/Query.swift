@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

/// `--as-of` and `--known-at`, taken by every query.
let queryOptions: [OptionSpec] = [
    OptionSpec(.asOf, value: "INSTANT|DATE",
        help: "Valid time: evaluate as if now were this instant (a date means the end of that logical day); records after it do not count."),
    OptionSpec(.knownAt, value: "SEQ|INSTANT", help: "Transaction time: only the events appended up to this seq or instant."),
]

extension Context {
    /// `--known-at` as a seq or an instant.
    func knownAt() throws -> KnownAt? {
        guard let k = parsed.valueIfDeclared(.knownAt) else { return nil }
        if let seq = UInt64(k) { return .seq(seq) }
        if case .success(let t) = Instant.parse(k) { return .instant(t) }
        throw UsageError("--known-at: \(Echo.quoted(k)) is neither a seq nor an ISO 8601 instant")
    }

    /// The reference of a query: `--as-of`, else the live view at now.
    func reference(_ calendar: LedgerCalendar) throws -> Reference {
        guard let a = parsed.valueIfDeclared(.asOf) else { return .live(now: try eventTime(ignoringAt: true)) }
        switch Reference.parse(asOf: a, calendar) {
        case .success(let r): return r
        case .failure(.noOffset): throw UsageError("--as-of: \(Echo.quoted(a)) needs a UTC offset (or give a date YYYY-MM-DD)")
        case .failure: throw UsageError("--as-of: \(Echo.quoted(a)) is neither a date YYYY-MM-DD nor an ISO 8601 instant")
        }
    }

    /// A date argument or option.
    func date(_ text: String, _ what: String) throws -> LocalDate {
        guard let d = LocalDate(parsing: text) else { throw UsageError("\(what): \(Echo.quoted(text)) is not a date YYYY-MM-DD") }
        return d
    }

    /// Runs a query on the ledger as known at `--known-at`.
    func query<T>(_ body: (Snapshot, LedgerCalendar, Reference) throws -> T) throws -> T {
        let ledger = try openLedger(readOnly: true)
        let k = try knownAt()
        return try ledger.snapshot(knownAt: k, zones: zones) { snap in
            let cal = try snap.calendar()
            return try body(snap, cal, try reference(cal))
        }
    }
}

/// Human cells: `1h 30m`, `×5`, both, or `–`.
enum Cell {
    static func text(_ t: Totals) -> String {
        var parts: [String] = []
        if t.seconds > 0 { parts.append(Duration.text(t.seconds)) }
        if t.count > 0 { parts.append("×\(t.count)") }
        return parts.isEmpty ? "–" : parts.joined(separator: " ")
    }

    static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let n = s.count
        guard n < width else { return s }
        let fill = String(repeating: " ", count: width - n)
        return right ? fill + s : s + fill
    }
}
