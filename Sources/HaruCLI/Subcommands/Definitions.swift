import HaruLedger

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
        name: "actions", abstract: "List the actions with every field.", usage: "actions [--all] [--as-of] [--known-at]",
        options: [listAll] + queryOptions, discussion: listDiscussion,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let tags = try DefinitionList.tagsByID(snap, reference: ref)
                let rows = try DefinitionList.rows(snap, .action, reference: ref, all: p.has(.all))
                if ctx.json {
                    ctx.printJSON(try DefinitionList.json(.action, snap: snap, calendar: cal, reference: ref, all: p.has(.all)))
                    return ExitCode.ok
                }
                let w = ctx.words
                DefinitionText.table(
                    rows,
                    header: [
                        w(.colName), w(.colTracking), w(.colUnit), w(.colTags), w(.colSymbol), w(.colColor), w(.colFav), w(.colOrder),
                        w(.colID),
                    ],
                    out: ctx.out, empty: w(.noActionsListed), words: w
                ) { r in
                    guard let a = r.action else { return [] }
                    // The unit and, for an action with decimals, its smallest step: `h (0.1)`.
                    let unit = [a.unit, a.decimals > 0 ? "(" + Decimals.text(1, a.decimals) + ")" : nil].compactMap { $0 }
                    return [
                        r.name, w(a.tracking == .time ? .tracksTime : .tracksCount), unit.joined(separator: " "),
                        a.tagIDs.map { tags[$0]?.name ?? $0 }.joined(separator: ", "),
                        a.symbol ?? "", DefinitionList.buttonColor(a, tags: tags) ?? "",
                        a.favorite ? "★" : "", r.order.map(String.init) ?? "", r.id,
                    ]
                }
                return ExitCode.ok
            }
        })

    static let tags = Command(
        name: "tags", abstract: "List the tags with every field.", usage: "tags [--all] [--as-of] [--known-at]",
        options: [listAll] + queryOptions, discussion: listDiscussion,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let rows = try DefinitionList.rows(snap, .tag, reference: ref, all: p.has(.all))
                let actions = try DefinitionList.rows(snap, .action, reference: ref, all: false)
                func carrying(_ tag: String) -> [DefinitionRow] { actions.filter { $0.action?.tagIDs.contains(tag) == true } }
                if ctx.json {
                    ctx.printJSON(try DefinitionList.json(.tag, snap: snap, calendar: cal, reference: ref, all: p.has(.all)))
                    return ExitCode.ok
                }
                let w = ctx.words
                DefinitionText.table(
                    rows, header: [w(.colName), w(.colColor), w(.colActions), w(.colOrder), w(.colID)], out: ctx.out,
                    empty: w(.noTagsListed),
                    words: w
                ) { r in
                    [
                        r.name, r.tag?.color ?? "", carrying(r.id).map(\.name).joined(separator: ", "),
                        r.order.map(String.init) ?? "", r.id,
                    ]
                }
                return ExitCode.ok
            }
        })

    static let goals = Command(
        name: "goals", abstract: "List the goals with every field, status and elapsed share.",
        usage: "goals [--all] [--as-of] [--known-at]",
        options: [listAll] + queryOptions,
        discussion: listDiscussion + " `elapsed` is the share of the goal's dates passed at the reference (none without an end date).",
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                if ctx.json {
                    ctx.printJSON(try DefinitionList.json(.goal, snap: snap, calendar: cal, reference: ref, all: p.has(.all)))
                    return ExitCode.ok
                }
                let rows = try DefinitionList.rows(snap, .goal, reference: ref, all: p.has(.all))
                var status: [String: GoalProgress] = [:]
                for g in try ProgressEngine(snap, calendar: cal, reference: ref).run().goals { status[g.id] = g }
                let w = ctx.words
                func statusWord(_ r: DefinitionRow) -> String {
                    guard !r.deleted else { return w(.statusDeleted) }
                    switch status[r.id]?.status ?? .inProgress {
                    case .inProgress: return w(.statusInProgress)
                    case .achieved: return w(.statusAchieved)
                    case .notAchieved: return w(.statusNotAchieved)
                    case .needsConfirmation: return w(.statusNeedsConfirmation)
                    }
                }
                DefinitionText.table(
                    rows,
                    header: [
                        w(.colTitle), w(.colDates), w(.colThreshold), w(.colStatus), w(.colElapsed), w(.colSymbol), w(.colColor),
                        w(.colOrder),
                        w(.colID),
                    ], out: ctx.out, empty: w(.noGoalsListed), words: w
                ) { r in
                    guard let g = r.goal else { return [] }
                    return [
                        r.name,
                        "\(g.startDate) … \(g.endDate.map(\.description) ?? "")",
                        "\(g.thresholdPercent) %", statusWord(r),
                        DefinitionList.elapsed(g, calendar: cal, reference: ref).map { "\(Int(($0 * 100).rounded())) %" } ?? "",
                        g.symbol ?? "", g.color ?? "", r.order.map(String.init) ?? "", r.id,
                    ]
                }
                return ExitCode.ok
            }
        })

    static let quests = Command(
        name: "quests", abstract: "List the quests with target, period, schedule and deadline.",
        usage: "quests [--goal] [--all] [--as-of] [--known-at]",
        options: [OptionSpec(.goal, value: "GOAL", help: "Only this goal's quests (id or title)."), listAll] + queryOptions,
        discussion: listDiscussion + " Quests come goal by goal, the goals in their order too.",
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let goal = try p.value(.goal).map { try ctx.resolve(.goal, $0, in: snap, reference: ref).id }
                let w = ctx.words
                let goalTitle = Dictionary(
                    try DefinitionList.rows(snap, .goal, reference: ref, all: true).map {
                        ($0.id, $0.name + ($0.deleted ? " " + w(.deleted) : ""))
                    },
                    uniquingKeysWith: { a, _ in a })
                var names: [String: String] = [:]
                for kind in [DefinitionKind.action, .tag] { for d in try snap.definitions(kind) { names[d.id] = d.fields().name } }
                let tracking = Dictionary(
                    try snap.definitions(.action).map { ($0.id, $0.base.tracking == Tracking.time) },
                    uniquingKeysWith: { a, _ in a })
                let rows = try DefinitionList.questRows(snap, reference: ref, all: p.has(.all), goal: goal)
                let units = try ctx.units(snap, at: ref)
                let decimals = try ctx.decimals(snap)
                func spec(_ r: DefinitionRow) -> QuestSpec? { r.quest.map { QuestSpec($0, actionTracksTime: { tracking[$0] }) } }
                func targetName(_ r: DefinitionRow) -> String {
                    switch r.quest?.target {
                    case .action(let id): names[id] ?? id
                    case .tag(let id, _): (names[id] ?? id) + w(.tagMark)
                    case nil: "?"
                    }
                }
                if ctx.json {
                    ctx.printJSON(try DefinitionList.json(.quest, snap: snap, calendar: cal, reference: ref, all: p.has(.all), goal: goal))
                    return ExitCode.ok
                }
                DefinitionText.table(
                    rows,
                    header: [
                        w(.colGoal), w(.colTarget), w(.colRule), w(.colPeriod), w(.colDays), w(.colDeadline), w(.colOrder), w(.colID),
                    ],
                    out: ctx.out, empty: w(.noQuestsListed), words: w
                ) { r in
                    guard let s = spec(r) else { return [] }
                    var unit: String?
                    var places = 0
                    if case .action(let a)? = r.quest?.target { (unit, places) = (units[a], decimals[a] ?? 0) }
                    let amount = s.unitIsTime ? w.duration(Int64(s.amount)) : w.times(Decimals.text(Int64(s.amount), places), unit: unit)
                    return [
                        goalTitle[s.goalID] ?? s.goalID, targetName(r), w(s.atLeast ? .atLeastAmount : .atMostAmount, amount),
                        w.language == .en ? s.periodName : w.period(s.period), w.schedule(s), s.deadline?.description ?? "",
                        r.order.map(String.init) ?? "", r.id,
                    ]
                }
                return ExitCode.ok
            }
        })
}

/// How definition listings print.
enum DefinitionText {
    /// Aligned columns, a header, one row per definition; deleted ones marked.
    static func table(
        _ rows: [DefinitionRow], header: [String], out: OutputStream, empty: String, words: Words = .english,
        cells: (DefinitionRow) -> [String]
    ) {
        guard !rows.isEmpty else {
            out.line(empty)
            return
        }
        var lines =
            [header]
            + rows.map { r in
                var c = cells(r)
                if r.deleted { c[0] += " " + words(.deleted) }
                return c.map { RecordText.oneLine($0) }
            }
        // Columns empty in every row are left out.
        let keep = header.indices.filter { k in lines.dropFirst().contains { !$0[k].isEmpty } || k == 0 }
        lines = lines.map { l in keep.map { l[$0] } }
        let widths = keep.indices.map { k in lines.map { Cell.columns($0[k]) }.max() ?? 0 }
        for l in lines {
            out.line(l.enumerated().map { k, c in Cell.pad(c, widths[k] + 2) }.joined().trimmingTrailingSpaces())
        }
    }
}
