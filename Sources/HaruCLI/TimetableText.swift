import HaruLedger

/// The timetable at a terminal. One day: a row per half hour from the day
/// start, a column per lane (sessions that share time side by side), a
/// block where a session covers the slot (`█` most of it, `▀` its first
/// half, `▄` its second), its name and times where it begins, and the
/// counts of the slot at the right (`• Water ×2`). Several days: a column
/// per day and a row per hour, each cell naming the action with the most
/// time in it (`+` when another shares the hour) and the hour's counts
/// (`Reading •1`), in weeks of seven columns.
/// Only the rows from the hour of the first record to the slot of the last are shown.
enum TimetableText {
    /// - Parameter decimals: the count actions with decimals (their amounts are in 10^-decimals of the unit).
    /// - Parameter units: the count actions' units (a day's dots say `8.1 h`).
    static func print(
        _ t: Timetable, names: [String: String], decimals: [String: Int] = [:], units: [String: String] = [:], calendar: LedgerCalendar,
        out: OutputStream, words: Words = .english
    ) {
        if t.days.count == 1 {
            day(t.days[0], names: names, decimals: decimals, units: units, calendar: calendar, out: out, words: words)
        } else {
            week(t.days, names: names, decimals: decimals, calendar: calendar, out: out, words: words)
        }
    }

    /// An hour's counts of several actions as one figure, each in its own unit.
    static func amount(_ dots: [Timetable.Dot], _ decimals: [String: Int]) -> String {
        guard !decimals.isEmpty else { return String(dots.reduce(0) { $0 + $1.amount }) }
        let sum = dots.reduce(0.0) { $0 + Double($1.amount) / Double(Decimals.scale(decimals[$1.actionID] ?? 0)) }
        return JSONValue.formatNumber((sum * 1_000).rounded() / 1_000)
    }

    /// A row without the padding of its empty last cells.
    static func trimmed(_ line: String) -> String { String(line.reversed().drop(while: { $0 == " " }).reversed()) }

    /// `s` cut to `width` terminal columns (an ellipsis says it was cut).
    static func fit(_ s: String, _ width: Int) -> String {
        guard Cell.columns(s) > width else { return s }
        var out = ""
        for ch in s {
            if Cell.columns(out + String(ch)) > width - 1 { break }
            out.append(ch)
        }
        return out + "…"
    }

    /// The slots of a day from the whole hour before its first record to the
    /// slot of its last: nil when it has none.
    private static func rows(_ d: Timetable.Day, slot: Int64) -> Range<Int64>? {
        let a = d.range.lowerBound.seconds
        var first = Int64.max, last = Int64.min
        for b in d.blocks {
            first = min(first, b.start.seconds - a)
            last = max(last, b.end.seconds - a - 1)
        }
        for c in d.dots {
            first = min(first, c.time.seconds - a)
            last = max(last, c.time.seconds - a)
        }
        guard first <= last else { return nil }
        return (first / 3600 * 3600 / slot)..<(last / slot + 1)
    }

    /// `2026-10-24 Sat · 05:00 to 05:00`, and the day's length when it is not 24 hours (DST, a rule change).
    static func heading(_ d: Timetable.Day, _ calendar: LedgerCalendar, words w: Words = .english) -> String {
        let seconds = d.range.upperBound.seconds - d.range.lowerBound.seconds
        let length = seconds == 86_400 ? "" : " (\(w(.hours, JSONValue.formatNumber(Double(seconds) / 3600))))"
        return
            "\(w.day(d.day, english: "\(d.day) \(d.day.weekday.abbreviation)")) · \(calendar.clockText(d.range.lowerBound)) \(w(.to)) \(calendar.clockText(d.range.upperBound))"
            + length
    }

    static func day(
        _ d: Timetable.Day, names: [String: String], decimals: [String: Int] = [:], units: [String: String] = [:],
        calendar: LedgerCalendar, out: OutputStream, words w: Words = .english
    ) {
        out.line(heading(d, calendar, words: w))
        let slot: Int64 = 1800
        guard let rows = rows(d, slot: slot) else { return out.line(w(.nothingRecorded)) }
        // A block's words where it begins: its name and times (none for a part that began the day before).
        func label(_ b: Timetable.Block) -> String {
            let times = b.continuesBefore ? "" : " " + calendar.clockText(b.start) + "–" + (b.running ? w(.now) : calendar.clockText(b.end))
            return (names[b.actionID] ?? b.actionID) + times
        }
        // Each lane as wide as its longest words (12 to 40 columns).
        var widths = [Int](repeating: 12, count: d.lanes)
        for b in d.blocks { widths[b.lane] = min(40, max(widths[b.lane], 2 + Cell.columns(label(b)))) }
        let a = d.range.lowerBound.seconds, end = d.range.upperBound.seconds
        for k in rows {
            let s = a + k * slot, e = min(a + (k + 1) * slot, end)
            guard s < end else { break }
            var line = calendar.clockText(Instant(seconds: s)) + " │"
            for lane in 0..<d.lanes {
                var cell = ""
                for b in d.blocks where b.lane == lane && b.start.seconds < e && b.end.seconds > s {
                    let from = max(b.start.seconds, s), to = min(b.end.seconds, e)
                    let mark = to - from >= (e - s) * 3 / 4 ? "█" : (from - s < e - to ? "▀" : "▄")
                    cell = b.start.seconds >= s ? mark + " " + label(b) : mark
                }
                line += " " + Cell.pad(fit(cell, widths[lane]), widths[lane])
            }
            let counts = d.dots.filter { $0.time.seconds >= s && $0.time.seconds < e }
            if !counts.isEmpty {
                var byAction: [(String, Int)] = []
                for c in counts {
                    if let i = byAction.firstIndex(where: { $0.0 == c.actionID }) {
                        byAction[i].1 += c.amount
                    } else {
                        byAction.append((c.actionID, c.amount))
                    }
                }
                line +=
                    " "
                    + byAction.map {
                        "• \(names[$0.0] ?? $0.0) " + w.times(Decimals.text(Int64($0.1), decimals[$0.0] ?? 0), unit: units[$0.0])
                    }
                    .joined(separator: "  ")
            }
            out.line(trimmed(line))
        }
    }

    static func week(
        _ days: [Timetable.Day], names: [String: String], decimals: [String: Int] = [:], calendar: LedgerCalendar, out: OutputStream,
        words w: Words = .english
    ) {
        let width = 10
        var start = 0
        while start < days.count {
            let chunk = Array(days[start..<min(days.count, start + 7)])
            if start > 0 { out.line("") }
            var header = Cell.pad("", 6)
            for d in chunk {
                let day =
                    w.language == .en
                    ? "\(d.day.weekday.abbreviation) \(d.day.description.suffix(5))"
                    : "\(d.day.description.suffix(5)) \(w.weekday(d.day.weekday))"
                header += " " + Cell.pad(day, width)
            }
            out.line(trimmed(header))
            // The hours any day of the chunk uses, counted from each day's start.
            let used = chunk.compactMap { rows($0, slot: 3600) }
            guard let first = used.map(\.lowerBound).min(), let last = used.map(\.upperBound).max() else {
                out.line(w(.nothingRecorded))
                start += 7
                continue
            }
            for k in first..<last {
                // The label is the first day's wall clock; a day whose start or zone differs is read by its own column.
                var line = calendar.clockText(Instant(seconds: chunk[0].range.lowerBound.seconds + k * 3600)) + " │"
                for d in chunk {
                    let s = d.range.lowerBound.seconds + k * 3600, e = min(s + 3600, d.range.upperBound.seconds)
                    var seconds: [String: Int64] = [:]
                    for b in d.blocks where b.start.seconds < e && b.end.seconds > s {
                        seconds[b.actionID, default: 0] += min(b.end.seconds, e) - max(b.start.seconds, s)
                    }
                    var cell = ""
                    // The hour's counts keep their dot beside a session (issue 44: they were hidden).
                    let hour = d.dots.filter { $0.time.seconds >= s && $0.time.seconds < e }
                    let dot = hour.isEmpty ? "" : "•" + amount(hour, decimals)
                    if let top = seconds.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) {
                        let name = names[top.key] ?? top.key
                        let room = width - (dot.isEmpty ? 0 : Cell.columns(dot) + 1)
                        cell = (seconds.count > 1 ? fit(name, room - 1) + "+" : fit(name, room)) + (dot.isEmpty ? "" : " " + dot)
                    } else {
                        cell = dot
                    }
                    line += " " + Cell.pad(cell, width)
                }
                out.line(trimmed(line))
            }
            start += 7
        }
    }
}
