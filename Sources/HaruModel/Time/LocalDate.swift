@_spi(Layers) import HaruSystem

/// A calendar day key (year, month, day) with no time and no zone.
///
/// Day keys are never represented as a midnight instant: turning a midnight
/// back into a day depends on the zone and on day_start (RULES §1).
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Makes a date, nil when the fields do not name a real day.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= LocalDate.daysIn(year: year, month: month)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    // The day arithmetic below is `@inlinable`: the queries and the progress
    // engine (other modules) call it for every day they walk.

    /// The date `days` days after 1970-01-01 (negative: before).
    @inlinable
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days: exact for the proleptic Gregorian calendar.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    /// Days since 1970-01-01.
    @inlinable
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day of the week.
    @inlinable
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (index 3 with Monday = 0).
        let k = ((daysSinceEpoch % 7) + 7 + 3) % 7
        return Weekday(rawValue: k)!
    }

    /// The date `n` days later (earlier when negative).
    @inlinable
    public func adding(days n: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + n) }

    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Parses exactly `YYYY-MM-DD`.
    /// A date as typed (`YYYY-MM-DD`), within the ledger's years (1900 to
    /// 2999, as `Instant.ledgerRange`); nil otherwise.
    public init?(parsing text: String) {
        let b = Array(text.utf8)
        guard b.count == 10 else { return nil }
        self.init(bytes: b, at: 0)
        guard LocalDate.ledgerYears.contains(year) else { return nil }
    }

    /// The years a ledger's dates may have.
    public static let ledgerYears = 1900...2999

    /// Parses `YYYY-MM-DD` at `at` in a byte array.
    init?<B: RandomAccessCollection<UInt8>>(bytes b: B, at k: Int) where B.Index == Int {
        guard k + 10 <= b.count, b[k + 4] == UInt8(ascii: "-"), b[k + 7] == UInt8(ascii: "-"),
            let y = Digits.number(b, k, 4), let m = Digits.number(b, k + 5, 2), let d = Digits.number(b, k + 8, 2)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// `YYYY-MM-DD`
    public var description: String {
        var out: [UInt8] = []
        out.reserveCapacity(10)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DD`.
    public func write(to out: inout [UInt8]) {
        Digits.write(year, 4, to: &out)
        out.append(UInt8(ascii: "-"))
        Digits.write(month, 2, to: &out)
        out.append(UInt8(ascii: "-"))
        Digits.write(day, 2, to: &out)
    }

    @inlinable
    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

/// Days of the week, Monday first (ISO 8601).
public enum Weekday: Int, Sendable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// `Mon` … `Sun` (tables and charts).
    public var abbreviation: String { name.prefix(1).uppercased() + name.dropFirst().prefix(2) }

    /// The lower-case English name used in events (`monday` … `sunday`).
    public var name: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    public static let names = allCases.map(\.name)

    /// Accepts the full name or its first three letters, any case.
    public init?(name: String) {
        let n = name.lowercased()
        guard let k = Weekday.names.firstIndex(where: { $0 == n || (n.count == 3 && $0.hasPrefix(n)) }) else { return nil }
        self.init(rawValue: k)
    }
}

/// Small helpers for fixed-width decimal fields.
enum Digits {
    /// The decimal number in `b[at..<at+count]`, nil unless all are digits.
    static func number<B: RandomAccessCollection<UInt8>>(_ b: B, _ at: Int, _ count: Int) -> Int? where B.Index == Int {
        guard at + count <= b.count else { return nil }
        var v = 0
        for k in at..<(at + count) {
            let c = b[k]
            guard c >= 0x30, c <= 0x39 else { return nil }
            v = v * 10 + Int(c - 0x30)
        }
        return v
    }

    /// `n` zero-padded to `width` digits.
    static func pad(_ n: Int, _ width: Int) -> String {
        var out: [UInt8] = []
        write(n, width, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `n` zero-padded to `width` characters (a sign counts as one).
    @inline(__always)
    static func write(_ n: Int, _ width: Int, to out: inout [UInt8]) {
        guard n >= 0, n < 10_000 else {
            let s = String(n)
            for _ in 0..<max(0, width - s.utf8.count) { out.append(0x30) }
            out.append(contentsOf: s.utf8)
            return
        }
        let count = n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : 4
        for _ in 0..<max(0, width - count) { out.append(0x30) }
        var p = 1
        for _ in 1..<count { p *= 10 }
        var m = n
        while p > 0 {
            out.append(UInt8(truncatingIfNeeded: m / p) &+ 0x30)
            m %= p
            p /= 10
        }
    }
}
