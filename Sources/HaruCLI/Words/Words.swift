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

    /// A phrase of another catalogue: `words(Done.editedTag, name)`.
    func callAsFunction<P: Catalogue>(_ p: P, _ values: String...) -> String {
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

    /// A count in its action's unit when it has one (`8 glasses`; Korean and
    /// Japanese write a counter word against the number, `8잔`, `8杯`), else `times`.
    func times(_ n: String, unit: String?) -> String { unit == nil ? times(n) : number(n, unit: unit) }

    /// A number with its unit when it has one (`UnitText`: `8잔`, `8 km`), else the number alone.
    func number(_ n: String, unit: String?) -> String { unit.map { UnitText.join(n, $0, english: language == .en) } ?? n }
    func times(_ n: Int64, unit: String?) -> String { times(String(n), unit: unit) }

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
    func cell(_ t: Totals, unit: String? = nil, decimals: Int = 0) -> String {
        var parts: [String] = []
        if t.seconds > 0 { parts.append(duration(t.seconds)) }
        if t.count > 0 { parts.append(times(Decimals.text(t.count, decimals), unit: unit)) }
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

    /// `daily` / `하루` / `日次` … (the app's 하루/주/월/특정 기간)
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

    /// What a definition is, in words: `tag` / `꼬리표` / `タグ` …
    func kind(_ k: DefinitionKind) -> String { entity(k.word) }

    /// What an event is about (the first part of its type, `session` in
    /// `session.stopped`, or a definition's word), in words.
    func entity(_ word: String) -> String {
        let words: [String: (String, String)] = [
            "tag": ("꼬리표", "タグ"), "action": ("행동", "行動"), "goal": ("목표", "目標"), "quest": ("다짐", "クエスト"),
            "session": ("시간 기록", "時間記録"), "count": ("횟수 기록", "回数記録"), "diary": ("일기", "日記"),
            "diary page": ("일기", "日記"), "todo": ("할 일", "やること"), "to-do": ("할 일", "やること"),
            "device": ("기기", "デバイス"), "skip": ("건너뛰기", "スキップ"), "item": ("항목", "項目"), "settings": ("설정", "設定"), "ledger": ("기록장", "台帳"),
        ]
        return translated(word, words)
    }

    /// A record's state (`deleted`, `discarded`, `not deleted`) in words.
    func recordState(_ state: String) -> String {
        let words: [String: (String, String)] = [
            "deleted": ("삭제됨", "削除済み"), "discarded": ("버려짐", "破棄済み"), "not deleted": ("삭제되지 않음", "未削除"),
            "recorded": ("기록됨", "記録済み"), "running": ("측정 중", "計測中"),
        ]
        return translated(state, words)
    }

    /// Why a merged event has no effect: the fold's own sentence in English, the rule's words in the others.
    func conflictReason(_ rule: ConflictRule, _ reason: String) -> String {
        guard language != .en else { return reason }
        switch rule {
        case .notRunning: return self(ViewWords.conflictNotRunning)
        case .deleted: return self(ViewWords.conflictDeleted)
        case .nameTaken: return self(ViewWords.conflictNameTaken)
        case .missing: return self(ViewWords.conflictMissing)
        case .alreadyDone: return self(ViewWords.conflictAlreadyDone)
        case .other: return reason
        }
    }

    /// Why a file could not be read (`InputBytes.whyUnreadable`), in words.
    func unreadable(_ why: String) -> String {
        let words: [String: (String, String)] = [
            "no such file": ("그런 파일이 없습니다", "そのようなファイルはありません"),
            "it is a directory": ("폴더입니다", "フォルダーです"),
            "permission denied": ("권한이 없습니다", "権限がありません"),
            "permission denied (a directory on the way cannot be searched)": ("권한이 없습니다 (경로의 폴더를 열 수 없습니다)", "権限がありません (途中のフォルダーを開けません)"),
        ]
        return translated(why, words)
    }

    /// A command's verb as a refusal names it (`stop`, `cancel`).
    func verb(_ verb: String) -> String {
        let words: [String: (String, String)] = ["stop": ("끝낼", "終える"), "cancel": ("버릴", "破棄する"), "edit": ("고칠", "編集する")]
        return translated(verb, words)
    }

    /// `key` in Korean or Japanese from a table of both (`key` itself in English or when the table lacks it).
    private func translated(_ key: String, _ table: [String: (String, String)]) -> String {
        guard language != .en, let (k, j) = table[key] else { return key }
        return language == .ko ? k : j
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
