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
    /// - Parameter words: the page's language (`ReportWords.english` unless given).
    public static func page(
        book: DayBook, progress: ProgressReport, calendar cal: LedgerCalendar, title: String, filter: String? = nil,
        timetable: Timetable? = nil, words w: ReportWords = .english
    ) -> String {
        let days = book.grid.count
        let first = book.grid.day(0), last = book.grid.day(max(0, days - 1))
        let palette = Palette(book: book, progress: progress, words: w)
        let range = days == 1 ? w(.rangeOneDay, "\(first)", "\(last)") : w(.range, "\(first)", "\(last)", String(days))
        var html = """
            <!DOCTYPE html>
            <html lang="\(w.lang)"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <meta name="color-scheme" content="light dark">
            <style>\(style)\n\(Palette.style)</style></head><body>
            <h1>\(escape(title))</h1><p class="range">\(escape(range))</p>

            """
        if let filter {
            html += "<p class=\"note\">\(escape(w(.chartsFiltered, filter)))</p>\n"
        }
        html += goals(progress, from: first, through: last, calendar: cal, words: w)
        html += heatmaps(book, palette: palette, calendar: cal, words: w)
        html += timeByAction(book, palette: palette, words: w)
        if let timetable {
            html += Self.timetable(timetable, actions: book.actions, paint: { palette.paint(action: $0) }, calendar: cal, words: w)
        }
        html += timeByTag(book, palette: palette, words: w)
        html += countBars(book, palette: palette, words: w)
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
        .skipped{fill:var(--none);stroke:var(--muted);stroke-width:1.5;stroke-dasharray:2 2}
        .day{stroke:var(--surface);stroke-width:1}.zero{fill:var(--empty)}.gridline{stroke:var(--grid);stroke-width:1}
        .limit{stroke:var(--missed);stroke-width:1.5;stroke-dasharray:5 3}
        .on-dark{fill:var(--on-state)}.on-light{fill:var(--text)}.on-yellow{fill:#1F2421}
        .legend rect{stroke:none}svg{display:block;margin:4px 0}svg.wide{width:100%;height:auto}
        """

    // MARK: Goals

    static func goals(_ progress: ProgressReport, from: LocalDate, through: LocalDate, calendar cal: LedgerCalendar, words w: ReportWords)
        -> String
    {
        guard !progress.goals.isEmpty else { return "" }
        var html = "<h2>\(escape(w(.goals)))</h2>\n"
        html += legend(
            [
                (w(.met), Paint(cls: "met")), (w(.missed), Paint(cls: "missed")),
                (w(.inProgressLegend), Paint(cls: "in-progress")),
                (w(.notScheduled), Paint(cls: "not-scheduled")), (w(.skipped), Paint(cls: "skipped")),
            ])
        for g in progress.goals {
            html +=
                "<div class=\"goal\"><h3>\(escape(g.title)) <span class=\"status \(g.status.rawValue)\">\(escape(w.state(g.status.rawValue)))</span></h3>\n"
            html += "<p class=\"note\">\(escape(goalLine(g, calendar: cal, words: w)))</p>\n"
            for q in g.quests {
                html += "<p>\(escape(questLine(q, words: w)))"
                if let s = q.streak {
                    html += " <span class=\"note\">· \(escape(w.streak(s, q.streakUnit, q.bestStreak ?? s)))</span>"
                }
                html += "</p>\n"
                html += periodCalendar(q, from: from, through: through, calendar: cal, words: w)
            }
            html += "</div>\n"
        }
        return html
    }

    /// What a goal's status rests on, in words: a finished goal's judgment
    /// (no "today 0 %" after its end), an open one's spans.
    static func goalLine(_ g: GoalProgress, calendar cal: LedgerCalendar, words w: ReportWords) -> String {
        let runs = w(.runs, "\(g.startDate)", g.endDate.map { "\($0)" } ?? w(.noEndDate))
        switch g.status {
        case .achieved, .notAchieved:
            var s = runs + (g.judgedAt.map { w(.judgedOn, "\(cal.day(of: Instant(seconds: $0.seconds - 1)))") } ?? w(.judged))
            if let p = g.achievementPercent {
                let shown = String(Int(p.rounded(g.status == .achieved ? .toNearestOrAwayFromZero : .down)))
                s += w(g.status == .achieved ? .meanVersusAchieved : .meanVersusMissed, shown, String(g.thresholdPercent))
            }
            return s
        case .needsConfirmation:
            return runs + w(.needsConfirmation, g.id)
        case .inProgress:
            guard !g.noQuests else { return runs + w(.noQuests) }
            let spans = zip([ReportPhrase.spanToday, .spanWeek, .spanMonth], g.spanRatios.all.map(\.value)).compactMap { name, r in
                r.map { w(name, String(ShownPercent.of($0))) }
            }
            return runs + w(.meanRatio, spans.joined(separator: " · "), String(g.thresholdPercent))
        }
    }

    /// `Reading: at least 30m 00s a day, Mon, Wed, Fri` and the like.
    static func questLine(_ q: QuestProgress, words w: ReportWords) -> String { "\(q.targetName): \(w.questRule(q.spec))" }

    /// `at least 30m 00s a day, Mon, Wed, Fri`: what a quest asks of its target, in English.
    static func englishRule(_ spec: QuestSpec) -> String {
        let direction = spec.atLeast ? "at least" : "at most"
        let amount =
            spec.unitIsTime ? DurationText.text(Int64(spec.amount.rounded())) : ReportWords.english.figure(spec.shownAmount, spec)
        let per =
            switch spec.period {
            case .daily: "a day, " + spec.scheduleText
            case .weekly: "a week"
            case .monthly: "a month"
            case .custom: "from " + spec.scheduleText
            }
        return "\(direction) \(amount) \(per)"
    }

    /// The periods of a quest within the range. Days as a month calendar:
    /// a column per week, weekday names on the left, each cell with its day
    /// of the month, the month's name over the column where it begins.
    /// Weeks and months as a row of cells, each with its dates and value.
    static func periodCalendar(_ q: QuestProgress, from: LocalDate, through: LocalDate, calendar cal: LedgerCalendar, words w: ReportWords)
        -> String
    {
        let marks = q.periods.filter { $0.last >= from && $0.first <= through }
        guard !marks.isEmpty else { return "" }
        var html = ""
        if q.spec.period == .daily {
            let grid = WeekGrid(from: marks[0].first, through: marks[marks.count - 1].first, calendar: cal, maxWidth: 800, dayRow: false)
            html +=
                "<svg class=\"periods\" data-quest=\"\(escape(q.spec.id))\" width=\"\(grid.width)\" height=\"\(grid.height)\" role=\"img\" aria-label=\"\(escape(w(.byDay, q.targetName)))\">\n"
            html += grid.labels(dayRow: false, words: w)
            let size = WeekGrid.pitch - 2
            for m in marks {
                let (x, y) = grid.cell(m.first)
                let title = w(.periodTitle, "\(m.first)", w.state(m.state.rawValue), value(m.value, q, w))
                html +=
                    "<rect class=\"period \(cssClass(m.state))\" x=\"\(x)\" y=\"\(y)\" width=\"\(size)\" height=\"\(size)\" rx=\"3\"><title>\(escape(title))</title></rect>"
                html +=
                    "<text class=\"small \(ink(m.state))\" text-anchor=\"middle\" x=\"\(x + size / 2)\" y=\"\(y + size / 2 + 3)\">\(m.first.day)</text>\n"
            }
        } else {
            // Cells of a week or a month, as many to a row as fit the card.
            let (width, height) = (136, 42)
            let perRow = max(1, 800 / (width + 4))
            let rows = (marks.count + perRow - 1) / perRow
            let aria = w(q.spec.period == .weekly ? .byWeek : .byMonth, q.targetName)
            html +=
                "<svg class=\"periods\" data-quest=\"\(escape(q.spec.id))\" width=\"\(min(marks.count, perRow) * (width + 4) + 2)\" height=\"\(rows * (height + 4))\" role=\"img\" aria-label=\"\(escape(aria))\">\n"
            for (k, m) in marks.enumerated() {
                let (x, y) = (k % perRow * (width + 4), k / perRow * (height + 4))
                let title = w(.periodRangeTitle, "\(m.first)", "\(m.last)", w.state(m.state.rawValue), value(m.value, q, w))
                html +=
                    "<rect class=\"period \(cssClass(m.state))\" x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" rx=\"4\"><title>\(escape(title))</title></rect>"
                let ink = ink(m.state)
                let dates =
                    q.spec.period == .monthly && m.first.day == 1
                    ? w.monthYear(m.first) : "\(w.monthDay(m.first)) – \(w.monthDay(m.last))"
                html += "<text class=\"small \(ink)\" x=\"\(x + 6)\" y=\"\(y + 16)\">\(escape(dates))</text>"
                let against = w(q.spec.atLeast ? .against : .againstLimit, cellValue(m.value, q, w), cellValue(q.spec.shownAmount, q, w))
                html += "<text class=\"value \(ink) strong\" x=\"\(x + 6)\" y=\"\(y + 33)\">\(escape(against))</text>\n"
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
        case .skipped: "skipped"
        }
    }

    /// The class of text written on a cell of that state, legible on it in light and dark.
    static func ink(_ s: PeriodMark.State) -> String {
        switch s {
        case .met, .missed: "on-dark"
        case .inProgress: "on-yellow"
        case .notScheduled, .skipped: "on-light"
        }
    }

    /// A value written in a cell, as the terminal writes it.
    static func cellValue(_ v: Double, _ q: QuestProgress, _ w: ReportWords) -> String {
        q.spec.unitIsTime ? w.duration(v) : w.figure(v, q.spec)
    }

    static func value(_ v: Double, _ q: QuestProgress, _ w: ReportWords) -> String { cellValue(v, q, w) }
}
