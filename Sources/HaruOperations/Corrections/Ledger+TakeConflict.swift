/// Taking the other side of a conflict a merge left open (`Ledger.openConflicts`),
/// with ordinary events: the change that had no effect made again now (what
/// another device deleted brought back first, in the same commit), a diary
/// field set to the other device's value, a deleted action restored so the
/// records waiting on it count again.

@_spi(Layers) import HaruEngine
import HaruModel

/// A conflict taken (`Ledger.takeConflict`).
public struct ConflictTaken: Decided, Equatable {
    public var conflict: OpenConflict
    /// The events written, in order (a restoration first when one was needed).
    public var eventTypes: [EventType]
    public var written: AppendResult
}

extension Ledger {
    /// Takes the other side of an open conflict.
    /// - Parameters:
    ///   - id: the conflict's id, or a unique start of it (at least 4 characters).
    ///   - at: the effective time (nil: a change made again keeps its own time; the others now).
    /// - Throws: `OperationError.unknown` (no open conflict has it), `.ambiguous`, `.emptyPage`.
    @discardableResult
    public func takeConflict<G: RandomNumberGenerator>(
        _ id: String, at: Instant? = nil, source: String = "app", now: Int64, rng: inout G
    ) throws -> ConflictTaken {
        let open = try openConflicts()
        let matching = open.filter { $0.id == id } + (id.count >= 4 ? open.filter { $0.id != id && $0.id.hasPrefix(id) } : [])
        guard let c = matching.first else { throw OperationError.unknown(id) }
        guard matching.count == 1 || c.id == id else { throw OperationError.ambiguous(id) }
        return try decideAndAppend(now: now, rng: &rng) { snap in
            let clock = at ?? Instant(micros: now)
            var inputs: [EventInput] = []
            switch c.kind {
            case .withoutEffect(let rule, _):
                // The same change, as a new event now: checked as any change is.
                guard let e = try snap.event(c.seq) else { throw OperationError.unknown(id) }
                let when = at ?? e.at
                if rule == .deleted,
                    let restore = try Self.restoration(of: c.subject, snap, at: when, source: source)
                        ?? e.payload.string(.actionID).flatMap({
                            try Self.restoration(of: ConflictSubject(kind: .action, id: $0), snap, at: when, source: source)
                        })
                {
                    inputs.append(restore)
                }
                inputs.append(EventInput(type: e.type, at: when, source: source, payload: e.payload))
            case .diaryField(let field, _, let other):
                let page = try snap.definition(.diary, c.subject.id).flatMap { $0.isLive ? $0.fields() : nil }
                var data = PageMerge.pageFields(page ?? Payload())
                data[field] = other == .null ? nil : other
                guard let date = LocalDate(parsing: c.subject.id) else { throw OperationError.unknown(id) }
                guard Blob.pageFields.contains(where: data.has) else { throw OperationError.emptyPage(date) }
                data[.date] = .int(Int64(date.daysSinceEpoch))
                data[.pageBase] = .string(PageMerge.digest(page ?? Payload()))
                inputs = [EventInput(type: .diaryWritten, at: clock, source: source, payload: data)]
            case .waiting(let action):
                inputs = [try Self.idEvent(.actionRestored, action, at: clock, source: source, snap)]
            }
            return (
                inputs, ConflictTaken(conflict: c, eventTypes: inputs.map(\.type), written: .none)
            )
        }
    }

    /// The event that brings a deleted subject back (nil: it is not deleted, or cannot be).
    static func restoration(of s: ConflictSubject, _ snap: Snapshot, at: Instant, source: String) throws -> EventInput? {
        let state = snap.entities
        let (type, field, deleted): (EventType, Field, Bool)
        switch s.kind {
        case .session: (type, field, deleted) = (.sessionRestored, .sessionID, try state.session(s.id)?.status == .deleted)
        case .count: (type, field, deleted) = (.countRestored, .entryID, try state.count(s.id)?.deleted == true)
        case .action: (type, field, deleted) = (.actionRestored, .actionID, try state.definition(.action, s.id)?.isLive == false)
        case .tag: (type, field, deleted) = (.tagRestored, .tagID, try state.definition(.tag, s.id)?.isLive == false)
        case .goal: (type, field, deleted) = (.goalRestored, .goalID, try state.definition(.goal, s.id)?.isLive == false)
        case .quest: (type, field, deleted) = (.questRestored, .questID, try state.definition(.quest, s.id)?.isLive == false)
        case .todo: (type, field, deleted) = (.todoRestored, .todoID, try state.definition(.todo, s.id)?.isLive == false)
        case .skip: (type, field, deleted) = (.skipRestored, .skipID, try state.definition(.skip, s.id)?.isLive == false)
        case .diary, .device, .settings: return nil
        }
        guard deleted else { return nil }
        return EventInput(type: type, at: at, source: source, payload: Payload([(field, .string(s.id))]))
    }
}
