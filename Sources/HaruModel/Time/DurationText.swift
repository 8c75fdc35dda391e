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

    private static func twoDigits(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
