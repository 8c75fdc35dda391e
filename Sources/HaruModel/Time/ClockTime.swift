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

    public var description: String { Digits.pad(minutes / 60, 2) + ":" + Digits.pad(minutes % 60, 2) }

    public static func < (a: ClockTime, b: ClockTime) -> Bool { a.minutes < b.minutes }
}
