import TestSupport
import Testing

@_spi(Layers) import HaruModel

@testable import HaruCLI

/// Defects found in two weeks of real use at a terminal (Europe/Berlin, days
/// starting at 04:00), one test each.
struct RealUse {
    /// A ledger with Reading (time) and Guitar (time) on 2026-11-16.
    func berlin() -> TempDir {
        let dir = TempDir()
        let p = dir.ledgerPath
        let now = ["--now", "2026-11-16T05:00:00+01:00"]
        for args in [
            ["init", "--time-zone", "Europe/Berlin", "--day-start", "04:00"],
            ["action", "add", "Reading", "--tracking", "time", "--id", "read"],
            ["action", "add", "Guitar", "--tracking", "time", "--id", "guitar"],
        ] {
            let r = haru(args + now, ledger: p)
            precondition(r.code == 0, "\(args): \(r.err)")
        }
        return dir
    }

    /// Undo passes over what it cannot reverse (a discard) to the change
    /// before it, and says so; `undo --list` shows the way back first.
    @Test func undoPassesOverADiscardToTheEditBeforeIt() {
        let dir = berlin()
        let p = dir.ledgerPath
        #expect(haru(["start", "Reading", "--now", "2026-11-16T10:00:00+01:00"], ledger: p).code == 0)
        #expect(haru(["edit", "@1", "--note", "chapter 3", "--now", "2026-11-16T10:05:00+01:00"], ledger: p).code == 0)
        #expect(haru(["start", "Guitar", "--now", "2026-11-16T10:10:00+01:00"], ledger: p).code == 0)
        #expect(haru(["cancel", "Guitar", "--now", "2026-11-16T10:11:00+01:00"], ledger: p).code == 0)
        let list = haru(["undo", "--list", "--now", "2026-11-16T10:12:00+01:00"], ledger: p)
        let lines = list.out.split(separator: "\n")
        #expect(lines.count >= 3 && lines[0].contains("session.discarded") && lines[0].contains("passed over"), "\(list.out)")
        #expect(lines[1].contains("session.started") && lines[1].contains("passed over: seq"), "\(list.out)")
        #expect(lines[2].contains("session.edited") && lines[2].contains("→ undo with session.edited"), "\(list.out)")
        let undo = haru(["undo", "--now", "2026-11-16T10:12:00+01:00"], ledger: p)
        #expect(undo.code == 0, "\(undo.err)")
        #expect(undo.out.contains("(session.edited at 2026-11-16T10:05:00+01:00) with session.edited"), "\(undo.out)")
        #expect(undo.err.contains("passed over") && undo.err.contains("(session.discarded): a discard is not undone"), "\(undo.err)")
        let records = haru(["records", "--json", "--now", "2026-11-16T10:30:00+01:00"], ledger: p)
        #expect(records.out.contains(#""note":null"#), "the note's edit was taken back: \(records.out)")
    }

    /// `start`, `stop` and `count` take `--note`.
    @Test func notesWhenRecording() {
        let dir = berlin()
        let p = dir.ledgerPath
        #expect(haru(["action", "add", "Water", "--tracking", "count", "--now", "2026-11-16T05:00:00+01:00"], ledger: p).code == 0)
        #expect(haru(["start", "Reading", "--note", "chapter 3", "--now", "2026-11-16T10:00:00+01:00"], ledger: p).code == 0)
        #expect(haru(["records", "--now", "2026-11-16T10:30:00+01:00"], ledger: p).out.contains(#""chapter 3""#))
        #expect(haru(["stop", "--note", "chapters 3 and 4", "--now", "2026-11-16T11:00:00+01:00"], ledger: p).code == 0)
        #expect(haru(["count", "Water", "--note", "after the run", "--now", "2026-11-16T12:00:00+01:00"], ledger: p).code == 0)
        let out = haru(["records", "--now", "2026-11-16T13:00:00+01:00"], ledger: p).out
        #expect(out.contains(#""chapters 3 and 4""#) && out.contains(#""after the run""#), "\(out)")
        // A stop so short it is discarded keeps no note, and says so.
        #expect(haru(["start", "Guitar", "--now", "2026-11-16T14:00:00+01:00"], ledger: p).code == 0)
        let short = haru(["stop", "Guitar", "--note", "n", "--now", "2026-11-16T14:00:00+01:00"], ledger: p)
        #expect(short.out.contains("Discarded Guitar") && short.out.contains("The note was not kept."), "\(short.out)")
    }

    /// A clock time given to `edit` belongs to the record's own day; an end
    /// is the first such time after the start; a result longer than the
    /// long-session limit is refused without --yes, naming its length.
    @Test func editTimesBelongToTheRecordsOwnDay() {
        let dir = berlin()
        let p = dir.ledgerPath
        #expect(haru(["start", "Reading", "--now", "2026-11-16T07:30:00+01:00"], ledger: p).code == 0)
        #expect(haru(["stop", "--now", "2026-11-16T08:10:00+01:00"], ledger: p).code == 0)
        let later = ["--now", "2026-11-23T10:00:00+01:00"]
        let wrong = haru(["edit", "@1", "--end", "07:00"] + later, ledger: p)
        #expect(wrong.code == 2, "\(wrong.out)")
        #expect(wrong.err.contains("would be 23h 30m long, over the long-session limit of 12 h"), "\(wrong.err)")
        #expect(wrong.err.contains("07:00 is taken as the first 07:00 after the start: 2026-11-17T07:00:00+01:00"), "\(wrong.err)")
        #expect(haru(["edit", "@1", "--end", "08:20"] + later, ledger: p).code == 0)
        #expect(haru(["edit", "@1", "--start", "07:00"] + later, ledger: p).code == 0)
        let day = haru(["records", "2026-11-16", "--json"] + later, ledger: p).out
        #expect(day.contains(#""start":"2026-11-16T07:00:00+01:00","end":"2026-11-16T08:20:00+01:00""#), "\(day)")
        #expect(haru(["day", "2026-11-23", "--json"] + later, ledger: p).out.contains(#""actions":[]"#), "nothing lands on the day of the edit")
        // Late at night: an end after midnight is the next morning, within the same logical day (04:00 day start).
        #expect(haru(["start", "Guitar", "--now", "2026-11-17T23:30:00+01:00"], ledger: p).code == 0)
        #expect(haru(["stop", "Guitar", "--now", "2026-11-17T23:50:00+01:00"], ledger: p).code == 0)
        #expect(haru(["edit", "@1", "--end", "00:40"] + later, ledger: p).code == 0)
        #expect(haru(["day", "2026-11-17", "--json"] + later, ledger: p).out.contains(#""action_id":"guitar","name":"Guitar","seconds":4200"#))
    }

    /// Nothing longer than the long-session limit is written without a word:
    /// a forgotten timer's stop, a start typed a day too far back.
    @Test func longSessionsAreAskedAbout() {
        let dir = berlin()
        let p = dir.ledgerPath
        #expect(haru(["start", "Reading", "--now", "2026-11-16T20:00:00+01:00"], ledger: p).code == 0)
        let forgotten = haru(["stop", "--now", "2026-11-17T09:00:00+01:00"], ledger: p)
        #expect(forgotten.code == 2)
        #expect(forgotten.err.contains("Reading's session would be 13h 00m long, over the long-session limit of 12 h"), "\(forgotten.err)")
        #expect(forgotten.err.contains("`--at TIME` ends it when it really ended"), "\(forgotten.err)")
        #expect(haru(["running", "--now", "2026-11-17T09:00:00+01:00"], ledger: p).out.contains("Reading"), "nothing was written")
        #expect(haru(["stop", "--at", "22:30", "--now", "2026-11-17T09:00:00+01:00"], ledger: p).out.contains("after 2h 30m"))
        // At 01:20, before the 04:00 day start, "yesterday" is the logical day before the one that just ended.
        let back = haru(["start", "Guitar", "--at", "yesterday 21:00", "--now", "2026-11-18T01:20:00+01:00"], ledger: p)
        #expect(back.code == 2)
        #expect(back.err.contains("would be 28h 20m long") && back.err.contains("it would start 2026-11-16T21:00:00+01:00"), "\(back.err)")
        #expect(haru(["start", "Guitar", "--at", "21:00", "--now", "2026-11-18T01:20:00+01:00"], ledger: p).code == 0)
        #expect(haru(["stop", "Guitar", "--now", "2026-11-18T20:00:00+01:00", "--yes"], ledger: p).code == 0, "--yes writes it")
    }

    /// Messages speak the ledger's zone, as the person typed the times.
    @Test func messagesShowLocalTimes() {
        let dir = berlin()
        let p = dir.ledgerPath
        #expect(haru(["start", "Guitar", "--now", "2026-11-23T10:00:00+01:00"], ledger: p).code == 0)
        let stop = haru(["stop", "Guitar", "--at", "09:00", "--now", "2026-11-23T11:00:00+01:00"], ledger: p)
        #expect(stop.code == 2)
        #expect(stop.err.contains("--at 2026-11-23T09:00:00+01:00 is before Guitar started (2026-11-23T10:00:00+01:00)"), "\(stop.err)")
        #expect(!stop.err.contains("Z"), "\(stop.err)")
        #expect(haru(["stop", "Guitar", "--at", "10:30", "--now", "2026-11-23T11:00:00+01:00"], ledger: p).code == 0)
        let edit = haru(["edit", "@1", "--start", "11:00", "--now", "2026-11-23T11:05:00+01:00"], ledger: p)
        #expect(edit.code == 2)
        #expect(edit.err.contains("would end (2026-11-23T10:30:00+01:00) before it starts (2026-11-23T11:00:00+01:00)"), "\(edit.err)")
    }

    /// `explain` shows no period before the goal started (weeks from 26 Oct
    /// for a goal starting 16 Nov were listed as "not met").
    @Test func explainStartsWithTheGoal() {
        let dir = berlin()
        let p = dir.ledgerPath
        let now = ["--now", "2026-11-16T08:00:00+01:00"]
        #expect(haru(["goal", "add", "Read more", "--start", "2026-11-16", "--id", "g"] + now, ledger: p).code == 0)
        #expect(haru(["quest", "add", "--goal", "g", "--action", "Reading", "--period", "weekly", "--target", "2h", "--id", "q"] + now, ledger: p).code == 0)
        let weeks = haru(["explain", "q", "--now", "2026-11-25T08:00:00+01:00"], ledger: p).out.split(separator: "\n").dropFirst()
        #expect(weeks.map { String($0.prefix(10)) } == ["2026-11-16", "2026-11-23"], "\(weeks)")
        let json = haru(["explain", "q", "--json", "--now", "2026-11-25T08:00:00+01:00"], ledger: p).out
        #expect(!json.contains("2026-11-09") && !json.contains("2026-10-26"), "\(json)")
    }

    /// `records --as-of` shows the names in force then, as `actions` and `day` do.
    @Test func recordsAsOfShowTheNameThen() {
        let dir = berlin()
        let p = dir.ledgerPath
        #expect(haru(["start", "Reading", "--now", "2026-11-16T10:00:00+01:00"], ledger: p).code == 0)
        #expect(haru(["stop", "--now", "2026-11-16T11:00:00+01:00"], ledger: p).code == 0)
        #expect(haru(["action", "edit", "Reading", "--name", "Books", "--now", "2026-11-20T09:00:00+01:00"], ledger: p).code == 0)
        let then = haru(["records", "2026-11-16", "--as-of", "2026-11-17", "--now", "2026-11-21T09:00:00+01:00"], ledger: p).out
        #expect(then.contains("Reading") && !then.contains("Books"), "\(then)")
        let today = haru(["records", "2026-11-16", "--now", "2026-11-21T09:00:00+01:00"], ledger: p).out
        #expect(today.contains("Books"), "\(today)")
    }

    /// A copy by `export jsonl` → `import jsonl` answers every question of
    /// valid time and of `--known-at SEQ` as the original does (its own
    /// transaction times are when it learned the events, as its help says),
    /// and its summary counts stopped sessions as sessions, not running ones.
    @Test func aJSONLCopyAnswersTheSameAndCountsItsSessionsRight() throws {
        let dir = berlin()
        let p = dir.ledgerPath
        for (start, stop) in [("2026-11-16T10:00:00+01:00", "2026-11-16T11:00:00+01:00"), ("2026-11-17T10:00:00+01:00", "2026-11-17T10:45:00+01:00")] {
            #expect(haru(["start", "Reading", "--now", start], ledger: p).code == 0)
            #expect(haru(["stop", "--now", stop], ledger: p).code == 0)
        }
        #expect(haru(["edit", "@1", "--end", "10:30", "--now", "2026-11-18T09:00:00+01:00"], ledger: p).code == 0)
        let export = haru(["export", "jsonl"], ledger: p)
        let copy = dir.path + "/copy"
        let imported = haru(["import", "jsonl", "-", "--now", "2026-11-30T12:00:00+01:00"], ledger: copy, stdin: export.out)
        #expect(imported.code == 0, "\(imported.err)")
        #expect(imported.out.contains("2 sessions,") || imported.out.contains("2 sessions;"), "\(imported.out)")
        #expect(!imported.out.contains("running") && !imported.out.contains("stopped"), "\(imported.out)")
        let now = ["--now", "2026-11-30T12:00:00+01:00"]
        for q in [["report", "--from", "2026-11-16", "--to", "2026-11-18", "--json"], ["report", "--from", "2026-11-16", "--to", "2026-11-18", "--json", "--known-at", "7"]] {
            let a = haru(q + now, ledger: p).out, b = haru(q + now, ledger: copy).out
            func withoutHash(_ s: String) -> String { String(s.split(separator: ",").filter { !$0.contains("known_at_hash") }.joined(separator: ",")) }
            #expect(withoutHash(a) == withoutHash(b), "\(q): \(a) vs \(b)")
        }
        let known = haru(["report", "--from", "2026-11-16", "--to", "2026-11-18", "--known-at", "7"] + now, ledger: copy).out
        #expect(known.contains("1h 45m") || known.contains("1h 00m"), "the state at seq 7 (before the edit): \(known)")
    }

    /// The smaller things of the fortnight.
    @Test func theSmallerThings() {
        let dir = berlin()
        let p = dir.ledgerPath
        let now = ["--now", "2026-11-16T08:00:00+01:00"]
        // The output's --color before a subcommand that has a --color of its own.
        let tag = haru(["--color", "always", "tag", "add", "bar", "--color", "#112233"] + now, ledger: p)
        #expect(tag.code == 0, "\(tag.err)")
        #expect(haru(["tags", "--json"] + now, ledger: p).out.contains(##""color":"#112233""##))
        // A "no" at a prompt is the person's choice, not an error.
        #expect(haru(["start", "Reading", "--now", "2026-11-16T09:00:00+01:00"], ledger: p).code == 0)
        #expect(haru(["stop", "--now", "2026-11-16T10:00:00+01:00"], ledger: p).code == 0)
        let declined = haru(["action", "delete", "Reading"] + now, ledger: p) { $0.confirm = { _ in false } }
        #expect(declined.code == 0 && declined.err == "Nothing deleted.\n", "\(declined)")
        // A period across years says both years.
        let report = haru(["report", "--from", "2025-12-29", "--to", "2026-11-22", "--every", "month"] + now, ledger: p)
        #expect(report.out.contains("2026-11-01…11-22") && report.out.contains("2025-12-29…12-31"), "\(report.out)")
        let years = haru(["report", "--from", "2015-01-01", "--to", "2026-12-31", "--every", "month"] + now, ledger: p)
        #expect(!years.out.contains("2015-01-01…12-31") || years.out.contains("nothing recorded"), "\(years.out)")
        #expect(ReportText.label(LocalDate(year: 2015, month: 1, day: 1)!, LocalDate(year: 2016, month: 12, day: 31)!) == "2015-01-01…2016-12-31")
        #expect(ReportText.label(LocalDate(year: 2026, month: 3, day: 2)!, LocalDate(year: 2026, month: 3, day: 8)!) == "2026-03-02…03-08")
        // --version is in the help; the threshold's help says the rule.
        #expect(haru(["help"]).out.contains("--version"))
        #expect(haru(["help", "goal", "add"]).out.contains("the mean of its quests' ratios"))
        // An import of another tool's files into no ledger says why it needs one.
        #expect(haru(["export", "csv", dir.path + "/csv"] + now, ledger: p).code == 0)
        let csv = haru(["import", "csv", dir.path + "/csv"], ledger: dir.path + "/none")
        #expect(csv.code == 2 && csv.err.contains("carry no time zone or day start"), "\(csv.err)")
    }

    /// A new user's first mistakes each say what to type next.
    @Test func firstMistakesSayWhatToTypeNext() {
        let dir = TempDir()
        let p = dir.ledgerPath
        let now = ["--now", "2026-11-16T08:00:00+01:00"]
        #expect(haru(["start", "Reading"] + now, ledger: p).err.contains("create one with `haru init`"))
        #expect(haru(["init", "--time-zone", "Europe/Berlin"] + now, ledger: p).code == 0)
        #expect(haru(["strat", "Reading"] + now, ledger: p).err.contains("did you mean 'start'?"))
        #expect(haru(["start", "Reading"] + now, ledger: p).err.contains("`haru action add Reading --tracking time|count` makes it"))
        #expect(haru(["history", "@1"] + now, ledger: p).err.contains("`haru start ACTION` or `haru count ACTION` makes one"))
        #expect(haru(["quest", "add", "--goal", "Read more", "--action", "x", "--period", "daily", "--target", "1"] + now, ledger: p).err
            .contains("`haru goal add 'Read more' --start DATE` makes it"))
    }
}
