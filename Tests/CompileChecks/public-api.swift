// Must compile from OUTSIDE the package (scripts/check-compile.sh builds
// this one without the package's name): what a program that depends on the
// HaruLedger library writes. Only `public` declarations are visible here.
import HaruLedger

func useTheLibrary(path: String, jsonl: [UInt8]) throws {
    let ledger = try Ledger.create(path: path, durability: .relaxed)
    var rng = SystemRandomNumberGenerator()
    let line = #"{"type":"action.created","at":"2026-03-01T09:00:00+09:00","data":{"action_id":"read","name":"Reading","tracking":"time"}}"#
    let input = try EventInput.parse(JSONParser.parse(line), zones: .system)
    let r = try ledger.append([input], now: 1_772_323_200_000_000, rng: &rng)
    let bulk = try ledger.appendJSONLines(InputBytes(jsonl), zones: .system, now: 1_772_323_200_000_000, rng: &rng)
    print(r.seqs, r.appended, r.head, bulk.head)
    let head = try ledger.head()
    print(head.seq, head.hash.description)
    try ledger.forEachEvent(from: 1) { (e: Event) in
        print(e.seq, e.type.name, e.at.format(offsetSeconds: 0), e.id.description, e.dataJSON())
        return true
    }
    let report = try ledger.verify()
    print(report.ok, report.events, report.firstBadSeq as Any, report.problem as Any)
    print(try ledger.rebuild().changed)
    // Scenario files, as `haru check` runs them.
    let result = try ScenarioRunner.run(jsonl, file: "s.jsonl", scratch: path + "-scratch")
    print(result.assertions, result.passed, result.failures.map(\.description))
    do {
        _ = try ledger.append([input], expectHead: 0, now: 0, rng: &rng)
    } catch let e as LedgerError {
        print(e.description, e.exitStatus.rawValue)
    }
    print(Instant.parse("2026-03-01T09:00:00+09:00") as Any, LocalDate(year: 2026, month: 3, day: 1) as Any)
}
