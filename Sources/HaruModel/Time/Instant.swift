@_spi(Layers) import HaruSystem

/// A point in time, in whole seconds since 1970-01-01T00:00:00Z.
///
/// Durations in the ledger are whole seconds (CONTRACT conventions), so
/// instants are too; input with a non-zero fraction of a second is refused
/// rather than rounded.
public struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var seconds: Int64

    public init(seconds: Int64) { self.seconds = seconds }

    public static func < (a: Instant, b: Instant) -> Bool { a.seconds < b.seconds }

    /// An instant with the whole seconds of the clock's microseconds (what
    /// `append(now:)` and `merge(now:)` take): `Instant(micros: now)`.
    public init(micros: Int64) { seconds = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000 }

    /// The microseconds `append(now:)` takes, at the start of this second.
    public var micros: Int64 { seconds * 1_000_000 }

    /// Whole seconds later (or earlier, negative): `start + .seconds(1800)`,
    /// `now - .seconds(3600)`. A fraction of a second is dropped.
    public static func + (a: Instant, d: Duration) -> Instant { Instant(seconds: a.seconds + d.components.seconds) }
    public static func - (a: Instant, d: Duration) -> Instant { Instant(seconds: a.seconds - d.components.seconds) }
    public static func += (a: inout Instant, d: Duration) { a = a + d }
    public static func -= (a: inout Instant, d: Duration) { a = a - d }

    /// How long from `b` to `a` (negative when `a` is earlier).
    public static func - (a: Instant, b: Instant) -> Duration { .seconds(a.seconds - b.seconds) }

    /// ISO 8601 in UTC (`…Z`).
    public var description: String { format(offsetSeconds: 0) }

    /// Why an instant could not be read.
    public enum ParseError: Error, Sendable, Equatable {
        case malformed
        case noOffset
        case fractionalSeconds
        case outOfRange
        /// An offset no zone has had since 1900 (beyond −12:00 … +14:00).
        case offsetOutOfRange
    }

    /// Parses `YYYY-MM-DDTHH:mm[:ss[.fff]](Z|±HH:mm)`. An offset is required:
    /// a bare local time would depend on the machine reading it.
    public static func parse(_ text: String) -> Result<Instant, ParseError> {
        // The string's own UTF-8, read in place: every event line has an instant or three.
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse<B: RandomAccessCollection<UInt8>>(bytes b: B) -> Result<Instant, ParseError> where B.Index == Int {
        guard b.count >= 16, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") || b[10] == 0x20,
            let date = LocalDate(bytes: b, at: 0),
            let h = Digits.number(b, 11, 2), b[13] == UInt8(ascii: ":"), let mi = Digits.number(b, 14, 2),
            h < 24, mi < 60
        else { return .failure(.malformed) }
        var k = 16
        var s = 0
        if k < b.count, b[k] == UInt8(ascii: ":") {
            guard let sec = Digits.number(b, k + 1, 2), sec < 60 else { return .failure(.malformed) }
            s = sec
            k += 3
            if k < b.count, b[k] == UInt8(ascii: ".") {
                k += 1
                let fracStart = k
                while k < b.count, b[k] >= 0x30, b[k] <= 0x39 {
                    if b[k] != 0x30 { return .failure(.fractionalSeconds) }
                    k += 1
                }
                if k == fracStart { return .failure(.malformed) }
            }
        }
        guard k < b.count else { return .failure(.noOffset) }
        var offset = 0
        if b[k] == UInt8(ascii: "Z") || b[k] == UInt8(ascii: "z") {
            k += 1
        } else if b[k] == UInt8(ascii: "+") || b[k] == UInt8(ascii: "-") {
            guard let oh = Digits.number(b, k + 1, 2), k + 3 < b.count, b[k + 3] == UInt8(ascii: ":"),
                let om = Digits.number(b, k + 4, 2), oh < 24, om < 60
            else { return .failure(.malformed) }
            offset = (oh * 3600 + om * 60) * (b[k] == UInt8(ascii: "-") ? -1 : 1)
            k += 6
        } else {
            return .failure(.malformed)
        }
        guard k == b.count else { return .failure(.malformed) }
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(h * 3600 + mi * 60 + s)
        let t = local - Int64(offset)
        guard ledgerRange.contains(t) else { return .failure(.outOfRange) }
        // UTC−12:00 to UTC+14:00: every offset a zone has used since 1900
        // (a typo such as +41:00 or +14:01 is not an instant anybody meant).
        guard (-12 * 3600)...(14 * 3600) ~= offset else { return .failure(.offsetOutOfRange) }
        return .success(Instant(seconds: t))
    }

    /// The instants a ledger takes: 1900-01-01T00:00:00Z to
    /// 2999-12-31T23:59:59Z. Wide enough for any record a person keeps (and
    /// for generated histories centuries ahead), narrow enough that every
    /// calendar computation around it stays inside the four-digit years the
    /// calendar knows, and that the longest session it allows costs seconds,
    /// not hours (a day page per UTC day it touches). Anything else is
    /// refused where it is read, with exit 2.
    public static let ledgerRange: ClosedRange<Int64> = -2_208_988_800...32_503_679_999

    /// The range in words, for messages.
    public static let ledgerRangeText = "from 1900-01-01T00:00:00Z to 2999-12-31T23:59:59Z"

    /// ISO 8601 at a fixed offset from UTC, `Z` for zero.
    public func format(offsetSeconds: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(25)
        write(offsetSeconds: offsetSeconds, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `format(offsetSeconds:)`'s text to `out` (no `String` made:
    /// `haru log --json` writes two instants per event).
    public func write(offsetSeconds: Int, to out: inout [UInt8]) {
        let local = seconds + Int64(offsetSeconds)
        let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        let sod = Int(local - Int64(days) * 86_400)
        let date = LocalDate(daysSinceEpoch: days)
        // Years 0…9999 and offsets within a day: filled in place, appended
        // at once (an append per digit was a tenth of an export).
        if date.year >= 0, date.year <= 9999, abs(offsetSeconds) < 86_400 {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 25) { b in
                @inline(__always) func two(_ at: Int, _ v: Int) {
                    b[at] = UInt8(truncatingIfNeeded: v / 10) &+ 0x30
                    b[at + 1] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
                }
                two(0, date.year / 100)
                two(2, date.year % 100)
                b[4] = UInt8(ascii: "-")
                two(5, date.month)
                b[7] = UInt8(ascii: "-")
                two(8, date.day)
                b[10] = UInt8(ascii: "T")
                two(11, sod / 3600)
                b[13] = UInt8(ascii: ":")
                two(14, sod / 60 % 60)
                b[16] = UInt8(ascii: ":")
                two(17, sod % 60)
                var n = 20
                if offsetSeconds == 0 {
                    b[19] = UInt8(ascii: "Z")
                } else {
                    let m = abs(offsetSeconds) / 60
                    b[19] = UInt8(ascii: offsetSeconds < 0 ? "-" : "+")
                    two(20, m / 60)
                    b[22] = UInt8(ascii: ":")
                    two(23, m % 60)
                    n = 25
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[0..<n]))
            }
            return
        }
        date.write(to: &out)
        out.append(UInt8(ascii: "T"))
        Digits.write(sod / 3600, 2, to: &out)
        out.append(UInt8(ascii: ":"))
        Digits.write(sod / 60 % 60, 2, to: &out)
        out.append(UInt8(ascii: ":"))
        Digits.write(sod % 60, 2, to: &out)
        if offsetSeconds == 0 {
            out.append(UInt8(ascii: "Z"))
        } else {
            let m = abs(offsetSeconds) / 60
            out.append(UInt8(ascii: offsetSeconds < 0 ? "-" : "+"))
            Digits.write(m / 60, 2, to: &out)
            out.append(UInt8(ascii: ":"))
            Digits.write(m % 60, 2, to: &out)
        }
    }
}

extension Instant.ParseError {
    /// The rule `text` broke, as a field's error says it (`at: must …`).
    public func rule(_ text: String) -> String {
        switch self {
        case .noOffset: "must carry a UTC offset, as in 2026-03-04T07:30:00+09:00 (got \(Echo.quoted(text)))"
        case .fractionalSeconds: "must be whole seconds (got \(Echo.quoted(text)))"
        case .offsetOutOfRange: "must have a UTC offset from -12:00 to +14:00 (got \(Echo.quoted(text)))"
        case .outOfRange: "must be \(Instant.ledgerRangeText) (got \(Echo.quoted(text)))"
        case .malformed: "must be an ISO 8601 instant such as 2026-03-04T07:30:00+09:00 (got \(Echo.quoted(text)))"
        }
    }
}
