import Foundation
import TestSupport
import Testing

/// `haru diary` and `haru todo` as a person uses them at a terminal: a week
/// of pages and to-dos in Korean, what a rewrite, an undo, a deletion and a
/// restoration do to a page, where its text stays private, and what a
/// mistyped call says (exit 2, nothing written).
struct DiaryCommandTests {
    /// Seoul, days from 05:00; 독서 (time) and 물 (count); a goal of reading daily.
    func ledger(_ dir: TempDir) -> String {
        let p = dir.ledgerPath
        let setup = "2026-03-01T06:00:00+09:00"
        for args in [
            ["init", "--time-zone", "Asia/Seoul", "--day-start", "05:00", "--now", setup],
            ["action", "add", "독서", "--tracking", "time", "--id", "read", "--now", setup],
            ["action", "add", "물", "--tracking", "count", "--id", "water", "--now", setup],
            ["goal", "add", "매일 읽기", "--start", "2026-03-01", "--id", "g", "--now", setup],
            ["quest", "add", "--goal", "g", "--action", "독서", "--period", "daily", "--target", "30m", "--id", "q", "--now", setup],
        ] {
            let r = haru(args, ledger: p)
            #expect(r.code == 0, "\(args): \(r.err)")
        }
        return p
    }

    func run(_ p: String, _ args: [String], now: String) -> CLIResult {
        let r = haru(args + ["--now", now], ledger: p)
        #expect(r.code == 0, "\(args): \(r.err)")
        return r
    }

    /// Seven days: each morning two to-dos, reading in the evening, a page
    /// written at night (mood, text in Korean); one to-do left undone every
    /// other day. Each day's page shows exactly that day's.
    @Test func aWeekOfPagesAndToDosInKorean() throws {
        let dir = TempDir()
        let p = ledger(dir)
        let moods = ["😊", "🙂", "😐", "😢", "😊", "😴", "🥳"]
        for k in 0..<7 {
            let day = String(format: "2026-03-%02d", 2 + k)
            run(p, ["todo", "add", "장보기 \(k + 1)"], now: "\(day)T08:00:00+09:00")
            run(p, ["todo", "add", "엄마께 전화"], now: "\(day)T08:01:00+09:00")
            run(p, ["todo", "done", "1"], now: "\(day)T12:00:00+09:00")
            if k % 2 == 0 { run(p, ["todo", "done", "2"], now: "\(day)T13:00:00+09:00") }
            run(p, ["start", "독서"], now: "\(day)T20:00:00+09:00")
            run(p, ["stop", "독서"], now: "\(day)T20:45:00+09:00")
            run(p, ["count", "물", "2"], now: "\(day)T21:00:00+09:00")
            run(p, ["diary", "write", "--mood", moods[k]], now: "\(day)T22:00:00+09:00")
            run(p, ["diary", "write", "--text", "오늘은 \(k + 1)일째.\n책을 읽었다."], now: "\(day)T22:05:00+09:00")
        }
        let r = haru(["diary", "2026-03-04", "--now", "2026-03-09T09:00:00+09:00"], ledger: p)
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "2026-03-04 Wed  😐")
        #expect(lines[1] == "  오늘은 3일째.")
        #expect(lines[2] == "  책을 읽었다.")
        #expect(lines.contains("summary  45m 00s · ×2 · 2 records · to-dos 2/2"))
        #expect(lines.contains { $0.hasPrefix("  매일 읽기  day ") })
        #expect(lines.contains { $0.hasPrefix("  1. [x] 장보기 3  [") })
        #expect(lines.contains { $0.hasPrefix("  2. [x] 엄마께 전화  [") })
        #expect(lines.contains { $0.hasPrefix("20:00 │ █ 독서 20:00–20:45") })
        #expect(lines.contains { $0.hasPrefix("  독서  ") && $0.hasSuffix("45m 00s") })
        // An odd day left the call undone.
        let odd = haru(["diary", "2026-03-05", "--json", "--now", "2026-03-09T09:00:00+09:00"], ledger: p)
        #expect(odd.out.contains(#""todos":2,"todos_done":1"#), "\(odd.out)")
        #expect(odd.out.contains(#""text":"엄마께 전화","done":false"#), "\(odd.out)")
        #expect(odd.out.contains(#""mood":"😢""#))
        // A day with nothing written says so, and still has its figures.
        let empty = haru(["diary", "2026-03-01", "--now", "2026-03-09T09:00:00+09:00"], ledger: p)
        #expect(empty.out.hasPrefix("2026-03-01 Sun\n  (nothing written)\n\nsummary  0 records\n"), "\(empty.out)")
    }

    /// `diary write` keeps what it is not told to change; `undo` writes the
    /// page back as it was; delete and `restore DATE` take it away and back.
    @Test func aPageRewrittenUndoneDeletedAndRestored() throws {
        let dir = TempDir()
        let p = ledger(dir)
        let now = "2026-03-02T22:00:00+09:00"
        run(p, ["diary", "write", "--mood", "😊", "--text", "첫 문장"], now: now)
        run(p, ["diary", "write", "--hide-action", "물"], now: now)
        func page() -> String { haru(["diary", "today", "--json", "--now", now], ledger: p).out }
        #expect(
            page().contains(
                #""page":{"mood":"😊","mood_photo":null,"text":"첫 문장","attachments":[],"hidden_action_ids":["water"],"hidden_goal_ids":[],"calendar_event_ids":[]}"#
            ),
            "\(page())")
        run(p, ["diary", "write", "--mood", "none", "--show-action", "물"], now: now)
        #expect(
            page().contains(
                #""page":{"mood":null,"mood_photo":null,"text":"첫 문장","attachments":[],"hidden_action_ids":[],"hidden_goal_ids":[],"calendar_event_ids":[]}"#
            ),
            "\(page())")
        let undo = run(p, ["undo"], now: now)
        #expect(undo.out.contains("with diary.written"), "\(undo.out)")
        #expect(page().contains(#""mood":"😊","mood_photo":null,"text":"첫 문장","attachments":[],"hidden_action_ids":["water"]"#), "\(page())")
        let del = run(p, ["diary", "delete", "today"], now: now)
        #expect(del.out.hasPrefix("Deleted the diary page of 2026-03-02 (`haru restore 2026-03-02` brings it back)."))
        #expect(page().contains(#""page":null"#))
        run(p, ["restore", "2026-03-02"], now: now)
        #expect(page().contains(#""mood":"😊""#))
        // Calendar events the page puts in its timetable (the calendar's own identifiers).
        run(p, ["diary", "write", "--calendar-event", "7D5A3E1B-0F0C-4A6B:AB12", "--calendar-event", "x/y z"], now: now)
        #expect(page().contains(#""calendar_event_ids":["7D5A3E1B-0F0C-4A6B:AB12","x/y z"]"#), "\(page())")
        #expect(haru(["diary", "today", "--now", now], ledger: p).out.contains("  calendar events  7D5A3E1B-0F0C-4A6B:AB12, x/y z\n"))
        run(p, ["diary", "write", "--no-calendar-event", "x/y z"], now: now)
        #expect(page().contains(#""calendar_event_ids":["7D5A3E1B-0F0C-4A6B:AB12"]"#), "\(page())")
        // History names what each writing changed, on one line each.
        let h = haru(["history", "2026-03-02", "--now", now], ledger: p)
        #expect(h.out.hasPrefix("diary page 2026-03-02: "), "the day is its id: said once")
        #expect(h.out.contains(#"diary.written       mood 😊, text "첫 문장""#), "\(h.out)")
        #expect(h.out.contains("diary.written       hidden action ids [물]\n"), "\(h.out)")
        #expect(h.out.contains("diary.written       mood 😊 removed, hidden action ids [물] removed\n"), "\(h.out)")
        // The first writing undone takes the page away.
        let other = TempDir()
        let fresh = ledger(other)
        run(fresh, ["diary", "write", "--mood", "😊"], now: now)
        run(fresh, ["undo"], now: now)
        #expect(haru(["diary", "today", "--json", "--now", now], ledger: fresh).out.contains(#""page":null"#))
    }

    /// To-dos by number on a day's list or by a start of their id; moved to
    /// another day; in the order people set.
    @Test func toDosByNumberOrIdMovedAndOrdered() throws {
        let dir = TempDir()
        let p = ledger(dir)
        let now = "2026-03-02T09:00:00+09:00"
        run(p, ["todo", "add", "B", "--order", "2", "--id", "todo-b"], now: now)
        run(p, ["todo", "add", "A", "--order", "1", "--id", "todo-a"], now: now)
        run(p, ["todo", "add", "C", "--id", "todo-c"], now: now)
        func list(_ day: String) -> String {
            haru(["diary", day, "--now", now], ledger: p).out.split(separator: "\n").filter { $0.contains(". [") }.joined(separator: "|")
        }
        #expect(list("today") == "  1. [ ] A  [todo-a]|  2. [ ] B  [todo-b]|  3. [ ] C  [todo-c]")
        run(p, ["todo", "done", "todo-c"], now: now)
        run(p, ["todo", "edit", "1", "--text", "A!", "--move", "tomorrow"], now: now)
        #expect(list("today") == "  1. [ ] B  [todo-b]|  2. [x] C  [todo-c]")
        #expect(list("2026-03-03") == "  1. [ ] A!  [todo-a]")
        run(p, ["todo", "undo", "2"], now: now)
        run(p, ["todo", "delete", "todo-b"], now: now)
        #expect(list("today") == "  1. [ ] C  [todo-c]")
        run(p, ["restore", "todo-b"], now: now)
        #expect(list("today") == "  1. [ ] B  [todo-b]|  2. [ ] C  [todo-c]")
    }

    /// A page's and a to-do's text are private, like notes: `log` shows their
    /// length without `--notes`, and `redact` removes them.
    @Test func diaryTextIsPrivateAndRedactable() throws {
        let dir = TempDir()
        let p = ledger(dir)
        let now = "2026-03-02T22:00:00+09:00"
        run(p, ["diary", "write", "--text", "비밀 이야기"], now: now)
        run(p, ["todo", "add", "비밀 할 일"], now: now)
        let log = haru(["log", "--json"], ledger: p).out
        #expect(!log.contains("비밀"))
        #expect(log.contains(#""text_chars":6"#), "\(log)")
        #expect(haru(["log", "--json", "--notes"], ledger: p).out.contains("비밀 이야기"))
        let line = try #require(haru(["log", "--json"], ledger: p).out.split(separator: "\n").first { $0.contains("diary.written") })
        let found = try #require(line.range(of: #""seq":\d+"#, options: .regularExpression))
        let s = String(line[found].dropFirst(6))
        let red = haru(["redact", s, "--reason", "private"], ledger: p)
        #expect(red.code == 0, "\(red.err)")
        #expect(haru(["diary", "today", "--json", "--now", now], ledger: p).out.contains(#""text":"[redacted: seq \#(s)]""#))
        #expect(haru(["verify"], ledger: p).code == 0)
    }

    /// Each mistake: exit 2, a message naming what to give, nothing written.
    @Test func mistakesSayWhatToGiveAndWriteNothing() throws {
        let dir = TempDir()
        let p = ledger(dir)
        let now = "2026-03-02T09:00:00+09:00"
        run(p, ["todo", "add", "Only one"], now: now)
        run(p, ["todo", "done", "1"], now: now)
        let head = haru(["log", "--json"], ledger: p).out
        for (args, message) in [
            (["diary", "write"], "nothing to write: give --mood, --text, --attach, --hide-action or --hide-goal"),
            (
                ["diary", "write", "--mood", "none"],
                "that leaves the page of 2026-03-02 empty; `haru diary delete 2026-03-02` takes a page away"
            ),
            (["diary", "write", "--hide-action", "Nope"], #"no action named "Nope""#),
            (["diary", "delete", "today"], "2026-03-02 has no diary page (`haru diary 2026-03-02` shows the day)"),
            (["diary", "2026-02-30"], #"DATE: "2026-02-30" is not a day"#),
            (["todo", "add"], "missing TEXT"),
            (["todo", "add", " "], "text: must not be empty"),
            (["todo", "done", "1"], #"to-do "#),
            (["todo", "done", "2"], "2026-03-02 has 1 to-do: give 1 to 1, or an id"),
            (["todo", "done", "1", "--date", "tomorrow"], "2026-03-03 has no to-dos (`haru todo add TEXT --date 2026-03-03` adds one)"),
            (["todo", "undo", "nosuch"], #"no to-do "nosuch": give its number on 2026-03-02's list"#),
            (["todo", "edit", "1"], "nothing to change: give --text, --order or --move"),
            (["todo", "add", "x", "--date", "someday"], #"--date: "someday" is not a day"#),
        ] {
            let r = haru(args + ["--now", now], ledger: p)
            #expect(r.code == 2, "\(args): \(r.code) \(r.out)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
        }
        #expect(haru(["log", "--json"], ledger: p).out == head, "nothing was written")
        // The same rules by JSON Lines, each naming its line and field.
        for (line, message) in [
            (
                #"{"type":"diary.written","at":"2026-03-02T10:00:00Z","data":{"date":"2026-03-02"}}"#,
                "line 1: data: diary.written must write a mood"
            ),
            (
                #"{"type":"diary.written","at":"2026-03-02T10:00:00Z","data":{"date":"2026-03-02","hidden_goal_ids":["zz"]}}"#,
                #"line 1: data.hidden_goal_ids: no goal with id "zz""#
            ),
            (#"{"type":"diary.written","at":"2026-03-02T10:00:00Z","data":{"date":"2026-3-2","mood":"x"}}"#, "line 1: data.date:"),
            (#"{"type":"todo.added","at":"2026-03-02T10:00:00Z","data":{"todo_id":"t","text":"x"}}"#, "line 1: data.date: is required"),
            (
                #"{"type":"todo.undone","at":"2026-03-02T10:00:00Z","data":{"todo_id":"zz"}}"#,
                #"line 1: data.todo_id: no to-do with id "zz""#
            ),
            (#"{"type":"todo.done","at":"2026-03-02T10:00:00Z","data":{"todo_id":"x","done":true}}"#, "line 1: data.done:"),
            (
                #"{"type":"diary.written","at":"2026-03-02T10:00:00Z","data":{"date":"2026-03-02","calendar_event_ids":["a","a"]}}"#,
                #"line 1: data.calendar_event_ids: lists "a" twice"#
            ),
            (
                #"{"type":"diary.written","at":"2026-03-02T10:00:00Z","data":{"date":"2026-03-02","calendar_event_ids":[""]}}"#,
                "line 1: data.calendar_event_ids: must hold ids of 1 to 255 characters"
            ),
        ] {
            let r = haru(["append", "-"], ledger: p, stdin: line)
            #expect(r.code == 2, "\(line)")
            #expect(r.err.contains(message), "\(line): \(r.err)")
        }
        #expect(haru(["log", "--json"], ledger: p).out == head, "nothing was written")
    }
}
