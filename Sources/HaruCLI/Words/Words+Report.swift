import HaruLedger

/// The HTML pages (`haru report --html`, `haru timetable --html`) in the
/// chosen language: every phrase of `ReportPhrase` in Korean and Japanese
/// (the switch names them all, so a new one does not compile without its
/// words), durations, counts, weekdays and schedules by the terminal's own
/// code (`Words`), so the page and the table say the same `5시간 4분`.
extension Words {
    var report: ReportWords {
        guard language != .en else { return .english }
        let w = self
        return ReportWords(
            lang: language.rawValue,
            say: { p, values in
                let text = w.language == .ko ? Self.korean(p) : Self.japanese(p)
                return KoreanParticles.resolve(ReportPhrase.fill(text, values))
            },
            duration: { w.duration($0) }, times: { w.times($0) }, weekday: { w.weekday($0) },
            monthDay: { w.language == .ko ? "\($0.month)월 \($0.day)일" : "\($0.month)月\($0.day)日" },
            month: { w.language == .ko ? "\($0)월" : "\($0)月" },
            monthYear: { w.language == .ko ? "\($0.year)년 \($0.month)월" : "\($0.year)年\($0.month)月" },
            questRule: { spec in
                let amount =
                    spec.unitIsTime
                    ? w.duration(Int64(spec.amount.rounded()))
                    : w.times(Decimals.figure(spec.shownAmount, places: spec.places), unit: spec.countUnit)
                return w(spec.atLeast ? .atLeastAmount : .atMostAmount, amount) + " · " + w.period(spec.period) + " (" + w.schedule(spec)
                    + ")"
            },
            state: { raw in
                let page = w.language == .ko ? Self.korean : Self.japanese
                switch raw {
                case "met": return page(.met)
                case "missed", "not_achieved": return page(.missed)
                case "not_scheduled": return page(.notScheduled)
                case "skipped": return page(.skipped)
                case "in_progress": return w(.inProgress)
                case "achieved": return w(.achieved)
                case "needs_confirmation": return w(.statusNeedsConfirmation)
                default: return raw
                }
            },
            streak: { n, unit, best in w.streak(n, unit: unit.rawValue) + w(.best, w.streakLength(best, unit: unit.rawValue)) })
    }

    static func korean(_ p: ReportPhrase) -> String {
        switch p {
        case .range: "%1 – %2 · %3일"
        case .rangeOneDay: "%1 – %2 · 1일"
        case .chartsFiltered: "필터를 적용한 차트: %1. 목표는 모든 행동으로 판정합니다."
        case .goals: "목표"
        case .met: "달성"
        case .missed: "미달성"
        case .inProgressLegend: "진행 중 (오늘, 이번 주 …)"
        case .notScheduled: "수행일 아님"
        case .skipped: "건너뜀 (쉬는 날)"
        case .runs: "%1 → %2"
        case .noEndDate: "종료일 없음"
        case .judged: " · 판정됨"
        case .judgedOn: " · %1 판정"
        case .meanVersusAchieved: ": 다짐 평균 달성률 %1 % ≥ 목표의 %2 %"
        case .meanVersusMissed: ": 다짐 평균 달성률 %1 % < 목표의 %2 %"
        case .needsConfirmation: " · 다짐 없이 끝났습니다: 직접 확인하세요 (haru goal confirm %1 achieved|not_achieved)"
        case .noQuests: " · 다짐 없음"
        case .spanToday: "오늘 %1 %"
        case .spanWeek: "이번 주 %1 %"
        case .spanMonth: "이번 달 %1 %"
        case .meanRatio: " · 다짐 평균 달성률 %1 (%2 %에서 달성)"
        case .byDay: "%1 (날짜별)"
        case .byWeek: "%1 (주별)"
        case .byMonth: "%1 (월별)"
        case .periodTitle: "%1: %2 (%3)"
        case .periodRangeTitle: "%1 – %2: %3 (%4)"
        case .against: "%1 / %2"
        case .againstLimit: "%1 · 한도 %2"
        case .actionsByDay: "날짜별 행동"
        case .heatAbout: "합계 %1 · 가장 많은 날 %2"
        case .heatLimit: " · 한도(%1): 진할수록 많습니다"
        case .busiestDay: "%1 (가장 많은 날)"
        case .timeByDay: "날짜별 시간"
        case .timeByDayLabel: "날짜별 측정 시간, 행동별"
        case .timeByTag: "꼬리표별 시간"
        case .timeByTagNote: "꼬리표마다 막대 하나: 꼬리표가 여럿인 행동은 그 꼬리표마다 세므로, 하루의 꼬리표 합은 측정한 시간보다 클 수 있습니다."
        case .timeByTagLabel: "날짜별 시간, 꼬리표마다 막대 하나"
        case .countsByDay: "날짜별 횟수"
        case .countsInAll: "· 모두 %1"
        case .perDay: "%1 (날짜별)"
        case .overTheLimit: " (한도 초과)"
        case .limitPerDay: "하루 한도 %1"
        case .timetable: "타임테이블"
        case .timetableLabel: "타임테이블, %1 ~ %2"
        case .dayFrom: "%1부터"
        case .now: "지금"
        case .dotTitle: "%1 %2 (%3)"
        }
    }

    static func japanese(_ p: ReportPhrase) -> String {
        switch p {
        case .range: "%1 – %2 · %3日間"
        case .rangeOneDay: "%1 – %2 · 1日"
        case .chartsFiltered: "フィルターを適用したグラフ: %1。目標はすべての行動で判定します。"
        case .goals: "目標"
        case .met: "達成"
        case .missed: "未達成"
        case .inProgressLegend: "進行中 (今日、今週 …)"
        case .notScheduled: "実施日ではない"
        case .skipped: "スキップ (休み)"
        case .runs: "%1 → %2"
        case .noEndDate: "終了日なし"
        case .judged: " · 判定済み"
        case .judgedOn: " · %1 に判定"
        case .meanVersusAchieved: ": クエストの平均達成率 %1 % ≥ 目標の %2 %"
        case .meanVersusMissed: ": クエストの平均達成率 %1 % < 目標の %2 %"
        case .needsConfirmation: " · クエストなしで終了: 手動で確認してください (haru goal confirm %1 achieved|not_achieved)"
        case .noQuests: " · クエストなし"
        case .spanToday: "今日 %1 %"
        case .spanWeek: "今週 %1 %"
        case .spanMonth: "今月 %1 %"
        case .meanRatio: " · クエストの平均達成率 %1 (%2 % で達成)"
        case .byDay: "%1 (日別)"
        case .byWeek: "%1 (週別)"
        case .byMonth: "%1 (月別)"
        case .periodTitle: "%1: %2 (%3)"
        case .periodRangeTitle: "%1 – %2: %3 (%4)"
        case .against: "%1 / %2"
        case .againstLimit: "%1 · 上限 %2"
        case .actionsByDay: "日別の行動"
        case .heatAbout: "合計 %1 · 最も多い日 %2"
        case .heatLimit: " · 上限 (%1): 濃いほど多い"
        case .busiestDay: "%1 (最も多い日)"
        case .timeByDay: "日別の時間"
        case .timeByDayLabel: "日別の計測時間、行動別"
        case .timeByTag: "タグ別の時間"
        case .timeByTagNote: "タグごとに1本の棒: 複数のタグを持つ行動はタグごとに数えるので、1日のタグの合計は計測した時間より大きくなることがあります。"
        case .timeByTagLabel: "日別の時間、タグごとに1本の棒"
        case .countsByDay: "日別の回数"
        case .countsInAll: "· 合計 %1"
        case .perDay: "%1 (日別)"
        case .overTheLimit: " (上限超過)"
        case .limitPerDay: "1日の上限 %1"
        case .timetable: "タイムテーブル"
        case .timetableLabel: "タイムテーブル、%1 〜 %2"
        case .dayFrom: "%1 から"
        case .now: "現在"
        case .dotTitle: "%1 %2 (%3)"
        }
    }
}
