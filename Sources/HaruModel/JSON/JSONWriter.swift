@_spi(Layers) import HaruSystem

/// Compact JSON written straight into bytes: the one JSON writer. A
/// `JSONValue` writes itself through it, and the hot paths (`haru log --json`)
/// write fields into it without building a value first: text made one
/// `String` at a time was most of a long listing's time.
public struct JSONBytes {
    public var bytes: [UInt8] = []

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always)
    public mutating func byte(_ b: UInt8) { bytes.append(b) }

    /// ASCII known to need no escaping (punctuation, keys, numbers).
    @inline(__always)
    public mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `"key":`, for a key known to need no escaping.
    @inline(__always)
    public mutating func key(_ s: StaticString) {
        bytes.append(0x22)
        raw(s)
        bytes.append(0x22)
        bytes.append(0x3A)
    }

    /// A comma before every member but the first.
    @inline(__always)
    public mutating func separator(_ first: inout Bool) {
        if first { first = false } else { bytes.append(0x2C) }
    }

    public mutating func int(_ n: Int64) {
        if n < 0 { bytes.append(0x2D) }
        var m = n.magnitude
        var tmp: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &tmp) { raw in
            let buf = raw.bindMemory(to: UInt8.self)
            // The digits from the right, then appended at once (as a typed
            // buffer: a slice of raw bytes took Array's slow, generic append).
            var k = buf.count
            repeat {
                k -= 1
                buf[k] = UInt8(truncatingIfNeeded: m % 10) &+ 0x30
                m /= 10
            } while m > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[k...]))
        }
    }

    /// A JSON array of unsigned integers, written in one go into a buffer
    /// sized for the longest (a diff's cause lists run to millions of seqs;
    /// one append per number was most of its output time).
    public mutating func array(_ values: [UInt64]) {
        let chunk = [UInt8](unsafeUninitializedCapacity: values.count * 21 + 2) { buf, n in
            var k = 0
            buf[k] = 0x5B
            k += 1
            for (j, v) in values.enumerated() {
                if j > 0 {
                    buf[k] = 0x2C
                    k += 1
                }
                var digits = 1
                var rest = v
                while rest >= 10 {
                    rest /= 10
                    digits += 1
                }
                var m = v
                for p in stride(from: k + digits - 1, through: k, by: -1) {
                    buf[p] = UInt8(truncatingIfNeeded: m % 10) &+ 0x30
                    m /= 10
                }
                k += digits
            }
            buf[k] = 0x5D
            n = k + 1
        }
        bytes.append(contentsOf: chunk)
    }

    /// A JSON string literal, escaping what RFC 8259 requires.
    public mutating func string(_ s: String) {
        bytes.append(0x22)
        var s = s
        s.withUTF8 { u in
            var plain = 0
            for k in 0..<u.count {
                let c = u[k]
                guard c == 0x22 || c == 0x5C || c < 0x20 else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[plain..<k]))
                plain = k + 1
                switch c {
                case 0x22: raw("\\\"")
                case 0x5C: raw("\\\\")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                default:
                    raw("\\u00")
                    bytes.append(Hex.digit(UInt64(c >> 4)))
                    bytes.append(Hex.digit(UInt64(c & 0xF)))
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[plain...]))
        }
        bytes.append(0x22)
    }
}

extension JSONValue {
    /// Compact JSON text: no spaces, keys in stored order, integers without a
    /// fraction, other numbers with at most 6 decimals (CONTRACT §4).
    public var compactText: String {
        var out = JSONBytes()
        write(to: &out)
        return out.text
    }

    /// Appends the compact text of this value to `out`.
    public func write(to out: inout JSONBytes) {
        switch self {
        case .null: out.raw("null")
        case .bool(let b): if b { out.raw("true") } else { out.raw("false") }
        case .int(let n): out.int(n)
        case .double(let d): out.bytes.append(contentsOf: JSONValue.formatNumber(d).utf8)
        case .string(let s): out.string(s)
        case .array(let items):
            out.byte(0x5B)
            var first = true
            for item in items {
                out.separator(&first)
                item.write(to: &out)
            }
            out.byte(0x5D)
        case .object(let members):
            out.byte(0x7B)
            var first = true
            for (key, value) in members {
                out.separator(&first)
                out.string(key)
                out.byte(0x3A)
                value.write(to: &out)
            }
            out.byte(0x7D)
        }
    }

    /// A number rounded to 6 decimals without trailing zeros (`0.25`, `1028.571429`,
    /// `1`). Rounding happens only here, at output, so sums stay exact inside.
    public static func formatNumber(_ d: Double) -> String {
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
}
