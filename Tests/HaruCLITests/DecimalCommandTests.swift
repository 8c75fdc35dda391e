import Foundation
import HaruLedger
import TestSupport
import Testing

@testable import HaruCLI

/// Measures with decimals (issue 44) used as a person would: an action made
/// with `--decimals`, counts and targets typed as 7.6, what every view then
/// says, what a mistyped line is told (exit 2, nothing written), and the
/// app's CSV files and a second ledger agreeing on every figure.
struct DecimalCommandTests {
    static let now = ["--now", "2026-03-04T21:00:00+09:00"]

    /// Sleep in hours at one decimal, Run in km at two, Water in whole glasses; a goal over them.
    func ledger(_ dir: TempDir) -> String {
        let p = dir.ledgerPath
        func run(_ args: [String]) {
            let r = haru(args + Self.now, ledger: p)
            precondition(r.code == 0, "\(args): \(r.err)")
        }
        run(["init", "--time-zone", "Asia/Seoul"])
        run(["action", "add", "Sleep", "--tracking", "count", "--unit", "h", "--decimals", "1", "--id", "sleep"])
        run(["action", "add", "Run", "--tracking", "count", "--unit", "km", "--decimals", "2", "--id", "run"])
        run(["action", "add", "Water", "--tracking", "count", "--unit", "잔", "--id", "water"])
        run(["goal", "add", "Rest", "--start", "2026-03-02", "--id", "g"])
        run(["quest", "add", "--goal", "Rest", "--action", "Sleep", "--period", "daily", "--target", "7.5", "--id", "q-sleep"])
        run(["quest", "add", "--goal", "Rest", "--action", "Run", "--period", "weekly", "--target", "20.5", "--id", "q-run"])
        run(["count", "Sleep", "7.6", "--at", "2026-03-02 08:00", "--id", "s2"])
        run(["count", "Sleep", "7.4", "--at", "2026-03-03 08:00", "--id", "s3"])
        run(["count", "Sleep", "8", "--at", "2026-03-04 08:00", "--id", "s4"])
        run(["count", "Run", "5.25", "--at", "2026-03-02 07:00", "--id", "r2"])
        run(["count", "Run", "10.1", "--at", "2026-03-04 07:00", "--id", "r4"])
        run(["count", "Water", "3", "--at", "2026-03-04 12:00", "--id", "w4"])
        return p
    }

    func json(_ args: [String], _ p: String) throws -> JSONValue { try JSONParser.parse(haru(args + Self.now, ledger: p).out) }

    @Test func countsAndTargetsAreTypedAndShownInTheUnit() throws {
        let dir = TempDir()
        let p = ledger(dir)
        // The events keep whole tenths and hundredths.
        let log = haru(["log", "--json", "--type", "count"] + Self.now, ledger: p).out
        #expect(log.contains(#""amount":76"#) && log.contains(#""amount":1010"#), "\(log)")
        // The listing says each action's unit and smallest step.
        let actions = haru(["actions"] + Self.now, ledger: p).out
        #expect(actions.contains("h (0.1)") && actions.contains("km (0.01)"), "\(actions)")
        // Every view says the unit's number.
        let day = haru(["day", "2026-03-04"] + Self.now, ledger: p).out
        #expect(day.contains("8 h") && day.contains("10.1 km") && day.contains("3 잔"), "\(day)")
        let ko = haru(["--lang", "ko", "day", "2026-03-04"] + Self.now, ledger: p).out
        #expect(ko.contains("3잔") && ko.contains("10.1 km"), "a counter word against its number in Korean: \(ko)")
        let progress = haru(["progress"] + Self.now, ledger: p).out
        #expect(progress.contains("Sleep ≥ 7.5 h daily"), "\(progress)")
        #expect(progress.contains("week 75 % (15.35/20.5 km)"), "5.25 + 10.1 of 20.5: \(progress)")
        #expect(progress.contains("day 100 % (10.1/2.93 km)"), "a day's share of 20.5 km, to the action's places: \(progress)")
        let report = haru(["report", "--from", "2026-03-02", "--to", "2026-03-04"] + Self.now, ledger: p).out
        #expect(report.contains("23 h") && report.contains("15.35 km") && report.contains("3 잔"), "in each column's unit: \(report)")
        let page = dir.path + "/report.html"
        #expect(haru(["report", "--from", "2026-03-02", "--to", "2026-03-04", "--html", page] + Self.now, ledger: p).code == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("at least 7.5 h a day") && html.contains("2026-03-04: 10.1 km"), "the page's rules and bars in the unit")
        let records = try json(["records", "--from", "2026-03-02", "--to", "2026-03-04", "--json"], p)
        guard case .array(let rows)? = records["records"] else { Issue.record("no records"); return }
        let amounts = rows.map { "\($0["id"]?.stringValue ?? "")=\($0["amount"]?.compactText ?? "")" }.sorted()
        #expect(amounts == ["r2=5.25", "r4=10.1", "s2=7.6", "s3=7.4", "s4=8", "w4=3"], "\(amounts)")
        let quests = try json(["quests", "--json"], p)
        guard case .array(let qs)? = quests["quests"] else { Issue.record("no quests"); return }
        let sleep = qs.first { $0["quest_id"] == .string("q-sleep") }
        #expect(sleep?["target_count"] == .int(75) && sleep?["target_amount"] == .double(7.5), "\(String(describing: sleep))")
        // A correction in the unit.
        let edit = haru(["edit", "s3", "--amount", "7.9"] + Self.now, ledger: p)
        #expect(edit.code == 0, "\(edit.err)")
        let fixed = haru(["day", "2026-03-03", "--json"] + Self.now, ledger: p).out
        #expect(fixed.contains(#""count":7.9"#), "\(fixed)")
        let history = haru(["history", "s3"] + Self.now, ledger: p).out
        #expect(history.contains("amount 7.4 → 7.9"), "the audit view says the unit's numbers too: \(history)")
        let deleted = haru(["delete", "r2"] + Self.now, ledger: p)
        #expect(deleted.out.contains("5.25 km"), "the deletion says what it took: \(deleted.out)")
    }

    @Test(arguments: [
        (["count", "Sleep", "7.65"], #"N: "7.65" has more decimal places than Sleep keeps (1)"#),
        (["count", "Water", "2.5"], #"N: "2.5" is not a whole number, and Water counts whole numbers"#),
        (["count", "Sleep", "1000"], #"N: "1000" is outside what Sleep takes at a time (0.1 … 999)"#),
        (["count", "Sleep", "0"], #"N: "0" is outside what Sleep takes at a time (0.1 … 999)"#),
        (["count", "Sleep", "seven"], #"N: "seven" is not a whole number"#),
        (["edit", "s2", "--amount", "7.65"], #"--amount: "7.65" has more decimal places than Sleep keeps (1)"#),
        (
            ["quest", "add", "--goal", "Rest", "--action", "Run", "--period", "daily", "--target", "3.125"],
            #"has more decimal places than Run keeps (2)"#
        ),
        (["action", "add", "Read", "--tracking", "time", "--decimals", "1"], "decimals: goes with count actions only"),
        (["action", "add", "Tea", "--tracking", "count", "--decimals", "4"], "must be a whole number from 0 to 3 (got 4)"),
        (["action", "edit", "Water", "--decimals", "1"], "--decimals"),
    ])
    func aMistypedAmountIsRefusedAndNothingWritten(args: [String], message: String) throws {
        let dir = TempDir()
        let p = ledger(dir)
        let before = haru(["verify"], ledger: p).out
        let r = haru(args + Self.now, ledger: p)
        #expect(r.code == 2, "\(args): \(r.out) \(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
        #expect(haru(["verify"], ledger: p).out == before, "nothing written")
    }

    @Test func refusalsAreSaidInKoreanAndJapanese() {
        let dir = TempDir()
        let p = ledger(dir)
        let ko = haru(["--lang", "ko", "count", "Sleep", "7.65"] + Self.now, ledger: p)
        #expect(ko.err.contains("Sleep의 소수 자릿수(1자리)보다 깁니다"), "\(ko.err)")
        let ja = haru(["--lang", "ja", "action", "add", "Read", "--tracking", "time", "--decimals", "1"] + Self.now, ledger: p)
        #expect(ja.err.contains("--decimals は回数記録の行動だけに使います"), "\(ja.err)")
    }

    /// The CSV way in: a Decimals cell that is not 0…3, an amount or a target
    /// finer than its action's decimals, are refused naming file, line and
    /// column, and nothing is written.
    @Test(arguments: [
        ("HaruDanim-Actions.csv", ",1,h", ",4,h", #"HaruDanim-Actions.csv line 2, column "Decimals": "4" is not 0, 1, 2 or 3; nothing was imported"#),
        ("HaruDanim-CountRecords.csv", ",7.6,", ",7.65,", #"HaruDanim-CountRecords.csv line 3, column "Amount": "7.65" is not a number of at most 1 decimal place;"#),
        ("HaruDanim-Quests.csv", ",7.5,", ",7.55,", #"HaruDanim-Quests.csv line 2, column "Target Count": "7.55" is not a number of at most 1 decimal place;"#),
    ])
    func aCSVCellFinerThanItsActionIsRefused(file: String, from: String, to: String, message: String) throws {
        let dir = TempDir()
        let p = ledger(dir)
        let out = dir.path + "/csv"
        #expect(haru(["export", "csv", out] + Self.now, ledger: p).code == 0)
        let path = out + "/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(from), "\(text)")
        try text.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
        let copy = dir.path + "/copy"
        #expect(haru(["init", "--time-zone", "Asia/Seoul"], ledger: copy).code == 0)
        let before = haru(["verify"], ledger: copy).out
        let r = haru(["import", "csv", out] + Self.now, ledger: copy)
        #expect(r.code == 2, "\(r.out) \(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
        #expect(haru(["verify"], ledger: copy).out == before, "nothing written")
    }

    /// The app's five files carry decimals, units and amounts in the unit; a
    /// second ledger made from them answers every figure the same.
    @Test func theAppsCSVFilesKeepEveryFigure() throws {
        let dir = TempDir()
        let p = ledger(dir)
        let out = dir.path + "/csv"
        #expect(haru(["export", "csv", out] + Self.now, ledger: p).code == 0)
        let actions = try String(contentsOfFile: out + "/HaruDanim-Actions.csv", encoding: .utf8)
        #expect(actions.contains("Decimals,Unit") && actions.contains(",1,h"), "\(actions)")
        let counts = try String(contentsOfFile: out + "/HaruDanim-CountRecords.csv", encoding: .utf8)
        #expect(counts.contains(",7.6,") && counts.contains(",5.25,"), "\(counts)")
        let copy = dir.path + "/copy"
        #expect(haru(["init", "--time-zone", "Asia/Seoul"], ledger: copy).code == 0)
        let imported = haru(["import", "csv", out] + Self.now, ledger: copy)
        #expect(imported.code == 0, "\(imported.err)")
        // The figures (not the reference's seq and hash, which are the copy's own).
        for (args, key) in [
            (["day", "2026-03-04", "--json"], "actions"), (["report", "--from", "2026-03-02", "--to", "2026-03-04", "--json"], "totals"),
        ] {
            let theirs = try json(args, copy)[key], mine = try json(args, p)[key]
            #expect(mine != nil && theirs == mine, "\(args) differs after the round trip")
        }
        func spans(_ ledger: String) throws -> [String] {
            let v = try JSONParser.parse(haru(["progress", "--json"] + Self.now, ledger: ledger).out)
            guard case .array(let goals)? = v["goals"], case .array(let quests)? = goals.first?["quests"] else { return [] }
            return quests.map { ($0["spans"] ?? .null).compactText }
        }
        let mine = try spans(p), theirs = try spans(copy)
        #expect(!mine.isEmpty && theirs == mine)
        // A ledger of whole counts without units still writes exactly the app's columns.
        let plain = dir.path + "/plain"
        #expect(haru(["init", "--time-zone", "UTC"], ledger: plain).code == 0)
        #expect(haru(["action", "add", "Water", "--tracking", "count"], ledger: plain).code == 0)
        #expect(haru(["export", "csv", dir.path + "/plain-csv"], ledger: plain).code == 0)
        let header = try String(contentsOfFile: dir.path + "/plain-csv/HaruDanim-Actions.csv", encoding: .utf8).split(
            whereSeparator: \.isNewline)[0]
        #expect(header.hasSuffix("Favorite,Order"), "\(header)")
    }
}
