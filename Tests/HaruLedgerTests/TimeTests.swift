import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

struct InstantParsing {
    @Test(arguments: [
        ("2026-03-04T07:30:00+09:00", Int64(1_772_577_000)),
        ("2026-03-03T22:30:00Z", 1_772_577_000),
        ("2026-03-03T22:30Z", 1_772_577_000),
        ("2026-03-03T17:30:00.000-05:00", 1_772_577_000),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59Z", -1),
        ("2024-02-29T12:00:00+00:00", 1_709_208_000),
        ("2000-03-01T00:00:00+14:00", 951_818_400),
    ])
    func readsInstantsWithOffsets(text: String, seconds: Int64) throws {
        #expect(try Instant.parse(text).get() == Instant(seconds: seconds))
    }

    @Test(arguments: [
        ("2026-03-04T07:30:00", Instant.ParseError.noOffset),
        ("2026-03-04T07:30:00.5Z", .fractionalSeconds),
        ("2026-02-30T07:30:00Z", .malformed),
        ("2026-03-04T24:00:00Z", .malformed),
        ("2026-03-04 07:30:00+0900", .malformed),
        ("yesterday", .malformed),
    ])
    func refusesAmbiguousOrBadInstants(text: String, error: Instant.ParseError) {
        #expect(Instant.parse(text) == .failure(error))
    }

    @Test(arguments: [(0, "2026-03-03T22:30:00Z"), (32_400, "2026-03-04T07:30:00+09:00"), (-16_200, "2026-03-03T18:00:00-04:30")])
    func formatsAtAnOffset(offset: Int, text: String) {
        #expect(Instant(seconds: 1_772_577_000).format(offsetSeconds: offset) == text)
    }

    @Test func formatsInstantsBeforeTheEpoch() {
        #expect(Instant(seconds: -1).format(offsetSeconds: 0) == "1969-12-31T23:59:59Z")
    }
}

struct LocalDates {
    @Test(arguments: [
        ("1970-01-01", 0, Weekday.thursday), ("2024-02-29", 19782, .thursday), ("2000-02-29", 11016, .tuesday),
        ("2026-03-04", 20516, .wednesday), ("1969-12-31", -1, .wednesday), ("2100-03-01", 47541, .monday),
        ("2026-12-31", 20818, .thursday), ("2027-01-01", 20819, .friday),
    ])
    func convertsDaysAndWeekdays(text: String, days: Int, weekday: Weekday) throws {
        let d = try #require(LocalDate(parsing: text))
        #expect(d.daysSinceEpoch == days)
        #expect(LocalDate(daysSinceEpoch: days) == d)
        #expect(d.weekday == weekday)
        #expect(d.description == text)
    }

    @Test(arguments: ["2023-02-29", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "26-03-04", "2026-3-4"])
    func refusesDaysThatDoNotExist(text: String) {
        #expect(LocalDate(parsing: text) == nil)
    }

    @Test func roundTripsEveryDayOfFourCenturies() {
        var d = LocalDate(year: 1900, month: 1, day: 1)!
        for n in d.daysSinceEpoch..<(d.daysSinceEpoch + 146_097) {
            #expect(d.daysSinceEpoch == n)
            let next = d.adding(days: 1)
            #expect(next > d)
            d = next
        }
    }

    @Test(arguments: [("00:00", 0), ("06:00", 360), ("23:59", 1439), ("12:30", 750)])
    func readsClockTimes(text: String, minutes: Int) {
        #expect(ClockTime(parsing: text)?.minutes == minutes)
        #expect(ClockTime(parsing: text)?.description == text)
    }

    @Test(arguments: ["24:00", "7:30", "07:60", "0730", "07:30:00"])
    func refusesBadClockTimes(text: String) { #expect(ClockTime(parsing: text) == nil) }
}

/// `Instant.write` fills digits in place for years 0…9999; checked against a
/// plain formatting of the same fields over a spread of instants and offsets.
struct InstantWriting {
    func reference(_ t: Instant, _ offset: Int) -> String {
        let local = t.seconds + Int64(offset)
        let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        let sod = Int(local - Int64(days) * 86_400)
        let d = LocalDate(daysSinceEpoch: days)
        func pad(_ n: Int, _ w: Int) -> String { String(repeating: "0", count: max(0, w - String(n).count)) + String(n) }
        var s = "\(pad(d.year, 4))-\(pad(d.month, 2))-\(pad(d.day, 2))T\(pad(sod / 3600, 2)):\(pad(sod / 60 % 60, 2)):\(pad(sod % 60, 2))"
        if offset == 0 { s += "Z" } else { s += (offset < 0 ? "-" : "+") + pad(abs(offset) / 3600, 2) + ":" + pad(abs(offset) / 60 % 60, 2) }
        return s
    }

    @Test func matchesAPlainFormattingAcrossYearsAndOffsets() {
        var rng = SeededRNG(seed: 5)
        let edges: [Int64] = [0, -1, 86_399, 86_400, -62_167_219_200 /* 0000-01-01 */, 253_402_300_799 /* 9999-12-31T23:59:59Z */, 1_772_625_600]
        let offsets = [0, 32_400, -34_200, 50_400, -86_340, 60, -60]
        for t in edges + (0..<2_000).map({ _ in Int64.random(in: -62_167_219_200...253_402_300_799, using: &rng) }) {
            for o in offsets {
                var out: [UInt8] = []
                Instant(seconds: t).write(offsetSeconds: o, to: &out)
                let got = String(decoding: out, as: UTF8.self)
                let local = t + Int64(o)
                // Only where the year stays within 0…9999 is the fast path taken and compared.
                guard local >= -62_167_219_200, local <= 253_402_300_799 else { continue }
                #expect(got == reference(Instant(seconds: t), o), "\(t) \(o)")
            }
        }
    }
}
