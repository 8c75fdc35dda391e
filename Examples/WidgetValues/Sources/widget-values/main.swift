// widget-values LEDGER [NOW]: what the app's widget shows for each goal —
// today's, this week's and this month's achievement, and each quest's
// streak — at NOW (ISO 8601 with offset; default: the system clock).
import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

let args = CommandLine.arguments
guard args.count >= 2 else {
    print("usage: widget-values LEDGER [NOW]")
    exit(2)
}
// The library reads no clock: the program passes "now" in.
let now: Instant
if args.count > 2 {
    guard case .success(let t) = Instant.parse(args[2]) else {
        print("NOW must be an ISO 8601 instant with an offset, such as 2026-03-09T08:00:00+09:00")
        exit(2)
    }
    now = t
} else {
    now = Instant(seconds: Int64(time(nil)))
}

func percent(_ r: Double?) -> String {
    guard let r else { return "  —" }
    let p = Int((r * 100).rounded())
    return String(repeating: " ", count: max(0, 3 - String(p).count)) + "\(p)%"
}

do {
    let ledger = try Ledger(path: args[1], readOnly: true)
    let report = try ledger.progress(.live(now: now))
    print("\(report.referenceDay)  (known at seq \(report.knownAt))")
    for goal in report.goals where goal.status == .inProgress {
        // spanRatios: the goal's day, week and month, as the widget's three rings.
        let rings = goal.spanRatios.map(percent).joined(separator: " ")
        print("\(goal.title): \(rings)  (day week month)")
        for quest in goal.quests {
            let streak = quest.streak.map { " · streak \($0) \(quest.streakUnit)" } ?? ""
            print("  \(quest.targetName)\(streak)")
        }
    }
} catch let error as any HaruError {
    print("widget-values: \(error)")
    exit(error.exitStatus.rawValue)
}
