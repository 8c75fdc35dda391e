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
        usage: "conflicts take ID [--at]",
        arguments: [("ID", "As `haru conflicts` lists it (a unique start of an event's id will do).")],
        options: [atOption],
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let text = p.positionals[0]
            let at = p.has(.at) ? try ctx.eventTime() : nil
            let taken: ConflictTaken
            do {
                taken = try ctx.operate { ledger, now, rng in
                    try ledger.takeConflict(text, at: at, source: Context.source, now: now, rng: &rng)
                }
            } catch let e as OperationError {
                switch e {
                case .unknown:
                    throw UsageError(
                        try ledger.openConflicts().isEmpty
                            ? "no conflict is open" : "no open conflict has the id \(Echo.quoted(text)) (`haru conflicts` lists them)")
                case .ambiguous: throw UsageError(Refusal.ambiguousConflict, Echo.quoted(text))
                case .emptyPage(let day):
                    throw UsageError(Refusal.leavesPageEmpty, "\(day)")
                default: throw e
                }
            }
            let c = taken.conflict
            let names = try subjectNames([c], ledger)
            let said: String
            switch c.kind {
            case .withoutEffect:
                said = ctx.words(
                    taken.eventTypes.count > 1 ? .tookAgainRestored : .tookAgain, taken.eventTypes.last!.name,
                    names[c.subject] ?? c.subject.id)
            case .diaryField(let field, _, _): said = ctx.words(.tookDiaryField, field.jsonName, c.subject.id)
            case .waiting(let action): said = ctx.words(.tookRestoredAction, names[ConflictSubject(kind: .action, id: action)] ?? action)
            }
            ctx.report(taken.written, json: [("type", .string(taken.eventTypes.last!.name)), ("conflict", .string(c.id))], human: said)
            return ExitCode.ok
        })

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
                case .diary, .todo, .device, .settings, .skip: break
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
        case .withoutEffect(let rule, let reason):
            return w(.conflictWithoutEffect, id, c.type.name, what, made, w.conflictReason(rule, reason))
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
