import Foundation
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
            try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
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
        let r = haru(["import", "loop", files.path + "/export"], ledger: ledger)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("Imported 17 events from Loop: 4 actions, 6 counts, 3 goals, 3 quests, 1 action deleted; head seq"), "\(r.out)")
        #expect(r.err.contains("Note: Push-ups 2026-03-03: 12.5 rounded to 13"), "\(r.err)")
        #expect(r.err.contains("Note: Piano: a frequency of 3/10 has no quest here"), "reported, not dropped")
        let now = ["--now", "2026-03-06T00:00:00Z"]
        let report = haru(["report", "--from", "2026-03-02", "--to", "2026-03-05", "--json"] + now, ledger: ledger).out
        #expect(report.contains(#""name":"Meditate","seconds":0,"count":2"#), "YES_MANUAL only: \(report)")
        #expect(report.contains(#""name":"Push-ups","seconds":0,"count":38"#), "25 + 13; 0.002 (printed YES_MANUAL's value) adds nothing")
        #expect(!report.contains("Piano"), "archived: a deleted action")
        let quests = haru(["quests", "--json"] + now, ledger: ledger).out
        let rows = quests.components(separatedBy: #"{"quest_id""#).dropFirst()
        func quest(_ goal: String) -> String { rows.first { $0.contains(#""goal":"\#(goal)""#) } ?? "" }
        #expect(quest("Meditate").contains(#""period":"daily","direction":"at_least""#) && quest("Meditate").contains(#""target_count":1,"#), "\(quests)")
        #expect(quest("Push-ups").contains(#""period":"weekly""#) && quest("Push-ups").contains(#""target_count":100,"#))
        #expect(quest("Coffee").contains(#""direction":"at_most""#) && quest("Coffee").contains(#""target_count":2,"#), "an at-most target is a limit")
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
            "004 Meditate/Checkmarks.csv": "Date,Value\n2026-03-02,YES_MANUAL\n2026-03-03,YES_AUTO\n2026-03-04,NO\n2026-03-05,YES_MANUAL\n2026-03-06,YES_MANUAL\n",
        ])
        let again = haru(["import", "loop", reordered.path + "/export"], ledger: ledger)
        #expect(again.code == 0, "\(again.err)")
        #expect(again.out.hasPrefix("Imported 1 event from Loop"), "the new check only: \(again.out)")
        let actions = haru(["actions", "--all", "--json"], ledger: ledger).out
        #expect(actions.components(separatedBy: #""action_id""#).count - 1 == 4, "no second action per habit: \(actions)")
        let report = haru(["report", "--from", "2026-03-02", "--to", "2026-03-06", "--json", "--now", "2026-03-07T00:00:00Z"], ledger: ledger).out
        #expect(report.contains(#""name":"Meditate","seconds":0,"count":3"#), "\(report)")
        #expect(haru(["verify"], ledger: ledger).code == 0)
    }

    @Test(arguments: [
        (["Habits.csv": "Position,Name,Type\n1,X,0\n"], "Habits.csv line 1, column \"FrequencyNumerator\": is required"),
        (["Habits.csv": habits.replacingOccurrences(of: "1,Meditate,0,", with: "1,Meditate,7,")], "column \"Type\": \"7\" is not a habit type"),
        (["Habits.csv": habits, "001 Meditate/Checkmarks.csv": "Date,Value\n2026-03-02,MAYBE\n"], "001 Meditate/Checkmarks.csv line 2, column \"Value\": \"MAYBE\" is not a checkmark"),
        (["Habits.csv": habits, "001 Meditate/Checkmarks.csv": "Date,Value\n03/02/2026,YES_MANUAL\n"], "column \"Date\": must be a date YYYY-MM-DD"),
        (["Habits.csv": habits, "001 Meditate/Checkmarks.csv": "Date,Value\n2026-03-02,\"YES_MAN"], "a quoted field is never closed"),
        (["Habits.csv": "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator\n1,X\n"], "Habits.csv line 2: has 2 fields where the header has 7"),
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
