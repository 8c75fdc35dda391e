@_spi(Layers) import HaruSystem

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

    /// Room for `n` fields without regrowing.
    mutating func reserveCapacity(_ n: Int) { fields.reserveCapacity(n) }

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
        get { index(field).map { fields[$0].1 } }
        set {
            if let k = index(field) {
                if let newValue { fields[k].1 = newValue } else { fields.remove(at: k) }
            } else if let newValue {
                // Fields mostly come in tag order: append, then move back only if needed
                // (`insert(at:)` was a tenth of reading an event line).
                fields.append((field, newValue))
                var k = fields.count - 1
                while k > 0, fields[k - 1].0.rawValue > field.rawValue {
                    fields.swapAt(k - 1, k)
                    k -= 1
                }
            }
        }
    }

    // The typed accessors below scan the (few, tag-sorted) fields in place
    // and copy out only the value asked for: the fold calls them several
    // times per event, and going through the optional tuple of `subscript`
    // cost a seventh of a replay.

    @inline(__always)
    func index(_ f: Field) -> Int? {
        var k = 0
        while k < fields.count {
            if fields[k].0 == f { return k }
            k += 1
        }
        return nil
    }

    public func has(_ f: Field) -> Bool { index(f) != nil }

    public func string(_ f: Field) -> String? {
        guard let k = index(f), case .string(let s) = fields[k].1 else { return nil }
        return s
    }

    public func int(_ f: Field) -> Int64? {
        guard let k = index(f), case .int(let n) = fields[k].1 else { return nil }
        return n
    }

    public func bool(_ f: Field) -> Bool? {
        guard let k = index(f), case .bool(let b) = fields[k].1 else { return nil }
        return b
    }

    public func strings(_ f: Field) -> [String]? {
        guard let k = index(f), case .strings(let s) = fields[k].1 else { return nil }
        return s
    }

    public func ints(_ f: Field) -> [Int64]? {
        guard let k = index(f), case .ints(let s) = fields[k].1 else { return nil }
        return s
    }

    public func isNull(_ f: Field) -> Bool {
        guard let k = index(f), case .null = fields[k].1 else { return false }
        return true
    }

    /// A date field as a `LocalDate`.
    public func date(_ f: Field) -> LocalDate? { int(f).map { LocalDate(daysSinceEpoch: Int($0)) } }
    /// An instant field.
    public func instant(_ f: Field) -> Instant? { int(f).map { Instant(seconds: $0) } }
}
