/// Times, days and durations as Korean and Japanese users type them
/// (`오후 3시 20분`, `어제 21:00`, `30분 전`, `1시간 반`, `11월 23일`, `월요일`;
/// `午後3時`, `昨日の21時`, `30分前`, `1時間30分`, `11月23日`, `月曜日`), and the
/// numeric dates written everywhere (`2026.11.23`, `2026/11/23`, `11/23`).
///
/// This only *reads*: it turns the words into the pieces English input is
/// made of (a day word, a clock time, a duration, "before now"), and
/// `HumanTime` resolves those by the same rules whatever language they were
/// typed in — so `어제 오후 9시` and `yesterday 21:00` cannot disagree.
/// Full-width digits and punctuation (what a Japanese IME types) read as
/// ASCII; spaces between the words are optional (`어제오후9시`).
enum SpokenTime {
    /// A day as said, before it is placed in a calendar.
    enum Day: Equatable, Sendable {
        /// Days after today: 오늘 0, 어제 −1, 내일 1, 그제 −2 …
        case offset(Int)
        /// The latest such day, today included (as English `monday`).
        case weekday(Weekday)
        /// A date with its year.
        case date(LocalDate)
        /// A date without a year (`11월 23일`, `11/23`): this year's.
        case monthDay(month: Int, day: Int)
    }

    /// What a phrase says.
    enum Said: Equatable, Sendable {
        case now
        /// `1시간 30분`, `30分`.
        case duration(Int64)
        /// `30분 전`, `1時間前`: that long before now.
        case ago(Int64)
        case day(Day)
        /// `오후 3시`, `8時半`: seconds after midnight, on no day in particular.
        case clock(Int)
        /// `어제 오후 9시`, `11月23日 8時`.
        case dayAndClock(Day, Int)
    }

    /// What `text` says, nil when it is not one of the phrases above.
    static func read(_ text: String) -> Said? {
        guard let tokens = tokens(normalized(text)), !tokens.isEmpty else { return nil }
        if tokens == [.word(.now)] { return .now }
        if let d = duration(tokens) { return d }
        return dayAndClock(tokens)
    }

    /// A weekday as one word (`월`, `월요일`, `月`, `月曜日`): for options that take only a weekday.
    static func weekday(_ text: String) -> Weekday? {
        let t = normalized(text).filter { $0 != " " }
        if let k = ["월", "화", "수", "목", "금", "토", "일"].firstIndex(of: t) ?? ["月", "火", "水", "木", "金", "土", "日"].firstIndex(of: t) {
            return Weekday(rawValue: k)
        }
        guard let tokens = tokens(t), tokens.count == 1, case .word(.weekday(let w)) = tokens[0] else { return nil }
        return w
    }

    // MARK: - Words

    private enum Word: Hashable {
        case dayOffset(Int), weekday(Weekday), now, am, pm, noon
        case hours, hourOfDay, minutes, seconds, half, ago, year, month, dayOfMonth
        /// Particles between the pieces (`昨日の21時`, `8시에`): read past.
        case filler
    }

    private enum Token: Equatable {
        /// Digits with at most one decimal point, as typed (`30`, `1.5`).
        case number(String)
        /// `07:30`, `07:30:15`: seconds after midnight.
        case clock(Int)
        /// `2026.11.23`, `2026/11/23` (year) or `11/23` (none).
        case date(year: Int?, month: Int, day: Int)
        case word(Word)
    }

    /// Every word, longest first where one begins another (`시간` before `시`, `今日` before `今`).
    private static let words: [(String, Word)] = {
        var w: [(String, Word)] = [
            ("오늘", .dayOffset(0)), ("어제", .dayOffset(-1)), ("내일", .dayOffset(1)), ("그저께", .dayOffset(-2)), ("그제", .dayOffset(-2)),
            ("모레", .dayOffset(2)), ("지금", .now), ("오전", .am), ("오후", .pm), ("정오", .noon),
            ("시간", .hours), ("시", .hourOfDay), ("분", .minutes), ("초", .seconds), ("반", .half), ("전", .ago),
            ("년", .year), ("월", .month), ("일", .dayOfMonth), ("에", .filler),
            ("一昨日", .dayOffset(-2)), ("おととい", .dayOffset(-2)), ("明後日", .dayOffset(2)), ("あさって", .dayOffset(2)),
            ("今日", .dayOffset(0)), ("きょう", .dayOffset(0)), ("昨日", .dayOffset(-1)), ("きのう", .dayOffset(-1)),
            ("明日", .dayOffset(1)), ("あした", .dayOffset(1)), ("あす", .dayOffset(1)), ("今", .now), ("いま", .now),
            ("午前", .am), ("午後", .pm), ("正午", .noon),
            ("時間", .hours), ("時", .hourOfDay), ("分", .minutes), ("秒", .seconds), ("半", .half), ("前", .ago),
            ("年", .year), ("月", .month), ("日", .dayOfMonth), ("の", .filler), ("に", .filler),
        ]
        for (k, (ko, ja)) in zip(["월", "화", "수", "목", "금", "토", "일"], ["月", "火", "水", "木", "金", "土", "日"]).enumerated() {
            let day = Weekday(rawValue: k)!
            w += [(ko + "요일", .weekday(day)), (ja + "曜日", .weekday(day)), (ja + "曜", .weekday(day))]
        }
        return w.sorted { $0.0.count > $1.0.count }
    }()

    /// Full-width digits and punctuation as ASCII, the ideographic space as a space.
    private static func normalized(_ text: String) -> String {
        var out = ""
        for u in text.lowercased().unicodeScalars {
            switch u.value {
            case 0xFF10...0xFF19, 0xFF0E, 0xFF0F, 0xFF1A: out.unicodeScalars.append(Unicode.Scalar(u.value - 0xFEE0)!)
            case 0x3000: out.append(" ")
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    private static func tokens(_ text: String) -> [Token]? {
        var out: [Token] = []
        var rest = Substring(text)
        while let c = rest.first {
            if c == " " || c == "\t" {
                rest = rest.dropFirst()
            } else if c.isASCII && c.isNumber {
                let run = rest.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "/" || $0 == ":") }
                guard let t = numeric(String(run)) else { return nil }
                out.append(t)
                rest = rest.dropFirst(run.count)
            } else if let (spelled, w) = words.first(where: { rest.hasPrefix($0.0) }) {
                if w != .filler { out.append(.word(w)) }
                rest = rest.dropFirst(spelled.count)
            } else {
                return nil
            }
        }
        return out
    }

    /// A run of digits, dots, slashes and colons: a number, a clock time or a date.
    private static func numeric(_ run: String) -> Token? {
        if run.contains(":") { return HumanTime.clockSeconds(run).map(Token.clock) }
        let slashes = run.split(separator: "/", omittingEmptySubsequences: false)
        if slashes.count > 1 { return date(slashes) }
        var dots = run.split(separator: ".", omittingEmptySubsequences: false)
        if dots.count == 4, dots[3].isEmpty { dots.removeLast() }  // 2026.11.23. as Koreans often end it
        if dots.count == 3 { return date(dots) }
        guard dots.count <= 2, dots.allSatisfy({ !$0.isEmpty }) else { return nil }
        return .number(run)
    }

    private static func date(_ parts: [Substring]) -> Token? {
        let n = parts.map { Int($0) }
        guard parts.allSatisfy({ (1...4).contains($0.count) }), !n.contains(nil) else { return nil }
        switch n.count {
        case 2: return .date(year: nil, month: n[0]!, day: n[1]!)
        case 3 where parts[0].count == 4: return .date(year: n[0]!, month: n[1]!, day: n[2]!)
        default: return nil
        }
    }

    // MARK: - Grammar

    /// `1시간 30분`, `1시간 반`, `90초`, `1.5時間`, each unit once, optionally `전`/`前` (before now).
    private static func duration(_ tokens: [Token]) -> Said? {
        var total = 0.0
        var seen: [Word] = []
        var k = 0
        while k + 1 < tokens.count, case .number(let s) = tokens[k], case .word(let unit) = tokens[k + 1] {
            guard let n = Double(s), n < 1e7, !seen.contains(unit) else { return nil }
            switch unit {
            case .hours: total += n * 3600
            case .minutes: total += n * 60
            case .seconds: total += n
            default: return nil
            }
            seen.append(unit)
            k += 2
            if unit == .hours, k < tokens.count, tokens[k] == .word(.half) {
                total += 1800
                k += 1
            }
        }
        guard !seen.isEmpty else { return nil }
        let seconds = Int64(total.rounded())
        if k == tokens.count { return .duration(seconds) }
        if k + 1 == tokens.count, tokens[k] == .word(.ago) { return .ago(seconds) }
        return nil
    }

    /// A day, a clock time, or a day and then a clock time.
    private static func dayAndClock(_ tokens: [Token]) -> Said? {
        var rest = tokens[...]
        let day = self.day(&rest)
        let clock = rest.isEmpty ? nil : self.clock(&rest)
        guard rest.isEmpty else { return nil }
        switch (day, clock) {
        case (let d?, nil): return .day(d)
        case (nil, let c?): return .clock(c)
        case (let d?, let c?): return .dayAndClock(d, c)
        case (nil, nil): return nil
        }
    }

    private static func day(_ t: inout ArraySlice<Token>) -> Day? {
        switch t.first {
        case .word(.dayOffset(let n)):
            t = t.dropFirst()
            return .offset(n)
        case .word(.weekday(let w)):
            t = t.dropFirst()
            return .weekday(w)
        case .date(let y, let m, let d):
            guard let said = day(year: y, month: m, day: d) else { return nil }
            t = t.dropFirst()
            return said
        default:
            // [N년] N월 N일
            var parts: [Word: Int] = [:]
            var k = t.startIndex
            for unit in [Word.year, .month, .dayOfMonth] {
                guard k + 1 < t.endIndex, case .number(let s) = t[k], t[k + 1] == .word(unit), let n = Int(s) else {
                    if unit == .year { continue } else { return nil }
                }
                parts[unit] = n
                k += 2
            }
            guard let said = day(year: parts[.year], month: parts[.month]!, day: parts[.dayOfMonth]!) else { return nil }
            t = t[k...]
            return said
        }
    }

    private static func day(year: Int?, month: Int, day: Int) -> Day? {
        guard let year else {
            // Any year with a 29 February, to check the day exists at all.
            return LocalDate(year: 2000, month: month, day: day) != nil ? .monthDay(month: month, day: day) : nil
        }
        guard LocalDate.ledgerYears.contains(year), let d = LocalDate(year: year, month: month, day: day) else { return nil }
        return .date(d)
    }

    /// `[오전|오후] (07:30 | N시 [M분 | 반] [S초])`, or `정오`.
    private static func clock(_ t: inout ArraySlice<Token>) -> Int? {
        var meridiem: Word?
        if let f = t.first, f == .word(.am) || f == .word(.pm) {
            meridiem = f == .word(.am) ? .am : .pm
            t = t.dropFirst()
        }
        var hour: Int, minute = 0, second = 0
        switch t.first {
        case .word(.noon) where meridiem == nil:
            t = t.dropFirst()
            return 12 * 3600
        case .clock(let s):
            t = t.dropFirst()
            (hour, minute, second) = (s / 3600, s / 60 % 60, s % 60)
        case .number(let s):
            guard let h = Int(s), t.dropFirst().first == .word(.hourOfDay) else { return nil }
            hour = h
            t = t.dropFirst(2)
            if t.first == .word(.half) {
                minute = 30
                t = t.dropFirst()
            } else if let m = number(&t, .minutes) {
                minute = m
            }
            if let s = number(&t, .seconds) { second = s }
        default:
            return nil
        }
        guard minute < 60, second < 60 else { return nil }
        switch meridiem {
        case nil: guard hour < 24 else { return nil }
        case .am?:
            guard (0...12).contains(hour) else { return nil }
            hour %= 12
        default:
            guard (0...12).contains(hour) else { return nil }
            hour = hour % 12 + 12
        }
        return hour * 3600 + minute * 60 + second
    }

    /// `N` followed by `unit`, taken off `t`.
    private static func number(_ t: inout ArraySlice<Token>, _ unit: Word) -> Int? {
        guard case .number(let s)? = t.first, t.dropFirst().first == .word(unit), let n = Int(s) else { return nil }
        t = t.dropFirst(2)
        return n
    }
}
