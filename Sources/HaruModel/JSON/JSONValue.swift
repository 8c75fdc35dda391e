@_spi(Layers) import HaruSystem

/// A JSON value as read from or written to the ledger's edges (JSONL input,
/// `--json` output). Objects keep their key order, so output is stable and
/// input errors can name fields as the user wrote them.
///
/// Numbers keep their integer-ness: `3600` is `.int(3600)`, `0.25` is
/// `.double(0.25)`. Ledger fields are whole numbers, and reading them through
/// a Double would silently accept `1e3` or lose precision past 2^53.
public enum JSONValue: Sendable, Equatable {
    /// `null`
    case null
    /// `true` / `false`
    case bool(Bool)
    /// A number written without fraction or exponent that fits in 64 bits.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, keys in order of appearance.
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (l, r) in zip(x, y) where l.0 != r.0 || l.1 != r.1 { return false }
            return true
        default: return false
        }
    }

    /// The value of `key` in an object, nil when absent or not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// A short name of the value's JSON type, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The number as a Double, for comparisons of query output.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
}

extension JSONValue {
    /// The text of a string value, nil for the other kinds.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
