/// The timetable as the app's history screen draws it: a column per logical
/// day on a 24-hour axis from the day start, a session a block in its
/// action's colour (sessions that share time side by side), a count a dot.
/// In the report page (the last week of its range) and as a page of its own
/// (`haru timetable --html`).

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

extension HTMLReport {
    /// A page holding only the timetable.
    /// - Parameter actions: the live actions (names and colours follow the report's: by name).
    public static func timetablePage(
        _ t: Timetable, actions: [String: ActionDefinition], calendar cal: LedgerCalendar, title: String, words w: ReportWords = .english
    ) -> String {
        let colors = Palette.byName(actions)
        return """
            <!DOCTYPE html>
            <html lang="\(w.lang)"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <meta name="color-scheme" content="light dark">
            <style>\(style)\n\(Palette.style)</style></head><body>
            <h1>\(escape(title))</h1>
            \(timetable(t, actions: actions, paint: { colors[$0] ?? Paint(cls: "p0") }, calendar: cal, words: w))</body></html>

            """
    }

    /// The grid: hour lines labelled by the first day's wall clock, a column per day.
    static func timetable(
        _ t: Timetable, actions: [String: ActionDefinition], paint: (String) -> Paint, calendar cal: LedgerCalendar, words w: ReportWords
    ) -> String {
        guard !t.days.isEmpty else { return "" }
        let hourHeight = 22.0, top = 34.0, left = 46.0, width = Frame.width
        // The longest day sets the axis (25 hours on the day a clock goes back).
        let longest = t.days.map { $0.range.upperBound.seconds - $0.range.lowerBound.seconds }.max() ?? 86_400
        let hours = Int((Double(longest) / 3600).rounded(.up))
        let height = top + Double(hours) * hourHeight + 8
        let column = (width - left - 4) / Double(t.days.count)
        func y(_ seconds: Int64) -> Double { top + Double(seconds) / 3600 * hourHeight }
        // A swatch per action on the grid (a block's colour, or a dot's).
        var shown: [String] = []
        for d in t.days { for id in d.blocks.map(\.actionID) + d.dots.map(\.actionID) where !shown.contains(id) { shown.append(id) } }
        let named = sortedByName(actions).filter { shown.contains($0) }
        var svg = "<h2>\(escape(w(.timetable)))</h2>\n"
        if !named.isEmpty { svg += legend(named.map { (actions[$0]?.name ?? $0, paint($0)) }) }
        svg +=
            "<svg class=\"timetable wide\" viewBox=\"0 0 \(fmt(width)) \(fmt(height))\" role=\"img\" aria-label=\"\(escape(w(.timetableLabel, "\(t.days.first!.day)", "\(t.days.last!.day)")))\">\n"
        let first = t.days[0].range.lowerBound
        for h in 0...hours {
            let at = y(Int64(h) * 3600)
            svg += "<line class=\"gridline\" x1=\"\(fmt(left))\" y1=\"\(fmt(at))\" x2=\"\(fmt(width - 4))\" y2=\"\(fmt(at))\"/>"
            if h < hours, h % 2 == 0 {
                let label = cal.clockText(Instant(seconds: first.seconds + Int64(h) * 3600))
                svg += "<text class=\"label\" x=\"\(fmt(left - 6))\" y=\"\(fmt(at + 4))\" text-anchor=\"end\">\(label)</text>"
            }
        }
        svg += "\n"
        for (i, d) in t.days.enumerated() {
            let x0 = left + Double(i) * column
            let a = d.range.lowerBound.seconds
            svg +=
                "<text class=\"label\" x=\"\(fmt(x0 + column / 2))\" y=\"14\" text-anchor=\"middle\">\(escape(w.weekday(d.day.weekday) + " " + w.monthDay(d.day)))</text>"
            svg +=
                "<text class=\"label small\" x=\"\(fmt(x0 + column / 2))\" y=\"26\" text-anchor=\"middle\">\(escape(w(.dayFrom, cal.clockText(d.range.lowerBound))))</text>\n"
            // Lanes side by side, and a strip at the right for the counts' dots.
            let lane = (column - 18) / Double(d.lanes)
            for b in d.blocks {
                let name = actions[b.actionID]?.name ?? b.actionID
                let words = "\(name) \(cal.clockText(b.start))–\(b.running ? w(.now) : cal.clockText(b.end))"
                let (y1, y2) = (y(b.start.seconds - a), y(b.end.seconds - a))
                svg +=
                    "<rect\(paint(b.actionID).attributes()) x=\"\(fmt(x0 + 3 + Double(b.lane) * lane))\" y=\"\(fmt(y1))\" width=\"\(fmt(max(2, lane - 2)))\" height=\"\(fmt(max(1.5, y2 - y1)))\" rx=\"3\"><title>\(escape(words))</title></rect>"
                if y2 - y1 >= 12, lane >= 40 {
                    svg +=
                        "<text class=\"value on-dark\" x=\"\(fmt(x0 + 6 + Double(b.lane) * lane))\" y=\"\(fmt(y1 + 11))\">\(escape(name))</text>"
                }
                svg += "\n"
            }
            for c in d.dots {
                let name = actions[c.actionID]?.name ?? c.actionID
                svg +=
                    "<circle\(paint(c.actionID).attributes()) cx=\"\(fmt(x0 + column - 9))\" cy=\"\(fmt(y(c.time.seconds - a)))\" r=\"4\"><title>\(escape(w(.dotTitle, name, w.count(Int64(c.amount), decimals: actions[c.actionID]?.decimals ?? 0, unit: actions[c.actionID]?.unit), cal.clockText(c.time))))</title></circle>\n"
            }
        }
        return svg + "</svg>\n"
    }
}

extension HTMLReport.Palette {
    /// The actions' colours as the report gives them: hues in turn, by name.
    static func byName(_ actions: [String: ActionDefinition]) -> [String: HTMLReport.Paint] {
        var used = [limitRed]
        var out: [String: HTMLReport.Paint] = [:]
        for id in HTMLReport.sortedByName(actions) { out[id] = pick(nil, used: &used) }
        return out
    }
}
