/// `haru history`: every event that touched one entity, oldest first, each
/// with the fields it changed (old → new), as a snapshot knows them.
///
/// A definition keeps the seqs of its creation, edits, finishes,
/// confirmations and deletion, so its history is that many lookups. A
/// record keeps its first and last seq; its events are found in that
/// stretch of the log. An action's records (`--records`) are found among
/// the stored records: a scan of them all.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public enum HistorySubject: Sendable {
    case definition(Definition)
    case session(SessionRecord)
    case count(CountRecord)

    public var id: String {
        switch self {
        case .definition(let d): d.id
        case .session(let s): s.id
        case .count(let c): c.id
        }
    }

    /// `action`, `tag`, `goal`, `quest`, `session` or `count`.
    public var kindWord: String {
        switch self {
        case .definition(let d): d.kind.word
        case .session: "session"
        case .count: "count"
        }
    }
}

/// One field an event changed: nil = absent before or after.
public struct FieldChange: Sendable, Equatable {
    public var field: Field
    public var from: FieldValue?
    public var to: FieldValue?
}

public struct HistoryEntry: Sendable {
    public var event: Event
    public var changes: [FieldChange]
    /// The record this event is about when it is one of an action's records (`--records`).
    public var recordID: String?
}

public enum EntityHistory {
    /// The events of `subject` (and with `records`, of an action's records), oldest first.
    public static func entries(_ snap: Snapshot, _ subject: HistorySubject, records: Bool) throws -> [HistoryEntry] {
        var out: [HistoryEntry]
        switch subject {
        case .definition(let d):
            out = try definitionEntries(snap, d)
            if records, d.kind == .action {
                for r in try actionRecords(snap, d.id) {
                    out += try recordEntries(snap, r.id, session: r.session, from: r.created, through: r.version).map {
                        var e = $0
                        e.recordID = r.id
                        return e
                    }
                }
                out.sort { $0.event.seq < $1.event.seq }
            }
        case .session(let s): out = try recordEntries(snap, s.id, session: true, from: s.createdSeq, through: s.versionSeq)
        case .count(let c): out = try recordEntries(snap, c.id, session: false, from: c.createdSeq, through: c.versionSeq)
        }
        return out
    }

    static func definitionEntries(_ snap: Snapshot, _ d: Definition) throws -> [HistoryEntry] {
        var seqs = [d.created.seq] + d.edits.map(\.when.seq) + d.earlierFinishes.map(\.seq) + d.earlierConfirmations.map(\.when.seq)
        if let f = d.finished { seqs.append(f.seq) }
        if let c = d.confirmed { seqs.append(c.seq) }
        if let del = d.deletedSeq { seqs.append(del) }
        for r in d.restorations { seqs += [r.deleted, r.restored] }
        var out: [HistoryEntry] = []
        for seq in seqs.sorted() where seq <= snap.knownAt {
            guard let e = try snap.event(seq) else { throw LedgerError.damaged(seq: seq, reason: "missing") }
            var changes: [FieldChange] = []
            if seq == d.created.seq {
                changes = d.base.fields.filter { $0.0 != d.kind.idField }.map { FieldChange(field: $0.0, from: nil, to: $0.1) }
            } else if let edit = d.edits.first(where: { $0.when.seq == seq }) {
                // The fields in force just before this edit, in the order edits apply ((at, seq)).
                let old = d.fields(justBefore: edit.when)
                changes = edit.payload.fields.filter { $0.0 != d.kind.idField }.map { f, v in
                    FieldChange(field: f, from: old[f], to: v == .null ? nil : v)
                }
                // A diary page is written whole: what it kept as it was is no change.
                if d.kind == .diary { changes.removeAll { $0.from == $0.to } }
            } else if e.type == .goalConfirmed, let o = e.payload[.outcome] {
                changes = [FieldChange(field: .outcome, from: nil, to: o)]
            }
            out.append(HistoryEntry(event: e, changes: changes, recordID: nil))
        }
        return out
    }

    static func recordEntries(_ snap: Snapshot, _ id: String, session: Bool, from: UInt64, through: UInt64) throws -> [HistoryEntry] {
        let events = try snap.events(of: id, from: from, through: through)
        var out: [HistoryEntry] = []
        var before: [Field: FieldValue] = [:]
        // The record's version after each of its events, folded on as the walk goes.
        var s: SessionRecord?
        var c: CountRecord?
        for k in events.indices {
            var after: [Field: FieldValue] = [:]
            if session { RecordReplay.apply(events[k], to: &s) } else { RecordReplay.apply(events[k], to: &c) }
            if session, let s {
                after[.start] = .int(s.start.seconds)
                if let e = s.end { after[.end] = .int(e.seconds) }
                if let n = s.note { after[.note] = .string(n) }
            } else if !session, let c {
                after[.time] = .int(c.time.seconds)
                after[.amount] = .int(Int64(c.amount))
                if let n = c.note { after[.note] = .string(n) }
            }
            let order: [Field] = [.start, .end, .time, .amount, .note]
            let changes = order.filter { before[$0] != after[$0] }.map { FieldChange(field: $0, from: before[$0], to: after[$0]) }
            out.append(HistoryEntry(event: events[k], changes: changes, recordID: nil))
            before = after
        }
        return out
    }

    /// The sessions and counts of an action known to `snap`.
    static func actionRecords(_ snap: Snapshot, _ action: String) throws -> [(id: String, session: Bool, created: UInt64, version: UInt64)]
    {
        var out: [(id: String, session: Bool, created: UInt64, version: UInt64)] = []
        try snap.forEachStoredRecord { record in
            switch record {
            case .session(let s) where s.actionID == action && s.createdSeq <= snap.knownAt:
                out.append((s.id, true, s.createdSeq, s.versionSeq))
            case .count(let c) where c.actionID == action && c.createdSeq <= snap.knownAt:
                out.append((c.id, false, c.createdSeq, c.versionSeq))
            default: break
            }
            return true
        }
        return out
    }
}
