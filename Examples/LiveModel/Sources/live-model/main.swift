// live-model LEDGER ACTION DAY AT N: what an app's screen shows for one
// action — its count on DAY as of AT — kept current as the ledger changes,
// printed each time it does; ends after N values. Another process writes
// meanwhile (`haru count`, `haru sync`); nothing here polls.
import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

/// The screen's model: on the main actor, as a SwiftUI view model would be.
@MainActor final class CountModel {
    private(set) var count: Int64 = 0

    func show(_ new: Int64) {
        count = new
        print("count: \(new)")
        fflush(nil)  // a line at a time, for whoever reads the pipe
    }
}

let args = CommandLine.arguments
guard args.count == 6, let day = LocalDate(parsing: args[3]), case .success(let at) = Instant.parse(args[4]), let wanted = Int(args[5])
else {
    print("usage: live-model LEDGER ACTION DAY AT N   (DAY 2026-03-02, AT an ISO 8601 instant with an offset)")
    exit(2)
}
let action = args[2]
let ledger = try Ledger(path: args[1], readOnly: true)
let model = await CountModel()
var seen = 0
// The count now, then each new count after a commit (in any process) that changes it.
for try await count in try ledger.observe({ try $0.dayTotals(day, .asOf(at)).actions[action]?.count ?? 0 }) {
    await model.show(count)
    seen += 1
    if seen == wanted { break }
}
