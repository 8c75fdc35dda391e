/// `haru report --html FILE`: one self-contained page (inline SVG and CSS,
/// no script, nothing fetched):
/// - each goal with its status, achievement, today's / this week's / this
///   month's span, and per quest its streaks and a calendar of its periods
///   (a cell per day, week or month since the goal started, within the
///   range: met, missed, not scheduled, in progress);
/// - a heatmap per action (one cell per logical day of the range, like
///   Loop's);
/// - time per day as bars stacked by tag, and counts per day per count action.
///
/// The numbers are those of `report` (`DayBook`) and `progress`
/// (`ProgressReport`, with its period marks). Colours are the reference
/// app's (deep moss green, mustard gold on warm white; sage mint and soft
/// amber on green-tinted black in dark mode, `prefers-color-scheme`).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public enum HTMLReport {
    public static func page(
        book: DayBook, progress: ProgressReport, calendar cal: LedgerCalendar, title: String
    ) -> String {
        let days = book.grid.count
        let first = book.grid.day(0), last = book.grid.day(max(0, days - 1))
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <meta name="color-scheme" content="light dark">
            <style>\(style)</style></head><body>
            <h1>\(escape(title))</h1><p class="range">\(first) – \(last)</p>

            """
        html += goals(progress, from: first, through: last, calendar: cal)
        html += heatmaps(book, calendar: cal)
        html += tagBars(book)
        html += countBars(book)
        html += "</body></html>\n"
        return html
    }

    /// The page's colours, light and dark: the app's primary green and accent
    /// yellow; missed and the bars' neutral tones are this page's own (the app
    /// names none).
    static let style = """
        :root{--bg:#FAFAF6;--surface:#FFFFFF;--text:#1F2421;--muted:#5F6B63;--green:#2F6B4F;--yellow:#D9A621;\
        --missed:#B5483B;--none:#E4E6DF;--empty:#ECEEE8}
        @media (prefers-color-scheme: dark){:root{--bg:#111512;--surface:#1B211D;--text:#E4EAE5;--muted:#9AA89F;\
        --green:#7FBF9E;--yellow:#E8C558;--missed:#D9776B;--none:#2A312C;--empty:#232A25}}
        body{font:14px system-ui,sans-serif;margin:24px;background:var(--bg);color:var(--text)}
        h1{font-size:20px;margin:0}h2{font-size:16px;margin:24px 0 6px}h3{font-size:14px;margin:14px 0 4px}
        .range,.label,.note{color:var(--muted);fill:var(--muted)}.label{font-size:11px}
        .goal{background:var(--surface);border-radius:10px;padding:10px 14px;margin:10px 0}
        .status{font-weight:600}.achieved{color:var(--green)}.not_achieved{color:var(--missed)}
        .in_progress{color:var(--yellow)}.needs_confirmation{color:var(--yellow)}
        .met{fill:var(--green)}.missed{fill:var(--missed)}.in-progress{fill:var(--yellow)}.not-scheduled{fill:var(--none)}
        .day{stroke:var(--bg);stroke-width:1}.zero{fill:var(--empty)}.count{fill:var(--yellow)}
        .legend rect{stroke:none}svg{display:block;margin:4px 0}.side{display:inline-block;vertical-align:top;margin-right:24px}
        """

    // MARK: Goals

    static func goals(_ progress: ProgressReport, from: LocalDate, through: LocalDate, calendar cal: LedgerCalendar) -> String {
        guard !progress.goals.isEmpty else { return "" }
        var html = "<h2>Goals</h2>\n"
        html += legend([("met", "met"), ("missed", "missed"), ("in-progress", "in progress"), ("not-scheduled", "not scheduled")])
        for g in progress.goals {
            let achieved = g.achievementPercent.map { " · \(Int($0.rounded())) % achieved" } ?? ""
            html +=
                "<div class=\"goal\"><h3>\(escape(g.title)) <span class=\"status \(g.status.rawValue)\">\(words(g.status.rawValue))</span>"
            html += "<span class=\"note\">\(achieved)</span></h3>\n"
            let spans = zip(["today", "this week", "this month"], g.spanRatios).compactMap { name, r in
                r.map { "\(name) \(Int(($0 * 100).rounded())) %" }
            }
            if !spans.isEmpty { html += "<p class=\"note\">\(spans.joined(separator: " · "))</p>\n" }
            for q in g.quests {
                html += "<p>\(escape(questLine(q)))"
                if let s = q.streak {
                    // `days` → `1 day`: the unit's singular for one.
                    let unit = s == 1 ? String(q.streakUnit.dropLast()) : q.streakUnit
                    html += " <span class=\"note\">· streak \(s) \(unit), best \(q.bestStreak ?? s)</span>"
                }
                html += "</p>\n"
                html += periodCalendar(q, from: from, through: through, calendar: cal)
            }
            html += "</div>\n"
        }
        return html
    }

    /// `Reading: at least 30 min a day, Mon, Wed, Fri` and the like.
    static func questLine(_ q: QuestProgress) -> String {
        let direction = q.spec.atLeast ? "at least" : "at most"
        let amount = q.spec.unitIsTime ? duration(q.spec.amount) : "\(Int(q.spec.amount))×"
        let per =
            switch q.spec.period {
            case .daily: "a day, " + q.spec.scheduleText
            case .weekly: "a week"
            case .monthly: "a month"
            case .custom: "from " + q.spec.scheduleText
            }
        return "\(q.targetName): \(direction) \(amount) \(per)"
    }

    /// The periods of a quest within the range: a row of cells, one per day,
    /// week or month (days as a calendar: weeks as columns).
    static func periodCalendar(_ q: QuestProgress, from: LocalDate, through: LocalDate, calendar cal: LedgerCalendar) -> String {
        let marks = q.periods.filter { $0.last >= from && $0.first <= through }
        guard !marks.isEmpty else { return "" }
        var html = ""
        if q.spec.period == .daily {
            let weekStart = cal.weekStart(of: marks[0].first)
            let columns = (marks[marks.count - 1].first.daysSinceEpoch - weekStart.daysSinceEpoch) / 7 + 1
            html +=
                "<svg class=\"periods\" data-quest=\"\(escape(q.spec.id))\" width=\"\(columns * 13 + 2)\" height=\"\(7 * 13 + 2)\" role=\"img\" aria-label=\"\(escape(q.targetName)) by day\">\n"
            for m in marks {
                let offset = m.first.daysSinceEpoch - weekStart.daysSinceEpoch
                html +=
                    "<rect class=\"period \(cssClass(m.state))\" x=\"\(offset / 7 * 13)\" y=\"\(offset % 7 * 13)\" width=\"12\" height=\"12\"><title>\(m.first): \(words(m.state.rawValue)) (\(value(m.value, q)))</title></rect>\n"
            }
        } else {
            html +=
                "<svg class=\"periods\" data-quest=\"\(escape(q.spec.id))\" width=\"\(marks.count * 25 + 2)\" height=\"26\" role=\"img\" aria-label=\"\(escape(q.targetName)) by \(q.spec.period == .weekly ? "week" : "month")\">\n"
            for (k, m) in marks.enumerated() {
                html +=
                    "<rect class=\"period \(cssClass(m.state))\" x=\"\(k * 25)\" y=\"0\" width=\"24\" height=\"24\" rx=\"3\"><title>\(m.first) – \(m.last): \(words(m.state.rawValue)) (\(value(m.value, q)))</title></rect>\n"
            }
        }
        return html + "</svg>\n"
    }

    static func cssClass(_ s: PeriodMark.State) -> String {
        switch s {
        case .met: "met"
        case .missed: "missed"
        case .inProgress: "in-progress"
        case .notScheduled: "not-scheduled"
        }
    }

    static func value(_ v: Double, _ q: QuestProgress) -> String { q.spec.unitIsTime ? duration(v) : "\(Int(v))×" }

    // MARK: Actions, tags, counts

    /// A heatmap per action: weeks as columns, weekdays as rows (from the
    /// ledger's week start), the shade by the day's time or count.
    static func heatmaps(_ book: DayBook, calendar cal: LedgerCalendar) -> String {
        let days = book.grid.count
        guard days > 0 else { return "" }
        let first = book.grid.day(0), last = book.grid.day(days - 1)
        let perDay = (0..<days).map { book.perDay($0) }
        let ids = sortedByName(book.actions).filter { id in perDay.contains { !($0[id]?.isZero ?? true) } }
        guard !ids.isEmpty else { return "" }
        var html = "<h2>Actions by day</h2>\n"
        let weekStart = cal.weekStart(of: first)
        let columns = (last.daysSinceEpoch - weekStart.daysSinceEpoch) / 7 + 1
        for id in ids {
            let name = book.actions[id]?.name ?? id
            let isCount = book.actions[id]?.tracking == Tracking.count
            let values = perDay.map { Double(isCount ? ($0[id]?.count ?? 0) : ($0[id]?.seconds ?? 0)) }
            let top = values.max() ?? 0
            html += "<div class=\"side\"><h3>\(escape(name))</h3>\n"
            html +=
                "<svg class=\"heatmap\" width=\"\(columns * 13 + 2)\" height=\"\(7 * 13 + 2)\" role=\"img\" aria-label=\"\(escape(name)) by day\">\n"
            for i in 0..<days {
                let d = book.grid.day(i)
                let offset = d.daysSinceEpoch - weekStart.daysSinceEpoch
                let v = values[i]
                let opacity = top > 0 && v > 0 ? JSONValue.formatNumber(((0.25 + 0.75 * v / top) * 100).rounded() / 100) : "1"
                let what = isCount ? "\(Int(v))×" : duration(v)
                html +=
                    "<rect class=\"day \(v > 0 ? "met" : "zero")\" fill-opacity=\"\(opacity)\" data-day=\"\(d)\" x=\"\(offset / 7 * 13)\" y=\"\(offset % 7 * 13)\" width=\"12\" height=\"12\"><title>\(d): \(what)</title></rect>\n"
            }
            html += "</svg></div>\n"
        }
        return html
    }

    /// Time per day, one bar a day stacked by tag (each tag in its own
    /// colour; an action's time counts for each of its tags).
    static func tagBars(_ book: DayBook) -> String {
        let days = book.grid.count
        let perDay = (0..<days).map { book.tagTotals($0) }
        let tags = sortedByName(book.tags).filter { id in perDay.contains { ($0[id]?.seconds ?? 0) > 0 } }
        guard !tags.isEmpty else { return "" }
        let top = perDay.map { d in tags.reduce(0) { $0 + (d[$1]?.seconds ?? 0) } }.max() ?? 0
        let width = max(10, min(28, 720 / max(days, 1)))
        var html = "<h2>Time by tag</h2>\n"
        html += legend(
            tags.enumerated().map { k, id in ("tag\(k)", book.tags[id]?.name ?? id) },
            colours: tags.enumerated().map { colour(book.tags[$1], $0) })
        html +=
            "<svg class=\"bars\" width=\"\(max(days * width + 2, 160))\" height=\"138\" role=\"img\" aria-label=\"time per day by tag\">\n"
        html += dayLabels(book, width: width, y: 134)
        for i in 0..<days {
            var y = 120.0
            for (k, id) in tags.enumerated() {
                let s = perDay[i][id]?.seconds ?? 0
                guard s > 0, top > 0 else { continue }
                let h = 118.0 * Double(s) / Double(top)
                y -= h
                html +=
                    "<rect x=\"\(i * width)\" y=\"\(fmt(y))\" width=\"\(width - 2)\" height=\"\(fmt(h))\" fill=\"\(colour(book.tags[id], k))\"><title>\(book.grid.day(i)) \(escape(book.tags[id]?.name ?? id)): \(duration(Double(s)))</title></rect>\n"
            }
        }
        return html + "</svg>\n"
    }

    /// Counts per day, a row of bars per count action.
    static func countBars(_ book: DayBook) -> String {
        let days = book.grid.count
        let perDay = (0..<days).map { book.perDay($0) }
        let ids = sortedByName(book.actions).filter { id in
            book.actions[id]?.tracking == Tracking.count && perDay.contains { ($0[id]?.count ?? 0) > 0 }
        }
        guard !ids.isEmpty else { return "" }
        let width = max(10, min(28, 720 / max(days, 1)))
        var html = "<h2>Counts by day</h2>\n"
        for id in ids {
            let name = book.actions[id]?.name ?? id
            let values = perDay.map { $0[id]?.count ?? 0 }
            let top = values.max() ?? 0
            html +=
                "<h3>\(escape(name))</h3>\n<svg class=\"bars\" width=\"\(max(days * width + 2, 160))\" height=\"76\" role=\"img\" aria-label=\"\(escape(name)) per day\">\n"
            html += dayLabels(book, width: width, y: 73)
            for (i, v) in values.enumerated() where v > 0 && top > 0 {
                let h = 58.0 * Double(v) / Double(top)
                html +=
                    "<rect class=\"count\" x=\"\(i * width)\" y=\"\(fmt(60 - h))\" width=\"\(width - 2)\" height=\"\(fmt(h))\"><title>\(book.grid.day(i)): \(v)×</title></rect>\n"
            }
            html += "</svg>\n"
        }
        return html
    }

    // MARK: Pieces

    /// The first and last day of the range under a row of daily bars.
    static func dayLabels(_ book: DayBook, width: Int, y: Int) -> String {
        let days = book.grid.count
        guard days > 0 else { return "" }
        var html = "<text class=\"label\" x=\"0\" y=\"\(y)\">\(book.grid.day(0))</text>"
        if days > 1 {
            html +=
                "<text class=\"label\" text-anchor=\"end\" x=\"\(max(days * width - 2, 158))\" y=\"\(y)\">\(book.grid.day(days - 1))</text>"
        }
        return html + "\n"
    }

    static func legend(_ items: [(String, String)], colours: [String]? = nil) -> String {
        var html = "<svg class=\"legend\" width=\"\(items.count * 130)\" height=\"18\">"
        for (k, (cls, label)) in items.enumerated() {
            let fill = colours.map { " fill=\"\($0[k])\"" } ?? ""
            html += "<rect class=\"\(cls)\"\(fill) x=\"\(k * 130)\" y=\"3\" width=\"12\" height=\"12\"></rect>"
            html += "<text class=\"label\" x=\"\(k * 130 + 16)\" y=\"13\">\(escape(label))</text>"
        }
        return html + "</svg>\n"
    }

    /// A tag's own colour (`#RRGGBB`), else one of a fixed set by its place.
    static func colour(_ tag: Payload?, _ k: Int) -> String {
        if let c = tag?.color, c.count == 7, c.first == "#", c.dropFirst().allSatisfy(\.isHexDigit) { return c }
        let set = ["#2F6B4F", "#D9A621", "#4F7CAC", "#B5483B", "#7A5C99", "#3E8E8A", "#C27C3A", "#6B8F2F"]
        return set[k % set.count]
    }

    static func sortedByName(_ defs: [String: Payload]) -> [String] {
        defs.keys.sorted { (defs[$0]?.name ?? $0, $0) < (defs[$1]?.name ?? $1, $1) }
    }

    /// A duration as the terminal shows it (`DurationText`), to the second.
    static func duration(_ seconds: Double) -> String { DurationText.text(Int64(seconds.rounded())) }

    static func fmt(_ x: Double) -> String { JSONValue.formatNumber((x * 10).rounded() / 10) }

    static func words(_ s: String) -> String { String(s.map { $0 == "_" ? " " : $0 }) }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
