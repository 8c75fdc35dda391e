/// The report page's charts: a heatmap per action, time per day by action
/// and by tag, counts per day. Each is drawn on a frame of its own with its
/// axis labels, scale and legend written out (`HTMLReport.Frame`).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

extension HTMLReport {
    /// A heatmap per action: weeks as columns, weekdays as rows (from the
    /// ledger's week start), the action's colour shaded by the day's time or
    /// count, and a scale from 0 to the busiest day under it. A limit
    /// action (an "at most" quest targets it) is drawn in red: darker is more, and worse.
    static func heatmaps(_ book: DayBook, palette: Palette, calendar cal: LedgerCalendar, words w: ReportWords) -> String {
        let days = book.grid.count
        guard days > 0 else { return "" }
        let first = book.grid.day(0), last = book.grid.day(days - 1)
        let perDay = (0..<days).map { book.perDay($0) }
        let ids = sortedByName(book.actions).filter { id in perDay.contains { !($0[id]?.isZero ?? true) } }
        guard !ids.isEmpty else { return "" }
        // A few weeks: cards side by side; more: a card across the page each, wrapped into blocks.
        let narrow = WeekGrid(from: first, through: last, calendar: cal, maxWidth: 240, dayRow: true)
        let wide = narrow.blocks > 1
        var html = "<h2>\(escape(w(.actionsByDay)))</h2>\n" + (wide ? "" : "<div class=\"cards\">\n")
        let grid = wide ? WeekGrid(from: first, through: last, calendar: cal, maxWidth: 800, dayRow: true) : narrow
        for id in ids {
            let name = book.actions[id]?.name ?? id
            let isCount = book.actions[id]?.tracking == Tracking.count
            let values = perDay.map { Double(isCount ? ($0[id]?.count ?? 0) : ($0[id]?.seconds ?? 0)) }
            let top = values.max() ?? 0
            let paint = palette.heat(action: id)
            let total = values.reduce(0, +)
            let decimals = book.decimals(action: id)
            let unit = book.actions[id]?.unit
            let say = { (v: Double) in isCount ? w.count(Int64(v), decimals: decimals, unit: unit) : w.duration(v) }
            html += "<div class=\"card\"><h3>\(escape(name))</h3>\n"
            var about = w(.heatAbout, say(total), say(top))
            if let limit = palette.limits[id] { about += w(.heatLimit, limit) }
            html += "<p class=\"note\">\(escape(about))</p>\n"
            html +=
                "<svg class=\"heatmap\" width=\"\(grid.width)\" height=\"\(grid.height)\" role=\"img\" aria-label=\"\(escape(w(.byDay, name)))\">\n"
            html += grid.labels(dayRow: true, words: w)
            for i in 0..<days {
                let d = book.grid.day(i)
                let (x, y) = grid.cell(d)
                let v = values[i]
                let shade =
                    v > 0 && top > 0 ? paint.attributes("day filled") + " fill-opacity=\"\(opacity(v, top))\"" : " class=\"day zero\""
                html +=
                    "<rect\(shade) data-day=\"\(d)\" x=\"\(x)\" y=\"\(y)\" width=\"\(WeekGrid.pitch - 2)\" height=\"\(WeekGrid.pitch - 2)\" rx=\"2\"><title>\(d): \(escape(say(v)))</title></rect>\n"
            }
            html += "</svg>\n" + scale(paint, top: say(top), words: w) + "</div>\n"
        }
        return html + (wide ? "" : "</div>\n")
    }

    /// How dark a cell is: a quarter for the least, whole for the busiest day.
    static func opacity(_ v: Double, _ top: Double) -> String { JSONValue.formatNumber(((0.25 + 0.75 * v / top) * 100).rounded() / 100) }

    /// `0 ▢▢▢▢ 2h 30m`: a heatmap's scale.
    static func scale(_ paint: Paint, top: String, words w: ReportWords) -> String {
        var html = "<svg class=\"legend\" width=\"220\" height=\"18\"><text class=\"label\" x=\"0\" y=\"13\">0</text>"
        html += "<rect class=\"zero\" x=\"12\" y=\"3\" width=\"12\" height=\"12\" rx=\"2\"></rect>"
        for k in 0..<4 {
            html +=
                "<rect\(paint.attributes()) fill-opacity=\"\(opacity(Double(k + 1), 4))\" x=\"\(28 + k * 16)\" y=\"3\" width=\"12\" height=\"12\" rx=\"2\"></rect>"
        }
        return html + "<text class=\"label\" x=\"96\" y=\"13\">\(escape(w(.busiestDay, top)))</text></svg>\n"
    }

    /// Time per day stacked by action: a bar is the time tracked that day
    /// (its total written on it), on a grid of hours. Time actions only.
    static func timeByAction(_ book: DayBook, palette: Palette, words w: ReportWords) -> String {
        let days = book.grid.count
        let perDay = (0..<days).map { book.perDay($0) }
        let ids = sortedByName(book.actions).filter { id in
            book.actions[id]?.tracking != Tracking.count && perDay.contains { ($0[id]?.seconds ?? 0) > 0 }
        }
        guard !ids.isEmpty else { return "" }
        let totals = perDay.map { d in ids.reduce(0) { $0 + (d[$1]?.seconds ?? 0) } }
        var frame = Frame(days: days, top: Double(totals.max() ?? 0), words: w)
        var html = "<h2>\(escape(w(.timeByDay)))</h2>\n"
        html += legend(
            ids.map { id in
                (
                    "\(book.actions[id]?.name ?? id) \(w.duration(perDay.reduce(0) { $0 + ($1[id]?.seconds ?? 0) }))",
                    palette.paint(action: id)
                )
            })
        html += frame.open(label: w(.timeByDayLabel)) + frame.hourGrid() + frame.dayAxis(book)
        for i in 0..<days {
            var y = frame.baseline
            for id in ids {
                let s = perDay[i][id]?.seconds ?? 0
                guard s > 0 else { continue }
                let h = frame.height(Double(s))
                y -= h
                html +=
                    "<rect x=\"\(fmt(frame.barX(i)))\" y=\"\(fmt(y))\" width=\"\(fmt(frame.barWidth))\" height=\"\(fmt(h))\"\(palette.paint(action: id).attributes())><title>\(book.grid.day(i)) \(escape(book.actions[id]?.name ?? id)): \(escape(w.duration(s)))</title></rect>\n"
            }
            if totals[i] > 0 { html += frame.valueLabel(i, y: y, w.duration(totals[i])) }
        }
        frame.close(&html)
        return html
    }

    /// Time per day by tag, a bar per tag side by side on one grid of hours:
    /// an action with two tags counts under both, so they are never stacked
    /// into a total (that made 5 h 30 m of 3 h 45 m tracked).
    static func timeByTag(_ book: DayBook, palette: Palette, words w: ReportWords) -> String {
        let days = book.grid.count
        let perDay = (0..<days).map { book.tagTotals($0) }
        let tags = sortedByName(book.tags).filter { id in perDay.contains { ($0[id]?.seconds ?? 0) > 0 } }
        guard !tags.isEmpty else { return "" }
        let top = perDay.flatMap { d in tags.map { d[$0]?.seconds ?? 0 } }.max() ?? 0
        var frame = Frame(days: days, top: Double(top), words: w)
        var html = "<h2>\(escape(w(.timeByTag)))</h2>\n"
        html += "<p class=\"note\">\(escape(w(.timeByTagNote)))</p>\n"
        html += legend(
            tags.map { id in
                (
                    "\(book.tags[id]?.name ?? id) \(w.duration(perDay.reduce(0) { $0 + ($1[id]?.seconds ?? 0) }))",
                    palette.paint(tag: id)
                )
            })
        html += frame.open(label: w(.timeByTagLabel)) + frame.hourGrid() + frame.dayAxis(book)
        let each = frame.barWidth / Double(tags.count)
        for i in 0..<days {
            for (k, id) in tags.enumerated() {
                let s = perDay[i][id]?.seconds ?? 0
                guard s > 0 else { continue }
                let h = frame.height(Double(s))
                html +=
                    "<rect x=\"\(fmt(frame.barX(i) + Double(k) * each))\" y=\"\(fmt(frame.baseline - h))\" width=\"\(fmt(max(1, each - 1)))\" height=\"\(fmt(h))\"\(palette.paint(tag: id).attributes())><title>\(book.grid.day(i)) \(escape(book.tags[id]?.name ?? id)): \(escape(w.duration(s)))</title></rect>\n"
            }
        }
        frame.close(&html)
        return html
    }

    /// Counts per day, a chart per count action, each bar with its count;
    /// a daily limit as a dashed line, the days over it in red.
    static func countBars(_ book: DayBook, palette: Palette, words w: ReportWords) -> String {
        let days = book.grid.count
        let perDay = (0..<days).map { book.perDay($0) }
        let ids = sortedByName(book.actions).filter { id in
            book.actions[id]?.tracking == Tracking.count && perDay.contains { ($0[id]?.count ?? 0) > 0 }
        }
        guard !ids.isEmpty else { return "" }
        var html = "<h2>\(escape(w(.countsByDay)))</h2>\n"
        for id in ids {
            let name = book.actions[id]?.name ?? id
            let values = perDay.map { $0[id]?.count ?? 0 }
            // Stored amounts are tenths at one decimal: the plot and its words are in the unit.
            let decimals = book.decimals(action: id), said = book.actions[id]?.unit
            let scale = Double(Decimals.scale(decimals))
            let limit = palette.dailyLimits[id]
            var frame = Frame(days: days, top: max(Double(values.max() ?? 0), limit ?? 0) / scale, height: 140, seconds: false, words: w)
            let paint = palette.paint(action: id)
            html +=
                "<h3>\(escape(name)) <span class=\"note\">\(escape(w(.countsInAll, w.count(values.reduce(0, +), decimals: decimals, unit: said))))</span></h3>\n"
            html += frame.open(label: escape(w(.perDay, name))) + frame.hourGrid() + frame.dayAxis(book)
            for (i, v) in values.enumerated() where v > 0 {
                let h = frame.height(Double(v) / scale)
                let over = limit.map { Double(v) > $0 } ?? false
                html +=
                    "<rect x=\"\(fmt(frame.barX(i)))\" y=\"\(fmt(frame.baseline - h))\" width=\"\(fmt(frame.barWidth))\" height=\"\(fmt(h))\"\(over ? " class=\"missed\"" : paint.attributes())><title>\(book.grid.day(i)): \(escape(w.count(v, decimals: decimals, unit: said) + (over ? w(.overTheLimit) : "")))</title></rect>\n"
                html += frame.valueLabel(i, y: frame.baseline - h, Decimals.text(v, decimals))
            }
            if let limit {
                let y = frame.baseline - frame.height(limit / scale)
                html +=
                    "<line class=\"limit\" x1=\"\(Frame.left)\" x2=\"\(Frame.width - Frame.right)\" y1=\"\(fmt(y))\" y2=\"\(fmt(y))\"></line><text class=\"label\" text-anchor=\"end\" x=\"\(Frame.width - Frame.right)\" y=\"\(fmt(y - 4))\">\(escape(w(.limitPerDay, w.count(Int64(limit), decimals: decimals, unit: said))))</text>\n"
            }
            frame.close(&html)
        }
        return html
    }
}
