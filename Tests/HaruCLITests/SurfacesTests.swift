import Foundation
import HaruLedger
import TestSupport
import Testing

/// The app's surfaces from the library — the Live Activity and "now running"
/// widget (`runningNow`), the run widget's and watch's buttons
/// (`actionButtons`), the goal bars, quest rings, lock screen, complications
/// and Siri's progress answers (`goalCards`) — against the figures `haru`
/// prints for the same ledger at the same instant.
@Suite(.serialized)
struct SurfacesTests {
    /// A Tuesday evening (day start 04:00): Reading (Mon/Wed/Fri ≥ 30m, so
    /// not a scheduled day) and Run running together, 3 coffees against a
    /// limit of 2, a weekly and a tag's monthly quest, a goal without quests.
    static let now = "2026-03-03T19:15:00+09:00"

    static func fixture(_ dir: TempDir) throws -> String {
        let path = dir.path + "/l"
        let t0 = ["--now", "2026-03-01T09:00:00+09:00"]
        let steps: [[String]] = [
            ["init", "--time-zone", "Asia/Seoul", "--day-start", "04:00"] + t0,
            ["tag", "add", "Study", "--color", "#3366ff", "--id", "study"] + t0,
            ["action", "add", "Reading", "--tracking", "time", "--tag", "Study", "--symbol", "📖", "--id", "read"] + t0,
            ["action", "add", "Coffee", "--tracking", "count", "--id", "coffee", "--order", "0"] + t0,
            ["action", "add", "Run", "--tracking", "time", "--id", "run"] + t0,
            ["goal", "add", "Habits", "--start", "2026-03-01", "--id", "habits"] + t0,
            ["goal", "add", "Someday", "--start", "2026-03-01", "--id", "someday"] + t0,
            ["quest", "add", "--goal", "habits", "--action", "read", "--period", "daily", "--weekdays", "mon,wed,fri", "--target", "30m"]
                + t0,
            ["quest", "add", "--goal", "habits", "--action", "coffee", "--period", "daily", "--target", "2", "--at-most"] + t0,
            ["quest", "add", "--goal", "habits", "--action", "run", "--period", "weekly", "--target", "3h"] + t0,
            ["quest", "add", "--goal", "habits", "--tag", "study", "--measure", "time", "--period", "monthly", "--target", "10h"] + t0,
            ["start", "read", "--now", "2026-03-02T20:00:00+09:00"],
            ["stop", "read", "--now", "2026-03-02T21:10:00+09:00"],
            ["count", "coffee", "3", "--now", "2026-03-03T09:00:00+09:00"],
            ["start", "run", "--now", "2026-03-03T18:00:00+09:00"],
            ["start", "read", "--now", "2026-03-03T18:30:00+09:00"],
        ]
        for args in steps {
            let r = try runBinary(args, ledger: path)
            try #require(r.code == 0, "\(args): \(r.err)")
        }
        return path
    }

    static func json(_ args: [String], _ path: String) throws -> [String: Any] {
        let r = try runBinary(args + ["--json", "--now", now], ledger: path)
        try #require(r.code == 0, "\(args): \(r.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    }

    static var instant: Instant { if case .success(let t) = Instant.parse(now) { t } else { Instant(seconds: 0) } }

    @Test func theRunningSurfacesShowWhatHaruRunningShows() throws {
        let dir = TempDir()
        let path = try Self.fixture(dir)
        let cli = try Self.json(["running"], path)
        let running = try Ledger(path: path, readOnly: true).runningNow(now: Self.instant)
        let rep = try #require(running.representative)
        let cliRep = try #require(cli["representative"] as? [String: Any])
        // The latest start represents (the default setting); Run is "+1 together".
        #expect(rep.sessionID == cliRep["session_id"] as? String)
        #expect(rep.actionID == "read" && rep.name == "Reading" && rep.symbol == "📖" && rep.color == "#3366FF")
        #expect(Int(rep.seconds) == cliRep["seconds"] as? Int && rep.seconds == 45 * 60)
        #expect(running.others.count == cli["others"] as? Int && running.others.map(\.actionID) == ["run"])
        let sessions = try #require(cli["sessions"] as? [[String: Any]])
        #expect(running.all.map(\.sessionID) == sessions.map { $0["session_id"] as? String })
        #expect(running.all.map(\.long) == sessions.map { $0["long"] as? Bool })
        // Today's totals beside the timers: what `haru day` says of each action.
        let day = try Self.json(["day", "2026-03-03"], path)
        let seconds = Dictionary(
            uniqueKeysWithValues: (day["actions"] as? [[String: Any]] ?? []).map {
                ($0["action_id"] as? String ?? "", $0["seconds"] as? Int ?? -1)
            })
        for item in running.all { #expect(item.todaySeconds == seconds[item.actionID].map(Int64.init), "\(item.name)") }
    }

    @Test(arguments: [("day", "2026-03-03", "2026-03-03"), ("week", "2026-03-02", "2026-03-08"), ("month", "2026-03-01", "2026-03-31")])
    func theButtonsTotalsAreTheReportsForTheirSpan(span: String, from: String, to: String) throws {
        let dir = TempDir()
        let path = try Self.fixture(dir)
        let buttons = try Ledger(path: path, readOnly: true).actionButtons(.live(now: Self.instant), span: SpanKind(rawValue: span)!)
        // In the user's order (Coffee was given order 0), painted by their tags.
        let listed = try Self.json(["actions"], path)["actions"] as? [[String: Any]] ?? []
        #expect(buttons.map(\.action.id) == listed.map { $0["action_id"] as? String ?? "" })
        #expect(buttons.map(\.color) == listed.map { $0["button_color"] as? String })
        #expect(buttons.map { $0.runningSince != nil } == [false, true, true])
        let report = try Self.json(["report", "--from", from, "--to", to], path)
        var cli: [String: (Int64, Int64)] = [:]
        for t in report["totals"] as? [[String: Any]] ?? [] {
            cli[t["action_id"] as? String ?? ""] = (Int64(t["seconds"] as? Int ?? 0), Int64(t["count"] as? Int ?? 0))
        }
        for b in buttons {
            let (s, c) = cli[b.action.id] ?? (0, 0)
            #expect(b.total == Totals(seconds: s, count: c), "\(b.action.name) over the \(span)")
        }
        #expect(buttons.first { $0.action.id == "coffee" }?.value == 3)
    }

    @Test func theGoalCardsAreProgressShapedForTheWidgets() throws {
        let dir = TempDir()
        let path = try Self.fixture(dir)
        let cards = try Ledger(path: path, readOnly: true).goalCards(.live(now: Self.instant))
        let goals = try Self.json(["progress"], path)["goals"] as? [[String: Any]] ?? []
        #expect(cards.map(\.id) == goals.map { $0["goal_id"] as? String ?? "" })
        func close(_ a: Double?, _ b: Any?) -> Bool {
            guard let a else { return b == nil || b is NSNull }
            guard let b = b as? Double ?? (b as? Int).map(Double.init) else { return false }
            return abs(a - b) < 1e-6
        }
        for (card, g) in zip(cards, goals) {
            let spans = g["spans"] as? [String: [String: Any]] ?? [:]
            for (kind, bar) in card.bars.all { #expect(close(bar, spans[kind.rawValue]?["ratio"]), "\(card.title) \(kind)") }
            let quests = g["quests"] as? [[String: Any]] ?? []
            #expect(card.quests.map(\.id) == quests.map { $0["quest_id"] as? String ?? "" })
            for (q, j) in zip(card.quests, quests) {
                let js = j["spans"] as? [String: [String: Any]] ?? [:]
                for (kind, ring) in q.rings.all {
                    let s = js[kind.rawValue] ?? [:]
                    #expect(ring.scheduled == s["scheduled"] as? Bool)
                    guard ring.scheduled else { continue }
                    #expect(close(ring.done, s["actual"]) && close(ring.target, s["target"]), "\(q.targetName) \(kind)")
                    if q.direction == .atLeast {
                        #expect(close(ring.fill, s["display_ratio"]) && ring.limit == nil)
                    } else {
                        #expect(ring.fill == nil && ring.limit == ((s["ratio"] as? Int) == 1 ? .kept : .over))
                    }
                }
                let streak = j["streak"] as? [String: Any]
                #expect(q.streak == streak?["count"] as? Int && q.bestStreak == streak?["best"] as? Int)
            }
        }
        // The seed's cases, by name: a Tuesday is not Reading's day; 3 coffees are over the limit
        // with 3 shown under the ring; the Study tag's ring is display only; a goal without quests says so.
        let habits = try #require(cards.first { $0.id == "habits" })
        #expect(habits.quests.first { $0.targetName == "Reading" }?.rings.day.scheduled == false)
        let coffee = try #require(habits.quests.first { $0.targetName == "Coffee" })
        #expect(coffee.rings.day.limit == .over && coffee.rings.day.done == 3 && coffee.actionID == "coffee")
        #expect(habits.quests.first { $0.targetName == "Study" }?.actionID == nil)
        #expect(cards.first { $0.id == "someday" }?.noQuests == true)
        #expect(cards.first { $0.id == "someday" }?.bars == Spans(day: nil, week: nil, month: nil))
    }

    /// The one-call reads an app's record list and diary page use, against `haru records` and `haru diary`.
    @Test func recordsAndTheDiaryPageInOneCallEach() throws {
        let dir = TempDir()
        let path = try Self.fixture(dir)
        let ledger = try Ledger(path: path, readOnly: true)
        let day = LocalDate(year: 2026, month: 3, day: 3)!
        let rows = try ledger.records(day...day, .live(now: Self.instant))
        let listed = try Self.json(["records", "2026-03-03"], path)["records"] as? [[String: Any]] ?? []
        #expect(rows.map(\.id) == listed.map { $0["id"] as? String ?? "" })
        #expect(rows.map(\.ref) == listed.map { $0["ref"] as? String ?? "" })
        #expect(rows.compactMap(\.amount) == [3] && rows.count == 3 && rows.allSatisfy { $0.end == nil })
        let page = try ledger.diaryPage(day, .live(now: Self.instant))
        let diary = try Self.json(["diary", "2026-03-03"], path)
        let summary = diary["summary"] as? [String: Any] ?? [:]
        #expect(page.totals.seconds == Int64(summary["seconds"] as? Int ?? -1) && page.totals.count == 3)
        #expect(page.records.count == summary["records"] as? Int && page.written == nil)
        #expect(page.goals.map(\.id) == (diary["goals"] as? [[String: Any]] ?? []).map { $0["goal_id"] as? String ?? "" })
    }

    /// A device's own lists, as `haru prefs` sets them, read typed — and the
    /// watch's goals: in progress and chosen for the watch.
    @Test func theWatchShowsTheGoalsThisDeviceChose() throws {
        let dir = TempDir()
        let path = try Self.fixture(dir)
        let set = try runBinary(
            ["prefs", "set", "--watch", "Habits", "--pin", "Someday", "--memo", "Coffee", "--now", Self.now], ledger: path)
        try #require(set.code == 0, "\(set.err)")
        let ledger = try Ledger(path: path)
        let lists = try #require(try ledger.deviceLists(nil, .live(now: Self.instant)))
        #expect(lists.watchGoalIDs == ["habits"] && lists.pinnedGoalIDs == ["someday"] && lists.memoActionIDs == ["coffee"])
        let device = try ledger.deviceID()
        #expect(lists.collapsedGoalIDs.isEmpty && lists.deviceID == device)
        let cli = try Self.json(["prefs"], path)
        #expect(cli["watch_goal_ids"] as? [String] == lists.watchGoalIDs && cli["memo_action_ids"] as? [String] == lists.memoActionIDs)
        let watch = try ledger.goalCards(.live(now: Self.instant)).filter { lists.watchGoalIDs.contains($0.id) && $0.status == .inProgress }
        #expect(watch.map(\.title) == ["Habits"])
    }
}
