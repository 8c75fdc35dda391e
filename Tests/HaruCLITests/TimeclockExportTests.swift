import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruModel

/// `haru export timeclock` read by hledger itself (the Debian package the
/// set-up script installs): its daily totals against `haru report`.
struct TimeclockExportTests {
    static let hasHledger = (try? sh("command -v hledger").code) == 0

    /// A week with sessions across midnight, overlapping actions and notes.
    func ledger(dayStart: String) -> TempDir {
        let dir = TempDir()
        let p = dir.ledgerPath
        _ = haru(["init", "--time-zone", "UTC", "--day-start", dayStart, "--now", "2026-03-01T00:00:00Z"], ledger: p)
        _ = haru(["tag", "add", "Study", "--id", "study", "--now", "2026-03-01T00:00:00Z"], ledger: p)
        _ = haru(
            ["action", "add", "Reading", "--tracking", "time", "--tag", "Study", "--id", "read", "--now", "2026-03-01T00:00:00Z"], ledger: p
        )
        _ = haru(["action", "add", "Run; fast", "--tracking", "time", "--id", "run", "--now", "2026-03-01T00:00:00Z"], ledger: p)
        var lines: [String] = []
        for (k, (start, end, action)) in [
            ("2026-03-02T07:00:00Z", "2026-03-02T08:15:00Z", "read"), ("2026-03-02T07:30:00Z", "2026-03-02T08:00:00Z", "run"),
            ("2026-03-02T23:00:00Z", "2026-03-03T02:30:00Z", "read"), ("2026-03-04T04:00:00Z", "2026-03-04T06:00:00Z", "run"),
            ("2026-03-05T12:00:00Z", "2026-03-05T12:45:00Z", "read"),
        ].enumerated() {
            lines.append(
                #"{"type":"session.recorded","at":"\#(end)","data":{"session_id":"s\#(k)","action_id":"\#(action)","start":"\#(start)","end":"\#(end)","note":"n\#(k)"}}"#
            )
        }
        _ = haru(["append"], ledger: p, stdin: lines.joined(separator: "\n"))
        return dir
    }

    /// hledger's daily balance: [day: [account: hours]].
    func hledgerDaily(_ file: String) throws -> [String: [String: Double]] {
        let r = try sh("hledger -f '\(file)' balance --daily -O csv")
        #expect(r.code == 0, "\(r.err)")
        let rows = r.out.split(separator: "\n").map {
            $0.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        guard let header = rows.first else { return [:] }
        var out: [String: [String: Double]] = [:]
        for row in rows.dropFirst() where row.first != "total" {
            for (k, cell) in row.enumerated().dropFirst() {
                out[header[k], default: [:]][row[0]] = Double(cell.replacingOccurrences(of: "h", with: "")) ?? 0
            }
        }
        return out
    }

    /// `haru report`'s seconds over the days `from` … `to`, all actions.
    func reportSeconds(_ dir: TempDir, from: String, to: String) throws -> Int64 {
        let report = haru(["report", "--from", from, "--to", to, "--json", "--now", "2026-03-10T00:00:00Z"], ledger: dir.ledgerPath).out
        guard case .array(let items)? = try JSONParser.parse(report.trimmingCharacters(in: .newlines))["totals"] else { return -1 }
        return items.reduce(0) { acc, i in if case .int(let s)? = i["seconds"] { return acc + s } else { return acc } }
    }

    @Test(.enabled(if: TimeclockExportTests.hasHledger)) func hledgersDailyTotalsAreHarusAtAMidnightDayStart() throws {
        let dir = ledger(dayStart: "00:00")
        let file = dir.path + "/time.timeclock"
        #expect(haru(["export", "timeclock", "--output", file], ledger: dir.ledgerPath).code == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("i 2026/03/02 07:00:00 Study:Reading  n0\no 2026/03/02 08:15:00\n"), "\(text)")
        #expect(text.contains("Run- fast"), "a ';' is not left in an account name")
        let hl = try hledgerDaily(file)
        let report = haru(
            ["report", "--from", "2026-03-02", "--to", "2026-03-05", "--every", "day", "--json", "--now", "2026-03-10T00:00:00Z"],
            ledger: dir.ledgerPath)
        guard case .array(let periods)? = try JSONParser.parse(report.out.trimmingCharacters(in: .newlines))["periods"] else {
            Issue.record("no report")
            return
        }
        var compared = 0
        for period in periods {
            guard case .string(let day)? = period["start"], case .array(let items)? = period["items"] else { continue }
            for item in items {
                guard case .string(let name)? = item["name"], case .int(let seconds)? = item["seconds"], seconds > 0 else { continue }
                let account = name == "Reading" ? "Study:Reading" : "Run- fast"
                let hours = hl[day]?[account] ?? 0
                #expect(abs(hours - Double(seconds) / 3600) <= 0.005 + 1e-9, "\(day) \(account): hledger \(hours) h, haru \(seconds) s")
                compared += 1
            }
        }
        #expect(compared >= 5, "a session across midnight is split by both")
    }

    @Test(.enabled(if: TimeclockExportTests.hasHledger)) func atA0500DayStartTheDaysDifferButTheRangeAgrees() throws {
        let dir = ledger(dayStart: "05:00")
        let file = dir.path + "/time.timeclock"
        #expect(haru(["export", "timeclock", "-o", file], ledger: dir.ledgerPath).code == 0)
        let hl = try hledgerDaily(file)
        let hlTotal = hl.values.flatMap(\.values).reduce(0, +)
        let haruSeconds = try reportSeconds(dir, from: "2026-03-01", to: "2026-03-06")
        #expect(abs(hlTotal - Double(haruSeconds) / 3600) <= 0.02, "the whole range: hledger \(hlTotal) h, haru \(haruSeconds) s")
        // The session 04:00–06:00 on 03-04 is one calendar day for hledger, two logical days for haru.
        #expect(hl["2026-03-04"]?["Run- fast"] == 2.0)
        let day3 = haru(["day", "2026-03-03", "--json", "--now", "2026-03-10T00:00:00Z"], ledger: dir.ledgerPath).out
        #expect(day3.contains(#""name":"Run; fast","seconds":3600"#), "\(day3)")
    }

    /// `--from/--to` cut the sessions that cross the range's edges (issue 44:
    /// whole sessions that only touched the range were written, and
    /// hledger's total over the file then exceeded haru's over the range).
    /// At a 05:00 day start, logical day 03-02 runs 05:00–05:00: the session
    /// 23:00–02:30 is inside it, 04:00–06:00 on 03-04 is cut to 04:00–05:00 of
    /// logical day 03-03 by `--from 03-03 --to 03-03`.
    @Test(.enabled(if: TimeclockExportTests.hasHledger)) func aRangeCutsTheSessionsAtItsEdgesAndHledgersTotalIsHarus() throws {
        let dir = ledger(dayStart: "05:00")
        for (from, to) in [("2026-03-02", "2026-03-02"), ("2026-03-03", "2026-03-03"), ("2026-03-03", "2026-03-04")] {
            let file = dir.path + "/\(from)-\(to).timeclock"
            #expect(haru(["export", "timeclock", "--from", from, "--to", to, "-o", file], ledger: dir.ledgerPath).code == 0)
            let hlTotal = try hledgerDaily(file).values.flatMap(\.values).reduce(0, +)
            let haruSeconds = try reportSeconds(dir, from: from, to: to)
            #expect(abs(hlTotal - Double(haruSeconds) / 3600) <= 0.005, "\(from)…\(to): hledger \(hlTotal) h, haru \(haruSeconds) s")
        }
        let cut = try String(contentsOfFile: dir.path + "/2026-03-03-2026-03-03.timeclock", encoding: .utf8)
        #expect(cut.contains("i 2026/03/04 04:00:00 Run- fast  n3\no 2026/03/04 05:00:00\n"), "\(cut)")
    }

    /// Across DST changes in Berlin (spring forward on 2026-03-29, fall back
    /// on 2026-10-25, and a session inside the repeated hour), hledger reads
    /// naive local times: each session is written cut where the offset
    /// changes, so hledger's days and total equal haru's (they differed by
    /// an hour each way before). A note with `;` stays text, not a comment.
    @Test(.enabled(if: TimeclockExportTests.hasHledger)) func hledgerAgreesOnDSTDays() throws {
        let dir = TempDir()
        let p = dir.ledgerPath
        let at = ["--now", "2026-03-01T00:00:00+01:00"]
        #expect(haru(["init", "--time-zone", "Europe/Berlin"] + at, ledger: p).code == 0)
        #expect(haru(["action", "add", "Write", "--tracking", "time", "--id", "w"] + at, ledger: p).code == 0)
        let sessions = [
            ("a", "2026-03-28T22:00:00+01:00", "2026-03-29T04:00:00+02:00"),  // 5 h across the spring jump
            ("b", "2026-10-24T22:00:00+02:00", "2026-10-25T04:00:00+01:00"),  // 7 h across the fall back
            ("c", "2026-10-25T02:10:00+02:00", "2026-10-25T02:20:00+01:00"),  // 1 h 10 m inside the repeated hour
        ]
        let lines = sessions.map { id, start, end in
            #"{"type":"session.recorded","at":"\#(end)","data":{"session_id":"\#(id)","action_id":"w","start":"\#(start)","end":"\#(end)","note":"x; tag: y"}}"#
        }
        #expect(haru(["append"], ledger: p, stdin: lines.joined(separator: "\n")).code == 0)
        let file = dir.path + "/dst.timeclock"
        #expect(haru(["export", "timeclock", "-o", file], ledger: p).code == 0)
        let hl = try hledgerDaily(file)
        let expected = ["2026-03-28": 2.0, "2026-03-29": 3.0, "2026-10-24": 2.0, "2026-10-25": 5.0 + 70.0 / 60]
        for (day, hours) in expected {
            #expect(abs((hl[day]?["Write"] ?? 0) - hours) < 0.01, "\(day): hledger \(hl[day]?["Write"] ?? 0) h, haru \(hours) h")
            let haruDay = haru(["day", day, "--json", "--now", "2026-11-01T00:00:00+01:00"], ledger: p).out
            #expect(haruDay.contains(#""seconds":\#(Int((hours * 3600).rounded()))"#), "\(day): \(haruDay)")
        }
        let total = hl.values.flatMap(\.values).reduce(0, +)
        #expect(abs(total - (13 + 10.0 / 60)) < 0.02, "hledger's total: \(total) h")
        let tags = try sh("hledger -f '\(file)' tags")
        #expect(
            tags.code == 0 && tags.out.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            "a note's ';' starts no comment: \(tags.out)")
    }

    @Test func aBadRangeIsRefused() {
        let dir = ledger(dayStart: "00:00")
        let r = haru(["export", "timeclock", "--from", "someday"], ledger: dir.ledgerPath)
        #expect(r.code == 2 && r.err.contains(#"--from: "someday" is not a day or a period"#), "\(r.err)")
    }
}

/// `haru report --html`: a page that stands alone.
struct HTMLReportTests {
    @Test func onePageWithAHeatmapCellPerDayAndTheGoals() throws {
        let dir = readSideLedger()
        let file = dir.path + "/report.html"
        let r = haru(
            ["report", "--from", "2026-03-01", "--to", "2026-03-07", "--html", file, "--now", "2026-03-08T00:00:00+09:00"],
            ledger: dir.ledgerPath)
        #expect(r.code == 0, "\(r.err)")
        let page = try String(contentsOfFile: file, encoding: .utf8)
        let heatmaps = page.components(separatedBy: #"<svg class="heatmap""#).count - 1
        #expect(heatmaps == 2, "Books and Water have records")
        #expect(page.components(separatedBy: #"<rect class="day "#).count - 1 == heatmaps * 7, "one cell per day of the range")
        #expect(page.contains(#"data-day="2026-03-04""#))
        #expect(page.contains(#"<h3>First <span class="status in_progress">in progress</span>"#), "\(page)")
        #expect(!page.contains("<script") && !page.contains("http"), "self-contained: no script, nothing fetched")
        #expect(page.contains("@media (prefers-color-scheme: dark)"), "legible in dark mode too")
        let bad = haru(["report", "--html", dir.path + "/no/such/dir/r.html"], ledger: dir.ledgerPath)
        #expect(bad.code == 3 && bad.err.contains("cannot create"))
    }

    /// Each quest's calendar on the demo history: a cell per day, week or
    /// month, marked by the rules `progress` judges with, and the values in
    /// it those of `report`.
    @Test func eachQuestHasACalendarOfItsPeriodsMarkedAsProgressJudgesThem() throws {
        let dir = TempDir()
        let p = dir.ledgerPath
        let now = ["--now", "2026-03-09T08:00:00+09:00"]
        _ = haru(["init", "--time-zone", "Asia/Seoul", "--day-start", "06:00", "--now", "2026-03-01T00:00:00+09:00"], ledger: p)
        #expect(haru(["append", packageRoot + "/Fixtures/demo/demo.jsonl"], ledger: p).code == 0)
        let file = dir.path + "/r.html"
        #expect(haru(["report", "--from", "2026-03-01", "--to", "2026-03-09", "--html", file] + now, ledger: p).code == 0)
        let page = try String(contentsOfFile: file, encoding: .utf8)
        /// (day, state, value) of each cell of a quest's calendar.
        func cells(_ quest: String) -> [(String, String, String)] {
            guard let start = page.range(of: #"data-quest="\#(quest)""#),
                let end = page.range(of: "</svg>", range: start.upperBound..<page.endIndex)
            else { return [] }
            return page[start.upperBound..<end.lowerBound].matches(
                of: /class="period ([a-z-]+)"[^>]*><title>([0-9-]+)[^:]*: [a-z ]+ \(([^)]*)\)/
            ).map {
                (String($0.2), String($0.1), String($0.3))
            }
        }
        // Reading on Mon, Wed, Fri from the goal's start (Sunday 1 March): 9 days, 5 not scheduled, the 4 others met.
        let reading = cells("read-mwf")
        #expect(reading.map(\.0) == (1...9).map { "2026-03-0\($0)" }, "\(reading)")
        #expect(
            reading.filter { $0.1 == "not-scheduled" }.map(\.0) == ["2026-03-01", "2026-03-03", "2026-03-05", "2026-03-07", "2026-03-08"])
        #expect(reading.filter { $0.1 == "met" }.count == 4)
        // At most 2 coffees a day: missed exactly where the day's count (as `report` has it) is over 2; today in progress.
        let report = haru(["report", "--from", "2026-03-01", "--to", "2026-03-09", "--every", "day", "--json"] + now, ledger: p).out
        let periods = try #require(
            (try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])?["periods"] as? [[String: Any]])
        let coffees = periods.map { period in
            ((period["items"] as? [[String: Any]]) ?? []).first { $0["action_id"] as? String == "coffee" }?["count"] as? Int ?? 0
        }
        let coffee = cells("coffee-max")
        #expect(coffee.count == 9)
        for (k, cell) in coffee.enumerated() {
            #expect(cell.2 == "×\(coffees[k])", "\(cell)")  // a count as the terminal writes it
            let expected = k == 8 ? (coffees[k] > 2 ? "missed" : "in-progress") : (coffees[k] > 2 ? "missed" : "met")
            #expect(cell.1 == expected, "\(cell) with \(coffees[k])")
        }
        #expect(coffee.contains { $0.1 == "missed" }, "the demo has days over the limit")
        // A week a cell: the week holding the goal's start, last week, this week (in progress).
        let study = cells("study-week")
        #expect(study.map(\.0) == ["2026-02-23", "2026-03-02", "2026-03-09"] && study.last?.1 == "in-progress", "\(study)")
        // The streaks beside them are `progress`'s.
        let progress = haru(["progress", "--json"] + now, ledger: p).out
        #expect(progress.contains(#""streak":{"count":4,"unit":"days","best":4}"#) && page.contains("streak 4 days, best 4"), "\(progress)")
    }

    /// What a person reads off the page without hovering (issue: the page
    /// as people see it): honest daily totals when an action has two tags,
    /// calendars with weekday names and day numbers, heatmaps with a scale,
    /// a finished goal in words, tags that look alike given apart, a limit in red.
    @Test func everyFigureSaysWhatItShowsAndTotalsAreTheTimeTracked() throws {
        let dir = TempDir()
        let p = dir.ledgerPath
        func run(_ args: [String], _ now: String = "2026-03-01T00:00:00+01:00") {
            let r = haru(args + ["--now", now], ledger: p)
            #expect(r.code == 0, "\(args): \(r.err)")
        }
        run(["init", "--time-zone", "Europe/Berlin"])
        run(["tag", "add", "Study", "--color", "#4F7CAC"])
        run(["tag", "add", "Work", "--color", "#4A78B0"])  // a blue next to Study's
        run(["action", "add", "Deep work", "--tracking", "time", "--tag", "Study", "--tag", "Work"])
        run(["action", "add", "Coffee", "--tracking", "count"])
        run(["goal", "add", "Sprint", "--start", "2026-03-02", "--end", "2026-03-03", "--threshold", "80", "--id", "sprint"])
        run(["quest", "add", "--goal", "sprint", "--action", "Deep work", "--period", "daily", "--target", "2h"])
        run(["goal", "add", "Less coffee", "--start", "2026-03-02", "--id", "coffee"])
        run(["quest", "add", "--goal", "coffee", "--action", "Coffee", "--period", "daily", "--target", "2", "--at-most"])
        run(["start", "Deep work", "--at", "2026-03-02T09:00"], "2026-03-02T09:00:00+01:00")
        run(["stop"], "2026-03-02T12:45:00+01:00")  // 3 h 45 m, under both tags
        run(["count", "Coffee", "3"], "2026-03-02T10:00:00+01:00")
        let file = dir.path + "/r.html"
        run(["report", "--from", "2026-03-02", "--to", "2026-03-04", "--html", file], "2026-03-04T20:00:00+01:00")
        let page = try String(contentsOfFile: file, encoding: .utf8)
        func section(_ heading: String) -> String {
            guard let a = page.range(of: "<h2>\(heading)</h2>") else { return "" }
            let rest = page[a.upperBound...]
            return String(rest[..<(rest.range(of: "<h2>")?.lowerBound ?? rest.endIndex)])
        }
        // The day's bar is the time tracked, its total written on it; tags side by side, each 3 h 45 m.
        let byDay = section("Time by day")
        #expect(byDay.contains(">3h 45m</text>") && !byDay.contains("7h 30m"), "\(byDay)")
        // Durations as the terminal writes them (`haru report`'s 3h 45m, 1h 00m), never rounded otherwise.
        let byTag = section("Time by tag")
        #expect(byTag.contains("counts under each of them"), "the page says why tags add up to more")
        #expect(byTag.components(separatedBy: ": 3h 45m</title>").count - 1 == 2, "a bar per tag, not a stack: \(byTag)")
        // Hours on the grid.
        #expect(byDay.contains(">1h 00m</text>") && byDay.contains(">2h 00m</text>"), "\(byDay)")
        // A finished goal: its judgment in words, no "today 0 %".
        let goals = section("Goals")
        let sprint = goals.components(separatedBy: "<div class=\"goal\">").first { $0.contains("Sprint") } ?? ""
        #expect(sprint.contains("judged on 2026-03-03: its quests' mean ratio"), "\(sprint)")
        #expect(!sprint.contains("today") && !sprint.contains("this week"), "\(sprint)")
        // Calendars: weekday names down the side, day numbers in the cells.
        #expect(sprint.contains(">Mon</text>") && sprint.contains(">Sun</text>"), "\(sprint)")
        #expect(sprint.contains(">2</text>") && sprint.contains(">3</text>"), "\(sprint)")
        // Heatmaps: a scale up to the busiest day; a limit's in red.
        let heat = section("Actions by day")
        #expect(heat.components(separatedBy: "(busiest day)").count - 1 == 2, "\(heat)")
        let coffee = heat.components(separatedBy: "<div class=\"card\">").first { $0.contains("Coffee") } ?? ""
        #expect(coffee.contains("a limit (at most ×2 a day"), "\(coffee)")
        #expect(coffee.contains(#"class="day filled missed""#), "\(coffee)")
        // Counts: the value on the bar, the day over the limit in red, the limit drawn.
        let counts = section("Counts by day")
        #expect(
            counts.contains(#"class="missed"><title>2026-03-02: ×3 (over the limit)"#) && counts.contains("limit ×2 a day"), "\(counts)")
        // Two tags whose colours look alike are drawn apart: Work does not keep its near-twin blue.
        #expect(byTag.contains("#4F7CAC") && !byTag.contains("#4A78B0"), "\(byTag)")
        // Charts take the page's width.
        #expect(byDay.contains(#"<svg class="bars wide" viewBox="0 0 860 "#), "\(byDay)")
        // A year: heatmaps wrap into blocks that fit the page (they ran off it), a cell per day still.
        let year = dir.path + "/year.html"
        run(["report", "--from", "2025-03-05", "--to", "2026-03-04", "--html", year], "2026-03-04T20:00:00+01:00")
        let long = try String(contentsOfFile: year, encoding: .utf8)
        let sizes = long.matches(of: /<svg class="heatmap" width="([0-9]+)" height="([0-9]+)"/).map { (Int($0.1)!, Int($0.2)!) }
        #expect(sizes.count == 2 && sizes.allSatisfy { $0.0 <= 802 && $0.1 >= 2 * 174 }, "\(sizes)")
        #expect(long.components(separatedBy: #"<rect class="day "#).count - 1 == 2 * 365)
    }

    @Test func namesAreEscaped() throws {
        let dir = cliLedger()
        #expect(
            haru(["action", "add", "<b>Bold</b> & co", "--tracking", "count", "--now", "2026-03-04T09:00:00Z"], ledger: dir.ledgerPath).code
                == 0)
        #expect(haru(["count", "<b>Bold</b> & co", "--now", "2026-03-04T09:00:00Z"], ledger: dir.ledgerPath).code == 0)
        let file = dir.path + "/r.html"
        #expect(
            haru(
                ["report", "--from", "2026-03-04", "--to", "2026-03-04", "--html", file, "--now", "2026-03-05T00:00:00Z"],
                ledger: dir.ledgerPath
            ).code == 0)
        let page = try String(contentsOfFile: file, encoding: .utf8)
        #expect(page.contains("&lt;b&gt;Bold&lt;/b&gt; &amp; co") && !page.contains("<b>Bold"))
    }
}
