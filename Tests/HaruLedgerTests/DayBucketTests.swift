import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruViews

/// The day buckets (`DayBuckets`) against the records they stand for: a
/// query's totals from the buckets must be the totals of the records split
/// at the logical days, for every day, at every seq, live and `--as-of`,
/// through dated day-start and zone changes and corrections.
struct DayBucketAgreement {
    /// Totals of every day of `from…through` from the records alone (the
    /// split every query made before the buckets).
    static func fromRecords(
        _ snap: Snapshot, _ calendar: LedgerCalendar, _ actions: [String], from: LocalDate, through: LocalDate, _ reference: Reference
    ) throws -> [Totals] {
        let grid = DayGrid(calendar, from: from, through: through)
        return try RecordSet(snap, actions: actions, span: grid.span).totals(grid, reference)
    }

    /// A random history: sessions across midnights (recorded, started and
    /// stopped, edited, deleted), counts (added, edited, deleted), and day
    /// start and time zone changes, dated and not, around New York's and
    /// Berlin's DST days of March 2026.
    static func randomHistory(seed: UInt64, events n: Int) -> [String] {
        var rng = SeededRNG(seed: seed)
        func pick(_ k: Int) -> Int { Int(rng.next() % UInt64(k)) }
        let base = 1_772_409_600  // 2026-03-02T00:00:00Z
        func iso(_ t: Int) -> String {
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withInternetDateTime]
            return f.string(from: Date(timeIntervalSince1970: TimeInterval(t)))
        }
        var out = [
            #"{"type":"settings.changed","at":"2026-03-01T00:00:00Z","data":{"time_zone":"America/New_York","day_start":"04:00"}}"#,
            #"{"type":"action.created","at":"2026-03-01T00:00:00Z","data":{"action_id":"a","name":"A","tracking":"time"}}"#,
            #"{"type":"action.created","at":"2026-03-01T00:00:00Z","data":{"action_id":"b","name":"B","tracking":"time"}}"#,
            #"{"type":"action.created","at":"2026-03-01T00:00:00Z","data":{"action_id":"c","name":"C","tracking":"count"}}"#,
        ]
        var sessions: [String] = [], counts: [String] = [], running: [String] = []
        var now = base
        for k in 0..<n {
            now += 600 + pick(6 * 3600)
            let at = iso(now)
            switch pick(20) {
            case 0...5:
                let start = now - pick(40 * 3600), id = "s\(k)"
                sessions.append(id)
                out.append(
                    #"{"type":"session.recorded","at":"\#(at)","data":{"session_id":"\#(id)","action_id":"\#(["a", "b"][pick(2)])","start":"\#(iso(start))","end":"\#(iso(start + 60 + pick(30 * 3600)))"}}"#
                )
            case 6...8:
                let id = "c\(k)"
                counts.append(id)
                out.append(#"{"type":"count.added","at":"\#(at)","data":{"entry_id":"\#(id)","action_id":"c","amount":\#(1 + pick(5))}}"#)
            case 9:
                let id = "r\(k)"
                running.append(id)
                out.append(#"{"type":"session.started","at":"\#(at)","data":{"session_id":"\#(id)","action_id":"b"}}"#)
            case 10 where !running.isEmpty:
                let id = running.removeFirst()
                sessions.append(id)
                out.append(#"{"type":"session.stopped","at":"\#(at)","data":{"session_id":"\#(id)"}}"#)
            case 11...12 where !sessions.isEmpty:
                let id = sessions[pick(sessions.count)], start = now - pick(50 * 3600)
                out.append(
                    #"{"type":"session.edited","at":"\#(at)","data":{"session_id":"\#(id)","start":"\#(iso(start))","end":"\#(iso(start + 60 + pick(20 * 3600)))"}}"#
                )
            case 13 where !sessions.isEmpty:
                out.append(
                    #"{"type":"session.deleted","at":"\#(at)","data":{"session_id":"\#(sessions.remove(at: pick(sessions.count)))"}}"#)
            case 14 where !counts.isEmpty:
                out.append(
                    #"{"type":"count.edited","at":"\#(at)","data":{"entry_id":"\#(counts[pick(counts.count)])","amount":\#(1 + pick(9)),"time":"\#(iso(now - pick(30 * 3600)))"}}"#
                )
            case 15 where !counts.isEmpty:
                out.append(#"{"type":"count.deleted","at":"\#(at)","data":{"entry_id":"\#(counts.remove(at: pick(counts.count)))"}}"#)
            case 16:
                // A day start, dated (from a day of the history) or for all days.
                let start = String(format: "%02d:%02d", [0, 3, 4, 13, 23][pick(5)], [0, 30][pick(2)])
                let from = pick(2) == 0 ? "" : #","from":"2026-03-\#(String(format: "%02d", 2 + pick(20)))""#
                out.append(#"{"type":"settings.changed","at":"\#(at)","data":{"day_start":"\#(start)"\#(from)}}"#)
            case 17:
                let zone = ["America/New_York", "Europe/Berlin", "Asia/Seoul", "Pacific/Kiritimati"][pick(4)]
                let from = pick(2) == 0 ? "" : #","from":"2026-03-\#(String(format: "%02d", 2 + pick(20)))""#
                out.append(#"{"type":"settings.changed","at":"\#(at)","data":{"time_zone":"\#(zone)"\#(from)}}"#)
            default:
                let id = "c\(k)"
                counts.append(id)
                out.append(#"{"type":"count.added","at":"\#(at)","data":{"entry_id":"\#(id)","action_id":"c","amount":1}}"#)
            }
        }
        return out
    }

    /// Appends a history an event (or a few) at a time, as people and scripts
    /// do; each commit cuts the buckets its pages touch.
    static func ledger(_ dir: TempDir, _ lines: [String], seed: UInt64) throws -> Ledger {
        let l = try Ledger.create(path: dir.ledgerPath, durability: .relaxed)
        var rng = SeededRNG(seed: seed)
        var i = 0
        while i < lines.count {
            let n = 1 + Int(rng.next() % 3)
            for line in lines[i..<min(lines.count, i + n)] {
                // Events the random walk made invalid (a stop after a delete…) are refused, as they would be.
                _ = try? l.append(try events(line), now: 1_000_000, rng: &rng)
            }
            i += n
        }
        return l
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func bucketsEqualTheRecordsSplitAtEverySeq(seed: UInt64) throws {
        let dir = TempDir()
        let l = try Self.ledger(dir, Self.randomHistory(seed: seed, events: 120), seed: seed)
        let head = try l.head().seq
        #expect(head > 80)
        let from = LocalDate(year: 2026, month: 2, day: 26)!, through = LocalDate(year: 2026, month: 4, day: 10)!
        var bucketed = 0
        var rng = SeededRNG(seed: seed + 100)
        for k in 1...head {
            try l.snapshot(knownAt: .seq(k)) { snap in
                let calendar = try snap.calendar()
                let actions = try LiveDefinitions(snap, reference: .live(now: Instant(seconds: 1_775_000_000))).actions.keys.sorted()
                let instant = Instant(seconds: 1_772_000_000 + Int64(rng.next() % 3_000_000))
                let day = LocalDate(daysSinceEpoch: 20_510 + Int(rng.next() % 30))
                for reference in [Reference.live(now: Instant(seconds: 1_775_000_000)), .asOf(instant), .endOf(day, calendar)] {
                    let book = try DayBook(snap, calendar: calendar, from: from, through: through, reference: reference)
                    let want = try Self.fromRecords(snap, calendar, actions, from: from, through: through, reference)
                    for i in 0..<book.grid.count {
                        var got: [Totals] = []
                        for a in actions { got.append(book.perDay(i)[a] ?? Totals()) }
                        let expected = Array(want[(i * actions.count)..<((i + 1) * actions.count)])
                        #expect(got == expected, "seed \(seed), seq \(k), \(reference), day \(book.grid.day(i))")
                    }
                }
            }
            bucketed += try l.snapshot(knownAt: .seq(k)) { snap in
                var n = 0
                _ = try snap.dayBuckets(Int64(from.daysSinceEpoch)...Int64(through.daysSinceEpoch)) { _, b in if b.lastSeq <= k { n += 1 } }
                return n
            }
        }
        // The comparison is of something: most days are answered by buckets.
        #expect(bucketed > 100)
        #expect(try l.verify().ok)
        #expect(try l.rebuild().changed == 0)
    }

    /// The Fixtures histories (their events; appended one per commit): at
    /// every seq, live and `--as-of` the end of a day, every day of their
    /// span from the buckets equals the records' split.
    @Test func bucketsEqualTheRecordsSplitOverTheFixtures() throws {
        var compared = 0
        for sub in ["days", "progress", "records", "corrections", "listings"] {
            let folder = packageRoot + "/Fixtures/" + sub
            for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".jsonl") {
                let dir = TempDir()
                let lines = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(separator: "\n")
                    .filter { $0.hasPrefix("{\"type\"") }.map(String.init)
                let l = try Self.ledger(dir, lines, seed: 7)
                let head = try l.head().seq
                guard head > 0 else { continue }
                for k in 1...head {
                    try l.snapshot(knownAt: .seq(k)) { snap in
                        let calendar = try snap.calendar()
                        let now = Reference.live(now: Instant(seconds: 1_800_000_000))
                        let actions = try LiveDefinitions(snap, reference: now).actions.keys.sorted()
                        let from = LocalDate(year: 2025, month: 12, day: 1)!, through = LocalDate(year: 2026, month: 5, day: 31)!
                        for reference in [now, .endOf(LocalDate(year: 2026, month: 3, day: 4)!, calendar)] {
                            let book = try DayBook(snap, calendar: calendar, from: from, through: through, reference: reference)
                            let want = try Self.fromRecords(snap, calendar, actions, from: from, through: through, reference)
                            var got: [Totals] = []
                            for i in 0..<book.grid.count { for a in actions { got.append(book.perDay(i)[a] ?? Totals()) } }
                            #expect(got == want, "\(sub)/\(file) seq \(k) \(reference)")
                            compared += 1
                        }
                    }
                }
                #expect(try l.verify().ok, "\(sub)/\(file)")
            }
        }
        #expect(compared > 500)
    }

    /// `verify` recomputes every bucket from the replayed pages; a flipped
    /// byte is named, and `rebuild` writes the buckets anew.
    @Test func verifyFindsAFlippedBucketAndRebuildMendsIt() throws {
        let dir = TempDir()
        let l = try Self.ledger(dir, Self.randomHistory(seed: 9, events: 60), seed: 9)
        #expect(try l.verify().ok)
        let (key, value) = try l.environment.read { txn -> ([UInt8], [UInt8]) in
            var found: ([UInt8], [UInt8])?
            try txn.scan(l.projectionSet.buckets!) { k, v in
                if k.byteCount == 4, v.byteCount > DayBucket.headerSize {
                    found = (k.withUnsafeBytes { Array($0) }, v.withUnsafeBytes { Array($0) })
                }
                return found == nil
            }
            return found!
        }
        var flipped = value
        flipped[DayBucket.headerSize + 4] ^= 0x01  // a byte of the first action's seconds
        try l.environment.write { txn in try txn.put(l.projectionSet.buckets!.raw, key, flipped) }
        let report = try l.verify()
        #expect(!report.ok)
        #expect("\(report)".contains("day bucket"), "\(report)")
        let rebuilt = try l.rebuild()
        #expect(rebuilt.changed > 0)
        #expect(try l.verify().ok)
        let mended = try l.environment.read { txn in try txn.get(l.projectionSet.buckets!.raw, key) { v in v.withUnsafeBytes { Array($0) } }
        }
        #expect(mended == value)
    }

    /// A day start moved for all days re-cuts every bucket in the same
    /// commit: a report right after it reads the new days from buckets.
    @Test func aSettingsChangeCutsEveryBucketAgain() throws {
        let dir = TempDir()
        let l = try Self.ledger(dir, Self.randomHistory(seed: 5, events: 80), seed: 5)
        var rng = SeededRNG(seed: 1)
        _ = try l.append(
            try events(#"{"type":"settings.changed","at":"2026-06-01T00:00:00Z","data":{"day_start":"13:00","time_zone":"Asia/Seoul"}}"#),
            now: 2_000_000, rng: &rng)
        try l.snapshot { snap in
            let calendar = try snap.calendar()
            #expect(try snap.bucketsFingerprint() == calendar.dayRulesFingerprint)
            var n = 0
            _ = try snap.dayBuckets(20_500...20_600) { day, b in
                n += 1
                let r = calendar.range(of: LocalDate(daysSinceEpoch: Int(day)))
                #expect(b.start == r.lowerBound.seconds && b.end == r.upperBound.seconds)
            }
            #expect(n > 10)
        }
        #expect(try l.verify().ok)
    }
}
