@_spi(Layers) import HaruSystem

/// The kinds of definitions: entities whose edits take effect at the
/// edit's `at` (RULES §7), unlike records, whose edits are corrections.
///
/// A device's own preferences (which goals it pins, collapses and shows on
/// its watch, which actions ask for a memo) are one more: dated edits of the
/// device's entry, as the app keeps them per device.
///
/// A diary page and a to-do are definitions too (issue 31): created, edited
/// in valid time (the page as it was written by an instant, a to-do done at
/// its `at`), deleted and restored, with the same storage, replay, checks
/// and history as the four the app tracks with.
public enum DefinitionKind: UInt8, Sendable, CaseIterable {
    case tag = 1, action, goal, quest, diary, todo, device
    /// A day or a range excused (skip, pause; issue 44).
    case skip

    public var word: String {
        switch self {
        case .tag: return "tag"
        case .action: return "action"
        case .goal: return "goal"
        case .quest: return "quest"
        case .diary: return "diary page"
        case .todo: return "to-do"
        case .device: return "device"
        case .skip: return "skip"
        }
    }

    /// The kinds a person tracks with (tags, actions, goals, quests); the
    /// diary's pages and to-dos are listed by `haru diary`, not beside them.
    public static let tracking: [DefinitionKind] = [.tag, .action, .goal, .quest]

    /// Whether live definitions of this kind have unique names (tags and actions).
    public var hasUniqueNames: Bool { self == .tag || self == .action }

    /// The payload field holding the id.
    public var idField: Field {
        switch self {
        case .tag: return .tagID
        case .action: return .actionID
        case .goal: return .goalID
        case .quest: return .questID
        case .diary: return .date
        case .todo: return .todoID
        case .device: return .deviceID
        case .skip: return .skipID
        }
    }
}

/// A dated change: when it takes effect (`at`) and where it is in the log.
public struct Dated: Sendable, Equatable {
    public var seq: UInt64
    public var at: Instant
    public init(seq: UInt64, at: Instant) {
        self.seq = seq
        self.at = at
    }

    /// (at, seq) order: the order in which definition edits apply.
    public func before(_ o: Dated) -> Bool { (at, seq) < (o.at, o.seq) }
}

/// One edit of a definition: the fields it set (null = removed).
public struct DefinitionEdit: Sendable, Equatable {
    public var when: Dated
    public var payload: Payload
}

/// A tag, action, goal or quest: its creation, every edit, and how it ended.
///
/// The edits are kept rather than folded into one record so that any view
/// can ask what was in force at its reference instant (RULES §7).
public struct Definition: Sendable, Equatable {
    public var kind: DefinitionKind
    public var id: String
    public var created: Dated
    /// The creation payload.
    public var base: Payload
    /// In `at` order; at the same `at`, in the order they were folded.
    public private(set) var edits: [DefinitionEdit]
    /// Set once deleted: a correction, so the definition leaves every view.
    public var deletedSeq: UInt64?
    /// Goals: the latest manual finish (`goal.finished`).
    public var finished: Dated?
    /// Goals: the user's latest confirmation and its outcome (true = achieved).
    public var confirmed: Dated?
    public var confirmedAchieved: Bool
    /// Goals: the finishes and confirmations before the latest, oldest first:
    /// a reopened goal can be finished or confirmed again (RULES §4), and a
    /// view before the reopening still sees the earlier one.
    public var earlierFinishes: [Dated] = []
    public var earlierConfirmations: [Confirmation] = []
    /// Deletions taken back (`*.restored`), oldest first: a view known
    /// between the two seqs sees the definition deleted.
    public var restorations: [Restoration] = []

    /// A deletion and the seq that took it back.
    public struct Restoration: Sendable, Equatable {
        public var deleted: UInt64
        public var restored: UInt64
        public init(deleted: UInt64, restored: UInt64) { (self.deleted, self.restored) = (deleted, restored) }
    }

    /// A `goal.confirmed`: when, and the answer.
    public struct Confirmation: Sendable, Equatable {
        public var when: Dated
        public var achieved: Bool
        public init(when: Dated, achieved: Bool) { (self.when, self.achieved) = (when, achieved) }
    }

    public init(kind: DefinitionKind, id: String, created: Dated, base: Payload) {
        self.kind = kind
        self.id = id
        self.created = created
        self.base = base
        self.edits = []
        self.confirmedAchieved = false
    }

    /// Restores a stored definition.
    init(
        kind: DefinitionKind, id: String, created: Dated, base: Payload, edits: [DefinitionEdit],
        deletedSeq: UInt64?, finished: Dated?, confirmed: Dated?, confirmedAchieved: Bool,
        earlierFinishes: [Dated] = [], earlierConfirmations: [Confirmation] = [], restorations: [Restoration] = []
    ) {
        self.restorations = restorations
        self.earlierFinishes = earlierFinishes
        self.earlierConfirmations = earlierConfirmations
        self.kind = kind
        self.id = id
        self.created = created
        self.base = base
        self.edits = edits
        self.deletedSeq = deletedSeq
        self.finished = finished
        self.confirmed = confirmed
        self.confirmedAchieved = confirmedAchieved
    }

    public var isLive: Bool { deletedSeq == nil }

    /// Adds an edit at its place in (at, seq) order.
    /// Edits at the same `at` keep the order they were folded in: seq order
    /// in a ledger that never merged, the merged order in one that did (the
    /// same on every device: Docs/sync.md), never the arrival order.
    public mutating func add(_ edit: DefinitionEdit) {
        let k = edits.firstIndex { edit.when.at < $0.when.at } ?? edits.count
        edits.insert(edit, at: k)
    }

    /// The fields in force at `instant` (nil: every edit, the current state).
    /// Whether an edit after the finish `f`, in force by `instant`, gave the
    /// goal an end date: that reopens it, and `f` no longer counts (RULES §4).
    public func reopened(after f: Dated, by instant: Instant) -> Bool {
        edits.contains { e in
            (e.when.at, e.when.seq) > (f.at, f.seq) && e.when.at <= instant && e.payload.has(.endDate) && !e.payload.isNull(.endDate)
        }
    }

    /// The manual finish in force at `instant`: the latest one timed by then,
    /// unless an end date given after it (by then) reopened the goal.
    public func finish(inForceAt instant: Instant) -> Dated? {
        guard let f = (earlierFinishes + [finished].compactMap { $0 }).last(where: { $0.at <= instant }) else { return nil }
        return reopened(after: f, by: instant) ? nil : f
    }

    /// Whether an edit after `c`, in force by `instant`, changed the end date
    /// the answer `c` was given for: removed it or moved it later (which
    /// reopens the goal, RULES §4), or moved it earlier (which judges the goal
    /// again at the new end, RULES §7). Either way the answer no longer stands.
    public func reopenedByEndDate(after c: Dated, by instant: Instant) -> Bool {
        // The end date as the answer found it: the edits before it in (at, seq)
        // order, not every edit of the same instant (an edit at the answer's
        // own `at` but logged after it is after it, RULES §7).
        var end = base.date(.endDate)
        for e in edits where (e.when.at, e.when.seq) <= (c.at, c.seq) && e.payload.has(.endDate) { end = e.payload.date(.endDate) }
        for e in edits where (e.when.at, e.when.seq) > (c.at, c.seq) && e.when.at <= instant && e.payload.has(.endDate) {
            let new = e.payload.date(.endDate)
            if new != end { return true }
        }
        return false
    }

    /// The confirmation in force at `instant`: the latest one timed by then,
    /// unless a reopening after it (by then) means it no longer stands.
    public func confirmation(inForceAt instant: Instant) -> Confirmation? {
        var all = earlierConfirmations
        if let c = confirmed { all.append(Confirmation(when: c, achieved: confirmedAchieved)) }
        guard let c = all.last(where: { $0.when.at <= instant }) else { return nil }
        return reopenedByEndDate(after: c.when, by: instant) ? nil : c
    }

    public func fields(inForceAt instant: Instant? = nil) -> Payload {
        var p = base
        for e in edits {
            if let instant, e.when.at > instant { break }
            Definition.merge(e.payload, into: &p, kind: kind)
        }
        return p
    }

    /// The fields as they were just before the edit made at `when` took
    /// effect: the base and the edits before it in the order they apply
    /// (what `haru undo` writes back).
    public func fields(justBefore when: Dated) -> Payload {
        var p = base
        let end = edits.firstIndex { $0.when.seq == when.seq } ?? edits.firstIndex { when.before($0.when) } ?? edits.count
        for e in edits[..<end] { Definition.merge(e.payload, into: &p, kind: kind) }
        return p
    }

    /// Applies an edit's fields: values replace, nulls remove. A quest whose
    /// period changes drops the fields that belonged to the old period.
    static func merge(_ edit: Payload, into p: inout Payload, kind: DefinitionKind) {
        if kind == .quest, let newPeriod = edit.choice(.period, as: Period.self), newPeriod != p.choice(.period) {
            for f in [
                Field.scheduleMode, .scheduleWeekdays, .scheduleMonthDays, .scheduleOrdinal, .scheduleWeekday,
                .customStart, .customEnd, .deadline,
            ] {
                p[f] = nil
            }
        }
        if kind == .quest, edit.has(.scheduleMode) {
            for f in [Field.scheduleWeekdays, .scheduleMonthDays, .scheduleOrdinal, .scheduleWeekday] { p[f] = nil }
        }
        for (f, v) in edit.fields where f != kind.idField {
            if case .null = v { p[f] = nil } else { p[f] = v }
        }
    }
}

extension Definition {
    /// The names it had before its current one (as created, then each
    /// rename in the order they apply), oldest first, each once.
    public var formerNames: [String] {
        let now = fields().string(.name)
        var out: [String] = []
        for name in [base.string(.name)] + edits.map({ $0.payload.string(.name) }) {
            if let name, name != now, !out.contains(name) { out.append(name) }
        }
        return out
    }
}
