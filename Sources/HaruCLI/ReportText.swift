import HaruLedger

/// The human table of a report: one row per period, one column per action or tag.
enum ReportText {
    /// A period's label: `2026-03-04`, `2026-03-02…03-08` (the year said once
    /// when both ends share it), `2015-01-01…2016-12-31`.
    static func label(_ first: LocalDate, _ last: LocalDate) -> String {
        if first == last { return first.description }
        return "\(first)…" + (first.year == last.year ? String(last.description.suffix(5)) : last.description)
    }

    /// - Parameter pictures: draw a sparkline of each column across the periods (on a terminal).
    /// - Parameter order: the columns' order (`--order`; by name unless told).
    /// - Parameter units: the action columns' units (`7.6 h`; a tag's column has none).
    static func print(
        _ r: ReportTable, to out: OutputStream, names: [String: String], units: [String: String] = [:], order: ListOrder = .name,
        pictures: Bool = false, words w: Words = .english
    ) {
        let totals = r.totals
        let ids = r.arranged(order)
        if ids.isEmpty {
            out.line(w(.nothingRecordedFrom, r.periods.first?.first.description ?? "", r.periods.last?.last.description ?? ""))
            return
        }
        let labels = ids.map { names[$0] ?? $0 }
        let firstWidth = 24
        let widths = labels.map { max(Cell.columns($0), 10) + 2 }
        var header = Cell.pad(w.unit(r.unit), firstWidth)
        for (k, l) in labels.enumerated() { header += Cell.pad(l, widths[k], right: true) }
        out.line(header)
        for p in r.periods {
            var row = Cell.pad(label(p.first, p.last), firstWidth)
            for (k, id) in ids.enumerated() {
                row += Cell.pad(w.cell(p.total(of: id), unit: units[id], decimals: r.decimals[id] ?? 0), widths[k], right: true)
            }
            out.line(row)
        }
        var total = Cell.pad(w(.total), firstWidth)
        for (k, id) in ids.enumerated() {
            total += Cell.pad(w.cell(totals[id] ?? Totals(), unit: units[id], decimals: r.decimals[id] ?? 0), widths[k], right: true)
        }
        out.line(total)
        let n = r.startedPeriods
        guard n > 0 else { return }
        var average = Cell.pad(w(.averagePer, w.unit(r.unit), String(n)), firstWidth)
        for (k, id) in ids.enumerated() {
            let t = totals[id]!
            var parts: [String] = []
            if t.seconds > 0 { parts.append(w.duration((t.seconds + Int64(n) / 2) / Int64(n))) }
            let places = r.decimals[id] ?? 0
            if t.count > 0 {
                // To the column's places, at least one (15.35 km over 3 days: 5.12 km).
                let average = Double(t.count) / Double(Decimals.scale(places)) / Double(n)
                parts.append(w.times(Decimals.figure(average, places: places), unit: units[id]))
            }
            average += Cell.pad(parts.isEmpty ? "–" : parts.joined(separator: " "), widths[k], right: true)
        }
        out.line(average)
        guard pictures, r.periods.count > 1 else { return }
        // One sparkline per column, a bar per period, scaled to the column's largest.
        out.line("")
        out.line(w(.trend))
        for (k, id) in ids.enumerated() {
            let values = r.periods.map { p -> Double in
                let t = p.total(of: id)
                return Double(t.seconds > 0 ? t.seconds : t.count)
            }
            out.line("  " + Cell.pad(labels[k], max(12, labels.map(Cell.columns).max() ?? 0) + 2) + Sparkline.text(values))
        }
    }
}

/// `▁▂▃▄▅▆▇█` bars for a run of values (a space for nothing at all).
enum Sparkline {
    static let bars = Array("▁▂▃▄▅▆▇█")

    static func text(_ values: [Double]) -> String {
        let top = values.max() ?? 0
        return String(
            values.map { v in
                guard top > 0, v > 0 else { return " " }
                return bars[min(bars.count - 1, Int((v / top * Double(bars.count - 1)).rounded()))]
            })
    }
}
