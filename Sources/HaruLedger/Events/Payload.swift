/// One stored field value. Dates, clock times, instants, weekdays and choices
/// are stored as integers (see `FieldKind`); `null` is an explicit removal
/// in an edit (`"end_date": null`).
public enum FieldValue: Sendable, Hashable {
    case null
    case int(Int64)
    case bool(Bool)
    case string(String)
    case strings([String])
    case ints([Int64])
}

/// The fields of one event, sorted by tag: the canonical form that is
/// stored, hashed and compared for idempotent retries.
public struct Payload: Sendable, Hashable {
    public private(set) var fields: [(Field, FieldValue)]

    public init() { fields = [] }

    mutating func setSorted(_ f: [(Field, FieldValue)]) { fields = f }

    public init(_ pairs: [(Field, FieldValue)]) {
        fields = []
        for (f, v) in pairs { self[f] = v }
    }

    public static func == (a: Payload, b: Payload) -> Bool {
        a.fields.count == b.fields.count && zip(a.fields, b.fields).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    public func hash(into h: inout Hasher) {
        for (f, v) in fields {
            h.combine(f)
            h.combine(v)
        }
    }

    /// The value of a field, nil when absent (`.null` when explicitly null).
    public subscript(field: Field) -> FieldValue? {
        get { fields.first { $0.0 == field }?.1 }
        set {
            if let k = fields.firstIndex(where: { $0.0 == field }) {
                if let newValue { fields[k].1 = newValue } else { fields.remove(at: k) }
            } else if let newValue {
                let k = fields.firstIndex { $0.0.rawValue > field.rawValue } ?? fields.count
                fields.insert((field, newValue), at: k)
            }
        }
    }

    public func has(_ f: Field) -> Bool { fields.contains { $0.0 == f } }

    public func string(_ f: Field) -> String? {
        if case .string(let s)? = self[f] { return s }
        return nil
    }

    public func int(_ f: Field) -> Int64? {
        if case .int(let n)? = self[f] { return n }
        return nil
    }

    public func bool(_ f: Field) -> Bool? {
        if case .bool(let b)? = self[f] { return b }
        return nil
    }

    public func strings(_ f: Field) -> [String]? {
        if case .strings(let s)? = self[f] { return s }
        return nil
    }

    public func ints(_ f: Field) -> [Int64]? {
        if case .ints(let s)? = self[f] { return s }
        return nil
    }

    public func isNull(_ f: Field) -> Bool {
        if case .null? = self[f] { return true }
        return false
    }

    /// A date field as a `LocalDate`.
    public func date(_ f: Field) -> LocalDate? { int(f).map { LocalDate(daysSinceEpoch: Int($0)) } }
    /// An instant field.
    public func instant(_ f: Field) -> Instant? { int(f).map { Instant(seconds: $0) } }
}
