import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruViews

/// `haru export jsonl` / `haru import jsonl` over every Fixtures history: the
/// imported ledger answers every query as the original does, and exporting
/// it again gives the same lines but for the provenance.
struct JSONLRoundTrip {
    static let fixtureFiles: [String] = {
        let root = packageRoot + "/Fixtures"
        let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".jsonl") }.sorted()
    }()

    /// The fixture's accepted events, appended one by one as its scenario would (rejected lines stay out).
    func ledger(from fixture: String, in dir: TempDir) -> String {
        let path = dir.path + "/original"
        let text = (try? String(contentsOfFile: packageRoot + "/Fixtures/" + fixture, encoding: .utf8)) ?? ""
        // `import jsonl` makes the ledger on the first line; a rejected line leaves it as it was.
        for line in text.split(separator: "\n") where line.hasPrefix("{\"type\"") {
            _ = haru(["import", "jsonl", "-"], ledger: path, stdin: String(line))
        }
        return path
    }

    static func withoutProvenance(_ export: String) -> [JSONValue] {
        export.split(separator: "\n").compactMap { line in
            guard case .object(let m)? = try? JSONParser.parse(String(line)) else { return nil }
            return .object(m.filter { !["recorded", "prev", "hash"].contains($0.0) })
        }
    }

    @Test(arguments: fixtureFiles)
    func importReproducesTheLedger(_ fixture: String) throws {
        let dir = TempDir()
        // A ledger made by import alone (the first line its settings).
        let original = ledger(from: fixture, in: dir)
        let export = haru(["export", "jsonl"], ledger: original)
        try #require(export.code == 0, "\(export.err)")
        try #require(!export.out.isEmpty)
        let copy = dir.path + "/copy"
        // Restored a day after the original was loaded (2026-03-04T12:00:00Z).
        let imported = haru(["import", "jsonl", "-"], ledger: copy, stdin: export.out, now: 1_772_712_000_000_000)
        #expect(imported.code == 0, "\(imported.err)")
        let again = haru(["export", "jsonl"], ledger: copy)
        #expect(Self.withoutProvenance(again.out) == Self.withoutProvenance(export.out), "same ids, seqs, times and data")
        // A restore: the same transaction times, so the same hashes, line for line.
        #expect(again.out == export.out, "\(fixture): the copy's export is the original's")
        #expect(haru(["verify"], ledger: copy).code == 0)
        // The same answers.
        let now = "2026-04-01T00:00:00Z"
        for query in [
            ["progress", "--json", "--now", now], ["progress", "--json", "--as-of", "2026-03-05"],
            ["report", "--from", "2026-02-01", "--to", "2026-04-30", "--every", "day", "--json", "--now", now],
            ["day", "2026-03-04", "--json", "--now", now],
            ["records", "--from", "2026-02-25", "--to", "2026-04-05", "--all", "--json", "--now", now],
            ["actions", "--all", "--json", "--now", now], ["goals", "--all", "--json", "--now", now], ["settings", "--json", "--now", now],
            // As the ledger stood at an instant of transaction time: the original's, not the restore's.
            ["day", "2026-03-04", "--json", "--now", now, "--known-at", "2026-03-04T12:00:00Z"],
        ] {
            let a = haru(query, ledger: original), b = haru(query, ledger: copy)
            #expect(a.code == b.code, "\(fixture) \(query)")
            #expect(a.out == b.out, "\(fixture) \(query)")
        }
        // Importing the same export again changes nothing (idempotent by event id).
        let twice = haru(["import", "jsonl", "-", "--json"], ledger: copy, stdin: export.out)
        #expect(twice.code == 0)
        #expect(twice.out.contains(#""appended":0"#), "\(twice.out)")
    }

    @Test func twoLedgersThatExchangeExportsConverge() throws {
        let dir = TempDir()
        let a = dir.path + "/a", b = dir.path + "/b"
        let base = haru(["init", "--time-zone", "UTC", "--now", "2026-03-01T00:00:00Z"], ledger: a)
        #expect(base.code == 0)
        #expect(haru(["action", "add", "Water", "--tracking", "count", "--id", "water"], ledger: a).code == 0)
        #expect(haru(["import", "jsonl", "-"], ledger: b, stdin: haru(["export", "jsonl"], ledger: a).out).code == 0)
        // Each side adds its own count, then they swap exports.
        #expect(haru(["count", "water", "2", "--id", "from-a", "--now", "2026-03-02T08:00:00Z"], ledger: a).code == 0)
        #expect(haru(["count", "water", "5", "--id", "from-b", "--now", "2026-03-02T09:00:00Z"], ledger: b).code == 0)
        let ea = haru(["export", "jsonl"], ledger: a).out, eb = haru(["export", "jsonl"], ledger: b).out
        #expect(haru(["import", "jsonl", "-"], ledger: a, stdin: eb).code == 0)
        #expect(haru(["import", "jsonl", "-"], ledger: b, stdin: ea).code == 0)
        let dayA = haru(["day", "2026-03-02", "--json", "--now", "2026-03-03T00:00:00Z"], ledger: a).out
        let dayB = haru(["day", "2026-03-02", "--json", "--now", "2026-03-03T00:00:00Z"], ledger: b).out
        #expect(dayA.contains(#""count":7"#), "\(dayA)")
        // The same answer; each ledger's own chain (the events came in another order) gives its own hash.
        func answer(_ s: String) -> String {
            s.replacingOccurrences(of: #","known_at_hash":"[0-9a-f]{64}""#, with: "", options: .regularExpression)
        }
        #expect(answer(dayA) == answer(dayB) && dayA != dayB)
    }

    @Test func anExportToAFileIsWholeOrAbsent() throws {
        let dir = TempDir()
        let src = ledger(from: "demo/demo.jsonl", in: dir)
        let file = dir.path + "/out.jsonl"
        let r = haru(["export", "jsonl", "--output", file], ledger: src)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.err.hasPrefix("Exported "))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text == haru(["export", "jsonl"], ledger: src).out)
        // A directory that does not exist: exit 3, nothing left behind.
        let bad = haru(["export", "jsonl", "-o", dir.path + "/no/such/dir/out.jsonl"], ledger: src)
        #expect(bad.code == 3)
        #expect(bad.err.contains("cannot create"), "\(bad.err)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(!left.contains { $0.contains(".partial-") })
    }
}

struct ImportBadInput {
    @Test func aRestoreRefusesATransactionTimeFarAheadOfTheClockNamingItsLine() throws {
        let dir = TempDir()
        let src = JSONLRoundTrip().ledger(from: "demo/demo.jsonl", in: dir)
        var lines = haru(["export", "jsonl"], ledger: src).out.split(separator: "\n").map(String.init)
        // A backup whose line 3 says it was recorded in 2099 (a wrong clock, or an edited file).
        lines[2] = lines[2].replacingOccurrences(
            of: #""recorded":"[^"]*""#, with: #""recorded":"2099-01-01T00:00:00.000000Z""#, options: .regularExpression)
        let fresh = dir.path + "/fresh"
        let r = haru(["import", "jsonl", "-"], ledger: fresh, stdin: lines.joined(separator: "\n"))
        #expect(r.code == 2)
        #expect(r.err.contains("line 3: recorded: is more than a day after this machine's clock"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: fresh), "nothing is made")
    }

    @Test func aBadLineRejectsTheWholeFileNamingLineAndFieldAndWritesNothing() throws {
        let dir = TempDir()
        let src = JSONLRoundTrip().ledger(from: "demo/demo.jsonl", in: dir)
        var lines = haru(["export", "jsonl"], ledger: src).out.split(separator: "\n").map(String.init)
        lines[4] = lines[4].replacingOccurrences(of: #""type":"#, with: #""typ":"#)
        let fresh = dir.path + "/fresh"
        let r = haru(["import", "jsonl", "-"], ledger: fresh, stdin: lines.joined(separator: "\n"))
        #expect(r.code == 2)
        #expect(r.err.contains("line 5: typ: is not an event field"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: fresh), "a ledger made for the import is taken away again")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: dir.path).contains { $0.contains(".partial-") }, "nor left beside it")
        // Into an existing ledger: its head does not move.
        let before = haru(["log", "--json"], ledger: src).out
        let into = haru(
            ["import", "jsonl", "-"], ledger: src,
            stdin: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"x","action_id":"nope","amount":1},"seq":9}"#)
        #expect(into.code == 2)
        #expect(into.err.contains("line 1: data.action_id: no action with id \"nope\""), "\(into.err)")
        #expect(haru(["log", "--json"], ledger: src).out == before)
    }

    @Test func provenanceIsForImportOnly() {
        let dir = cliLedger()
        let line = #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"x","action_id":"water","amount":1},"seq":9}"#
        let r = haru(["append"], ledger: dir.ledgerPath, stdin: line)
        #expect(r.code == 2)
        #expect(r.err.contains("seq: is assigned by the store; leave it out (use `haru import jsonl` to restore a whole ledger)"))
        #expect(haru(["import", "jsonl", "-"], ledger: dir.ledgerPath, stdin: line).code == 0)
    }

    @Test func aMissingFileIsExitTwo() {
        let dir = TempDir()
        let r = haru(["import", "jsonl", dir.path + "/nope.jsonl"], ledger: dir.ledgerPath)
        #expect(r.code == 2, "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.ledgerPath))
    }
}

/// `haru export csv` / `haru import csv` (the app's five files) over every
/// Fixtures history: the same day totals and reports; the same progress for
/// histories whose goals and quests were never edited and no day skipped (the files hold the
/// definitions as they stand, not their history).
struct CSVRoundTrip {
    @Test(arguments: JSONLRoundTrip.fixtureFiles)
    func importOfTheExportGivesTheSameAnswers(_ fixture: String) throws {
        let dir = TempDir()
        let original = JSONLRoundTrip().ledger(from: fixture, in: dir)
        let now = "2026-04-01T00:00:00Z"
        for lang in ["en", "ko", "ja"] {
            let folder = dir.path + "/csv-" + lang
            let export = haru(["export", "csv", folder, "--lang", lang, "--now", now], ledger: original)
            try #require(export.code == 0, "\(export.err)")
            // The settings are not in the files: the new ledger takes the original's first.
            let settings = haru(["export", "jsonl"], ledger: original).out.split(separator: "\n").filter {
                $0.contains(#""type":"settings.changed""#)
            }
            let copy = dir.path + "/copy-" + lang
            #expect(haru(["import", "jsonl", "-"], ledger: copy, stdin: settings.joined(separator: "\n")).code == 0)
            let imported = haru(["import", "csv", folder], ledger: copy)
            #expect(imported.code == 0, "\(fixture) \(lang): \(imported.err)")
            var queries = [
                ["report", "--from", "2026-02-01", "--to", "2026-04-30", "--every", "day", "--json", "--now", now],
                ["report", "--from", "2026-02-01", "--to", "2026-04-30", "--by", "tag", "--json", "--now", now],
            ]
            let text = try String(contentsOfFile: packageRoot + "/Fixtures/" + fixture, encoding: .utf8)
            // Skipped days are not in the app's files (the app has none): `export jsonl` keeps them.
            if !text.contains(#""type":"goal.edited""#) && !text.contains(#""type":"quest.edited""#) && !text.contains("goal.deleted")
                && !text.contains("skip.added")
            {
                queries.append(["progress", "--json", "--now", now])
            }
            for q in queries {
                let a = haru(q, ledger: original).out, b = haru(q, ledger: copy).out
                // known_at differs (another log); everything else is the same.
                // The seq and hash of the state differ between the ledgers (the CSV has no event history); the answers must not.
                func strip(_ s: String) -> String {
                    s.replacingOccurrences(of: #""known_at":\d+"#, with: "", options: .regularExpression)
                        .replacingOccurrences(of: #""known_at_hash":"[0-9a-f]{64}""#, with: "", options: .regularExpression)
                }
                #expect(strip(a) == strip(b), "\(fixture) \(lang) \(q)")
            }
            // Idempotent: the same folder again adds nothing.
            #expect(haru(["import", "csv", folder], ledger: copy).out.contains("Imported 0 events"))
        }
    }

    @Test func filesHaveTheAppsNamesHeadersAndByteOrderMark() throws {
        let dir = TempDir()
        let src = JSONLRoundTrip().ledger(from: "demo/demo.jsonl", in: dir)
        #expect(haru(["export", "csv", dir.path + "/ko", "--lang", "ko"], ledger: src).code == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/ko").sorted()
        #expect(names == ["하루다님-다짐.csv", "하루다님-목표.csv", "하루다님-시간기록.csv", "하루다님-행동.csv", "하루다님-횟수기록.csv"], "\(names)")
        let bytes = try #require(FileManager.default.contents(atPath: dir.path + "/ko/하루다님-행동.csv"))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF], "UTF-8 with a byte order mark")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("ID,이름,추적 방식,"))
        #expect(text.contains("read,Reading,time,study,Study,#3366CC,📖,#3366CC,false,\r\n"), "\(text)")
        #expect(haru(["export", "csv", dir.path + "/x", "--lang", "fr"], ledger: src).code == 2)
        // A file an earlier version wrote (측정 방식, 심볼: before the app's 추적 방식, 아이콘) still imports.
        let old = text.replacingOccurrences(of: "추적 방식", with: "측정 방식").replacingOccurrences(of: "아이콘", with: "심볼")
        try Data(old.utf8).write(to: URL(fileURLWithPath: dir.path + "/ko/하루다님-행동.csv"))
        #expect(haru(["init", "--time-zone", "Asia/Seoul"], ledger: dir.path + "/again").code == 0)
        let r = haru(["import", "csv", dir.path + "/ko"], ledger: dir.path + "/again")
        #expect(r.code == 0, "\(r.err)")
        #expect(haru(["actions"], ledger: dir.path + "/again").out.contains("Reading"))
    }
}

struct CSVImportBadInput {
    func folder(_ dir: TempDir, _ files: [String: String]) -> String {
        let f = dir.path + "/in"
        try? FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        for (name, text) in files { FileManager.default.createFile(atPath: f + "/" + name, contents: Data(text.utf8)) }
        return f
    }

    @Test(arguments: [
        (
            ["HaruDanim-Actions.csv": "ID,Name,Colour\r\nread,Reading,time\r\n"],
            #"HaruDanim-Actions.csv line 1, column "Colour": is not a column of this file"#
        ),
        (["HaruDanim-Actions.csv": "ID,Name\r\nread,Reading\r\n"], #"HaruDanim-Actions.csv line 1, column "Tracking": is required"#),
        (
            ["HaruDanim-Actions.csv": "ID,Name,Tracking\r\nread,Reading\r\n"],
            "HaruDanim-Actions.csv line 2: has 2 fields where the header has 3"
        ),
        (
            ["HaruDanim-Actions.csv": "ID,Name,Tracking\r\nread,Reading,sometimes\r\n"],
            #"HaruDanim-Actions.csv line 2, column "Tracking": must be"#
        ),
        (
            ["HaruDanim-Actions.csv": "ID,Name,Tracking\r\nread,\"Reading,time\r\n"],
            "HaruDanim-Actions.csv line 2: a quoted field is never closed"
        ),
        (
            [
                "HaruDanim-Actions.csv": "ID,Name,Tracking\r\nbook,Book,time\r\n",
                "HaruDanim-TimeRecords.csv": "ID,Action ID,Start,End\r\ns1,book,2026-03-04T07:00:00+09:00,2026-03-04T06:00:00+09:00\r\n",
            ], "HaruDanim-TimeRecords.csv line 2: data.end: must be after data.start"
        ),
        (
            ["HaruDanim-TimeRecords.csv": "ID,Action ID,Start,End\r\ns1,read,07:00,2026-03-04T06:00:00+09:00\r\n"],
            #"HaruDanim-TimeRecords.csv line 2, column "Start": must be an ISO 8601 instant such as 2026-03-04T07:30:00+09:00 (got "07:00")"#
        ),
        (
            ["HaruDanim-CountRecords.csv": "ID,Action ID,Time,Amount\r\nc1,water,2026-03-04T07:00:00+09:00,5.000\r\n"],
            #"column "Amount": "5.000" is not a whole number"#
        ),
    ])
    func badFilesAreRefusedNamingFileLineAndColumn(_ files: [String: String], _ message: String) {
        let dir = TempDir()
        let ledger = cliLedger()
        let before = haru(["log", "--json"], ledger: ledger.ledgerPath).out
        // A dry run meets the same rules, with the same words.
        for extra in [[], ["--dry-run"]] {
            let r = haru(["import", "csv", folder(dir, files)] + extra, ledger: ledger.ledgerPath)
            #expect(r.code == 2, "\(extra) \(r.err)")
            #expect(r.err.contains(message), "\(extra) \(r.err)")
            #expect(haru(["log", "--json"], ledger: ledger.ledgerPath).out == before, "nothing written")
        }
    }

    /// `--dry-run` says what the import writes — the counts the import then
    /// reports — and writes nothing; after the import, the same files plan nothing.
    @Test func aDryRunSaysWhatTheImportWritesAndWritesNothing() throws {
        let dir = TempDir()
        let src = JSONLRoundTrip().ledger(from: "demo/demo.jsonl", in: dir)
        #expect(haru(["export", "csv", dir.path + "/csv"], ledger: src).code == 0)
        let ledger = TempDir()
        #expect(haru(["init", "--time-zone", "Asia/Seoul", "--day-start", "06:00"], ledger: ledger.ledgerPath).code == 0)
        let before = haru(["log", "--json"], ledger: ledger.ledgerPath).out
        let dry = haru(["import", "csv", dir.path + "/csv", "--dry-run"], ledger: ledger.ledgerPath)
        #expect(
            dry.code == 0 && dry.out.hasPrefix("Would import ") && dry.out.contains("nothing written (--dry-run"), "\(dry.out)\(dry.err)")
        #expect(haru(["log", "--json"], ledger: ledger.ledgerPath).out == before, "nothing written")
        let real = haru(["import", "csv", dir.path + "/csv"], ledger: ledger.ledgerPath)
        // The same list of what is made, in the same words.
        let planned = (dry.out.split(separator: ";").first.map(String.init) ?? "?").replacingOccurrences(
            of: "Would import", with: "Imported")
        #expect(real.out.hasPrefix(planned), "\(dry.out) / \(real.out)")
        let again = haru(["import", "csv", dir.path + "/csv", "--dry-run", "--json"], ledger: ledger.ledgerPath)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(again.out.utf8)) as? [String: Any])
        #expect(json["appended"] as? Int == 0 && (json["skipped"] as? Int ?? 0) > 0 && json["dry_run"] as? Bool == true)
    }

    @Test func aFolderWithoutTheFilesIsExitTwo() {
        let dir = TempDir()
        let r = haru(["import", "csv", dir.path], ledger: cliLedger().ledgerPath)
        #expect(r.code == 2)
        #expect(r.err.contains("no CSV files of the app"))
    }
}
