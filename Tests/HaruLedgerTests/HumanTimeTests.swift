import TestSupport
import Testing

@_spi(Layers) @testable import HaruModel

/// Times as people type them (Docs/cli.md, "Times and days"): table tests
/// across a 05:00 day start, DST gaps and folds, and what is refused.
struct HumanTimeTable {
    static let seoul = LedgerCalendar(zone: ZoneDirectory.system.rules("Asia/Seoul")!, dayStart: ClockTime(minutes: 300)!)
    static let newYork = LedgerCalendar(zone: ZoneDirectory.system.rules("America/New_York")!)
    static func at(_ s: String) -> Instant { try! Instant.parse(s).get() }

    @Test(arguments: [
        // now: Wednesday 2026-03-04 10:00 in Seoul, day start 05:00.
        ("07:30", "2026-03-04T07:30:00+09:00"),
        ("11:00", "2026-03-03T11:00:00+09:00"),  // later than now today: the previous occurrence
        ("10:00", "2026-03-04T10:00:00+09:00"),  // exactly now
        ("07:30:15", "2026-03-04T07:30:15+09:00"),
        ("yesterday 21:00", "2026-03-03T21:00:00+09:00"),
        ("yesterday 02:00", "2026-03-04T02:00:00+09:00"),  // before the day start: the night that closed yesterday
        ("today 07:30", "2026-03-04T07:30:00+09:00"),
        ("Monday 08:00", "2026-03-02T08:00:00+09:00"),
        ("2026-03-01T07:30", "2026-03-01T07:30:00+09:00"),
        ("2026-03-01 07:30", "2026-03-01T07:30:00+09:00"),
        ("2026-03-01T07:30:00Z", "2026-03-01T07:30:00Z"),
        ("-30m", "2026-03-04T09:30:00+09:00"),
        ("-1h30m", "2026-03-04T08:30:00+09:00"),
        ("now", "2026-03-04T10:00:00+09:00"),
    ])
    func instantsInSeoul(_ text: String, _ expected: String) {
        #expect(HumanTime.instant(text, now: Self.at("2026-03-04T10:00:00+09:00"), calendar: Self.seoul) == Self.at(expected), "\(text)")
    }

    @Test(arguments: ["25:00", "07:60", "7:30", "yesterday", "-30x", "", "tomorrow morning", "2026-02-30 07:30", "07:30+09:00"])
    func refused(_ text: String) {
        #expect(HumanTime.instant(text, now: Self.at("2026-03-04T10:00:00+09:00"), calendar: Self.seoul) == nil, "\(text)")
    }

    @Test func dstGapsAndFoldsInNewYork() {
        // 2026-03-08: 02:00 jumps to 03:00; a time in the gap is the instant of the jump.
        #expect(HumanTime.instant("02:30", now: Self.at("2026-03-08T12:00:00-04:00"), calendar: Self.newYork) == Self.at("2026-03-08T03:00:00-04:00"))
        // 2026-11-01: 01:00–02:00 happens twice; the first occurrence (still daylight time).
        #expect(HumanTime.instant("01:30", now: Self.at("2026-11-01T12:00:00-05:00"), calendar: Self.newYork) == Self.at("2026-11-01T01:30:00-04:00"))
        // The offset is the one of that day, not of now.
        #expect(HumanTime.instant("yesterday 12:00", now: Self.at("2026-03-08T12:00:00-04:00"), calendar: Self.newYork) == Self.at("2026-03-07T12:00:00-05:00"))
    }

    @Test func daysFollowTheLogicalDay() {
        let early = Self.at("2026-03-04T03:00:00+09:00")  // before the 05:00 day start: still Tuesday 03-03
        #expect(HumanTime.day("today", now: early, calendar: Self.seoul) == LocalDate(year: 2026, month: 3, day: 3))
        #expect(HumanTime.day("yesterday", now: early, calendar: Self.seoul) == LocalDate(year: 2026, month: 3, day: 2))
        #expect(HumanTime.day("tuesday", now: early, calendar: Self.seoul) == LocalDate(year: 2026, month: 3, day: 3), "today included")
        #expect(HumanTime.day("wed", now: early, calendar: Self.seoul) == LocalDate(year: 2026, month: 2, day: 25))
        #expect(HumanTime.day("2024-02-29", now: early, calendar: Self.seoul) == LocalDate(year: 2024, month: 2, day: 29))
        #expect(HumanTime.day("2025-02-29", now: early, calendar: Self.seoul) == nil)
        #expect(HumanTime.day("someday", now: early, calendar: Self.seoul) == nil)
    }

    @Test func periods() {
        let now = Self.at("2026-03-04T10:00:00+09:00")
        func p(_ s: String) -> String? { HumanTime.period(s, now: now, calendar: Self.seoul).map { "\($0.lowerBound)…\($0.upperBound)" } }
        #expect(p(":day") == "2026-03-04…2026-03-04")
        #expect(p(":week") == "2026-03-02…2026-03-08")
        #expect(p(":lastweek") == "2026-02-23…2026-03-01")
        #expect(p(":month") == "2026-03-01…2026-03-31")
        #expect(p(":lastmonth") == "2026-02-01…2026-02-28")
        #expect(p(":year") == "2026-01-01…2026-12-31")
        #expect(p(":fortnight") == nil)
        let sunday = LedgerCalendar(zone: ZoneDirectory.system.rules("Asia/Seoul")!, weekStart: .sunday)
        #expect(HumanTime.period(":week", now: now, calendar: sunday).map { "\($0.lowerBound)" } == "2026-03-01")
    }

    @Test(arguments: [("1h30m", 5400), ("90m", 5400), ("1.5h", 5400), ("01:30", 5400), ("45s", 45), ("2h", 7200), ("1h05m30s", 3930)])
    func durations(_ text: String, _ seconds: Int) { #expect(HumanTime.duration(text) == Int64(seconds), "\(text)") }

    @Test(arguments: ["", "abc", "1h1h", "1:5", "h", "-5m", "1.5", "1d"])
    func badDurations(_ text: String) { #expect(HumanTime.duration(text) == nil, "\(text)") }
}
