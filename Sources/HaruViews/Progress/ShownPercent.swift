/// A ratio as a person reads it: a percent and a bar's filled cells. Rounded,
/// except that a ratio short of 1 never reads as done — 29m 50s of 30m is
/// 99 %, with one cell left empty, not "100 %" and a full bar while the quest
/// is unmet. The terminal, the HTML page and an app's gauges all use this.

public enum ShownPercent {
    /// The percent shown for `ratio` (0 … 1, or more: a span past its target).
    public static func of(_ ratio: Double) -> Int {
        let p = Int((ratio * 100).rounded())
        return ratio < 1 - 1e-9 ? min(p, 99) : p
    }

    /// How many of `cells` a bar fills for `ratio` (the last only when met).
    public static func cells(_ ratio: Double, of cells: Int) -> Int {
        let n = min(cells, max(0, Int((ratio * Double(cells)).rounded())))
        return ratio < 1 - 1e-9 ? min(n, cells - 1) : n
    }
}
