import Foundation
import TestSupport
import Testing

/// `haru timetable`: the history screen's 24-hour grid at a terminal (a day,
/// a week), as JSON and as a page; and what a mistyped call says.
struct TimetableCommandTests {
    /// A day with days starting at 04:00 in Seoul: Reading 09:10–10:40,
    /// Coding 10:05–01:30 (across midnight, into the small hours of the same
    /// logical day), two glasses of water at 10:20; Reading again running
    /// since 09:00 the next day.
    func ledger(_ dir: TempDir) -> String {
        let p = dir.ledgerPath
        let setup = "2026-03-01T00:00:00+09:00"
        for args in [
            ["init", "--time-zone", "Asia/Seoul", "--day-start", "04:00", "--now", setup],
            ["action", "add", "Reading", "--tracking", "time", "--now", setup],
            ["action", "add", "Coding", "--tracking", "time", "--now", setup],
            ["action", "add", "Water", "--tracking", "count", "--now", setup],
            ["start", "Reading", "--at", "2026-03-04 09:10", "--now", "2026-03-04T12:00:00+09:00"],
            ["stop", "Reading", "--at", "2026-03-04 10:40", "--now", "2026-03-04T12:00:00+09:00"],
            ["start", "Coding", "--at", "2026-03-04 10:05", "--now", "2026-03-04T12:00:00+09:00"],
            ["count", "Water", "2", "--at", "2026-03-04 10:20", "--now", "2026-03-04T12:00:00+09:00"],
            ["stop", "Coding", "--at", "2026-03-05 01:30", "--yes", "--now", "2026-03-05T02:00:00+09:00"],
            ["start", "Reading", "--at", "2026-03-05 09:00", "--now", "2026-03-05T09:00:00+09:00"],
        ] {
            let r = haru(args, ledger: p)
            #expect(r.code == 0, "\(args): \(r.err)")
        }
        return p
    }

    /// Each lane is as wide as its longest words, so nothing is cut.
    @Test func aDayIsAGridOfHalfHoursWithSessionsSideBySide() {
        let dir = TempDir()
        let p = ledger(dir)
        let r = haru(["timetable", "2026-03-04", "--now", "2026-03-05T09:30:00+09:00"], ledger: p)
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "2026-03-04 Wed · 04:00 to 04:00")
        #expect(lines[1] == "09:00 │ ▄ Reading 09:10–10:40")
        #expect(lines[2] == "09:30 │ █")
        #expect(lines[3] == "10:00 │ █                     █ Coding 10:05–01:30 • Water ×2")
        #expect(lines[4] == "10:30 │ ▀                     █")
        // Past midnight, still the logical day of 4 March; the last row is 01:00 (the session ends at 01:30).
        #expect(lines.contains("00:00 │                       █"))
        #expect(lines[lines.count - 2] == "01:00 │                       █")
        #expect(!lines.contains { $0.hasPrefix("01:30") })
        #expect(lines.last == "")
    }

    /// Berlin's clocks go back at 03:00 on 25 October 2026: with days starting
    /// at 05:00 that night belongs to the 24th, a day of 25 hours whose rows
    /// show 02:00 and 02:30 twice; 01:30 to 03:30 on the wall is three hours.
    @Test func theNightTheClocksGoBackHasItsHourTwice() {
        let dir = TempDir()
        let p = dir.ledgerPath
        for args in [
            ["init", "--time-zone", "Europe/Berlin", "--day-start", "05:00", "--now", "2026-10-20T08:00:00+02:00"],
            ["action", "add", "Night shift", "--tracking", "time", "--now", "2026-10-20T08:00:00+02:00"],
            ["start", "Night shift", "--at", "2026-10-25 01:30", "--now", "2026-10-25T04:00:00+01:00"],
            ["stop", "--at", "2026-10-25 03:30", "--now", "2026-10-25T04:00:00+01:00"],
        ] {
            #expect(haru(args, ledger: p).code == 0, "\(args)")
        }
        let lines = haru(["timetable", "2026-10-24", "--now", "2026-10-25T12:00:00+01:00"], ledger: p).out.split(separator: "\n").map(
            String.init)
        #expect(lines.first == "2026-10-24 Sat · 05:00 to 05:00 (25 h)")
        #expect(lines.dropFirst().map { String($0.prefix(5)) } == ["01:00", "01:30", "02:00", "02:30", "02:00", "02:30", "03:00"])
        #expect(lines.contains("01:30 │ █ Night shift 01:30–03:30"))
        let json = haru(["timetable", "2026-10-24", "--json", "--now", "2026-10-25T12:00:00+01:00"], ledger: p).out
        #expect(json.contains(#""seconds":10800"#), "\(json)")
    }

    @Test func severalDaysAreAColumnEachNamingTheHoursAction() {
        let dir = TempDir()
        let p = ledger(dir)
        let r = haru(["timetable", "--from", "2026-03-04", "--to", "2026-03-05", "--now", "2026-03-05T09:30:00+09:00"], ledger: p)
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines[0] == "       Wed 03-04  Thu 03-05")
        #expect(lines.contains("09:00 │ Reading    Reading"))
        #expect(
            lines.contains("10:00 │ Coding+ •2"), "Coding has more of 10:00–11:00 than Reading; + says another shares it; •2 its counts")
        #expect(lines.last == "01:00 │ Coding")
    }

    @Test func jsonHasTheBlocksTheirLanesAndTheDots() throws {
        let dir = TempDir()
        let p = ledger(dir)
        let r = haru(["timetable", ":week", "--json", "--now", "2026-03-05T09:30:00+09:00"], ledger: p)
        #expect(r.code == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(days.count == 7 && json["from"] as? String == "2026-03-02")
        let wed = try #require(days.first { $0["day"] as? String == "2026-03-04" })
        #expect(wed["start"] as? String == "2026-03-04T04:00:00+09:00" && wed["lanes"] as? Int == 2)
        let blocks = try #require(wed["blocks"] as? [[String: Any]])
        #expect(blocks.map { $0["name"] as? String } == ["Reading", "Coding"])
        #expect(blocks.map { $0["lane"] as? Int } == [0, 1])
        #expect(blocks.map { $0["seconds"] as? Int } == [5400, 55_500])
        let dots = try #require(wed["dots"] as? [[String: Any]])
        #expect(dots.count == 1 && dots[0]["amount"] as? Int == 2 && dots[0]["time"] as? String == "2026-03-04T10:20:00+09:00")
        let thu = try #require(days.first { $0["day"] as? String == "2026-03-05" })
        let running = try #require((thu["blocks"] as? [[String: Any]])?.first)
        #expect(running["running"] as? Bool == true && running["end"] as? String == "2026-03-05T09:30:00+09:00")
        #expect(json["known_at"] as? Int != nil)
    }

    @Test func thePageDrawsABlockPerSessionPartAndADotPerCount() throws {
        let dir = TempDir()
        let p = ledger(dir)
        let page = dir.path + "/timetable.html"
        let r = haru(["timetable", ":week", "--html", page, "--now", "2026-03-05T09:30:00+09:00"], ledger: p)
        #expect(r.code == 0 && r.err.contains("Wrote"), "\(r.err)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // The grid's blocks (after the legend's swatches: Coding, Reading, Water).
        let grid = try #require(html.components(separatedBy: "<svg class=\"timetable").last)
        #expect(grid.components(separatedBy: "<rect").count - 1 == 3, "Reading, Coding, the running Reading")
        #expect(html.contains(">Coding<") && html.contains(">Water<"), "the legend names them")
        #expect(grid.components(separatedBy: "<circle").count - 1 == 1)
        #expect(html.contains("<title>Coding 10:05–01:30</title>") && html.contains("<title>Reading 09:00–now</title>"))
        #expect(html.contains(">Wed Mar 4<") && html.contains(">from 04:00<"))
        // The report's page has it too, for its last week.
        let report = dir.path + "/report.html"
        #expect(
            haru(
                ["report", "--from", "2026-03-01", "--to", "2026-03-05", "--html", report, "--now", "2026-03-05T09:30:00+09:00"], ledger: p
            ).code == 0)
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("<h2>Timetable</h2>"))
    }

    @Test(arguments: [
        (["timetable", "2026-02-30"], "2026-02-30"),
        (["timetable", "2026-03-04", "--from", "2026-03-01"], "give a DAY or --from/--to, not both"),
        (["timetable", "--from", "2025-01-01", "--to", "2026-03-04"], "a timetable covers at most 366 days"),
        (["timetable", "--action", "Nope"], "Nope"),
        (["timetable", "today", "tomorrow"], "timetable"),
    ])
    func mistakesSayWhatIsWrongAndWriteNothing(args: [String], says: String) {
        let dir = TempDir()
        let p = ledger(dir)
        let before = haru(["log", "--json"], ledger: p).out
        let r = haru(args + ["--now", "2026-03-05T09:30:00+09:00"], ledger: p)
        #expect(r.code != 0 && r.out.isEmpty)
        #expect(r.err.contains(says), "\(r.err)")
        #expect(haru(["log", "--json"], ledger: p).out == before)
    }
}

/// The week's grid keeps an hour's count dot beside its session (issue 44:
/// a count in an hour that had a session was not shown).
struct WeekGridDots {
    @Test func aCountBesideASessionKeepsItsDot() {
        let dir = cliLedger()
        let p = dir.ledgerPath
        for args in [
            ["start", "Reading", "--now", "2026-03-02T09:00:00+09:00"], ["count", "Water", "--now", "2026-03-02T09:20:00+09:00"],
            ["stop", "Reading", "--now", "2026-03-02T10:00:00+09:00"], ["count", "Water", "2", "--now", "2026-03-02T11:20:00+09:00"],
        ] {
            #expect(haru(args, ledger: p).code == 0, "\(args)")
        }
        let week = haru(["timetable", ":week", "--now", "2026-03-02T12:00:00+09:00"], ledger: p).out
        #expect(week.contains("09:00 │ Reading •1"), "\(week)")
        #expect(week.contains("11:00 │ •2"), "\(week)")
    }
}
