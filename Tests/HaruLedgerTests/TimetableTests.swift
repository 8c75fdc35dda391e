import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruViews

/// The timetable's blocks, lanes and dots (`Timetable`) across the calendar's
/// edges: the day start after noon, DST days of 23 and 25 hours, a leap day,
/// a session across midnight, a running one, `--as-of`.
struct TimetableRules {
    static func ledger(_ dir: TempDir, zone: String, dayStart: String, _ records: String) throws -> Ledger {
        let l = try Ledger.create(path: dir.ledgerPath, durability: .relaxed)
        var rng = SeededRNG(seed: 4)
        let setup = """
            {"type":"settings.changed","at":"2020-01-01T00:00:00Z","data":{"time_zone":"\(zone)","day_start":"\(dayStart)"}}
            {"type":"action.created","at":"2020-01-01T00:00:00Z","data":{"action_id":"a","name":"A","tracking":"time"}}
            {"type":"action.created","at":"2020-01-01T00:00:00Z","data":{"action_id":"b","name":"B","tracking":"time"}}
            {"type":"action.created","at":"2020-01-01T00:00:00Z","data":{"action_id":"c","name":"C","tracking":"time"}}
            {"type":"action.created","at":"2020-01-01T00:00:00Z","data":{"action_id":"w","name":"Water","tracking":"count"}}
            """
        _ = try l.append(try events(setup + "\n" + records), now: 1_000_000, rng: &rng)
        return l
    }

    static func day(_ l: Ledger, _ day: String, _ reference: Reference = .live(now: Instant(seconds: 1_900_000_000))) throws -> Timetable.Day {
        try l.snapshot { snap in
            let d = LocalDate(parsing: day)!
            return try Timetable(snap, calendar: try snap.calendar(), from: d, through: d, reference: reference).days[0]
        }
    }

    static func at(_ text: String) -> Instant { try! Instant.parse(text).get() }

    static func session(_ id: String, _ action: String, _ start: String, _ end: String) -> String {
        #"{"type":"session.recorded","at":"2026-01-01T00:00:00Z","data":{"session_id":"\#(id)","action_id":"\#(action)","start":"\#(start)","end":"\#(end)"}}"#
    }

    @Test func sessionsThatShareTimeStandSideBySideInAsFewLanesAsNeeded() throws {
        let dir = TempDir()
        let l = try Self.ledger(
            dir, zone: "Asia/Seoul", dayStart: "04:00",
            [
                Self.session("s1", "a", "2026-03-04T09:00:00+09:00", "2026-03-04T11:00:00+09:00"),
                Self.session("s2", "b", "2026-03-04T10:00:00+09:00", "2026-03-04T12:00:00+09:00"),
                Self.session("s3", "c", "2026-03-04T11:00:00+09:00", "2026-03-04T13:00:00+09:00"),
                Self.session("s4", "a", "2026-03-04T10:30:00+09:00", "2026-03-04T10:45:00+09:00"),
                #"{"type":"count.added","at":"2026-03-04T10:20:00+09:00","data":{"entry_id":"c1","action_id":"w","amount":2}}"#,
            ].joined(separator: "\n"))
        let d = try Self.day(l, "2026-03-04")
        let lanes = Dictionary(uniqueKeysWithValues: d.blocks.map { ($0.sessionID, $0.lane) })
        // s1 0, s2 1, s4 2 (three at once at 10:30), s3 takes lane 0 back at 11:00.
        #expect(lanes == ["s1": 0, "s2": 1, "s4": 2, "s3": 0])
        #expect(d.lanes == 3)
        #expect(d.dots == [Timetable.Dot(entryID: "c1", actionID: "w", time: Instant(seconds: 1_772_587_200), amount: 2)])
    }

    /// Each row: zone, day start, a session, the logical day asked, and the
    /// block expected there (seconds, cut before, cut after), or none.
    @Test(arguments: [
        // Day start after noon: 12:00–14:00 is the end of the day before and the start of this one.
        ("Asia/Seoul", "13:00", "2026-03-04T12:00:00+09:00", "2026-03-04T14:00:00+09:00", "2026-03-03", 3600, false, true),
        ("Asia/Seoul", "13:00", "2026-03-04T12:00:00+09:00", "2026-03-04T14:00:00+09:00", "2026-03-04", 3600, true, false),
        // Across midnight with days starting at midnight.
        ("Asia/Seoul", "00:00", "2026-03-04T23:00:00+09:00", "2026-03-05T01:30:00+09:00", "2026-03-05", 5400, true, false),
        // A leap day takes the hours after midnight of February 28.
        ("UTC", "00:00", "2028-02-28T22:00:00Z", "2028-02-29T03:00:00Z", "2028-02-29", 10800, true, false),
        ("UTC", "00:00", "2028-02-29T22:00:00Z", "2028-03-01T03:00:00Z", "2028-02-29", 7200, false, true),
        // Berlin springs forward on 29 March 2026 (02:00 → 03:00): 01:30–03:30 on the wall is one hour.
        ("Europe/Berlin", "00:00", "2026-03-29T01:30:00+01:00", "2026-03-29T03:30:00+02:00", "2026-03-29", 3600, false, false),
        // And falls back on 25 October (03:00 → 02:00): 01:30–02:30 the second time is two hours.
        ("Europe/Berlin", "00:00", "2026-10-25T01:30:00+02:00", "2026-10-25T02:30:00+01:00", "2026-10-25", 7200, false, false),
    ] as [(String, String, String, String, String, Int64, Bool, Bool)])
    func aSessionIsCutAtTheLogicalDaysEdges(
        zone: String, dayStart: String, start: String, end: String, day: String, seconds: Int64, before: Bool, after: Bool
    ) throws {
        let dir = TempDir()
        let l = try Self.ledger(dir, zone: zone, dayStart: dayStart, Self.session("s", "a", start, end))
        let d = try Self.day(l, day)
        #expect(d.blocks.count == 1)
        let b = try #require(d.blocks.first)
        #expect(b.end.seconds - b.start.seconds == seconds)
        #expect(b.continuesBefore == before && b.continuesAfter == after)
        #expect(b.start >= d.range.lowerBound && b.end <= d.range.upperBound)
    }

    @Test func daysOfTwentyThreeAndTwentyFiveHours() throws {
        let dir = TempDir()
        let l = try Self.ledger(dir, zone: "Europe/Berlin", dayStart: "00:00", "")
        let spring = try Self.day(l, "2026-03-29"), autumn = try Self.day(l, "2026-10-25")
        #expect(spring.range.upperBound.seconds - spring.range.lowerBound.seconds == 23 * 3600)
        #expect(autumn.range.upperBound.seconds - autumn.range.lowerBound.seconds == 25 * 3600)
    }

    @Test func aRunningSessionReachesTheReferenceAndAsOfCutsTheRest() throws {
        let dir = TempDir()
        let l = try Self.ledger(
            dir, zone: "UTC", dayStart: "00:00",
            [
                Self.session("done", "a", "2026-03-04T08:00:00Z", "2026-03-04T12:00:00Z"),
                #"{"type":"session.started","at":"2026-03-04T13:00:00Z","data":{"session_id":"run","action_id":"b"}}"#,
                #"{"type":"count.added","at":"2026-03-04T15:00:00Z","data":{"entry_id":"late","action_id":"w","amount":1}}"#,
            ].joined(separator: "\n"))
        let live = try Self.day(l, "2026-03-04", .live(now: Self.at("2026-03-04T14:30:00Z")))
        let running = try #require(live.blocks.first { $0.sessionID == "run" })
        #expect(running.running && running.end == Self.at("2026-03-04T14:30:00Z"))
        // The live view counts what is recorded for later already (the count at 15:00).
        #expect(live.dots.count == 1)
        let asOf = try Self.day(l, "2026-03-04", .asOf(Self.at("2026-03-04T10:00:00Z")))
        #expect(asOf.blocks.map(\.sessionID) == ["done"])
        #expect(asOf.blocks[0].end == Self.at("2026-03-04T10:00:00Z"))
        #expect(asOf.dots.isEmpty)
    }

    @Test func deletedRecordsAndDeletedActionsAreNotOnIt() throws {
        let dir = TempDir()
        let l = try Self.ledger(
            dir, zone: "UTC", dayStart: "00:00",
            [
                Self.session("gone", "a", "2026-03-04T08:00:00Z", "2026-03-04T09:00:00Z"),
                #"{"type":"session.deleted","at":"2026-03-04T10:00:00Z","data":{"session_id":"gone"}}"#,
                Self.session("kept", "b", "2026-03-04T08:00:00Z", "2026-03-04T09:00:00Z"),
                Self.session("orphan", "c", "2026-03-04T08:00:00Z", "2026-03-04T09:00:00Z"),
                #"{"type":"action.deleted","at":"2026-03-04T10:00:00Z","data":{"action_id":"c"}}"#,
            ].joined(separator: "\n"))
        #expect(try Self.day(l, "2026-03-04").blocks.map(\.sessionID) == ["kept"])
    }
}
