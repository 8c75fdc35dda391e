import HaruLedger

extension Subcommands {
    static let progress = Command(
        name: "progress", abstract: "Goals, their quests, spans, streaks and judgments.",
        usage: "progress [--goal] [--as-of] [--known-at] [--now]",
        options: [OptionSpec(.goal, value: "GOAL", help: "Only this goal (its id, title or a unique start of its id).")] + queryOptions,
        discussion: """
            Each quest shows its day, week and month spans (value against the target scaled to the span),
            its streak, and, once its goal is judged, the judgment. A goal's span ratio is the mean of its
            quests' ratios (for the day, only quests scheduled that day).
            """,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let goal = try p.value(.goal).map { try ctx.resolve(.goal, $0, in: snap).id }
                let report = try ProgressEngine(snap, calendar: cal, reference: ref).run(goal: goal)
                if ctx.json {
                    ctx.printJSON(report.json(calendar: cal))
                } else {
                    let names = try LiveDefinitions(snap, reference: ref)
                    // A session running past the long-session setting was probably forgotten: say so first.
                    let settings = try snap.settings().current
                    if ref.isLive, settings.longSessionAlert {
                        let long = Int64(settings.longSessionHours) * 3600
                        for s in try snap.runningSessions() where ref.instant.seconds - s.start.seconds >= long {
                            let name = names.actions[s.actionID]?.name ?? s.actionID
                            ctx.out.line(
                                ctx.words.language == .en
                                    ? "⚠ \(name) has been running for \(DurationText.text(ref.instant.seconds - s.start.seconds)) (since \(cal.format(s.start))): "
                                        + "forgotten? `haru stop \(ShellWord.quoted(name)) --at TIME` ends it when it really ended"
                                    : "⚠ \(name)  \(ctx.words.duration(ref.instant.seconds - s.start.seconds))  \(ctx.words(.since, cal.format(s.start)))"
                                        + ctx.words(.forgotten))
                        }
                    }
                    ProgressText.print(report, calendar: cal, to: ctx.out, names: names, style: ctx.style, words: ctx.words)
                }
                return ExitCode.ok
            }
        })
}

/// The human view of `haru progress`: goals with gauges, quests with their spans and streaks.
enum ProgressText {
    static func print(
        _ r: ProgressReport, calendar: LedgerCalendar, to out: OutputStream, names: LiveDefinitions, style: Style = Style(enabled: false),
        words w: Words = .english
    ) {
        out.line(w(.asOf, calendar.format(r.reference.instant), r.referenceDay.description, String(r.knownAt)))
        if r.goals.isEmpty { out.line(w(.noGoals)) }
        let spanNames = Spans(day: w(.spanDay), week: w(.spanWeek), month: w(.spanMonth))
        for g in r.goals {
            out.line("")
            var head = "\(g.title)  [\(g.id)]  \(g.startDate) → \(g.endDate?.description ?? w(.openEnd))"
            switch g.status {
            case .inProgress: head += "  " + w(.inProgress)
            case .needsConfirmation: head += "  " + w(.needsConfirmation, g.id)
            case .achieved, .notAchieved:
                head += "  " + w(g.status == .achieved ? .achieved : .notAchieved)
                // The basis of the judgment: the mean of its quests' ratios against the threshold.
                if let p = g.achievementPercent {
                    head += w(
                        // Below the threshold reads below it: cut, not rounded up to it.
                        g.status == .achieved ? .meanAtLeast : .meanBelow,
                        JSONValue.formatNumber((p * 10).rounded(g.status == .achieved ? .toNearestOrAwayFromZero : .down) / 10),
                        String(g.thresholdPercent))
                }
                if let j = g.judgedAt { head += w(.judgedAt, calendar.format(j)) }
            }
            out.line(head)
            if g.noQuests {
                out.line("  " + w(.noQuests))
                continue
            }
            out.line(
                "  "
                    + SpanKind.allCases.map {
                        $0 == .day && g.daySkipped ? w(.skippedSpan, spanNames[$0]) : "\(spanNames[$0]) \(gauge(g.spanRatios[$0], style))"
                    }.joined(separator: "   "))
            for q in g.quests {
                let target: String
                var unit: String?
                switch q.spec.target {
                case .action(let a):
                    target = names.actions[a]?.name ?? a
                    unit = names.actions[a]?.unit
                case .tag(let t): target = "#" + (names.tags[t]?.name ?? t)
                }
                let amount =
                    q.spec.unitIsTime ? w.duration(Int64(q.spec.amount)) : w.times(JSONValue.formatNumber(q.spec.shownAmount), unit: unit)
                let days = q.spec.period == .daily ? " (\(w.schedule(q.spec)))" : ""
                let period = w.language == .en ? q.spec.periodName : w.period(q.spec.period)
                // `30분 이상 · 하루`, as the app says a quest (English keeps its `≥ 30m 00s daily`).
                let asked =
                    w.language == .en
                    ? "\(q.spec.atLeast ? "≥" : "≤") \(amount) \(period)"
                    : w(q.spec.atLeast ? .atLeastAmount : .atMostAmount, amount) + " · " + period
                var line = "  - \(target) \(asked)\(days)  [\(q.spec.id)]"
                if let s = q.streak, let best = q.bestStreak, best > 0 {
                    let english = "streak \(s) \(s == 1 ? q.streakUnit.singular : q.streakUnit.rawValue)"
                    line +=
                        "  " + (style.enabled && s > 0 ? "🔥 " : "")
                        + (w.language == .en ? english : w.streak(s, unit: q.streakUnit.rawValue))
                        + (best > s ? w(.best, w.streakLength(best, unit: q.streakUnit.rawValue)) : "")
                }
                out.line(line)
                let spans = SpanKind.allCases.map { k -> String in
                    let (name, s) = (spanNames[k], q.spans[k])
                    if s.skipped { return w(.skippedSpan, name) }
                    guard s.scheduled, let v = s.value, let t = s.target else { return w(.notScheduled, name) }
                    let shown =
                        q.spec.unitIsTime
                        ? "\(w.duration(Int64(v.rounded())))/\(w.duration(Int64(t.rounded())))"
                        : w.number("\(Decimals.figure(v, places: q.spec.places))/\(Decimals.figure(t, places: q.spec.places))", unit: unit)
                    let pct =
                        q.spec.atLeast
                        ? "\(ShownPercent.of(s.displayRatio ?? 0)) %" : (s.ratio == 1 ? w(.within) : style.paint(w(.over), .red))
                    // What was done, when the capped value hides some of it (the widget's third line).
                    var done = ""
                    if let a = s.actual, a > v + 1e-9 {
                        done = w(
                            .done,
                            q.spec.unitIsTime
                                ? w.duration(Int64(a.rounded()))
                                : w.number(Decimals.figure(a, places: q.spec.places), unit: unit)
                        )
                    }
                    // On a terminal, a small gauge per span besides the words.
                    let bar = style.enabled && q.spec.atLeast ? " " + miniGauge(s.displayRatio ?? 0, style) : ""
                    return "\(name)\(bar) \(pct) (\(shown)\(done))"
                }
                out.line("      " + spans.joined(separator: "   "))
                if let j = q.judgment {
                    // In the quest's unit: durations for time, counts as counts; a limit in its own words.
                    func shown(_ x: Double) -> String {
                        q.spec.unitIsTime ? w.duration(Int64(x.rounded())) : Decimals.figure(x, places: q.spec.places)
                    }
                    let verdict = w(q.spec.atLeast ? (j.achieved ? .judgedMet : .judgedNotMet) : (j.achieved ? .judgedWithin : .judgedOver))
                    out.line(
                        "      \(verdict)"
                            + (j.value.map { v in
                                q.spec.atLeast ? w(.valueOf, shown(v), shown(j.target ?? 0)) : w(.limitDone, shown(j.target ?? 0), shown(v))
                            } ?? w(j.skipped ? .skippedMet : .notScheduledMet)))
                }
            }
        }
    }

    /// `█████░░░░░` in ten cells, green once full.
    static func miniGauge(_ r: Double, _ style: Style) -> String {
        let filled = ShownPercent.cells(r, of: 10)
        return style.paint(String(repeating: "█", count: filled), r >= 1 - 1e-9 ? .green : .yellow)
            + String(repeating: "░", count: 10 - filled)
    }

    /// `[#####-----]  50 %`
    static func gauge(_ r: Double?, _ style: Style = Style(enabled: false)) -> String {
        guard let r else { return "–" }
        let filled = ShownPercent.cells(r, of: 10)
        let bar = style.paint(String(repeating: "#", count: filled), r >= 1 - 1e-9 ? .green : .yellow)
        return "[" + bar + String(repeating: "-", count: 10 - filled) + "] \(ShownPercent.of(r)) %"
    }
}
