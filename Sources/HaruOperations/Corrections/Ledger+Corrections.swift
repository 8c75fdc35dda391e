/// Correcting records and definitions: edit, delete, restore. Each writes
/// one correction event now; once known it applies to every view, as of any
/// time (`--as-of`), and `EntityHistory` shows the change.

@_spi(Layers) import HaruEngine
import HaruModel
import HaruViews

/// What an edit of a record changes; a field left nil is not changed.
/// Times become whole minutes, as in the app's editor: and a session whose
/// start or end is edited loses the seconds a timer left in its other end
/// (13:00:12–14:32:47 edited to start at 13:32 is 13:32–14:32, an hour).
public enum RecordChange: Sendable, Equatable {
    /// A session's start, end (not while it runs: stop it) and note.
    case session(start: Instant? = nil, end: Instant? = nil, note: Edit<String>? = nil)
    /// A count's amount (1 … 999), time and note.
    case count(amount: Int64? = nil, time: Instant? = nil, note: Edit<String>? = nil)
}

/// A record as a correction finds it, and the event that corrected it.
public struct Corrected: Decided, Equatable {
    public var kind: RecordRow.Kind
    public var recordID: String
    public var actionID: String
    /// A session's start (as edited), a count's time.
    public var start: Instant
    /// A session's end (as edited); nil while running and for counts.
    public var end: Instant?
    /// A count's amount (as edited).
    public var amount: Int64?
    /// The correction written (`session.edited`, `count.deleted`, …).
    public var eventType: EventType
    public var written: AppendResult
}

/// A definition brought back or taken away.
public struct DefinitionChanged: Decided, Equatable {
    public var kind: DefinitionKind
    public var id: String
    /// Its name (a goal's title, a page's date).
    public var label: String?
    public var eventType: EventType
    public var written: AppendResult
}

/// A record as it stands at the head (the row a listing shows), nil when no record has the id.
func recordRow(_ id: String, _ snap: Snapshot) throws -> RecordRow? {
    if let s = try snap.entities.session(id) { return RecordList.row(s) }
    return try snap.entities.count(id).map(RecordList.row)
}

extension RecordRow {
    /// Counted or running: what an edit or a deletion applies to.
    var isLive: Bool { state == .recorded || state == .running }
}

extension Ledger {
    /// Corrects a session or a count.
    /// - Parameter allowLong: allow a session longer than the long-session limit.
    /// - Throws: `OperationError.unknown`, `.stillRunning`, `.nothingToChange`, `.recordGone`, `.endsBeforeStart`, `.longSession`;
    ///   a session's change for a count (or the reverse) is `.nothingToChange`.
    @discardableResult
    public func edit<G: RandomNumberGenerator>(
        recordID id: String, _ change: RecordChange, allowLong: Bool = false, source: String = "app", now: Int64, rng: inout G
    ) throws -> Corrected {
        return try decideAndAppend(now: now, rng: &rng) { snap in
            guard let row = try recordRow(id, snap) else { throw OperationError.unknown(id) }
            let cal = try snap.calendar()
            let at = Instant(micros: now)
            var out = Corrected(
                kind: row.kind, recordID: id, actionID: row.actionID, start: row.start, end: row.end, amount: row.amount.map(Int64.init),
                eventType: row.kind == .session ? .sessionEdited : .countEdited, written: .none)
            switch (row.kind, change) {
            case (.session, .session(let start, let end, let note)):
                if row.state == .running, end != nil { throw OperationError.stillRunning(actionID: row.actionID) }
                var (start, end) = (start.map(cal.flooredToMinute), end.map(cal.flooredToMinute))
                // Whole minutes at both ends once either moves, as in the app's editor.
                if start != nil || end != nil {
                    if start == nil, cal.flooredToMinute(row.start) != row.start { start = cal.flooredToMinute(row.start) }
                    if end == nil, row.state != .running, let e = row.end, cal.flooredToMinute(e) != e { end = cal.flooredToMinute(e) }
                }
                guard start != nil || end != nil || note != nil else { throw OperationError.nothingToChange }
                guard row.isLive else { throw OperationError.recordGone(row.kind, row.state) }
                (out.start, out.end) = (start ?? row.start, end ?? row.end)
                if start != nil || end != nil, let until = out.end {
                    guard until > out.start else { throw OperationError.endsBeforeStart(start: out.start, end: until) }
                    if !allowLong { try Self.checkLength(actionID: row.actionID, from: out.start, to: until, snap) }
                }
                return ([try SessionEdited(sessionID: id, start: start, end: end, note: note).input(at: at, source: source, in: snap)], out)
            case (.count, .count(let amount, let time, let note)):
                guard amount != nil || time != nil || note != nil else { throw OperationError.nothingToChange }
                guard row.isLive else { throw OperationError.recordGone(row.kind, row.state) }
                let time = time.map(cal.flooredToMinute)
                (out.start, out.amount) = (time ?? row.start, amount ?? row.amount.map(Int64.init))
                return ([try CountEdited(entryID: id, amount: amount, time: time, note: note).input(at: at, source: source, in: snap)], out)
            default:
                throw OperationError.nothingToChange
            }
        }
    }

    /// Deletes a session or a count: it leaves every total (the event stays;
    /// `restoreRecord` brings it back).
    /// - Throws: `OperationError.unknown`, `.recordGone`.
    @discardableResult
    public func deleteRecord<G: RandomNumberGenerator>(_ id: String, source: String = "app", now: Int64, rng: inout G) throws -> Corrected {
        try correctRecord(id, restoring: false, source: source, now: now, rng: &rng)
    }

    /// Brings a deleted session or count back into every total.
    /// - Throws: `OperationError.unknown`, `.notDeleted`.
    @discardableResult
    public func restoreRecord<G: RandomNumberGenerator>(_ id: String, source: String = "app", now: Int64, rng: inout G) throws -> Corrected
    {
        try correctRecord(id, restoring: true, source: source, now: now, rng: &rng)
    }

    /// Deletes a definition (a tag, action, goal, quest, diary page or to-do).
    /// What goes with it (an action's records) leaves the totals with it.
    /// - Parameter at: the effective time (nil: now).
    /// - Throws: `OperationError.unknown`, `.neverDeleted` (a device's preferences); the fold refuses one deleted already.
    @discardableResult
    public func delete<G: RandomNumberGenerator>(
        _ kind: DefinitionKind, id: String, at: Instant? = nil, source: String = "app", now: Int64, rng: inout G
    ) throws -> DefinitionChanged {
        try changeDefinition(kind, id: id, restoring: false, at: at, source: source, now: now, rng: &rng)
    }

    /// Brings a deleted definition back (a tag or action only while no live one has its name).
    @discardableResult
    public func restore<G: RandomNumberGenerator>(
        _ kind: DefinitionKind, id: String, at: Instant? = nil, source: String = "app", now: Int64, rng: inout G
    ) throws -> DefinitionChanged {
        try changeDefinition(kind, id: id, restoring: true, at: at, source: source, now: now, rng: &rng)
    }

    private func correctRecord<G: RandomNumberGenerator>(_ id: String, restoring: Bool, source: String, now: Int64, rng: inout G) throws
        -> Corrected
    {
        return try decideAndAppend(now: now, rng: &rng) { snap in
            guard let row = try recordRow(id, snap) else { throw OperationError.unknown(id) }
            if restoring {
                guard row.state == .deleted else { throw OperationError.notDeleted(row.kind, row.state) }
            } else {
                guard row.isLive else { throw OperationError.recordGone(row.kind, row.state) }
            }
            let type: EventType =
                switch (row.kind, restoring) {
                case (.session, false): .sessionDeleted
                case (.session, true): .sessionRestored
                case (.count, false): .countDeleted
                case (.count, true): .countRestored
                }
            let out = Corrected(
                kind: row.kind, recordID: id, actionID: row.actionID, start: row.start, end: row.end, amount: row.amount.map(Int64.init),
                eventType: type,
                written: .none)
            return ([try Self.idEvent(type, id, at: Instant(micros: now), source: source, snap)], out)
        }
    }

    private func changeDefinition<G: RandomNumberGenerator>(
        _ kind: DefinitionKind, id: String, restoring: Bool, at: Instant?, source: String, now: Int64, rng: inout G
    ) throws -> DefinitionChanged {
        let type: EventType
        switch kind {
        case .tag: type = restoring ? .tagRestored : .tagDeleted
        case .action: type = restoring ? .actionRestored : .actionDeleted
        case .goal: type = restoring ? .goalRestored : .goalDeleted
        case .quest: type = restoring ? .questRestored : .questDeleted
        case .diary: type = restoring ? .diaryRestored : .diaryDeleted
        case .todo: type = restoring ? .todoRestored : .todoDeleted
        case .skip: type = restoring ? .skipRestored : .skipDeleted
        case .device: throw OperationError.neverDeleted(kind)
        }
        return try decideAndAppend(now: now, rng: &rng) { snap in
            guard let d = try snap.definition(kind, id) else { throw OperationError.unknown(id) }
            let out = DefinitionChanged(
                kind: kind, id: id, label: d.fields().label, eventType: type, written: .none)
            return ([try Self.idEvent(type, id, at: at ?? Instant(micros: now), source: source, snap)], out)
        }
    }

    /// An event whose one field is its entity's id (a deletion, a restoration, a tick).
    static func idEvent(_ type: EventType, _ id: String, at: Instant, source: String, _ snap: Snapshot) throws -> EventInput {
        guard let field = type.entityField else {
            throw LedgerError.invalid(InputError(field: "type", rule: "\(type.name) names no entity"))
        }
        do {
            return EventInput(
                type: type, at: at, source: source, payload: try Payload.typed(type, [(field, .string(id))], zones: snap.zones))
        } catch { throw LedgerError.invalid(error) }
    }
}
