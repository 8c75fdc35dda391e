import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

/// `EventLineFastPath` may only ever agree with the full parser: for every
/// line it either declines (nil) or gives exactly the event the full parser
/// gives. Checked over the fixtures' lines, hand-made edge cases and
/// thousands of mutations of them.
struct EventLineFastPathAgreement {
    let zones = ZoneDirectory.system

    func full(_ line: [UInt8]) -> EventInput? {
        guard let json = try? JSONParser.parse(bytes: line) else { return nil }
        return try? EventInput.parse(json, zones: zones)
    }

    /// - Returns: whether the fast path took the line (and so was compared).
    @discardableResult
    func check(_ line: [UInt8], _ note: @autoclosure () -> String) -> Bool {
        guard let fast = EventLineFastPath.decode(line[...], zones: zones) else { return false }
        let slow = full(line)
        #expect(slow == fast, "fast path disagrees on \(note()): \(String(decoding: line, as: UTF8.self))")
        return true
    }

    /// Lines a bulk load is made of: the fast path must take them (or it is no use).
    static let plain = [
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":3}}"#,
        #"{"type":"count.added","at":"2026-03-02T08:00:00Z","data":{"action_id":"water","entry_id":"c2","amount":7,"note":"ok"}}"#,
        #"{"type":"session.recorded","at":"2026-03-02T08:00:00+09:00","data":{"session_id":"s1","action_id":"read","start":"2026-03-02T07:00:00+09:00","end":"2026-03-02T08:00:00+09:00"}}"#,
        #"{"type":"session.started","at":"2026-03-02T08:00:00+09:00","data":{"session_id":"s2","action_id":"read"}}"#,
        #"{"type":"session.stopped","at":"2026-03-02T09:00:00-05:30","data":{"session_id":"s2"}}"#,
        #"{"type":"tag.created","at":"2026-03-01T00:00:00+09:00","data":{"tag_id":"work","name":"work"}}"#,
        #"{"type":"action.created","at":"2026-03-01T00:00:00+09:00","data":{"action_id":"a","name":"A","tracking":"time","tag_ids":["work","x.y"]}}"#,
        #"{"type":"action.created","at":"2026-03-01T00:00:00+09:00","data":{"action_id":"b","name":"B","tracking":"count","tag_ids":[]}}"#,
        #" { "type" : "count.edited" , "at" : "2026-03-02T08:00:00+09:00" , "data" : { "entry_id" : "c1" , "amount" : 5 } } "#,
        #"{"type":"settings.changed","at":"2026-03-01T00:00:00+09:00","data":{"time_zone":"Asia/Seoul","day_start":"06:00"}}"#,
    ]

    /// Lines it must leave to the full parser (each for its own reason).
    static let declined = [
        #"{"at":"2026-03-02T08:00:00+09:00","type":"count.added","data":{"entry_id":"c1","action_id":"water","amount":3}}"#,  // order
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":3},"source":"x"}"#,
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c\u0031","action_id":"water","amount":3}}"#,  // escape
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":3.0}}"#,  // fraction
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":1e2}}"#,
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":03}}"#,  // leading zero
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":99999999999999999999}}"#,
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water"}}"#,  // required amount
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","entry_id":"c2","action_id":"water","amount":1}}"#,
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":0}}"#,  // rule
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":-7}}"#,
        #"{"type":"count.added","at":"2026-03-02T08:00:00","data":{"entry_id":"c1","action_id":"water","amount":1}}"#,  // no offset
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":1,"note":"café"}}"#,
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":1}} x"#,
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":1,}}"#,
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{"entry_id":"c1","action_id":"water","amount":null}}"#,
        #"{"type":"action.edited","at":"2026-03-02T08:00:00+09:00","data":{"action_id":"a","name":"B"}}"#,  // edits of actions
        #"{"type":"quest.created","at":"2026-03-01T00:00:00+09:00","data":{"quest_id":"q1","goal_id":"g1","target":{"action_id":"read"},"period":"weekly","target_seconds":7200,"direction":"at_least"}}"#,
        #"{"type":"no.such","at":"2026-03-02T08:00:00+09:00","data":{}}"#,
        #"{"type":"count.added","at":"2026-03-02T08:00:00+09:00","data":{}}"#,
    ]

    @Test func takesThePlainLinesOfABulkLoadAsTheFullParserDoes() throws {
        for line in Self.plain {
            let bytes = Array(line.utf8)
            let fast = try #require(EventLineFastPath.decode(bytes[...], zones: zones), "declined: \(line)")
            #expect(fast == full(bytes), "\(line)")
        }
    }

    @Test func leavesEverythingElseToTheFullParser() {
        for line in Self.declined {
            #expect(EventLineFastPath.decode(Array(line.utf8)[...], zones: zones) == nil, "\(line)")
        }
    }

    /// Every fixture line, and 60 random one-byte edits of every line here
    /// and there: the fast path declines or agrees.
    @Test func agreesWithTheFullParserOnMutatedLines() throws {
        var lines = Self.plain + Self.declined
        let root = packageRoot + "/Fixtures"
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
        for f in files where f.hasSuffix(".jsonl") {
            let text = try String(contentsOfFile: root + "/" + f, encoding: .utf8)
            lines += text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        }
        #expect(lines.count > 200)
        let alphabet = Array(#"{}[]:,"\ 0123456789-+.eEaZtT_x"#.utf8) + [0x09, 0x0D, 0x00, 0x1F, 0x7F, 0xC3, 0xA9]
        var rng = SeededRNG(seed: 17)
        var accepted = 0, mutantsTaken = 0
        for line in lines {
            let bytes = Array(line.utf8)
            if check(bytes, "the line itself") { accepted += 1 }
            for _ in 0..<60 {
                var m = bytes
                let at = Int.random(in: 0..<max(m.count, 1), using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0 where !m.isEmpty: m.remove(at: at)
                case 1: m.insert(alphabet.randomElement(using: &rng)!, at: at)
                case 2 where !m.isEmpty: m[at] = alphabet.randomElement(using: &rng)!
                default: if !m.isEmpty { m.insert(m[at], at: at) }
                }
                if check(m, "a mutation") { mutantsTaken += 1 }
            }
        }
        // The comparison has to have happened: plain lines taken, and mutants
        // that still read (whitespace, other digits, other ids) taken too.
        #expect(accepted >= Self.plain.count + 50, "\(accepted) lines taken")
        #expect(mutantsTaken >= 1_000, "\(mutantsTaken) mutants taken")
    }
}

/// The same agreement for the lines of `haru export jsonl` (`provenance: true`):
/// the fast path takes an export's lines, reads past the provenance tail, and
/// otherwise declines or agrees with the full parser in import mode.
struct ExportedLineFastPathAgreement {
    let zones = ZoneDirectory.system

    func full(_ line: [UInt8]) -> EventInput? {
        guard let json = try? JSONParser.parse(bytes: line) else { return nil }
        return try? EventInput.parse(json, zones: zones, provenance: true)
    }

    static let exported = [
        #"{"id":"019ca4c3-7980-735c-9c89-79a742eb34bc","type":"settings.changed","at":"2026-03-01T00:00:00+09:00","v":1,"source":"cli","data":{"time_zone":"Asia/Seoul","day_start":"06:00"},"seq":1,"recorded":"2026-02-28T15:00:00.000000Z","prev":"0000000000000000000000000000000000000000000000000000000000000000","hash":"4f9c642a1fb36be5d7686dadc4c9fdee0f5b6ec8fc10634244cb63f18339baef"}"#,
        #"{"id":"01a232a0-98df-72f6-958f-c2605ece43eb","type":"count.added","at":"2026-03-02T08:00:00+09:00","v":1,"data":{"entry_id":"c1","action_id":"water","amount":3},"seq":7,"recorded":"2026-12-01T17:21:55.423478Z","prev":"4f9c642a1fb36be5d7686dadc4c9fdee0f5b6ec8fc10634244cb63f18339baef","hash":"5f9c642a1fb36be5d7686dadc4c9fdee0f5b6ec8fc10634244cb63f18339baef"}"#,
    ]

    @Test func takesExportedLinesAsTheFullParserDoes() throws {
        for line in Self.exported {
            let bytes = Array(line.utf8)
            let fast = try #require(EventLineFastPath.decode(bytes[...], zones: zones, provenance: true), "declined: \(line)")
            #expect(fast == full(bytes))
            #expect(fast.id != nil, "the exported id is kept: an import is idempotent by it")
            // Outside an import, provenance is refused (by the full parser; the fast path declines).
            #expect(EventLineFastPath.decode(bytes[...], zones: zones) == nil)
        }
    }

    @Test func agreesWithTheFullParserOnMutatedExportedLines() {
        let alphabet = Array(#"{}[]:,"\ 0123456789-+.eEaZtT_xv"#.utf8) + [0x09, 0x00, 0xC3]
        var rng = SeededRNG(seed: 23)
        var taken = 0
        for line in Self.exported {
            let bytes = Array(line.utf8)
            for _ in 0..<3_000 {
                var m = bytes
                let at = Int.random(in: 0..<m.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: m.remove(at: at)
                case 1: m.insert(alphabet.randomElement(using: &rng)!, at: at)
                default: m[at] = alphabet.randomElement(using: &rng)!
                }
                guard let fast = EventLineFastPath.decode(m[...], zones: zones, provenance: true) else { continue }
                taken += 1
                #expect(fast == full(m), "fast path disagrees: \(String(decoding: m, as: UTF8.self))")
            }
        }
        #expect(taken >= 500, "\(taken) mutants taken")
    }
}
