import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruModel

/// Hostile input through every way in (Docs/reliability.md "Hostile
/// input"): each gets exit 2 with the line or option named, or is taken;
/// the head moves only when it is taken; nothing crashes (a trap here
/// ends the test run) and nothing hangs (the suite's time limit).
struct HostileInput {
    static let valid =
        #"{"type":"count.added","at":"2026-03-04T09:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":2,"note":"n"}}"#

    /// The corpus: what a fuzzer finds first, written down.
    static let corpus: [(String, String)] = [
        (String(repeating: "x", count: 10_000_000), "line 1"),
        (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), "line 1"),
        (#"{"type":"count.added","at":"2026-03-04T09:00:00+09:00","data":{"entry_id":"c\#u{FFFD}","action_id":"water","amount":2}}"#, "data.entry_id"),
        ("{\"type\":\"count.added\",\u{0}\"at\":\"2026-03-04T09:00:00+09:00\"}", "line 1"),
        (#"{"type":"count.added","at":"2026-03-04T09:00:00+09:00","data":{"entry_id":"c9","action_id":"water","amount":1e400}}"#, "line 1"),
        (#"{"type":"count.added","at":"2026-03-04T09:00:00+09:00","data":{"entry_id":"c9","action_id":"water","amount":NaN}}"#, "line 1"),
        (#"{"type":"count.added","at":"2026-03-04T09:00:00+09:00","data":{"entry_id":"c9","action_id":"water","amount":-0}}"#, "data.amount"),
        (#"{"type":"count.added","at":"2026-03-04T09:00:00+09:00","data":{"entry_id":"c9","entry_id":"c8","action_id":"water","amount":1}}"#, "entry_id"),
        (#"{"type":"count.added","at":"2026-02-30T09:00:00+09:00","data":{"entry_id":"c9","action_id":"water","amount":1}}"#, "at"),
        (#"{"type":"count.added","at":"2026-03-04T24:00:00+09:00","data":{"entry_id":"c9","action_id":"water","amount":1}}"#, "at"),
        (#"{"type":"count.added","at":"2026-03-04T09:00:00+14:01","data":{"entry_id":"c9","action_id":"water","amount":1}}"#, "at"),
        (#"{"type":"settings.changed","at":"2026-03-04T09:00:00+09:00","data":{"time_zone":"../../etc/passwd"}}"#, "data.time_zone"),
        (#"{"type":"count.added","at":"2026-03-04T09:00:00+09:00","data":{"entry_id":"../../etc/passwd","action_id":"water","amount":1}}"#, "data.entry_id"),
        (#"{"type":"count.added","at":"2026-03-04T09:00:00+09:00","data":{"entry_id":"c9","action_id":"water","amount":1,"note":"a\#u{1B}[31mb"}}"#, "line 1: event: invalid JSON"),
        (#"{"type":"count.added","at":"9999-12-31T23:59:59-23:59","data":{"entry_id":"c9","action_id":"water","amount":1}}"#, "at"),
    ]

    @Test func theCorpusIsRefusedNamingWhereAndWritesNothing() {
        let dir = cliLedger()
        let head = haru(["log", "--json"], ledger: dir.ledgerPath).out
        for (text, named) in Self.corpus {
            let r = haru(["append", "-"], ledger: dir.ledgerPath, stdin: text)
            #expect(r.code == 2, "\(text.prefix(80)): \(r.err.prefix(300))")
            #expect(r.err.contains(named), "\(text.prefix(80)): \(r.err.prefix(300))")
            #expect(r.err.utf8.count < 2_000, "an error is a line, not an echo of the input")
        }
        // Invalid UTF-8 (not expressible in a Swift string literal), through a file.
        let file = dir.path + "/bad.jsonl"
        var bytes = Array(Self.valid.utf8)
        bytes[bytes.count - 5] = 0xC3  // a lead byte without its continuation, inside the note
        FileManager.default.createFile(atPath: file, contents: Data(bytes))
        let bad = haru(["append", file], ledger: dir.ledgerPath)
        #expect(bad.code == 2 && bad.err.contains("line 1"), "\(bad.err)")
        #expect(haru(["log", "--json"], ledger: dir.ledgerPath).out == head, "nothing was written")
    }

    /// A deterministic mutation loop over valid lines (byte changes,
    /// insertions, deletions, truncations, repeats): every result is taken
    /// (exit 0, one event more) or refused naming its line (exit 2, nothing
    /// written). Several thousand inputs through the same parser and
    /// validator as `haru append`, a few hundred through the command itself.
    @Test func mutatedLinesAreTakenOrRefusedNamingTheLine() throws {
        let seeds = [
            Self.valid,
            #"{"type":"session.recorded","at":"2026-03-04T08:00:00+09:00","data":{"session_id":"s9","action_id":"read","start":"2026-03-04T07:00:00+09:00","end":"2026-03-04T08:00:00+09:00"}}"#,
            ##"{"type":"action.created","at":"2026-03-01T00:00:00+09:00","data":{"action_id":"b","name":"B","tracking":"count","tag_ids":["study"],"color":"#AABBCC"}}"##,
            #"{"type":"quest.created","at":"2026-03-01T00:00:00+09:00","data":{"quest_id":"q","goal_id":"g","target":{"action_id":"read"},"measure":"time","period":"day","target_value":1800,"direction":"at_least","schedule":{"mode":"weekdays","weekdays":["monday","friday"]}}}"#,
        ]
        var m = HostileImports.Mutator(
            rng: SeededRNG(seed: HostileImports.seedShift &+ 77),
            alphabet: Array(#"{}[]":,0123456789-+.eEtrufalsn \TZ"#.utf8) + [0x00, 0x0A, 0x5C, 0xC3, 0xFF], repeatUpTo: 20)
        func mutate(_ line: [UInt8]) -> [UInt8] { m.mutate(line) }
        var parsed = 0
        let rounds = HostileImports.rounds
        for k in 0..<(4_000 * rounds) {
            let line = mutate(Array(seeds[k % seeds.count].utf8))
            // The parser and validator of `haru append`: a value or an error, never a trap.
            if let json = try? JSONParser.parse(bytes: line), (try? EventInput.parse(json, zones: .system)) != nil { parsed += 1 }
            _ = EventLineFastPath.decode(line[...], zones: .system)
        }
        #expect(parsed > 0 && parsed < 4_000 * rounds, "the loop reaches both sides: \(parsed)")
        let dir = cliLedger()
        var head = haru(["log", "--json"], ledger: dir.ledgerPath).out.split(separator: "\n").count
        for k in 0..<(300 * rounds) {
            let line = mutate(Array(seeds[k % seeds.count].utf8))
            let text = String(decoding: line, as: UTF8.self)
            let r = haru(["append", "-"], ledger: dir.ledgerPath, stdin: text)
            let now = haru(["log", "--json"], ledger: dir.ledgerPath).out.split(separator: "\n").count
            switch r.code {
            case 0: #expect(now <= head + 1, "\(text)")
            case 2:
                #expect(now == head, "refused, nothing written: \(text)")
                #expect(r.err.hasPrefix("Error: line ") || r.err.hasPrefix("Error: nothing to append"), "\(text): \(r.err)")  // a mutation may add a line break
            default: Issue.record("exit \(r.code) for \(text): \(r.err)")
            }
            head = now
        }
    }

    /// Every option that reads a date, a time, a duration or a seq, given
    /// mutations of good values: exit 0, 1 or 2, never a trap.
    @Test func optionValuesAreTakenOrRefused() {
        let dir = cliLedger()
        var rng = SeededRNG(seed: HostileImports.seedShift &+ 78)
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        let goods = ["2026-03-04", "2026-03-04T07:30:00+09:00", "07:30", "yesterday 21:00", "-30m", "1h30m", ":week", "monday", "12", "2999-12-31", "1900-01-01T00:00:00Z"]
        let chars = Array("0123456789:-+TZ. hmsdaywk".utf8) + [0xC3]
        func mutate(_ s: String) -> String {
            var b = Array(s.utf8)
            for _ in 0...r(2) {
                guard !b.isEmpty else { break }
                let at = r(b.count)
                switch r(3) {
                case 0: b[at] = chars[r(chars.count)]
                case 1: b.insert(chars[r(chars.count)], at: at)
                default: b.remove(at: at)
                }
            }
            return String(decoding: b, as: UTF8.self)
        }
        for k in 0..<(400 * HostileImports.rounds) {
            let v = mutate(goods[k % goods.count])
            let runs: [[String]] = [
                ["day", v], ["day", "--as-of", v], ["progress", "--known-at", v], ["report", "--from", v],
                ["count", "Water", "--at", v], ["records", "--from", v, "--to", v], ["day", "--now", v],
            ]
            let args = runs[k % runs.count]
            let res = haru(args, ledger: dir.ledgerPath)
            #expect([0, 1, 2].contains(res.code), "\(args): exit \(res.code) \(res.err)")
        }
    }
}
