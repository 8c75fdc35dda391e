/// RFC 4180 CSV, as spreadsheets write and read it: fields separated by
/// commas, quoted when they hold a comma, a quote or a line break (a quote
/// inside doubled), records ended by CRLF. Files carry a UTF-8 byte order
/// mark so that spreadsheet programs read them as UTF-8.
@_spi(Layers) public enum CSV {
    @_spi(Layers) public static let byteOrderMark = "\u{FEFF}"

    /// One record as a line (CRLF included).
    @_spi(Layers) public static func line(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    static func quoted(_ f: String) -> String {
        guard f.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) || f.hasPrefix(" ") || f.hasSuffix(" ") else {
            return f
        }
        var out = "\""
        for c in f {
            if c == "\"" { out += "\"\"" } else { out.append(c) }
        }
        return out + "\""
    }

    /// Why a file could not be read: the record (line) and what is wrong.
    @_spi(Layers) public struct ParseError: Error, Sendable, Equatable {
        @_spi(Layers) public var line: Int
        @_spi(Layers) public var reason: String
    }

    /// The records of `text` (a leading byte order mark skipped), each with
    /// the line it starts on. Blank lines are skipped.
    @_spi(Layers) public static func parse(_ text: String) throws(ParseError) -> [(line: Int, fields: [String])] {
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
