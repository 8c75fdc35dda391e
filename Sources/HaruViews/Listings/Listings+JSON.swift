/// The `--json` of the listings, shared by the command line and scenario
/// files (`haru check`), so a fixture asserts exactly what a script reads.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension RecordRow {
    /// The logical days the record touches (a running session: up to the reference).
    public func days(_ cal: LedgerCalendar, _ reference: Reference) -> [LocalDate] {
        let first = cal.day(of: start)
        guard kind == .session else { return [first] }
        let last = cal.day(of: Instant(seconds: max(start.seconds, (end ?? reference.instant).seconds - 1)))
        return (0...max(0, last.daysSinceEpoch - first.daysSinceEpoch)).prefix(1000).map { first.adding(days: $0) }
    }

    /// - Parameter decimals: the action's decimal places: a count's `amount` is said in its unit (`7.6`), as every view says it.
    public func json(action: String, decimals: Int = 0, calendar cal: LedgerCalendar, reference: Reference) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("kind", .string(kind.rawValue)), ("id", .string(id)), ("ref", .string(ref)), ("action_id", .string(actionID)),
            ("action", .string(action)),
        ]
        switch kind {
        case .session:
            let until = end ?? reference.instant
            m += [
                ("start", .string(cal.format(start))), ("end", end.map { .string(cal.format($0)) } ?? .null),
                ("seconds", .int(max(0, until.seconds - start.seconds))),
                ("days", .array(days(cal, reference).map { .string($0.description) })),
            ]
        case .count:
            m += [
                ("time", .string(cal.format(start))), ("amount", DayBook.countJSON(Int64(amount ?? 0), decimals)),
                ("day", .string(cal.day(of: start).description)),
            ]
        }
        m += [("note", note.map { .string($0) } ?? .null), ("state", .string(state.rawValue)), ("seq", .int(Int64(versionSeq)))]
        if actionDeleted { m.append(("action_deleted", .bool(true))) }
        if !overlaps.isEmpty { m.append(("overlaps", .array(overlaps.map { .string($0) }))) }
        return .object(m)
    }
}

extension RecordList {
    /// `haru records --json`.
    public static func json(
        _ rows: [RecordRow], snap: Snapshot, from: LocalDate, to: LocalDate, calendar cal: LedgerCalendar, reference: Reference
    ) throws -> JSONValue {
        // Named as in force at the reference, as the table names them (issue 44: the JSON used today's names).
        var names: [String: String] = [:]
        var decimals: [String: Int] = [:]
        for d in try snap.definitions(.action) {
            names[d.id] = d.fields(inForceAt: reference.definitionsAt).name ?? d.id
            decimals[d.id] = Int(d.base.int(.decimals) ?? 0)
        }
        return .object(
            [("from", .string(from.description)), ("to", .string(to.description))] + snap.referenceJSON(reference, cal)
                + [
                    (
                        "records",
                        .array(
                            rows.map {
                                $0.json(
                                    action: names[$0.actionID] ?? $0.actionID, decimals: decimals[$0.actionID] ?? 0, calendar: cal,
                                    reference: reference)
                            })
                    )
                ])
    }
}

extension DefinitionList {
    /// `haru actions|tags|goals|quests --json`: the listing of one kind, each
    /// definition with its fields in force (as its `*.created` event writes
    /// them), `order`, `deleted`, `created`, and what the kind adds (an
    /// action's tag names and button colour, a tag's actions, a goal's
    /// status and elapsed share, a quest's goal, target name, unit and schedule in words).
    public static func json(
        _ kind: DefinitionKind, snap: Snapshot, calendar cal: LedgerCalendar, reference ref: Reference, all: Bool, goal: String? = nil,
        progress known: ProgressReport? = nil
    ) throws -> JSONValue {
        let tags = try tagsByID(snap, reference: ref)
        let actions = try rows(snap, .action, reference: ref, all: true)
        var items: [JSONValue] = []
        switch kind {
        case .action:
            for r in try rows(snap, .action, reference: ref, all: all) {
                items.append(
                    .object(
                        members(r, cal) + [
                            ("tags", .array((r.fields.tagIDs ?? []).map { .string(tags[$0]?.name ?? $0) })),
                            ("button_color", r.action.flatMap { buttonColor($0, tags: tags) }.map { .string($0) } ?? .null),
                        ]))
            }
        case .tag:
            for r in try rows(snap, .tag, reference: ref, all: all) {
                let carrying = actions.filter { !$0.deleted && ($0.fields.tagIDs ?? []).contains(r.id) }
                items.append(.object(members(r, cal) + [("actions", .array(carrying.map { .string($0.name) }))]))
            }
        case .goal:
            // The goals' status (a caller that has the report at this reference passes it).
            let progress = try known ?? ProgressEngine(snap, calendar: cal, reference: ref).run()
            var status: [String: GoalProgress.Status] = [:]
            for g in progress.goals { status[g.id] = g.status }
            let quests = try rows(snap, .quest, reference: ref, all: false)
            for r in try rows(snap, .goal, reference: ref, all: all) {
                items.append(
                    .object(
                        members(r, cal) + [
                            ("status", .string(r.deleted ? "deleted" : status[r.id]?.rawValue ?? "in_progress")),
                            ("elapsed", r.goal.flatMap { elapsed($0, calendar: cal, reference: ref) }.map { .double($0) } ?? .null),
                            ("quests", .int(Int64(quests.filter { $0.definition.base.goalID == r.id }.count))),
                        ]))
            }
        case .quest:
            let goals = try rows(snap, .goal, reference: ref, all: true)
            let titles = Dictionary(goals.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            let tracking = Dictionary(
                actions.map { ($0.id, $0.fields.tracking == Tracking.time) }, uniquingKeysWith: { a, _ in a })
            let defs = try LiveDefinitions(snap, reference: ref)
            for r in try questRows(snap, reference: ref, all: all, goal: goal) {
                let s = ProgressEngine.measuring(QuestSpec(id: r.id, r.fields, actionTracksTime: { tracking[$0] }), defs)
                let target = r.fields.targetActionID ?? r.fields.targetTagID ?? ""
                let targetName =
                    (r.fields.targetTagID != nil ? tags[target]?.name : actions.first { $0.id == target }?.name) ?? target
                items.append(
                    .object(
                        members(r, cal) + [
                            ("goal", .string(titles[s.goalID] ?? s.goalID)), ("target_name", .string(targetName)),
                            ("unit", .string(s.unit)),
                            // The target in the quest's unit (seconds; 7.5 for a count in tenths, whose target_count is 75).
                            ("target_amount", s.scale == 1 ? .int(Int64(s.amount)) : .double(s.shownAmount)),
                            ("schedule_text", .string(s.scheduleText)),
                        ]))
            }
        case .skip:
            // What each excuses, by kind and name (a quest: its id), without the order skips do not have.
            let goals = try rows(snap, .goal, reference: ref, all: true)
            for r in try rows(snap, .skip, reference: ref, all: all) {
                guard let skip = r.skip else { continue }
                let name: String
                switch skip.target {
                case .action(let id): name = actions.first { $0.id == id }?.name ?? id
                case .goal(let id): name = goals.first { $0.id == id }?.name ?? id
                case .quest(let id): name = id
                }
                items.append(
                    .object(
                        members(r, cal).filter { $0.0 != "order" } + [
                            ("target_kind", .string(skip.target.kind.word)), ("target_name", .string(name)),
                        ]))
            }
        case .diary, .todo:
            // Listed by `haru diary` (DiaryPage); here as any definition.
            items = try rows(snap, kind, reference: ref, all: all).map { .object(members($0, cal)) }
        case .device:
            // Every list, empty when the device never set it (`haru prefs --json` says the same).
            items = try rows(snap, kind, reference: ref, all: all).map { r in
                .object(
                    [("device_id", .string(r.id))]
                        + DevicePreferences.lists.map { l in
                            (l.field.jsonName, .array((r.fields.strings(l.field) ?? []).map { .string($0) }))
                        })
            }
        }
        return .object(snap.referenceJSON(ref, cal) + [(kind.word + "s", .array(items))])
    }

    /// Quests goal by goal (the goals in their order), each goal's in theirs.
    public static func questRows(_ snap: Snapshot, reference ref: Reference, all: Bool, goal: String?) throws -> [DefinitionRow] {
        let goals = try rows(snap, .goal, reference: ref, all: true)
        let rank = Dictionary(goals.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        // A deleted goal takes its quests out of the listing with it (they
        // judge nothing); `--all` shows them, as it shows the goal.
        let liveGoals = Set(goals.filter { !$0.deleted }.map(\.id))
        return try rows(snap, .quest, reference: ref, all: all)
            .filter { goal == nil || $0.definition.base.goalID == goal }
            .filter { all || liveGoals.contains($0.definition.base.goalID ?? "") }
            .enumerated().sorted { a, b in
                let ga = rank[a.element.definition.base.goalID ?? ""] ?? .max
                let gb = rank[b.element.definition.base.goalID ?? ""] ?? .max
                return (ga, a.offset) < (gb, b.offset)
            }.map(\.element)
    }

    /// A definition's id, its fields in force (as in its `*.created` event),
    /// `order`, `deleted`, and where it was created.
    static func members(_ r: DefinitionRow, _ cal: LedgerCalendar) -> [(String, JSONValue)] {
        let type: EventType
        switch r.definition.kind {
        case .tag: type = .tagCreated
        case .action: type = .actionCreated
        case .goal: type = .goalCreated
        case .quest: type = .questCreated
        case .diary: type = .diaryWritten
        case .todo: type = .todoAdded
        case .device: type = .devicePreferencesChanged
        case .skip: type = .skipAdded
        }
        let idName = r.definition.kind.idField.jsonName
        var m: [(String, JSONValue)] = [(idName, .string(r.id))]
        if case .object(let fields) = r.fields.json(type: type, instant: cal.format) {
            m += fields.filter { $0.0 != idName && $0.0 != "order" }
        }
        m.append(("order", r.order.map { .int(Int64($0)) } ?? .null))
        m.append(("deleted", .bool(r.deleted)))
        m.append(
            ("created", .object([("seq", .int(Int64(r.definition.created.seq))), ("at", .string(cal.format(r.definition.created.at)))])))
        return m
    }
}
