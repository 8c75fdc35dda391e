/// `haru records`: the sessions and counts of a stretch of days, one row a
/// record, as a snapshot knows them.
///
/// The record pages say which record versions touch the days (each entry
/// carries the seq that made its version); the event at that seq names the
/// record, and the stored record gives its id, note and whole extent. A view
/// known at an earlier seq than the record's last change re-folds that
/// record's own events up to it (`RecordReplay`).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct RecordRow: Sendable, Equatable {
    public enum Kind: String, Sendable { case session, count }
    /// What became of the record: counted, still running, or (with `--all`) taken out.
    public enum State: String, Sendable { case recorded, running, deleted, discarded }
    public var kind: Kind
    public var id: String
    /// The shortest unambiguous prefix of the id.
    public var ref: String = ""
    public var actionID: String
    /// A session's start, a count's time.
    public var start: Instant
    /// A session's end; nil while running and for counts.
    public var end: Instant?
    /// A count's amount.
    public var amount: Int?
    public var note: String?
    public var state: State
    public var createdSeq: UInt64
    /// The seq of the record's last change the snapshot knows.
    public var versionSeq: UInt64
    /// Whether its action is deleted (the record counts nowhere; listed with `--all`).
    public var actionDeleted = false
    /// Other sessions of the same action whose time it shares (ids): valid
    /// (the app allows them and sums by overlap) but usually a mistake.
    public var overlaps: [String] = []
}

public enum RecordList {
    /// The records touching `span` (instants), as `snap` knows them, seen from `reference`.
    /// - Parameters:
    ///   - actions: only these actions (nil: all).
    ///   - all: also the deleted and discarded records.
    public static func read(
        _ snap: Snapshot, span: Range<Int64>, reference: Reference, actions: Set<String>?, all: Bool
    ) throws -> [RecordRow] {
        guard span.lowerBound < span.upperBound else { return [] }
        let k = snap.knownAt
        // Version seq → the seq that deleted it (nil: current at k).
        var versions: [UInt64: UInt64?] = [:]
        let pages = PageKey.page(of: span.lowerBound)...PageKey.page(of: span.upperBound - 1)
        try snap.pageEntries(pages, retired: all) { _, e in
            let touches = e.kind == .count ? span.contains(e.start) : (e.start < span.upperBound && e.end > span.lowerBound)
            guard touches else { return }
            if e.known(at: k) {
                versions[e.addedSeq] = .some(nil)
            } else if versions[e.addedSeq] == nil {
                versions[e.addedSeq] = .some(e.removedSeq)
            }
        }
        var rows: [RecordRow] = []
        var seen = Set<String>()
        for (version, removedBy) in versions.sorted(by: { $0.key < $1.key }) {
            if let del = removedBy {
                // A retired version shows only when a deletion retired it (an edit made a newer version).
                guard let e = try snap.event(del), e.type == .sessionDeleted || e.type == .countDeleted else { continue }
            }
            guard let e = try snap.event(version), let field = e.type.entityField, let id = try snap.recordID(of: e) else {
                throw LedgerError.damaged(seq: version, reason: "a record page names an event that is not a record's")
            }
            guard !seen.contains(id), let row = try record(snap, id, session: field == .sessionID) else { continue }
            seen.insert(id)
            rows.append(row)
        }
        for s in try snap.runningSessions() where s.start.seconds < span.upperBound && !seen.contains(s.id) {
            // A running session touches every day from its start to the reference.
            guard s.start < reference.instant, reference.instant.seconds > span.lowerBound else { continue }
            seen.insert(s.id)
            rows.append(row(s))
        }
        if all {
            // Discarded sessions never had page entries: found in the stored sessions.
            try snap.forEachStoredRecord { record in
                if case .session(let s) = record, s.status == .discarded, s.versionSeq <= k, let end = s.end,
                    s.start.seconds < span.upperBound, end.seconds >= span.lowerBound, !seen.contains(s.id)
                {
                    seen.insert(s.id)
                    rows.append(row(s))
                }
                return true
            }
        }
        // A deleted action's records leave every total: listed only with `all` (marked by the caller).
        let live = Set(try snap.definitions(.action).filter(\.isLive).map(\.id))
        rows = rows.filter { r in
            (actions == nil || actions!.contains(r.actionID)) && reference.cutoff.map { r.start < $0 } ?? true
                && (all || live.contains(r.actionID))
        }
        for k in rows.indices where !live.contains(rows[k].actionID) { rows[k].actionDeleted = true }
        rows.sort { ($0.start, $0.id) < ($1.start, $1.id) }
        for k in rows.indices { rows[k].ref = try snap.shortRef(rows[k].id) }
        markOverlaps(&rows, reference: reference)
        return rows
    }

    /// Marks the counted sessions of one action whose times overlap.
    static func markOverlaps(_ rows: inout [RecordRow], reference: Reference) {
        let counted = rows.indices.filter { rows[$0].kind == .session && (rows[$0].state == .recorded || rows[$0].state == .running) }
        for (n, i) in counted.enumerated() {
            for j in counted[(n + 1)...] where rows[j].actionID == rows[i].actionID {
                let endI = (rows[i].end ?? reference.instant).seconds, endJ = (rows[j].end ?? reference.instant).seconds
                if rows[i].start.seconds < endJ && rows[j].start.seconds < endI {
                    rows[i].overlaps.append(rows[j].id)
                    rows[j].overlaps.append(rows[i].id)
                }
            }
        }
    }

    /// Every live record at the head (recorded and running sessions, counts
    /// not deleted), by start: one pass over the stored records, for whole
    /// exports. Refs are left empty.
    /// - Precondition: the snapshot is at the head (the stored records are the head's).
    public static func allLive(_ snap: Snapshot) throws -> [RecordRow] {
        precondition(snap.knownAt == snap.head, "the stored records are the head's")
        var rows: [RecordRow] = []
        try snap.forEachStoredRecord { record in
            switch record {
            case .session(let s) where s.status == .stopped || s.status == .running: rows.append(row(s))
            case .count(let c) where !c.deleted: rows.append(row(c))
            default: break
            }
            return true
        }
        // Ties by the seq that made the record: no string comparisons over a million rows.
        rows.sort { ($0.start, $0.createdSeq) < ($1.start, $1.createdSeq) }
        return rows
    }

    /// One record as the snapshot knows it (nil if it did not exist yet).
    static func record(_ snap: Snapshot, _ id: String, session: Bool) throws -> RecordRow? {
        let k = snap.knownAt
        if session {
            guard var s = try snap.store.session(id), s.createdSeq <= k else { return nil }
            if s.versionSeq > k { s = try RecordReplay.session(snap.events(of: id, from: s.createdSeq, through: k)) ?? s }
            return row(s)
        }
        guard var c = try snap.store.count(id), c.createdSeq <= k else { return nil }
        if c.versionSeq > k { c = try RecordReplay.count(snap.events(of: id, from: c.createdSeq, through: k)) ?? c }
        return row(c)
    }

    /// A session as a row (its `ref` left empty).
    public static func row(_ s: SessionRecord) -> RecordRow {
        let state: RecordRow.State
        switch s.status {
        case .running: state = .running
        case .stopped: state = .recorded
        case .discarded: state = .discarded
        case .deleted: state = .deleted
        }
        return RecordRow(
            kind: .session, id: s.id, actionID: s.actionID, start: s.start, end: s.end, amount: nil, note: s.note, state: state,
            createdSeq: s.createdSeq, versionSeq: s.versionSeq)
    }

    /// A count as a row (its `ref` left empty).
    public static func row(_ c: CountRecord) -> RecordRow {
        RecordRow(
            kind: .count, id: c.id, actionID: c.actionID, start: c.time, end: nil, amount: c.amount, note: c.note,
            state: c.deleted ? .deleted : .recorded, createdSeq: c.createdSeq, versionSeq: c.versionSeq)
    }
}

/// A record re-folded from its own events (already checked by the fold when
/// they were appended): its version after the last of them. One event at a
/// time (`apply`), so that a history walks a record's versions in one pass.
@_spi(Layers) public enum RecordReplay {
    public static func session(_ events: [Event]) -> SessionRecord? {
        var s: SessionRecord?
        for e in events { apply(e, to: &s) }
        return s
    }

    public static func count(_ events: [Event]) -> CountRecord? {
        var c: CountRecord?
        for e in events { apply(e, to: &c) }
        return c
    }

    /// The session after `e` (an event of another kind leaves it as it is).
    public static func apply(_ e: Event, to s: inout SessionRecord?) {
        let p = e.payload
        switch e.type {
        case .sessionStarted:
            s = SessionRecord(
                id: p.sessionID ?? "", actionID: p.actionID ?? "", start: e.at, end: nil, note: nil, status: .running,
                createdSeq: e.seq)
        case .sessionRecorded:
            s = SessionRecord(
                id: p.sessionID ?? "", actionID: p.actionID ?? "", start: p.start ?? e.at,
                end: p.end, note: p.note, status: .stopped, createdSeq: e.seq)
        case .sessionStopped, .sessionDiscarded:
            s?.end = e.at
            s?.status = e.type == .sessionStopped ? .stopped : .discarded
        case .sessionEdited:
            if let t = p.start { s?.start = t }
            if let t = p.end { s?.end = t }
            if p.isNull(.note) { s?.note = nil } else if let n = p.note { s?.note = n }
        case .sessionDeleted:
            s?.status = .deleted
        case .sessionRestored:
            s?.status = .stopped
        default:
            return
        }
        s?.versionSeq = e.seq
    }

    /// The count after `e` (an event of another kind leaves it as it is).
    public static func apply(_ e: Event, to c: inout CountRecord?) {
        let p = e.payload
        switch e.type {
        case .countAdded:
            c = CountRecord(
                id: p.entryID ?? "", actionID: p.actionID ?? "", time: e.at, amount: Int(p.amount ?? 0),
                note: p.note, deleted: false, createdSeq: e.seq)
        case .countEdited:
            if let a = p.amount { c?.amount = Int(a) }
            if let t = p.time { c?.time = t }
            if p.isNull(.note) { c?.note = nil } else if let n = p.note { c?.note = n }
        case .countDeleted:
            c?.deleted = true
        case .countRestored:
            c?.deleted = false
        default:
            return
        }
        c?.versionSeq = e.seq
    }
}
