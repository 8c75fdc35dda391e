@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

/// `haru actions`, `tags`, `goals`, `quests`: the definitions, every field,
/// in the user's order (`order`, then creation).
extension Subcommands {
    static let listAll = OptionSpec(.all, help: "Also the deleted ones, marked.")
    static let listDiscussion = """
        Fields are those in force at the reference (--as-of: renames and other edits take effect at
        their time); --known-at shows what the ledger knew then. Definitions are listed in the
        user's order: by their `order` field, those without one after, then in creation order.
        """

    static let actions = Command(
        name: "actions", abstract: "List the actions with every field.", usage: "actions [--all] [--as-of …] [--known-at …]",
        options: [listAll] + queryOptions, discussion: listDiscussion,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let tags = Dictionary(
                    try DefinitionList.rows(snap, .tag, reference: ref, all: true).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                let rows = try DefinitionList.rows(snap, .action, reference: ref, all: p.has(.all))
                let items: [JSONValue] = rows.map { r in
                    var m = DefinitionText.members(r, cal)
                    m.append(("tags", .array((r.fields.strings(.tagIDs) ?? []).map { .string(tags[$0]?.name ?? $0) })))
                    m.append(("button_color", DefinitionList.buttonColor(r.fields, tags: tags).map { .string($0) } ?? .null))
                    return .object(m)
                }
                if ctx.json {
                    ctx.printJSON(.object(snap.referenceJSON(ref, cal) + [("actions", .array(items))]))
                    return ExitCode.ok
                }
                DefinitionText.table(
                    rows, header: ["NAME", "TRACKING", "TAGS", "SYMBOL", "COLOR", "FAV", "ORDER", "ID"], out: ctx.out, empty: "No actions."
                ) { r in
                    [
                        r.name, r.fields.choice(.tracking, as: Tracking.self).map { $0 == .time ? "time" : "count" } ?? "",
                        (r.fields.strings(.tagIDs) ?? []).map { tags[$0]?.name ?? $0 }.joined(separator: ","),
                        r.fields.string(.symbol) ?? "", DefinitionList.buttonColor(r.fields, tags: tags) ?? "",
                        r.fields.bool(.favorite) == true ? "★" : "", r.order.map(String.init) ?? "", r.id,
                    ]
                }
                return ExitCode.ok
            }
        })

    static let tags = Command(
        name: "tags", abstract: "List the tags with every field.", usage: "tags [--all] [--as-of …] [--known-at …]",
        options: [listAll] + queryOptions, discussion: listDiscussion,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let rows = try DefinitionList.rows(snap, .tag, reference: ref, all: p.has(.all))
                let actions = try DefinitionList.rows(snap, .action, reference: ref, all: false)
                func carrying(_ tag: String) -> [DefinitionRow] { actions.filter { ($0.fields.strings(.tagIDs) ?? []).contains(tag) } }
                if ctx.json {
                    let items: [JSONValue] = rows.map { r in
                        var m = DefinitionText.members(r, cal)
                        m.append(("actions", .array(carrying(r.id).map { .string($0.name) })))
                        return .object(m)
                    }
                    ctx.printJSON(.object(snap.referenceJSON(ref, cal) + [("tags", .array(items))]))
                    return ExitCode.ok
                }
                DefinitionText.table(rows, header: ["NAME", "COLOR", "ACTIONS", "ORDER", "ID"], out: ctx.out, empty: "No tags.") { r in
                    [
                        r.name, r.fields.string(.color) ?? "", carrying(r.id).map(\.name).joined(separator: ","),
                        r.order.map(String.init) ?? "", r.id,
                    ]
                }
                return ExitCode.ok
            }
        })

    static let goals = Command(
        name: "goals", abstract: "List the goals with every field, status and elapsed share.",
        usage: "goals [--all] [--as-of …] [--known-at …]",
        options: [listAll] + queryOptions, discussion: listDiscussion + " `elapsed` is the share of the goal's dates passed at the reference (none without an end date).",
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let rows = try DefinitionList.rows(snap, .goal, reference: ref, all: p.has(.all))
                let progress = try ProgressEngine(snap, calendar: cal, reference: ref).run()
                var status: [String: GoalProgress] = [:]
                for g in progress.goals { status[g.id] = g }
                let quests = try DefinitionList.rows(snap, .quest, reference: ref, all: false)
                func statusWord(_ r: DefinitionRow) -> String { r.deleted ? "deleted" : status[r.id]?.status.rawValue ?? "not_started" }
                if ctx.json {
                    let items: [JSONValue] = rows.map { r in
                        var m = DefinitionText.members(r, cal)
                        m.append(("status", .string(statusWord(r))))
                        m.append(("elapsed", DefinitionList.elapsed(r.fields, calendar: cal, reference: ref).map { .double($0) } ?? .null))
                        m.append(("quests", .int(Int64(quests.filter { $0.definition.base.string(.goalID) == r.id }.count))))
                        return .object(m)
                    }
                    ctx.printJSON(.object(snap.referenceJSON(ref, cal) + [("goals", .array(items))]))
                    return ExitCode.ok
                }
                DefinitionText.table(
                    rows, header: ["TITLE", "DATES", "THRESHOLD", "STATUS", "ELAPSED", "SYMBOL", "COLOR", "ORDER", "ID"], out: ctx.out,
                    empty: "No goals."
                ) { r in
                    [
                        r.name, "\(r.fields.date(.startDate).map(\.description) ?? "?") … \(r.fields.date(.endDate).map(\.description) ?? "")",
                        "\(r.fields.int(.thresholdPercent) ?? 100) %", statusWord(r),
                        DefinitionList.elapsed(r.fields, calendar: cal, reference: ref).map { "\(Int(($0 * 100).rounded())) %" } ?? "",
                        r.fields.string(.symbol) ?? "", r.fields.string(.color) ?? "", r.order.map(String.init) ?? "", r.id,
                    ]
                }
                return ExitCode.ok
            }
        })

    static let quests = Command(
        name: "quests", abstract: "List the quests with target, period, schedule and deadline.",
        usage: "quests [--goal GOAL] [--all] [--as-of …] [--known-at …]",
        options: [OptionSpec(.goal, value: "GOAL", help: "Only this goal's quests (id or title)."), listAll] + queryOptions,
        discussion: listDiscussion + " Quests come goal by goal, the goals in their order too.",
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let goal = try p.value(.goal).map { try ctx.resolve(.goal, $0, in: snap, reference: ref).id }
                let goals = try DefinitionList.rows(snap, .goal, reference: ref, all: true)
                let goalRank = Dictionary(goals.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
                let goalTitle = Dictionary(goals.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
                var names: [String: String] = [:]
                for kind in [DefinitionKind.action, .tag] { for d in try snap.definitions(kind) { names[d.id] = d.fields().string(.name) } }
                let tracking = Dictionary(
                    try snap.definitions(.action).map { ($0.id, $0.base.choice(.tracking) == Tracking.time) }, uniquingKeysWith: { a, _ in a })
                let rows = try DefinitionList.rows(snap, .quest, reference: ref, all: p.has(.all))
                    .filter { goal == nil || $0.definition.base.string(.goalID) == goal }
                    .enumerated().sorted { a, b in
                        let ga = goalRank[a.element.definition.base.string(.goalID) ?? ""] ?? .max
                        let gb = goalRank[b.element.definition.base.string(.goalID) ?? ""] ?? .max
                        return (ga, a.offset) < (gb, b.offset)
                    }.map(\.element)
                func spec(_ r: DefinitionRow) -> QuestSpec { QuestSpec(id: r.id, r.fields, actionTracksTime: { tracking[$0] }) }
                func targetName(_ r: DefinitionRow) -> String {
                    let id = r.fields.string(.targetActionID) ?? r.fields.string(.targetTagID) ?? "?"
                    return (names[id] ?? id) + (r.fields.string(.targetTagID) != nil ? " (tag)" : "")
                }
                if ctx.json {
                    let items: [JSONValue] = rows.map { r in
                        let s = spec(r)
                        var m = DefinitionText.members(r, cal)
                        m.append(("goal", .string(goalTitle[s.goalID] ?? s.goalID)))
                        m.append(("target_name", .string(targetName(r))))
                        m.append(("unit", .string(s.unit)))
                        m.append(("schedule_text", .string(s.scheduleText)))
                        return .object(m)
                    }
                    ctx.printJSON(.object(snap.referenceJSON(ref, cal) + [("quests", .array(items))]))
                    return ExitCode.ok
                }
                DefinitionText.table(
                    rows, header: ["GOAL", "TARGET", "RULE", "PERIOD", "DAYS", "DEADLINE", "ORDER", "ID"], out: ctx.out, empty: "No quests."
                ) { r in
                    let s = spec(r)
                    let amount = s.unitIsTime ? Duration.text(Int64(s.amount)) : "×\(Int(s.amount))"
                    return [
                        goalTitle[s.goalID] ?? s.goalID, targetName(r), (s.atLeast ? "at least " : "at most ") + amount, s.periodName,
                        s.scheduleText, s.deadline?.description ?? "", r.order.map(String.init) ?? "", r.id,
                    ]
                }
                return ExitCode.ok
            }
        })
}

/// How definition listings print.
enum DefinitionText {
    /// The definition's id, its fields in force (as in its `*.created`
    /// event), whether it is deleted, and where it was created.
    static func members(_ r: DefinitionRow, _ cal: LedgerCalendar) -> [(String, JSONValue)] {
        let type: EventType
        switch r.definition.kind {
        case .tag: type = .tagCreated
        case .action: type = .actionCreated
        case .goal: type = .goalCreated
        case .quest: type = .questCreated
        }
        var m: [(String, JSONValue)] = []
        if case .object(let fields) = r.fields.json(type: type, instant: cal.format) { m = fields }
        m.insert((r.definition.kind.idField.jsonName, .string(r.id)), at: 0)
        m.append(("order", r.order.map { .int(Int64($0)) } ?? .null))
        m.append(("deleted", .bool(r.deleted)))
        m.append(("created", .object([("seq", .int(Int64(r.definition.created.seq))), ("at", .string(cal.format(r.definition.created.at)))])))
        return dedupe(m)
    }

    /// Keeps the first of each key (the id leads; `order` once).
    private static func dedupe(_ m: [(String, JSONValue)]) -> [(String, JSONValue)] {
        var seen = Set<String>()
        return m.filter { seen.insert($0.0).inserted }
    }

    /// Aligned columns, a header, one row per definition; deleted ones marked.
    static func table(
        _ rows: [DefinitionRow], header: [String], out: OutputStream, empty: String, cells: (DefinitionRow) -> [String]
    ) {
        guard !rows.isEmpty else {
            out.line(empty)
            return
        }
        var lines = [header] + rows.map { r in
            var c = cells(r)
            if r.deleted { c[0] += " [deleted]" }
            return c.map { RecordText.oneLine($0) }
        }
        // Columns empty in every row are left out.
        let keep = header.indices.filter { k in lines.dropFirst().contains { !$0[k].isEmpty } || k == 0 }
        lines = lines.map { l in keep.map { l[$0] } }
        let widths = keep.indices.map { k in lines.map { $0[k].count }.max() ?? 0 }
        for l in lines {
            out.line(l.enumerated().map { k, c in Cell.pad(c, widths[k] + 2) }.joined().trimmingTrailingSpaces())
        }
    }
}
