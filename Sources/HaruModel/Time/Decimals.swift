/// A count action's decimal places (`decimals`, 0 … 3): its amounts and
/// quest targets are whole numbers of its smallest unit — tenths, hundredths
/// or thousandths — so sums and comparisons stay exact (fixed point, no
/// floating drift), and only what is shown is divided.
public enum Decimals {
    /// 10^decimals: how many smallest units make one unit.
    public static func scale(_ decimals: Int) -> Int64 {
        switch decimals {
        case ...0: 1
        case 1: 10
        case 2: 100
        default: 1_000
        }
    }

    /// `n` smallest units as the unit's decimal text: `76` at one decimal is `7.6`, `70` is `7`, `5` is `0.5`.
    public static func text(_ n: Int64, _ decimals: Int) -> String {
        guard decimals > 0 else { return String(n) }
        let s = scale(decimals)
        let whole = n / s, frac = abs(n % s)
        guard frac != 0 else { return String(whole) }
        var digits = String(frac)
        digits = String(repeating: "0", count: decimals - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return (n < 0 && whole == 0 ? "-" : "") + String(whole) + "." + digits
    }

    /// A figure that need not be whole (a share of a target: 20.5 km a week
    /// asks 2.93 a day) to `places` decimals, at least one: `2.9`, `2.93`, `7`.
    public static func figure(_ x: Double, places: Int) -> String {
        let s = Double(scale(max(1, places)))
        return JSONValue.formatNumber((x * s).rounded() / s)
    }

    /// A typed decimal (`7.6`, `7`, `.5`, `7,6`) as smallest units, nil when it
    /// has more places than `decimals` or is not a number.
    public static func parse(_ text: String, _ decimals: Int) -> Int64? {
        let t = String(text.map { $0 == "," ? "." : $0 })
        let parts = t.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, parts.count <= 2, first.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let whole = first.isEmpty ? Int64(0) : Int64(first)
        guard let whole, whole >= 0 else { return nil }
        var frac: Int64 = 0
        if parts.count == 2 {
            var digits = String(parts[1])
            while digits.hasSuffix("0") { digits.removeLast() }
            guard digits.count <= decimals, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            guard !(first.isEmpty && parts[1].isEmpty) else { return nil }
            frac = digits.isEmpty ? 0 : Int64(digits + String(repeating: "0", count: decimals - digits.count))!
        }
        let (m, overflow) = whole.multipliedReportingOverflow(by: scale(decimals))
        guard !overflow else { return nil }
        return m + frac
    }
}
