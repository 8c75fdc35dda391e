import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage

/// `haru redact` and `haru compact` (Docs/design.md "Redaction"): the text
/// goes for good, the chain still verifies, every answer but the text stays.
struct Redacting {
    static let secret = "secret-XYZZY-diary"
    let now = ["--now", "2026-03-05T00:00:00+09:00"]

    /// The CLI ledger with a note and a session note holding the secret; returns the count's seq.
    func ledger() -> (TempDir, String) {
        let dir = cliLedger()
        let p = dir.ledgerPath
        #expect(haru(["count", "water", "--note", Self.secret, "--now", "2026-03-04T09:00:00+09:00"], ledger: p).code == 0)
        #expect(haru(["count", "water", "2", "--note", "kept", "--now", "2026-03-04T10:00:00+09:00"], ledger: p).code == 0)
        return (dir, "5")
    }

    func files(_ dir: String) throws -> [String: Data] {
        var all: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            all[name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
        }
        return all
    }

    static let views: [[String]] = [["day", "2026-03-04"], ["report"], ["records", "2026-03-04"], ["actions"], ["history", "water", "--records"]]

    /// A view's JSON with its provenance removed (the redaction is one more event).
    func answer(_ args: [String], _ p: String) -> String {
        haru(args + ["--json"] + now, ledger: p).out
            .replacingOccurrences(of: #","known_at":\d+,"known_at_hash":"[0-9a-f]{64}""#, with: "", options: .regularExpression)
    }

    @Test func theTextGoesTheChainVerifiesAndEveryAnswerButTheTextStays() throws {
        let (dir, seq) = ledger()
        let p = dir.ledgerPath
        let before = Self.views.map { answer($0, p) }
        #expect(before[2].contains(Self.secret))
        let r = haru(["redact", seq, "--reason", "asked to forget it"] + now, ledger: p)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("Redacted seq 5 (note): the text is now \"[redacted: seq 5]\"; seq 7 records it."), "\(r.out)")
        let v = haru(["verify"], ledger: p)
        #expect(v.code == 0, "\(v.out)\(v.err)")
        for (view, was) in zip(Self.views, before) {
            let is_ = answer(view, p)
            #expect(!is_.contains(Self.secret), "\(view)")
            #expect(is_ == was.replacingOccurrences(of: Self.secret, with: "[redacted: seq 5]"), "\(view): \(is_)")
        }
        let log = haru(["log", "--json"], ledger: p).out
        #expect(log.contains(#""type":"ledger.redacted""#) && log.contains(#""reason":"asked to forget it""#) && log.contains(#""fields":["note"]"#))
        #expect(!log.contains(Self.secret))

        // Compacted: not a byte of the text in any file of the copy; the same events.
        let copy = dir.path + "/compact"
        let c = haru(["compact", copy], ledger: p)
        #expect(c.code == 0, "\(c.err)")
        for (name, bytes) in try files(copy) {
            #expect(bytes.range(of: Data(Self.secret.utf8)) == nil, "\(name) still holds the text")
        }
        #expect(haru(["verify"], ledger: copy).code == 0)
        #expect(haru(["log", "--json"], ledger: copy).out == log)
        #expect(answer(["day", "2026-03-04"], copy) == answer(["day", "2026-03-04"], p))
        // The original file may still hold it in free pages: that is what compact is for.
        #expect(haru(["compact", copy], ledger: p).err.contains("exists: compact writes a new ledger"))
    }

    @Test func aChangedByteInARedactedPayloadIsFound() throws {
        let (dir, seq) = ledger()
        let p = dir.ledgerPath
        #expect(haru(["redact", seq, "--reason", "r"] + now, ledger: p).code == 0)
        do {
            let l = try Ledger(path: p)
            try l.environment.write { txn in
                var record = try #require(try txn.copy(l.events, 5))
                record[record.count - 2] ^= 0x01  // inside the marker text, at the payload's end
                try txn.put(l.events, 5, record)
            }
        }
        let v = haru(["verify"], ledger: p)
        #expect(v.code == 1)
        #expect(v.err.contains("FAILED at seq 5: the redacted payload does not match the digests its redaction (seq 7) recorded"), "\(v.err)")
    }

    @Test func anExportOfARedactedLedgerImportsAndVerifiesAndAForgedRedactionIsRefused() throws {
        let (dir, seq) = ledger()
        let p = dir.ledgerPath
        #expect(haru(["redact", seq, "--field", "note", "--reason", "r"] + now, ledger: p).code == 0)
        let export = haru(["export", "jsonl"], ledger: p).out
        let other = dir.path + "/other"
        #expect(haru(["import", "jsonl", "-"], ledger: other, stdin: export).code == 0)
        #expect(haru(["verify"], ledger: other).code == 0, "the marked text came in covered by the new chain")
        // A redaction that did not happen, appended by a script: refused, nothing written.
        let forged = #"{"type":"ledger.redacted","at":"2026-03-04T00:00:00Z","data":{"seq":6,"fields":["note"],"reason":"x","digest":"\#(String(repeating: "a", count: 64))","redacted_digest":"\#(String(repeating: "b", count: 64))"}}"#
        let r = haru(["append", "-"], ledger: p, stdin: forged)
        #expect(r.code == 2)
        #expect(r.err.contains("line 1: data.seq: seq 6 is not redacted as this event says"), "\(r.err)")
        #expect(haru(["verify"], ledger: p).code == 0)
    }

    @Test(arguments: [
        (["redact", "5"], "--reason is required"),
        (["redact", "x", "--reason", "r"], #"SEQ: "x" is not a seq"#),
        (["redact", "99", "--reason", "r"], "SEQ: seq 99 is not in the ledger"),
        (["redact", "2", "--reason", "r", "--field", "note"], "--field: seq 2 (tag.created) has no note"),
        (["redact", "5", "--reason", "r", "--field", "amount"], #"--field: "amount" is not a field of user text or attachments (name, note, title, text, mood_photo, attachments)"#),
        (["redact", "1", "--reason", "r"], "seq 1 (settings.changed) holds no user text (name, note, title, text) and no attachments"),
    ])
    func badRedactionsAreRefusedAndWriteNothing(_ args: [String], _ message: String) {
        let (dir, _) = ledger()
        let p = dir.ledgerPath
        let log = haru(["log", "--json"], ledger: p).out
        let r = haru(args + now, ledger: p)
        #expect(r.code == 2, "\(args): \(r.err)")
        #expect(r.err.contains(message), "\(args): \(r.err)")
        #expect(haru(["log", "--json"], ledger: p).out == log)
    }

    @Test func aSecondRedactionOfTheSameEventAndOneOfARedactionAreRefused() {
        let (dir, _) = ledger()
        let p = dir.ledgerPath
        #expect(haru(["redact", "5", "--reason", "r"] + now, ledger: p).code == 0)
        #expect(haru(["redact", "5", "--reason", "r"] + now, ledger: p).err.contains("seq 5 is redacted already; its text is gone"))
        #expect(haru(["redact", "7", "--reason", "r"] + now, ledger: p).err.contains("seq 7 records a redaction; it holds no user text"))
        // Undo passes over the redaction (its text is gone for good) and says so.
        let list = haru(["undo", "--list"] + now, ledger: p)
        #expect(list.out.hasPrefix("seq 7  ledger.redacted"), "\(list.out)")
        #expect(list.out.contains("(passed over: a redaction is not undone: the text it removed is gone for good)"), "\(list.out)")
    }
}
