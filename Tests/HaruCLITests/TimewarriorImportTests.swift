import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruInterchange
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruViews

/// `haru import timew` on sample exports written from timewarrior's documented format.
struct TimewarriorImportTests {
    static let export = """
        [
        {"id":3,"start":"20260304T000000Z","end":"20260304T013000Z","tags":["Reading","study"],"annotation":"chapter 2"},
        {"id":2,"start":"20260303T230000Z","end":"20260303T233000Z","tags":["Exercise"]},
        {"id":1,"start":"20260304T020000Z","tags":["Reading"]}
        ]
        """
    let now = ["--now", "2026-03-04T12:00:00+09:00"]

    func ledger() -> TempDir {
        let dir = TempDir()
        _ = haru(["init", "--time-zone", "Asia/Seoul", "--day-start", "06:00"], ledger: dir.ledgerPath)
        return dir
    }

    @Test func intervalsBecomeSessionsActionsAndTagsAndASecondImportAddsNothing() throws {
        let dir = ledger()
        let p = dir.ledgerPath
        let r = haru(["import", "timew", "-"] + now, ledger: p, stdin: Self.export)
        #expect(r.code == 0, "\(r.err)")
        // An action per set of tags, each carrying its set: "Reading, study", "Exercise", "Reading".
        #expect(r.out.hasPrefix("Imported 9 events from timewarrior: 3 actions, 3 tags, 3 sessions (1 running); head seq"), "\(r.out)")
        let day = haru(["day", "2026-03-04", "--json"] + now, ledger: p).out
        #expect(day.contains(#""name":"Reading, study","seconds":5400"#), "1h30 recorded: \(day)")
        #expect(day.contains(#""name":"Reading","seconds":3600"#), "1h running: \(day)")
        #expect(day.contains(#""name":"Exercise","seconds":1800"#))
        #expect(day.contains(#""tag_id":"tw-tag-"#) && day.contains(#""name":"study""#), "every tag of a set is a tag")
        #expect(day.contains(#""name":"Reading","seconds":9000"#), "the tag Reading: both actions, as timewarrior counts it: \(day)")
        #expect(haru(["records", "2026-03-04"] + now, ledger: p).out.contains(#""chapter 2""#), "the annotation is the note")
        #expect(haru(["running"] + now, ledger: p).out.hasPrefix("Reading"))
        let again = haru(["import", "timew", "-"] + now, ledger: p, stdin: Self.export)
        #expect(
            again.out.hasPrefix("Imported 0 events from timewarrior; 3 intervals already imported as they are; head seq"), "\(again.out)")
        // A newer export: the open interval closed, one annotation changed.
        let newer = Self.export
            .replacingOccurrences(
                of: #"{"id":1,"start":"20260304T020000Z","tags":["Reading"]}"#,
                with: #"{"id":1,"start":"20260304T020000Z","end":"20260304T023000Z","tags":["Reading"]}"#
            )
            .replacingOccurrences(of: "chapter 2", with: "chapter 3")
        let later = haru(["import", "timew", "-"] + now, ledger: p, stdin: newer)
        #expect(
            later.out.hasPrefix(
                "Imported 2 events from timewarrior: 1 session stopped, 1 session edited; 1 interval already imported as it is;"),
            "a stop and an edit: \(later.out)")
        #expect(haru(["running"] + now, ledger: p).out.hasPrefix("Nothing is running."))
        #expect(haru(["records", "2026-03-04"] + now, ledger: p).out.contains(#""chapter 3""#))
        #expect(haru(["verify"], ledger: p).code == 0)
    }

    /// `--dry-run` shows what an import would do — here, an export older than
    /// the one imported, which would delete a session and reopen another —
    /// and writes nothing; the import then does just that.
    @Test func aDryRunShowsWhatAnOlderExportWouldTakeBack() throws {
        let dir = ledger()
        let p = dir.ledgerPath
        #expect(haru(["import", "timew", "-"] + now, ledger: p, stdin: Self.export).code == 0)
        let older = """
            [
            {"id":2,"start":"20260304T000000Z","end":"20260304T013000Z","tags":["Reading","study"],"annotation":"chapter 2"},
            {"id":1,"start":"20260303T230000Z","tags":["Exercise"]}
            ]
            """
        let log = haru(["log", "--json"], ledger: p).out
        let dry = haru(["import", "timew", "-", "--dry-run"] + now, ledger: p, stdin: older)
        #expect(dry.code == 0 && dry.out.hasPrefix("Would import ") && dry.out.contains("deleted"), "\(dry.out)")
        #expect(dry.out.contains("1 interval already imported as it is"), "\(dry.out)")
        #expect(dry.err.contains("Note: this import changes what the ledger holds"), "\(dry.err)")
        #expect(dry.err.contains("Note (if imported): "), "the importer's notes, said of what is not done yet: \(dry.err)")
        #expect(haru(["log", "--json"], ledger: p).out == log, "nothing written")
        let real = haru(["import", "timew", "-"] + now, ledger: p, stdin: older)
        let planned = (dry.out.split(separator: ";").first.map(String.init) ?? "?").replacingOccurrences(
            of: "Would import", with: "Imported")
        #expect(real.out.hasPrefix(planned), "\(dry.out) / \(real.out)")
        // A bad interval is refused by the plan with the import's words.
        let bad = #"[{"id":1,"start":"20260304T020000Z","end":"20260304T010000Z","tags":["Reading"]}]"#
        let a = haru(["import", "timew", "-", "--dry-run"] + now, ledger: p, stdin: bad)
        let b = haru(["import", "timew", "-"] + now, ledger: p, stdin: bad)
        #expect(a.code == b.code && a.code != 0 && a.err == b.err, "\(a.err) / \(b.err)")
    }

    @Test func otherLayoutsMapAnnotationsAndUntagged() {
        let dir = ledger()
        let p = dir.ledgerPath
        let mapFile = dir.path + "/map.json"
        FileManager.default.createFile(atPath: mapFile, contents: Data(#"{"study": "Reading"}"#.utf8))
        let text =
            #"[{"id":1,"start":"20260304T000000Z","end":"20260304T010000Z","tags":["home","study"]},{"id":2,"start":"20260304T020000Z","end":"20260304T030000Z"}]"#
        let refused = haru(["import", "timew", "-", "--map", mapFile] + now, ledger: p, stdin: text)
        #expect(refused.code == 2)
        #expect(
            refused.err.contains("interval 2: 1 interval has no tag to name an action; give --untagged ACTION for them"), "\(refused.err)")
        let ok = haru(["import", "timew", "-", "--map", mapFile, "--untagged", "Misc"] + now, ledger: p, stdin: text)
        #expect(ok.code == 0, "\(ok.err)")
        let actions = haru(["actions"] + now, ledger: p).out
        #expect(actions.contains("Reading") && actions.contains("Misc") && !actions.contains("home\n"), "\(actions)")
        let byNote = ledger()
        let annotated = #"[{"id":1,"start":"20260304T000000Z","end":"20260304T010000Z","tags":["x"],"annotation":"Piano"}]"#
        #expect(haru(["import", "timew", "-", "--action-from", "annotation"] + now, ledger: byNote.ledgerPath, stdin: annotated).code == 0)
        #expect(haru(["actions"] + now, ledger: byNote.ledgerPath).out.contains("Piano"))
    }

    @Test(arguments: [
        ("[{\"id\":1,\"start\":\"20260304T000000Z\"", "not the JSON of `timew export`"),  // truncated
        ("{\"start\":\"20260304T000000Z\"}", "`timew export` writes a JSON array of intervals"),
        ("[{\"id\":1,\"tags\":[\"a\"]}]", "interval 1: start: must be a timewarrior time"),
        ("[{\"id\":1,\"start\":\"2026-03-04\",\"tags\":[\"a\"]}]", "interval 1: start: must be a timewarrior time"),
        (
            "[{\"id\":1,\"start\":\"20260304T010000Z\",\"end\":\"20260304T000000Z\",\"tags\":[\"a\"]}]",
            "interval 1: end: must be after start"
        ),
        ("[{\"id\":1,\"start\":\"20260304T000000Z\",\"tags\":\"a\"}]", "interval 1: tags: must be an array of strings"),
        ("[1]", "interval 1: must be an object"),
    ])
    func malformedExportsAreRefusedNamingTheIntervalAndNothingIsWritten(_ text: String, _ message: String) {
        let dir = ledger()
        let before = haru(["log", "--json"], ledger: dir.ledgerPath).out
        let r = haru(["import", "timew", "-"] + now, ledger: dir.ledgerPath, stdin: text)
        #expect(r.code == 2, "\(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
        #expect(r.err.contains("nothing was imported"))
        #expect(haru(["log", "--json"], ledger: dir.ledgerPath).out == before)
    }

    /// A ledger an earlier haru imported into, whose session ids were
    /// `timew-` and 12 hex digits of SHA-256("ACTION|START") (the digests
    /// below were computed apart, by Python's hashlib): importing the export
    /// again finds those sessions, and adds only what is new.
    @Test func aLedgerImportedWithTheEarlierLongIDsIsNotImportedTwice() {
        let dir = ledger()
        let p = dir.ledgerPath
        let earlier = [
            #"{"type":"action.created","at":"2026-03-02T23:00:00Z","data":{"action_id":"timew-0123456789ab","name":"Reading","tracking":"time"}}"#,
            #"{"type":"session.recorded","at":"2026-03-04T01:30:00Z","data":{"session_id":"timew-9271272618bd","action_id":"timew-0123456789ab","start":"2026-03-04T00:00:00Z","end":"2026-03-04T01:30:00Z","note":"chapter 2"}}"#,
            #"{"type":"session.started","at":"2026-03-04T02:00:00Z","data":{"session_id":"timew-36be7bf5c627","action_id":"timew-0123456789ab"}}"#,
        ].joined(separator: "\n")
        #expect(haru(["append", "-"] + now, ledger: p, stdin: earlier).code == 0)
        let r = haru(["import", "timew", "-"] + now, ledger: p, stdin: Self.export)
        #expect(r.code == 0, "\(r.err)")
        // Reading's running interval is found (its action and start), not imported twice; the earlier
        // import's action gets its set's tag; the ["Reading", "study"] interval, a set of its own now, moves
        // to its action (its old session deleted); Exercise is new.
        #expect(
            r.out.hasPrefix(
                "Imported 9 events from timewarrior: 2 actions, 3 tags, 2 sessions, 1 session deleted, 1 action edited; 1 interval already imported as it is;"
            ), "\(r.out)")
        #expect(
            r.err.contains(
                #"Note: 1 session imported before is not in this export and was deleted: "Reading" from 2026-03-04T09:00:00+09:00"#),
            "\(r.err)")
        #expect(haru(["import", "timew", "-"] + now, ledger: p, stdin: Self.export).out.hasPrefix("Imported 0 events"))
        let closed = Self.export.replacingOccurrences(
            of: #"{"id":1,"start":"20260304T020000Z","tags":["Reading"]}"#,
            with: #"{"id":1,"start":"20260304T020000Z","end":"20260304T023000Z","tags":["Reading"]}"#)
        let later = haru(["import", "timew", "-"] + now, ledger: p, stdin: closed)
        #expect(later.out.hasPrefix("Imported 1 event from"), "the running session stopped: \(later.out)")
        let log = haru(["log", "--json"], ledger: p).out
        #expect(log.contains(#""type":"session.stopped""#) && log.contains(#""session_id":"timew-36be7bf5c627""#), "\(log)")
        #expect(haru(["running"] + now, ledger: p).out.hasPrefix("Nothing is running."))
        #expect(haru(["verify"], ledger: p).code == 0)
    }

    /// Session ids: `tw-`, the start and the action's hash in digits whose
    /// order is ASCII's, so that sessions in order of start are in order of id.
    @Test func sessionIDsAreShortAndSortByStart() {
        let dir = ledger()
        let p = dir.ledgerPath
        #expect(haru(["import", "timew", "-"] + now, ledger: p, stdin: Self.export).code == 0)
        // (start, id) of each session: a recorded one carries its start, a started one starts at its `at`.
        let sessions = haru(["log", "--json"], ledger: p).out.split(separator: "\n").compactMap { line -> (String, String)? in
            guard let id = line.firstMatch(of: /"session_id":"([^"]+)"/)?.1,
                let start = (line.firstMatch(of: /"start":"([^"]+)"/) ?? line.firstMatch(of: /"at":"([^"]+)"/))?.1
            else { return nil }
            return (String(start), String(id))
        }
        #expect(sessions.count == 3)
        for (_, id) in sessions { #expect(id.hasPrefix("tw-") && id.utf8.count == 15 && EntityID.isValid(id), "\(id)") }
        #expect(
            sessions.sorted { $0.0 < $1.0 }.map(\.1) == sessions.map(\.1).sorted(),
            "written 00:00, 23:00 the day before, 02:00: \(sessions)")
    }

    /// The id's start digits over the whole range of a ledger's instants:
    /// valid ids, in the order of their starts, one second apart included.
    @Test(arguments: [
        (Instant.ledgerRange.lowerBound, Instant.ledgerRange.lowerBound + 1),
        (-1, 0),  // 1969-12-31T23:59:59Z and the epoch
        (951_782_399, 951_782_400),  // 2000-02-28T23:59:59Z and the leap day
        (Instant.ledgerRange.upperBound - 1, Instant.ledgerRange.upperBound),
    ])
    func sessionIDsKeepTheOrderOfStartsAcrossTheLedgersRange(_ a: Int64, _ b: Int64) {
        let action = TimewarriorImport.Action(name: "Reading", id: "tw-x")
        let (x, y) = (
            TimewarriorImport.sessionID(action, start: Instant(seconds: a)), TimewarriorImport.sessionID(action, start: Instant(seconds: b))
        )
        #expect(EntityID.isValid(x) && EntityID.isValid(y) && x.utf8.count == 15, "\(x) \(y)")
        #expect(x < y, "\(x) \(y)")
        // Another action at the same start: another id.
        #expect(TimewarriorImport.sessionID(TimewarriorImport.Action(name: "Exercise", id: "tw-y"), start: Instant(seconds: a)) != x)
    }

    /// A refusal of the ledger's names the interval and the action as
    /// timewarrior's user knows them, not a JSON field or an id.
    @Test func aLedgerRuleBrokenByAnIntervalNamesTheIntervalAndTheAction() {
        let dir = ledger()
        let p = dir.ledgerPath
        #expect(haru(["action", "add", "Write", "--tracking", "time"] + now, ledger: p).code == 0)
        #expect(haru(["start", "Write", "--at", "08:00"] + now, ledger: p).code == 0)
        let before = haru(["log", "--json"], ledger: p).out
        let r = haru(["import", "timew", "-"] + now, ledger: p, stdin: #"[{"id":1,"start":"20260304T000000Z","tags":["Write"]}]"#)
        #expect(r.code == 2)
        #expect(
            r.err.hasPrefix(#"Error: interval 1: action "Write" is already running"#) && r.err.hasSuffix("; nothing was imported\n"),
            "\(r.err)")
        #expect(!r.err.contains("data.") && !r.err.contains("line "), "\(r.err)")
        #expect(haru(["log", "--json"], ledger: p).out == before)
    }

    /// An export is the truth between its first start and its last end;
    /// `--whole` makes it the truth everywhere.
    @Test func sessionsBeforeTheExportsFirstStartAreKeptUnlessTheExportIsWhole() {
        let dir = ledger()
        let p = dir.ledgerPath
        let all =
            #"[{"id":2,"start":"20260303T000000Z","end":"20260303T010000Z","tags":["a"]},{"id":1,"start":"20260304T000000Z","end":"20260304T010000Z","tags":["a"]}]"#
        let lastOnly = #"[{"id":1,"start":"20260304T000000Z","end":"20260304T010000Z","tags":["a"]}]"#
        #expect(haru(["import", "timew", "-"] + now, ledger: p, stdin: all).code == 0)
        let part = haru(["import", "timew", "-"] + now, ledger: p, stdin: lastOnly)
        #expect(part.out.hasPrefix("Imported 0 events from timewarrior; 1 interval already imported as it is;"), "\(part.out)")
        let whole = haru(["import", "timew", "-", "--whole"] + now, ledger: p, stdin: lastOnly)
        #expect(
            whole.out.hasPrefix("Imported 1 event from timewarrior: 1 session deleted; 1 interval already imported as it is;"),
            "\(whole.out)")
        #expect(
            whole.err.contains(
                #"Note: 1 session imported before is not in this export and was deleted: "a" from 2026-03-03T09:00:00+09:00"#),
            "\(whole.err)")
        #expect(haru(["verify"], ledger: p).code == 0)
    }

    /// What cannot be kept as timewarrior had it is said: a tag the map
    /// turns into an action name, an action of the user's that lacks its intervals' tags.
    @Test func whatCannotBeKeptIsNamedInTheSummary() {
        let dir = ledger()
        let p = dir.ledgerPath
        let mapFile = dir.path + "/map.json"
        FileManager.default.createFile(atPath: mapFile, contents: Data(#"{"rd": "Reading"}"#.utf8))
        #expect(haru(["action", "add", "Piano", "--tracking", "time"] + now, ledger: p).code == 0)
        let text =
            #"[{"id":2,"start":"20260303T000000Z","end":"20260303T010000Z","tags":["home","rd"]},{"id":1,"start":"20260304T000000Z","end":"20260304T010000Z","tags":["Piano"]}]"#
        let r = haru(["import", "timew", "-", "--map", mapFile] + now, ledger: p, stdin: text)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.err.contains(#"Note: the tag "rd" names the action "Reading" (--map) and is not kept as a tag"#), "\(r.err)")
        #expect(
            r.err.contains(
                #"Note: the action "Piano" was in the ledger before and does not get its intervals' tag "Piano": time by tag differs from timewarrior's there"#
            ),
            "\(r.err)")
        #expect(haru(["actions"] + now, ledger: p).out.contains("Reading (home)"))
    }

    /// A tag with a comma and a set of tags write the same text; composed and
    /// decomposed Unicode forms of a name are equal as Swift strings. Timewarrior
    /// keeps each apart (issue 44: they were merged into one action, the second
    /// silently): each set is its own action, named `… (2)`, time by action as
    /// timewarrior's, a note says so, and a second import adds nothing.
    @Test func tagSetsThatWriteTheSameNameAreKeptApart() {
        let dir = ledger()
        let p = dir.ledgerPath
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        let text = """
            [{"id":4,"start":"20260303T000000Z","end":"20260303T010000Z","tags":["Kunde","Meeting"]},
            {"id":3,"start":"20260303T020000Z","end":"20260303T023000Z","tags":["Kunde, Meeting"]},
            {"id":2,"start":"20260303T030000Z","end":"20260303T031000Z","tags":["\(composed)"]},
            {"id":1,"start":"20260303T040000Z","end":"20260303T042000Z","tags":["\(decomposed)"]}]
            """
        let r = haru(["import", "timew", "-"] + now, ledger: p, stdin: text)
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.err.contains(
                #"Note: the tags "Kunde, Meeting" make the name "Kunde, Meeting" that other tags have: their action is "Kunde, Meeting (2)""#
            ),
            "\(r.err)")
        #expect(r.err.contains("differ only in how their letters are encoded"), "\(r.err)")
        let report = haru(["report", "--from", "2026-03-03", "--to", "2026-03-03", "--json"] + now, ledger: p).out
        for (name, seconds) in [("Kunde, Meeting", 3600), ("Kunde, Meeting (2)", 1800), ("\(composed)", 600), ("\(composed) (2)", 1200)] {
            #expect(report.contains(#""name":"\#(name)","seconds":\#(seconds),"#), "\(name): \(report)")
        }
        let again = haru(["import", "timew", "-"] + now, ledger: p, stdin: text)
        #expect(again.code == 0 && again.out.hasPrefix("Imported 0 events"), "\(again.out) \(again.err)")
        #expect(haru(["verify"], ledger: p).code == 0)
    }

    @Test func aCountActionOfTheSameNameIsRefused() {
        let dir = ledger()
        #expect(haru(["action", "add", "Reading", "--tracking", "count"] + now, ledger: dir.ledgerPath).code == 0)
        let r = haru(["import", "timew", "-"] + now, ledger: dir.ledgerPath, stdin: Self.export)
        #expect(r.code == 2 && r.err.contains(#"action "Reading" tracks counts; a timewarrior interval is a timed session"#), "\(r.err)")
    }
}

/// The two readings of an export (streamed on a first import of a plain,
/// ordered export; read whole otherwise) give the same events.
struct TimewarriorStreamAndPlanAgree {
    let now = ["--now", "2026-03-06T12:00:00+09:00"]

    /// The events of a ledger as (id, type, at, data), in id order: what an import made, whatever its order.
    func events(_ path: String) -> [String] {
        haru(["log", "--json", "--notes"], ledger: path).out.split(separator: "\n").dropFirst().map { line in
            var s = String(line)
            // Where in the log an event sits (its seq, time of recording and chain links) differs by reading.
            for key in ["seq", "recorded", "prev", "hash"] {
                if let r = s.range(of: #",?"\#(key)":("[^"]*"|[0-9]+)"#, options: .regularExpression) { s.removeSubrange(r) }
            }
            return s
        }.sorted()
    }

    @Test func aStreamedImportEqualsTheWholeReadingOfTheSameIntervals() {
        // Plain and in order of start: streamed.
        let plain = """
            [
            {"id":4,"start":"20260303T000000Z","end":"20260303T010000Z","tags":["Reading","study"],"annotation":"ch 1"},
            {"id":3,"start":"20260303T020000Z","end":"20260303T023000Z","tags":["Exercise"]},
            {"id":2,"start":"20260304T000000Z","end":"20260304T013000Z","tags":["Reading","home"]},
            {"id":1,"start":"20260305T020000Z","tags":["Exercise","home"]}
            ]
            """
        // The same intervals, out of order and one annotation written with an escape: read whole.
        let other = [
            "[",
            #"{"id":1,"start":"20260305T020000Z","tags":["Exercise","home"]},"#,
            #"{"id":3,"start":"20260303T020000Z","end":"20260303T023000Z","tags":["Exercise"]},"#,
            #"{"id":4,"start":"20260303T000000Z","end":"20260303T010000Z","tags":["Reading","study"],"annotation":"ch\u00201"},"#,
            #"{"id":2,"start":"20260304T000000Z","end":"20260304T013000Z","tags":["Reading","home"]}"#,
            "]",
        ].joined(separator: "\n")
        var paths: [String] = []
        var dirs: [TempDir] = []
        for text in [plain, other] {
            let dir = TempDir()
            dirs.append(dir)
            _ = haru(["init", "--time-zone", "Asia/Seoul"], ledger: dir.ledgerPath)
            let r = haru(["import", "timew", "-"] + now, ledger: dir.ledgerPath, stdin: text)
            // An action per set of tags (4), a tag per tag (4), 3 recorded, 1 running.
            #expect(r.code == 0 && r.out.hasPrefix("Imported 12 events"), "\(r.out) \(r.err)")
            paths.append(dir.ledgerPath)
        }
        let (a, b) = (events(paths[0]), events(paths[1]))
        #expect(a.count == 12)
        #expect(a == b, "\(a)\n\(b)")
        // A second import of either into the other ledger adds nothing.
        #expect(haru(["import", "timew", "-"] + now, ledger: paths[0], stdin: other).out.hasPrefix("Imported 0 events"))
        #expect(haru(["import", "timew", "-"] + now, ledger: paths[1], stdin: plain).out.hasPrefix("Imported 0 events"))
        #expect(haru(["verify"], ledger: paths[0]).code == 0)
    }

    @Test func aStreamedImportRefusesAnUntaggedIntervalAndWritesNothing() {
        let dir = TempDir()
        _ = haru(["init", "--time-zone", "UTC"], ledger: dir.ledgerPath)
        let text =
            #"[{"id":2,"start":"20260303T000000Z","end":"20260303T010000Z","tags":["a"]},{"id":1,"start":"20260303T020000Z","end":"20260303T030000Z"}]"#
        let r = haru(["import", "timew", "-"] + now, ledger: dir.ledgerPath, stdin: text)
        #expect(r.code == 2 && r.err.contains("interval 2: 1 interval has no tag"), "\(r.err)")
        #expect(haru(["log", "--json"], ledger: dir.ledgerPath).out.split(separator: "\n").count == 1, "only the settings of init")
    }
}
