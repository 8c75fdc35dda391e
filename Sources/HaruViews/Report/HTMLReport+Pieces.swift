/// The pieces the report page's figures are made of: the colours of
/// actions and tags, a chart's frame with its axes, legends and labels.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

extension HTMLReport {
    /// A colour per action and per tag that tells it from the others.
    ///
    /// Actions take hues in turn (none of them the red of "missed"); the
    /// heatmap of an action that an "at most" quest limits is drawn in that
    /// red, since more is worse there, and its days over a daily limit are
    /// red bars among its own colour's. A tag keeps its own colour unless it is too near one
    /// already given (two blues a reader cannot tell apart), then takes the
    /// next hue that is not.
    struct Palette {
        private var actions: [String: Paint] = [:]
        private var tags: [String: Paint] = [:]
        /// Actions an "at most" quest targets, and how (`at most 2× a day`).
        var limits: [String: String] = [:]
        /// The counts a daily "at most" quest allows, per action.
        var dailyLimits: [String: Double] = [:]

        /// The hues, light and dark (`p0` … `p9` in the page's style): lighter
        /// on the dark page, so that shades of them stay apart there too.
        static let hues: [(light: String, dark: String)] = [
            ("#2F6B4F", "#7FBF9E"), ("#4F7CAC", "#8DB3E2"), ("#C27C3A", "#E8A66A"), ("#7A5C99", "#B59AD6"), ("#3E8E8A", "#7CCBC6"),
            ("#A04A7A", "#DB8DB8"), ("#8A6D1F", "#D6B45A"), ("#5566C8", "#98A6F0"), ("#6B8F2F", "#A9CF6A"), ("#9C5B3A", "#D69A78"),
        ]
        /// The light page's red of "missed" (the limit's colour).
        static let limitRed = "#B5483B"

        /// The style rules of the hues.
        static var style: String {
            let light = hues.enumerated().map { ".p\($0){fill:\($1.light)}" }.joined()
            let dark = hues.enumerated().map { ".p\($0){fill:\($1.dark)}" }.joined()
            return light + "\n@media (prefers-color-scheme: dark){" + dark + "}"
        }

        init(book: DayBook, progress: ProgressReport, words w: ReportWords) {
            let days = book.grid.count
            let (first, last) = (book.grid.day(0), book.grid.day(max(0, days - 1)))
            for g in progress.goals {
                // Limits the page's days are judged by (not one that ended before them).
                for q in g.quests where !q.spec.atLeast && q.periods.contains(where: { $0.last >= first && $0.first <= last }) {
                    guard case .action(let id) = q.spec.target else { continue }
                    limits[id] = w.questRule(q.spec)
                    if q.spec.period == .daily && !q.spec.unitIsTime { dailyLimits[id] = min(dailyLimits[id] ?? .infinity, q.spec.amount) }
                }
            }
            actions = Self.byName(book.actions)
            var used: [String] = [Self.limitRed]
            for id in HTMLReport.sortedByName(book.tags) { tags[id] = Self.pick(book.tags[id]?.color, used: &used) }
        }

        func paint(action id: String) -> Paint { actions[id] ?? Paint(cls: "p0") }
        func paint(tag id: String) -> Paint { tags[id] ?? Paint(cls: "p1") }
        /// The paint of an action's heatmap: its own, or the red of "missed" for a limit.
        func heat(action id: String) -> Paint { limits[id] != nil ? Paint(cls: "missed") : paint(action: id) }

        /// `preferred` when it is a colour far enough from those used, else the first hue that is.
        static func pick(_ preferred: String?, used: inout [String]) -> Paint {
            let taken = used
            let far = { (c: String) in taken.allSatisfy { distance($0, c) >= 90 } }
            if let p = preferred, rgb(p) != nil, far(p) {
                used.append(p)
                return Paint(cls: "", fill: p)
            }
            let k = hues.firstIndex { far($0.light) } ?? used.count % hues.count
            used.append(hues[k].light)
            return Paint(cls: "p\(k)")
        }

        /// `#RRGGBB` as numbers; nil for anything else.
        static func rgb(_ c: String) -> (Double, Double, Double)? {
            let b = Array(c.utf8)
            guard b.count == 7, b[0] == UInt8(ascii: "#"), let v = UInt32(String(c.dropFirst()), radix: 16) else { return nil }
            return (Double(v >> 16 & 255), Double(v >> 8 & 255), Double(v & 255))
        }

        /// How far apart two colours are (Euclidean in RGB; 0…441).
        static func distance(_ a: String, _ b: String) -> Double {
            guard let x = rgb(a), let y = rgb(b) else { return 441 }
            let (r, g, bl) = (x.0 - y.0, x.1 - y.1, x.2 - y.2)
            return (r * r + g * g + bl * bl).squareRoot()
        }
    }

    /// A chart of one value a day across the page's width: a grid with its
    /// scale on the left (hours, or counts), a label under each day (or each
    /// week when days are narrow), bars in the middle of their day's slot.
    struct Frame {
        static let width = 860.0, left = 46.0, right = 8.0, plotTop = 20.0, bottom = 34.0
        let days: Int
        let height: Double
        /// The value at the top of the plot, and the grid's step.
        let scaleTop: Double
        let step: Double
        let seconds: Bool
        let words: ReportWords

        init(days: Int, top: Double, height: Double = 220, seconds: Bool = true, words: ReportWords) {
            self.words = words
            self.days = max(days, 1)
            self.height = height
            self.seconds = seconds
            let steps: [Double] =
                seconds ? [900, 1800, 3600, 7200, 10800, 14400, 21600, 43200, 86400] : [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
            step = steps.first { top / $0 <= 5 } ?? steps[steps.count - 1]
            scaleTop = max(step, (top / step).rounded(.up) * step)
        }

        var baseline: Double { height - Self.bottom }
        var slot: Double { (Self.width - Self.left - Self.right) / Double(days) }
        var barWidth: Double { max(1, slot * 0.76) }
        func barX(_ i: Int) -> Double { Self.left + Double(i) * slot + slot * 0.12 }
        func height(_ v: Double) -> Double { (baseline - Self.plotTop) * v / scaleTop }

        func open(label: String) -> String {
            "<svg class=\"bars wide\" viewBox=\"0 0 \(fmt(Self.width)) \(fmt(height))\" role=\"img\" aria-label=\"\(label)\">\n"
        }
        func close(_ html: inout String) { html += "</svg>\n" }

        /// Lines across at each step, labelled on the left (`1h`, `2h` …).
        func hourGrid() -> String {
            var html = ""
            var v = 0.0
            while v <= scaleTop + 0.5 {
                let y = fmt(baseline - height(v))
                html +=
                    "<line class=\"gridline\" x1=\"\(fmt(Self.left))\" x2=\"\(fmt(Self.width - Self.right))\" y1=\"\(y)\" y2=\"\(y)\"></line>"
                let text = seconds ? (v == 0 ? "0" : words.duration(v)) : "\(Int(v))"
                html +=
                    "<text class=\"label\" text-anchor=\"end\" x=\"\(fmt(Self.left - 6))\" y=\"\(fmt(baseline - height(v) + 4))\">\(text)</text>\n"
                v += step
            }
            return html
        }

        /// Under each day (every few days when they are narrow): its day of
        /// the month (with the month where one begins) and its weekday.
        func dayAxis(_ book: DayBook) -> String {
            let every = max(1, Int((24 / slot).rounded(.up)))
            var html = ""
            var month: Int?
            for i in 0..<book.grid.count where i % every == 0 {
                let d = book.grid.day(i)
                let x = fmt(Self.left + (Double(i) + 0.5) * slot)
                let text = month != d.month ? words.monthDay(d) : "\(d.day)"
                month = d.month
                html += "<text class=\"label small\" text-anchor=\"middle\" x=\"\(x)\" y=\"\(fmt(baseline + 13))\">\(escape(text))</text>"
                html +=
                    "<text class=\"label small\" text-anchor=\"middle\" x=\"\(x)\" y=\"\(fmt(baseline + 25))\">\(escape(words.weekday(d.weekday)))</text>\n"
            }
            return html
        }

        /// A value written over its bar, when the bar is wide enough for it.
        func valueLabel(_ i: Int, y: Double, _ text: String) -> String {
            guard slot >= Double(text.count) * 5.6 + 2 else { return "" }
            return
                "<text class=\"value small\" text-anchor=\"middle\" x=\"\(fmt(Self.left + (Double(i) + 0.5) * slot))\" y=\"\(fmt(y - 3))\">\(escape(text))</text>\n"
        }
    }

    /// How a shape is coloured: a class of the page's style (light and dark), or a colour of the user's.
    struct Paint {
        var cls: String
        var fill: String? = nil

        /// ` class="…" fill="…"`, with `classes` of the shape's own first.
        func attributes(_ classes: String = "") -> String {
            let all = [classes, cls].filter { !$0.isEmpty }.joined(separator: " ")
            return (all.isEmpty ? "" : " class=\"\(all)\"") + (fill.map { " fill=\"\($0)\"" } ?? "")
        }
    }

    /// A row of swatches with their words.
    static func legend(_ items: [(label: String, paint: Paint)], width: Int = 0) -> String {
        var html = ""
        var x = 0
        var parts: [String] = []
        for (label, paint) in items {
            parts.append(
                "<rect\(paint.attributes()) x=\"\(x)\" y=\"3\" width=\"12\" height=\"12\" rx=\"2\"></rect><text class=\"label\" x=\"\(x + 16)\" y=\"13\">\(escape(label))</text>"
            )
            // Each item as wide as its words (about 6.5 px a character at 11 px), or the width given.
            x += max(width, 16 + Int(Double(label.count) * 6.5) + 18)
        }
        html += "<svg class=\"legend\" width=\"\(x)\" height=\"18\">" + parts.joined() + "</svg>\n"
        return html
    }

    /// Days laid out as a calendar: a column per week, a row per weekday
    /// (from the ledger's week start), the columns wrapped into blocks that
    /// fit `maxWidth` (a year is two or three blocks, one under another).
    /// Over each block's columns: the month's name where one begins and,
    /// when `dayRow`, the day each column starts on; weekday names down the
    /// left of each block.
    struct WeekGrid {
        static let left = 30, pitch = 20
        let weekStart: LocalDate
        let columns: Int
        let perBlock: Int
        /// Rows of labels over each block (month; month and day).
        let top: Int
        var blockHeight: Int { top + 7 * Self.pitch + 8 }
        var blocks: Int { (columns + perBlock - 1) / perBlock }
        var width: Int { Self.left + min(columns, perBlock) * Self.pitch + 2 }
        var height: Int { blocks * blockHeight }

        init(from first: LocalDate, through last: LocalDate, calendar cal: LedgerCalendar, maxWidth: Int, dayRow: Bool) {
            weekStart = cal.weekStart(of: first)
            columns = (last.daysSinceEpoch - weekStart.daysSinceEpoch) / 7 + 1
            perBlock = max(1, (maxWidth - Self.left - 2) / Self.pitch)
            top = dayRow ? 26 : 14
        }

        /// The top left corner of a day's cell.
        func cell(_ d: LocalDate) -> (x: Int, y: Int) {
            let offset = d.daysSinceEpoch - weekStart.daysSinceEpoch
            let (column, row) = (offset / 7, offset % 7)
            return (Self.left + column % perBlock * Self.pitch, column / perBlock * blockHeight + top + row * Self.pitch)
        }

        /// The labels around every block.
        func labels(dayRow: Bool, words w: ReportWords) -> String {
            var html = ""
            for b in 0..<blocks {
                let y0 = b * blockHeight
                for r in 0..<7 {
                    let name = escape(w.weekday(weekStart.adding(days: r).weekday))
                    html += "<text class=\"label small\" x=\"0\" y=\"\(y0 + top + r * Self.pitch + Self.pitch / 2 + 3)\">\(name)</text>"
                }
                var month: Int?
                for c in (b * perBlock)..<min(columns, (b + 1) * perBlock) {
                    let d = weekStart.adding(days: 7 * c)
                    let x = Self.left + c % perBlock * Self.pitch
                    // The month whose first day lies in this column (or the block's first column's).
                    let shown = (0..<7).map { d.adding(days: $0) }.first { $0.day == 1 } ?? (month == nil ? d : nil)
                    if let m = shown, month != m.month {
                        month = m.month
                        html += "<text class=\"label small\" x=\"\(x)\" y=\"\(y0 + 9)\">\(escape(w.month(m.month)))</text>"
                    }
                    if dayRow { html += "<text class=\"label small\" x=\"\(x)\" y=\"\(y0 + top - 5)\">\(d.day)</text>" }
                }
                html += "\n"
            }
            return html
        }
    }

    static func sortedByName<D: NamedDefinition>(_ defs: [String: D]) -> [String] {
        defs.keys.sorted { (defs[$0]?.name ?? $0, $0) < (defs[$1]?.name ?? $1, $1) }
    }

    static func fmt(_ x: Double) -> String { JSONValue.formatNumber((x * 10).rounded() / 10) }

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
