import Foundation
import HaruLedger
import TestSupport
import Testing

@testable import HaruCLI

/// `haru import loop` on sample exports written from Loop Habit Tracker's documented CSV format.
struct LoopImportTests {
    static let habits = """
        Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
        1,Meditate,0,Did you meditate?,,1,1,#FF0000,,,,false
        2,Push-ups,1,How many?,,1,7,#00FF00,reps,at least,100,false
        3,Piano,0,,,3,10,,,,,true
        4,Coffee,1,Cups?,,1,1,,cups,at most,2,false

        """

    func export(_ files: [String: String]) -> TempDir {
        let dir = TempDir()
        for (path, text) in files {
            let full = dir.path + "/export/" + path
            try? FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        }
        return dir
    }

    static let sample: [String: String] = [
        "Habits.csv": habits,
        "001 Meditate/Checkmarks.csv": "Date,Value\n2026-03-02,YES_MANUAL\n2026-03-03,YES_AUTO\n2026-03-04,NO\n2026-03-05,YES_MANUAL\n",
        "002 Push-ups/Checkmarks.csv": "Date,Value,Notes\n2026-03-02,25000,morning\n2026-03-03,12500,\n2026-03-04,2,\n",
        "003 Piano/Checkmarks.csv": "Date,Value\n2026-03-02,YES_MANUAL\n",
        "004 Coffee/Checkmarks.csv": "Date,Value\n2026-03-02,3000\n",
    ]

    @Test func habitsBecomeCountActionsGoalsAndQuestsAndASecondImportAddsNothing() throws {
        let files = export(Self.sample)
        let ledger = files.path + "/ledger"
        #expect(haru(["init", "--time-zone", "UTC"], ledger: ledger).code == 0)
        // First as a plan: the same list, the same notes, nothing written.
        let log = haru(["log", "--json"], ledger: ledger).out
        let dry = haru(["import", "loop", files.path + "/export", "--dry-run"], ledger: ledger)
        #expect(
            dry.out.hasPrefix(
                "Would import 17 events from Loop: 4 actions, 6 counts, 3 goals, 3 quests, 1 action deleted; nothing written"),
            "\(dry.out)")
        #expect(!dry.err.contains("rounded"), "12.5 is kept: Push-ups counts in tenths (issue 44): \(dry.err)")
        #expect(haru(["log", "--json"], ledger: ledger).out == log)
        let r = haru(["import", "loop", files.path + "/export"], ledger: ledger)
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.out.hasPrefix("Imported 17 events from Loop: 4 actions, 6 counts, 3 goals, 3 quests, 1 action deleted; head seq"), "\(r.out)")
        #expect(!r.err.contains("rounded"), "\(r.err)")
        #expect(r.err.contains("Note: Piano: a frequency of 3/10 has no quest here"), "reported, not dropped")
        let now = ["--now", "2026-03-06T00:00:00Z"]
        let report = haru(["report", "--from", "2026-03-02", "--to", "2026-03-05", "--json"] + now, ledger: ledger).out
        #expect(report.contains(#""name":"Meditate","seconds":0,"count":2"#), "YES_MANUAL only: \(report)")
        #expect(
            report.contains(#""name":"Push-ups","seconds":0,"count":37.5"#), "25 + 12.5; 0.002 (printed YES_MANUAL's value) adds nothing")
        #expect(!report.contains("Piano"), "archived: a deleted action")
        let quests = haru(["quests", "--json"] + now, ledger: ledger).out
        let rows = quests.components(separatedBy: #"{"quest_id""#).dropFirst()
        func quest(_ goal: String) -> String { rows.first { $0.contains(#""goal":"\#(goal)""#) } ?? "" }
        #expect(
            quest("Meditate").contains(#""period":"daily","direction":"at_least""#) && quest("Meditate").contains(#""target_count":1,"#),
            "\(quests)")
        #expect(
            quest("Push-ups").contains(#""period":"weekly""#) && quest("Push-ups").contains(#""target_count":1000,"#), "100 reps in tenths")
        // A numeric habit's unit is its action's: its counts and targets are said in it.
        #expect(haru(["quests"] + now, ledger: ledger).out.contains("at least 100 reps"))
        #expect(haru(["day", "2026-03-02"] + now, ledger: ledger).out.contains("25 reps"))
        #expect(
            quest("Coffee").contains(#""direction":"at_most""#) && quest("Coffee").contains(#""target_count":2,"#),
            "an at-most target is a limit")
        let again = haru(["import", "loop", files.path + "/export"], ledger: ledger)
        #expect(again.out.contains("Imported 0 events"), "\(again.out)")
        #expect(haru(["verify"], ledger: ledger).code == 0)
    }

    /// Loop renumbers its habits when they are moved: a newer export with the
    /// habits in another order and one more check adds only that check.
    @Test func aNewerExportWithTheHabitsReorderedAddsOnlyWhatIsNew() throws {
        let files = export(Self.sample)
        let ledger = files.path + "/ledger"
        #expect(haru(["init", "--time-zone", "UTC"], ledger: ledger).code == 0)
        #expect(haru(["import", "loop", files.path + "/export"], ledger: ledger).code == 0)
        let reordered = export([
            "Habits.csv": """
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
            1,Coffee,1,Cups?,,1,1,,cups,at most,2,false
            2,Piano,0,,,3,10,,,,,true
            3,Push-ups,1,How many?,,1,7,#00FF00,reps,at least,100,false
            4,Meditate,0,Did you meditate?,,1,1,#FF0000,,,,false

            """,
            "001 Coffee/Checkmarks.csv": "Date,Value\n2026-03-02,3000\n",
            "002 Piano/Checkmarks.csv": "Date,Value\n2026-03-02,YES_MANUAL\n",
            "003 Push-ups/Checkmarks.csv": "Date,Value,Notes\n2026-03-02,25000,morning\n2026-03-03,12500,\n2026-03-04,2,\n",
            "004 Meditate/Checkmarks.csv":
                "Date,Value\n2026-03-02,YES_MANUAL\n2026-03-03,YES_AUTO\n2026-03-04,NO\n2026-03-05,YES_MANUAL\n2026-03-06,YES_MANUAL\n",
        ])
        let again = haru(["import", "loop", reordered.path + "/export"], ledger: ledger)
        #expect(again.code == 0, "\(again.err)")
        #expect(again.out.hasPrefix("Imported 1 event from Loop"), "the new check only: \(again.out)")
        let actions = haru(["actions", "--all", "--json"], ledger: ledger).out
        #expect(actions.components(separatedBy: #""action_id""#).count - 1 == 4, "no second action per habit: \(actions)")
        let report = haru(
            ["report", "--from", "2026-03-02", "--to", "2026-03-06", "--json", "--now", "2026-03-07T00:00:00Z"], ledger: ledger
        ).out
        #expect(report.contains(#""name":"Meditate","seconds":0,"count":3"#), "\(report)")
        #expect(haru(["verify"], ledger: ledger).code == 0)
    }

    /// Files in the layout of Loop's own exporter (as in its test fixtures
    /// `uhabits-core/assets/test/csv_export/`: zero-padded positions, type
    /// names, `NNN Name/Checkmarks.csv` newest first with a Notes column and
    /// quoted notes, Scores.csv beside, the summary Checkmarks.csv with its
    /// trailing comma), with what Loop allows and the import tripped on: two
    /// habits of one name, a habit with no entries, an archived habit with a goal.
    static let loopsOwnLayout: [String: String] = [
        "Habits.csv": """
        Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
        001,Vegan,YES_NO,Did you eat vegan today?,,1,1,#43A047,,,,false
        002,Stretch,YES_NO,Did you stretch?,,1,1,#00897B,,,,false
        003,Vegan,YES_NO,Vegan dinner?,,3,7,#8E24AA,,,,false
        004,Guitar,YES_NO,Did you practise?,,1,1,#F4511E,,,,true

        """,
        "Checkmarks.csv": "Date,Vegan,Stretch,Vegan,Guitar,\n2026-03-03,2,-1,2,0,\n2026-03-02,0,-1,2,2,\n",
        "Scores.csv": "Date,Vegan,Stretch,Vegan,Guitar,\n2026-03-03,0.1,0.0,0.2,0.0,\n2026-03-02,0.05,0.0,0.1,0.1,\n",
        "001 Vegan/Checkmarks.csv": "Date,Value,Notes\n2026-03-03,YES_MANUAL,\"tofu, rice\"\n2026-03-02,NO,\n",
        "001 Vegan/Scores.csv": "Date,Score\n2026-03-03,0.1\n2026-03-02,0.05\n",
        "002 Stretch/Checkmarks.csv": "Date,Value,Notes\n",
        "002 Stretch/Scores.csv": "Date,Score\n",
        "003 Vegan/Checkmarks.csv": "Date,Value,Notes\n2026-03-03,YES_MANUAL,\"\"\"lentils\"\"\"\n2026-03-02,YES_MANUAL,\n",
        "003 Vegan/Scores.csv": "Date,Score\n2026-03-03,0.2\n2026-03-02,0.1\n",
        "004 Guitar/Checkmarks.csv": "Date,Value,Notes\n2026-03-03,NO,\n2026-03-02,YES_MANUAL,\n",
        "004 Guitar/Scores.csv": "Date,Score\n2026-03-03,0.0\n2026-03-02,0.1\n",
    ]

    @Test func loopsOwnLayoutWithSharedNamesEmptyAndArchivedHabits() throws {
        let files = export(Self.loopsOwnLayout)
        let ledger = files.path + "/ledger"
        let now = ["--now", "2026-03-05T08:00:00Z"]
        #expect(haru(["init", "--time-zone", "UTC"] + now, ledger: ledger).code == 0)
        let r = haru(["import", "loop", files.path + "/export"] + now, ledger: ledger)
        #expect(r.code == 0, "two habits of one name are imported, not refused: \(r.err)")
        #expect(
            r.err.contains(
                #"Note: Vegan (habit 003): the name is taken (by an earlier habit or an action of the ledger); imported as "Vegan (2)""#),
            "\(r.err)")
        let report = haru(["report", "--from", "2026-03-02", "--to", "2026-03-03", "--json"] + now, ledger: ledger).out
        #expect(
            report.contains(#""name":"Vegan","seconds":0,"count":1"#) && report.contains(#""name":"Vegan (2)","seconds":0,"count":2"#),
            "\(report)")
        #expect(haru(["records", "2026-03-03"] + now, ledger: ledger).out.contains(#""lentils""#), "Loop's doubled quotes read as one")
        // The habit with no entries: its goal starts on the day of the import, not in 1970.
        let goals = haru(["goals", "--json"] + now, ledger: ledger).out
        #expect(goals.contains(#""title":"Stretch""#) && goals.contains(#""start_date":"2026-03-05""#), "\(goals)")
        #expect(!goals.contains("1970"), "\(goals)")
        // The archived habit: a deleted action and a deleted goal, so no goal in progress over nothing, no raw id.
        #expect(!goals.contains("Guitar"), "\(goals)")
        let progress = haru(["progress"] + now, ledger: ledger).out
        #expect(!progress.contains("Guitar"), "\(progress)")
        // Every quest's target is a name, none a raw id.
        let quests = haru(["quests", "--json"] + now, ledger: ledger).out
        #expect(!quests.contains(#""target_name":"loop-"#) && !quests.contains(#""target":"loop-"#), "\(quests)")
        #expect(r.err.contains("Guitar: archived in Loop, imported as a deleted action and goal"), "\(r.err)")
        let again = haru(["import", "loop", files.path + "/export"] + now, ledger: ledger)
        #expect(again.out.hasPrefix("Imported 0 events"), "\(again.out) \(again.err)")
        #expect(haru(["verify"], ledger: ledger).code == 0)
    }

    /// Quit habits and fractional targets (issue 44): "at most 0 sweets" is a
    /// limit of 0, not "at most ×1"; a habit whose entries are all 0 (or NO)
    /// keeps its history — its goal starts at its first answer, not on the
    /// day of the import; "at least 7.5" and "at most 0.5" are kept exactly
    /// (their actions count in tenths), without a note.
    @Test func quitHabitsAreLimitsOfZeroAndKeepTheirHistory() throws {
        let files = export([
            "Habits.csv": """
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
            1,Sweets,1,How many?,,1,1,,pieces,at most,0,false
            2,Smoke,0,Did you smoke?,,1,1,,,at most,0,false
            3,Sleep,1,Hours?,,1,1,,h,at least,7.5,false
            4,Sugar,1,Spoons?,,1,1,,,at most,0.5,false

            """,
            "001 Sweets/Checkmarks.csv": "Date,Value\n2026-02-20,0\n2026-02-21,0\n2026-02-22,0\n",
            "002 Smoke/Checkmarks.csv": "Date,Value\n2026-02-19,UNKNOWN\n2026-02-20,NO\n2026-02-21,NO\n",
            "003 Sleep/Checkmarks.csv": "Date,Value\n2026-02-20,8000\n",
            "004 Sugar/Checkmarks.csv": "Date,Value\n2026-02-20,0\n",
        ])
        let ledger = files.path + "/ledger"
        let now = ["--now", "2026-02-22T20:00:00Z"]
        #expect(haru(["init", "--time-zone", "UTC"] + now, ledger: ledger).code == 0)
        let r = haru(["import", "loop", files.path + "/export"] + now, ledger: ledger)
        #expect(r.code == 0, "\(r.err)")
        // Fractional targets are kept exactly (issue 44): Sleep and Sugar count in tenths.
        #expect(!r.err.contains("its target"), "\(r.err)")
        #expect(haru(["quests"] + now, ledger: ledger).out.contains("at least 7.5 h"))
        #expect(haru(["quests"] + now, ledger: ledger).out.contains("at most ×0.5"))
        let goals = haru(["goals", "--json"] + now, ledger: ledger).out
        for title in ["Sweets", "Smoke"] {
            #expect(goals.contains(#""title":"\#(title)","start_date":"2026-02-20""#), "its first answer, not the import's day: \(goals)")
        }
        let quests = haru(["quests", "--json"] + now, ledger: ledger).out
        #expect(quests.contains(#""target_name":"Sweets""#) && quests.contains(#""target_count":0"#), "\(quests)")
        #expect(quests.contains(#""target_count":75"#), "at least 7.5 in tenths: \(quests)")
        let progress = haru(["progress", "--goal", "Sweets", "--json"] + now, ledger: ledger).out
        #expect(progress.contains(#""streak":{"count":3,"unit":"days","best":3}"#), "three days at 0 are three days kept: \(progress)")
        #expect(haru(["verify"], ledger: ledger).code == 0)
    }

    /// Loop's streak of a daily yes/no habit, by its own rule
    /// (`StreakList.recompute`): the run of consecutive days, back from
    /// `last`, whose value is above 0 — YES_MANUAL, YES_AUTO and SKIP alike —
    /// and the number of SKIP days inside it.
    static func loopStreak(_ marks: [String: String], through last: LocalDate) -> (length: Int, skips: Int) {
        var day = last, length = 0, skips = 0
        while let v = marks[day.description], ["YES_MANUAL", "YES_AUTO", "SKIP"].contains(v) {
            length += 1
            if v == "SKIP" { skips += 1 }
            day = day.adding(days: -1)
        }
        return (length, skips)
    }

    /// Loop's streak of a daily numeric habit, by its own rule: the run of
    /// consecutive days back from `last` whose value meets the target (at
    /// least: value ≥ target; at most: value ≤ target), compared in Loop's
    /// thousandths as Loop compares them.
    static func loopNumericStreak(_ thousandths: [String: Int], target: Int, atMost: Bool, through last: LocalDate) -> Int {
        var day = last, length = 0
        while let v = thousandths[day.description], atMost ? v <= target : v >= target {
            length += 1
            day = day.adding(days: -1)
        }
        return length
    }

    /// Measurable habits with decimals (issue 44): every value is counted as
    /// Loop shows it (7.55 h, not 8), every target is Loop's (at least 7.5,
    /// at most 0.5), and the daily streaks are the ones Loop computes — where
    /// rounding made a missed 7.4 a met 7 … or a kept 0.5 an over 1.
    @Test func measurableHabitsCountAndStreakAsLoopShows() throws {
        let sleep: [(String, Int)] = [
            ("2026-02-18", 8000), ("2026-02-19", 7400), ("2026-02-20", 7600), ("2026-02-21", 7500), ("2026-02-22", 7550),
            ("2026-02-23", 7600),
        ]
        let sugar: [(String, Int)] = [
            ("2026-02-18", 600), ("2026-02-19", 300), ("2026-02-20", 500), ("2026-02-21", 400), ("2026-02-22", 500), ("2026-02-23", 200),
        ]
        func csv(_ v: [(String, Int)]) -> String { (["Date,Value"] + v.map { "\($0.0),\($0.1)" }).joined(separator: "\n") + "\n" }
        let files = export([
            "Habits.csv": """
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
            1,Sleep,1,Hours?,,1,1,,h,at least,7.5,false
            2,Sugar,1,Spoons?,,1,1,,spoons,at most,0.5,false

            """,
            "001 Sleep/Checkmarks.csv": csv(sleep), "002 Sugar/Checkmarks.csv": csv(sugar),
        ])
        let ledger = files.path + "/ledger"
        let now = ["--now", "2026-02-23T20:00:00Z"]
        #expect(haru(["init", "--time-zone", "UTC"] + now, ledger: ledger).code == 0)
        let r = haru(["import", "loop", files.path + "/export"] + now, ledger: ledger)
        #expect(r.code == 0, "\(r.err)")
        #expect(!r.err.contains("rounded") && !r.err.contains("its target"), "nothing rounded: \(r.err)")
        // The counts per day are Loop's values, exactly.
        for (habit, values) in [("Sleep", sleep), ("Sugar", sugar)] {
            for (day, v) in values {
                let d = try JSONParser.parse(haru(["day", day, "--json"] + now, ledger: ledger).out)
                guard case .array(let actions)? = d["actions"] else { Issue.record("no day \(day)"); continue }
                let count = actions.first { $0["name"] == .string(habit) }?["count"]
                #expect(count?.compactText == JSONValue.formatNumber(Double(v) / 1000), "\(habit) \(day): \(String(describing: count))")
            }
        }
        // The daily streaks are the ones Loop computes from the same values.
        let last = LocalDate(parsing: "2026-02-23")!
        let progress = try JSONParser.parse(haru(["progress", "--json"] + now, ledger: ledger).out)
        guard case .array(let goals)? = progress["goals"] else { Issue.record("no goals"); return }
        for (habit, values, target, atMost) in [("Sleep", sleep, 7500, false), ("Sugar", sugar, 500, true)] {
            let loop = Self.loopNumericStreak(Dictionary(uniqueKeysWithValues: values), target: target, atMost: atMost, through: last)
            let goal = goals.first { $0["title"] == .string(habit) }
            guard case .array(let quests)? = goal?["quests"] else { Issue.record("no quest of \(habit)"); continue }
            #expect(quests.first?["streak"]?["count"] == .int(Int64(loop)), "\(habit): Loop's streak is \(loop)")
            #expect(loop >= 3, "the sample has a streak worth checking (\(habit): \(loop))")
        }
        let again = haru(["import", "loop", files.path + "/export"] + now, ledger: ledger)
        #expect(again.out.hasPrefix("Imported 0 events"), "\(again.out) \(again.err)")
        #expect(haru(["verify"], ledger: ledger).code == 0)
    }

    /// SKIP days (issue 44): a day Loop excuses is a skip of the action here,
    /// its note with it; the streak runs through it. Loop counts a skipped day
    /// in a streak's length, haru steps over it (neither broken nor
    /// lengthened), so haru's streak is Loop's less the skipped days inside
    /// it — said in a note. A NO day's note, which has no record to go with,
    /// is said not kept; the habit's colour is its goal's, its question and
    /// description its action's.
    @Test func skippedDaysKeepTheStreakAndTheirNotes() throws {
        var marks: [String: String] = [:]
        var lines = ["Date,Value,Notes"]
        for d in 1...13 {
            let day = "2026-03-" + (d < 10 ? "0" : "") + String(d)
            let (value, note) = d == 2 ? ("NO", "forgot") : d == 5 ? ("SKIP", "sick") : d == 9 ? ("SKIP", "") : ("YES_MANUAL", "")
            marks[day] = value
            lines.append("\(day),\(value),\(note)")
        }
        let files = export([
            "Habits.csv": """
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
            001,Stretch,YES_NO,Did you stretch?,Five minutes,1,1,#aaaaaa,,,,false

            """,
            "001 Stretch/Checkmarks.csv": lines.joined(separator: "\n") + "\n",
        ])
        let ledger = files.path + "/ledger"
        let now = ["--now", "2026-03-13T20:00:00Z"]
        #expect(haru(["init", "--time-zone", "UTC"] + now, ledger: ledger).code == 0)
        let r = haru(["import", "loop", files.path + "/export"] + now, ledger: ledger)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("10 counts, 1 goal, 1 quest, 2 skips"), "\(r.out)")
        #expect(r.err.contains("Note: Stretch: 2 skipped days (SKIP) kept as skips of the action"), "\(r.err)")
        #expect(r.err.contains("Note: Stretch: 1 note of days without an entry (NO, or 0) not kept"), "\(r.err)")
        let loop = Self.loopStreak(marks, through: LocalDate(parsing: "2026-03-13")!)
        #expect(loop.length == 11 && loop.skips == 2, "Loop's rule on this export")
        let progress = try JSONParser.parse(haru(["progress", "--json"] + now, ledger: ledger).out)
        guard case .array(let goals)? = progress["goals"], case .array(let quests)? = goals.first?["quests"] else {
            Issue.record("no quest")
            return
        }
        #expect(quests.first?["streak"]?["count"] == .int(Int64(loop.length - loop.skips)), "\(progress)")
        let skips = haru(["skips"] + now, ledger: ledger).out
        #expect(skips.contains("2026-03-05  action Stretch  sick"), "\(skips)")
        #expect(skips.contains("2026-03-09  action Stretch"), "\(skips)")
        #expect(haru(["goals", "--json"] + now, ledger: ledger).out.contains(##""color":"#AAAAAA""##))
        let actions = haru(["actions", "--json"] + now, ledger: ledger).out
        #expect(actions.contains(#""question":"Did you stretch?","description":"Five minutes""#), "\(actions)")
        let again = haru(["import", "loop", files.path + "/export"] + now, ledger: ledger)
        #expect(again.out.contains("Imported 0 events"), "\(again.out)")
        #expect(haru(["verify"], ledger: ledger).code == 0)
    }

    /// A unit, question or description longer than an action keeps is cut
    /// to its start with a note; the export is not refused for it.
    @Test func aFieldLongerThanAnActionKeepsIsCutWithANote() {
        let unit = String(repeating: "u", count: 40)
        let files = export([
            "Habits.csv": """
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
            001,Walk,NUMERICAL,How far?,,1,1,#303F9F,\(unit),AT_LEAST,2.0,false

            """,
            "001 Walk/Checkmarks.csv": "Date,Value,Notes\n2026-03-02,3000,\n",
        ])
        let ledger = files.path + "/ledger"
        let now = ["--now", "2026-03-03T20:00:00Z"]
        #expect(haru(["init", "--time-zone", "UTC"] + now, ledger: ledger).code == 0)
        let r = haru(["import", "loop", files.path + "/export"] + now, ledger: ledger)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.err.contains("Note: Walk: its unit is longer than 32 characters; kept its first 32"), "\(r.err)")
        #expect(haru(["day", "2026-03-02"] + now, ledger: ledger).out.contains("3 " + String(repeating: "u", count: 32)))
    }

    /// A habit archived and brought back in Loop comes back in haru (action
    /// and goal restored, its new entries counted); one whose name the user
    /// gave an action of their own meanwhile comes as `Name (2)`.
    @Test func anUnarchivedHabitIsRestored() {
        let files = export(Self.loopsOwnLayout)
        let now = ["--now", "2026-03-05T08:00:00Z"]
        var unarchived = Self.loopsOwnLayout
        unarchived["Habits.csv"] = unarchived["Habits.csv"]!.replacingOccurrences(of: "#F4511E,,,,true", with: "#F4511E,,,,false")
        unarchived["004 Guitar/Checkmarks.csv"] = "Date,Value,Notes\n2026-03-04,YES_MANUAL,\n2026-03-03,NO,\n2026-03-02,YES_MANUAL,\n"
        let back = export(unarchived)
        let ledger = files.path + "/ledger"
        #expect(haru(["init", "--time-zone", "UTC"] + now, ledger: ledger).code == 0)
        #expect(haru(["import", "loop", files.path + "/export"] + now, ledger: ledger).code == 0)
        let r = haru(["import", "loop", back.path + "/export"] + now, ledger: ledger)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("1 count") && r.out.contains("2 other events"), "a restored action and goal, the new entry: \(r.out)")
        let report = haru(["report", "--from", "2026-03-02", "--to", "2026-03-04", "--json"] + now, ledger: ledger).out
        #expect(report.contains(#""name":"Guitar","seconds":0,"count":2"#), "\(report)")
        #expect(haru(["goals", "--json"] + now, ledger: ledger).out.contains(#""title":"Guitar""#))
        #expect(haru(["import", "loop", back.path + "/export"] + now, ledger: ledger).out.hasPrefix("Imported 0 events"))
        #expect(haru(["verify"], ledger: ledger).code == 0)
        // The name taken meanwhile by an action of the user's: the habit comes whole under another name.
        let copy = files.path + "/copy"
        #expect(haru(["init", "--time-zone", "UTC"] + now, ledger: copy).code == 0)
        #expect(haru(["import", "loop", files.path + "/export"] + now, ledger: copy).code == 0)
        #expect(haru(["action", "add", "Guitar", "--tracking", "count"] + now, ledger: copy).code == 0)
        let taken = haru(["import", "loop", back.path + "/export"] + now, ledger: copy)
        #expect(taken.code == 0, "\(taken.err)")
        #expect(taken.err.contains(#"imported as "Guitar (2)""#), "\(taken.err)")
        let copyReport = haru(["report", "--from", "2026-03-02", "--to", "2026-03-04", "--json"] + now, ledger: copy).out
        #expect(copyReport.contains(#""name":"Guitar (2)","seconds":0,"count":2"#), "\(copyReport)")
    }

    /// A rule of the ledger that an event of the import breaks names the file and line it came from.
    @Test func aLedgerRuleBrokenByAnEntryNamesItsFileAndLine() {
        let files = export(["Habits.csv": Self.habits, "001 Meditate/Checkmarks.csv": "Date,Value\n2026-03-02,YES_MANUAL\n"])
        let ledger = files.path + "/ledger"
        #expect(haru(["init", "--time-zone", "UTC"], ledger: ledger).code == 0)
        // An action of the user's under the id a Loop import gives Meditate, tracking time: no count quest or count can go to it.
        #expect(haru(["import", "loop", files.path + "/export"], ledger: ledger).code == 0)
        let log = haru(["log", "--json"], ledger: ledger).out
        guard let id = log.firstMatch(of: /"action_id":"(loop-[0-9a-f]+)","name":"Meditate"/)?.1 else {
            Issue.record("no Meditate action in \(log)")
            return
        }
        let other = files.path + "/other"
        #expect(haru(["init", "--time-zone", "UTC"], ledger: other).code == 0)
        #expect(haru(["action", "add", "Sitting", "--tracking", "time", "--id", String(id)], ledger: other).code == 0)
        let before = haru(["log", "--json"], ledger: other).out
        #expect(
            haru(["import", "loop", files.path + "/export", "--dry-run"], ledger: other).err
                == haru(["import", "loop", files.path + "/export"], ledger: other).err, "a plan is refused with the import's words")
        let r = haru(["import", "loop", files.path + "/export"], ledger: other)
        #expect(r.code == 2, "\(r.out)")
        // Its quest (a count target on a time action) is the first event refused: the Meditate row.
        #expect(r.err.hasPrefix("Error: Loop import: Habits.csv line 2: "), "\(r.err)")
        #expect(!r.err.contains("data.") && r.err.contains("nothing was imported"), "\(r.err)")
        #expect(haru(["log", "--json"], ledger: other).out == before)
    }

    @Test(arguments: [
        (["Habits.csv": "Position,Name,Type\n1,X,0\n"], "Habits.csv line 1, column \"FrequencyNumerator\": is required"),
        (
            ["Habits.csv": habits.replacingOccurrences(of: "1,Meditate,0,", with: "1,Meditate,7,")],
            "column \"Type\": \"7\" is not a habit type"
        ),
        (
            ["Habits.csv": habits, "001 Meditate/Checkmarks.csv": "Date,Value\n2026-03-02,MAYBE\n"],
            "001 Meditate/Checkmarks.csv line 2, column \"Value\": \"MAYBE\" is not a checkmark"
        ),
        (
            ["Habits.csv": habits, "001 Meditate/Checkmarks.csv": "Date,Value\n03/02/2026,YES_MANUAL\n"],
            "column \"Date\": must be a date YYYY-MM-DD"
        ),
        (["Habits.csv": habits, "001 Meditate/Checkmarks.csv": "Date,Value\n2026-03-02,\"YES_MAN"], "a quoted field is never closed"),
        (
            ["Habits.csv": "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator\n1,X\n"],
            "Habits.csv line 2: has 2 fields where the header has 7"
        ),
    ])
    func malformedExportsAreRefusedNamingFileLineAndColumn(_ files: [String: String], _ message: String) {
        let dir = export(files)
        let ledger = dir.path + "/ledger"
        _ = haru(["init", "--time-zone", "UTC"], ledger: ledger)
        let before = haru(["log", "--json"], ledger: ledger).out
        let r = haru(["import", "loop", dir.path + "/export"], ledger: ledger)
        #expect(r.code == 2, "\(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
        #expect(haru(["log", "--json"], ledger: ledger).out == before, "nothing written")
    }

    @Test func aFolderWithoutHabitsIsExitTwo() {
        let dir = TempDir()
        let r = haru(["import", "loop", dir.path], ledger: cliLedger().ledgerPath)
        #expect(r.code == 2 && r.err.contains("no Habits.csv in"))
    }
}
