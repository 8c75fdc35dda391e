import HaruLedger

/// Human output in one language (`Language`): the catalogue's phrases with
/// their values, and the units, weekdays and schedules people read.
struct Words: Sendable {
    let language: Language

    static let english = Words(language: .en)

    /// The phrase with `%1`, `%2` … replaced by `values`.
    func callAsFunction(_ p: Phrase, _ values: String...) -> String {
        p.filled(language, values)
    }

    /// A sentence English says its own way (`english`: its singular and
    /// plural as the command always wrote them), the phrase in the others.
    func said(_ english: String, _ p: Phrase, _ values: String...) -> String {
        language == .en ? english : p.filled(language, values)
    }

    /// `1h 30m` / `1시간 30분` / `1時間30分` (as the app writes durations).
    func duration(_ seconds: Int64) -> String {
        switch language {
        case .en: DurationText.text(seconds)
        case .ko: DurationText.text(seconds, hour: "시간", minute: "분", second: "초", separator: " ")
        case .ja: DurationText.text(seconds, hour: "時間", minute: "分", second: "秒", separator: "")
        }
    }

    /// `×3` / `3회` / `3回`.
    func times(_ n: String) -> String {
        switch language {
        case .en: "×" + n
        case .ko: n + "회"
        case .ja: n + "回"
        }
    }

    func times(_ n: Int64) -> String { times(String(n)) }

    /// `Mon` / `월` / `月`.
    func weekday(_ w: Weekday) -> String {
        switch language {
        case .en: w.abbreviation
        case .ko: ["월", "화", "수", "목", "금", "토", "일"][Int(w.rawValue)]
        case .ja: ["月", "火", "水", "木", "金", "土", "日"][Int(w.rawValue)]
        }
    }

    /// A day as headings print it: in English as the command always has
    /// (`english`), else `2026-03-04 (수)`, `2026-03-04 (水)`.
    func day(_ d: LocalDate, english: String) -> String {
        language == .en ? english : "\(d) (\(weekday(d.weekday)))"
    }

    /// A cell of totals: `1h 30m ×3`, or `–`.
    func cell(_ t: Totals) -> String {
        var parts: [String] = []
        if t.seconds > 0 { parts.append(duration(t.seconds)) }
        if t.count > 0 { parts.append(times(t.count)) }
        return parts.isEmpty ? "–" : parts.joined(separator: " ")
    }

    /// A streak's length with its unit, for `best`: `5` (English says the unit once) / `5일` / `5日`.
    func streakLength(_ n: Int, unit: String) -> String {
        let units: [String: (String, String)] = ["weeks": ("주", "週"), "months": ("달", "か月")]
        let (k, j) = units[unit] ?? ("일", "日")
        switch language {
        case .en: return String(n)
        case .ko: return "\(n)\(k)"
        case .ja: return "\(n)\(j)"
        }
    }

    /// `streak 3 days` / `연속 3일` / `連続3日`.
    func streak(_ n: Int, unit: String) -> String {
        switch unit {
        case "weeks": self(.streakWeeks, String(n))
        case "months": self(.streakMonths, String(n))
        default: self(.streakDays, String(n))
        }
    }

    /// `daily` / `일간` / `日次` …
    func period(_ p: Period) -> String {
        switch p {
        case .daily: self(.daily)
        case .weekly: self(.weekly)
        case .monthly: self(.monthly)
        case .custom: self(.custom)
        }
    }

    /// A quest's days in words (`QuestSpec.scheduleText` in English).
    func schedule(_ q: QuestSpec) -> String {
        guard language != .en else { return q.scheduleText }
        switch q.period {
        case .weekly: return self(.everyWeek)
        case .monthly: return self(.everyMonth)
        case .custom: return q.scheduleText
        case .daily:
            switch q.schedule {
            case .everyDay: return self(.everyDay)
            case .weekdays(let days): return days.sorted().compactMap { Weekday(rawValue: $0).map(weekday) }.joined(separator: ", ")
            case .monthDays(let days): return self(.monthDays, days.sorted().map(String.init).joined(separator: ", "))
            case .ordinal(let n, let wd):
                let day = Weekday(rawValue: wd).map(weekday) ?? "?"
                return language == .ko
                    ? self(.ordinalWeekday, ["첫째", "둘째", "셋째", "넷째", "다섯째"][max(0, min(4, n - 1))], day + "요일")
                    : self(.ordinalWeekday, String(n), day + "曜日")
            }
        }
    }

    /// A report's unit (`day`, `week` …) in words.
    func unit(_ u: String) -> String {
        switch u {
        case "week": self(.unitWeek)
        case "month": self(.unitMonth)
        case "year": self(.unitYear)
        default: self(.unitDay)
        }
    }
}
