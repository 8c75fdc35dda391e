@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruViews

/// Human durations: `1h 05m`, `12m 30s`, `45s`.
enum Duration {
    static func text(_ seconds: Int64) -> String {
        let s = max(0, seconds)
        if s >= 3600 { return "\(s / 3600)h " + twoDigits(s / 60 % 60) + "m" }
        if s >= 60 { return "\(s / 60)m " + twoDigits(s % 60) + "s" }
        return "\(s)s"
    }

    private static func twoDigits(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// Parses `90s`, `30m`, `1h30m`, `2h`, `1:30` (h:mm) into seconds.
    static func parse(_ text: String) -> Int64? {
        if let colon = text.firstIndex(of: ":") {
            guard let h = Int64(text[..<colon]), let m = Int64(text[text.index(after: colon)...]), m < 60, h >= 0 else { return nil }
            return h * 3600 + m * 60
        }
        var total: Int64 = 0
        var number = ""
        var sawUnit = false
        for c in text {
            if c.isNumber { number.append(c); continue }
            guard let n = Int64(number) else { return nil }
            switch c {
            case "h": total += n * 3600
            case "m": total += n * 60
            case "s": total += n
            default: return nil
            }
            number = ""
            sawUnit = true
        }
        return number.isEmpty && sawUnit ? total : nil
    }
}
