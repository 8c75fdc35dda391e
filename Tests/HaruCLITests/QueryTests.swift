import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

struct DayAndReportCommands {
    func ledgerWithRecords() -> TempDir {
        let dir = cliLedger()
        let r = haru(
            ["append"], ledger: dir.ledgerPath,
            stdin: """
                {"type":"session.recorded","at":"2026-03-04T07:00:00+09:00","data":{"session_id":"s1","action_id":"read","start":"2026-03-04T05:00:00+09:00","end":"2026-03-04T07:00:00+09:00"}}
                {"type":"count.added","at":"2026-03-04T09:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":3}}
                """)
        precondition(r.code == 0, r.err)
        return dir
    }

    @Test func dayPrintsTheContractJSON() {
        let dir = ledgerWithRecords()
        let r = haru(["day", "2026-03-04", "--json", "--now", "2026-03-05T00:00:00+09:00"], ledger: dir.ledgerPath)
        #expect(r.code == 0)
        // Provenance: the hash of the event the view is known at, as `verify` prints it for the head.
        let hash = haru(["verify"], ledger: dir.ledgerPath).out.split(separator: " ").last.map { String($0.dropLast()) } ?? "?"
        #expect(hash.count == 64)
        #expect(
            r.out
                == #"{"day":"2026-03-04","start":"2026-03-04T06:00:00+09:00","end":"2026-03-05T06:00:00+09:00","actions":[{"action_id":"read","name":"Reading","seconds":3600,"count":0},{"action_id":"water","name":"Water","seconds":0,"count":3}],"tags":[{"tag_id":"study","name":"Study","seconds":3600,"count":0}],"as_of":"2026-03-05T00:00:00+09:00","known_at":6,"known_at_hash":""#
                + hash + "\"}\n")
    }

    @Test func dayWithoutADateIsTheDayOfTheReference() {
        let dir = ledgerWithRecords()
        let live = haru(["day", "--json", "--now", "2026-03-04T05:30:00+09:00"], ledger: dir.ledgerPath)
        #expect(live.out.hasPrefix(#"{"day":"2026-03-03""#))
        let asOf = haru(["day", "--json", "--as-of", "2026-03-04"], ledger: dir.ledgerPath)
        #expect(asOf.out.hasPrefix(#"{"day":"2026-03-04""#))
        // An as-of instant exactly at a day start is in that day (a date means the end of its day).
        let atStart = haru(["day", "--json", "--as-of", "2026-03-04T06:00:00+09:00"], ledger: dir.ledgerPath)
        #expect(atStart.out.hasPrefix(#"{"day":"2026-03-04""#), "\(atStart.out)")
    }

    @Test func humanDayListsActionsAndTags() {
        let dir = ledgerWithRecords()
        let r = haru(["day", "2026-03-04"], ledger: dir.ledgerPath)
        #expect(
            r.out == """
                2026-03-04 wed  2026-03-04T06:00:00+09:00 → 2026-03-05T06:00:00+09:00
                  actions
                    Reading       1h 00m
                    Water         ×3
                  tags
                    Study         1h 00m

                """)
    }

    @Test func reportTableAndJSONAgree() {
        let dir = ledgerWithRecords()
        let args = ["report", "--from", "2026-03-01", "--to", "2026-03-07", "--every", "day", "--now", "2026-03-04T12:00:00+09:00"]
        let text = haru(args, ledger: dir.ledgerPath)
        #expect(text.code == 0)
        #expect(text.out.hasPrefix("day                          Reading       Water\n"), "\(text.out)")
        #expect(text.out.contains("\n2026-03-03                    1h 00m           –\n"), "\(text.out)")
        #expect(text.out.contains("\ntotal                         2h 00m          ×3\n"), "\(text.out)")
        #expect(text.out.hasSuffix("\naverage per day (4)          30m 00s        ×0.8\n"), "\(text.out)")
        let json = haru(args + ["--json"], ledger: dir.ledgerPath)
        let v = try! JSONParser.parse(json.out.trimmingCharacters(in: .newlines))
        #expect(v["started_periods"] == .int(4))
        #expect(
            v["totals"]
                == .array([
                    .object([
                        ("action_id", .string("read")), ("name", .string("Reading")), ("seconds", .int(7200)), ("count", .int(0)),
                        ("average_seconds", .double(1800)),
                        ("average_count", .double(0)),
                    ]),
                    .object([
                        ("action_id", .string("water")), ("name", .string("Water")), ("seconds", .int(0)), ("count", .int(3)),
                        ("average_seconds", .double(0)),
                        ("average_count", .double(0.75)),
                    ]),
                ]))
    }

    @Test(arguments: [
        (["day", "2026-02-30"], "DATE: \"2026-02-30\" is not a day; give 2026-03-04, today, yesterday or a weekday"),
        (["day", "--as-of", "noon"], "--as-of: \"noon\" is neither a day (2026-03-04, today, yesterday, monday) nor a time"),
        (["day", "--as-of", "2026-03-04T12:00:00+25:00"], "--as-of: \"2026-03-04T12:00:00+25:00\" is neither a day"),
        (["day", "--known-at", "yesterday"], "--known-at: \"yesterday\" is neither a seq nor an ISO 8601 instant"),
        (["day", "--known-at", "99"], "--known-at: seq 99 is after the head (6)"),
        (["report", "--from", ":fortnight"], "--from: \":fortnight\" is not a day or a period"),
        (["report", "--from", "2026-03-09", "--to", "2026-03-01"], "--from 2026-03-09 is after --to 2026-03-01"),
        (["report", "--from", "2026-03-01", "--to", "2026-03-09", "--by", "mood"], "--by takes action or tag"),
        (["report", "--from", "2026-03-01", "--to", "2026-03-09", "--every", "year"], "--every takes day, week or month"),
        (["check"], "missing SCENARIO"),
    ])
    func badQueryArgumentsExitTwo(args: [String], message: String) {
        let dir = ledgerWithRecords()
        let r = haru(args, ledger: dir.ledgerPath)
        #expect(r.code == 2, "\(r)")
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test func knownAtAnInstantSeesTheEventsRecordedByThen() {
        let dir = cliLedger()
        let p = dir.ledgerPath
        let line = #"{"type":"count.added","at":"2026-03-04T09:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":3}}"#
        // Recorded at 2026-03-10 noon UTC (the pinned clock), so known at 2026-03-09 it was not there.
        #expect(haru(["append", "--now", "2026-03-10T12:00:00Z"], ledger: p, stdin: line).code == 0)
        let before = haru(["day", "2026-03-04", "--json", "--known-at", "2026-03-09T00:00:00Z"], ledger: p)
        #expect(before.out.contains(#""actions":[]"#), "\(before.out)")
        let after = haru(["day", "2026-03-04", "--json", "--known-at", "2026-03-11T00:00:00Z"], ledger: p)
        #expect(after.out.contains(#""count":3"#))
    }
}
