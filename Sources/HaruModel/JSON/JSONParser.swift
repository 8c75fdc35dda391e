@_spi(Layers) import HaruSystem

/// Why a piece of JSON text could not be read.
public struct JSONSyntaxError: HaruError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .badInput }
    /// 1-based column (byte offset within the line) where reading stopped.
    public var column: Int
    /// What was expected or found.
    public var reason: String
    public var description: String { "invalid JSON at column \(column): \(reason)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Strict on purpose: duplicate keys, trailing commas, comments, NaN and
/// leading zeros are errors, because a ledger must never guess what a line
/// meant. Hand-written (no Foundation) so that the command line starts fast
/// and the parse is the same on every platform.
public struct JSONParser {
    /// The text, read in place (valid during `parse`): no copy of a line, no
    /// bounds checks on each byte (every index is checked against `count`).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The most keys one object may have: no event or import record comes
    /// near it (an event has at most a few dozen fields), and every later
    /// look-up of a field is a scan of the object's keys.
    public static let maxKeys = 4096

    /// Parses one complete JSON text.
    /// - Throws: `JSONSyntaxError` naming the column.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses one complete JSON text from UTF-8 bytes.
    public static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue { try parse(slice: bytes[...]) }

    /// Parses one complete JSON text from UTF-8 bytes (a line of a larger
    /// buffer; columns count from the slice's start).
    public static func parse(slice: ArraySlice<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = slice.withUnsafeBufferPointer { buf in
            do throws(JSONSyntaxError) { return .success(try parse(buffer: buf)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses one complete JSON text from UTF-8 bytes in memory the caller
    /// keeps alive (a line of a mapped file: `InputBytes`).
    public static func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var p = JSONParser(buffer)
        p.skipSpace()
        let v = try p.value()
        p.skipSpace()
        if p.i < p.bytes.count { throw p.fail("unexpected text after the value") }
        return v
    }

    private func fail(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(column: i + 1, reason: reason)
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard i < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected character '\(Character(Unicode.Scalar(bytes[i])))'")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw fail("unexpected end of input") }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { throw fail("unknown literal") }
        i += n
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > 64 { throw fail("nesting deeper than 64 levels") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        i += 1
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(8)
        // Duplicates are looked for in the members while they are few, in a
        // set past that: a scan per key made an object of n keys cost n²/2
        // comparisons (a line of 40,000 keys took 1.8 s; one of a million,
        // in a sync folder, held every device's sync for minutes).
        var seen: Set<String>? = nil
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
            let keyAt = i
            let key = try string()
            let duplicate: Bool
            if var set = seen {
                seen = nil  // one owner while it is changed: no copy
                duplicate = !set.insert(key).inserted
                seen = set
            } else if members.count < 16 {
                duplicate = members.contains(where: { $0.0 == key })
            } else {
                var set = Set(members.map(\.0))
                duplicate = !set.insert(key).inserted
                seen = set
            }
            if duplicate {
                throw JSONSyntaxError(column: keyAt + 1, reason: "duplicate key \"\(key)\"")
            }
            guard members.count < JSONParser.maxKeys else {
                throw JSONSyntaxError(column: keyAt + 1, reason: "more than \(JSONParser.maxKeys) keys in one object")
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            i += 1
            skipSpace()
            members.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input in an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; break }
            throw fail("expected ',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input in an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            throw fail("expected ',' or ']'")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let d = Hex.value(bytes[i]).map(UInt32.init) else { throw fail("bad hex digit in \\u escape") }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        var out: [UInt8] = []
        let start = i
        // Fast path: no escapes; ASCII noted on the way (no second pass).
        var high: UInt8 = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
            high |= c
            i += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            let run = UnsafeBufferPointer(rebasing: bytes[start..<i])
            i += 1
            return high < 0x80 ? String(decoding: run, as: UTF8.self) : try utf8(run, at: start)
        }
        out.append(contentsOf: bytes[start..<i])
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c < 0x20 { throw fail("control character in a string (escape it)") }
            if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw fail("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 2 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
                    else { throw fail("lone high surrogate") }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("bad low surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw fail("lone low surrogate")
                }
                guard let u = Unicode.Scalar(scalar) else { throw fail("invalid code point") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw fail("unknown escape '\\\(Character(Unicode.Scalar(e)))'")
            }
        }
        return try utf8(out, at: start)
    }

    private func utf8<C: Collection<UInt8>>(_ slice: C, at start: Int) throws(JSONSyntaxError) -> String {
        // ASCII (nearly every id and name) needs no validation.
        if !slice.contains(where: { $0 >= 0x80 }) { return String(decoding: slice, as: UTF8.self) }
        guard let s = String(validating: slice, as: UTF8.self) else {
            throw JSONSyntaxError(column: start + 1, reason: "string is not valid UTF-8")
        }
        return s
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw fail("expected a digit") }
        if bytes[i] == UInt8(ascii: "0"), i + 1 < bytes.count, isDigit(bytes[i + 1]) {
            throw fail("leading zero in a number")
        }
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        var integral = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw fail("expected a digit after '.'") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            integral = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw fail("expected a digit in the exponent") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        if integral, let n = Int64(text) { return .int(n) }
        guard let d = Double(text), d.isFinite else { throw JSONSyntaxError(column: start + 1, reason: "number out of range") }
        return .double(d)
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
