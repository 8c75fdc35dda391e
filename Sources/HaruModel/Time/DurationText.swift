/// A length of time as people read it, everywhere a duration is shown (the
/// terminal's tables and messages, the HTML report): `1h 05m`, `12m 30s`,
/// `45s`. Hours and minutes above an hour (seconds dropped, not rounded:
/// totals add up as shown), minutes and seconds below.
package enum DurationText {
    public static func text(_ seconds: Int64) -> String {
        let s = max(0, seconds)
        if s >= 3600 { return "\(s / 3600)h " + twoDigits(s / 60 % 60) + "m" }
        if s >= 60 { return "\(s / 60)m " + twoDigits(s % 60) + "s" }
        return "\(s)s"
    }

    /// `1시간 5분`, `29분 50초`, `1時間5分`: the two largest units, as the app
    /// writes durations in Korean and Japanese (the terminal's and the web
    /// page's words call this one function).
    package static func text(_ seconds: Int64, hour: String, minute: String, second: String, separator: String) -> String {
        let s = max(0, seconds)
        let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60)
        if h > 0 { return "\(h)\(hour)" + (m > 0 ? "\(separator)\(m)\(minute)" : "") }
        if m > 0 { return "\(m)\(minute)" + (sec > 0 ? "\(separator)\(sec)\(second)" : "") }
        return "\(sec)\(second)"
    }

    private static func twoDigits(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
