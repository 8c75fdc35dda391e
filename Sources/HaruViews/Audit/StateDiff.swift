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

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct StateDiff {
    /// An event between the two states that can have caused a change.
    public struct Cause: Sendable {
        public var seq: UInt64
        public var type: EventType
        /// What it says; written as JSON only for the events that cause a change.
        public var payload: Payload
    }

    /// One item that differs: a goal, a quest, a definition or a day.
    public struct Change: Sendable {
        /// `goal`, `quest`, `tag`, `action`, `goal definition`, `quest definition`, `day`.
        public var kind: String
        public var id: String
        public var leaves: [JSONDiff.Leaf]
        /// The seqs of the events that can have caused it (`StateDiff.events`).
        public var causes: [UInt64]
    }

    public var from: UInt64
    public var to: UInt64
    public var changes: [Change] = []
    /// Every event that causes a change, once, in seq order.
    public var events: [Cause] = []
    /// The later state's calendar: the zone the events' instants are written in.
    public var calendar: LedgerCalendar

    /// What one event between the states touches (`StateDiff+Touches.swift`).
    struct Touch: Sendable {
        var cause: Cause
        var entity: String?
        /// The actions of the records it changed (a count moved between
        /// actions has two), and the one its payload names.
        var actions: [String]
        var goal: String?
        /// The logical days of the record versions it added or removed, each
        /// once (a few: a small array, not a set per event).
        var days: [LocalDate]
    }

    /// The diff of the states known at `from` and `to` (seqs, `from` ≤ `to`),
    /// each seen at the reference `reference` makes with that state's calendar.
    ///
    /// The work runs on the machine's two cores (`Parallel`): the two states'
    /// `progress` and listings beside what the events between touched (itself
    /// the event reading beside the record pages' scan,
    /// `StateDiff+Touches.swift`); then each state's totals of those days
    /// beside the other's.
    public static func run(
        _ ledger: Ledger, from a: UInt64, to b: UInt64, zones: ZoneDirectory, reference: (LedgerCalendar) throws -> Reference
    ) throws -> StateDiff {
        // Each state's reference, here: the caller's closure stays on this thread.
        let refA = try ledger.snapshot(knownAt: .seq(a), zones: zones) { try reference(try $0.calendar()) }
        let calB = try ledger.snapshot(knownAt: .seq(b), zones: zones) { try $0.calendar() }
        let refB = try reference(calB)
        var diff = StateDiff(from: a, to: b, calendar: calB)
        let (states, touches) = try Parallel.both(
            { (try items(ledger, a, zones: zones, reference: refA), try items(ledger, b, zones: zones, reference: refB)) },
            { try touchesBetween(ledger, from: a, to: b, zones: zones, references: (refA, refB)) })
        // The days whose records the events between changed, in either state.
        let days = touches.reduce(into: Set<LocalDate>()) { $0.formUnion($1.days) }
        let (daysA, daysB) = try Parallel.both(
            { try dayItems(ledger, a, zones: zones, days: days, reference: refA) },
            { try dayItems(ledger, b, zones: zones, days: days, reference: refB) })
        let itemsA = states.0.merging(daysA) { x, _ in x }
        let itemsB = states.1.merging(daysB) { x, _ in x }
        let index = CauseIndex(touches, itemsA: itemsA, itemsB: itemsB)
        var causing = EventSet(count: touches.count)
        let seqs = touches.map(\.cause.seq)
        for key in Set(itemsA.keys).union(itemsB.keys).sorted() {
            let x = itemsA[key], y = itemsB[key]
            let leaves = JSONDiff.leaves(x?.value, y?.value)
            guard !leaves.isEmpty, let item = x ?? y else { continue }
            let why = index.causes(item.kind, item.id, x?.value ?? .null, y?.value ?? .null)
            causing.formUnion(why)
            diff.changes.append(Change(kind: item.kind, id: item.id, leaves: leaves, causes: why.map { seqs[$0] }))
        }
        diff.events = causing.map { touches[$0].cause }
        return diff
    }

    typealias Items = [String: (kind: String, id: String, value: JSONValue)]

    /// One state's goals and quests from `progress` (provenance left out: it
    /// always differs) and definitions from the listings (deleted ones included).
    static func items(_ ledger: Ledger, _ k: UInt64, zones: ZoneDirectory, reference ref: Reference) throws -> Items {
        try ledger.snapshot(knownAt: .seq(k), zones: zones) { snap in
            let cal = try snap.calendar()
            var out: Items = [:]
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
                    guard case .string(let id)? = row[kind.idField.jsonName] else { continue }
                    add(kind.word + (DefinitionKind.tracking.contains(kind) ? " definition" : ""), id, row)
                }
            }
            return out
        }
    }

    /// One state's answer for each of the given days.
    static func dayItems(_ ledger: Ledger, _ k: UInt64, zones: ZoneDirectory, days: Set<LocalDate>, reference ref: Reference) throws
        -> Items
    {
        guard let first = days.min(), let last = days.max() else { return [:] }
        return try ledger.snapshot(knownAt: .seq(k), zones: zones) { snap in
            let cal = try snap.calendar()
            let book = try DayBook(snap, calendar: cal, from: first, through: last, reference: ref)
            var out: Items = [:]
            for d in days {
                out["day:" + d.description] = (
                    "day", d.description, .object(book.json(day: d.daysSinceEpoch - first.daysSinceEpoch, calendar: cal))
                )
            }
            return out
        }
    }
}

/// The events between two states, indexed by what they touch, and the
/// rule of which of them can have caused a change of an item (each lookup
/// proportional to what it finds: a diff of states 100,000 events apart
/// first compared every event with every item). Sets of events are bit sets
/// over the touch indexes: a quest counting a busy action is caused by most
/// of the events between, and its goal by the union of its quests'.
struct CauseIndex {
    typealias Items = StateDiff.Items
    var byEntity: Postings<String>
    var byAction = Postings<String>()
    var byGoal = Postings<String>()
    var byDay = Postings<LocalDate>()
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
        // Most events between have an entity, most of them their own.
        byEntity = Postings(capacity: touches.count)
        for (i, t) in touches.enumerated() {
            if let e = t.entity { byEntity.add(e, i) }
            for a in t.actions { byAction.add(a, i) }
            if let g = t.goal { byGoal.add(g, i) }
            for d in t.days { byDay.add(d, i) }
            if t.cause.type == .settingsChanged { settings.append(i) }
            if CauseIndex.definesRecords(t.cause.type) { definitionsOfRecords.append(i) }
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

    /// Whether events of this type change what records mean for days (an
    /// action's or tag's own events: names and tags move day totals).
    static func definesRecords(_ type: EventType) -> Bool {
        switch type {
        case .actionCreated, .actionEdited, .actionDeleted, .actionRestored, .tagCreated, .tagEdited, .tagDeleted, .tagRestored: true
        default: false
        }
    }

    /// The indexes of the events that can have caused a change of `kind`/`id`
    /// (valued `x` before, `y` after), in seq order.
    func causes(_ kind: String, _ id: String, _ x: JSONValue, _ y: JSONValue) -> [Int] {
        // A day's and a definition's own causes are a few events: a sorted
        // array, not a bit set over every event between (a diff far apart
        // has thousands of days, and zeroing a set for each was a tenth of it).
        func few(_ indexes: [Int]) -> [Int] { Array(Set(indexes)).sorted() }
        func own(_ domain: String) -> [Int] {
            var found: [Int] = []
            byEntity.forEach(id) { i in if touches[i].cause.type.name.hasPrefix(domain + ".") { found.append(i) } }
            return found
        }
        switch kind {
        case "tag definition": return few(own("tag"))
        case "action definition": return few(own("action"))
        case "quest definition": return few(own("quest"))
        case "goal definition":
            // A goal's listing carries its status, which its quests' records move.
            var found = goalCauses(id)
            for i in own("goal") { found.insert(i) }
            return Array(found)
        case "goal": return Array(goalCauses(id))
        case "quest": return Array(questCauses(id, [x, y]))
        case "day":
            var found = definitionsOfRecords + settings
            if let d = LocalDate(parsing: id) { byDay.forEach(d) { found.append($0) } }
            return few(found)
        default: return []
        }
    }

    func goalCauses(_ id: String) -> EventSet {
        if let known = memo.sets["g:" + id] { return known }
        var found = EventSet(count: touches.count)
        defer { memo.sets["g:" + id] = found }
        found.formUnion(byEntity, id)
        found.formUnion(byGoal, id)
        found.formUnion(settings)
        for q in questsOfGoal[id] ?? [] { found.formUnion(questCauses(q, questDefinitions[q] ?? [])) }
        return found
    }

    /// `causes` with each quest's and goal's set found once (a goal, its
    /// listing and its quests ask for the same sets).
    final class Memo {
        var sets: [String: EventSet] = [:]
    }

    /// A quest's own events, its goal's, the records of the actions it counts
    /// (its action, or those carrying its tag) and those actions' and tag's
    /// own events, and settings changes.
    func questCauses(_ id: String, _ values: [JSONValue]) -> EventSet {
        // The same quest's values (both states) whoever asks: one set per quest.
        if let known = memo.sets["q:" + id] { return known }
        var found = EventSet(count: touches.count)
        defer { memo.sets["q:" + id] = found }
        found.formUnion(byEntity, id)
        found.formUnion(settings)
        var actions = Set<String>()
        for v in values {
            if let g = v["definition"]?["goal_id"]?.stringValue { found.formUnion(byGoal, g); found.formUnion(byEntity, g) }
            if let a = v["definition"]?["target"]?["action_id"]?.stringValue { actions.insert(a) }
            if let t = v["definition"]?["target"]?["tag_id"]?.stringValue {
                actions.formUnion(actionsWithTag[t] ?? [])
                found.formUnion(byEntity, t)
            }
        }
        for a in actions {
            found.formUnion(byAction, a)
            found.formUnion(byEntity, a)
        }
        return found
    }
}

/// A set of indexes below a fixed count, one bit each: unions are word ORs
/// and the members come out in order without sorting.
struct EventSet: Sequence {
    private var words: [UInt64]

    init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

    mutating func insert(_ i: Int) { words[i >> 6] |= 1 << UInt64(i & 63) }

    mutating func formUnion(_ indexes: [Int]) { for i in indexes { insert(i) } }

    mutating func formUnion<Key>(_ postings: Postings<Key>, _ key: Key) { postings.forEach(key) { insert($0) } }

    /// The number of members (`map` reserves this much).
    var underestimatedCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    mutating func formUnion(_ other: EventSet) {
        for w in words.indices { words[w] |= other.words[w] }
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The members in increasing order.
    func makeIterator() -> Iterator { Iterator(words: words) }

    struct Iterator: IteratorProtocol {
        let words: [UInt64]
        var w = 0
        var bits: UInt64

        init(words: [UInt64]) {
            self.words = words
            bits = words.first ?? 0
        }

        mutating func next() -> Int? {
            while bits == 0 {
                w += 1
                guard w < words.count else { return nil }
                bits = words[w]
            }
            let i = w * 64 + bits.trailingZeroBitCount
            bits &= bits - 1
            return i
        }
    }
}

/// Event indexes by key, without an array per key (a diff far apart has an
/// entity per event: 100,000 small arrays were a tenth of its time): each
/// key's last posting in a dictionary, each posting chained to the one before.
struct Postings<Key: Hashable> {
    private var last: [Key: Int32] = [:]
    private var postings: [(index: Int32, previous: Int32)] = []

    init(capacity: Int = 0) {
        last.reserveCapacity(capacity)
        postings.reserveCapacity(capacity)
    }

    mutating func add(_ key: Key, _ index: Int) {
        let previous = last[key] ?? -1
        last[key] = Int32(postings.count)
        postings.append((Int32(index), previous))
    }

    /// Calls `body` with each index posted under `key`, latest first.
    func forEach(_ key: Key, _ body: (Int) -> Void) {
        var p = last[key] ?? -1
        while p >= 0 {
            body(Int(postings[Int(p)].index))
            p = postings[Int(p)].previous
        }
    }
}

extension JSONValue {
    /// The string, when this is one.
    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
