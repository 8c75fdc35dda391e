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
        OptionSpec(.target, value: "AMOUNT", help: "Time as 30m, 1h30m, 90s or 1:30; counts as a whole number."),
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
                    "quest add --goal GOAL (--action ACTION | --tag TAG --measure time|count) --period PERIOD --target AMOUNT [schedule] [--at-most] [--deadline HH:mm] [--order N] [--id ID]",
                options: [
                    OptionSpec(.goal, value: "GOAL", help: "The goal's id or title."),
                    OptionSpec(.action, value: "ACTION", help: "Target: one action (id or name)."),
                    OptionSpec(.tag, value: "TAG", help: "Target: every action with this tag (id or name)."),
                    OptionSpec(.measure, value: "time|count", help: "With --tag: what to add up."),
                ] + questShapeOptions + [idOption("quest"), atOption],
                run: { ctx, p in
                    guard let goalText = p.value(.goal) else { throw UsageError("--goal GOAL is required") }
                    guard p.has(.period) else { throw UsageError("--period daily|weekly|monthly|custom is required") }
                    guard p.has(.target) else { throw UsageError("--target AMOUNT is required") }
                    let ledger = try ctx.openLedger()
                    let goal = try ctx.resolve(.goal, goalText, in: ledger).id
                    let id = p.value(.id) ?? ctx.newID()
                    var data: [(String, JSONValue)] = [("quest_id", .string(id)), ("goal_id", .string(goal))]
                    let isTime: Bool
                    switch (p.value(.action), p.value(.tag)) {
                    case (let a?, nil):
                        if p.has(.measure) { throw UsageError("--measure goes with --tag, not --action") }
                        let action = try ctx.resolve(.action, a, in: ledger)
                        isTime = action.base.tracking == Tracking.time
                        data.append(("target", .object([("action_id", .string(action.id))])))
                    case (nil, let t?):
                        guard let m = p.value(.measure) else { throw UsageError("--tag needs --measure time|count") }
                        guard m == "time" || m == "count" else { throw UsageError("--measure takes time or count") }
                        isTime = m == "time"
                        data.append(
                            ("target", .object([("tag_id", .string(try ctx.resolve(.tag, t, in: ledger).id)), ("measure", .string(m))])))
                    default:
                        throw UsageError("give exactly one of --action ACTION or --tag TAG")
                    }
                    data.append(("direction", .string((p.has(.atMost) ? Direction.atMost : .atLeast).word)))
                    data += try questShape(p, isTime: isTime)
                    return try ctx.write(.questCreated, data, id: id, human: ctx.words(.addedQuest, id, goalText))
                }),
            Command(
                name: "edit", abstract: "Edit a quest; the edit takes effect at --at.",
                usage:
                    "quest edit QUEST [--period P] [schedule] [--target AMOUNT] [--at-most|--at-least] [--deadline HH:mm|none] [--order N] [--at TIME]",
                arguments: [("QUEST", "The quest's id.")], options: questShapeOptions + [atOption],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let ledger = try ctx.openLedger()
                    let id = p.positionals[0]
                    guard let q = try ledger.withStoredState({ try $0.definition(.quest, id) }), q.isLive else {
                        throw UsageError("no quest with id \"\(id)\"")
                    }
                    let base = q.fields()
                    let isTime: Bool
                    if let a = base.targetActionID {
                        isTime = try ledger.withStoredState { try $0.definition(.action, a)?.base.tracking } == Tracking.time
                    } else {
                        isTime = base.targetMeasure == Measure.time
                    }
                    var data: [(String, JSONValue)] = [("quest_id", .string(id))]
                    if p.has(.atMost) { data.append(("direction", .string("at_most"))) }
                    if p.has(.atLeast) { data.append(("direction", .string(Direction.atLeast.word))) }
                    data += try questShape(p, isTime: isTime)
                    return try ctx.write(.questEdited, data, id: id, human: "Edited quest \(id).")
                }),
            Command(
                name: "delete", abstract: "Delete a quest.", usage: "quest delete QUEST",
                arguments: [("QUEST", "The quest's id.")], options: [atOption], minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    try ctx.write(
                        .questDeleted, [("quest_id", .string(p.positionals[0]))], id: p.positionals[0],
                        human: "Deleted quest \(p.positionals[0]).")
                }),
        ])

    /// The payload fields of the shape options (period, schedule, dates, target, deadline).
    static func questShape(_ p: Parsed, isTime: Bool) throws -> [(String, JSONValue)] {
        var data: [(String, JSONValue)] = []
        if let period = p.value(.period) { data.append(("period", .string(period))) }
        var schedule: [(String, JSONValue)] = []
        if p.has(.everyDay) { schedule.append(("mode", .string(ScheduleMode.everyDay.word))) }
        if let w = p.value(.weekdays) {
            schedule.append(("mode", .string(ScheduleMode.weekdays.word)))
            schedule.append(("weekdays", .array(w.split(separator: ",").map { .string(String($0)) })))
        }
        if let d = p.value(.monthDays) {
            schedule.append(("mode", .string(ScheduleMode.monthDays.word)))
            let days = try d.split(separator: ",").map { s -> JSONValue in
                guard let n = Int64(s) else { throw UsageError("--month-days: \"\(s)\" is not a day number") }
                return .int(n)
            }
            schedule.append(("month_days", .array(days)))
        }
        if p.has(.ordinal) || p.has(.weekday) {
            guard let o = p.value(.ordinal), let w = p.value(.weekday) else {
                throw UsageError("--ordinal and --weekday go together")
            }
            schedule.append(("mode", .string(ScheduleMode.ordinalWeekday.word)))
            schedule.append(("ordinal", try number(o, "--ordinal")))
            schedule.append(("weekday", .string(w)))
        }
        if schedule.filter({ $0.0 == "mode" }).count > 1 {
            throw UsageError("give one schedule: --every-day, --weekdays, --month-days or --ordinal/--weekday")
        }
        if !schedule.isEmpty { data.append(("schedule", .object(schedule))) }
        if let s = p.value(.customStart) { data.append(("custom_start", .string(s))) }
        if let e = p.value(.customEnd) { data.append(("custom_end", .string(e))) }
        data += try p.orderMember()
        if let t = p.value(.target) {
            if isTime {
                guard let secs = HumanTime.duration(t) else {
                    throw UsageError("--target: \"\(t)\" is not a duration such as 30m, 1h30m, 90s or 1:30")
                }
                data.append(("target_seconds", .int(secs)))
            } else {
                guard let n = Int64(t) else { throw UsageError("--target: \"\(t)\" is not a whole number (the quest counts)") }
                data.append(("target_count", .int(n)))
            }
        }
        if let d = p.value(.deadline) { data.append(("deadline", d == "none" ? .null : .string(d))) }
        return data
    }
}
