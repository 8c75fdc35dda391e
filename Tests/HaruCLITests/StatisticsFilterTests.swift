import Foundation
import TestSupport
import Testing

/// `haru report --action A --tag T --exclude A|T`: the app's statistics
/// filter (its rules are pinned by Fixtures/days/report-filter.jsonl; this
/// is the command line around them).
struct StatisticsFilterTests {
    let now = ["--now", "2026-03-04T12:00:00+09:00"]
    let range = ["--from", "2026-03-01", "--to", "2026-03-04"]

    /// The fixture's history in a ledger of its own, plus an action and a tag that share a name.
    func ledger() -> TempDir {
        let dir = TempDir()
        let p = dir.ledgerPath
        let events = (try? String(contentsOfFile: packageRoot + "/Fixtures/days/report-filter.jsonl", encoding: .utf8)) ?? ""
        let lines = events.split(separator: "\n").filter { $0.hasPrefix(#"{"type""#) }.joined(separator: "\n")
        #expect(haru(["init", "--time-zone", "Asia/Seoul", "--now", "2026-03-01T00:00:00+09:00"], ledger: p).code == 0)
        #expect(haru(["append"], ledger: p, stdin: lines).code == 0)
        #expect(haru(["tag", "add", "Run"] + now, ledger: p).code == 0)
        return dir
    }

    @Test func theFilterIsNamedInTheTableAndTheJSONAndThePage() throws {
        let dir = ledger()
        let p = dir.ledgerPath
        let text = haru(["report"] + range + ["--tag", "Study", "--exclude", "Reading"] + now, ledger: p)
        #expect(text.code == 0, "\(text.err)")
        #expect(text.out.hasPrefix("filter: only #Study · without Reading\n"), "\(text.out)")
        #expect(text.out.contains("Code") && !text.out.contains("Reading ") && !text.out.contains("Water"), "\(text.out)")
        let json = haru(["report"] + range + ["--action", "Water", "--json"] + now, ledger: p).out
        #expect(json.contains(#""filter":{"only_actions":["water"],"only_tags":[],"exclude_actions":[],"exclude_tags":[]}"#), "\(json)")
        #expect(!haru(["report"] + range + ["--json"] + now, ledger: p).out.contains(#""filter""#), "no filter, no key")
        let file = dir.path + "/r.html"
        #expect(haru(["report"] + range + ["--exclude", "tag:Work", "--html", file] + now, ledger: p).code == 0)
        let page = try String(contentsOfFile: file, encoding: .utf8)
        #expect(page.contains("Charts filtered: without #Work. Goals are judged on every action."), "\(page.prefix(800))")
        #expect(!page.contains(">Code<"), "Code carries work: out of the charts")
    }

    @Test(arguments: [
        (["--exclude", "Run"], #"--exclude: "Run" names an action and a tag; write action:Run or tag:Run"#),
        (["--exclude", "Nothing"], #"--exclude: no action or tag is named "Nothing"; (`haru actions`"#),
        (["--exclude", "Readng"], #"--exclude: no action or tag is named "Readng"; did you mean "Reading"?"#),
        (["--action", "Nothing"], #"no action named "Nothing""#),
        (["--tag", "Nothing"], #"no tag named "Nothing""#),
    ])
    func aNameThatIsNotOneOrIsTwoIsRefused(_ args: [String], _ message: String) {
        let dir = ledger()
        let r = haru(["report"] + range + args + now, ledger: dir.ledgerPath)
        #expect(r.code == 2, "\(r.out)")
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test func aPrefixSaysWhichOfTwoOfOneName() {
        let dir = ledger()
        let p = dir.ledgerPath
        let asAction = haru(["report"] + range + ["--exclude", "action:Run", "--by", "tag", "--json"] + now, ledger: p).out
        #expect(asAction.contains(#""exclude_actions":["run"]"#), "\(asAction)")
        let asTag = haru(["report"] + range + ["--exclude", "tag:Run", "--json"] + now, ledger: p).out
        #expect(asTag.contains(#""exclude_tags":["#), "\(asTag)")
        #expect(asTag.contains(#""name":"Run""#), "the tag Run has no actions: Run still counts")
    }
}
