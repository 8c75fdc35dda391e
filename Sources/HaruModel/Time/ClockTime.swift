@_spi(Layers) import HaruSystem

/// A wall-clock time of day `HH:mm` (day_start, deadlines).
public struct ClockTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Minutes since midnight, 0…1439.
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Parses exactly `HH:mm` (24-hour, zero-padded).
    public init?(parsing text: String) {
        let b = Array(text.utf8)
        guard b.count == 5, b[2] == UInt8(ascii: ":"), let h = Digits.number(b, 0, 2), let m = Digits.number(b, 3, 2),
            h < 24, m < 60
        else { return nil }
        minutes = h * 60 + m
    }

    /// `hour`:`minute` (0–23, 0–59).
    /// - Throws: `InputError` naming the part out of range.
    public init(hour: Int, minute: Int = 0) throws(InputError) {
        guard (0..<24).contains(hour) else { throw InputError(field: "hour", rule: "must be 0 to 23 (got \(hour))") }
        guard (0..<60).contains(minute) else { throw InputError(field: "minute", rule: "must be 0 to 59 (got \(minute))") }
        minutes = hour * 60 + minute
    }

    /// A time of day as a person types it: `H:mm` or `HH:mm` (`4:00`, `04:00`,
    /// `21:30`). Unlike `init?(parsing:)`, which takes the stored form only,
    /// it says what is wrong instead of giving nil (a settings change built
    /// from nil would leave the day start as it was).
    /// - Throws: `InputError` naming the rule.
    public init(_ text: String) throws(InputError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].utf8.count), parts[1].utf8.count == 2,
            parts[0].utf8.allSatisfy({ (48...57).contains($0) }), parts[1].utf8.allSatisfy({ (48...57).contains($0) }),
            let h = Int(parts[0]), let m = Int(parts[1])
        else { throw InputError(field: "time", rule: "must be H:mm or HH:mm, such as 4:00 or 21:30 (got \"\(text)\")") }
        try self.init(hour: h, minute: m)
    }

    public var description: String { Digits.pad(minutes / 60, 2) + ":" + Digits.pad(minutes % 60, 2) }

    public static func < (a: ClockTime, b: ClockTime) -> Bool { a.minutes < b.minutes }
}
