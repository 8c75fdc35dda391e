/// A number with its unit as people write it: a space before a unit in
/// Latin letters (`8 km`, `8 glasses`), none before a Korean or Japanese
/// counter word when the text is in those languages (`8잔`, `8杯`). One rule
/// for the terminal, the HTML pages and the web page.
public enum UnitText {
    /// - Parameter english: the text's language is English (a counter word then keeps its space).
    public static func join(_ number: String, _ unit: String, english: Bool) -> String {
        number + (!english && unit.first.map { !$0.isASCII } == true ? "" : " ") + unit
    }
}
