import Foundation
import TestSupport
import Testing

/// `--order user|name|id` of `day` and `report` at a terminal and in JSON
/// (the rule and its scenario: Fixtures/days/order.jsonl).
struct ListOrderTests {
    func ledger(_ dir: TempDir) -> String {
        let p = dir.ledgerPath
        let now = "2026-03-01T00:00:00+09:00"
        for args in [
            ["init", "--time-zone", "Asia/Seoul", "--now", now],
            ["action", "add", "Reading", "--tracking", "time", "--order", "2", "--now", now],
            ["action", "add", "Water", "--tracking", "count", "--order", "1", "--now", now],
            ["action", "add", "Code", "--tracking", "time", "--now", now],
            ["count", "Water", "3", "--at", "2026-03-02 12:00", "--now", "2026-03-02T13:00:00+09:00"],
            ["start", "Code", "--at", "2026-03-02 09:00", "--now", "2026-03-02T13:00:00+09:00"],
            ["stop", "Code", "--at", "2026-03-02 10:00", "--now", "2026-03-02T13:00:00+09:00"],
        ] {
            let r = haru(args, ledger: p)
            #expect(r.code == 0, "\(args): \(r.err)")
        }
        return p
    }

    @Test func dayInTheUsersOrderListsEveryActionAsTheGridDoes() {
        let dir = TempDir()
        let p = ledger(dir)
        let now = "2026-03-02T20:00:00+09:00"
        let user = haru(["day", "2026-03-02", "--order", "user", "--now", now], ledger: p).out.split(separator: "\n").map(String.init)
        #expect(Array(user.dropFirst(2)) == ["    Water         ×3", "    Reading       –", "    Code          1h 00m"])
        // Without it: the user's order too (as the app lists them), only what has a total (issue 44).
        let plain = haru(["day", "2026-03-02", "--now", now], ledger: p).out.split(separator: "\n").map(String.init)
        #expect(Array(plain.dropFirst(2)) == ["    Water         ×3", "    Code          1h 00m"])
        let byName = haru(["day", "2026-03-02", "--order", "name", "--now", now], ledger: p).out.split(separator: "\n").map(String.init)
        #expect(Array(byName.dropFirst(2)) == ["    Code          1h 00m", "    Water         ×3"])
        let json = haru(["day", "2026-03-02", "--order", "user", "--json", "--now", now], ledger: p).out
        let names = json.matches(of: /"name":"([^"]+)"/).map { String($0.1) }
        #expect(names == ["Water", "Reading", "Code"])
    }

    @Test func reportColumnsFollowTheOrderAsked() {
        let dir = TempDir()
        let p = ledger(dir)
        let now = "2026-03-02T20:00:00+09:00"
        let header = haru(["report", "--from", "2026-03-02", "--to", "2026-03-02", "--order", "user", "--now", now], ledger: p).out
            .split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.split(separator: " ").map(String.init) == ["day", "Water", "Code"])
        let plain = haru(["report", "--from", "2026-03-02", "--to", "2026-03-02", "--now", now], ledger: p).out
            .split(separator: "\n").first.map(String.init) ?? ""
        #expect(plain.split(separator: " ").map(String.init) == ["day", "Water", "Code"], "the user's order without --order (issue 44)")
        let byName = haru(["report", "--from", "2026-03-02", "--to", "2026-03-02", "--order", "name", "--now", now], ledger: p).out
            .split(separator: "\n").first.map(String.init) ?? ""
        #expect(byName.split(separator: " ").map(String.init) == ["day", "Code", "Water"])
    }

    @Test func anOrderThatIsNoneOfTheThreeIsRefused() {
        let dir = TempDir()
        let p = ledger(dir)
        for cmd in [["day"], ["report"]] {
            let r = haru(cmd + ["--order", "size"], ledger: p)
            #expect(r.code == 2 && r.out.isEmpty)
            #expect(r.err.contains(#"--order takes user, name or id (got "size")"#), "\(r.err)")
        }
    }
}
