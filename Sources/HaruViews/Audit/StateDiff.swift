/// What changed between two states of the ledger (`haru diff --known-at A
/// --known-at B`), and because of which events (Docs/design.md, "Diff").
///
/// Each state answers with its own views — `progress` (goals and quests),
/// the definition listings, and the days that the events between A and B
/// touched — and the diff is the leaves where those answers differ
/// (`JSONDiff`), item by item. Each changed item lists the events between A
/// and B that can have caused it: its own events; for a quest, its goal's and
/// the records of the actions it counts; for a goal, its quests' causes; for
/// a day, the records on it; and the settings changes, which move every span.
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruEngine

@_spi(Layers) public struct StateDiff {
    /// An event between the two states that can have caused a change.
    @_spi(Layers) public struct Cause: Sendable {
        @_spi(Layers) public var seq: UInt64
        @_spi(Layers) public var type: EventType
        @_spi(Layers) public var data: JSONValue
    }

    /// One item that differs: a goal, a quest, a definition or a day.
    @_spi(Layers) public struct Change: Sendable {
        /// `goal`, `quest`, `tag`, `action`, `goal definition`, `quest definition`, `day`.
        @_spi(Layers) public var kind: String
        @_spi(Layers) public var id: String
        @_spi(Layers) public var leaves: [JSONDiff.Leaf]
        /// The seqs of the events that can have caused it (`StateDiff.events`).
        @_spi(Layers) public var causes: [UInt64]
    }

    @_spi(Layers) public var from: UInt64
    @_spi(Layers) public var to: UInt64
    @_spi(Layers) public var changes: [Change] = []
    /// Every event that causes a change, once, in seq order.
    @_spi(Layers) public var events: [Cause] = []

    /// What one event between the states touches.
    struct Touch {
        var cause: Cause
        var entity: String?
        var action: String?
        var goal: String?
        var days: Set<LocalDate>
    }

    /// The diff of the states known at `from` and `to` (seqs, `from` ≤ `to`),
    /// each seen at the reference `reference` makes with that state's calendar.
    @_spi(Layers) public static func run(
        _ ledger: Ledger, from a: UInt64, to b: UInt64, zones: ZoneDirectory, reference: (LedgerCalendar) throws -> Reference
    ) throws -> StateDiff {
        var diff = StateDiff(from: a, to: b)
        // The events between, with what each touches (records found in either state).
        var touches: [Touch] = []
        try ledger.snapshot(knownAt: .seq(a), zones: zones) { before in
            try ledger.snapshot(knownAt: .seq(b), zones: zones) { after in
                let cal = try after.calendar()
                try ledger.forEachEvent(from: a + 1, through: b) { e in
                    touches.append(try touch(e, before.store, after.store, cal))
                    return true
                }
            }
        }
        let days = touches.reduce(into: Set<LocalDate>()) { $0.formUnion($1.days) }
        let itemsA = try items(ledger, a, zones: zones, days: days, reference: reference)
        let itemsB = try items(ledger, b, zones: zones, days: days, reference: reference)
        let index = CauseIndex(touches, itemsA: itemsA, itemsB: itemsB)
        var causing = Set<Int>()
        for key in Set(itemsA.keys).union(itemsB.keys).sorted() {
            let x = itemsA[key], y = itemsB[key]
            let leaves = JSONDiff.leaves(x?.value, y?.value)
            guard !leaves.isEmpty, let item = x ?? y else { continue }
            let why = index.causes(item.kind, item.id, x?.value ?? .null, y?.value ?? .null)
            causing.formUnion(why)
            diff.changes.append(Change(kind: item.kind, id: item.id, leaves: leaves, causes: why.map { touches[$0].cause.seq }))
        }
        diff.events = causing.sorted().map { touches[$0].cause }
        return diff
    }

    /// One state's items by `kind:id`: goals and quests from `progress`
    /// (provenance left out: it always differs), definitions from the
    /// listings (deleted ones included), and the given days.
    static func items(
        _ ledger: Ledger, _ k: UInt64, zones: ZoneDirectory, days: Set<LocalDate>, reference: (LedgerCalendar) throws -> Reference
    ) throws -> [String: (kind: String, id: String, value: JSONValue)] {
        try ledger.snapshot(knownAt: .seq(k), zones: zones) { snap in
            let cal = try snap.calendar()
            let ref = try reference(cal)
            var out: [String: (kind: String, id: String, value: JSONValue)] = [:]
            func add(_ kind: String, _ id: String, _ v: JSONValue) { out[kind + ":" + id] = (kind, id, v) }
            let report = try ProgressEngine(snap, calendar: cal, reference: ref).run()
            let progress = report.json(calendar: cal)
            if case .array(let goals)? = progress["goals"] {
                for g in goals {
                    guard case .string(let id)? = g["goal_id"], case .object(let m) = g else { continue }
                    add("goal", id, .object(m.filter { $0.0 != "quests" }))
                    if case .array(let quests)? = g["quests"] {
                        for q in quests { if case .string(let qid)? = q["quest_id"] { add("quest", qid, q) } }
                    }
                }
            }
            for kind in DefinitionKind.allCases {
                let listing = try DefinitionList.json(kind, snap: snap, calendar: cal, reference: ref, all: true, progress: report)
                guard case .array(let rows)? = listing[kind.word + "s"] else { continue }
                for row in rows {
                    if case .string(let id)? = row[kind.word + "_id"] { add(kind.word + " definition", id, row) }
                }
            }
            if let first = days.min(), let last = days.max() {
                let book = try DayBook(snap, calendar: cal, from: first, through: last, reference: ref)
                for d in days {
                    add("day", d.description, .object(book.json(day: d.daysSinceEpoch - first.daysSinceEpoch, calendar: cal)))
                }
            }
            return out
        }
    }

    /// What an event touches: its entity, the action of the record it is
    /// about (in either state), its goal, and the logical days of the
    /// record's times before and after it (a session: every day it spans,
    /// at most 400 from its start).
    static func touch<R: EntityReader>(_ e: Event, _ before: R, _ after: R, _ cal: LedgerCalendar) throws -> Touch {
        let entity = e.type.entityField.flatMap { e.payload.string($0) }
        var action = e.payload.string(.actionID)
        var days = Set<LocalDate>()
        func span(_ s: Instant, _ t: Instant?) {
            let first = cal.day(of: s)
            let last = cal.day(of: t ?? s)
            var d = first
            while d <= last && d.daysSinceEpoch - first.daysSinceEpoch < 400 {
                days.insert(d)
                d = LocalDate(daysSinceEpoch: d.daysSinceEpoch + 1)
            }
        }
        switch e.type {
        case .sessionStarted, .sessionStopped, .sessionDiscarded, .sessionRecorded, .sessionEdited, .sessionDeleted, .sessionRestored:
            for s in [try before.session(entity ?? ""), try after.session(entity ?? "")].compactMap({ $0 }) {
                action = action ?? s.actionID
                span(s.start, s.end)
            }
            if let s = e.payload.instant(.start) { span(s, e.payload.instant(.end)) }
        case .countAdded, .countEdited, .countDeleted, .countRestored:
            for c in [try before.count(entity ?? ""), try after.count(entity ?? "")].compactMap({ $0 }) {
                action = action ?? c.actionID
                span(c.time, nil)
            }
            span(e.payload.instant(.time) ?? e.at, nil)
        default: break
        }
        return Touch(
            cause: Cause(seq: e.seq, type: e.type, data: e.payload.json(type: e.type, instant: cal.format)), entity: entity, action: action, goal: e.payload.string(.goalID), days: days)
    }

}

/// The events between two states, indexed by what they touch, and the
/// rule of which of them can have caused a change of an item (each lookup
/// proportional to what it finds: a diff of states 100,000 events apart
/// first compared every event with every item).
struct CauseIndex {
    typealias Items = [String: (kind: String, id: String, value: JSONValue)]
    var byEntity: [String: [Int]] = [:]
    var byAction: [String: [Int]] = [:]
    var byGoal: [String: [Int]] = [:]
    var byDay: [LocalDate: [Int]] = [:]
    var settings: [Int] = []
    /// Events of actions and tags: they move tag totals of any day.
    var definitionsOfRecords: [Int] = []
    let touches: [StateDiff.Touch]
    /// Actions carrying each tag (in either state), and each goal's quests.
    var actionsWithTag: [String: Set<String>] = [:]
    var questsOfGoal: [String: Set<String>] = [:]
    var questDefinitions: [String: [JSONValue]] = [:]
    let memo = Memo()

    init(_ touches: [StateDiff.Touch], itemsA: Items, itemsB: Items) {
        self.touches = touches
        for (i, t) in touches.enumerated() {
            if let e = t.entity { byEntity[e, default: []].append(i) }
            if let a = t.action { byAction[a, default: []].append(i) }
            if let g = t.goal { byGoal[g, default: []].append(i) }
            for d in t.days { byDay[d, default: []].append(i) }
            if t.cause.type == .settingsChanged { settings.append(i) }
            if t.cause.type.name.hasPrefix("action.") || t.cause.type.name.hasPrefix("tag.") { definitionsOfRecords.append(i) }
        }
        for items in [itemsA, itemsB] {
            for item in items.values {
                if item.kind == "action definition", case .array(let tags)? = item.value["tag_ids"] {
                    for tag in tags { if let t = tag.stringValue { actionsWithTag[t, default: []].insert(item.id) } }
                }
                if item.kind == "quest" {
                    questDefinitions[item.id, default: []].append(item.value)
                    if let g = item.value["definition"]?["goal_id"]?.stringValue { questsOfGoal[g, default: []].insert(item.id) }
                }
            }
        }
    }

    /// The indexes of the events that can have caused a change of `kind`/`id`
    /// (valued `x` before, `y` after), in seq order.
    func causes(_ kind: String, _ id: String, _ x: JSONValue, _ y: JSONValue) -> [Int] {
        var found = Set<Int>()
        func own(_ domain: String) { for i in byEntity[id] ?? [] where touches[i].cause.type.name.hasPrefix(domain + ".") { found.insert(i) } }
        switch kind {
        case "tag definition": own("tag")
        case "action definition": own("action")
        case "quest definition": own("quest")
        case "goal definition":
            own("goal")
            // A goal's listing carries its status, which its quests' records move.
            found.formUnion(goalCauses(id))
        case "goal": found.formUnion(goalCauses(id))
        case "quest": found.formUnion(questCauses(id, [x, y]))
        case "day":
            if let d = LocalDate(parsing: id) { found.formUnion(byDay[d] ?? []) }
            found.formUnion(definitionsOfRecords)
            found.formUnion(settings)
        default: break
        }
        return found.sorted()
    }

    func goalCauses(_ id: String) -> Set<Int> {
        if let known = memo.sets["g:" + id] { return known }
        var found = Set(byEntity[id] ?? []).union(byGoal[id] ?? []).union(settings)
        defer { memo.sets["g:" + id] = found }
        for q in questsOfGoal[id] ?? [] { found.formUnion(questCauses(q, questDefinitions[q] ?? [])) }
        return found
    }

    /// `causes` with each quest's and goal's set found once (a goal, its
    /// listing and its quests ask for the same sets).
    final class Memo {
        var sets: [String: Set<Int>] = [:]
    }

    /// A quest's own events, its goal's, the records of the actions it counts
    /// (its action, or those carrying its tag) and those actions' and tag's
    /// own events, and settings changes.
    func questCauses(_ id: String, _ values: [JSONValue]) -> Set<Int> {
        // The same quest's values (both states) whoever asks: one set per quest.
        if let known = memo.sets["q:" + id] { return known }
        var found = Set(byEntity[id] ?? []).union(settings)
        defer { memo.sets["q:" + id] = found }
        var actions = Set<String>()
        for v in values {
            if let g = v["definition"]?["goal_id"]?.stringValue { found.formUnion(byGoal[g] ?? []); found.formUnion(byEntity[g] ?? []) }
            if let a = v["definition"]?["target"]?["action_id"]?.stringValue { actions.insert(a) }
            if let t = v["definition"]?["target"]?["tag_id"]?.stringValue {
                actions.formUnion(actionsWithTag[t] ?? [])
                found.formUnion(byEntity[t] ?? [])
            }
        }
        for a in actions {
            found.formUnion(byAction[a] ?? [])
            found.formUnion(byEntity[a] ?? [])
        }
        return found
    }
}

extension JSONValue {
    /// The string, when this is one.
    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
