import Foundation
import TestSupport
import Testing

/// `haru prefs`: what a device keeps for itself (pinned, collapsed and watch
/// goals, memo-prompt actions) as events that name the device.
struct PrefsCommandTests {
    func ledger(_ dir: TempDir) -> String {
        let p = dir.ledgerPath
        let now = "2026-03-01T08:00:00Z"
        for args in [
            ["init", "--time-zone", "UTC", "--now", now], ["action", "add", "Reading", "--tracking", "time", "--id", "read", "--now", now],
            ["goal", "add", "Read more", "--start", "2026-03-01", "--id", "g1", "--now", now],
            ["goal", "add", "Walk", "--start", "2026-03-01", "--id", "g2", "--now", now],
        ] {
            #expect(haru(args, ledger: p).code == 0, "\(args)")
        }
        return p
    }

    @Test func aDeviceSetsItsListsAndReadsThemBack() throws {
        let dir = TempDir()
        let p = ledger(dir)
        let now = "2026-03-02T08:00:00Z"
        #expect(haru(["prefs", "--now", now], ledger: p).out == "This ledger has no device id yet: `haru prefs set …` makes one.\n")
        let set = haru(
            ["prefs", "set", "--pin", "Read more", "--pin", "Walk", "--watch", "Walk", "--memo", "Reading", "--now", now], ledger: p)
        #expect(set.code == 0, "\(set.err)")
        let shown = haru(["prefs", "--now", now], ledger: p).out.split(separator: "\n").map(String.init)
        #expect(shown.count == 5 && shown[0].hasPrefix("device "))
        #expect(
            Array(shown[1...]) == [
                "  pinned goals          Read more, Walk", "  collapsed goals       –", "  watch goals           Walk",
                "  memo-prompt actions   Reading",
            ])
        // The same device next time (its id is kept); a list not named stays.
        #expect(haru(["prefs", "set", "--unpin", "g1", "--collapse", "g2", "--now", now], ledger: p).code == 0)
        let json = haru(["prefs", "--json", "--now", now], ledger: p).out
        #expect(
            json.contains(#""pinned_goal_ids":["g2"],"collapsed_goal_ids":["g2"],"watch_goal_ids":["g2"],"memo_action_ids":["read"]"#),
            "\(json)")
        // Undone: the lists it changed are as they were.
        #expect(haru(["undo", "--now", now], ledger: p).code == 0)
        #expect(haru(["prefs", "--json", "--now", now], ledger: p).out.contains(#""pinned_goal_ids":["g1","g2"],"collapsed_goal_ids":[]"#))
        // Another device (a watch) keeps its own.
        #expect(haru(["prefs", "set", "--device", "watch", "--watch", "g1", "--now", now], ledger: p).code == 0)
        #expect(
            haru(["prefs", "--device", "watch", "--json", "--now", now], ledger: p).out.contains(
                #""pinned_goal_ids":[],"collapsed_goal_ids":[],"watch_goal_ids":["g1"]"#))
        #expect(haru(["prefs", "--json", "--now", now], ledger: p).out.contains(#""watch_goal_ids":["g2"]"#))
        // They travel with the history: an import holds the same device entries.
        let copy = dir.path + "/copy"
        #expect(haru(["import", "jsonl", "-"], ledger: copy, stdin: haru(["export", "jsonl"], ledger: p).out).code == 0)
        #expect(haru(["prefs", "--device", "watch", "--json", "--now", now], ledger: copy).out.contains(#""watch_goal_ids":["g1"]"#))
    }

    @Test func mistakesAreRefusedAndNothingIsWritten() throws {
        let dir = TempDir()
        let p = ledger(dir)
        let now = "2026-03-02T08:00:00Z"
        #expect(haru(["prefs", "set", "--pin", "g1", "--now", now], ledger: p).code == 0)
        let head = haru(["log", "--json"], ledger: p).out
        for (args, message) in [
            (["prefs", "set"], "nothing to change: give --pin, --collapse, --watch or --memo (or their opposites)"),
            (["prefs", "set", "--pin", "Nope"], #"no goal named "Nope""#),
            (["prefs", "set", "--memo", "g1"], #"no action named "g1""#),
            (["prefs", "set", "--device", "bad id!", "--pin", "g1"], "device_id: must be an id"),
        ] {
            let r = haru(args + ["--now", now], ledger: p)
            #expect(r.code == 2, "\(args)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
        }
        for (line, message) in [
            (
                #"{"type":"device.preferences.changed","at":"2026-03-02T10:00:00Z","data":{"device_id":"d"}}"#,
                "line 1: data: device.preferences.changed must change at least one preference"
            ),
            (
                #"{"type":"device.preferences.changed","at":"2026-03-02T10:00:00Z","data":{"device_id":"d","watch_goal_ids":["zz"]}}"#,
                #"line 1: data.watch_goal_ids: no goal with id "zz""#
            ),
            (
                #"{"type":"device.preferences.changed","at":"2026-03-02T10:00:00Z","data":{"device_id":"d","memo_action_ids":["read","read"]}}"#,
                "line 1: data.memo_action_ids: lists \"read\" twice"
            ),
        ] {
            let r = haru(["append", "-"], ledger: p, stdin: line)
            #expect(r.code == 2, "\(line)")
            #expect(r.err.contains(message), "\(r.err)")
        }
        #expect(haru(["log", "--json"], ledger: p).out == head)
    }
}
