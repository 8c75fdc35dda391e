import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruStorage
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
        let imported = haru(["import", "jsonl", "-"], ledger: copy, stdin: export.out)
        #expect(imported.code == 0, "\(imported.err)")
        let again = haru(["export", "jsonl"], ledger: copy)
        #expect(Self.withoutProvenance(again.out) == Self.withoutProvenance(export.out), "same ids, seqs, times and data")
        #expect(haru(["verify"], ledger: copy).code == 0)
        // The same answers.
        let now = "2026-04-01T00:00:00Z"
        for query in [
            ["progress", "--json", "--now", now], ["progress", "--json", "--as-of", "2026-03-05"],
            ["report", "--from", "2026-02-01", "--to", "2026-04-30", "--every", "day", "--json", "--now", now],
            ["day", "2026-03-04", "--json", "--now", now], ["records", "--from", "2026-02-25", "--to", "2026-04-05", "--all", "--json", "--now", now],
            ["actions", "--all", "--json", "--now", now], ["goals", "--all", "--json", "--now", now], ["settings", "--json", "--now", now],
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
        #expect(dayA == dayB)
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
        // Into an existing ledger: its head does not move.
        let before = haru(["log", "--json"], ledger: src).out
        let into = haru(["import", "jsonl", "-"], ledger: src, stdin: #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"entry_id":"x","action_id":"nope","amount":1},"seq":9}"#)
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
