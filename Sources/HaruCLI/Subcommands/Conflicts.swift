import HaruLedger

extension Subcommands {
    static let conflicts = Command(
        name: "conflicts", abstract: "What a sync could not apply as it was meant, and how to take the other side.",
        usage: "conflicts [--json] | conflicts take ID",
        discussion: """
            Lists the conflicts open after merging other devices' events (`haru sync`), oldest
            first, each with an id that is the same on every device:
              - a change that does not apply where it falls among every device's changes (a stop
                of a session another device deleted, a rename to a name taken meanwhile); open until
                someone changes what it is about;
              - a diary field both devices changed apart: the later write's value is on the page,
                the other is listed; open until the page is written again;
              - a record made on a device after another deleted its action: kept, uncounted, until
                the action is restored.
            `haru conflicts take ID` takes the other side with an ordinary event: the change
            applied again now, the other value written to the page, the action restored.
            """,
        subcommands: [conflictsTake],
        maxArgs: 0,
        run: { ctx, _ in
            let ledger = try ctx.openLedger()
            let open = try ledger.openConflicts()
            let cal = try ctx.calendar(ledger)
            let names = try subjectNames(open, ledger)
            if ctx.json {
                ctx.printJSON(.object([("conflicts", .array(open.map { conflictJSON($0, names: names, cal: cal) }))]))
                return ExitCode.ok
            }
            let w = ctx.words
            guard !open.isEmpty else {
                ctx.out.line(w(.noConflicts))
                return ExitCode.ok
            }
            ctx.out.line(w.said("\(open.count) open conflict\(open.count == 1 ? "" : "s"):", .openConflicts, String(open.count)))
            for c in open { ctx.out.line(Echo.visible("  " + conflictLine(c, names: names, cal: cal, words: w))) }
            ctx.out.line(w(.conflictsTakeHint))
            return ExitCode.ok
        })

    static let conflictsTake = Command(
        name: "take", abstract: "Take the other side of a conflict, with an ordinary event.",
        usage: "conflicts take ID [--at TIME]",
        arguments: [("ID", "As `haru conflicts` lists it (a unique start of an event's id will do).")],
        options: [atOption],
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let text = p.positionals[0]
            let open = try ledger.openConflicts()
            let matching = open.filter { $0.id == text } + (text.count >= 4 ? open.filter { $0.id != text && $0.id.hasPrefix(text) } : [])
            guard let c = matching.first else {
                throw UsageError(
                    open.isEmpty ? "no conflict is open" : "no open conflict has the id \(Echo.quoted(text)) (`haru conflicts` lists them)")
            }
            guard matching.count == 1 || matching[0].id == text else {
                throw UsageError("\(Echo.quoted(text)) is the start of more than one conflict's id; type more of it")
            }
            let names = try subjectNames([c], ledger)
            var inputs: [EventInput] = []
            let said: String
            switch c.kind {
            case .withoutEffect(let rule, _):
                // The same change, as a new event now: checked as any change is.
                // What another device deleted comes back first, in the same commit.
                guard let e = try ledger.event(c.seq) else { throw UsageError("the event of conflict \(c.id) is not in the ledger") }
                let at = p.has(.at) ? try ctx.eventTime() : e.at
                if rule == .deleted, let restore = try restoration(of: c.subject, ledger, at: at) ?? restoration(of: e, ledger, at: at) {
                    inputs.append(restore)
                }
                inputs.append(EventInput(type: e.type, at: at, source: "cli", payload: e.payload))
                said = ctx.words(inputs.count > 1 ? .tookAgainRestored : .tookAgain, e.type.name, names[c.subject] ?? c.subject.id)
            case .diaryField(let field, _, let other):
                let page = try ledger.snapshot(zones: ctx.zones) { snap in
                    try snap.definition(.diary, c.subject.id).flatMap { $0.isLive ? $0.fields() : nil }
                }
                var data = PageMerge.pageFields(page ?? Payload())
                data[field] = other == .null ? nil : other
                guard Blob.pageFields.contains(where: data.has) else {
                    throw UsageError("that leaves the page of \(c.subject.id) empty; `haru diary delete \(c.subject.id)` takes a page away")
                }
                guard let date = LocalDate(parsing: c.subject.id) else { throw UsageError("conflict \(c.id) names no day") }
                data[.date] = .int(Int64(date.daysSinceEpoch))
                data[.pageBase] = .string(PageMerge.digest(page ?? Payload()))
                inputs = [EventInput(type: .diaryWritten, at: try ctx.eventTime(), source: "cli", payload: data)]
                said = ctx.words(.tookDiaryField, field.jsonName, c.subject.id)
            case .waiting(let action):
                inputs = [
                    EventInput(
                        type: .actionRestored, at: try ctx.eventTime(), source: "cli", payload: Payload([(.actionID, .string(action))]))
                ]
                said = ctx.words(.tookRestoredAction, names[ConflictSubject(kind: .action, id: action)] ?? action)
            }
            let r = try ctx.append(inputs)
            ctx.report(r, json: [("type", .string(inputs.last!.type.name)), ("conflict", .string(c.id))], human: said)
            return ExitCode.ok
        })

    /// The event that brings back the deleted action an event names (a
    /// session started on it, a count added to it); nil when it names none.
    static func restoration(of e: Event, _ ledger: Ledger, at: Instant) throws -> EventInput? {
        guard let action = e.payload.string(.actionID) else { return nil }
        return try restoration(of: ConflictSubject(kind: .action, id: action), ledger, at: at)
    }

    /// The event that brings a deleted subject back (nil: it is not deleted, or cannot be).
    static func restoration(of s: ConflictSubject, _ ledger: Ledger, at: Instant) throws -> EventInput? {
        let (type, field, deleted): (EventType, Field, Bool) = try ledger.withStoredState { state in
            switch s.kind {
            case .session: return (.sessionRestored, .sessionID, try state.session(s.id)?.status == .deleted)
            case .count: return (.countRestored, .entryID, try state.count(s.id)?.deleted == true)
            case .action: return (.actionRestored, .actionID, try state.definition(.action, s.id)?.isLive == false)
            case .tag: return (.tagRestored, .tagID, try state.definition(.tag, s.id)?.isLive == false)
            case .goal: return (.goalRestored, .goalID, try state.definition(.goal, s.id)?.isLive == false)
            case .quest: return (.questRestored, .questID, try state.definition(.quest, s.id)?.isLive == false)
            case .todo: return (.todoRestored, .todoID, try state.definition(.todo, s.id)?.isLive == false)
            case .diary, .device, .settings: return (.diaryRestored, .date, false)
            }
        }
        guard deleted else { return nil }
        return EventInput(type: type, at: at, source: "cli", payload: Payload([(field, .string(s.id))]))
    }

    /// The names of what the conflicts are about (a record by its action's).
    static func subjectNames(_ open: [OpenConflict], _ ledger: Ledger) throws -> [ConflictSubject: String] {
        try ledger.withStoredState { state in
            var out: [ConflictSubject: String] = [:]
            func name(_ kind: DefinitionKind, _ id: String) throws -> String? { try state.definition(kind, id)?.fields().label }
            for c in open {
                let s = c.subject
                switch s.kind {
                case .session: out[s] = try state.session(s.id).flatMap { try name(.action, $0.actionID) }
                case .count: out[s] = try state.count(s.id).flatMap { try name(.action, $0.actionID) }
                case .action: out[s] = try name(.action, s.id)
                case .tag: out[s] = try name(.tag, s.id)
                case .goal: out[s] = try name(.goal, s.id)
                case .quest: out[s] = try name(.quest, s.id)
                case .diary, .todo, .device, .settings: break
                }
                if case .waiting(let action) = c.kind {
                    out[ConflictSubject(kind: .action, id: action)] = try name(.action, action)
                }
            }
            return out
        }
    }

    static func valueText(_ field: Field, _ v: FieldValue, _ w: Words) -> String {
        v == .null ? w(.conflictValueNone) : Payload.render(field, v, instant: { $0.description }).compactText
    }

    static func conflictLine(_ c: OpenConflict, names: [ConflictSubject: String], cal: LedgerCalendar, words w: Words) -> String {
        let id = c.id.count == 36 ? String(c.id.prefix(8)) : c.id
        let what = names[c.subject].map { "\($0) " } ?? ""
        let made = cal.format(Instant(seconds: c.madeAt.recorded / 1_000_000))
        switch c.kind {
        case .withoutEffect(_, let reason):
            return w(.conflictWithoutEffect, id, c.type.name, what, made, reason)
        case .diaryField(let field, let kept, let other):
            return w(
                .conflictDiaryField, id, c.subject.id, field.jsonName, valueText(field, kept, w), made, valueText(field, other, w))
        case .waiting(let action):
            let name = names[ConflictSubject(kind: .action, id: action)] ?? action
            return w(.conflictWaiting, id, c.type.name, what, made, name)
        }
    }

    static func conflictJSON(_ c: OpenConflict, names: [ConflictSubject: String], cal: LedgerCalendar) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(c.id))]
        switch c.kind {
        case .withoutEffect(let rule, let reason):
            members += [("kind", .string("without_effect")), ("rule", .string(rule.rawValue)), ("reason", .string(reason))]
        case .diaryField(let field, let kept, let other):
            members += [
                ("kind", .string("diary_field")), ("field", .string(field.jsonName)),
                ("kept", Payload.render(field, kept, instant: { cal.format($0) })),
                ("other", Payload.render(field, other, instant: { cal.format($0) })),
            ]
        case .waiting(let action):
            members += [("kind", .string("waiting")), ("action_id", .string(action))]
        }
        members += [
            (
                "subject",
                .object([
                    ("kind", .string(c.subject.kind.rawValue)), ("id", .string(c.subject.id)),
                    ("name", names[c.subject].map { .string($0) } ?? .null),
                ])
            ),
            ("seq", .int(Int64(c.seq))), ("event_id", .string(c.eventID.description)), ("type", .string(c.type.name)),
            ("made_at", .string(cal.format(Instant(seconds: c.madeAt.recorded / 1_000_000)))),
        ]
        return .object(members)
    }
}
