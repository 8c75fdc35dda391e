/// A phrase's values put in place: `%1`, `%2` … `%9` replaced by `values`
/// (a `%` followed by anything else is kept). One function for every
/// catalogue — the command line's, the web page's and the HTML report's.
package enum Placeholders {
    package static func fill(_ text: String, _ values: [String]) -> String {
        var out = ""
        var chars = text.makeIterator()
        while let c = chars.next() {
            guard c == "%" else {
                out.append(c)
                continue
            }
            guard let d = chars.next() else {
                out.append(c)
                break
            }
            if let n = d.wholeNumberValue, n >= 1, n <= values.count { out += values[n - 1] } else { out += String([c, d]) }
        }
        return out
    }
}
