import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruModel

/// Attachments as blobs: stored once by their SHA-256 beside the log, named
/// by the diary pages that hold them, carried by `export jsonl`, erased by
/// `redact` (gone from the files after `compact`), checked by `verify`.
struct BlobTests {
    /// `count` bytes from a seeded generator (a photo's worth of noise: nothing compresses or repeats).
    func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var rng = SeededRNG(seed: seed)
        var out = [UInt8](repeating: 0, count: count)
        var k = 0
        while k < count {
            let word: UInt64 = rng.next()
            for j in 0..<8 where k + j < count { out[k + j] = UInt8(truncatingIfNeeded: word >> (8 * UInt64(j))) }
            k += 8
        }
        return out
    }

    func files(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).map { dir + "/" + $0 }
    }

    /// Whether any file of the ledger holds `needle`.
    func ledgerHolds(_ dir: String, _ needle: [UInt8]) -> Bool {
        files(dir).contains { f in
            guard let d = FileManager.default.contents(atPath: f) else { return false }
            return d.range(of: Data(needle)) != nil
        }
    }

    /// A changed byte of a stored photo (issue 40, finding 12) was served
    /// by `haru blob` with exit 0, exported into a file `import` refused,
    /// and spread by sync so that the other device refused that file (and
    /// every later one) forever; `verify` said the events were damaged.
    /// Now every read checks the digest: not served, not exported, not
    /// sent, and verify names the attachment; attaching the file again mends it.
    @Test func aDamagedPhotoIsNeitherServedExportedNorSpreadAndAttachingItAgainMendsIt() throws {
        let dir = TempDir()
        let photo = noise(20_000, seed: 11)
        let path = dir.path + "/photo.jpg"
        FileManager.default.createFile(atPath: path, contents: Data(photo))
        let digest = photo.withUnsafeBytes { SHA256Context().hash($0) }.description
        let shared = dir.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        let a = dir.path + "/a", b = dir.path + "/b"
        let now = "2026-03-02T22:00:00+09:00"
        #expect(haru(["init", "--time-zone", "Asia/Seoul", "--now", now], ledger: a).code == 0)
        #expect(haru(["sync", shared, "--now", now], ledger: a).code == 0)
        #expect(haru(["init", "--from", shared, "--now", now], ledger: b).code == 0)
        #expect(haru(["diary", "write", "--mood-photo", path, "--now", now], ledger: a).code == 0)
        // One byte of the stored photo changes on A's disk.
        let file = a + "/data.mdb"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let at = try #require(bytes.range(of: Data(photo[1000..<1064]))).lowerBound
        bytes[at] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: file))

        let served = haru(["blob", digest, "-o", dir.path + "/back.jpg"], ledger: a)
        #expect(served.code == 3 && served.err.contains("the attachment \(digest) is damaged in the ledger"), "\(served.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/back.jpg"))
        let verify = haru(["verify"], ledger: a)
        #expect(verify.code == 1 && verify.err.contains("an attachment is damaged or missing"), "\(verify.err)")
        #expect(!verify.err.contains("The events themselves are damaged"))
        let export = haru(["export", "jsonl", "-o", dir.path + "/backup.jsonl"], ledger: a)
        #expect(export.code == 3 && export.err.contains("is damaged in the ledger"), "\(export.err)")
        // Sync: the page goes out without the damaged bytes; B leaves it out (named) and takes the rest.
        #expect(haru(["count", "water", "--now", now], ledger: a).code != 0 || true)
        let push = haru(["sync", "--now", now], ledger: a)
        #expect(push.out.contains("not read: this ledger's attachment \(digest): is damaged"), "\(push.out)")
        let pull = haru(["sync", "--now", now], ledger: b)
        #expect(pull.code == 1 && pull.out.contains("names the blob \(digest.prefix(12))…"), "\(pull.out)")
        #expect(haru(["verify"], ledger: b).code == 0, "B holds nothing damaged")

        // The same file attached again mends A.
        #expect(haru(["diary", "write", "--mood-photo", path, "--now", now], ledger: a).code == 0)
        #expect(haru(["verify"], ledger: a).code == 0)
        #expect(haru(["blob", digest, "-o", dir.path + "/back.jpg"], ledger: a).code == 0)
        #expect(FileManager.default.contents(atPath: dir.path + "/back.jpg") == Data(photo))
        #expect(haru(["export", "jsonl", "-o", dir.path + "/backup.jsonl"], ledger: a).code == 0)
        #expect(haru(["import", "jsonl", dir.path + "/backup.jsonl"], ledger: dir.path + "/restored").code == 0)
        // And its next sync sends the page with its photo.
        #expect(haru(["sync", "--now", now], ledger: a).code == 0)
        let again = haru(["sync", "--now", now], ledger: b)
        #expect(again.code == 0, "\(again.out)")
        #expect(haru(["blob", digest, "-o", dir.path + "/on-b.jpg"], ledger: b).code == 0)
        #expect(FileManager.default.contents(atPath: dir.path + "/on-b.jpg") == Data(photo))
    }

    @Test func aFiveMegabytePhotoTravelsAndIsErased() throws {
        let dir = TempDir()
        let photo = noise(5_000_000, seed: 7)
        let path = dir.path + "/photo.jpg"
        FileManager.default.createFile(atPath: path, contents: Data(photo))
        let digest = photo.withUnsafeBytes { SHA256Context().hash($0) }.description
        let a = dir.path + "/a"
        let now = "2026-03-02T22:00:00+09:00"
        #expect(haru(["init", "--time-zone", "Asia/Seoul", "--now", now], ledger: a).code == 0)
        let w = haru(["diary", "write", "--mood", "😊", "--mood-photo", path, "--now", now], ledger: a)
        #expect(w.code == 0, "\(w.err)")
        #expect(w.out.hasPrefix("Wrote the diary page of 2026-03-02. (1 file kept)"))
        #expect(haru(["verify"], ledger: a).code == 0)
        let page = haru(["diary", "today", "--json", "--now", now], ledger: a).out
        #expect(page.contains(#""mood_photo":{"digest":"\#(digest)","size":5000000}"#), "\(page)")
        // The bytes come back whole, by digest or a start of it.
        let out = dir.path + "/back.jpg"
        #expect(haru(["blob", String(digest.prefix(10)), "-o", out], ledger: a).code == 0)
        #expect(FileManager.default.contents(atPath: out) == Data(photo))

        // Exported (blob lines first) and imported into a new ledger: the same digest and bytes.
        let export = haru(["export", "jsonl"], ledger: a)
        #expect(export.out.hasPrefix(#"{"blob":"\#(digest)","base64":""#))
        let b = dir.path + "/b"
        let imp = haru(["import", "jsonl", "-"], ledger: b, stdin: export.out)
        #expect(imp.code == 0, "\(imp.err)")
        #expect(haru(["verify"], ledger: b).code == 0)
        #expect(haru(["diary", "2026-03-02", "--json", "--now", now], ledger: b).out.contains(#""digest":"\#(digest)","size":5000000"#))
        #expect(haru(["blob", digest, "-o", dir.path + "/b.jpg"], ledger: b).code == 0)
        #expect(FileManager.default.contents(atPath: dir.path + "/b.jpg") == Data(photo))
        // Imported again: nothing new (the blob is there, the events by id).
        #expect(haru(["import", "jsonl", "-", "--json"], ledger: b, stdin: export.out).out.contains(#""appended":0"#))

        // Redacted: the page no longer names it, the bytes leave the blobs; compact takes them out of the files.
        let red = haru(["redact", "2", "--field", "mood_photo", "--reason", "private", "--now", now], ledger: a)
        #expect(red.code == 0, "\(red.err)")
        #expect(haru(["verify"], ledger: a).code == 0)
        #expect(haru(["blob", digest], ledger: a).code == 2)
        #expect(haru(["diary", "today", "--now", now], ledger: a).out.contains("mood photo  erased (redacted: seq 2)"))
        let chunk = Array(photo[2_000_000..<2_000_064])
        #expect(haru(["compact"], ledger: a).code == 0)
        #expect(!ledgerHolds(a, chunk), "no file of the compacted ledger holds the photo's bytes")
        #expect(haru(["verify"], ledger: a).code == 0)
        // The redacted ledger's export carries the marker and no blob; it imports and verifies.
        let c = dir.path + "/c"
        let again = haru(["export", "jsonl"], ledger: a).out
        #expect(!again.contains(#"{"blob""#))
        #expect(haru(["import", "jsonl", "-"], ledger: c, stdin: again).code == 0)
        #expect(haru(["verify"], ledger: c).code == 0)
    }

    /// One photo on two pages is one blob: it stays until neither names it.
    @Test func aBlobTwoPagesNameStaysUntilBothAreRedacted() throws {
        let dir = TempDir()
        let photo = noise(100_000, seed: 3)
        let path = dir.path + "/p.png"
        FileManager.default.createFile(atPath: path, contents: Data(photo))
        let digest = photo.withUnsafeBytes { SHA256Context().hash($0) }.description
        let l = dir.ledgerPath
        #expect(haru(["init", "--time-zone", "UTC", "--now", "2026-03-02T20:00:00Z"], ledger: l).code == 0)
        #expect(haru(["diary", "write", "2026-03-01", "--attach", path, "--now", "2026-03-02T20:00:00Z"], ledger: l).code == 0)
        #expect(haru(["diary", "write", "2026-03-02", "--attach", path, "--now", "2026-03-02T20:00:00Z"], ledger: l).code == 0)
        #expect(haru(["redact", "2", "--reason", "r", "--now", "2026-03-02T21:00:00Z"], ledger: l).code == 0)
        #expect(haru(["blob", digest, "-o", dir.path + "/x"], ledger: l).code == 0, "the other page still names it")
        #expect(haru(["redact", "3", "--reason", "r", "--now", "2026-03-02T21:00:00Z"], ledger: l).code == 0)
        #expect(haru(["blob", digest], ledger: l).code == 2)
        #expect(haru(["verify"], ledger: l).code == 0)
        // Detached by number from a page written again; the other attachment stays.
        let other = dir.path + "/q.pdf"
        FileManager.default.createFile(atPath: other, contents: Data(noise(2_000, seed: 4)))
        #expect(
            haru(["diary", "write", "2026-03-03", "--attach", path, "--attach", other, "--now", "2026-03-03T20:00:00Z"], ledger: l).code
                == 0)
        #expect(haru(["diary", "write", "2026-03-03", "--detach", "1", "--now", "2026-03-03T20:00:00Z"], ledger: l).code == 0)
        let page = haru(["diary", "2026-03-03", "--json", "--now", "2026-03-03T20:00:00Z"], ledger: l).out
        #expect(
            page.contains(#""attachments":[{"digest":""#) && page.contains(#""size":2000,"name":"q.pdf"}]"#) && !page.contains(digest),
            "\(page)")
    }

    /// An attachment keeps its file name (issue 44): shown by `haru diary`,
    /// in the JSON, kept in step when one is detached or a write is undone,
    /// erased with the attachment by `redact`; a page whose names do not
    /// match its attachments is refused naming the line, field and rule.
    @Test func attachmentsKeepTheirFileNames() throws {
        let dir = TempDir()
        let l = dir.ledgerPath
        let now = ["--now", "2026-03-03T20:00:00Z"]
        for (name, seed) in [("receipt.pdf", UInt64(5)), ("사진 1.jpg", 6)] {
            FileManager.default.createFile(atPath: dir.path + "/" + name, contents: Data(noise(500, seed: seed)))
        }
        #expect(haru(["init", "--time-zone", "UTC"] + now, ledger: l).code == 0)
        let w = haru(["diary", "write", "--attach", dir.path + "/receipt.pdf", "--attach", dir.path + "/사진 1.jpg"] + now, ledger: l)
        #expect(w.code == 0, "\(w.err)")
        let shown = haru(["diary"] + now, ledger: l).out
        #expect(shown.contains("500 B  receipt.pdf") && shown.contains("500 B  사진 1.jpg"), "\(shown)")
        #expect(haru(["diary", "write", "--detach", "1"] + now, ledger: l).code == 0)
        let json = haru(["diary", "--json"] + now, ledger: l).out
        #expect(json.contains(#""size":500,"name":"사진 1.jpg"}]"#) && !json.contains("receipt.pdf"), "\(json)")
        #expect(haru(["undo"] + now, ledger: l).code == 0)
        #expect(haru(["diary"] + now, ledger: l).out.contains("receipt.pdf"), "undone: both again, each with its name")
        #expect(haru(["redact", "2", "--reason", "private"] + now, ledger: l).code == 0)
        let log = haru(["log", "--json", "--notes"] + now, ledger: l).out
        // The first write's names are erased with its files (the undo's write, seq 4, is another event: redact it too to erase its).
        let first = log.split(separator: "\n").first { $0.contains(#""seq":2,"#) } ?? ""
        #expect(first.contains(#""attachment_names":["[redacted: seq 2]"]"#) && !first.contains("receipt.pdf"), "\(first)")
        #expect(haru(["verify"], ledger: l).code == 0)
        let digest = noise(500, seed: 5).withUnsafeBytes { SHA256Context().hash($0) }.description
        let line =
            #"{"type":"diary.written","at":"2026-03-04T10:00:00Z","data":{"date":"2026-03-04","attachments":["\#(digest)"],"attachment_names":["a","b"]}}"#
        let before = haru(["log", "--json"], ledger: l).out
        let r = haru(["append", "-"], ledger: l, stdin: line)
        #expect(r.code == 2)
        #expect(r.err.contains("line 1: data.attachment_names: names 2 files for 1 attachment; give one name per attachment"), "\(r.err)")
        #expect(haru(["log", "--json"], ledger: l).out == before)
    }

    /// A byte of a blob changed in the file: verify names the blob.
    @Test func verifyFindsAChangedBlob() throws {
        let dir = TempDir()
        let photo = noise(300_000, seed: 9)
        let path = dir.path + "/p.jpg"
        FileManager.default.createFile(atPath: path, contents: Data(photo))
        let digest = photo.withUnsafeBytes { SHA256Context().hash($0) }.description
        let l = dir.ledgerPath
        #expect(haru(["init", "--time-zone", "UTC", "--now", "2026-03-02T20:00:00Z"], ledger: l).code == 0)
        #expect(haru(["diary", "write", "--attach", path, "--now", "2026-03-02T20:00:00Z"], ledger: l).code == 0)
        var data = try #require(FileManager.default.contents(atPath: l + "/data.mdb"))
        let at = try #require(data.range(of: Data(photo[150_000..<150_064])))
        data[at.lowerBound] ^= 0xFF
        try data.write(to: URL(fileURLWithPath: l + "/data.mdb"))
        let v = haru(["verify"], ledger: l)
        #expect(v.code == 1)
        #expect(
            (v.out + v.err).contains("the blob \(digest) (named by the diary page of 2026-03-02) does not hash to its digest"),
            "\(v.out) \(v.err)")
        #expect(v.err.contains("The events are intact; an attachment is damaged or missing"), "\(v.err)")
    }

    /// Each mistake: exit 2, what is wrong named (line and field for JSON Lines), nothing written.
    @Test func badBlobsAreRefusedAndNothingIsWritten() throws {
        let dir = TempDir()
        let l = dir.ledgerPath
        #expect(haru(["init", "--time-zone", "UTC", "--now", "2026-03-02T20:00:00Z"], ledger: l).code == 0)
        let head = haru(["log", "--json"], ledger: l).out
        let bytes = Array("hello".utf8)
        let good = bytes.withUnsafeBytes { SHA256Context().hash($0) }.description
        let wrong = String(repeating: "0", count: 64)
        let event = #"{"type":"diary.written","at":"2026-03-02T10:00:00Z","data":{"date":"2026-03-02","attachments":["\#(good)"]}}"#
        for (input, message) in [
            (
                #"{"blob":"\#(wrong)","base64":"aGVsbG8="}"# + "\n" + event,
                "line 1: base64: the bytes hash to \(good), not to the blob's \(wrong)"
            ),
            (#"{"blob":"\#(good)","base64":"aGVsbG8"}"# + "\n" + event, "line 1: base64: is not base64"),
            (#"{"blob":"xyz","base64":"aGVsbG8="}"#, "line 1: blob: must be the blob's SHA-256"),
            (#"{"blob":"\#(good)","base64":"aGVsbG8=","name":"x"}"#, "line 1: name: is not a field of a blob line"),
            (event, "line 1: data.attachments: the ledger holds no blob \(good)"),
            (
                #"{"type":"settings.changed","at":"2026-03-02T10:00:00Z","data":{"week_start":"sunday"}}"# + "\n"
                    + #"{"blob":"\#(good)","base64":"aGVsbG8="}"#,
                "line 2: blob: blob lines come before the events"
            ),
            (
                #"{"type":"diary.written","at":"2026-03-02T10:00:00Z","data":{"date":"2026-03-02","mood_photo":"abc"}}"#,
                "line 1: data.mood_photo: must be a blob's SHA-256"
            ),
        ] {
            let r = haru(["append", "-"], ledger: l, stdin: input)
            #expect(r.code == 2, "\(input)")
            #expect(r.err.contains(message), "\(r.err)")
        }
        // The blob line before the page: accepted.
        #expect(haru(["append", "-"], ledger: l, stdin: #"{"blob":"\#(good)","base64":"aGVsbG8="}"# + "\n" + event).code == 0)
        let after = haru(["log", "--json"], ledger: l).out
        #expect(after != head)
        for (args, message) in [
            (["diary", "write", "--attach", dir.path + "/nope.jpg"], "cannot read"),
            (["diary", "write", "2026-03-02", "--detach", "3"], "--detach: the page has 1 attachment; give 1 to 1 or a digest"),
            (["blob", "zz"], #"DIGEST: "zz" is not a SHA-256"#),
            (["blob", wrong], "the ledger holds no blob \(wrong)"),
        ] {
            let r = haru(args + ["--now", "2026-03-02T20:00:00Z"], ledger: l)
            #expect(r.code == 2, "\(args)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
        }
        #expect(haru(["log", "--json"], ledger: l).out == after)
    }
}
