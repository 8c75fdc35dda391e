@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension ProgressReport {
    /// `haru progress --json` (CONTRACT §4).
    public func json(calendar: LedgerCalendar) -> JSONValue {
        func num(_ d: Double?) -> JSONValue { d.map { .double($0) } ?? .null }
        func span(_ s: SpanResult) -> JSONValue {
            .object([
                ("scheduled", .bool(s.scheduled)), ("value", num(s.value)), ("target", num(s.target)), ("ratio", num(s.ratio)),
                ("display_ratio", num(s.displayRatio)), ("actual", num(s.actual)),
                ("skipped", .bool(s.skipped)),
            ])
        }
        return .object([
            ("as_of", .string(calendar.format(reference.instant))), ("known_at", .int(Int64(knownAt))),
            ("reference_day", .string(referenceDay.description)),
            (
                "goals",
                .array(
                    goals.map { g in
                        .object([
                            ("goal_id", .string(g.id)), ("title", .string(g.title)), ("status", .string(g.status.rawValue)),
                            ("judged_at", g.judgedAt.map { .string(calendar.format($0)) } ?? .null),
                            ("achievement_percent", num(g.achievementPercent)), ("threshold_percent", .int(Int64(g.thresholdPercent))),
                            ("no_quests", .bool(g.noQuests)), ("start_date", .string(g.startDate.description)),
                            ("end_date", g.endDate.map { .string($0.description) } ?? .null),
                            (
                                "spans",
                                .object(
                                    g.spanRatios.all.map { s in
                                        (
                                            s.kind.rawValue,
                                            .object(
                                                [("ratio", num(s.value))] + (s.kind == .day ? [("skipped", .bool(g.daySkipped))] : []))
                                        )
                                    })
                            ),
                            (
                                "quests",
                                .array(
                                    g.quests.map { q in
                                        .object([
                                            ("quest_id", .string(q.spec.id)), ("period", .string(q.spec.periodName)),
                                            ("direction", .string(q.spec.directionName)), ("unit", .string(q.spec.unit)),
                                            ("target_name", .string(q.targetName)),
                                            ("definition", q.definitionJSON(calendar: calendar)),
                                            ("spans", .object(q.spans.all.map { ($0.kind.rawValue, span($0.value)) })),
                                            (
                                                "streak",
                                                q.streak.map {
                                                    .object([
                                                        ("count", .int(Int64($0))), ("unit", .string(q.streakUnit.rawValue)),
                                                        ("best", .int(Int64(q.bestStreak ?? $0))),
                                                    ])
                                                } ?? .null
                                            ),
                                            (
                                                "judgment",
                                                q.judgment.map { j in
                                                    .object([
                                                        ("value", num(j.value)), ("target", num(j.target)), ("ratio", .double(j.ratio)),
                                                        ("achieved", .bool(j.achieved)), ("skipped", .bool(j.skipped)),
                                                    ])
                                                } ?? .null
                                            ),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}

extension QuestProgress {
    /// The quest's fields in force, as in its `quest.created` event, with the
    /// schedule in words: what a widget shows beside the figures.
    public func definitionJSON(calendar: LedgerCalendar) -> JSONValue {
        guard case .object(var m) = fields.json(type: .questCreated, instant: calendar.format) else { return .null }
        m.append(("schedule_text", .string(spec.scheduleText)))
        return .object(m)
    }
}
