/// Undo: the inverse of each change, written as a compensating event beside
/// the fold's own rules. Nothing is removed: undo appends the event that
/// reverses the most recent change one source (`cli`, an app) wrote and that
/// is not undone yet — a creation is deleted, a deletion restored, an edit
/// edited back (at the same effective time), a started session discarded, a
/// recorded session or a count deleted. A compensating event's source is
/// `SOURCE:undo:SEQ`, which is how the next undo knows that change is taken.

@_spi(Layers) import HaruEngine
import HaruModel
import HaruViews

/// A change `undo` would take back (its compensating event), or pass over (and why).
public struct UndoStep: Sendable {
    public var event: Event
    public var compensation: EventInput?
    public var refusal: UndoRefusal?
}

/// What `Ledger.undo` took back.
public struct Undone: Decided {
    /// The change reversed.
    public var target: Event
    /// The compensating event's type.
    public var compensation: EventType
    /// The later changes passed over to reach it (they cannot be reversed).
    public var passedOver: [UndoStep]
    public var written: AppendResult
}

extension Ledger {
    /// The changes `source` wrote and has not undone, most recent first, up
    /// to `limit` that can be reversed (and those passed over on the way).
    /// Changes pulled from other devices are undone there and never listed.
    public func undoSteps(source: String = "app", limit: Int = 10, now: Int64) throws -> [UndoStep] {
        try snapshot(zones: zones) { snap in try UndoPlan.steps(snap, source: source, now: Instant(micros: now), limit: limit) }
    }

    /// Reverses the most recent change `source` wrote that can be reversed.
    /// - Throws: `OperationError.nothingToUndo`.
    @discardableResult
    public func undo<G: RandomNumberGenerator>(source: String = "app", now: Int64, rng: inout G) throws -> Undone {
        return try decideAndAppend(now: now, rng: &rng) { snap in
            let steps = try UndoPlan.steps(snap, source: source, now: Instant(micros: now), limit: 1)
            guard let target = steps.last, var compensation = target.compensation else {
                throw OperationError.nothingToUndo(passedOver: steps.last?.event.seq, refusal: steps.last?.refusal)
            }
            compensation.source = "\(source):undo:\(target.event.seq)"
            let out = Undone(
                target: target.event, compensation: compensation.type, passedOver: Array(steps.dropLast()),
                written: .none)
            return ([compensation], out)
        }
    }
}

enum UndoPlan {
    static func steps(_ snap: Snapshot, source: String, now: Instant, limit: Int) throws -> [UndoStep] {
        let undoPrefix = source + ":undo:"
        var undone = Set<UInt64>()
        var blocked: [String: UInt64] = [:]
        var out: [UndoStep] = []
        var reversible = 0
        var seq = snap.knownAt
        var looked = 0
        while seq >= 1, looked < 100_000, reversible < limit {
            defer { seq -= 1; looked += 1 }
            guard let e = try snap.event(seq) else { break }
            // Another device's changes (pulled by sync) are undone there,
            // and their `SOURCE:undo:SEQ` names a seq of that device's log.
            if e.origin != nil { continue }
            if e.source.hasPrefix(undoPrefix), let n = UInt64(e.source.dropFirst(undoPrefix.count)) {
                undone.insert(n)
                continue
            }
            guard e.source == source, !undone.contains(seq) else { continue }
            let entity = e.payload.entityID(of: e.type)
            if let entity, let later = blocked[entity] {
                let word = String(e.type.name.split(separator: ".")[0])
                out.append(UndoStep(event: e, compensation: nil, refusal: .blocked(bySeq: later, entity: word)))
                continue
            }
            switch try compensation(for: e, snap, source: source, now: now) {
            case .success(let c):
                out.append(UndoStep(event: e, compensation: c, refusal: nil))
                reversible += 1
            case .failure(let refusal):
                if let entity { blocked[entity] = e.seq }
                out.append(UndoStep(event: e, compensation: nil, refusal: refusal.reason))
            }
        }
        return out
    }

    struct Refused: Error { var reason: UndoRefusal }

    /// The event that reverses `e`, or why there is none.
    static func compensation(for e: Event, _ snap: Snapshot, source: String, now: Instant) throws -> Result<EventInput, Refused> {
        // Values as the state keeps them (a date as its day number, an
        // instant as seconds), read back through the event's JSON form: the
        // one path that takes every stored form to an input.
        func make(_ type: EventType, at: Instant = now, _ values: [(Field, FieldValue)]) throws -> EventInput {
            let json = Payload(values).json(type: type, instant: { "\($0)" })
            do {
                return EventInput(type: type, at: at, source: source, payload: try Payload.parse(json, type: type, zones: snap.zones))
            } catch {
                throw LedgerError.invalid(error)
            }
        }
        guard let field = e.type.entityField else {
            return .failure(Refused(reason: e.type == .ledgerRedacted ? .redaction : .settingsChange))
        }
        let id = e.payload.entityID(of: e.type) ?? ""
        let own: [(Field, FieldValue)] = [(field, .string(id))]
        switch e.type {
        case .tagCreated, .tagRestored: return .success(try make(.tagDeleted, own))
        case .actionCreated, .actionRestored: return .success(try make(.actionDeleted, own))
        case .goalCreated, .goalRestored: return .success(try make(.goalDeleted, own))
        case .questCreated, .questRestored: return .success(try make(.questDeleted, own))
        case .tagDeleted: return .success(try make(.tagRestored, own))
        case .actionDeleted: return .success(try make(.actionRestored, own))
        case .goalDeleted: return .success(try make(.goalRestored, own))
        case .questDeleted: return .success(try make(.questRestored, own))
        case .diaryDeleted: return .success(try make(.diaryRestored, own))
        case .diaryRestored: return .success(try make(.diaryDeleted, own))
        case .todoAdded, .todoRestored: return .success(try make(.todoDeleted, own))
        case .todoDeleted: return .success(try make(.todoRestored, own))
        case .todoDone: return .success(try make(.todoUndone, own))
        case .skipAdded, .skipRestored: return .success(try make(.skipDeleted, own))
        case .skipDeleted: return .success(try make(.skipRestored, own))
        case .todoUndone: return .success(try make(.todoDone, own))
        case .devicePreferencesChanged:
            // The preferences it changed, set back to what they were (none, for the first).
            guard let device = try snap.definition(.device, id) else { return .failure(Refused(reason: .notInState(e.type))) }
            let before = device.created.seq == e.seq ? Payload() : device.fields(justBefore: Dated(seq: e.seq, at: e.at))
            var values = own
            for (f, _) in e.payload.fields where f != field { values.append((f, before.strings(f).map(FieldValue.strings) ?? .null)) }
            return .success(try make(.devicePreferencesChanged, at: e.at, values))
        case .diaryWritten:
            // The first writing of a page: taken away. A page written again:
            // written back as it was just before (a page is written whole).
            guard let page = try snap.definition(.diary, id), page.created.seq != e.seq else {
                return .success(try make(.diaryDeleted, own))
            }
            var values = page.fields(justBefore: Dated(seq: e.seq, at: e.at)).fields.filter { $0.0 != .pageBase }
            // Made from the page as that write left it: only what it changed
            // is taken back; what another device wrote meanwhile stays (`PageMerge`).
            let versions = PageMerge.versions(of: page)
            if let after = page.edits.firstIndex(where: { $0.when.seq == e.seq }).map({ versions[$0 + 1] }) {
                values.append((.pageBase, .string(PageMerge.digest(after))))
            }
            return .success(try make(.diaryWritten, at: e.at, values))
        case .sessionDeleted: return .success(try make(.sessionRestored, own))
        case .sessionRestored, .sessionRecorded: return .success(try make(.sessionDeleted, own))
        case .countAdded, .countRestored: return .success(try make(.countDeleted, own))
        case .countDeleted: return .success(try make(.countRestored, own))
        case .sessionStarted:
            // Still running: discarded, as if never started; since stopped: deleted.
            let running = try snap.runningSessions().contains { $0.id == id }
            return .success(
                running
                    ? try make(.sessionDiscarded, at: max(now, e.at), own + [(.reason, .string("undone"))])
                    : try make(.sessionDeleted, own))
        case .tagEdited, .actionEdited, .goalEdited, .questEdited, .sessionEdited, .countEdited, .todoEdited:
            // The fields it changed, set back to what they were, at the same effective time.
            guard let subject = try? Resolver.subject(id, in: snap, reference: .live(now: now)),
                let entry = try EntityHistory.entries(snap, subject, records: false).first(where: { $0.event.seq == e.seq })
            else { return .failure(Refused(reason: .notInState(e.type))) }
            let values = own + entry.changes.map { ($0.field, $0.from ?? .null) }
            return .success(try make(e.type, at: e.type == .sessionEdited || e.type == .countEdited ? now : e.at, values))
        case .sessionStopped: return .failure(Refused(reason: .stop))
        case .sessionDiscarded: return .failure(Refused(reason: .discard))
        case .goalFinished: return .failure(Refused(reason: .finish))
        case .goalConfirmed: return .failure(Refused(reason: .confirmation))
        case .settingsChanged: return .failure(Refused(reason: .settingsChange))
        case .ledgerRedacted: return .failure(Refused(reason: .redaction))
        }
    }
}
