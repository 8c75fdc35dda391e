/// The screens' reads: each answer is the library's surface for that screen
/// (`runningNow`, `actionButtons`, `goalCards`, `records`, `ReportTable`,
/// `diaryPage`, `Timetable`) with its text already in the page's language,
/// so the page formats nothing but a running timer.

import HaruLedger

extension WebApp {
    func read(_ route: String, _ r: HTTPRequest, _ lang: PageLanguage) -> HTTPReply {
        do {
            let cal = try ledger.calendar()
            let now = self.now
            let day: LocalDate
            if let text = r.query["day"] {
                guard let d = LocalDate(parsing: text) else { return refuse(400, .badDay, lang, text) }
                day = d
            } else {
                day = cal.day(of: now)
            }
            let head = try ledger.head().seq
            var body: [(String, JSONValue)] = [("seq", .int(Int64(head))), ("today", .string(cal.day(of: now).description))]
            switch route {
            case "today": body += try today(cal, now, lang)
            case "records": body += try records(day, cal, now, lang)
            case "stats": body += try stats(r, cal, now, lang)
            case "diary": body += try diary(day, cal, now, lang)
            case "timetable": body += try timetable(day, week: r.query["week"] == "1", cal, now, lang)
            default:
                if route.hasPrefix("blob/") { return try blob(String(route.dropFirst(5)), lang) }
                return refuse(404, .notFound, lang)
            }
            return json(200, .object(body))
        } catch let e as WebRefusal {
            return refuse(400, e.word, lang, e.values)
        } catch {
            return failure(error)
        }
    }

    // MARK: 모음 (today): the running timer, a button per action, goal cards.

    private func today(_ cal: LedgerCalendar, _ now: Instant, _ lang: PageLanguage) throws -> [(String, JSONValue)] {
        let ref = Reference.live(now: now)
        let running = try ledger.runningNow(now: now)
        let buttons = try ledger.actionButtons(ref, span: .day)
        let cards = try ledger.goalCards(ref)
        let counts = try countWords(ref)
        let runningJSON: [JSONValue] = running.all.map { item in
            .object([
                ("session", .string(item.sessionID)), ("action", .string(item.actionID)), ("name", .string(item.name)),
                ("symbol", item.symbol.map(JSONValue.string) ?? .null), ("start", .int(item.start.seconds)),
                ("seconds", .int(item.seconds)), ("long", .bool(item.long)),
                ("since", .string(PageWord.runningSince.text(lang, cal.clockText(item.start)))),
                ("today_text", .string(PageWord.todayTotal.text(lang, lang.duration(item.todaySeconds)))),
            ])
        }
        let buttonJSON: [JSONValue] = buttons.map { b in
            .object([
                ("id", .string(b.action.id)), ("name", .string(b.action.name)), ("symbol", b.action.symbol.map(JSONValue.string) ?? .null),
                ("color", b.color.map(JSONValue.string) ?? .null), ("tracking", .string(b.action.tracking == .time ? "time" : "count")),
                ("running_since", b.runningSince.map { .int($0.seconds) } ?? .null), ("seconds", .int(b.total.seconds)),
                ("count", DayBook.countJSON(b.total.count, b.action.decimals)),
                (
                    "total_text",
                    .string(
                        b.action.tracking == .time ? lang.duration(b.total.seconds) : counts.text(b.total.count, action: b.action.id, lang))
                ),
            ])
        }
        return [
            ("now", .int(now.seconds)), ("running", .array(runningJSON)), ("buttons", .array(buttonJSON)),
            ("goals", .array(cards.map { goalCard($0, counts, lang) })),
        ]
    }

    private func goalCard(_ g: GoalCard, _ counts: CountWords, _ lang: PageLanguage) -> JSONValue {
        func bar(_ ratio: Double?) -> JSONValue { ratio.map { .int(Int64(ShownPercent.of($0))) } ?? .null }
        let status: PageWord =
            switch g.status {
            case .inProgress: .inProgress
            case .achieved: .achieved
            case .notAchieved: .notAchieved
            case .needsConfirmation: .needsConfirmation
            }
        let quests: [JSONValue] = g.quests.map { q in
            // A quest's figure (seconds, or a count in its unit and places: 7.5 h).
            func amountText(_ v: Double) -> String {
                q.unitIsTime ? lang.duration(Int64(v.rounded())) : counts.figure(v, places: q.places, action: q.actionID, lang)
            }
            let own: SpanKind = q.period == .weekly ? .week : q.period == .monthly ? .month : .day
            let target = q.rings[own].target.map(amountText) ?? ""
            let rule = (q.direction == .atLeast ? PageWord.atLeast : .atMost).text(lang, target)
            var rings: [(String, JSONValue)] = []
            for (kind, ring) in q.rings.all {
                rings.append(
                    (
                        kind.rawValue,
                        .object([
                            ("scheduled", .bool(ring.scheduled)), ("skipped", .bool(ring.skipped)),
                            ("percent", ring.fill.map { .int(Int64(ShownPercent.of($0))) } ?? .null),
                            ("limit", ring.limit.map { .string($0.rawValue) } ?? .null),
                            ("limit_text", ring.limit.map { .string(($0 == .kept ? PageWord.kept : .over).text(lang)) } ?? .null),
                            ("done_text", ring.done.map { .string(amountText($0)) } ?? .null),
                        ])
                    ))
            }
            let streak = q.streak.flatMap { $0 > 0 ? $0 : nil }
            return .object([
                ("id", .string(q.id)), ("name", .string(q.targetName)), ("action", q.actionID.map(JSONValue.string) ?? .null),
                // The ring drawn: the quest's own period (a weekly quest's week), as its rule reads.
                ("span", .string(own.rawValue)), ("rule", .string(rule)),
                ("direction", .string(q.direction == .atLeast ? "at_least" : "at_most")),
                ("rings", .object(rings)), ("streak", streak.map { .int(Int64($0)) } ?? .null),
                ("best", q.bestStreak.map { .int(Int64($0)) } ?? .null),
            ])
        }
        return .object([
            ("id", .string(g.id)), ("title", .string(g.title)), ("symbol", g.symbol.map(JSONValue.string) ?? .null),
            ("color", g.color.map(JSONValue.string) ?? .null), ("status", .string(g.status.rawValue)),
            ("status_text", .string(status.text(lang))), ("no_quests", .bool(g.noQuests)),
            ("bars", .object([("day", bar(g.bars.day)), ("week", bar(g.bars.week)), ("month", bar(g.bars.month))])),
            ("quests", .array(quests)),
        ])
    }

    // MARK: 기록 (records): a day's sessions and counts, deleted ones too (to restore).

    private func records(_ day: LocalDate, _ cal: LedgerCalendar, _ now: Instant, _ lang: PageLanguage) throws -> [(String, JSONValue)] {
        let ref = Reference.live(now: now)
        let rows = try ledger.records(day...day, ref, all: true)
        let names = try actionNames(ref)
        let counts = try countWords(ref)
        let state: [RecordRow.State: PageWord] = [.running: .running, .deleted: .deleted, .discarded: .discarded]
        let out: [JSONValue] = rows.map { row in
            let time = row.kind == .session
            let seconds = (row.end ?? now).seconds - row.start.seconds
            return .object([
                ("id", .string(row.id)), ("kind", .string(row.kind.rawValue)), ("action", .string(row.actionID)),
                ("name", .string(names[row.actionID] ?? row.actionID)), ("state", .string(row.state.rawValue)),
                ("state_text", state[row.state].map { .string($0.text(lang)) } ?? .null),
                ("start", .string(cal.clockText(row.start))), ("end", row.end.map { .string(cal.clockText($0)) } ?? .null),
                // A count's amount in its unit (7.6), and its places (the editor's step: 0.1).
                ("amount", row.amount.map { DayBook.countJSON(Int64($0), counts.places(row.actionID)) } ?? .null),
                ("places", .int(Int64(counts.places(row.actionID)))), ("note", row.note.map(JSONValue.string) ?? .null),
                (
                    "value_text",
                    .string(time ? lang.duration(seconds) : counts.text(Int64(row.amount ?? 0), action: row.actionID, lang))
                ),
            ])
        }
        return [
            ("day", .string(day.description)), ("day_text", .string(dayText(day, lang))),
            ("previous", .string(day.adding(days: -1).description)), ("next", .string(day.adding(days: 1).description)),
            ("rows", .array(out)),
        ]
    }

    /// Every action's name, deleted ones too (a record of a deleted action still shows it).
    func actionNames(_ ref: Reference) throws -> [String: String] {
        let rows = try ledger.snapshot { snap in try DefinitionList.rows(snap, .action, reference: ref, all: true) }
        return Dictionary(rows.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    }

    /// `2026-03-04 (Wed)` / `2026-03-04 (수)` / `2026-03-04 (水)`.
    func dayText(_ d: LocalDate, _ lang: PageLanguage) -> String {
        let names: [PageLanguage: [String]] = [
            .en: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], .ko: ["월", "화", "수", "목", "금", "토", "일"],
            .ja: ["月", "火", "水", "木", "金", "土", "日"],
        ]
        return "\(d) (\(names[lang]![Int(d.weekday.rawValue)]))"
    }

    // MARK: 통계 (statistics): `haru report`'s table over a range, by action or tag.

    private func stats(_ r: HTTPRequest, _ cal: LedgerCalendar, _ now: Instant, _ lang: PageLanguage) throws -> [(String, JSONValue)] {
        let today = cal.day(of: now)
        func dayArg(_ name: String, _ fallback: LocalDate) throws -> LocalDate {
            guard let text = r.query[name], !text.isEmpty else { return fallback }
            guard let d = LocalDate(parsing: text) else { throw WebRefusal(.badDay, text) }
            return d
        }
        let weekStart = cal.weekStart(of: today)
        let from = try dayArg("from", weekStart), to = try dayArg("to", weekStart.adding(days: 6))
        guard from <= to, to.daysSinceEpoch - from.daysSinceEpoch < 3700 else { throw WebRefusal(.badRequest, "from … to") }
        let byTag = r.query["by"] == "tag"
        let every = r.query["every"].flatMap { ["day", "week", "month"].contains($0) ? $0 : nil }
        let ref = Reference.live(now: now)
        // The statistics filter: one action or one tag (`haru report --action/--tag`), `only=action:ID` / `only=tag:ID`.
        var filter = ActionFilter()
        let only = r.query["only"] ?? ""
        if only.hasPrefix("action:") { filter.actions = [String(only.dropFirst(7))] }
        if only.hasPrefix("tag:") { filter.tags = [String(only.dropFirst(4))] }
        let (table, choices) = try ledger.snapshot { snap in
            let book = try DayBook(snap, calendar: cal, from: from, through: to, reference: ref, filter: filter)
            let choices =
                try DefinitionList.rows(snap, .action, reference: ref, all: false).map { ("action:" + $0.id, $0.name) }
                + DefinitionList.rows(snap, .tag, reference: ref, all: false).map { ("tag:" + $0.id, "#" + $0.name) }
            return (ReportTable(book: book, calendar: cal, byTag: byTag, every: every, reference: ref), choices)
        }
        guard only.isEmpty || choices.contains(where: { $0.0 == only }) else { throw WebRefusal(.badRequest, "only=\(only)") }
        let ids = table.arranged(.user)
        let columns: [JSONValue] = ids.map { .object([("id", .string($0)), ("name", .string(table.names[$0] ?? $0))]) }
        // A column's counts in its decimal places (an action's; a tag's finest), with the action's unit.
        let counts = try countWords(ref)
        func cell(_ t: Totals, _ id: String) -> JSONValue {
            let places = table.decimals[id] ?? 0
            let text = cellText(t, lang) { n in
                byTag ? PageWord.times.text(lang, Decimals.text(n, places)) : counts.text(n, action: id, lang)
            }
            return .object([
                ("seconds", .int(t.seconds)), ("count", DayBook.countJSON(t.count, places)), ("text", .string(text.isEmpty ? "–" : text)),
            ])
        }
        let rows: [JSONValue] = table.periods.map { p in
            .object([
                ("first", .string(p.first.description)), ("last", .string(p.last.description)),
                ("label", .string(p.first == p.last ? dayText(p.first, lang) : "\(p.first) – \(p.last)")),
                ("cells", .array(ids.map { cell(p.total(of: $0), $0) })),
            ])
        }
        let totals = table.totals
        return [
            ("from", .string(from.description)), ("to", .string(to.description)), ("by", .string(byTag ? "tag" : "action")),
            ("every", every.map(JSONValue.string) ?? .null), ("only", .string(only)),
            ("choices", .array(choices.map { .object([("value", .string($0.0)), ("name", .string($0.1))]) })),
            ("columns", .array(columns)), ("rows", .array(rows)),
            ("total", .array(ids.map { cell(totals[$0] ?? Totals(), $0) })), ("total_label", .string(PageWord.total.text(lang))),
        ]
    }

    // MARK: 일기 (diary): the page, its to-dos and attachments, the day's totals.

    private func diary(_ day: LocalDate, _ cal: LedgerCalendar, _ now: Instant, _ lang: PageLanguage) throws -> [(String, JSONValue)] {
        let page = try ledger.diaryPage(day, .live(now: now))
        let counts = try countWords(.live(now: now))
        let w = page.written
        let attachments: [JSONValue] = try (w?.attachments ?? []).map { d in
            .object([
                ("digest", .string(d)), ("size", page.blobSizes[d].map { .int(Int64($0)) } ?? .null),
                ("picture", .bool(try ledger.blob(d).flatMap(Self.pictureType) != nil)),
            ])
        }
        let todos: [JSONValue] = page.todos.map { .object([("id", .string($0.id)), ("text", .string($0.text)), ("done", .bool($0.done))]) }
        return [
            ("day", .string(day.description)), ("day_text", .string(dayText(day, lang))),
            ("previous", .string(day.adding(days: -1).description)), ("next", .string(day.adding(days: 1).description)),
            ("mood", w?.mood.map(JSONValue.string) ?? .null), ("mood_photo", w?.moodPhoto.map(JSONValue.string) ?? .null),
            ("text", w?.text.map(JSONValue.string) ?? .null),
            ("todos", .array(todos)), ("attachments", .array(attachments)),
            // The counts summed unit by unit (8.1 h, 5.35 km, 8 glasses), each action's in its own unit.
            (
                "totals_text",
                .string(
                    cellText(page.totals, lang) { _ in
                        page.book.unitTotals(0).map { counts.said(Decimals.figure($0.amount, places: $0.places), unit: $0.unit, lang) }
                            .joined(separator: " ")
                    })
            ),
        ]
    }

    /// `1h 05m ×3`: a total's time and count, each when there is some ("" for none).
    /// - Parameter count: the count said (in its unit and places).
    func cellText(_ t: Totals, _ lang: PageLanguage, count: (Int64) -> String) -> String {
        var parts: [String] = []
        if t.seconds > 0 { parts.append(lang.duration(t.seconds)) }
        if t.count > 0 { parts.append(count(t.count)) }
        return parts.joined(separator: " ")
    }

    private func blob(_ digest: String, _ lang: PageLanguage) throws -> HTTPReply {
        guard digest.count == 64, digest.allSatisfy(\.isHexDigit), let bytes = try ledger.blob(digest) else {
            return refuse(404, .notFound, lang)
        }
        // A picture whose first bytes say so is shown (as that type, never sniffed);
        // anything else is a download, never rendered as a page of this origin (it could be HTML).
        if let type = Self.pictureType(bytes) { return .whole(status: 200, type: type, body: bytes) }
        return .whole(
            status: 200, type: "application/octet-stream", body: bytes,
            headers: [("Content-Disposition", "attachment; filename=\"\(digest.prefix(12))\"")])
    }

    /// PNG, JPEG, GIF or WebP by their signatures; nil for anything else.
    static func pictureType(_ b: [UInt8]) -> String? {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        return nil
    }

    // MARK: 타임테이블 (timetable): blocks and dots over the 24 hours from the day start.

    private func timetable(_ day: LocalDate, week: Bool, _ cal: LedgerCalendar, _ now: Instant, _ lang: PageLanguage) throws
        -> [(String, JSONValue)]
    {
        let first = week ? cal.weekStart(of: day) : day
        let last = week ? first.adding(days: 6) : day
        let ref = Reference.live(now: now)
        let table = try ledger.snapshot { snap in try Timetable(snap, calendar: cal, from: first, through: last, reference: ref) }
        let names = try actionNames(ref)
        let counts = try countWords(ref)
        let days: [JSONValue] = table.days.map { d in
            let base = d.range.lowerBound.seconds
            let length = d.range.upperBound.seconds - base
            return .object([
                ("day", .string(d.day.description)), ("day_text", .string(dayText(d.day, lang))), ("seconds", .int(length)),
                // The hour the grid starts at: the day start (04:00 draws 4 … 23, 0 … 3).
                ("first_hour", .int(Int64(cal.clockText(d.range.lowerBound).prefix(2)) ?? 0)),
                ("lanes", .int(Int64(d.lanes))),
                (
                    "blocks",
                    .array(
                        d.blocks.map { b in
                            .object([
                                ("session", .string(b.sessionID)), ("action", .string(b.actionID)),
                                ("name", .string(names[b.actionID] ?? b.actionID)),
                                ("from", .int(b.start.seconds - base)), ("to", .int(b.end.seconds - base)), ("lane", .int(Int64(b.lane))),
                                ("running", .bool(b.running)),
                                (
                                    "text",
                                    .string(
                                        "\(cal.clockText(b.start))–\(cal.clockText(b.end)) \(lang.duration(b.end.seconds - b.start.seconds))"
                                    )
                                ),
                            ])
                        })
                ),
                (
                    "dots",
                    .array(
                        d.dots.map { t in
                            .object([
                                ("entry", .string(t.entryID)), ("action", .string(t.actionID)),
                                ("name", .string(names[t.actionID] ?? t.actionID)),
                                ("at", .int(t.time.seconds - base)),
                                ("amount", DayBook.countJSON(Int64(t.amount), counts.places(t.actionID))),
                                ("text", .string("\(cal.clockText(t.time)) \(counts.text(Int64(t.amount), action: t.actionID, lang))")),
                            ])
                        })
                ),
            ])
        }
        return [
            ("days", .array(days)), ("previous", .string(first.adding(days: week ? -7 : -1).description)),
            ("next", .string(first.adding(days: week ? 7 : 1).description)),
        ]
    }
}

/// A read's refusal in the page's words (a day that is not a day).
struct WebRefusal: Error {
    var word: RefusalWord
    var values: [String]
    init(_ word: RefusalWord, _ values: String...) { (self.word, self.values) = (word, values) }
}
