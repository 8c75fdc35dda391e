import TestSupport
import Testing

@testable import HaruCLI

/// One way to name things everywhere (`Resolver`): every command that takes
/// a definition takes its id, its name or title (case-folded) and a unique
/// start of its id; `history` also takes records by ref and `@N`.
struct OneResolver {
    /// The demo history: goals `spring` ("Spring habits") and `book-club`,
    /// quest `read-mwf`, action `read` ("Reading"), a session running since 07:10 on 2026-03-09.
    func demo() -> TempDir {
        let dir = TempDir()
        let now = ["--now", "2026-03-01T00:00:00+09:00"]
        #expect(haru(["init", "--time-zone", "Asia/Seoul", "--day-start", "06:00"] + now, ledger: dir.ledgerPath).code == 0)
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let r = haru(["append", "/" + root + "/Fixtures/demo/demo.jsonl"] + now, ledger: dir.ledgerPath)
        #expect(r.code == 0, "\(r.err)")
        return dir
    }

    static let now = ["--now", "2026-03-09T08:00:00+09:00"]

    @Test(arguments: [
        // (what is typed, a line the answer must hold)
        (["progress", "--goal", "Spring habits"], "Spring habits  [spring]"),
        (["progress", "--goal", "spring HABITS"], "Spring habits  [spring]"),
        (["progress", "--goal", "book"], "Book club"),
        (["explain", "read-m"], "quest read-mwf:"),
        (["explain", "coffee-max"], "quest coffee-max:"),
        (["history", "reading"], "action Reading (id read)"),
        (["history", "@1"], "(id s-live)"),
        (["history", "Spring habits"], "goal Spring habits (id spring)"),
    ])
    func everyCommandTakesTheSameNames(args: [String], expected: String) {
        let dir = demo()
        let r = haru(args + Self.now, ledger: dir.ledgerPath)
        #expect(r.code == 0, "\(args): \(r.err)")
        #expect(r.out.contains(expected), "\(args): \(r.out)")
    }

    @Test(arguments: [
        (["explain", "rea"], #"no quest with id "rea""#),  // a start shorter than 4 characters names nothing
        (["history", "@9999"], "there are only"),
        (["progress", "--goal", "Sprng habits"], #"did you mean "Spring habits"?"#),
        // A part of one name means that name (issue 44); a part of several suggests none.
        (["progress", "--goal", "Book"], #"did you mean "Book club"?"#),
        (["start", "Side"], #"did you mean "Side project"?"#),
        (["start", "Runn"], #"did you mean "Running"?"#),
        (["history", "nothing-like-it"], #"nothing named "nothing-like-it""#),
    ])
    func namesThatNameNothingSaySo(args: [String], message: String) {
        let dir = demo()
        let r = haru(args + Self.now, ledger: dir.ledgerPath)
        #expect(r.code == 2, "\(args): \(r)")
        #expect(r.err.contains(message), "\(args): \(r.err)")
    }

    @Test func anAmbiguousStartOfAnIDAsksForMore() {
        let dir = TempDir()
        let p = dir.ledgerPath
        let now = ["--now", "2026-03-01T09:00:00+09:00"]
        #expect(haru(["init", "--time-zone", "Asia/Seoul"] + now, ledger: p).code == 0)
        #expect(haru(["action", "add", "Tea", "--tracking", "count", "--id", "drink-tea"] + now, ledger: p).code == 0)
        #expect(haru(["action", "add", "Water", "--tracking", "count", "--id", "drink-water"] + now, ledger: p).code == 0)
        let both = haru(["count", "drink"] + now, ledger: p)
        #expect(both.code == 2 && both.err.contains("is the start of more than one action id (drink-tea, drink-water)"), "\(both.err)")
        let one = haru(["count", "drink-w"] + now, ledger: p)
        #expect(one.code == 0, "\(one.err)")
        #expect(haru(["day", "--json"] + now, ledger: p).out.contains(#""action_id":"drink-water","name":"Water","seconds":0,"count":1"#))
    }
}

/// `@1` is the most recent record by start, whatever its age, and a typo of
/// a command gets a suggestion as a typo of a name does.
struct RecentAndTypos {
    @Test func atOneIsTheLatestStartEvenBehindASessionRunningForDays() {
        let dir = TempDir()
        let p = dir.ledgerPath
        #expect(haru(["init", "--time-zone", "Europe/Berlin", "--now", "2026-10-20T09:00:00+02:00"], ledger: p).code == 0)
        #expect(haru(["action", "add", "Reading", "--tracking", "time", "--now", "2026-10-20T09:00:00+02:00"], ledger: p).code == 0)
        #expect(haru(["action", "add", "Water", "--tracking", "count", "--now", "2026-10-20T09:00:00+02:00"], ledger: p).code == 0)
        #expect(haru(["start", "Reading", "--now", "2026-10-28T20:00:00+01:00"], ledger: p).code == 0)
        #expect(haru(["count", "Water", "--now", "2026-10-30T10:00:00+01:00"], ledger: p).code == 0)
        // Two and a half days later: the count is more than two days old, the session reaches into every window.
        let r = haru(["history", "@1", "--now", "2026-11-01T22:00:00+01:00"], ledger: p)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("count Water"), "\(r.out)")
        let second = haru(["history", "@2", "--now", "2026-11-01T22:00:00+01:00"], ledger: p)
        #expect(second.out.hasPrefix("session Reading"), "\(second.out)")
    }

    @Test(arguments: [("strat", "start"), ("reprot", "report"), ("prgoress", "progress"), ("stat", "start")])
    func aMistypedCommandGetsTheNearestOne(typed: String, meant: String) {
        let r = haru([typed])
        #expect(r.code == 2)
        #expect(r.err.contains("unknown command '\(typed)'; did you mean '\(meant)'?"), "\(r.err)")
    }
}
