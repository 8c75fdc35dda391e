/// Replays a scenario file (CONTRACT §5) into a scratch ledger and checks
/// its `expect` lines against the same query code the commands use.
///
/// - Event lines are appended one by one, each as its own batch. The clock
///   (the transaction time, and "now" for live views) is the latest `at`
///   seen so far, or what a `{"now": INSTANT}` line sets: a scenario never
///   reads the real clock.
/// - `{"expect": "reject"}` after an event line asserts that the event was
///   refused and left the ledger unchanged. An event refused without it is a
///   failure.
/// - Other `expect` lines name a query (`day`, `report`), its arguments, and
///   any fields of its JSON output to compare (numbers within 1e-6).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruViews

public struct ScenarioRunner {
    let file: String
    let ledger: Ledger
    let zones: ZoneDirectory
    var clock: Int64 = 0
    var ids = scenarioIDs()
    var result = ScenarioResult()

    /// Runs `text` (the file's bytes) in a new ledger at `scratch`.
    public static func run(_ text: [UInt8], file: String, scratch: String, zones: ZoneDirectory = .system) throws -> ScenarioResult {
        var r = ScenarioRunner(file: file, ledger: try Ledger.create(path: scratch, durability: .relaxed, zones: zones), zones: zones)
        try r.run(text)
        return r.result
    }

    private static let selectors: Set<String> = [
        "expect", "date", "action_id", "tag_id", "as_of", "known_at", "now", "from", "to", "by", "every", "period", "goal_id", "quest_id",
        "only_actions", "only_tags", "exclude_actions", "exclude_tags", "order",
        "span", "kind", "id", "all", "session_id", "entry_id", "todo_id",
    ]

    mutating func run(_ text: [UInt8]) throws {
        var lines: [(Int, JSONValue)] = []
        for (n, raw) in JSONLines.split(text) {
            do { lines.append((n, try JSONParser.parse(slice: raw))) } catch {
                throw ScenarioError(file: file, line: n, reason: error.description)
            }
        }
        var k = 0
        while k < lines.count {
            let (n, json) = lines[k]
            k += 1
            if case .string(let now)? = json["now"], json["expect"] == nil, json["type"] == nil {
                guard case .success(let t) = Instant.parse(now) else {
                    throw ScenarioError(file: file, line: n, reason: "now: not an instant")
                }
                clock = t.seconds * 1_000_000
                continue
            }
            if json["type"] != nil {
                let rejectExpected = k < lines.count && lines[k].1["expect"] == .string("reject")
                if rejectExpected { k += 1 }
                try event(json, line: n, rejectExpected: rejectExpected)
                continue
            }
            guard case .string(let kind)? = json["expect"] else {
                throw ScenarioError(
                    file: file, line: n, reason: "a line is an event (\"type\"), an assertion (\"expect\") or a clock setting (\"now\")")
            }
            result.assertions += 1
            do {
                try expect(kind, json, line: n)
            } catch let e as ScenarioError {
                throw e
            } catch {
                fail(n, "\(kind)", message: "the query failed: \(error)")
            }
        }
    }

    private mutating func fail(_ line: Int, _ title: String, message: String? = nil, diffs: [(String, String, String)] = []) {
        result.failures.append(
            ScenarioFailure(file: file, line: line, title: title, diffs: diffs.map { ($0.0, $0.1, $0.2) }, message: message))
    }

    private mutating func event(_ json: JSONValue, line: Int, rejectExpected: Bool) throws {
        if rejectExpected { result.assertions += 1 }
        let before = try ledger.head()
        do {
            // `"merged": {"recorded": INSTANT, "seq": N}`: the event as a sync
            // pulls it from another device that made it then (it needs its `id`).
            var json = json
            var origin: Origin?
            if let merged = json["merged"], case .object(var members) = json {
                guard case .string(let r)? = merged["recorded"], case .success(let t) = Instant.parse(r),
                    case .int(let n)? = merged["seq"], n > 0
                else {
                    throw ScenarioError(file: file, line: line, reason: "merged: needs {\"recorded\": INSTANT, \"seq\": N}")
                }
                origin = Origin(recorded: t.seconds * 1_000_000, seq: UInt64(n))
                members.removeAll { $0.0 == "merged" }
                json = .object(members)
            }
            var input = try EventInput.parse(json, zones: zones)
            clock = max(clock, input.at.seconds * 1_000_000)
            if let origin {
                input.origin = origin
                clock = max(clock, origin.recorded)
                _ = try ledger.merge([input], now: clock)
            } else {
                _ = try ledger.append([input], lines: [line], now: clock, rng: &ids)
            }
            if rejectExpected {
                fail(line, "reject", message: "the event was accepted (seq \(try ledger.head().seq))")
                return
            }
        } catch let e as InputError {
            // An event line implicitly asserts that it is accepted.
            if !rejectExpected { result.assertions += 1; fail(line, "event", message: "the event was refused: \(e.at(line: line))") }
        } catch let e as LedgerError {
            if !rejectExpected { result.assertions += 1; fail(line, "event", message: "the event was refused: \(e)") }
        }
        if rejectExpected, try ledger.head() != before { fail(line, "reject", message: "the event was refused but the ledger changed") }
    }

    private mutating func expect(_ kind: String, _ json: JSONValue, line: Int) throws {
        func str(_ key: String) throws -> String? {
            guard let v = json[key] else { return nil }
            guard case .string(let s) = v else { throw ScenarioError(file: file, line: line, reason: "\(key): must be a string") }
            return s
        }
        func date(_ key: String) throws -> LocalDate {
            guard let s = try str(key) else { throw ScenarioError(file: file, line: line, reason: "\(key): required for expect \(kind)") }
            guard let d = LocalDate(parsing: s) else {
                throw ScenarioError(file: file, line: line, reason: "\(key): not a date YYYY-MM-DD")
            }
            return d
        }
        /// `"order"`: the order of the lists of actions and tags (`--order`).
        func listOrder() throws -> ListOrder {
            guard let s = try str("order") else { return .id }
            guard let o = ListOrder(rawValue: s) else { throw ScenarioError(file: file, line: line, reason: "order: \(ListOrder.words)") }
            return o
        }
        // `known_at` and `as_of` read by the rules `--known-at` and `--as-of` follow (`QueryTime`).
        let knownAtText: String?
        switch json["known_at"] {
        case nil: knownAtText = nil
        case .int(let n)?: knownAtText = String(n)
        case .string(let s)?: knownAtText = s
        default: throw ScenarioError(file: file, line: line, reason: "known_at: a seq or an instant")
        }
        let knownAt: KnownAt?
        do { knownAt = try QueryTime.knownAt(knownAtText) } catch {
            throw ScenarioError(file: file, line: line, reason: "known_at: \(error)")
        }
        let asOf = try str("as_of"), now = try str("now")
        var queryNow = Instant(seconds: clock / 1_000_000)
        if let now {
            guard case .success(let t) = Instant.parse(now) else {
                throw ScenarioError(file: file, line: line, reason: "now: not an instant")
            }
            queryNow = t
        }
        let (title, output): (String, JSONValue) = try ledger.snapshot(knownAt: knownAt, zones: zones) { snap in
            let cal = try snap.calendar()
            let ref: Reference
            do { ref = try QueryTime.reference(asOf: asOf, now: queryNow, calendar: cal) } catch {
                throw ScenarioError(file: file, line: line, reason: "as_of: \(error)")
            }
            switch kind {
            case "day":
                let d = try date("date")
                let book = try DayBook(snap, calendar: cal, from: d, through: d, reference: ref)
                return ("day \(d)", .object(book.json(day: 0, calendar: cal, order: try listOrder()) + snap.referenceJSON(ref, cal)))
            case "timetable":
                // One day of `haru timetable --json`: its blocks (with lanes) and dots.
                let d = try date("date")
                var names: [String: String] = [:]
                for a in try snap.definitions(.action) { names[a.id] = a.fields(inForceAt: ref.definitionsAt).name ?? a.id }
                let table = try Timetable(snap, calendar: cal, from: d, through: d, reference: ref)
                guard case .array(let days)? = JSONValue.object(table.json(names: names, calendar: cal))["days"], let day = days.first
                else { throw ScenarioError(file: file, line: line, reason: "the timetable of \(d) is empty") }
                return ("timetable \(d)", day)
            case "diary":
                // `haru diary D --json`: the page, its to-dos and the day's sections.
                let d = try date("date")
                let page = try DiaryPage(snap, calendar: cal, date: d, reference: ref)
                return ("diary \(d)", .object(try page.json(snap: snap, calendar: cal)))
            case "report":
                let from = try date("from"), to = try date("to")
                let by = try str("by") ?? "action"
                let every = try str("every")
                // The statistics filter (`report --action/--tag/--exclude`), by ids.
                func ids(_ key: String) throws -> Set<String> {
                    guard let v = json[key] else { return [] }
                    guard case .array(let items) = v else {
                        throw ScenarioError(file: file, line: line, reason: "\(key): must be an array of ids")
                    }
                    return Set(
                        try items.map { item in
                            guard case .string(let s) = item else {
                                throw ScenarioError(file: file, line: line, reason: "\(key): must be an array of ids")
                            }
                            return s
                        })
                }
                let filter = ActionFilter(
                    actions: try ids("only_actions"), tags: try ids("only_tags"), excludedActions: try ids("exclude_actions"),
                    excludedTags: try ids("exclude_tags"))
                let book = try DayBook(snap, calendar: cal, from: from, through: to, reference: ref, filter: filter)
                let table = ReportTable(book: book, calendar: cal, byTag: by == "tag", every: every, reference: ref)
                return (
                    "report \(from)…\(to) by \(by)" + (every.map { " every \($0)" } ?? ""),
                    .object(table.json(by: by, every: every, order: try listOrder()))
                )
            case "progress", "goal", "quest", "streak", "judgment":
                let report = try ProgressEngine(snap, calendar: cal, reference: ref).run()
                return ("\(kind)", report.json(calendar: cal))
            case "record":
                let from = try json["date"] != nil ? date("date") : date("from")
                let to = try json["to"] != nil ? date("to") : from
                let span = cal.range(of: from).lowerBound.seconds..<cal.range(of: to).upperBound.seconds
                let rows = try RecordList.read(snap, span: span, reference: ref, actions: nil, all: json["all"] == .bool(true))
                return ("records \(from)…\(to)", try RecordList.json(rows, snap: snap, from: from, to: to, calendar: cal, reference: ref))
            case "definition":
                guard let k = try str("kind"), let dk = DefinitionKind.allCases.first(where: { $0.word == k }) else {
                    throw ScenarioError(file: file, line: line, reason: "kind: tag, action, goal, quest or device")
                }
                return (k + "s", try DefinitionList.json(dk, snap: snap, calendar: cal, reference: ref, all: json["all"] == .bool(true)))
            case "settings":
                let view = try SettingsView(snap, calendar: cal, reference: ref)
                return ("settings", view.json(calendar: cal, knownAt: snap.knownAt))
            default:
                throw ScenarioError(
                    file: file, line: line,
                    reason:
                        "unknown expectation \"\(kind)\" (day, report, timetable, diary, progress, goal, quest, streak, judgment, record, definition, settings, reject)"
                )
            }
        }
        if kind == "record" || kind == "definition" || kind == "settings" {
            return try expectListed(kind, json, output, title: title, asOf: asOf, line: line)
        }
        if ["goal", "quest", "streak", "judgment"].contains(kind) {
            guard
                let picked = try ScenarioRunner.pick(
                    kind, output, goal: try str("goal_id"), quest: try str("quest_id"), span: try str("span"), line: line, file: file)
            else {
                fail(line, kind, message: "no such \(kind == "goal" ? "goal" : "quest") in the progress output")
                return
            }
            return compare(
                json, picked.value,
                label: picked.label + (asOf.map { " as_of \($0)" } ?? "") + (json["known_at"].map { " known_at \($0.compactText)" } ?? ""),
                line: line)
        }
        // Narrow the output to what the line selects.
        var selected = output
        var label = title
        if kind == "timetable" {
            // A block by `session_id` or a dot by `entry_id`; `{"listed": false}` when the day has none.
            for (key, list) in [("session_id", "blocks"), ("entry_id", "dots")] {
                guard let id = try str(key) else { continue }
                label += " \(key)=\(id)"
                var hit: JSONValue = .object([("listed", .bool(false))])
                if case .array(let items)? = output[list], case .object(let m)? = items.first(where: { $0[key] == .string(id) }) {
                    hit = .object(m + [("listed", .bool(true))])
                }
                selected = hit
            }
        }
        if kind == "diary", let id = try str("todo_id") {
            // One to-do of the page: `position` from 0 in the day's order; `{"listed": false}` when not on it.
            label += " todo_id=\(id)"
            selected = .object([("listed", .bool(false))])
            if case .array(let items)? = output["todos"], let k = items.firstIndex(where: { $0["todo_id"] == .string(id) }),
                case .object(let m) = items[k]
            {
                selected = .object(m + [("listed", .bool(true)), ("position", .int(Int64(k)))])
            }
        }
        if kind == "report", let period = try str("period") {
            guard case .array(let ps)? = output["periods"], let p = ps.first(where: { $0["start"] == .string(period) }) else {
                fail(line, label, message: "no period starts on \(period)")
                return
            }
            selected = p
            label += " period \(period)"
        }
        for key in ["action_id", "tag_id"] {
            guard let id = try str(key) else { continue }
            let list = kind == "day" ? (key == "action_id" ? "actions" : "tags") : (selected["items"] != nil ? "items" : "totals")
            guard case .array(let items)? = selected[list] else { continue }
            // Absent from the list: a zero total (lists hold non-zero totals only,
            // but for `day` with order user), `position` null. Listed: its place
            // in the list as `position` (from 0), for the orders (`"order": "user"`).
            if let k = items.firstIndex(where: { $0[key] == .string(id) }), case .object(let m) = items[k] {
                selected = .object(m + [("position", .int(Int64(k)))])
            } else {
                selected = .object([(key, .string(id)), ("seconds", .int(0)), ("count", .int(0)), ("position", .null)])
            }
            label += " \(key)=\(id)"
        }
        if let asOf { label += " as_of \(asOf)" }
        if let k = json["known_at"] { label += " known_at \(k.compactText)" }
        compare(json, selected, label: label, line: line)
    }

    /// A listing's entry by `id` (with `"listed": true`, or `{"listed": false}`
    /// when absent), or the settings in force; then compared field by field.
    private mutating func expectListed(_ kind: String, _ json: JSONValue, _ output: JSONValue, title: String, asOf: String?, line: Int)
        throws
    {
        var label = title + (asOf.map { " as_of \($0)" } ?? "") + (json["known_at"].map { " known_at \($0.compactText)" } ?? "")
        if kind == "settings" {
            return compare(json, output["settings"] ?? .null, label: label, line: line)
        }
        guard case .string(let id)? = json["id"] else {
            throw ScenarioError(file: file, line: line, reason: "id: required for expect \(kind)")
        }
        label += " id=\(id)"
        let list = kind == "record" ? "records" : title
        let idKey = kind == "record" ? "id" : (json["kind"]?.stringValue ?? "") + "_id"
        var selected: JSONValue = .object([("listed", .bool(false))])
        if case .array(let items)? = output[list], let hit = items.first(where: { $0[idKey] == .string(id) }), case .object(let m) = hit {
            selected = .object(m + [("listed", .bool(true))])
        }
        compare(json, selected, label: label, line: line)
    }

    /// Narrows progress output to a goal, a quest, one of their spans, a streak or a judgment.
    static func pick(_ kind: String, _ output: JSONValue, goal: String?, quest: String?, span: String?, line: Int, file: String) throws
        -> (value: JSONValue, label: String)?
    {
        guard case .array(let goals)? = output["goals"] else { return nil }
        if kind == "goal" {
            guard let id = goal else { throw ScenarioError(file: file, line: line, reason: "goal_id: required for expect goal") }
            guard let g = goals.first(where: { $0["goal_id"] == .string(id) }) else { return nil }
            if let span { return (g["spans"]?[span] ?? .null, "goal \(id) \(span)") }
            return (g, "goal \(id)")
        }
        guard let id = quest else { throw ScenarioError(file: file, line: line, reason: "quest_id: required for expect \(kind)") }
        for g in goals {
            guard case .array(let quests)? = g["quests"], let q = quests.first(where: { $0["quest_id"] == .string(id) }) else { continue }
            switch kind {
            case "streak":
                let st = q["streak"] ?? .null
                return (st == .null ? .object([("count", .null), ("unit", .null)]) : st, "streak of \(id)")
            case "judgment":
                return (q["judgment"] ?? .null, "judgment of \(id)")
            default:
                if let span { return (q["spans"]?[span] ?? .null, "quest \(id) \(span)") }
                return (q, "quest \(id)")
            }
        }
        return nil
    }

    /// Compares every non-selector field of an expect line with the selected output.
    private mutating func compare(_ json: JSONValue, _ selected: JSONValue, label: String, line: Int) {
        var diffs: [(String, String, String)] = []
        guard case .object(let members) = json else { return }
        for (key, want) in members where !ScenarioRunner.selectors.contains(key) {
            let got = selected[key]
            if got.map({ ScenarioRunner.matches(want, $0) }) != true {
                diffs.append((key, want.compactText, got?.compactText ?? "nothing (no such field)"))
            }
        }
        if !diffs.isEmpty { fail(line, label, diffs: diffs) }
    }

    /// Whether the expected value `a` matches the output `b`: numbers within
    /// 1e-6, arrays element by element (same length), objects by the members
    /// the expectation names (the output may have more: a field added to a
    /// query's JSON, such as a name beside an id, does not break a scenario).
    static func matches(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.doubleValue, let y = b.doubleValue { return abs(x - y) <= 1e-6 }
        switch (a, b) {
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { matches($0, $1) }
        case (.object(let x), .object(let y)):
            return x.allSatisfy { k, v in y.first { $0.0 == k }.map { matches(v, $0.1) } ?? false }
        default: return a == b
        }
    }
}
