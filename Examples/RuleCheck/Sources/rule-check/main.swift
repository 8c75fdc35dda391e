// rule-check: a progress rule verified as an app's test suite would verify
// it — a history built from typed events in a scratch ledger, and the
// library asked as of given dates and as the ledger stood before a change.
//
// The rule: "at least 30 min of Reading every Mon/Wed/Fri", days starting at
// 06:00 in Seoul. A session at 05:00 on Thursday belongs to Wednesday's
// logical day; a streak counts scheduled days met; the day in progress does
// not break it.
import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

var failures = 0
@MainActor func check(_ what: String, _ got: some Equatable & CustomStringConvertible, _ expected: some Equatable & CustomStringConvertible)
{
    let ok = "\(got)" == "\(expected)"
    print((ok ? "ok   " : "FAIL ") + what + (ok ? "" : ": got \(got), expected \(expected)"))
    if !ok { failures += 1 }
}

/// An instant in Seoul (+09:00), as a person writes it.
func seoul(_ text: String) -> Instant {
    guard case .success(let t) = Instant.parse(text + "+09:00") else { fatalError("bad instant \(text)") }
    return t
}
func date(_ text: String) -> LocalDate { LocalDate(parsing: text)! }

// A scratch ledger; the program chooses the clock and the ids' randomness.
var template = Array("/tmp/rule-check-XXXXXX".utf8CString)
guard let dir = mkdtemp(&template) else { fatalError("mkdtemp failed") }
let path = String(cString: dir) + "/ledger"
defer { Ledger.remove(at: path); rmdir(String(cString: dir)) }
var rng = SystemRandomNumberGenerator()
let now = seoul("2026-03-09T12:00:00").seconds * 1_000_000

do {
    let ledger = try Ledger.create(path: path)
    let start = seoul("2026-03-01T00:00:00")
    let history: [EventInput] = [
        try SettingsChanged(timeZone: "Asia/Seoul", dayStart: ClockTime(parsing: "06:00")).input(at: start),
        try ActionCreated(actionID: "read", name: "Reading", tracking: .time).input(at: start),
        try GoalCreated(goalID: "g", title: "Read more", startDate: date("2026-03-02")).input(at: start),
        try QuestCreated(
            questID: "q", goalID: "g", target: .action("read"), period: .daily, direction: .atLeast,
            schedule: .weekdays([.monday, .wednesday, .friday]), targetSeconds: 30 * 60
        ).input(at: start),
        // Monday: 40 min, met.
        try SessionRecorded(sessionID: "mon", actionID: "read", start: seoul("2026-03-02T07:00:00"), end: seoul("2026-03-02T07:40:00"))
            .input(at: seoul("2026-03-02T07:40:00")),
        // Wednesday: 20 min in the evening …
        try SessionRecorded(sessionID: "wed", actionID: "read", start: seoul("2026-03-04T21:00:00"), end: seoul("2026-03-04T21:20:00"))
            .input(at: seoul("2026-03-04T21:20:00")),
        // Friday: 10 min, missed.
        try SessionRecorded(sessionID: "fri", actionID: "read", start: seoul("2026-03-06T20:00:00"), end: seoul("2026-03-06T20:10:00"))
            .input(at: seoul("2026-03-06T20:10:00")),
    ]
    let before = try ledger.append(history, now: now, rng: &rng).head
    // … and 15 more after midnight, entered later: Thursday 05:00 is still Wednesday.
    let late = try SessionRecorded(
        sessionID: "wed-late", actionID: "read", start: seoul("2026-03-05T05:00:00"), end: seoul("2026-03-05T05:15:00")
    )
    .input(at: seoul("2026-03-05T05:15:00"))
    _ = try ledger.append([late], now: now, rng: &rng)

    let calendar = try ledger.calendar()
    func streak(asOf day: String, knownAt: KnownAt? = nil) throws -> Int? {
        try ledger.progress(.endOf(date(day), calendar), knownAt: knownAt).goals.first?.quests.first?.streak
    }
    check(
        "Wednesday's logical day holds the 05:00 session (seconds)",
        try ledger.dayTotals(date("2026-03-04"), .endOf(date("2026-03-04"), calendar)).actions["read"]?.seconds ?? 0, 35 * 60)
    check(
        "Thursday's logical day holds nothing",
        try ledger.dayTotals(date("2026-03-05"), .endOf(date("2026-03-05"), calendar)).actions["read"]?.seconds ?? 0, 0)
    check("streak as of Thursday: Monday and Wednesday met", try streak(asOf: "2026-03-05") ?? -1, 2)
    check("streak as of Friday: the day in progress does not break it", try streak(asOf: "2026-03-06") ?? -1, 2)
    check("streak as of Saturday: Friday missed", try streak(asOf: "2026-03-07") ?? -1, 0)
    check("as the ledger stood before the late entry: Wednesday missed", try streak(asOf: "2026-03-05", knownAt: .seq(before)) ?? -1, 0)
    // Friday excused afterwards (ill): the streak runs through it, neither broken nor lengthened.
    let sick = try SkipAdded(skipID: "sick", startDate: date("2026-03-06"), target: .goal("g"), note: "flu")
        .input(at: seoul("2026-03-08T09:00:00"))
    let skipped = try ledger.append([sick], now: now, rng: &rng).head
    check("streak as of Saturday with Friday skipped", try streak(asOf: "2026-03-07") ?? -1, 2)
    check(
        "Friday asks nothing once skipped",
        try ledger.progress(.endOf(date("2026-03-06"), calendar)).goals.first?.quests.first?.spans.day.skipped ?? false, true)
    check("as the ledger stood before the skip: Friday missed", try streak(asOf: "2026-03-07", knownAt: .seq(skipped - 1)) ?? -1, 0)
    // Sleep measured in hours to one decimal: amounts and targets are whole
    // tenths (fixed point), figures come back in hours.
    let tenths = { (text: String) -> Int64 in Decimals.parse(text, 1)! }
    _ = try ledger.append(
        [
            try ActionCreated(actionID: "sleep", name: "Sleep", tracking: .count, unit: "h", decimals: 1).input(at: start),
            try GoalCreated(goalID: "g2", title: "Rest", startDate: date("2026-03-02")).input(at: start),
            try QuestCreated(
                questID: "q2", goalID: "g2", target: .action("sleep"), period: .daily, direction: .atLeast, targetCount: tenths("7.5")
            ).input(at: start),
            try CountAdded(entryID: "s2", actionID: "sleep", amount: tenths("7.6")).input(at: seoul("2026-03-02T08:00:00")),
            try CountAdded(entryID: "s3", actionID: "sleep", amount: tenths("7.4")).input(at: seoul("2026-03-03T08:00:00")),
        ], now: now, rng: &rng)
    func sleep(asOf day: String) throws -> QuestProgress? {
        try ledger.progress(.endOf(date(day), calendar)).goals.first { $0.id == "g2" }?.quests.first
    }
    let stored = try ledger.dayTotals(date("2026-03-02"), .endOf(date("2026-03-02"), calendar)).actions["sleep"]?.count ?? 0
    check("7.6 h is stored as 76 tenths and said as 7.6", "\(stored) \(Decimals.text(stored, 1))", "76 7.6")
    check("Monday's 7.6 h against 7.5 h, in hours", "\(try sleep(asOf: "2026-03-02")?.spans.day.value ?? -1)", "7.6")
    check("Tuesday's 7.4 h misses 7.5 h: the streak as of Wednesday is 0", try sleep(asOf: "2026-03-04")?.streak ?? -1, 0)
    // A typed event breaks the same rules a JSON line does, with the same words.
    do {
        _ = try CountAdded(entryID: "c1", actionID: "read", amount: 0).input(at: start)
        check("an amount of 0 is refused", "accepted", "refused")
    } catch {
        check("an amount of 0 is refused, naming the field", error.field, "data.amount")
    }
} catch let error as any HaruError {
    print("rule-check: \(error)")
    exit(error.exitStatus.rawValue)
}
print(failures == 0 ? "rule-check: all checks hold" : "rule-check: \(failures) failed")
exit(failures == 0 ? 0 : 1)
