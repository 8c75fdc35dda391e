extension JSONValue {
    /// Compact JSON text: no spaces, keys in stored order, integers without a
    /// fraction, other numbers with at most 6 decimals (CONTRACT §4).
    package var compactText: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the compact text of this value to `out`.
    package func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let n): out += String(n)
        case .double(let d): out += JSONValue.formatNumber(d)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (k, (key, value)) in members.enumerated() {
                if k > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// A number rounded to 6 decimals without trailing zeros (`0.25`, `1028.571429`,
    /// `1`). Rounding happens only here, at output, so sums stay exact inside.
    package static func formatNumber(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        let scaled = (d * 1_000_000).rounded()
        if scaled == 0 { return "0" }
        if abs(scaled) >= 9e15 { return String(d) }
        let n = Int64(scaled)
        let sign = n < 0 ? "-" : ""
        let m = n.magnitude
        let whole = m / 1_000_000
        var frac = m % 1_000_000
        if frac == 0 { return sign + String(whole) }
        var digits = 6
        while frac % 10 == 0 { frac /= 10; digits -= 1 }
        var fracText = String(frac)
        while fracText.count < digits { fracText = "0" + fracText }
        return sign + String(whole) + "." + fracText
    }

    /// Writes a JSON string literal, escaping what RFC 8259 requires.
    package static func writeString(_ s: String, to out: inout String) {
        out += "\""
        var plainStart = s.utf8.startIndex
        var idx = plainStart
        let utf8 = s.utf8
        while idx != utf8.endIndex {
            let c = utf8[idx]
            if c == 0x22 || c == 0x5C || c < 0x20 {
                out += String(s[plainStart..<idx])
                switch c {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x0A: out += "\\n"
                case 0x0D: out += "\\r"
                case 0x09: out += "\\t"
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out += "\\u00"
                    out.unicodeScalars.append(Unicode.Scalar(hex[Int(c >> 4)]))
                    out.unicodeScalars.append(Unicode.Scalar(hex[Int(c & 0xF)]))
                }
                idx = utf8.index(after: idx)
                plainStart = idx
            } else {
                idx = utf8.index(after: idx)
            }
        }
        out += String(s[plainStart..<idx])
        out += "\""
    }
}
