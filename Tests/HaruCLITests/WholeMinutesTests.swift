import Foundation
import TestSupport
import Testing

@_spi(Layers) import HaruModel

/// Record times a person types or edits are whole minutes, as in the app's
/// editor (분 절사): `--at` on start, stop and count, `edit --start/--end/--at`;
/// and a session whose times are edited loses the seconds a timer left in its
/// other end, so that one set to an hour is an hour. Live timers keep seconds.
struct WholeMinutesTests {
    func seconds(_ p: String, _ day: String, _ now: String) -> [Int] {
        let json = haru(["records", day, "--json", "--now", now], ledger: p).out
        let records = (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["records"] as? [[String: Any]] ?? []
        return records.compactMap { $0["seconds"] as? Int }
    }

    @Test func typedAndEditedTimesAreWholeMinutesAndTimersKeepTheirSeconds() {
        let dir = TempDir()
        let p = dir.ledgerPath
        let now = "2026-03-04T15:00:00+09:00"
        #expect(haru(["init", "--time-zone", "Asia/Seoul", "--now", "2026-03-04T08:00:00+09:00"], ledger: p).code == 0)
        #expect(haru(["action", "add", "Reading", "--tracking", "time", "--now", "2026-03-04T08:00:00+09:00"], ledger: p).code == 0)
        #expect(haru(["action", "add", "Water", "--tracking", "count", "--now", "2026-03-04T08:00:00+09:00"], ledger: p).code == 0)
        // A timer: 13:00:12 to 14:32:47, to the second.
        #expect(haru(["start", "Reading", "--now", "2026-03-04T13:00:12+09:00"], ledger: p).code == 0)
        #expect(haru(["stop", "--now", "2026-03-04T14:32:47+09:00"], ledger: p).code == 0)
        #expect(seconds(p, "2026-03-04", now) == [5555], "a live timer keeps its seconds")
        // Its start edited to 13:32: both ends whole minutes, one hour.
        let json = haru(["records", "2026-03-04", "--json", "--now", now], ledger: p).out
        guard let id = json.firstMatch(of: /"id":"([^"]+)"/)?.1 else {
            Issue.record("no record in \(json)")
            return
        }
        #expect(haru(["edit", String(id), "--start", "13:32", "--now", now], ledger: p).code == 0)
        #expect(seconds(p, "2026-03-04", now) == [3600], "13:32:00–14:32:00, not 14:32:47")
        // A note alone changes no time.
        #expect(haru(["edit", String(id), "--note", "ch. 2", "--now", now], ledger: p).code == 0)
        #expect(seconds(p, "2026-03-04", now) == [3600])
        // Typed --at with seconds: cut to the minute.
        let started = haru(["start", "Reading", "--at", "2026-03-04T14:40:45+09:00", "--now", now], ledger: p)
        #expect(started.out.contains("at 2026-03-04T14:40:00+09:00"), "\(started.out)")
        #expect(haru(["stop", "--at", "14:50:59", "--now", now], ledger: p).code == 0)
        #expect(seconds(p, "2026-03-04", now).contains(600), "14:40:00–14:50:00")
        #expect(haru(["count", "Water", "--at", "14:55:30", "--now", now], ledger: p).code == 0)
        let counts = haru(["records", "2026-03-04", "--json", "--now", now], ledger: p).out
        #expect(counts.contains(#""time":"2026-03-04T14:55:00+09:00""#), "\(counts)")
        #expect(haru(["verify"], ledger: p).code == 0)
    }

    /// The cut is made on the ledger's wall clock: an offset that is not whole
    /// minutes (Seoul's local mean time, +8:27:52, until 1908) keeps local minutes.
    @Test(arguments: [
        ("Asia/Seoul", "1905-06-01T03:00:45Z", "1905-06-01T03:00:08Z"),  // 11:28:37 local → 11:28:00 local
        ("Asia/Seoul", "2026-03-04T05:32:47Z", "2026-03-04T05:32:00Z"),
        ("UTC", "1969-12-31T23:59:59Z", "1969-12-31T23:59:00Z"),  // before the epoch: floored, not truncated toward zero
        ("America/St_Johns", "2026-07-01T12:00:59Z", "2026-07-01T12:00:00Z"),  // −2:30
    ])
    func theCutIsOnTheLedgersWallClock(_ zone: String, _ instant: String, _ expected: String) throws {
        let t = try #require(try? Instant.parse(instant).get())
        let want = try #require(try? Instant.parse(expected).get())
        var history = SettingsHistory()
        history.append(.init(when: Dated(seq: 1, at: Instant(seconds: 0)), payload: try Payload.typed(.settingsChanged, [(.timeZone, .string(zone))], zones: .system)))
        let cal = try LedgerCalendar(settings: history, zones: .system)
        #expect(cal.flooredToMinute(t) == want, "\(cal.format(cal.flooredToMinute(t)))")
    }
}
