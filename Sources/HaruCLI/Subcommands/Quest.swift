import HaruLedger

extension Subcommands {
    static let questShapeOptions: [OptionSpec] = [
        OptionSpec(.period, value: "PERIOD", help: "daily, weekly, monthly or custom."),
        OptionSpec(.everyDay, help: "Daily schedule: every day (the default)."),
        OptionSpec(.weekdays, value: "DAYS", help: "Daily schedule: these weekdays, e.g. mon,wed,fri."),
        OptionSpec(.monthDays, value: "DAYS", help: "Daily schedule: these days of the month, e.g. 1,15."),
        OptionSpec(.ordinal, value: "N", help: "Daily schedule: the N-th (1 … 5) --weekday of the month."),
        OptionSpec(.weekday, value: "DAY", help: "The weekday for --ordinal."),
        OptionSpec(.customStart, value: "DATE", help: "Custom period: first day."),
        OptionSpec(.customEnd, value: "DATE", help: "Custom period: last day."),
        OptionSpec(
            .target, value: "AMOUNT", help: "Time as 30m, 1h30m, 90s or 1:30; counts as a number in the action's decimal places (8, 7.5)."),
        OptionSpec(.atMost, help: "A limit (at_most) instead of a minimum (at_least)."),
        OptionSpec(.atLeast, help: "A minimum (the default when adding)."),
        OptionSpec(.deadline, value: "HH:mm", help: "Daily only: records after this clock time do not count; none removes it."),
        orderOption,
    ]

    static let quest = Command(
        name: "quest", abstract: "Create, edit and delete quests.", usage: "quest <add|edit|delete> …",
        subcommands: [
            Command(
                name: "add", abstract: "Add a quest to a goal.",
                usage:
                    "quest add --goal (--action | --tag --measure) --period --target [schedule] [--at-most] [--deadline] [--order] [--id]",
                options: [
                    OptionSpec(.goal, value: "GOAL", help: "The goal's id or title."),
                    OptionSpec(.action, value: "ACTION", help: "Target: one action (id or name)."),
                    OptionSpec(.tag, value: "TAG", help: "Target: every action with this tag (id or name)."),
                    OptionSpec(.measure, value: "time|count", help: "With --tag: what to add up."),
                ] + questShapeOptions + [idOption("quest"), atOption],
                run: { ctx, p in
                    guard let goalText = p.value(.goal) else { throw UsageError(Refusal.goalRequired) }
                    guard p.has(.period) else { throw UsageError(Refusal.periodRequired) }
                    guard p.has(.target) else { throw UsageError(Refusal.targetRequired) }
                    let ledger = try ctx.openLedger()
                    let goal = try ctx.resolve(.goal, goalText, in: ledger).id
                    let id = p.value(.id) ?? ctx.newID()
                    let target: QuestTarget
                    let isTime: Bool
                    var decimals = 0
                    var measured = ""
                    switch (p.value(.action), p.value(.tag)) {
                    case (let a?, nil):
                        if p.has(.measure) { throw UsageError(Refusal.measureWithTag) }
                        let action = try ctx.resolve(.action, a, in: ledger)
                        isTime = action.base.tracking == Tracking.time
                        decimals = Int(action.base.int(.decimals) ?? 0)
                        measured = action.fields().name ?? action.id
                        target = .action(action.id)
                    case (nil, let t?):
                        guard let m = p.value(.measure) else { throw UsageError(Refusal.tagNeedsMeasure) }
                        guard let measure = Measure(word: m) else { throw UsageError(Refusal.measureTakes) }
                        isTime = measure == .time
                        let tag = try ctx.resolve(.tag, t, in: ledger)
                        target = .tag(tag.id, measure)
                        measured = tag.fields().name ?? tag.id
                        // Accepted (an action may get the tag later), but said now rather than only by `explain`.
                        let measured = try ledger.snapshot(zones: ctx.zones) { snap in
                            try DefinitionList.rows(snap, .action, reference: .live(now: try ctx.eventTime()), all: false)
                                .compactMap(\.action).filter { $0.tagIDs.contains(tag.id) && ($0.tracking == .time) == isTime }
                        }
                        if measured.isEmpty {
                            let name = tag.fields().name ?? tag.id
                            ctx.invocation.err.line(
                                ctx.words(isTime ? .tagMeasuresNothingTime : .tagMeasuresNothingCount, Echo.quoted(name)))
                        }
                    default:
                        throw UsageError(Refusal.oneTarget)
                    }
                    let shape = try questShape(p, isTime: isTime, decimals: decimals, measured: measured)
                    guard let period = shape.period else { throw UsageError(Refusal.periodRequired) }
                    let quest = QuestCreated(
                        questID: id, goalID: goal, target: target, period: period, direction: p.has(.atMost) ? .atMost : .atLeast,
                        schedule: shape.schedule, customStart: shape.customStart, customEnd: shape.customEnd,
                        targetSeconds: shape.targetSeconds, targetCount: shape.targetCount,
                        deadline: shape.deadline.flatMap { if case .set(let c) = $0 { c } else { nil } }, order: shape.order)
                    let goalTitle = try ctx.resolve(.goal, goalText, in: ledger).fields().title ?? goalText
                    return try ctx.write([quest], id: id) { c in
                        c.words(Done.addedQuest, id, goalTitle, c.questText(id, in: try c.openLedger()))
                    }
                }),
            Command(
                name: "edit", abstract: "Edit a quest; the edit takes effect at --at.",
                usage:
                    "quest edit QUEST [--period] [schedule] [--target] [--at-most|--at-least] [--deadline] [--order] [--at]",
                arguments: [("QUEST", "The quest's id, or a unique start of it (at least 4 characters).")],
                options: questShapeOptions + [atOption],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let ledger = try ctx.openLedger()
                    // By id or a unique start of it (at least 4 characters), as every command names a quest.
                    let q = try ctx.resolve(.quest, p.positionals[0], in: ledger)
                    let id = q.id
                    let base = q.fields()
                    let isTime: Bool
                    var decimals = 0
                    var measured = ""
                    if let a = base.targetActionID {
                        let action = try ledger.withStoredState { try $0.definition(.action, a)?.base }
                        isTime = action?.tracking == Tracking.time
                        decimals = Int(action?.int(.decimals) ?? 0)
                        measured = action?.name ?? a
                    } else {
                        isTime = base.targetMeasure == Measure.time
                        if let t = base.targetTagID { measured = try ledger.withStoredState { try $0.definition(.tag, t)?.base.name } ?? t }
                    }
                    let shape = try questShape(p, isTime: isTime, decimals: decimals, measured: measured)
                    let edit = QuestEdited(
                        questID: id, period: shape.period, direction: p.has(.atMost) ? .atMost : p.has(.atLeast) ? .atLeast : nil,
                        schedule: shape.schedule, customStart: shape.customStart, customEnd: shape.customEnd,
                        targetSeconds: shape.targetSeconds, targetCount: shape.targetCount, deadline: shape.deadline, order: shape.order)
                    return try ctx.write([edit], id: id) { c in c.words(Done.editedQuest, id, c.questText(id, in: try c.openLedger())) }
                }),
            Command(
                name: "delete", abstract: "Delete a quest.", usage: "quest delete QUEST [--at]",
                arguments: [("QUEST", "The quest's id, or a unique start of it (at least 4 characters).")], options: [atOption], minArgs: 1,
                maxArgs: 1,
                run: { ctx, p in
                    let ledger = try ctx.openLedger()
                    let id = try ctx.resolve(.quest, p.positionals[0], in: ledger).id
                    // Said as it was, before it goes.
                    let asked = ctx.questText(id, in: ledger)
                    return try ctx.write(QuestDeleted(questID: id), id: id, human: ctx.words(Done.deletedQuest, id, asked))
                }),
        ])

    /// What the shape options say (period, schedule, dates, target, deadline, order), typed.
    struct QuestShape {
        var period: Period?
        var schedule: QuestSchedule?
        var customStart: LocalDate?
        var customEnd: LocalDate?
        var targetSeconds: Int64?
        var targetCount: Int64?
        var deadline: Edit<ClockTime>?
        var order: Int64?
    }

    /// - Parameter decimals: the target action's decimal places: a count target `7.5` is 75 at one.
    ///   `measured`: the action's or tag's name, said when a target is finer than its decimals.
    static func questShape(_ p: Parsed, isTime: Bool, decimals: Int = 0, measured: String = "") throws -> QuestShape {
        var shape = QuestShape()
        shape.period = try p.choice(.period, Period.self)
        var schedules: [QuestSchedule] = []
        if p.has(.everyDay) { schedules.append(.everyDay) }
        if let w = p.value(.weekdays) {
            schedules.append(.weekdays(try Parsed.weekdays(w, .weekdays)))
        }
        if let d = p.value(.monthDays) {
            schedules.append(
                .monthDays(
                    try d.split(separator: ",").map { s in
                        guard let n = Int(s) else { throw UsageError(Refusal.notADayNumber, String(s)) }
                        return n
                    }))
        }
        if p.has(.ordinal) || p.has(.weekday) {
            guard p.value(.ordinal) != nil, let w = p.value(.weekday) else {
                throw UsageError(Refusal.ordinalWithWeekday)
            }
            schedules.append(.ordinalWeekday(Int(try p.int(.ordinal)!), try Parsed.weekday(w, .weekday)))
        }
        if schedules.count > 1 {
            throw UsageError(Refusal.oneSchedule)
        }
        shape.schedule = schedules.first
        (shape.customStart, shape.customEnd) = (try p.date(.customStart), try p.date(.customEnd))
        shape.order = try p.order()
        if let t = p.value(.target) {
            if isTime {
                guard let secs = HumanTime.duration(t) else { throw UsageError(.notADuration, "--target", Echo.quoted(t)) }
                shape.targetSeconds = secs
            } else {
                shape.targetCount = try Parsed.amount(
                    t, decimals: decimals, label: "--target", action: measured, otherwise: UsageError(Refusal.notAQuestAmount, t))
            }
        }
        shape.deadline = try p.edit(.deadline) { try Parsed.clock($0, .deadline) }
        return shape
    }
}
