import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruModel

/// The times a ledger takes (1900-01-01T00:00:00Z to 2999-12-31T23:59:59Z):
/// anything outside is refused where it is read, exit 2, nothing written —
/// never a trap in the calendar or a session costing a page per day of
/// eight millennia.
struct ExtremeInstants {
    @Test func theEdgesOfTheRangeAreReadAndTheInstantsBeyondRefused() {
        let cases: [(String, Instant.ParseError?)] = [
            ("1900-01-01T00:00:00Z", nil), ("2999-12-31T23:59:59Z", nil),
            ("1899-12-31T23:59:59Z", .outOfRange), ("3000-01-01T00:00:00Z", .outOfRange),
            ("1900-01-01T00:00:00+00:01", .outOfRange), ("2999-12-31T23:59:59-00:01", .outOfRange),
            ("9999-12-31T23:59:59-23:59", .outOfRange), ("0001-01-01T00:00:00+23:59", .outOfRange),
        ]
        for (text, error) in cases {
            switch Instant.parse(text) {
            case .success: #expect(error == nil, "\(text)")
            case .failure(let e): #expect(e == error, "\(text): \(e)")
            }
        }
        #expect(LocalDate(parsing: "1900-01-01") != nil && LocalDate(parsing: "2999-12-31") != nil)
        #expect(LocalDate(parsing: "1899-12-31") == nil && LocalDate(parsing: "3000-01-01") == nil && LocalDate(parsing: "0001-01-01") == nil)
    }

    @Test(arguments: [
        ["progress", "--as-of", "9999-12-31T23:59:59-23:59", "--json"],
        ["progress", "--as-of", "0001-01-01T00:00:00+23:59", "--json"],
        ["day", "--now", "0001-01-01T00:00:00+23:59"],
        ["day", "--now", "9999-12-31T23:59:59Z"],
        ["day", "9999-12-31"],
        ["day", "0001-01-01"],
        ["records", "--from", "0001-01-01", "--to", "9999-12-31"],
        ["report", "--from", "1899-12-31", "--to", "1900-01-05"],
        ["report", "--every", "month", "--to", "9999-12-31"],
        ["progress", "--known-at", "9999-01-01T00:00:00Z"],
        ["running", "--now", "3000-01-01T00:00:00Z"],
        ["start", "Reading", "--at", "3000-01-01T00:00:00Z"],
        ["start", "Reading", "--at", "1899-12-31T23:59:59Z"],
        ["count", "Water", "--at", "9999-12-31T23:59:59Z"],
        ["count", "Water", "--at", "-9999999h"],
        ["history", "Reading", "--as-of", "9999-12-31"],
    ])
    func optionsBeyondTheRangeAreRefusedNotTrapped(_ args: [String]) {
        let dir = cliLedger()
        let before = haru(["log", "--json"], ledger: dir.ledgerPath).out
        let r = haru(args, ledger: dir.ledgerPath)
        #expect(r.code == 2, "\(args): \(r.out) \(r.err)")
        #expect(r.err.contains("1900") && r.err.contains("2999"), "the message names the range: \(r.err)")
        #expect(haru(["log", "--json"], ledger: dir.ledgerPath).out == before)
    }

    @Test func eventsBeyondTheRangeAreRefusedNamingTheFieldAndTheLongestSessionIsTaken() {
        let dir = cliLedger()
        let p = dir.ledgerPath
        let far = haru(
            ["append"], ledger: p,
            stdin: #"{"type":"session.recorded","at":"2026-03-03T00:00:00Z","data":{"session_id":"s9","action_id":"read","start":"2026-03-03T00:00:00Z","end":"9999-12-31T23:59:59Z"}}"#)
        #expect(far.code == 2 && far.err.contains("line 1: data.end: must be from 1900-01-01T00:00:00Z to 2999-12-31T23:59:59Z"), "\(far.err)")
        let date = haru(
            ["append"], ledger: p,
            stdin: #"{"type":"goal.created","at":"2026-03-03T00:00:00Z","data":{"goal_id":"g9","title":"Far","start_date":"2026-03-01","end_date":"9999-12-31"}}"#)
        #expect(date.code == 2 && date.err.contains("from 1900-01-01 to 2999-12-31"), "\(date.err)")
        // The longest session the range allows is taken (its cost is a page per UTC day: bounded).
        let longest = haru(
            ["append"], ledger: p,
            stdin: #"{"type":"session.recorded","at":"2026-03-03T00:00:00Z","data":{"session_id":"s10","action_id":"read","start":"2026-03-03T00:00:00Z","end":"2999-12-31T23:59:59Z"}}"#)
        #expect(longest.code == 0, "\(longest.err)")
        #expect(haru(["verify"], ledger: p).code == 0)
    }
}
