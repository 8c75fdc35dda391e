/// `haru report --html FILE`: one self-contained page (inline SVG and CSS,
/// no script, nothing fetched) with a calendar heatmap per action (one cell
/// per logical day of the range, like Loop's), a bar per action for the
/// range's totals, and the goals with their status.
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruEngine

@_spi(Layers) public enum HTMLReport {
    @_spi(Layers) public static func page(
        book: DayBook, progress: ProgressReport, calendar cal: LedgerCalendar, title: String
    ) -> String {
        let days = book.grid.count
        let first = book.grid.day(0), last = book.grid.day(max(0, days - 1))
        let ids = book.actions.keys.sorted { (book.actions[$0]?.string(.name) ?? $0) < (book.actions[$1]?.string(.name) ?? $1) }
        var totals: [String: Totals] = [:]
        var perDay: [[String: Totals]] = []
        for i in 0..<days {
            let d = book.perDay(i)
            perDay.append(d)
            for (id, t) in d { totals[id, default: Totals()].seconds += t.seconds; totals[id, default: Totals()].count += t.count }
        }
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}h1{font-size:20px}h2{font-size:16px;margin:20px 0 6px}
            .day{stroke:#fff;stroke-width:1}.bar{fill:#3b7dd8}.label{font-size:11px;fill:#555}
            table{border-collapse:collapse}td,th{padding:2px 10px;text-align:left}.achieved{color:#1a7f37}.not_achieved{color:#c62828}
            </style></head><body>
            <h1>\(escape(title))</h1><p>\(first) – \(last)</p>

            """
        // A heatmap per action: weeks as columns, weekdays as rows (from the ledger's week start).
        let weekStart = cal.weekStart(of: first)
        let columns = (last.daysSinceEpoch - weekStart.daysSinceEpoch) / 7 + 1
        for id in ids where !(totals[id]?.isZero ?? true) {
            let name = book.actions[id]?.string(.name) ?? id
            let values = perDay.map { Double(($0[id]?.seconds ?? 0) > 0 ? ($0[id]?.seconds ?? 0) : ($0[id]?.count ?? 0)) }
            let top = values.max() ?? 0
            html += "<h2>\(escape(name))</h2>\n"
            html += "<svg class=\"heatmap\" width=\"\(columns * 13 + 30)\" height=\"\(7 * 13 + 4)\" role=\"img\" aria-label=\"\(escape(name)) by day\">\n"
            for i in 0..<days {
                let d = book.grid.day(i)
                let col = (d.daysSinceEpoch - weekStart.daysSinceEpoch) / 7
                let row = (d.daysSinceEpoch - weekStart.daysSinceEpoch) % 7
                let v = values[i]
                let shade = top > 0 && v > 0 ? 0.2 + 0.8 * v / top : 0
                let fill = v > 0 ? "rgba(26,127,55,\(JSONValue.formatNumber((shade * 100).rounded() / 100)))" : "#ebedf0"
                let what = book.actions[id]?.choice(.tracking) == Tracking.count ? "×\(Int(v))" : "\(Int(v) / 60) min"
                html += "<rect class=\"day\" data-day=\"\(d)\" x=\"\(col * 13)\" y=\"\(row * 13)\" width=\"12\" height=\"12\" fill=\"\(fill)\"><title>\(d): \(what)</title></rect>\n"
            }
            html += "</svg>\n"
        }
        // Totals as bars.
        let shown = ids.filter { !(totals[$0]?.isZero ?? true) }
        let maxSeconds = shown.map { totals[$0]?.seconds ?? 0 }.max() ?? 0
        let maxCount = shown.map { totals[$0]?.count ?? 0 }.max() ?? 0
        html += "<h2>Totals</h2>\n<svg class=\"bars\" width=\"520\" height=\"\(shown.count * 22 + 4)\">\n"
        for (k, id) in shown.enumerated() {
            let t = totals[id]!
            let frac = t.seconds > 0 ? Double(t.seconds) / Double(max(1, maxSeconds)) : Double(t.count) / Double(max(1, maxCount))
            let label = t.seconds > 0 ? "\(t.seconds / 3600) h \(t.seconds / 60 % 60) min" : "×\(t.count)"
            html += "<text class=\"label\" x=\"0\" y=\"\(k * 22 + 15)\">\(escape(book.actions[id]?.string(.name) ?? id))</text>"
            html += "<rect class=\"bar\" x=\"140\" y=\"\(k * 22 + 4)\" width=\"\(Int(300 * frac) + 1)\" height=\"14\"></rect>"
            html += "<text class=\"label\" x=\"\(150 + Int(300 * frac))\" y=\"\(k * 22 + 15)\">\(label)</text>\n"
        }
        html += "</svg>\n<h2>Goals</h2>\n<table><tr><th>goal</th><th>status</th><th>achievement</th></tr>\n"
        for g in progress.goals {
            let achieved = g.achievementPercent.map { "\(Int($0.rounded())) %" } ?? "–"
            html += "<tr><td>\(escape(g.title))</td><td class=\"\(g.status.rawValue)\">\(g.status.rawValue.replacingUnderscores)</td><td>\(achieved)</td></tr>\n"
        }
        html += "</table>\n</body></html>\n"
        return html
    }

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

extension String {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
