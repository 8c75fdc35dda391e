// widget-values LEDGER [NOW]: what the app's widgets, Live Activity and
// watch show at NOW (ISO 8601 with offset; default: the system clock) —
// the representative running session with "+N together", the action
// buttons with today's totals, and each goal's bars with its quests' rings.
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

func amount(_ v: Double?, time: Bool) -> String {
    guard let v else { return "" }
    return time ? "\(Int(v) / 60)m" : "×\(Int(v))"
}

do {
    let ledger = try Ledger(path: args[1], readOnly: true)
    // The Live Activity and the "now running" widget.
    let running = try ledger.runningNow(now: now)
    if let r = running.representative {
        let together = running.others.isEmpty ? "" : "  +\(running.others.count) together"
        print("running: \(r.name) \(r.seconds / 60)m\(together)")
    } else {
        print("running: nothing")
    }
    // The run widget: a button per action, today's total on it.
    for b in try ledger.actionButtons(.live(now: now), span: .day) {
        let shown = b.action.tracking == .time ? "\(b.value / 60)m" : "×\(b.value)"
        print("[\(b.action.name)\(b.runningSince == nil ? "" : " ●")] \(shown)")
    }
    // The goal bars and quest rings.
    for goal in try ledger.goalCards(.live(now: now)) where goal.status == .inProgress {
        if goal.noQuests {
            print("\(goal.title): no quests")
            continue
        }
        print("\(goal.title): \(goal.bars.all.map { percent($0.value) }.joined(separator: " "))  (day week month)")
        for quest in goal.quests {
            let ring = quest.rings.day
            let state: String
            if !ring.scheduled {
                state = "not a scheduled day"
            } else if let limit = ring.limit {
                state = "limit \(limit.rawValue), done \(amount(ring.done, time: quest.unitIsTime))"
            } else {
                state = "\(percent(ring.fill)) today, done \(amount(ring.done, time: quest.unitIsTime))"
            }
            let streak =
                quest.streak.map { $0 > 0 ? " · streak \($0) \($0 == 1 ? quest.streakUnit.singular : quest.streakUnit.rawValue)" : "" }
                ?? ""
            print("  \(quest.targetName): \(state)\(streak)")
        }
    }
} catch let error as any HaruError {
    print("widget-values: \(error)")
    exit(error.exitStatus.rawValue)
}
