/// What a person types to name something, resolved one way for every
/// command and every program: a definition by its id, its name or title
/// (exactly, then case-folded) or a unique start of its id; a record by a
/// unique start of its id or `@N` (`RecordRef`).
@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public enum Resolver {
    /// Why a text names nothing, or more than one thing: in words a person can act on. Exit 2.
    public struct Unresolved: HaruError, Sendable {
        public var reason: NotFound
        public var message: String { reason.english }
        public var exitStatus: ExitStatus { .badInput }
        public var description: String { message }
        public init(_ reason: NotFound) { self.reason = reason }
    }

    /// The shortest start of an id that names a definition (shorter ones
    /// match too much by accident: `r` for `read`).
    public static let minimumPrefix = 4

    /// A live definition of `kind`, as `snap` knows it:
    /// 1. its id;
    /// 2. its name (tags, actions) or title (goals), as in force at `at`
    ///    (nil: as it is now); a name two live definitions share names neither;
    /// 3. the same, case-folded, when one matches;
    /// 4. a unique start of its id, at least `minimumPrefix` characters.
    /// - Parameter deleted: an exact id may name a deleted definition (a query of the past).
    /// - Throws: `Unresolved`, saying whether it was deleted (and how to bring it back) or the nearest name.
    public static func definition(
        _ kind: DefinitionKind, _ text: String, in snap: Snapshot, at: Instant? = nil, deleted: Bool = false
    ) throws -> Definition {
        let all = try snap.definitions(kind)
        var byID = all.first { $0.id == text }
        // The id of a tag or action a merge made one with another (another device's id for it).
        if byID == nil, let space = AliasSpace(kind), let into = try snap.store.alias(space, text) {
            byID = all.first { $0.id == into }
        }
        if let d = byID, d.isLive || deleted { return d }
        func label(_ d: Definition) -> String? {
            let f = d.fields(inForceAt: at)
            return f.label
        }
        let live = all.filter(\.isLive)
        let named = live.filter { label($0) == text }
        if named.count > 1 {
            throw Unresolved(.sameName(kind, text, count: named.count, ids: nil))
        }
        if let d = named.first { return d }
        let folded = live.filter { (label($0) ?? "").lowercased() == text.lowercased() }
        if folded.count == 1 { return folded[0] }
        if text.count >= minimumPrefix {
            let prefixed = live.filter { $0.id.hasPrefix(text) }
            if prefixed.count == 1 { return prefixed[0] }
            if prefixed.count > 1 {
                throw Unresolved(.ambiguousPrefix(kind, text, ids: prefixed.map(\.id)))
            }
        }
        // A name it had before a rename, here or on another device: the
        // names people typed keep naming it (the caller says it is renamed).
        if kind.hasUniqueNames {
            for fold in [false, true] {
                let before = live.filter { d in d.formerNames.contains { fold ? $0.lowercased() == text.lowercased() : $0 == text } }
                if before.count == 1 { return before[0] }
                if before.count > 1 {
                    throw Unresolved(.formerNames(kind, text, now: before.compactMap { label($0) }))
                }
            }
        }
        if let d = byID, let seq = d.deletedSeq { throw Unresolved(.deleted(kind, text, seq: seq)) }
        if let gone = all.last(where: { !$0.isLive && label($0) == text }) {
            throw Unresolved(.deletedName(kind, text, seq: gone.deletedSeq ?? 0))
        }
        switch kind {
        case .quest: throw Unresolved(.noQuest(text))
        case .todo: throw Unresolved(.noTodo(text))
        case .diary: throw Unresolved(.noDiary(text))
        case .device: throw Unresolved(.noDevice(text))
        case .skip: throw Unresolved(.noSkip(text))
        case .tag, .action, .goal: break
        }
        // What to type next: the near name, else how to make one (`NotFound.making`).
        throw Unresolved(.noneNamed(kind, text, near: Suggest.nearestName(text, among: live.compactMap(label))))
    }

    /// Anything `text` names, as `snap` knows it (`haru history`): `@N` (the
    /// N-th most recent record at `reference`), an id of any kind (deleted
    /// ones too), a full record id, a name or title of a live action, tag or
    /// goal (exact, then case-folded), a unique start of a definition's id,
    /// then of a record's id.
    /// - Throws: `Unresolved` when nothing, or more than one thing, answers to it.
    public static func subject(_ text: String, in snap: Snapshot, reference: Reference) throws -> HistorySubject {
        if text.hasPrefix("@") { return try record(text, in: snap, reference: reference) }
        for kind in DefinitionKind.allCases {
            if let d = try snap.definition(kind, text) { return .definition(d) }
        }
        if let s = try snap.store.session(text), s.createdSeq <= snap.knownAt { return .session(s) }
        if let c = try snap.store.count(text), c.createdSeq <= snap.knownAt { return .count(c) }
        var folded: [Definition] = []
        var prefixed: [Definition] = []
        for kind in DefinitionKind.allCases {
            let live = try snap.definitions(kind).filter(\.isLive)
            for d in live {
                let label = d.fields().label
                if label == text {
                    let named = live.filter { $0.fields().label == text }
                    if named.count > 1 {
                        throw Unresolved(.sameName(kind, text, count: named.count, ids: named.map(\.id)))
                    }
                    return .definition(d)
                }
                if label?.lowercased() == text.lowercased() { folded.append(d) }
                if text.count >= minimumPrefix, d.id.hasPrefix(text) { prefixed.append(d) }
            }
        }
        if folded.count == 1 { return .definition(folded[0]) }
        if prefixed.count == 1 { return .definition(prefixed[0]) }
        if prefixed.count > 1 {
            throw Unresolved(.ambiguousPrefix(nil, text, ids: prefixed.map(\.id)))
        }
        // A record id prefix, as `haru records` shows it.
        var hits: [HistorySubject] = []
        try snap.forEachStoredRecord(idPrefix: Array(text.utf8)) { record in
            if record.createdSeq <= snap.knownAt {
                switch record {
                case .session(let s): hits.append(.session(s))
                case .count(let c): hits.append(.count(c))
                }
            }
            return hits.count < 2
        }
        if hits.count > 1 { throw Unresolved(.ambiguousRecordPrefix(text)) }
        guard let hit = hits.first else {
            throw Unresolved(.nothingNamed(text))
        }
        return hit
    }

    /// Whether `text` names `d` only by a name it had before (`definition`'s
    /// last way): what a command tells the person, once, as it acts.
    public static func isFormerName(_ text: String, of d: Definition) -> Bool {
        guard text != d.id, !d.id.hasPrefix(text) || text.count < minimumPrefix else { return false }
        guard let now = d.fields().label, now.lowercased() != text.lowercased() else { return false }
        return d.formerNames.contains { $0.lowercased() == text.lowercased() }
    }

    /// A record named by `@N` or the start of its id (`RecordRef`), as a history subject.
    static func record(_ text: String, in snap: Snapshot, reference: Reference) throws -> HistorySubject {
        let row: RecordRow
        do { row = try RecordRef.resolve(snap, text, reference: reference) } catch let e as RecordRef.Unresolved {
            throw Unresolved(e.reason)
        }
        if let s = try snap.store.session(row.id) { return .session(s) }
        if let c = try snap.store.count(row.id) { return .count(c) }
        throw Unresolved(.noRecord(text))
    }
}
