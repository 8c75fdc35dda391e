import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruLedger
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruViews

/// Every scenario file in Fixtures/ passes through `haru check`.
let fixtureFiles: [String] = {
    let root = packageRoot + "/Fixtures"
    let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix("demo/") }.sorted()
}()

struct Scenarios {
    @Test(arguments: fixtureFiles)
    func fixturePasses(_ file: String) {
        let r = haru(["check", packageRoot + "/Fixtures/" + file])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("ok: "))
    }

    @Test func thereAreFixtures() { #expect(fixtureFiles.count >= 7) }

    @Test func aWrongAssertionExitsOneWithADiff() throws {
        let dir = TempDir()
        let file = dir.path + "/wrong.jsonl"
        try """
        {"type":"settings.changed","at":"2026-03-01T00:00:00+09:00","data":{"time_zone":"Asia/Seoul","day_start":"06:00"}}
        {"type":"action.created","at":"2026-03-01T00:00:00+09:00","data":{"action_id":"read","name":"Reading","tracking":"time"}}
        {"type":"session.recorded","at":"2026-03-04T07:00:00+09:00","data":{"session_id":"s1","action_id":"read","start":"2026-03-04T05:00:00+09:00","end":"2026-03-04T07:00:00+09:00"}}
        # deliberately wrong: the session gives only 1 h to 03-04
        {"expect":"day","date":"2026-03-04","action_id":"read","seconds":7200}
        {"expect":"day","date":"2026-03-03","action_id":"read","seconds":3600}
        {"type":"count.added","at":"2026-03-04T08:00:00+09:00","data":{"entry_id":"c","action_id":"read","amount":1}}
        {"type":"session.recorded","at":"2026-03-04T09:00:00+09:00","data":{"session_id":"s2","action_id":"read","start":"2026-03-04T08:00:00+09:00","end":"2026-03-04T09:00:00+09:00"}}
        {"expect":"reject"}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let r = haru(["check", file])
        #expect(r.code == 1)
        #expect(r.out == "FAILED: 3 of 4 assertions\n")
        #expect(r.err.contains("wrong.jsonl:5: day 2026-03-04 action_id=read\n    seconds: expected 7200, got 3600"), "\(r.err)")
        #expect(
            r.err.contains("wrong.jsonl:7: event\n    the event was refused: line 7: data.action_id: action \"read\" tracks time"),
            "\(r.err)")
        #expect(r.err.contains("wrong.jsonl:8: reject\n    the event was accepted (seq 4)"), "\(r.err)")
    }

    @Test(arguments: [
        ("{\"expect\":\"day\"}", "wrong.jsonl:1: date: required for expect day"),
        ("{\"expect\":\"weather\",\"date\":\"2026-03-04\"}", "unknown expectation \"weather\""),
        ("{not json", "wrong.jsonl:1: invalid JSON at column 2"),
        ("{\"hello\":1}", "a line is an event (\"type\"), an assertion (\"expect\") or a clock setting (\"now\")"),
        ("{\"expect\":\"day\",\"date\":\"2026-02-30\"}", "date: not a date YYYY-MM-DD"),
        // as_of and known_at refused by the words --as-of and --known-at use (one QueryTime).
        (
            "{\"expect\":\"day\",\"date\":\"2026-03-04\",\"as_of\":\"someday\"}",
            "wrong.jsonl:1: as_of: \"someday\" is neither a day (2026-03-04, today, yesterday, monday) nor a time"
        ),
        (
            "{\"expect\":\"day\",\"date\":\"2026-03-04\",\"known_at\":\"x\"}",
            "wrong.jsonl:1: known_at: \"x\" is neither a seq nor an ISO 8601 instant"
        ),
        ("{\"expect\":\"day\",\"date\":\"2026-03-04\",\"known_at\":true}", "wrong.jsonl:1: known_at: a seq or an instant"),
    ])
    func aMalformedScenarioExitsTwo(line: String, message: String) throws {
        let dir = TempDir()
        let file = dir.path + "/wrong.jsonl"
        try line.write(toFile: file, atomically: true, encoding: .utf8)
        let r = haru(["check", file])
        #expect(r.code == 2)
        #expect(r.err.contains(message), "\(r.err)")
    }
}

struct ScenarioMatching {
    func json(_ s: String) -> JSONValue { try! JSONParser.parse(s) }

    @Test func objectsMatchOnTheMembersTheExpectationNames() {
        #expect(ScenarioRunner.matches(json(#"{"a":1}"#), json(#"{"a":1.0000001,"name":"x"}"#)))
        #expect(!ScenarioRunner.matches(json(#"{"a":1,"b":2}"#), json(#"{"a":1}"#)), "a named member must be there")
        #expect(!ScenarioRunner.matches(json(#"{"a":1}"#), json(#"{"a":1.01}"#)))
        #expect(ScenarioRunner.matches(json(#"[{"id":"x"}]"#), json(#"[{"id":"x","name":"X"}]"#)))
        #expect(!ScenarioRunner.matches(json(#"[{"id":"x"}]"#), json(#"[{"id":"x"},{"id":"y"}]"#)), "arrays keep their length")
        #expect(!ScenarioRunner.matches(json(#"{"a":null}"#), json(#"{"a":0}"#)))
    }
}
