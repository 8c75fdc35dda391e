@_spi(Layers) import HaruSystem

/// Ids a merge made one with another (Docs/rules.md "Many devices"): a tag
/// or an action created under one name on two devices, a session of one
/// action started on two devices while the other ran. The later id in the
/// merged order stands for the earlier one from then on, on every device:
/// an event that names it acts on the one it stands for.
extension Fold {
    /// What `apply` does with an event once its ids are looked up.
    enum AliasOutcome {
        /// No id of the event stands for another.
        case none
        /// The event with its ids replaced by the ones they stand for.
        case rewritten(Payload)
        /// Applied already (an event on a joined session).
        case done(RecordChange?)
    }

    /// The fields that name a tag or an action besides the event's own id.
    static let references: [(field: Field, space: AliasSpace)] = [
        (.tagIDs, .tag), (.targetActionID, .action), (.targetTagID, .tag), (.hiddenActionIDs, .action), (.memoActionIDs, .action),
    ]

    static func throughAliases<S: EntityStore, P: PayloadFields>(
        _ type: EventType, at: Instant, seq: UInt64, payload p: P, to store: inout S, merged: Bool
    ) throws -> AliasOutcome {
        if type != .sessionStarted, type != .sessionRecorded, let id = p.string(.sessionID), let target = try store.alias(.session, id) {
            return .done(try throughJoin(type, at: at, seq: seq, payload: p, session: target, store: &store))
        }
        var out: Payload?
        // The event's own id, but in a creation (a new id, never one that stands for another).
        let creates: Set<EventType> = [.tagCreated, .actionCreated]
        for (field, space) in [(Field.actionID, AliasSpace.action), (.tagID, .tag)] where !creates.contains(type) {
            if let id = p.string(field), let target = try store.alias(space, id) {
                if out == nil { out = try p.decoded() }
                out![field] = .string(target)
            }
        }
        switch type {
        case .actionCreated, .actionEdited, .questCreated, .questEdited, .diaryWritten, .devicePreferencesChanged:
            var d = try out ?? p.decoded()
            var changed = out != nil
            for (field, space) in references where d.has(field) {
                if let id = d.string(field), let target = try store.alias(space, id) {
                    d[field] = .string(target)
                    changed = true
                } else if let ids = d.strings(field) {
                    var mapped: [String] = []
                    for id in ids {
                        let target = try store.alias(space, id) ?? id
                        if !mapped.contains(target) { mapped.append(target) }  // two that became one are listed once
                    }
                    if mapped != ids {
                        d[field] = .strings(mapped)
                        changed = true
                    }
                }
            }
            if changed { out = d }
        default:
            break
        }
        return out.map { .rewritten($0) } ?? .none
    }

    /// An event on a session that was joined into another (started on a
    /// device while the other device's session of the same action ran): the
    /// two are one session, and what each device did to its own is done to
    /// the one — so that it covers the union of what both recorded.
    /// - A stop ends it if it runs, and moves its end later if it ended
    ///   earlier (the other device stopped first).
    /// - An edit moves its start earlier or its end later, never inward, and
    ///   sets the note.
    /// - A discard, deletion or restoration of one device's part has no
    ///   effect: the other device's time stays.
    static func throughJoin<S: EntityStore, P: PayloadFields>(
        _ type: EventType, at: Instant, seq: UInt64, payload p: P, session target: String, store: inout S
    ) throws -> RecordChange? {
        guard var s = try store.session(target) else { return nil }
        let old = s
        switch type {
        case .sessionStopped:
            switch s.status {
            case .running:
                guard at > s.start else { return nil }
                s.end = at
                s.status = .stopped
                try store.setRunning(action: s.actionID, session: nil)
            case .stopped:
                let until = try extensionEnd(of: s, to: at, store: store)
                guard let end = s.end, until > end else { return nil }
                s.end = until
            case .discarded, .deleted:
                return nil
            }
        case .sessionEdited:
            guard s.status == .running || s.status == .stopped else { return nil }
            if let start = p.instant(.start), start < s.start { s.start = start }
            if let end = p.instant(.end), s.status == .stopped, let e = s.end, end > e { s.end = end }
            if p.isNull(.note) { s.note = nil } else if let n = p.string(.note) { s.note = n }
            guard s != old else { return nil }
        default:
            return nil
        }
        s.versionSeq = seq
        try store.setSession(s)
        return .session(old: old, new: s)
    }
}
