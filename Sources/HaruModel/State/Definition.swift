/// The four kinds of definitions: entities whose edits take effect at the
/// edit's `at` (RULES §7), unlike records, whose edits are corrections.
package enum DefinitionKind: UInt8, Sendable, CaseIterable {
    case tag = 1, action, goal, quest

    package var word: String {
        switch self {
        case .tag: return "tag"
        case .action: return "action"
        case .goal: return "goal"
        case .quest: return "quest"
        }
    }

    /// Whether live definitions of this kind have unique names (tags and actions).
    package var hasUniqueNames: Bool { self == .tag || self == .action }

    /// The payload field holding the id.
    package var idField: Field {
        switch self {
        case .tag: return .tagID
        case .action: return .actionID
        case .goal: return .goalID
        case .quest: return .questID
        }
    }
}

/// A dated change: when it takes effect (`at`) and where it is in the log.
package struct Dated: Sendable, Equatable {
    package var seq: UInt64
    package var at: Instant
    package init(seq: UInt64, at: Instant) {
        self.seq = seq
        self.at = at
    }

    /// (at, seq) order: the order in which definition edits apply.
    package func before(_ o: Dated) -> Bool { (at, seq) < (o.at, o.seq) }
}

/// One edit of a definition: the fields it set (null = removed).
package struct DefinitionEdit: Sendable, Equatable {
    package var when: Dated
    package var payload: Payload
}

/// A tag, action, goal or quest: its creation, every edit, and how it ended.
///
/// The edits are kept rather than folded into one record so that any view
/// can ask what was in force at its reference instant (RULES §7).
package struct Definition: Sendable, Equatable {
    package var kind: DefinitionKind
    package var id: String
    package var created: Dated
    /// The creation payload.
    package var base: Payload
    /// In (at, seq) order.
    package private(set) var edits: [DefinitionEdit]
    /// Set once deleted: a correction, so the definition leaves every view.
    package var deletedSeq: UInt64?
    /// Goals: the manual finish (`goal.finished`).
    package var finished: Dated?
    /// Goals: the user's confirmation and its outcome (true = achieved).
    package var confirmed: Dated?
    package var confirmedAchieved: Bool

    package init(kind: DefinitionKind, id: String, created: Dated, base: Payload) {
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
        deletedSeq: UInt64?, finished: Dated?, confirmed: Dated?, confirmedAchieved: Bool
    ) {
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

    package var isLive: Bool { deletedSeq == nil }

    /// Adds an edit at its place in (at, seq) order.
    package mutating func add(_ edit: DefinitionEdit) {
        let k = edits.firstIndex { edit.when.before($0.when) } ?? edits.count
        edits.insert(edit, at: k)
    }

    /// The fields in force at `instant` (nil: every edit, the current state).
    /// Whether an edit after the finish `f`, in force by `instant`, gave the
    /// goal an end date: that reopens it, and `f` no longer counts (RULES §4).
    package func reopened(after f: Dated, by instant: Instant) -> Bool {
        edits.contains { e in
            (e.when.at, e.when.seq) > (f.at, f.seq) && e.when.at <= instant && e.payload.has(.endDate) && !e.payload.isNull(.endDate)
        }
    }

    package func fields(inForceAt instant: Instant? = nil) -> Payload {
        var p = base
        for e in edits {
            if let instant, e.when.at > instant { break }
            Definition.merge(e.payload, into: &p, kind: kind)
        }
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
