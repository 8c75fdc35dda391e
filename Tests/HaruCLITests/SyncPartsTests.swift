import Foundation
@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruInterchange
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem
import TestSupport
import Testing

/// A pull merges in parts (`FolderSync.partEvents` events per commit), the
/// devices' events interleaved in the merged order: it holds one part and a
/// file per device, not the whole pull. Pulled in parts of 7 events, cut off
/// between parts and pulled again, a new device ends as one that pulled
/// everything in one commit.
struct SyncPartsTests {
    /// Two devices that each counted and timed apart, syncing after every
    /// few events: many files in the folder, their events interleaved in time.
    func folder(_ dir: TempDir) throws -> String {
        let shared = dir.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        let a = dir.path + "/a", b = dir.path + "/b"
        let t0 = "2026-03-02T08:00:00+09:00"
        for args in [
            ["init", "--time-zone", "Asia/Seoul", "--now", t0],
            ["action", "add", "Water", "--tracking", "count", "--id", "water", "--now", t0],
            ["action", "add", "Read", "--tracking", "time", "--id", "read", "--now", t0], ["sync", shared, "--now", t0],
        ] {
            let r = haru(args, ledger: a)
            try #require(r.code == 0, "\(args): \(r.err)")
        }
        try #require(haru(["init", "--from", shared, "--now", t0], ledger: b).code == 0)
        for k in 0..<24 {
            let (device, minute) = k % 3 == 0 ? (b, k * 7 + 3) : (a, k * 7)
            let at = String(format: "2026-03-02T%02d:%02d:00+09:00", 9 + minute / 60, minute % 60)
            let steps: [[String]] =
                k % 4 == 0
                ? [["start", "read", "--now", at], ["stop", "read", "--now", at.replacingOccurrences(of: ":00+", with: ":30+")]]
                : [["count", "water", String(k % 3 + 1), "--now", at], ["count", "water", "--now", at]]
            for args in steps {
                let r = haru(args, ledger: device)
                try #require(r.code == 0, "\(args): \(r.err)")
            }
            // Every other round a device syncs: the other's events arrive between its own.
            if k % 2 == 1 { try #require(haru(["sync", "--now", at], ledger: device).code == 0) }
        }
        for device in [a, b] { try #require(haru(["sync", "--now", "2026-03-02T13:00:00+09:00"], ledger: device).code == 0) }
        return shared
    }

    /// A new device that pulls the folder in parts of `part` events; `cut`
    /// stops the pull when its merge of that many parts has begun.
    func pull(_ shared: String, into path: String, part: Int, cut: Int? = nil) throws -> SyncReport? {
        let ledger = try Ledger(path: path)
        if try ledger.deviceID() == nil { _ = try ledger.assignDeviceID("device-" + URL(fileURLWithPath: path).lastPathComponent) }
        var sync = FolderSync(ledger: ledger, folder: shared, zones: .system)
        sync.partEvents = part
        var merges = 0
        struct Cut: Error {}
        do {
            return try sync.run(now: 1_772_445_600_000_000, offset: { _ in 32_400 }) { message in
                if message.hasPrefix("merging") {
                    merges += 1
                    if merges == cut { throw Cut() }
                }
            }
        } catch is Cut {
            return nil
        }
    }

    func content(_ path: String) -> Set<String> {
        Set(
            haru(["export", "jsonl"], ledger: path).out.split(separator: "\n").map { line in
                String(line[..<(line.range(of: #","seq":"#)?.lowerBound ?? line.endIndex)])
            })
    }

    func views(_ path: String) -> [String] {
        [["day", "2026-03-02", "--json"], ["records", "--from", "2026-03-02", "--to", "2026-03-02", "--json"]].map {
            // Without what is this device's own: the seqs events arrived at.
            haru($0 + ["--now", "2026-03-02T23:00:00+09:00"], ledger: path).out.replacingOccurrences(
                of: #""known_at":[0-9]+,"known_at_hash":"[0-9a-f]{64}"|,"seq":[0-9]+"#, with: "", options: .regularExpression)
        }
    }

    @Test func aPullInPartsEndsAsAPullInOneAndACutOneAsWell() throws {
        let dir = TempDir()
        let shared = try folder(dir)
        let sizes = [1, 3, 7, 13]
        for name in ["whole", "cut"] + sizes.map({ "parts-\($0)" }) {
            _ = try Ledger.create(path: dir.path + "/" + name)
        }
        let whole = try #require(try pull(shared, into: dir.path + "/whole", part: 1_000_000))
        #expect(whole.merge.appended > 40)
        for size in sizes {
            let parts = try #require(try pull(shared, into: dir.path + "/parts-\(size)", part: size))
            #expect(parts.merge.appended == whole.merge.appended && parts.merge.held == whole.merge.held)
            #expect(parts.merge.conflicts == whole.merge.conflicts)
        }
        // Cut off when its third part was to be merged, then pulled again.
        #expect(try pull(shared, into: dir.path + "/cut", part: 7, cut: 3) == nil)
        let again = try #require(try pull(shared, into: dir.path + "/cut", part: 7))
        #expect(again.merge.appended == whole.merge.appended - 14)
        for name in ["cut"] + sizes.map({ "parts-\($0)" }) {
            let path = dir.path + "/" + name
            let v = haru(["verify"], ledger: path)
            #expect(v.code == 0, "\(name): \(v.out) \(v.err)")
            #expect(content(path) == content(dir.path + "/whole"), "\(name)")
            #expect(views(path) == views(dir.path + "/whole"), "\(name)")
            // Nothing new: every file is remembered as read.
            let idle = try #require(try pull(shared, into: path, part: 7))
            #expect(idle.merge.appended == 0 && idle.merge.held == 0, "\(name)")
        }
    }

    @Test(.timeLimit(.minutes(3))) func aPullFromPostgreSQLInPartsEndsAsAPullInOne() throws {
        try PostgresSyncTests.withServer { url in
            let dir = TempDir()
            let shared = try folder(dir)
            // Both devices send their events to the database too.
            var target = ""
            for device in ["a", "b"] {
                let r = haru(["sync", url, "--json", "--now", "2026-03-02T13:30:00+09:00"], ledger: dir.path + "/" + device)
                try #require(r.code == 0, "\(r.err)")
                if target.isEmpty, let m = r.out.range(of: #""target":"[^"]*""#, options: .regularExpression) {
                    target = String(r.out[m].dropFirst(10).dropLast())
                }
            }
            _ = shared
            var reports: [String: SyncReport] = [:]
            for (name, part) in [("whole", 1_000_000), ("parts-1", 1), ("parts-5", 5)] {
                let path = dir.path + "/pg-" + name
                let ledger = try Ledger.create(path: path)
                _ = try ledger.assignDeviceID("device-pg-" + name)
                var sync = PostgresSync(ledger: ledger, target: target, zones: .system)
                sync.pullPart = part
                reports[name] = try sync.run(now: 1_772_445_600_000_000, offset: { _ in 32_400 })
            }
            let whole = try #require(reports["whole"])
            #expect(whole.merge.appended > 40)
            for name in ["parts-1", "parts-5"] {
                let path = dir.path + "/pg-" + name
                #expect(reports[name]?.merge.appended == whole.merge.appended, "\(name)")
                let v = haru(["verify"], ledger: path)
                #expect(v.code == 0, "\(name): \(v.out) \(v.err)")
                #expect(content(path) == content(dir.path + "/pg-whole"), "\(name)")
                #expect(views(path) == views(dir.path + "/pg-whole"), "\(name)")
            }
        }
    }
}
