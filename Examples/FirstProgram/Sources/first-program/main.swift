// The README's first program: create a ledger, append typed events, ask the
// progress as of a date. Run: swift run --package-path Examples/FirstProgram
import HaruLedger

let ledger = try Ledger.create(path: "reading-ledger")  // Ledger(path:) opens one
var rng = SystemRandomNumberGenerator()  // ids for the events that bring none
func at(_ s: String) throws -> Instant { try Instant.parse(s + "+09:00").get() }
let start = try at("2026-03-01T00:00:00")
try ledger.append(
    [
        SettingsChanged(timeZone: "Asia/Seoul", dayStart: ClockTime(parsing: "06:00")).input(at: start),
        ActionCreated(actionID: "read", name: "Reading", tracking: .time).input(at: start),
        GoalCreated(goalID: "g", title: "Read more", startDate: LocalDate(year: 2026, month: 3, day: 1)!).input(at: start),
        QuestCreated(questID: "q", goalID: "g", target: .action("read"), period: .daily, targetSeconds: 1800).input(at: start),
        SessionRecorded(sessionID: "s1", actionID: "read", start: try at("2026-03-02T07:00:00"), end: try at("2026-03-02T07:40:00"))
            .input(at: try at("2026-03-02T07:40:00")),
    ], now: 1_772_409_600_000_000, rng: &rng)  // the clock is passed in (µs since 1970), never read inside
let report = try ledger.progress(.asOf(try at("2026-03-02T23:00:00")))  // as of a date
print("streak:", report.goals[0].quests[0].streak ?? 0)  // streak: 1
Ledger.remove(at: "reading-ledger")  // a demo: nothing left behind
