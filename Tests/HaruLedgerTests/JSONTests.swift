import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruInterchange
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruViews

struct JSONParsing {
    /// Objects with many keys (issue 40, finding 5): duplicates are found
    /// past the first 16 keys (through a set, not a scan per key), and an
    /// object of more than `maxKeys` keys is refused at the key past the limit.
    @Test(arguments: [17, 100, 4000]) func duplicatesAmongManyKeysAreFound(keys: Int) throws {
        let distinct = "{" + (0..<keys).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        guard case .object(let members) = try JSONParser.parse(distinct) else { Issue.record("not an object"); return }
        #expect(members.count == keys && members.last?.0 == "k\(keys - 1)")
        let repeated = "{" + (0..<keys).map { "\"k\($0)\":1" }.joined(separator: ",") + ",\"k\(keys / 2)\":2}"
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(repeated) }
        do { _ = try JSONParser.parse(repeated) } catch { #expect(error.reason == "duplicate key \"k\(keys / 2)\"") }
    }

    @Test func anObjectOfMoreThanMaxKeysIsRefused() throws {
        let line = "{" + (0...JSONParser.maxKeys).map { "\"k\($0)\":1" }.joined(separator: ",") + "}"
        do {
            _ = try JSONParser.parse(line)
            Issue.record("parsed")
        } catch { #expect(error.reason == "more than \(JSONParser.maxKeys) keys in one object") }
        let limit = "{" + (0..<JSONParser.maxKeys).map { "\"k\($0)\":1" }.joined(separator: ",") + "}"
        #expect(throws: Never.self) { try JSONParser.parse(limit) }
    }

    @Test func parsesNestedValuesKeepingKeyOrder() throws {
        let v = try JSONParser.parse(#"{"b":1,"a":[true,null,"x\n\u00e9\ud83d\ude00"],"c":{"d":-2.5e1}}"#)
        #expect(
            v
                == .object([
                    ("b", .int(1)), ("a", .array([.bool(true), .null, .string("x\né😀")])), ("c", .object([("d", .double(-25))])),
                ]))
    }

    @Test(arguments: [
        (#"{"a":1,"a":2}"#, "duplicate key \"a\""),
        (#"[1,2,]"#, "unexpected character ']'"),
        (#"{"a":01}"#, "leading zero in a number"),
        (#"{"a":1} x"#, "unexpected text after the value"),
        (#"{"a":"\q"}"#, "unknown escape"),
        ("{\"a\":\"\u{01}\"}", "control character"),
        (#"{"a":NaN}"#, "unexpected character 'N'"),
        (#"{"a":"\ud800"}"#, "lone high surrogate"),
        (#"{"a":1"#, "unexpected end of input"),
    ])
    func rejectsMalformedText(text: String, reason: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        do { _ = try JSONParser.parse(text) } catch { #expect(error.reason.contains(reason), "\(error.reason)") }
    }

    @Test func keepsIntegersExactBeyondDoublePrecision() throws {
        #expect(try JSONParser.parse("9007199254740993") == .int(9_007_199_254_740_993))
        #expect(try JSONParser.parse("1e3") == .double(1000))
    }

    @Test(arguments: [
        (0.25, "0.25"), (1.0, "1"), (1028.5714285714, "1028.571429"), (0.0000004, "0"), (-0.5, "-0.5"), (0.0565, "0.0565"),
        (31885.714285714, "31885.714286"),
    ])
    func formatsNumbersToSixDecimals(value: Double, text: String) {
        #expect(JSONValue.formatNumber(value) == text)
    }

    @Test func writesEscapedCompactText() throws {
        let v = JSONValue.object([("k", .string("a\"b\\c\n\u{1}é")), ("n", .array([.int(-3), .bool(false), .null]))])
        #expect(v.compactText == #"{"k":"a\"b\\c\n\u0001é","n":[-3,false,null]}"#)
        #expect(try JSONParser.parse(v.compactText) == v)
    }
}

/// RFC 4180 as spreadsheets write it.
struct CSVParsing {
    @Test func readsQuotesEmbeddedBreaksCRLFAndTheByteOrderMark() throws {
        let text = "\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n\r\nlast,,\n"
        let records = try CSV.parse(text)
        #expect(records.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["last", "", ""]])
        #expect(records.map(\.line) == [1, 2, 5], "a record's line is where it starts")
    }

    @Test func writesWhatItReads() throws {
        let fields = ["plain", "with, comma", "with \"quote\"", "multi\nline", " padded ", "", "한국어"]
        #expect(try CSV.parse(CSV.line(fields)).map(\.fields) == [fields])
    }

    @Test(arguments: [
        ("a,\"b\nc", 1, "never closed"), ("a,b\"c", 1, "a quote inside an unquoted field"), ("\"a\"b", 1, "text after a closing quote"),
    ])
    func refusesMalformedQuoting(_ text: String, _ line: Int, _ reason: String) {
        #expect(throws: CSV.ParseError.self) { try CSV.parse(text) }
        do { _ = try CSV.parse(text) } catch { #expect(error.line == line && error.reason.contains(reason), "\(error)") }
    }
}

/// Whether an export holds merged events (`Segment.holdsOrigins`), which
/// decides whether `import jsonl` merges it: the field found wherever it is,
/// and not taken for the same words inside a string.
struct OriginDetection {
    @Test(
        arguments: [
            (#"{"seq":1,"type":"x","data":{"a":1},"hash":"h","origin":{"recorded":"2026-03-04T00:00:01.000000Z","seq":3}}"#, true),
            (#"{"origin":{"recorded":"2026-03-04T00:00:01.000000Z","seq":3}}"#, false),
            (#"{"seq":1,"data":{"note":"\",\"origin\":{\"recorded\":"},"hash":"h"}"#, false),
            (#"{"seq":1,"data":{},"hash":"h"}"# + "\n" + #"{"seq":2,"data":{},"hash":"h","origin":{"recorded":"x","seq":1}}"#, true),
            (#"{"seq":1,"data":{},"hash":"h","origin":{"recorded""#, false),
            ("", false),
        ] as [(String, Bool)])
    func theOriginFieldIsFoundWhereverItIs(text: String, holds: Bool) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { Segment.holdsOrigins($0) } == holds, "\(text)")
    }
}
