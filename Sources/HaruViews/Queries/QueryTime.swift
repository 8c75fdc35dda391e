/// The two times of a query as people write them — `--as-of` and
/// `--known-at` on the command line, `as_of` and `known_at` in a scenario
/// file — read by one set of rules, so a scenario asks exactly what the same
/// words ask `haru`.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel

public enum QueryTime {
    /// Why a value is not a query time: the rule, for the caller to put
    /// after the name the value was given under (`--as-of: …`, `as_of: …`).
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case asOf(String)
        case knownAt(String)

        public var description: String {
            switch self {
            case .asOf(let text):
                "\(Echo.quoted(text)) is neither a day (2026-03-04, today, yesterday, monday) nor a time (21:00, \"yesterday 21:00\", 2026-03-04T21:00); a ledger takes the years 1900 to 2999"
            case .knownAt(let text):
                "\(Echo.quoted(text)) is neither a seq nor an ISO 8601 instant; a ledger takes the years 1900 to 2999"
            }
        }
    }

    /// Valid time: nil is the live view at `now`; a day (`2026-03-04`,
    /// `yesterday`, `monday`) is the end of that logical day; a time
    /// (`21:00`, `yesterday 21:00`, an ISO 8601 instant) that instant
    /// (`HumanTime`, read at `now` in `calendar`).
    public static func reference(asOf text: String?, now: Instant, calendar: LedgerCalendar) throws(Refusal) -> Reference {
        guard let text else { return .live(now: now) }
        if let d = HumanTime.day(text, now: now, calendar: calendar) { return .endOf(d, calendar) }
        if let t = HumanTime.instant(text, now: now, calendar: calendar) { return .asOf(t) }
        throw .asOf(text)
    }

    /// Transaction time: nil is the ledger as it is; a whole number a seq;
    /// else an ISO 8601 instant with its offset.
    public static func knownAt(_ text: String?) throws(Refusal) -> KnownAt? {
        guard let text else { return nil }
        if let seq = UInt64(text) { return .seq(seq) }
        if case .success(let t) = Instant.parse(text) { return .instant(t) }
        throw .knownAt(text)
    }
}
