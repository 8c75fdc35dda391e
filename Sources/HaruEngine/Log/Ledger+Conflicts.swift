/// What a merge could not apply as its maker meant, listed as a person acts
/// on it (`haru conflicts`, Docs/sync.md "Conflicts"): the events without
/// effect in the merged order, the diary fields both devices changed, and
/// the records waiting for their action's restoration. Each has an id that
/// is the same on every device that holds the same events.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// Why an event has no effect where the merged order puts it.
public enum ConflictRule: String, Sendable, CaseIterable {
    /// A stop, discard or edit of a session that is not running (stopped, discarded).
    case notRunning = "not_running"
    /// It acts on something another device deleted.
    case deleted
    /// A name (or an id) another definition has.
    case nameTaken = "name_taken"
    /// It names something this history does not have.
    case missing
    /// A to-do done twice, a goal finished or confirmed twice.
    case alreadyDone = "already_done"
    /// Any other rule (the reason says which).
    case other

    /// The rule an error of the fold states (its words are the fold's own).
    public init(_ reason: String) {
        if reason.contains("is not running") || reason.contains("was discarded") {
            self = .notRunning
        } else if reason.contains("was deleted") || reason.contains("is deleted") {
            self = .deleted
        } else if reason.contains("already exists") || reason.contains("is named") || reason.contains("already running") {
            self = .nameTaken
        } else if reason.contains("no ") && reason.contains(" with id ") {
            self = .missing
        } else if reason.contains("already") {
            self = .alreadyDone
        } else {
            self = .other
        }
    }
}

extension Conflict {
    /// Which kind of rule the event broke, for an app to act on (`haru
    /// conflicts` lists each with its event id and maker: `Ledger.openConflicts`).
    public var kind: ConflictRule { ConflictRule(rule) }
}

/// What a conflict is about.
public struct ConflictSubject: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable {
        case session, count, tag, action, goal, quest, todo, diary, device, settings, skip
    }
    public var kind: Kind
    public var id: String
    public init(kind: Kind, id: String) { (self.kind, self.id) = (kind, id) }
}

/// One open conflict.
public struct OpenConflict: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// An event that does not apply where the merged order puts it;
        /// `reason` in the fold's words.
        case withoutEffect(rule: ConflictRule, reason: String)
        /// A diary page field both devices changed apart: `kept` is on the
        /// page (the later write's), `other` the earlier write's (null: it
        /// had taken the field away).
        case diaryField(field: Field, kept: FieldValue, other: FieldValue)
        /// A record made on one device after another deleted its action:
        /// kept, uncounted until the action is restored.
        case waiting(action: String)
    }

    /// The same on every device: the event's id; `DATE/field` for a diary
    /// field; the record's id for a waiting record.
    public var id: String
    public var kind: Kind
    public var subject: ConflictSubject
    /// The event it is about, here: the one without effect, the write
    /// whose value was kept, the record's creation.
    public var seq: UInt64
    public var eventID: EventID
    public var type: EventType
    /// When and where in its maker's log the event was made.
    public var madeAt: Origin
}

extension Ledger {
    /// The conflicts open now, oldest first in the merged order. An event
    /// without effect stays open until a later event (in the merged order)
    /// changes what it is about; a diary field, until the page is written
    /// again by someone who saw both (or the field is written again); a
    /// waiting record, until its action is restored (or the record deleted).
    public func openConflicts() throws -> [OpenConflict] {
        try environment.read { txn in
            guard try mergeHorizon(txn) != nil else { return [] }
            let store = StoredEntities(txn: txn, db: try projections(txn).state)
            var out: [(MergeKey, OpenConflict)] = []
            for c in try storedConflicts(txn) {
                guard let e = try event(c.seq, txn) else { continue }
                let subject = Ledger.subject(of: e)
                // Changed since, in the merged order (seqs are this device's own order).
                if try changes(of: subject, store).contains(where: { try (mergeKey($0, txn).map { $0 > e.mergeKey }) ?? false }) {
                    continue
                }
                out.append(
                    (
                        e.mergeKey,
                        OpenConflict(
                            id: e.id.description, kind: .withoutEffect(rule: ConflictRule(c.rule), reason: c.rule), subject: subject,
                            seq: e.seq, eventID: e.id, type: e.type, madeAt: e.madeAt)
                    ))
            }
            for page in try store.definitions(.diary) where page.edits.count > 0 {
                out += try diaryConflicts(page, txn)
            }
            for (record, action) in try store.allAliases()[.waiting] ?? [:] {
                guard case .deleted = try store.actionStatus(action) else { continue }
                let created: UInt64
                if let c = try store.count(record), !c.deleted {
                    created = c.createdSeq
                } else if let s = try store.session(record), s.status != .deleted {
                    created = s.createdSeq
                } else {
                    continue
                }
                guard let e = try event(created, txn) else { continue }
                out.append(
                    (
                        e.mergeKey,
                        OpenConflict(
                            id: record, kind: .waiting(action: action),
                            subject: ConflictSubject(kind: e.type == .countAdded ? .count : .session, id: record), seq: e.seq,
                            eventID: e.id, type: e.type, madeAt: e.madeAt)
                    ))
            }
            return out.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// What an event acts on: its record, else its definition, else the settings.
    static func subject(of e: Event) -> ConflictSubject {
        let p = e.payload
        let order: [(Field, ConflictSubject.Kind)] = [
            (.skipID, .skip), (.sessionID, .session), (.entryID, .count), (.todoID, .todo), (.questID, .quest), (.goalID, .goal),
            (.actionID, .action),
            (.tagID, .tag), (.date, .diary), (.deviceID, .device),
        ]
        for (f, kind) in order { if let id = p.string(f) { return ConflictSubject(kind: kind, id: id) } }
        return ConflictSubject(kind: .settings, id: "settings")
    }

    /// The seqs of the events that changed a subject with effect, as the state holds them.
    private func changes<S: EntityReader>(of subject: ConflictSubject, _ store: S) throws -> [UInt64] {
        func all(_ d: Definition?) -> [UInt64] {
            guard let d else { return [] }
            return [d.created.seq] + [d.deletedSeq, d.finished?.seq, d.confirmed?.seq].compactMap { $0 } + d.edits.map(\.when.seq)
                + d.restorations.flatMap { [$0.deleted, $0.restored] }
        }
        switch subject.kind {
        // A record's version is the last change folded (the fold goes in the merged order).
        case .session: return try store.session(subject.id).map { [$0.versionSeq] } ?? []
        case .count: return try store.count(subject.id).map { [$0.versionSeq] } ?? []
        case .tag: return all(try store.definition(.tag, subject.id))
        case .action: return all(try store.definition(.action, subject.id))
        case .goal: return all(try store.definition(.goal, subject.id))
        case .quest: return all(try store.definition(.quest, subject.id))
        case .todo: return all(try store.definition(.todo, subject.id))
        case .diary: return all(try store.definition(.diary, subject.id))
        case .device: return all(try store.definition(.device, subject.id))
        case .skip: return all(try store.definition(.skip, subject.id))
        case .settings: return try store.settings().changes.map(\.when.seq)
        }
    }

    /// A page's writes again, in the merged order (`PageMerge.write`, the
    /// fold's rule): the fields both devices changed that nobody wrote since.
    private func diaryConflicts(_ page: Definition, _ txn: ReadTransaction) throws -> [(MergeKey, OpenConflict)] {
        var seqs = [page.created.seq] + page.edits.map(\.when.seq) + page.restorations.flatMap { [$0.deleted, $0.restored] }
        if let d = page.deletedSeq { seqs.append(d) }
        var events = try seqs.compactMap { try event($0, txn) }
        events.sort { $0.mergeKey < $1.mergeKey }
        var current: Definition?
        var open: [Field: (MergeKey, OpenConflict)] = [:]
        for e in events {
            switch e.type {
            case .diaryWritten:
                let before = current.map { $0.isLive ? PageMerge.pageFields($0.fields()) : Payload() } ?? Payload()
                let seen = e.payload.string(.pageBase)
                let (after, both) = PageMerge.write(
                    e.payload, day: page.id, when: Dated(seq: e.seq, at: e.at), onto: current)
                current = after
                let now = PageMerge.pageFields(after.fields())
                // Written by someone who saw the page as it was: every field is decided.
                if seen == nil || seen == PageMerge.digest(before) { open = [:] }
                for f in Blob.pageFields where (before[f] ?? .null) != (now[f] ?? .null) { open[f] = nil }
                for f in both {
                    open[f] = (
                        e.mergeKey,
                        OpenConflict(
                            id: page.id + "/" + f.jsonName, kind: .diaryField(field: f, kept: now[f] ?? .null, other: before[f] ?? .null),
                            subject: ConflictSubject(kind: .diary, id: page.id), seq: e.seq, eventID: e.id, type: e.type, madeAt: e.madeAt)
                    )
                }
            case .diaryDeleted:
                current?.deletedSeq = e.seq
                open = [:]
            case .diaryRestored:
                if let deleted = current?.deletedSeq {
                    current?.restorations.append(Definition.Restoration(deleted: deleted, restored: e.seq))
                    current?.deletedSeq = nil
                }
            default:
                continue
            }
        }
        return Array(open.values)
    }
}
