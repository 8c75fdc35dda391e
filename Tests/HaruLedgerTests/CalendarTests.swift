import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

func instant(_ s: String) -> Instant { try! Instant.parse(s).get() }
func date(_ s: String) -> LocalDate { LocalDate(parsing: s)! }
func zone(_ name: String) -> ZoneRules { ZoneDirectory.system.rules(name)! }
func clock(_ s: String) -> ClockTime { ClockTime(parsing: s)! }

struct ZoneOffsets {
    @Test(arguments: [
        // Recorded transitions…
        ("America/New_York", "2026-03-08T06:59:59Z", -18000), ("America/New_York", "2026-03-08T07:00:00Z", -14400),
        ("America/New_York", "2026-11-01T05:59:59Z", -14400), ("America/New_York", "2026-11-01T06:00:00Z", -18000),
        ("Europe/Berlin", "2026-03-29T00:59:59Z", 3600), ("Europe/Berlin", "2026-03-29T01:00:00Z", 7200),
        ("Europe/Berlin", "2026-10-25T01:00:00Z", 3600),
        ("Australia/Sydney", "2026-04-04T15:59:59Z", 39600), ("Australia/Sydney", "2026-04-04T16:00:00Z", 36000),
        ("Asia/Seoul", "2026-06-01T00:00:00Z", 32400), ("Asia/Kolkata", "2026-06-01T00:00:00Z", 19800),
        ("Asia/Kathmandu", "2026-06-01T00:00:00Z", 20700),
        // …and the POSIX footer rule far beyond them (the L workload runs to 2160).
        ("America/New_York", "2160-07-01T12:00:00Z", -14400), ("America/New_York", "2160-01-01T12:00:00Z", -18000),
        ("Europe/Berlin", "2160-07-01T12:00:00Z", 7200), ("Australia/Sydney", "2160-01-01T12:00:00Z", 39600),
        ("Australia/Sydney", "2160-07-01T12:00:00Z", 36000), ("Asia/Tokyo", "2160-11-23T00:00:00Z", 32400),
        // Before standard time: local mean time from the zone file.
        ("Asia/Seoul", "1900-01-01T00:00:00Z", 30472),
    ])
    func offsetsFollowTheZoneFile(name: String, at: String, offset: Int) {
        #expect(zone(name).offset(at: instant(at).seconds) == offset)
    }

    @Test(arguments: [
        // local wall time → instant; gap → the jump, overlap → the first occurrence.
        ("America/New_York", "2026-03-08T02:30:00Z", "2026-03-08T07:00:00Z"),
        ("America/New_York", "2026-03-08T03:00:00Z", "2026-03-08T07:00:00Z"),
        ("America/New_York", "2026-11-01T01:30:00Z", "2026-11-01T05:30:00Z"),
        ("America/New_York", "2026-11-01T02:00:00Z", "2026-11-01T07:00:00Z"),
        ("Europe/Berlin", "2026-03-29T02:15:00Z", "2026-03-29T01:00:00Z"),
        ("Europe/Berlin", "2026-10-25T02:30:00Z", "2026-10-25T00:30:00Z"),
        ("Australia/Sydney", "2026-10-04T02:30:00Z", "2026-10-03T16:00:00Z"),
        ("Asia/Seoul", "2026-03-04T06:00:00Z", "2026-03-03T21:00:00Z"),
    ])
    func localTimesResolveAsTheRulesSay(name: String, local: String, expected: String) {
        // `local` is written with Z only to carry the wall-clock fields.
        #expect(zone(name).instant(local: instant(local).seconds) == instant(expected).seconds)
    }

    @Test func unknownZonesAreRefused() {
        #expect(ZoneDirectory.system.rules("Mars/Olympus") == nil)
        #expect(ZoneDirectory.system.rules("../etc/passwd") == nil)
        #expect(ZoneDirectory.system.rules("UTC") != nil)
    }

    @Test(arguments: [
        "EST5EDT,M3.2.0,M11.1.0", "<+0330>-3:30", "CET-1CEST,M3.5.0,M10.5.0/3", "AEST-10AEDT,M10.1.0,M4.1.0/3",
        "IST-1GMT0,M10.5.0,M3.5.0/1", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "JST-9",
    ])
    func posixFootersParse(text: String) { #expect(PosixRule(text) != nil) }
}

struct LogicalDays {
    /// (zone, day_start, day, start, end) — the range of a day from its own key.
    @Test(arguments: [
        ("Asia/Seoul", "00:00", "2026-03-04", "2026-03-04T00:00:00+09:00", "2026-03-05T00:00:00+09:00"),
        ("Asia/Seoul", "05:30", "2026-03-04", "2026-03-04T05:30:00+09:00", "2026-03-05T05:30:00+09:00"),
        ("Asia/Seoul", "12:00", "2026-03-04", "2026-03-04T12:00:00+09:00", "2026-03-05T12:00:00+09:00"),
        ("Asia/Seoul", "23:00", "2026-03-04", "2026-03-04T23:00:00+09:00", "2026-03-05T23:00:00+09:00"),
        // Leap day, month and year ends.
        ("Asia/Seoul", "06:00", "2024-02-29", "2024-02-29T06:00:00+09:00", "2024-03-01T06:00:00+09:00"),
        ("Asia/Seoul", "06:00", "2026-12-31", "2026-12-31T06:00:00+09:00", "2027-01-01T06:00:00+09:00"),
        ("Asia/Seoul", "23:00", "2026-04-30", "2026-04-30T23:00:00+09:00", "2026-05-01T23:00:00+09:00"),
        // DST: 23- and 25-hour days in two zones, a day_start that does not exist, one that exists twice.
        ("America/New_York", "00:00", "2026-03-08", "2026-03-08T00:00:00-05:00", "2026-03-09T00:00:00-04:00"),
        ("America/New_York", "00:00", "2026-11-01", "2026-11-01T00:00:00-04:00", "2026-11-02T00:00:00-05:00"),
        ("America/New_York", "02:30", "2026-03-08", "2026-03-08T03:00:00-04:00", "2026-03-09T02:30:00-04:00"),
        ("America/New_York", "01:30", "2026-11-01", "2026-11-01T01:30:00-04:00", "2026-11-02T01:30:00-05:00"),
        ("Europe/Berlin", "02:00", "2026-03-29", "2026-03-29T03:00:00+02:00", "2026-03-30T02:00:00+02:00"),
        ("Europe/Berlin", "02:30", "2026-10-25", "2026-10-25T02:30:00+02:00", "2026-10-26T02:30:00+01:00"),
        ("Australia/Sydney", "12:00", "2026-04-05", "2026-04-05T12:00:00+10:00", "2026-04-06T12:00:00+10:00"),
        ("Australia/Sydney", "02:00", "2026-10-04", "2026-10-04T03:00:00+11:00", "2026-10-05T02:00:00+11:00"),
    ])
    func dayRangeComesFromTheKey(zoneName: String, dayStart: String, day: String, start: String, end: String) {
        let cal = LedgerCalendar(zone: zone(zoneName), dayStart: clock(dayStart))
        let r = cal.range(of: date(day))
        #expect(r.lowerBound == instant(start))
        #expect(r.upperBound == instant(end))
        // Every instant of the range belongs to that key, and the edges to their neighbours.
        #expect(cal.day(of: r.lowerBound) == date(day))
        #expect(cal.day(of: Instant(seconds: r.upperBound.seconds - 1)) == date(day))
        #expect(cal.day(of: r.upperBound) == date(day).adding(days: 1))
        #expect(cal.day(of: Instant(seconds: r.lowerBound.seconds - 1)) == date(day).adding(days: -1))
    }

    @Test(arguments: Weekday.allCases)
    func weeksStartOnTheConfiguredDay(_ first: Weekday) {
        let cal = LedgerCalendar(zone: zone("Asia/Seoul"), weekStart: first)
        for offset in 0..<14 {
            let d = date("2026-03-01").adding(days: offset)
            let w = cal.weekStart(of: d)
            #expect(w.weekday == first)
            #expect(w <= d && d.daysSinceEpoch - w.daysSinceEpoch < 7)
        }
    }

    @Test(arguments: [
        ("2024-02-10", "2024-02-01", "2024-02-29"), ("2026-02-28", "2026-02-01", "2026-02-28"),
        ("2026-12-31", "2026-12-01", "2026-12-31"), ("2026-04-01", "2026-04-01", "2026-04-30"),
    ])
    func monthsAreCalendarMonthsOfDayKeys(day: String, first: String, last: String) {
        #expect(LedgerCalendar.month(of: date(day)) == date(first)...date(last))
    }

    @Test func datedChangesGovernFromTheirDayAndUndatedOnesEverywhere() throws {
        var s = SettingsHistory()
        func change(_ seq: UInt64, _ p: [(Field, FieldValue)]) {
            s.append(.init(when: Dated(seq: seq, at: Instant(seconds: 0)), payload: Payload(p)))
        }
        change(1, [(.timeZone, .string("Asia/Seoul"))])
        change(2, [(.dayStart, .int(360)), (.from, .int(Int64(date("2026-03-10").daysSinceEpoch)))])
        let cal = try LedgerCalendar(settings: s, zones: .system)
        #expect(cal.range(of: date("2026-03-09")) == instant("2026-03-09T00:00:00+09:00")..<instant("2026-03-10T06:00:00+09:00"))
        #expect(cal.day(of: instant("2026-03-10T05:00:00+09:00")) == date("2026-03-09"))
        // Known at seq 1, the change does not exist yet.
        let before = try LedgerCalendar(settings: s, knownAt: 1, zones: .system)
        #expect(before.day(of: instant("2026-03-10T05:00:00+09:00")) == date("2026-03-10"))
        change(3, [(.dayStart, .int(0))])
        let after = try LedgerCalendar(settings: s, zones: .system)
        #expect(after.range(of: date("2026-03-12")).lowerBound == instant("2026-03-12T00:00:00+09:00"))
    }
}

struct OverlapSplit {
    /// For random sessions under random settings, the per-day parts add up to the
    /// whole session, and each part lies inside its day.
    @Test(arguments: 0..<8)
    func partsSumToTheSessionWhateverTheSettings(seed: UInt64) throws {
        var rng = SeededRNG(seed: seed)
        let zones = ["Asia/Seoul", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata", "UTC", "America/St_Johns"]
        var s = SettingsHistory()
        var seq: UInt64 = 0
        func change(_ p: [(Field, FieldValue)]) {
            seq += 1
            s.append(.init(when: Dated(seq: seq, at: Instant(seconds: 0)), payload: Payload(p)))
        }
        change([(.timeZone, .string(zones[Int(rng.next() % UInt64(zones.count))])), (.dayStart, .int(Int64(rng.next() % 1440)))])
        // A few dated changes of zone and day start inside the test window.
        for _ in 0..<3 {
            let from = Int64(date("2026-01-01").daysSinceEpoch) + Int64(rng.next() % 365)
            if rng.next() % 2 == 0 {
                change([(.dayStart, .int(Int64(rng.next() % 1440))), (.from, .int(from))])
            } else {
                change([(.timeZone, .string(zones[Int(rng.next() % UInt64(zones.count))])), (.from, .int(from))])
            }
        }
        let cal = try LedgerCalendar(settings: s, zones: .system)
        let grid = DayGrid(cal, from: date("2025-12-20"), through: date("2027-01-10"))
        for _ in 0..<300 {
            let start = instant("2026-01-01T00:00:00Z").seconds + Int64(rng.next() % (365 * 86_400))
            let length = Int64(rng.next() % (3 * 86_400)) + 1
            var sum: Int64 = 0
            var lastDay = -1
            grid.split(start, start + length) { k, secs in
                #expect(k > lastDay)
                lastDay = k
                #expect(secs > 0 && secs <= grid.bounds[k + 1] - grid.bounds[k])
                sum += secs
            }
            #expect(sum == length)
            #expect(grid.index(of: start).map { cal.day(of: Instant(seconds: start)) == grid.day($0) } == true)
        }
    }
}
