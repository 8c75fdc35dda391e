@_spi(Layers) import HaruModel

/// RFC 4180 CSV, as spreadsheets write and read it: fields separated by
/// commas, quoted when they hold a comma, a quote or a line break (a quote
/// inside doubled), records ended by CRLF. Files carry a UTF-8 byte order
/// mark so that spreadsheet programs read them as UTF-8.
public enum CSV {
    public static let byteOrderMark = "\u{FEFF}"

    /// A list in one cell, its items separated by `;`: an item's own `;`
    /// and `\` are written `\;` and `\\`, so every name comes back whole
    /// (`listItems`). A list without either reads as it always did.
    public static func listCell(_ items: [String]) -> String {
        items.map { item in
            String(item.flatMap { c -> [Character] in c == ";" || c == "\\" ? ["\\", c] : [c] })
        }.joined(separator: ";")
    }

    /// The items of a `listCell`, spaces and tabs around each trimmed, empty ones dropped.
    public static func listItems(_ cell: String) -> [String] {
        var items: [String] = []
        var current = ""
        var escaped = false
        for c in cell {
            if escaped {
                current.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == ";" {
                items.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        items.append(current)
        return items.map(\.trimmingSpacesAndTabs).filter { !$0.isEmpty }
    }

    /// One record as a line (CRLF included).
    public static func line(_ fields: [String]) -> String {
        var w = CSVWriter(capacity: 256)
        for f in fields { w.field(f) }
        w.endRecord()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// Why a file could not be read: the record (line) and what is wrong.
    public struct ParseError: Error, Sendable, Equatable {
        public var line: Int
        public var reason: String
    }

    /// The records of `text` (a leading byte order mark skipped), each with
    /// the line it starts on. Blank lines are skipped.
    public static func parse(_ text: String) throws(ParseError) -> [(line: Int, fields: [String])] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1, recordLine = 1
        var inQuotes = false, wasQuoted = false, fieldStarted = false
        var it = scalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            wasQuoted = false
            fieldStarted = false
        }
        func endRecord() {
            if !(fields.count == 0 && !fieldStarted && field.isEmpty) {
                endField()
                if !(fields.count == 1 && fields[0].isEmpty && !wasQuoted) { records.append((recordLine, fields)) }
            }
            fields = []
        }
        while let c = pending ?? it.next() {
            pending = nil
            if inQuotes {
                if c == "\"" {
                    let next = it.next()
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        inQuotes = false
                        pending = next
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.append(c)
                }
                continue
            }
            switch c {
            case ",":
                endField()
                fieldStarted = true
            case "\r":
                let next = it.next()
                if next != "\n" { pending = next }
                endRecord()
                line += 1
                recordLine = line
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            case "\"":
                guard field.isEmpty, !wasQuoted else {
                    throw ParseError(line: line, reason: "a quote inside an unquoted field (quote the whole field and double the quote)")
                }
                inQuotes = true
                wasQuoted = true
                fieldStarted = true
            default:
                if wasQuoted { throw ParseError(line: line, reason: "text after a closing quote") }
                field.append(c)
                fieldStarted = true
            }
        }
        if inQuotes { throw ParseError(line: recordLine, reason: "a quoted field is never closed") }
        endRecord()
        return records
    }
}

/// CSV records written straight into bytes: a whole export of a large
/// ledger is a million rows, where a String per field and per line cost more
/// than reading the ledger.
public struct CSVWriter: Sendable {
    public var bytes: [UInt8] = []
    private var atRecordStart = true

    public init(capacity: Int = 1 << 20) { bytes.reserveCapacity(capacity) }

    private mutating func separate() {
        if !atRecordStart { bytes.append(UInt8(ascii: ",")) }
        atRecordStart = false
    }

    /// A text field, quoted when it holds a comma, a quote or a line break
    /// or starts or ends with a space.
    public mutating func field(_ s: String) {
        separate()
        var s = s
        s.withUTF8 { u in
            let needs = u.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D } || u.first == 0x20 || u.last == 0x20
            guard needs else { return bytes.append(contentsOf: u) }
            bytes.append(0x22)
            for c in u {
                if c == 0x22 { bytes.append(0x22) }
                bytes.append(c)
            }
            bytes.append(0x22)
        }
    }

    public mutating func field(_ n: Int64) {
        separate()
        var n = n
        if n < 0 {
            bytes.append(UInt8(ascii: "-"))
            n = -n
        }
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(truncatingIfNeeded: n % 10) &+ 0x30)
            n /= 10
        } while n > 0
        bytes.append(contentsOf: digits.reversed())
    }

    /// An instant in ISO 8601 at the given offset.
    public mutating func field(_ t: Instant, offsetSeconds: Int) {
        separate()
        t.write(offsetSeconds: offsetSeconds, to: &bytes)
    }

    /// An empty field.
    public mutating func empty() { separate() }

    /// Ends the record (CRLF).
    public mutating func endRecord() {
        bytes.append(0x0D)
        bytes.append(0x0A)
        atRecordStart = true
    }

    /// Takes the bytes written so far (to hand them to a file), keeping the buffer's room.
    public mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }
}
