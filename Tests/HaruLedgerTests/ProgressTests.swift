import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruViews

/// A quest payload from a few fields (ids and goal filled in).
func quest(_ fields: [(Field, FieldValue)]) -> QuestSpec {
    var p = Payload([(.questID, .string("q")), (.goalID, .string("g")), (.targetActionID, .string("a")), (.direction, .int(0))])
    for (f, v) in fields { p[f] = v }
    return QuestSpec(id: "q", p, actionTracksTime: { _ in true })
}

struct Schedules {
    @Test(
        arguments: [
            // (mode fields, day, scheduled)
            ([(Field.period, FieldValue.int(0))], "2026-03-05", true),
            ([(.period, .int(0)), (.scheduleMode, .int(1)), (.scheduleWeekdays, .ints([0, 2, 4]))], "2026-03-04", true),
            ([(.period, .int(0)), (.scheduleMode, .int(1)), (.scheduleWeekdays, .ints([0, 2, 4]))], "2026-03-05", false),
            ([(.period, .int(0)), (.scheduleMode, .int(2)), (.scheduleMonthDays, .ints([31]))], "2026-03-31", true),
            ([(.period, .int(0)), (.scheduleMode, .int(2)), (.scheduleMonthDays, .ints([31]))], "2026-04-30", false),
            ([(.period, .int(0)), (.scheduleMode, .int(2)), (.scheduleMonthDays, .ints([29]))], "2024-02-29", true),
            ([(.period, .int(0)), (.scheduleMode, .int(2)), (.scheduleMonthDays, .ints([29]))], "2026-02-28", false),
            ([(.period, .int(0)), (.scheduleMode, .int(3)), (.scheduleOrdinal, .int(3)), (.scheduleWeekday, .int(1))], "2026-03-17", true),
            (
                [(.period, .int(0)), (.scheduleMode, .int(3)), (.scheduleOrdinal, .int(3)), (.scheduleWeekday, .int(1))], "2026-03-24",
                false
            ),
            ([(.period, .int(0)), (.scheduleMode, .int(3)), (.scheduleOrdinal, .int(5)), (.scheduleWeekday, .int(0))], "2026-03-30", true),
            ([(.period, .int(0)), (.scheduleMode, .int(3)), (.scheduleOrdinal, .int(1)), (.scheduleWeekday, .int(6))], "2026-03-01", true),
            ([(.period, .int(1))], "2026-03-05", true),
            ([(.period, .int(2))], "2026-03-05", true),
            ([(.period, .int(3)), (.customStart, .int(20_515)), (.customEnd, .int(20_520))], "2026-03-03", true),
            ([(.period, .int(3)), (.customStart, .int(20_515)), (.customEnd, .int(20_520))], "2026-03-08", true),
            ([(.period, .int(3)), (.customStart, .int(20_515)), (.customEnd, .int(20_520))], "2026-03-09", false),
        ] as [([(Field, FieldValue)], String, Bool)])
    func isScheduledFollowsTheSchedule(fields: [(Field, FieldValue)], day: String, scheduled: Bool) {
        #expect(quest(fields).isScheduled(date(day)) == scheduled)
    }
}

struct Ratios {
    @Test(arguments: [
        // (at least?, value, target, ratio)
        (true, 1800.0, 7200.0, 0.25), (true, 9000, 7200, 1), (true, 0, 0, 0), (true, 5, 0, 0),
        (false, 2, 2, 1), (false, 3, 2, 0), (false, 0, 0, 1), (false, 1, 0, 0),
    ])
    func gaugesFollowTheDirection(atLeast: Bool, value: Double, target: Double, ratio: Double) {
        let q = quest([(.period, .int(1)), (.direction, .int(atLeast ? 0 : 1))])
        #expect(q.ratio(value: value, target: target) == ratio)
        #expect(q.met(value: value, target: target) == (ratio == 1))
    }
}

struct DeadlineWindows {
    /// (zone, day_start, deadline, day, window end)
    @Test(arguments: [
        ("Asia/Seoul", "06:00", "22:00", "2026-03-04", "2026-03-04T22:00:00+09:00"),
        ("Asia/Seoul", "06:00", "02:00", "2026-03-04", "2026-03-05T02:00:00+09:00"),
        ("Asia/Seoul", "06:00", "06:00", "2026-03-04", "2026-03-05T06:00:00+09:00"),
        ("Asia/Seoul", "00:00", "23:59", "2026-12-31", "2026-12-31T23:59:00+09:00"),
        ("Asia/Seoul", "18:00", "12:00", "2026-03-04", "2026-03-05T12:00:00+09:00"),
        // DST: a deadline that does not exist is the jump; one that exists twice its first occurrence.
        ("America/New_York", "00:00", "02:30", "2026-03-08", "2026-03-08T03:00:00-04:00"),
        ("America/New_York", "00:00", "01:30", "2026-11-01", "2026-11-01T01:30:00-04:00"),
        ("America/New_York", "05:00", "02:30", "2026-03-07", "2026-03-08T03:00:00-04:00"),
    ])
    func deadlineWindowsEndWhereTheRulesSay(zoneName: String, dayStart: String, deadline: String, day: String, end: String) {
        let cal = LedgerCalendar(zone: zone(zoneName), dayStart: clock(dayStart))
        let r = cal.range(of: date(day))
        let t = QuestMeter.deadlineInstant(cal, date(day), clock(deadline), dayRange: r.lowerBound.seconds..<r.upperBound.seconds)
        #expect(t == instant(end).seconds)
    }
}

/// Properties of the progress engine on random histories.
struct ProgressProperties {
    @Test(arguments: 0..<4)
    func goalDayRatioIsTheMeanOfScheduledQuestsAndStreaksIgnoreLaterRecords(seed: UInt64) throws {
        var rng = SeededRNG(seed: seed &+ 100)
        func r(_ n: UInt64) -> Int { Int(rng.next() % n) }
        let dir = TempDir()
        let l = try Ledger.create(path: dir.ledgerPath)
        var lines = [
            #"{"type":"settings.changed","at":"2026-01-01T00:00:00Z","data":{"time_zone":"Europe/Berlin","day_start":"0\#(r(10)):00"}}"#,
            #"{"type":"action.created","at":"2026-01-01T00:00:00Z","data":{"action_id":"t","name":"T","tracking":"time"}}"#,
            #"{"type":"action.created","at":"2026-01-01T00:00:00Z","data":{"action_id":"c","name":"C","tracking":"count"}}"#,
            #"{"type":"goal.created","at":"2026-01-01T00:00:00Z","data":{"goal_id":"g","title":"G","start_date":"2026-02-01"}}"#,
        ]
        let shapes = [
            #""period":"daily","schedule":{"mode":"weekdays","weekdays":["monday","thursday"]}"#, #""period":"daily""#,
            #""period":"daily","schedule":{"mode":"month_days","month_days":[1,15,31]}"#, #""period":"weekly""#, #""period":"monthly""#,
            #""period":"custom","custom_start":"2026-03-05","custom_end":"2026-03-20""#,
        ]
        for k in 0..<6 {
            let time = r(2) == 0
            let target =
                time
                ? #""target":{"action_id":"t"},"target_seconds":\#(600 * (1 + r(6)))"#
                : #""target":{"action_id":"c"},"target_count":\#(1 + r(4))"#
            let deadline = k < 3 && r(2) == 0 ? #","deadline":"2\#(r(4)):00""# : ""
            lines.append(
                #"{"type":"quest.created","at":"2026-01-01T00:00:00Z","data":{"quest_id":"q\#(k)","goal_id":"g",\#(target),\#(shapes[k]),"direction":"\#(r(3) == 0 ? "at_most" : "at_least")"\#(deadline)}}"#
            )
        }
        // Records as (line, effective start, end); counts have end == nil.
        var records: [(start: Instant, end: Instant?, line: (Instant?) -> String)] = []
        for n in 0..<150 {
            let day = 1 + r(28), hour = r(24), minute = r(60)
            let at = "2026-03-\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute):00+01:00"
            let start = try Instant.parse(at).get()
            if r(2) == 0 {
                let end = Instant(seconds: start.seconds + Int64(60 * (1 + r(180))))
                records.append(
                    (
                        start, end,
                        { cut in
                            let e = min(end, cut ?? end).format(offsetSeconds: 3600)
                            return
                                #"{"type":"session.recorded","at":"\#(e)","data":{"session_id":"s\#(n)","action_id":"t","start":"\#(at)","end":"\#(e)"}}"#
                        }
                    ))
            } else {
                let amount = 1 + r(3)
                records.append(
                    (
                        start, nil,
                        { _ in #"{"type":"count.added","at":"\#(at)","data":{"entry_id":"c\#(n)","action_id":"c","amount":\#(amount)}}"# }
                    ))
            }
        }
        var ids = SeededRNG(seed: seed)
        _ = try l.append(try events((lines + records.map { $0.line(nil) }).joined(separator: "\n")), now: 1, rng: &ids)
        for k in 0..<10 {
            let ref = Reference.live(now: Instant(seconds: try Instant.parse("2026-03-01T00:00:00Z").get().seconds + Int64(r(30 * 86_400))))
            let report = try l.snapshot { snap in try ProgressEngine(snap, calendar: try snap.calendar(), reference: ref).run() }
            let g = try #require(report.goals.first)
            // The goal's day ratio is the mean of its scheduled quests' day ratios (100 % when none is).
            let scheduled = g.quests.filter { $0.spans.day.scheduled }.map { $0.spans.day.ratio! }
            let mean = scheduled.isEmpty ? 1 : scheduled.reduce(0, +) / Double(scheduled.count)
            #expect(abs(g.spanRatios.day! - mean) < 1e-12)
            // Streaks never count a record timed after the reference: a ledger holding only what had
            // happened by then (later counts dropped, sessions cut at the reference) has the same streaks.
            let past = TempDir("haru-past")
            let pl = try Ledger.create(path: past.ledgerPath)
            let kept = records.filter { $0.start.seconds < ref.instant.seconds || ($0.end == nil && $0.start == ref.instant) }
            var ids2 = SeededRNG(seed: UInt64(k) &+ 7)
            _ = try pl.append(try events((lines + kept.map { $0.line(ref.instant) }).joined(separator: "\n")), now: 1, rng: &ids2)
            let pastReport = try pl.snapshot { snap in try ProgressEngine(snap, calendar: try snap.calendar(), reference: ref).run() }
            #expect(g.quests.map(\.streak) == pastReport.goals[0].quests.map(\.streak), "reference \(ref.instant)")
        }
    }
}

/// Goals finished, reopened and confirmed in random orders (RULES §4, §7):
/// edits, finishes and confirmations take effect at their `at`, so a view as
/// of R sees the same statuses and judgments as a ledger that holds only the
/// goal events timed by R (and everything else).
struct GoalLifecycleProperties {
    @Test(arguments: 0..<6)
    func aViewAsOfRIgnoresGoalEventsTimedAfterR(seed: UInt64) throws {
        var rng = SeededRNG(seed: seed &+ 900)
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        func day(_ d: Int) -> String { "2026-03-\(d < 10 ? "0" : "")\(d)" }
        func at(_ d: Int, _ h: Int) -> String { "\(day(d))T\(h < 10 ? "0" : "")\(h):00:00Z" }
        var lines = [
            #"{"type":"settings.changed","at":"2026-02-01T00:00:00Z","data":{"time_zone":"UTC"}}"#,
            #"{"type":"action.created","at":"2026-02-01T00:00:00Z","data":{"action_id":"w","name":"W","tracking":"count"}}"#,
        ]
        for g in 0..<4 {
            let end = r(2) == 0 ? #","end_date":"\#(day(5 + r(10)))""# : ""
            lines.append(
                #"{"type":"goal.created","at":"2026-02-01T00:00:00Z","data":{"goal_id":"g\#(g)","title":"G","start_date":"2026-03-01"\#(end)}}"#
            )
            if g % 2 == 0 {
                lines.append(
                    #"{"type":"quest.created","at":"2026-02-01T00:00:00Z","data":{"quest_id":"q\#(g)","goal_id":"g\#(g)","target":{"action_id":"w"},"period":"weekly","target_count":\#(1 + r(5)),"direction":"at_least"}}"#
                )
            }
        }
        for k in 0..<30 {
            lines.append(#"{"type":"count.added","at":"\#(at(1 + r(27), r(24)))","data":{"entry_id":"c\#(k)","action_id":"w","amount":1}}"#)
        }
        // Goal events at random times, appended in random order; the ledger refuses the invalid ones.
        var goalEvents: [String] = []
        for _ in 0..<40 {
            let g = "g\(r(4))", t = at(1 + r(27), r(24))
            switch r(5) {
            case 0: goalEvents.append(#"{"type":"goal.finished","at":"\#(t)","data":{"goal_id":"\#(g)"}}"#)
            case 1:
                goalEvents.append(
                    #"{"type":"goal.confirmed","at":"\#(t)","data":{"goal_id":"\#(g)","outcome":"\#(r(2) == 0 ? "achieved" : "not_achieved")"}}"#
                )
            case 2: goalEvents.append(#"{"type":"goal.edited","at":"\#(t)","data":{"goal_id":"\#(g)","end_date":null}}"#)
            default: goalEvents.append(#"{"type":"goal.edited","at":"\#(t)","data":{"goal_id":"\#(g)","end_date":"\#(day(3 + r(25)))"}}"#)
            }
        }
        let dir = TempDir()
        let l = try Ledger.create(path: dir.ledgerPath)
        var ids = SeededRNG(seed: seed)
        _ = try l.append(try events(lines.joined(separator: "\n")), now: 1, rng: &ids)
        var accepted: [EventInput] = []
        for e in goalEvents {
            let input = try events(e)
            if (try? l.append(input, now: 1, rng: &ids)) != nil { accepted += input }
        }
        #expect(accepted.count >= 5, "\(accepted.count) goal events accepted")
        for _ in 0..<8 {
            let ref = Reference.asOf(Instant(seconds: try Instant.parse(at(2 + r(27), r(24))).get().seconds))
            let full = try l.snapshot { snap in try ProgressEngine(snap, calendar: try snap.calendar(), reference: ref).run() }
            // The same history without the goal events timed after R.
            let cut = TempDir("haru-cut")
            let cl = try Ledger.create(path: cut.ledgerPath)
            var ids2 = SeededRNG(seed: seed &+ 1)
            _ = try cl.append(try events(lines.joined(separator: "\n")), now: 1, rng: &ids2)
            let kept = accepted.filter { $0.at.seconds <= ref.definitionsAt.seconds }
            if !kept.isEmpty { _ = try cl.append(kept, now: 1, rng: &ids2) }
            let past = try cl.snapshot { snap in try ProgressEngine(snap, calendar: try snap.calendar(), reference: ref).run() }
            for (a, b) in zip(full.goals, past.goals) {
                #expect(a.status == b.status && a.judgedAt == b.judgedAt && a.endDate == b.endDate, "\(a.id) as of \(ref.instant)")
                #expect(a.achievementPercent == b.achievementPercent, "\(a.id) as of \(ref.instant)")
            }
        }
    }
}
