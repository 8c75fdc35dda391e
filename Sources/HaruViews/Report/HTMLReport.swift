/// `haru report --html FILE`: one self-contained page (inline SVG and CSS,
/// no script, nothing fetched), readable without hovering: every figure has
/// its labels, scale and legend written on it.
/// - each goal with its status in words (a finished goal: when, and the
///   mean of its quests' ratios against its threshold; one in progress: its
///   day, week and month), and per quest its streaks and a calendar of its
///   periods (days as a month calendar with weekday names and day numbers;
///   weeks and months as labelled cells with their values);
/// - a heatmap per action in the action's own colour, with a scale (a limit
///   action's in the "missed" red, since more is worse there); calendars and
///   heatmaps longer than a few months wrap into blocks (`WeekGrid`);
/// - time per day stacked by action (so a bar is the time tracked, with its
///   total on it) on an hour grid; time per tag side by side, never stacked
///   (an action with two tags counts under both);
/// - counts per day with their values, and the limit as a line.
///
/// The numbers are those of `report` (`DayBook`) and `progress`
/// (`ProgressReport`, with its period marks). Colours: the reference app's
/// (deep moss green, mustard gold on warm white; sage mint and soft amber on
/// green-tinted black in dark mode, `prefers-color-scheme`) for states;
/// actions and tags get distinct hues (`HTMLReport.Palette`).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public enum HTMLReport {
    /// - Parameter filter: the statistics filter in words, when the book was built with one.
    /// - Parameter timetable: the grid of the range's last days, drawn after the time by action.
    public static func page(
        book: DayBook, progress: ProgressReport, calendar cal: LedgerCalendar, title: String, filter: String? = nil,
        timetable: Timetable? = nil
    ) -> String {
        let days = book.grid.count
        let first = book.grid.day(0), last = book.grid.day(max(0, days - 1))
        let palette = Palette(book: book, progress: progress)
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <meta name="color-scheme" content="light dark">
            <style>\(style)\n\(Palette.style)</style></head><body>
            <h1>\(escape(title))</h1><p class="range">\(first) – \(last) · \(days) day\(days == 1 ? "" : "s")</p>

            """
        if let filter {
            html += "<p class=\"note\">Charts filtered: \(escape(filter)). Goals are judged on every action.</p>\n"
        }
        html += goals(progress, from: first, through: last, calendar: cal)
        html += heatmaps(book, palette: palette, calendar: cal)
        html += timeByAction(book, palette: palette)
        if let timetable {
            html += Self.timetable(timetable, actions: book.actions, paint: { palette.paint(action: $0) }, calendar: cal)
        }
        html += timeByTag(book, palette: palette)
        html += countBars(book, palette: palette)
        html += "</body></html>\n"
        return html
    }

    /// The page's colours, light and dark: the app's primary green and accent
    /// yellow; missed and the neutral tones are this page's own (the app
    /// names none).
    static let style = """
        :root{--bg:#FAFAF6;--surface:#FFFFFF;--text:#1F2421;--muted:#5F6B63;--green:#2F6B4F;--yellow:#D9A621;\
        --missed:#B5483B;--none:#E4E6DF;--empty:#ECEEE8;--grid:#DADDD5;--on-state:#FFFFFF}
        @media (prefers-color-scheme: dark){:root{--bg:#111512;--surface:#1B211D;--text:#E4EAE5;--muted:#9AA89F;\
        --green:#7FBF9E;--yellow:#E8C558;--missed:#D9776B;--none:#2A312C;--empty:#232A25;--grid:#2E3631;--on-state:#111512}}
        body{font:14px system-ui,sans-serif;margin:24px auto;max-width:900px;padding:0 16px;background:var(--bg);color:var(--text)}
        h1{font-size:20px;margin:0}h2{font-size:16px;margin:28px 0 6px}h3{font-size:14px;margin:14px 0 4px}
        .range,.label,.note{color:var(--muted);fill:var(--muted)}.label{font-size:11px}.small{font-size:9px}
        .value{font-size:10px;fill:var(--text)}.strong{font-weight:600}
        .goal,.card{background:var(--surface);border-radius:10px;padding:10px 14px;margin:10px 0}
        .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:0 12px}
        .status{font-weight:600}.achieved{color:var(--green)}.not_achieved{color:var(--missed)}
        .in_progress{color:var(--yellow)}.needs_confirmation{color:var(--yellow)}
        .met{fill:var(--green)}.missed{fill:var(--missed)}.in-progress{fill:var(--yellow)}.not-scheduled{fill:var(--none)}
        .day{stroke:var(--surface);stroke-width:1}.zero{fill:var(--empty)}.gridline{stroke:var(--grid);stroke-width:1}
        .limit{stroke:var(--missed);stroke-width:1.5;stroke-dasharray:5 3}
        .on-dark{fill:var(--on-state)}.on-light{fill:var(--text)}.on-yellow{fill:#1F2421}
        .legend rect{stroke:none}svg{display:block;margin:4px 0}svg.wide{width:100%;height:auto}
        """

    // MARK: Goals

    static func goals(_ progress: ProgressReport, from: LocalDate, through: LocalDate, calendar cal: LedgerCalendar) -> String {
        guard !progress.goals.isEmpty else { return "" }
        var html = "<h2>Goals</h2>\n"
        html += legend(
            [
                ("met", Paint(cls: "met")), ("missed", Paint(cls: "missed")),
                ("in progress (today, this week …)", Paint(cls: "in-progress")),
                ("not scheduled", Paint(cls: "not-scheduled")),
            ])
        for g in progress.goals {
            html +=
                "<div class=\"goal\"><h3>\(escape(g.title)) <span class=\"status \(g.status.rawValue)\">\(words(g.status.rawValue))</span></h3>\n"
            html += "<p class=\"note\">\(escape(goalLine(g, calendar: cal)))</p>\n"
            for q in g.quests {
                html += "<p>\(escape(questLine(q)))"
                if let s = q.streak {
                    // `days` → `1 day`: the unit's singular for one.
                    let unit = s == 1 ? q.streakUnit.singular : q.streakUnit.rawValue
                    html += " <span class=\"note\">· streak \(s) \(unit), best \(q.bestStreak ?? s)</span>"
                }
                html += "</p>\n"
                html += periodCalendar(q, from: from, through: through, calendar: cal)
            }
            html += "</div>\n"
        }
        return html
    }

    /// What a goal's status rests on, in words: a finished goal's judgment
    /// (no "today 0 %" after its end), an open one's spans.
    static func goalLine(_ g: GoalProgress, calendar cal: LedgerCalendar) -> String {
        let runs = "\(g.startDate) → " + (g.endDate.map { "\($0)" } ?? "no end date")
        switch g.status {
        case .achieved, .notAchieved:
            var s = runs + " · judged"
            if let j = g.judgedAt { s += " on \(cal.day(of: Instant(seconds: j.seconds - 1)))" }
            if let p = g.achievementPercent {
                s +=
                    ": its quests' mean ratio \(Int(p.rounded(g.status == .achieved ? .toNearestOrAwayFromZero : .down))) % \(g.status == .achieved ? "≥" : "<") the goal's \(g.thresholdPercent) %"
            }
            return s
        case .needsConfirmation:
            return runs + " · ended without quests: confirm it by hand (haru goal confirm \(g.id) achieved|not_achieved)"
        case .inProgress:
            guard !g.noQuests else { return runs + " · no quests" }
            let spans = zip(["today", "this week", "this month"], g.spanRatios.all.map(\.value)).compactMap { name, r in
                r.map { "\(name) \(ShownPercent.of($0)) %" }
            }
            return runs + " · its quests' mean ratio " + spans.joined(separator: " · ") + " (achieved at \(g.thresholdPercent) %)"
        }
    }

    /// `Reading: at least 30m 00s a day, Mon, Wed, Fri` and the like.
    static func questLine(_ q: QuestProgress) -> String { "\(q.targetName): \(questRule(q))" }

    /// `at least 30m 00s a day, Mon, Wed, Fri`: what a quest asks of its target.
    static func questRule(_ q: QuestProgress) -> String {
        let direction = q.spec.atLeast ? "at least" : "at most"
        let amount = q.spec.unitIsTime ? duration(q.spec.amount) : "\(Int(q.spec.amount))×"
        let per =
            switch q.spec.period {
            case .daily: "a day, " + q.spec.scheduleText
            case .weekly: "a week"
            case .monthly: "a month"
            case .custom: "from " + q.spec.scheduleText
            }
        return "\(direction) \(amount) \(per)"
    }

    /// The periods of a quest within the range. Days as a month calendar:
    /// a column per week, weekday names on the left, each cell with its day
    /// of the month, the month's name over the column where it begins.
    /// Weeks and months as a row of cells, each with its dates and value.
    static func periodCalendar(_ q: QuestProgress, from: LocalDate, through: LocalDate, calendar cal: LedgerCalendar) -> String {
        let marks = q.periods.filter { $0.last >= from && $0.first <= through }
        guard !marks.isEmpty else { return "" }
        let label = escape(q.targetName)
        var html = ""
        if q.spec.period == .daily {
            let grid = WeekGrid(from: marks[0].first, through: marks[marks.count - 1].first, calendar: cal, maxWidth: 800, dayRow: false)
            html +=
                "<svg class=\"periods\" data-quest=\"\(escape(q.spec.id))\" width=\"\(grid.width)\" height=\"\(grid.height)\" role=\"img\" aria-label=\"\(label) by day\">\n"
            html += grid.labels(dayRow: false)
            let size = WeekGrid.pitch - 2
            for m in marks {
                let (x, y) = grid.cell(m.first)
                html +=
                    "<rect class=\"period \(cssClass(m.state))\" x=\"\(x)\" y=\"\(y)\" width=\"\(size)\" height=\"\(size)\" rx=\"3\"><title>\(m.first): \(words(m.state.rawValue)) (\(value(m.value, q)))</title></rect>"
                html +=
                    "<text class=\"small \(ink(m.state))\" text-anchor=\"middle\" x=\"\(x + size / 2)\" y=\"\(y + size / 2 + 3)\">\(m.first.day)</text>\n"
            }
        } else {
            // Cells of a week or a month, as many to a row as fit the card.
            let (width, height) = (136, 42)
            let perRow = max(1, 800 / (width + 4))
            let rows = (marks.count + perRow - 1) / perRow
            html +=
                "<svg class=\"periods\" data-quest=\"\(escape(q.spec.id))\" width=\"\(min(marks.count, perRow) * (width + 4) + 2)\" height=\"\(rows * (height + 4))\" role=\"img\" aria-label=\"\(label) by \(q.spec.period == .weekly ? "week" : "month")\">\n"
            for (k, m) in marks.enumerated() {
                let (x, y) = (k % perRow * (width + 4), k / perRow * (height + 4))
                html +=
                    "<rect class=\"period \(cssClass(m.state))\" x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" rx=\"4\"><title>\(m.first) – \(m.last): \(words(m.state.rawValue)) (\(value(m.value, q)))</title></rect>"
                let ink = ink(m.state)
                let dates =
                    q.spec.period == .monthly && m.first.day == 1
                    ? "\(monthName(m.first.month)) \(m.first.year)" : "\(short(m.first)) – \(short(m.last))"
                html += "<text class=\"small \(ink)\" x=\"\(x + 6)\" y=\"\(y + 16)\">\(dates)</text>"
                let against = q.spec.atLeast ? "of" : "· at most"
                html +=
                    "<text class=\"value \(ink) strong\" x=\"\(x + 6)\" y=\"\(y + 33)\">\(cellValue(m.value, q)) \(against) \(cellValue(q.spec.amount, q))</text>\n"
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

    /// The class of text written on a cell of that state, legible on it in light and dark.
    static func ink(_ s: PeriodMark.State) -> String {
        switch s {
        case .met, .missed: "on-dark"
        case .inProgress: "on-yellow"
        case .notScheduled: "on-light"
        }
    }

    /// A value written in a cell: durations to the minute (`1h 5m`).
    static func cellValue(_ v: Double, _ q: QuestProgress) -> String { q.spec.unitIsTime ? shortDuration(v) : "\(Int(v))×" }

    static func value(_ v: Double, _ q: QuestProgress) -> String { q.spec.unitIsTime ? duration(v) : "\(Int(v))×" }
}
