import HaruLedger

extension Subcommands {
    static let explain = Command(
        name: "explain", abstract: "Period by period: what a quest required, what was done, and which records counted.",
        usage: "explain QUEST [--periods] [--as-of] [--known-at] [--now]",
        arguments: [("QUEST", "The quest's id, or a unique start of it (at least 4 characters).")],
        options: [
            OptionSpec(
                .periods, value: "N",
                help: "How many periods back to show, the current one included (default 7 days, 4 weeks, 3 months).")
        ]
            + queryOptions,
        discussion: """
            Records count up to the reference, as for streaks; a record timed later is listed as left out
            ("after the reference"). Other reasons: after the deadline, not a scheduled day, other measure
            (a tagged action that tracks the other unit).
            """,
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            var count: Int?
            if let n = p.value(.periods) {
                guard let v = Int(n), (1...400).contains(v) else { throw UsageError(Refusal.periodsRange, n) }
                count = v
            }
            return try ctx.query { snap, cal, ref in
                let qd = try ctx.resolve(.quest, p.positionals[0], in: snap)
                let quest = qd.id
                let x = try QuestExplanation(
                    snap, calendar: cal, reference: ref, quest: quest,
                    count: count ?? Subcommands.explainPeriods(qd.fields(inForceAt: ref.definitionsAt).period ?? .daily))
                // A count in its action's unit when it has one (`3 glasses`).
                var countUnit: String?
                if case .action(let a) = x.spec.target { countUnit = try ctx.units(snap, at: ref)[a] }
                let unit: (Double) -> String = {
                    x.spec.unitIsTime
                        ? DurationText.text(Int64($0.rounded())) : JSONValue.formatNumber($0) + (countUnit.map { " " + $0 } ?? "")
                }
                if ctx.json {
                    ctx.printJSON(
                        .object(
                            [
                                ("quest_id", .string(quest)), ("period", .string(x.spec.periodName)),
                                ("direction", .string(x.spec.directionName)),
                                ("unit", .string(x.spec.unit)),
                                (
                                    "periods",
                                    .array(
                                        x.periods.map { pr in
                                            .object([
                                                ("start", .string(pr.first.description)), ("end", .string(pr.last.description)),
                                                ("required", pr.required.map { .double($0) } ?? .null), ("done", .double(pr.done)),
                                                ("met", .bool(pr.met)), ("skipped", .bool(pr.skipped)),
                                                ("in_progress", .bool(pr.inProgress)),
                                                (
                                                    "records",
                                                    .array(
                                                        pr.entries.map { e in
                                                            .object([
                                                                ("record_id", .string(e.recordID)), ("action_id", .string(e.actionID)),
                                                                (e.isSession ? "start" : "time", .string(cal.format(e.start))),
                                                                ("end", e.end.map { .string(cal.format($0)) } ?? .null),
                                                                ("counted", .double(e.counted)),
                                                                (
                                                                    "left_out",
                                                                    .array(
                                                                        e.leftOut.map {
                                                                            .object([
                                                                                ("amount", .double($0.amount)),
                                                                                ("reason", .string($0.reason)),
                                                                            ])
                                                                        })
                                                                ),
                                                            ])
                                                        })
                                                ),
                                            ])
                                        })
                                ),
                            ] + snap.referenceJSON(ref, cal)))
                    return ExitCode.ok
                }
                let w = ctx.words
                guard w.language == .en else {
                    let names = try ctx.names(of: [.action], snap, at: ref.definitionsAt)
                    ExplainText.words(
                        x, unit: countUnit, quest: quest, asked: ctx.questText(quest, in: try ctx.openLedger()), names: names, cal, ref, w,
                        ctx.out)
                    return ExitCode.ok
                }
                ctx.out.line(
                    "quest \(quest): \(x.spec.directionName) \(unit(x.spec.shownAmount)) \(x.spec.periodName), as of \(cal.format(ref.instant))"
                )
                for pr in x.periods {
                    let name =
                        pr.first == pr.last
                        ? "\(pr.first) \(Weekday.names[pr.first.weekday.rawValue].prefix(3))" : "\(pr.first) … \(pr.last)"
                    guard let req = pr.required else {
                        ctx.out.line(
                            "\(name)  \(pr.skipped ? "skipped" : "not scheduled")"
                                + (pr.entries.isEmpty ? "" : " (\(pr.entries.count) record\(pr.entries.count == 1 ? "" : "s") left out)"))
                        continue
                    }
                    // A limit (at_most) in its own words: "limit 3, done 4: over".
                    let verdict =
                        x.spec.atLeast ? (pr.met ? "met" : (pr.inProgress ? "not yet" : "not met")) : (pr.met ? "within" : "over")
                    ctx.out.line(
                        "\(name)  \(x.spec.atLeast ? "required" : "limit") \(unit(req)), done \(unit(pr.done)): \(verdict)\(pr.inProgress ? " (in progress)" : "")"
                    )
                    for e in pr.entries {
                        let when =
                            e.isSession ? "\(cal.format(e.start)) → \(e.end.map { cal.format($0) } ?? "running")" : cal.format(e.start)
                        var line = "    \(e.recordID)  \(e.actionID)  \(when)  counted \(unit(e.counted))"
                        // What is left out is in the record's own unit (a count under a time quest is a count).
                        for l in e.leftOut {
                            line +=
                                "; left out \(e.isSession ? DurationText.text(Int64(l.amount.rounded())) : "×" + JSONValue.formatNumber(l.amount)): \(l.reason)"
                        }
                        ctx.out.line(line)
                    }
                }
                return ExitCode.ok
            }
        })

    /// How many periods `explain` shows by default: a week of days, four
    /// weeks, three months, or the one custom period.
    static func explainPeriods(_ period: Period) -> Int {
        switch period {
        case .daily: 7
        case .weekly: 4
        case .monthly: 3
        case .custom: 1
        }
    }
}
