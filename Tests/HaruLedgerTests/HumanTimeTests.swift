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
        #expect(
            HumanTime.instant("02:30", now: Self.at("2026-03-08T12:00:00-04:00"), calendar: Self.newYork)
                == Self.at("2026-03-08T03:00:00-04:00"))
        // 2026-11-01: 01:00–02:00 happens twice; the first occurrence (still daylight time).
        #expect(
            HumanTime.instant("01:30", now: Self.at("2026-11-01T12:00:00-05:00"), calendar: Self.newYork)
                == Self.at("2026-11-01T01:30:00-04:00"))
        // The offset is the one of that day, not of now.
        #expect(
            HumanTime.instant("yesterday 12:00", now: Self.at("2026-03-08T12:00:00-04:00"), calendar: Self.newYork)
                == Self.at("2026-03-07T12:00:00-05:00"))
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

    // MARK: - Korean and Japanese (SpokenTime), read by the same rules

    @Test(
        arguments: [
            // now: Wednesday 2026-03-04 10:00 in Seoul, day start 05:00 — as instantsInSeoul.
            ("8시", "2026-03-04T08:00:00+09:00"),
            ("오전 8시", "2026-03-04T08:00:00+09:00"),
            ("8시 30분", "2026-03-04T08:30:00+09:00"),
            ("8시30분", "2026-03-04T08:30:00+09:00"),
            ("8시 반", "2026-03-04T08:30:00+09:00"),
            ("오후 3시", "2026-03-03T15:00:00+09:00"),  // later than now today: the previous occurrence, as 15:00
            ("오후 3시 20분 15초", "2026-03-03T15:20:15+09:00"),
            ("오후 12시", "2026-03-03T12:00:00+09:00"),  // noon
            ("정오", "2026-03-03T12:00:00+09:00"),
            ("오전 12시", "2026-03-04T00:00:00+09:00"),  // midnight
            ("어제 21:00", "2026-03-03T21:00:00+09:00"),
            ("어제 오후 9시", "2026-03-03T21:00:00+09:00"),
            ("어제오후9시", "2026-03-03T21:00:00+09:00"),
            ("어제 새벽 2시", nil),
            ("어제 2시", "2026-03-04T02:00:00+09:00"),  // before the day start: the night that closed yesterday
            ("그제 8시", "2026-03-02T08:00:00+09:00"),
            ("오늘 07:30", "2026-03-04T07:30:00+09:00"),
            ("월요일 8시", "2026-03-02T08:00:00+09:00"),
            ("30분 전", "2026-03-04T09:30:00+09:00"),
            ("1시간 30분 전", "2026-03-04T08:30:00+09:00"),
            ("1시간 반 전", "2026-03-04T08:30:00+09:00"),
            ("지금", "2026-03-04T10:00:00+09:00"),
            ("11월 18일 8시", "2026-11-18T08:00:00+09:00"),  // a date without a year is this year's (as hledger and GNU date read 11/18)
            ("3월 1일 오전 2시", "2026-03-01T02:00:00+09:00"),  // a date's own wall clock, as 2026-03-01 02:00
            ("2026.03.01 07:30", "2026-03-01T07:30:00+09:00"),
            ("2026/03/01 07:30", "2026-03-01T07:30:00+09:00"),
            ("2026년 3월 1일 오후 1시", "2026-03-01T13:00:00+09:00"),
            // Japanese, full-width digits as an IME types them.
            ("8時", "2026-03-04T08:00:00+09:00"),
            ("８時３０分", "2026-03-04T08:30:00+09:00"),
            ("午後3時", "2026-03-03T15:00:00+09:00"),
            ("午前8時半", "2026-03-04T08:30:00+09:00"),
            ("昨日 21:00", "2026-03-03T21:00:00+09:00"),
            ("昨日の21時", "2026-03-03T21:00:00+09:00"),
            ("一昨日 8時", "2026-03-02T08:00:00+09:00"),
            ("30分前", "2026-03-04T09:30:00+09:00"),
            ("1時間30分前", "2026-03-04T08:30:00+09:00"),
            ("今", "2026-03-04T10:00:00+09:00"),
            ("3月1日 7時", "2026-03-01T07:00:00+09:00"),
            ("月曜日 8時", "2026-03-02T08:00:00+09:00"),
        ] as [(String, String?)])
    func koreanAndJapaneseInstants(_ text: String, _ expected: String?) {
        #expect(
            HumanTime.instant(text, now: Self.at("2026-03-04T10:00:00+09:00"), calendar: Self.seoul) == expected.map(Self.at), "\(text)")
    }

    /// What is still not understood: a meridiem with a 24-hour time, hours past 23, words the reader does not know, minutes alone.
    @Test(arguments: [
        "오후 15시", "25시", "8시 60분", "30분", "1시간", "어제", "11월", "오후", "8시 30분 전", "새벽 2시", "30분 후", "2월 30일 8시", "午後13時", "8時間前前",
        "2026.13.01 08:00", "7:30", "오후 3:20",
    ])
    func koreanAndJapaneseRefused(_ text: String) {
        #expect(HumanTime.instant(text, now: Self.at("2026-03-04T10:00:00+09:00"), calendar: Self.seoul) == nil, "\(text)")
    }

    @Test func koreanAndJapaneseDaysFollowTheLogicalDay() {
        let early = Self.at("2026-03-04T03:00:00+09:00")  // before the 05:00 day start: still Tuesday 03-03
        func d(_ s: String) -> String? { HumanTime.day(s, now: early, calendar: Self.seoul).map { "\($0)" } }
        #expect(d("오늘") == "2026-03-03")
        #expect(d("어제") == "2026-03-02")
        #expect(d("그저께") == "2026-03-01")
        #expect(d("내일") == "2026-03-04")
        #expect(d("화요일") == "2026-03-03", "today included")
        #expect(d("수요일") == "2026-02-25")
        #expect(d("今日") == "2026-03-03")
        #expect(d("昨日") == "2026-03-02")
        #expect(d("水曜日") == "2026-02-25")
        #expect(d("2026.11.23") == "2026-11-23")
        #expect(d("2026.11.23.") == "2026-11-23")
        #expect(d("2026/11/23") == "2026-11-23")
        #expect(d("11/23") == "2026-11-23", "this year's")
        #expect(d("11월 18일") == "2026-11-18")
        #expect(d("11月18日") == "2026-11-18")
        #expect(d("2024년 2월 29일") == "2024-02-29")
        #expect(d("2025년 2월 29일") == nil)
        #expect(d("2월 29일") == nil, "not in this year")
        #expect(d("2월 30일") == nil)
        #expect(d("1800.01.01") == nil, "outside the ledger's years")
        #expect(d("8시") == nil)
        #expect(HumanTime.date("2026년 11월 23일") == LocalDate(year: 2026, month: 11, day: 23))
        #expect(HumanTime.date("11월 23일") == nil, "a goal's dates need their year")
        #expect(HumanTime.weekday("월") == .monday && HumanTime.weekday("金曜日") == .friday && HumanTime.weekday("sun") == .sunday)
        #expect(HumanTime.clockAlone("오전 5시") == 5 * 3600 && HumanTime.clockAlone("5時半") == 5 * 3600 + 1800)
    }

    @Test func koreanAndJapanesePeriods() {
        let now = Self.at("2026-03-04T10:00:00+09:00")
        func p(_ s: String) -> String? { HumanTime.period(s, now: now, calendar: Self.seoul).map { "\($0.lowerBound)…\($0.upperBound)" } }
        #expect(p("이번 주") == "2026-03-02…2026-03-08")
        #expect(p("지난주") == "2026-02-23…2026-03-01")
        #expect(p("이번 달") == "2026-03-01…2026-03-31")
        #expect(p("지난달") == "2026-02-01…2026-02-28")
        #expect(p("작년") == "2025-01-01…2025-12-31")
        #expect(p("先週") == "2026-02-23…2026-03-01")
        #expect(p("今月") == "2026-03-01…2026-03-31")
    }

    /// A day said in Korean in New York across the spring-forward night: the offset is that day's.
    @Test func koreanTimesAcrossDST() {
        let ny = Self.newYork
        #expect(HumanTime.instant("어제 정오", now: Self.at("2026-03-08T12:00:00-04:00"), calendar: ny) == Self.at("2026-03-07T12:00:00-05:00"))
        #expect(
            HumanTime.instant("오전 2시 30분", now: Self.at("2026-03-08T12:00:00-04:00"), calendar: ny) == Self.at("2026-03-08T03:00:00-04:00"))
        #expect(
            HumanTime.instant("午前1時30分", now: Self.at("2026-11-01T12:00:00-05:00"), calendar: ny) == Self.at("2026-11-01T01:30:00-04:00"))
    }

    @Test(arguments: [
        ("30분", 1800), ("1시간 30분", 5400), ("1시간30분", 5400), ("1시간 반", 5400), ("45초", 45), ("2시간", 7200), ("1.5시간", 5400),
        ("30分", 1800), ("1時間30分", 5400), ("1時間半", 5400), ("９０秒", 90),
    ])
    func koreanAndJapaneseDurations(_ text: String, _ seconds: Int) { #expect(HumanTime.duration(text) == Int64(seconds), "\(text)") }

    @Test(arguments: ["30분 전", "8시", "1시간 1시간", "반", "분", "30분 반", "1時間後"])
    func koreanAndJapaneseBadDurations(_ text: String) { #expect(HumanTime.duration(text) == nil, "\(text)") }
}
