/// The words of the HTML pages (`HTMLReport`), in one language: English
/// here; a program gives its own for the others (the command line builds
/// Korean and Japanese from its catalogue, durations and counts written by
/// the same code as its terminal, so a page and a table never disagree).

@_spi(Layers) import HaruModel

public struct ReportWords: Sendable {
    /// The page's `lang` (`en`, `ko`, `ja`).
    public var lang: String
    /// A phrase with `%1`, `%2` … filled.
    public var say: @Sendable (ReportPhrase, [String]) -> String
    public var duration: @Sendable (Int64) -> String
    /// A count, given as its number's text (`3`, `7.6`): `×3`, `3회`.
    public var times: @Sendable (String) -> String
    public var weekday: @Sendable (Weekday) -> String
    /// A date in a label: `Mar 2`, `3월 2일`.
    public var monthDay: @Sendable (LocalDate) -> String
    /// The month a column begins: `Mar`, `3월`.
    public var month: @Sendable (Int) -> String
    /// A month with its year: `Mar 2026`, `2026년 3월`.
    public var monthYear: @Sendable (LocalDate) -> String
    /// What a quest asks: `at least 30m 00s a day, Mon, Wed, Fri`.
    public var questRule: @Sendable (QuestSpec) -> String
    /// A goal's status or a period's state (`in_progress`, `not_scheduled` …) in words.
    public var state: @Sendable (String) -> String
    /// `streak 3 days`, best `5`: a quest's streak and its best.
    public var streak: @Sendable (Int, StreakUnit, Int) -> String

    public init(
        lang: String, say: @escaping @Sendable (ReportPhrase, [String]) -> String, duration: @escaping @Sendable (Int64) -> String,
        times: @escaping @Sendable (String) -> String, weekday: @escaping @Sendable (Weekday) -> String,
        monthDay: @escaping @Sendable (LocalDate) -> String, month: @escaping @Sendable (Int) -> String,
        monthYear: @escaping @Sendable (LocalDate) -> String, questRule: @escaping @Sendable (QuestSpec) -> String,
        state: @escaping @Sendable (String) -> String, streak: @escaping @Sendable (Int, StreakUnit, Int) -> String
    ) {
        (self.lang, self.say, self.duration, self.times, self.weekday) = (lang, say, duration, times, weekday)
        (self.monthDay, self.month, self.monthYear, self.questRule, self.state, self.streak) = (
            monthDay, month, monthYear, questRule, state, streak
        )
    }

    public func callAsFunction(_ p: ReportPhrase, _ values: String...) -> String { say(p, values) }

    /// A count of an action in its decimal places and unit: 76 tenths of
    /// hours is `7.6 h`, 3 of nothing `×3`.
    public func count(_ n: Int64, decimals: Int = 0, unit: String? = nil) -> String { amount(Decimals.text(n, decimals), unit: unit) }

    /// A figure of a quest in its unit (`QuestSpec.scale` divided out): `7.5 h`, `×2`.
    public func figure(_ v: Double, _ q: QuestSpec) -> String {
        amount(Decimals.figure(v, places: q.places), unit: q.countUnit)
    }

    /// A number with its unit, as the terminal writes it: a counter word
    /// against it in Korean and Japanese (`8잔`), a space otherwise (`8 km`); `×8` without one.
    public func amount(_ number: String, unit: String?) -> String {
        guard let unit else { return times(number) }
        return UnitText.join(number, unit, english: lang == "en")
    }

    /// A duration of seconds given as a Double (the charts' values).
    func duration(_ seconds: Double) -> String { duration(Int64(seconds.rounded())) }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static let english = ReportWords(
        lang: "en", say: { p, v in ReportPhrase.fill(p.english, v) }, duration: { DurationText.text($0) }, times: { "×\($0)" },
        weekday: { $0.abbreviation }, monthDay: { "\(months[$0.month - 1]) \($0.day)" }, month: { months[max(0, min(11, $0 - 1))] },
        monthYear: { "\(months[$0.month - 1]) \($0.year)" }, questRule: { HTMLReport.englishRule($0) },
        state: { String($0.map { $0 == "_" ? " " : $0 }) },
        streak: { n, unit, best in "streak \(n) \(n == 1 ? unit.singular : unit.rawValue), best \(best)" })
}

/// Every sentence and label of the HTML pages, in English with `%1`, `%2` …
/// for its values; `ReportWords.say` gives them in a language.
public enum ReportPhrase: CaseIterable, Sendable {
    case range, rangeOneDay, chartsFiltered, goals, met, missed, inProgressLegend, notScheduled, skipped
    case runs, noEndDate, judged, judgedOn, meanVersusAchieved, meanVersusMissed, needsConfirmation, noQuests
    case spanToday, spanWeek, spanMonth, meanRatio
    case byDay, byWeek, byMonth, periodTitle, periodRangeTitle, against, againstLimit
    case actionsByDay, heatAbout, heatLimit, busiestDay
    case timeByDay, timeByDayLabel, timeByTag, timeByTagNote, timeByTagLabel
    case countsByDay, countsInAll, perDay, overTheLimit, limitPerDay
    case timetable, timetableLabel, dayFrom, now, dotTitle

    public var english: String {
        switch self {
        case .range: "%1 – %2 · %3 days"
        case .rangeOneDay: "%1 – %2 · 1 day"
        case .chartsFiltered: "Charts filtered: %1. Goals are judged on every action."
        case .goals: "Goals"
        case .met: "met"
        case .missed: "missed"
        case .inProgressLegend: "in progress (today, this week …)"
        case .notScheduled: "not scheduled"
        case .skipped: "skipped (excused)"
        case .runs: "%1 → %2"
        case .noEndDate: "no end date"
        case .judged: " · judged"
        case .judgedOn: " · judged on %1"
        case .meanVersusAchieved: ": its quests' mean ratio %1 % ≥ the goal's %2 %"
        case .meanVersusMissed: ": its quests' mean ratio %1 % < the goal's %2 %"
        case .needsConfirmation: " · ended without quests: confirm it by hand (haru goal confirm %1 achieved|not_achieved)"
        case .noQuests: " · no quests"
        case .spanToday: "today %1 %"
        case .spanWeek: "this week %1 %"
        case .spanMonth: "this month %1 %"
        case .meanRatio: " · its quests' mean ratio %1 (achieved at %2 %)"
        case .byDay: "%1 by day"
        case .byWeek: "%1 by week"
        case .byMonth: "%1 by month"
        case .periodTitle: "%1: %2 (%3)"
        case .periodRangeTitle: "%1 – %2: %3 (%4)"
        case .against: "%1 of %2"
        case .againstLimit: "%1 · at most %2"
        case .actionsByDay: "Actions by day"
        case .heatAbout: "total %1 · busiest day %2"
        case .heatLimit: " · a limit (%1): darker is more"
        case .busiestDay: "%1 (busiest day)"
        case .timeByDay: "Time by day"
        case .timeByDayLabel: "time tracked per day, by action"
        case .timeByTag: "Time by tag"
        case .timeByTagNote:
            "Each tag's time on its own bar: an action with several tags counts under each of them, so the tags of a day can add up to more than the time tracked."
        case .timeByTagLabel: "time per day, a bar per tag"
        case .countsByDay: "Counts by day"
        case .countsInAll: "· %1 in all"
        case .perDay: "%1 per day"
        case .overTheLimit: " (over the limit)"
        case .limitPerDay: "limit %1 a day"
        case .timetable: "Timetable"
        case .timetableLabel: "timetable, %1 to %2"
        case .dayFrom: "from %1"
        case .now: "now"
        case .dotTitle: "%1 %2 at %3"
        }
    }

    /// `text` with `%1` … `%9` replaced by `values`.
    public static func fill(_ text: String, _ values: [String]) -> String { Placeholders.fill(text, values) }
}
