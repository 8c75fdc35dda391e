import HaruLedger

/// Every phrase of translated human output, in the three languages: one
/// catalogue, in the app's own terms (행동, 꼬리표, 목표, 다짐, 연속 N일,
/// 진행 중, 달성, 수행일 아님; 行動, タグ, 目標, クエスト, 連続N日 …).
/// `%1`, `%2` … stand for the values a phrase takes. The switch names all
/// three for every case, so a phrase without a translation does not compile;
/// `LanguageTests.theCatalogueHasEveryPhraseInEveryLanguage` checks that none is empty and each has the same
/// placeholders in every language.
enum Phrase: Catalogue {
    // Errors and their labels.
    case error, usage, unknownCommand, didYouMean, missingArgument, unknownOption, notADay, noLedger, listedBy
    case notATime, notADayOrPeriod, notADate, notAClockTime, notAWeekday, notADuration
    case alreadyRunning, nothingRunning, notRunning, langValues, nothingToWrite, noTodos
    // Days and records.
    case nothingRecorded, actions, tags, hours, noRecordsOn, noRecordsFrom, running, deleted, discarded, actionDeleted, overlaps
    // Running sessions.
    case nothingIsRunning, since, session, overHours, forgotten
    // Progress.
    case asOf, noGoals, inProgress, needsConfirmation, achieved, notAchieved, meanAtLeast, meanBelow, judgedAt, noQuests, openEnd
    case spanDay, spanWeek, spanMonth, notScheduled, within, over, done, streakDays, streakWeeks, streakMonths, best
    case judgedMet, judgedNotMet, judgedWithin, judgedOver, valueOf, limitDone, notScheduledMet, skippedSpan, skippedMet
    case daily, weekly, monthly, custom, everyDay, everyWeek, everyMonth, monthDays, ordinalWeekday
    // Reports.
    case nothingRecordedFrom, unitDay, unitWeek, unitMonth, unitYear, total, averagePer, trend
    // The diary.
    case nothingWritten, summary, recordsCount, todosDone, dayGoals, todos, timetable, recordDetails, bars
    case moodPhoto, attachment, erased, missingBlob, to, now, seeHelp
    // What a command did (English keeps its own wording: `Words.said`).
    case started, stopped, counted, discardedAtOnce, discardedShort, todoAdded, todoDone, todoUndone, todoEdited, todoDeleted, countedIn
    case diaryWritten, filesKept, diaryDeleted, todoNumber, calendarEvents
    case createdTag, createdAction, createdGoal, createdLedger
    // `haru sync` and `haru init --from`.
    case syncSent, syncOtherDevices, syncFromDevices, syncHeld, syncWaiting, syncIncomplete, syncFuture, syncErased, syncRewritten,
        syncNotRead, syncLeftOut,
        syncConflicts,
        syncJoined, formerName, noteNotKept, tagMeasuresNothingTime, tagMeasuresNothingCount, readWithoutLock, noConflicts, openConflicts,
        conflictsTakeHint, conflictWithoutEffect, conflictDiaryField, conflictWaiting,
        conflictValueNone, tookAgain, tookAgainRestored, tookDiaryField, tookRestoredAction, syncOpenConflicts, syncWaitingRecords,
        syncMadeOneAction,
        syncMadeOneTag, syncRenamed, syncJoinedSessions, syncNewDevice, syncCopied
    // `haru web`.
    case checkPassed, checkFailed
    case webServing, webStops, webStopped, webOpenYourself, webListening, webNotAPort, webNeedsTheProgram
    // The definition listings (`actions`, `tags`, `goals`, `quests`).
    case colName, colTracking, colTags, colSymbol, colColor, colFav, colOrder, colID, colActions, colTitle, colDates, colThreshold
    case colStatus, colElapsed, colGoal, colTarget, colRule, colPeriod, colDays, colDeadline
    case colNote, noSkipsListed, colUnit
    case noActionsListed, noTagsListed, noGoalsListed, noQuestsListed, tracksTime, tracksCount, atLeastAmount, atMostAmount, tagMark
    case statusInProgress, statusAchieved, statusNotAchieved, statusNeedsConfirmation, statusDeleted

    func text(_ l: Language) -> String {
        func t(_ en: String, _ ko: String, _ ja: String) -> String {
            switch l {
            case .en: en
            case .ko: ko
            case .ja: ja
            }
        }
        switch self {
        case .error: return t("Error", "오류", "エラー")
        case .usage: return t("Usage", "사용법", "使い方")
        case .unknownCommand: return t("unknown command '%1'", "알 수 없는 명령 '%1'", "不明なコマンド '%1'")
        case .didYouMean: return t("; did you mean '%1'?", "; '%1'을(를) 뜻하셨나요?", "; '%1' のことですか?")
        case .missingArgument: return t("missing %1", "%1이(가) 빠졌습니다", "%1 がありません")
        case .unknownOption: return t("unknown option '%1' for `haru %2`", "`haru %2`에는 '%1' 옵션이 없습니다", "`haru %2` に '%1' というオプションはありません")
        case .notADay:
            return t(
                "%1: %2 is not a day; give 2026-03-04, today, yesterday or a weekday such as monday; a ledger takes the years 1900 to 2999",
                "%1: %2은(는) 날짜가 아닙니다. 2026-03-04, 오늘, 어제, 11월 23일, 월요일처럼 주세요 (1900~2999년)",
                "%1: %2 は日付ではありません。2026-03-04、今日、昨日、11月23日、月曜日 のように指定してください (1900〜2999年)")
        case .notATime:
            return t(
                "%1: %2 is not a time; give 07:30, \"yesterday 21:00\", -30m, 2026-03-04T07:30 (the ledger's zone) or 2026-03-04T07:30:00+09:00; a ledger takes the years 1900 to 2999",
                "%1: %2은(는) 시각이 아닙니다. 07:30, \"오후 3시\", \"어제 21:00\", \"30분 전\", 2026-03-04T07:30 또는 2026-03-04T07:30:00+09:00처럼 주세요 (1900~2999년)",
                "%1: %2 は時刻ではありません。07:30、「午後3時」、「昨日 21:00」、「30分前」、2026-03-04T07:30 または 2026-03-04T07:30:00+09:00 のように指定してください (1900〜2999年)")
        case .notADayOrPeriod:
            return t(
                "%1: %2 is not a day or a period; give 2026-03-04, today, monday, or :day, :week, :lastweek, :month, :year; a ledger takes the years 1900 to 2999",
                "%1: %2은(는) 날짜나 기간이 아닙니다. 2026-03-04, 오늘, 11월 23일, 월요일, 또는 이번 주, 지난주, 이번 달, 올해처럼 주세요 (1900~2999년)",
                "%1: %2 は日付でも期間でもありません。2026-03-04、今日、11月23日、月曜日、または 今週、先週、今月、今年 のように指定してください (1900〜2999年)")
        case .notADate:
            return t(
                "%1: must be a date YYYY-MM-DD from 1900-01-01 to 2999-12-31 (got %2)",
                "%1: %2은(는) 날짜가 아닙니다. 2026-03-04, 2026.03.04, 2026년 3월 4일처럼 연도까지 주세요 (1900~2999년)",
                "%1: %2 は日付ではありません。2026-03-04、2026年3月4日 のように年まで指定してください (1900〜2999年)")
        case .notAClockTime:
            return t(
                "%1: must be a clock time HH:mm from 00:00 to 23:59 (got %2)", "%1: %2은(는) 시각이 아닙니다. 04:00, 오전 4시, 21:30처럼 분 단위로 주세요",
                "%1: %2 は時刻ではありません。04:00、午前4時、21:30 のように分単位で指定してください")
        case .notAWeekday:
            return t(
                "%1: must be a weekday, monday to sunday (got %2)", "%1: %2은(는) 요일이 아닙니다. 월, 화요일, monday처럼 주세요",
                "%1: %2 は曜日ではありません。月、火曜日、monday のように指定してください")
        case .notADuration:
            return t(
                "%1: %2 is not a duration such as 30m, 1h30m, 90s or 1:30", "%1: %2은(는) 길이가 아닙니다. 30분, 1시간 30분, 90초, 1:30, 1h30m처럼 주세요",
                "%1: %2 は長さではありません。30分、1時間30分、90秒、1:30、1h30m のように指定してください")
        case .noLedger:
            return t(
                "no ledger at %1; create one with `haru init`", "%1에 기록장이 없습니다. `haru init`으로 만드세요", "%1 に台帳がありません。`haru init` で作成してください")
        case .alreadyRunning:
            return t(
                "%1 is already running since %2; stop it with: haru stop %3", "%1은(는) %2부터 이미 측정 중입니다. 끝내려면: haru stop %3",
                "%1 は %2 からすでに計測中です。終えるには: haru stop %3")
        case .nothingRunning: return t("nothing is running", "측정 중인 것이 없습니다", "計測中のものはありません")
        case .notRunning:
            return t(
                "%1 is not running (`haru running` lists what is)", "%1은(는) 측정 중이 아닙니다 (`haru running`이 측정 중인 것을 보여 줍니다)",
                "%1 は計測中ではありません (`haru running` で計測中のものを表示します)")
        case .langValues:
            return t(
                "--lang takes en, ko or ja (got %1)", "--lang에는 en, ko, ja 중 하나를 주세요 (받은 값 %1)",
                "--lang には en、ko、ja のいずれかを指定してください (指定値 %1)")
        case .nothingToWrite:
            return t(
                "nothing to write: give --mood, --text, --attach, --hide-action or --hide-goal (and their opposites)",
                "쓸 내용이 없습니다: --mood, --text, --attach, --hide-action, --hide-goal (또는 그 반대) 중 하나를 주세요",
                "書く内容がありません: --mood、--text、--attach、--hide-action、--hide-goal (またはその逆) のいずれかを指定してください")
        case .noTodos:
            return t(
                "%1 has no to-dos (`haru todo add TEXT --date %1` adds one)", "%1에는 할 일이 없습니다 (`haru todo add TEXT --date %1`로 추가)",
                "%1 にはやることがありません (`haru todo add TEXT --date %1` で追加)")

        case .nothingRecorded: return t("nothing recorded", "기록 없음", "記録なし")
        case .actions: return t("actions", "행동", "行動")
        case .tags: return t("tags", "꼬리표", "タグ")
        case .hours: return t("%1 h", "%1시간", "%1時間")
        case .noRecordsOn: return t("No records on %1.", "%1에는 기록이 없습니다.", "%1 の記録はありません。")
        case .noRecordsFrom: return t("No records from %1 to %2.", "%1부터 %2까지 기록이 없습니다.", "%1 から %2 まで記録はありません。")
        case .running: return t("running", "측정 중", "計測中")
        case .deleted: return t("[deleted]", "[삭제됨]", "[削除済み]")
        case .discarded: return t("[discarded]", "[버려짐]", "[破棄]")
        case .actionDeleted: return t("[action deleted]", "[행동 삭제됨]", "[行動削除済み]")
        case .overlaps: return t("[overlaps %1]", "[%1와 겹침]", "[%1 と重複]")

        case .nothingIsRunning: return t("Nothing is running.", "측정 중인 것이 없습니다.", "計測中のものはありません。")
        case .since: return t("since %1", "%1부터", "%1 から")
        case .session: return t("(session %1)", "(기록 %1)", "(記録 %1)")
        case .overHours: return t("⚠ over %1 h", "⚠ %1시간 넘음", "⚠ %1時間超過")
        case .forgotten:
            return t(
                ": forgotten? `haru stop ACTION --at TIME` ends it when it really ended",
                ": 잊으셨나요? `haru stop ACTION --at TIME`으로 실제로 끝난 시각에 끝낼 수 있습니다",
                ": 止め忘れですか? `haru stop ACTION --at TIME` で実際に終わった時刻に終えられます")

        case .asOf: return t("as of %1 (day %2), known at seq %3", "%1 기준 (%2), seq %3까지 기록된 내용", "%1 時点 (%2)、seq %3 までの記録")
        case .noGoals: return t("no goals", "목표 없음", "目標なし")
        case .inProgress: return t("in progress", "진행 중", "進行中")
        case .needsConfirmation:
            return t(
                "needs confirmation (haru goal confirm %1 achieved|not_achieved)", "확인 필요 (haru goal confirm %1 achieved|not_achieved)",
                "確認が必要 (haru goal confirm %1 achieved|not_achieved)")
        case .achieved: return t("ACHIEVED", "달성", "達成")
        case .notAchieved: return t("not achieved", "미달성", "未達成")
        case .meanAtLeast: return t(": its quests' mean ratio %1 % ≥ %2 %", ": 다짐 평균 달성률 %1 % ≥ %2 %", ": クエストの平均達成率 %1 % ≥ %2 %")
        case .meanBelow: return t(": its quests' mean ratio %1 % < %2 %", ": 다짐 평균 달성률 %1 % < %2 %", ": クエストの平均達成率 %1 % < %2 %")
        case .judgedAt: return t(" (judged %1)", " (%1 판정)", " (%1 判定)")
        case .noQuests: return t("no quests", "다짐 없음", "クエストなし")
        case .openEnd: return t("open", "종료일 없음", "終了日なし")
        case .spanDay: return t("day", "일", "日")
        case .spanWeek: return t("week", "주", "週")
        case .spanMonth: return t("month", "월", "月")
        case .notScheduled: return t("%1 not scheduled", "%1 수행일 아님", "%1 実施日ではない")
        case .within: return t("within", "한도 지킴", "上限内")
        case .over: return t("OVER", "초과", "超過")
        case .done: return t(", done %1", ", 실제 %1", "、実績 %1")
        case .streakDays: return t("streak %1 days", "연속 %1일", "連続%1日")
        case .streakWeeks: return t("streak %1 weeks", "연속 %1주", "連続%1週")
        case .streakMonths: return t("streak %1 months", "연속 %1달", "連続%1か月")
        case .best: return t(" (best %1)", " (최고 %1)", " (最高%1)")
        case .judgedMet: return t("judged: met", "판정: 달성", "判定: 達成")
        case .judgedNotMet: return t("judged: not met", "판정: 미달성", "判定: 未達成")
        case .judgedWithin: return t("judged: within the limit", "판정: 한도 지킴", "判定: 上限内")
        case .judgedOver: return t("judged: over the limit", "판정: 한도 초과", "判定: 上限超過")
        case .valueOf: return t(" (%1 of %2)", " (%2 중 %1)", " (%2 中 %1)")
        case .limitDone: return t(" (limit %1, done %2)", " (한도 %1, 실제 %2)", " (上限 %1、実績 %2)")
        case .notScheduledMet: return t(" (not scheduled: counts as met)", " (수행일 아님: 달성으로 봄)", " (実施日ではない: 達成とみなす)")
        case .skippedSpan: return t("%1 skipped", "%1 건너뜀", "%1 スキップ")
        case .skippedMet: return t(" (skipped: counts as met)", " (건너뜀: 달성으로 봄)", " (スキップ: 達成とみなす)")
        case .daily: return t("daily", "하루", "日次")
        case .weekly: return t("weekly", "주", "週次")
        case .monthly: return t("monthly", "월", "月次")
        case .custom: return t("custom", "특정 기간", "期間")
        case .everyDay: return t("every day", "매일", "毎日")
        case .everyWeek: return t("every week", "매주", "毎週")
        case .everyMonth: return t("every month", "매달", "毎月")
        case .monthDays: return t("days %1 of the month", "매달 %1일", "毎月%1日")
        case .ordinalWeekday: return t("the %1 %2 of the month", "매달 %1 %2", "毎月第%1%2")

        case .nothingRecordedFrom: return t("nothing recorded from %1 to %2", "%1부터 %2까지 기록 없음", "%1 から %2 まで記録なし")
        case .unitDay: return t("day", "일", "日")
        case .unitWeek: return t("week", "주", "週")
        case .unitMonth: return t("month", "월", "月")
        case .unitYear: return t("year", "연", "年")
        case .total: return t("total", "합계", "合計")
        case .averagePer: return t("average per %1 (%2)", "%1 평균 (%2)", "%1平均 (%2)")
        case .trend: return t("trend", "추이", "推移")

        case .nothingWritten: return t("(nothing written)", "(쓴 내용 없음)", "(記入なし)")
        case .summary: return t("summary", "요약", "概要")
        case .recordsCount: return t("%1 records", "기록 %1개", "記録 %1件")
        case .todosDone: return t("to-dos %1/%2", "할 일 %1/%2", "やること %1/%2")
        case .dayGoals: return t("goals", "이 날의 목표", "この日の目標")
        case .todos: return t("to-dos", "할 일", "やること")
        case .timetable: return t("timetable", "타임테이블", "タイムテーブル")
        case .recordDetails: return t("records", "기록 상세", "記録の詳細")
        case .bars: return t("bars", "통계 막대", "統計バー")
        case .moodPhoto: return t("mood photo", "기분 사진", "気分の写真")
        case .attachment: return t("attachment %1", "첨부 %1", "添付 %1")
        case .erased: return t("erased (%1)", "지워짐 (%1)", "消去済み (%1)")
        case .missingBlob: return t("missing", "없음", "なし")
        case .to: return t("to", "~", "〜")
        case .now: return t("now", "지금", "現在")
        case .seeHelp: return t("(see '%1')", "('%1' 참고)", "('%1' を参照)")
        case .listedBy: return t("; `%1` lists them", "; 목록은 `%1`", "; 一覧は `%1`")
        case .started: return t("Started %1 at %2 (session %3).", "%1 측정을 시작했습니다: %2 (기록 %3).", "%1 の計測を始めました: %2 (記録 %3)。")
        case .stopped: return t("Stopped %1 after %2.", "%1 측정을 끝냈습니다: %2.", "%1 の計測を終えました: %2。")
        case .counted: return t("Counted %1 %2.", "%2 %1회를 기록했습니다.", "%2 を%1回記録しました。")
        case .countedIn: return t("Counted %1 of %2.", "%2 %1을(를) 기록했습니다.", "%2 を%1記録しました。")
        case .discardedAtOnce:
            return t("Discarded %1: stopped the second it started.", "%1 기록을 버렸습니다: 시작한 그 초에 멈췄습니다.", "%1 の記録を破棄しました: 始めた秒に止めました。")
        case .discardedShort:
            return t(
                "Discarded %1: %2 is shorter than the minimum of %3.", "%1 기록을 버렸습니다: %2은(는) 최소 %3보다 짧습니다.",
                "%1 の記録を破棄しました: %2 は最小の %3 より短いです。")
        case .todoAdded: return t("Added a to-do to %1 (id %2).", "%1에 할 일을 추가했습니다 (id %2).", "%1 にやることを追加しました (id %2)。")
        case .todoDone: return t("Done: %1.", "완료: %1.", "完了: %1。")
        case .todoUndone: return t("Not done: %1.", "완료 취소: %1.", "未完了に戻しました: %1。")
        case .todoEdited: return t("Edited the to-do %1.", "할 일 %1을(를) 고쳤습니다.", "やること %1 を編集しました。")
        case .todoDeleted:
            return t(
                "Deleted the to-do %1 (`haru restore %2` brings it back).", "할 일 %1을(를) 지웠습니다 (`haru restore %2`로 되살립니다).",
                "やること %1 を削除しました (`haru restore %2` で戻せます)。")
        case .diaryWritten: return t("Wrote the diary page of %1.", "%1 일기를 썼습니다.", "%1 の日記を書きました。")
        case .filesKept: return t(" (%1 files kept)", " (파일 %1개 보관)", " (ファイル%1件を保存)")
        case .calendarEvents: return t("calendar events", "캘린더 일정", "カレンダーの予定")
        case .colName: return t("NAME", "이름", "名前")
        case .colTracking: return t("TRACKING", "추적 방식", "記録方式")
        case .colTags: return t("TAGS", "꼬리표", "タグ")
        case .colSymbol: return t("SYMBOL", "아이콘", "アイコン")
        case .colColor: return t("COLOR", "색", "色")
        case .colFav: return t("FAV", "즐겨찾기", "お気に入り")
        case .colOrder: return t("ORDER", "순서", "順序")
        // The app writes ID in every language (its CSV headers).
        case .colID: return t("ID", "ID", "ID")
        case .colActions: return t("ACTIONS", "행동", "行動")
        case .colTitle: return t("TITLE", "제목", "タイトル")
        case .colDates: return t("DATES", "기간", "期間")
        case .colThreshold: return t("THRESHOLD", "달성 기준", "達成基準")
        case .colStatus: return t("STATUS", "상태", "状態")
        case .colElapsed: return t("ELAPSED", "경과", "経過")
        case .colGoal: return t("GOAL", "목표", "目標")
        case .colTarget: return t("TARGET", "대상", "対象")
        case .colRule: return t("RULE", "기준", "基準")
        case .colPeriod: return t("PERIOD", "주기", "周期")
        case .colDays: return t("DAYS", "수행일", "実施日")
        case .colDeadline: return t("DEADLINE", "마감", "締め切り")
        case .noActionsListed: return t("No actions.", "행동이 없습니다.", "行動はありません。")
        case .noTagsListed: return t("No tags.", "꼬리표가 없습니다.", "タグはありません。")
        case .noGoalsListed: return t("No goals.", "목표가 없습니다.", "目標はありません。")
        case .noQuestsListed: return t("No quests.", "다짐이 없습니다.", "クエストはありません。")
        case .colNote: return t("NOTE", "메모", "メモ")
        case .colUnit: return t("UNIT", "단위", "単位")
        case .noSkipsListed: return t("No skipped days.", "건너뛴 날이 없습니다.", "スキップした日はありません。")
        case .tracksTime: return t("time", "시간", "時間")
        case .tracksCount: return t("count", "횟수", "回数")
        case .atLeastAmount: return t("at least %1", "%1 이상", "%1以上")
        case .atMostAmount: return t("at most %1", "%1 이하", "%1以下")
        case .tagMark: return t(" (tag)", " (꼬리표)", " (タグ)")
        case .statusInProgress: return t("in_progress", "진행 중", "進行中")
        case .statusAchieved: return t("achieved", "달성", "達成")
        case .statusNotAchieved: return t("not_achieved", "미달성", "未達成")
        case .statusNeedsConfirmation: return t("needs_confirmation", "확인 필요", "確認が必要")
        case .statusDeleted: return t("deleted", "삭제됨", "削除済み")
        case .syncSent: return t("%1: sent %2 events, received %3", "%1: 보냄 %2건, 받음 %3건", "%1: 送信 %2件、受信 %3件")
        case .syncOtherDevices: return t(" (%1 other devices)", " (다른 기기 %1대)", " (ほかの端末 %1台)")
        case .syncFromDevices: return t(" from %1 other devices", " (다른 기기 %1대에서)", " (ほかの端末 %1台から)")
        case .syncHeld: return t(", %1 held already", ", %1건은 이미 있음", "、%1件は受信済み")
        case .syncWaiting:
            return t(
                "  waiting for an earlier file of device %1 (the sync tool has not delivered it yet)",
                "  기기 %1의 앞선 파일을 기다리는 중 (동기화 도구가 아직 전하지 않았습니다)",
                "  端末 %1 の前のファイルを待っています (同期ツールがまだ届けていません)")
        case .syncIncomplete:
            return t(
                "  waiting for %1 to arrive whole (what has arrived was read; the rest is read when it comes)",
                "  %1 파일이 다 도착하기를 기다리는 중 (도착한 부분은 읽었고, 나머지는 오면 읽습니다)",
                "  %1 が届き切るのを待っています (届いた分は読みました。残りは届いたら読みます)")
        case .syncFuture:
            return t(
                "  held back: %1 (dated more than a day after this device's clock: a clock set wrong, or a forged line); merged once the clock reaches them",
                "  보류: %1건 (이 기기 시계보다 하루 넘게 앞선 날짜: 시계가 틀렸거나 위조된 줄); 시계가 그때에 이르면 합칩니다",
                "  保留: %1件 (この端末の時計より1日以上先の日時: 時計の誤りか偽の行); 時計が追いついたら取り込みます")
        case .syncErased:
            return t(
                "  erased here: %1 (the devices that made them erased their text)",
                "  여기서도 지움: %1건 (만든 기기에서 글을 지웠습니다)",
                "  ここでも消去: %1件 (作った端末で文章が消去されました)")
        case .syncRewritten:
            return t(
                "  written again without erased text: %1",
                "  지운 글 없이 다시 씀: %1",
                "  消去した文章を除いて書き直し: %1")
        case .syncNotRead: return t("  not read: %1: %2", "  읽지 못함: %1: %2", "  読めませんでした: %1: %2")
        case .syncLeftOut:
            return t("  left out: event %1 is here with other content", "  제외: 사건 %1이(가) 다른 내용으로 이미 있습니다", "  除外: イベント %1 は別の内容ですでにあります")
        case .syncConflicts:
            return t(
                "  %1 conflicts (kept in the log without effect; `haru log --from N` shows it):",
                "  충돌 %1건 (기록에 남기되 효과는 없음; `haru log --from N`으로 볼 수 있습니다):",
                "  競合 %1件 (ログに残し効果なし; `haru log --from N` で見られます):")
        case .conflictWithoutEffect:
            return t(
                "%1  %2 %3(made %4): %5; take: apply it again",
                "%1  %2 %3(%4에 기록): %5; take: 다시 적용",
                "%1  %2 %3(%4 に記録): %5; take: もう一度適用")
        case .conflictDiaryField:
            return t(
                "%1  diary %2: %3 is %4 (written %5); the other device wrote %6; take: write that",
                "%1  일기 %2: %3은(는) %4 (%5에 씀); 다른 기기는 %6(으)로 썼습니다; take: 그 값으로 씀",
                "%1  日記 %2: %3 は %4 (%5 に記入); ほかの端末は %6 と書きました; take: それを書く")
        case .conflictWaiting:
            return t(
                "%1  %2 %3(made %4): waits for action %5, deleted on another device; take: restore %5",
                "%1  %2 %3(%4에 기록): 다른 기기에서 지운 행동 %5을(를) 기다립니다; take: %5 되살리기",
                "%1  %2 %3(%4 に記録): ほかの端末で削除された行動 %5 を待っています; take: %5 を復元")
        case .conflictValueNone: return t("nothing", "없음", "なし")
        case .tookAgain: return t("Applied %1 (%2) again.", "%1 (%2)을(를) 다시 적용했습니다.", "%1 (%2) をもう一度適用しました。")
        case .tookAgainRestored:
            return t(
                "Applied %1 (%2) again, after restoring what it is about.", "대상을 되살린 뒤 %1 (%2)을(를) 다시 적용했습니다.",
                "対象を復元してから %1 (%2) をもう一度適用しました。")
        case .tookDiaryField:
            return t("Wrote the other %1 to the page of %2.", "%2 일기에 다른 쪽 %1을(를) 썼습니다.", "%2 の日記にもう一方の %1 を書きました。")
        case .tookRestoredAction:
            return t(
                "Restored action %1: its records count again.", "행동 %1을(를) 되살렸습니다: 그 기록이 다시 셉니다.",
                "行動 %1 を復元しました: その記録がまた数えられます。")
        case .noConflicts: return t("No conflicts are open.", "열린 충돌이 없습니다.", "未解決の競合はありません。")
        case .openConflicts: return t("%1 open conflicts:", "열린 충돌 %1건:", "未解決の競合 %1件:")
        case .conflictsTakeHint:
            return t(
                "`haru conflicts take ID` takes the other side (an ordinary event); to keep what is there, change the subject again.",
                "`haru conflicts take ID`로 다른 쪽을 택합니다 (보통의 사건으로 기록); 지금 것을 두려면 그 대상을 다시 고치세요.",
                "`haru conflicts take ID` でもう一方を採ります (通常のイベントとして記録); 今のままにするには対象をもう一度変更してください。")
        case .syncOpenConflicts:
            return t(
                "  %1 conflicts open (`haru conflicts` lists them)", "  열린 충돌 %1건 (`haru conflicts`로 볼 수 있습니다)",
                "  未解決の競合 %1件 (`haru conflicts` で一覧できます)")
        case .syncWaitingRecords:
            return t(
                "  %1 records made on a device after another deleted their action: kept, uncounted until it is restored",
                "  다른 기기에서 행동을 지운 뒤에 만든 기록 %1건: 남겨 두되, 행동을 되살릴 때까지 세지 않습니다",
                "  ほかの端末で行動を削除した後に作られた記録 %1件: 残しますが、行動を復元するまで数えません")
        case .noteNotKept: return t(" The note was not kept.", " 메모는 남기지 않았습니다.", " メモは残していません。")
        case .tagMeasuresNothingTime:
            return t(
                "Note: no action with the tag %1 tracks time: the quest adds up nothing until one does",
                "참고: 꼬리표 %1이(가) 붙은 행동 중 시간 기록 행동이 없습니다: 생길 때까지 이 다짐은 아무것도 세지 않습니다",
                "注意: タグ %1 の付いた行動に時間記録の行動がありません: できるまでこのクエストは何も数えません")
        case .tagMeasuresNothingCount:
            return t(
                "Note: no action with the tag %1 tracks counts: the quest adds up nothing until one does",
                "참고: 꼬리표 %1이(가) 붙은 행동 중 횟수 기록 행동이 없습니다: 생길 때까지 이 다짐은 아무것도 세지 않습니다",
                "注意: タグ %1 の付いた行動に回数記録の行動がありません: できるまでこのクエストは何も数えません")
        case .readWithoutLock:
            return t(
                "Note: this ledger is read-only here; it is read without LMDB's lock file, so a writer elsewhere could change it under this read.",
                "참고: 여기서는 이 기록장을 읽기만 할 수 있어 LMDB 잠금 파일 없이 읽습니다. 다른 곳에서 쓰는 중이면 읽는 동안 바뀔 수 있습니다.",
                "注意: ここではこの台帳は読み取り専用のため、LMDB のロックファイルなしで読みます。別の場所で書き込み中なら、読む間に変わることがあります。")
        case .formerName:
            return t(
                "Note: \"%1\" is what \"%2\" was called before; it is \"%2\" now.",
                "참고: \"%1\"은(는) \"%2\"의 예전 이름입니다; 지금 이름은 \"%2\"입니다.",
                "注: 「%1」は「%2」の以前の名前です。今は「%2」です。")
        case .syncMadeOneAction:
            return t(
                "  %1: made on two devices; one action now (the records of both count for it)",
                "  %1: 두 기기에서 만든 같은 행동을 하나로 합쳤습니다 (양쪽 기록이 모두 이 행동에 셉니다)",
                "  %1: 2台の端末で作られた同じ行動を1つにしました (両方の記録がこの行動に数えられます)")
        case .syncMadeOneTag:
            return t(
                "  %1: made on two devices; one tag now",
                "  %1: 두 기기에서 만든 같은 태그를 하나로 합쳤습니다",
                "  %1: 2台の端末で作られた同じタグを1つにしました")
        case .syncRenamed:
            return t(
                "  %1: made on two devices, tracking differently; this one is called %2 now (rename either with `haru action edit`)",
                "  %1: 두 기기에서 추적 방식을 달리해 만들었습니다; 이쪽은 이제 %2(이)라고 부릅니다 (`haru action edit`로 이름을 바꿀 수 있습니다)",
                "  %1: 2台の端末で記録方法を変えて作られました; こちらは %2 と呼びます (`haru action edit` で名前を変えられます)")
        case .syncJoinedSessions:
            return t(
                "  %1 sessions started on two devices while the other ran: one session each now, stopped by either",
                "  다른 기기에서 재는 중에 시작한 측정 %1개: 이제 하나로 재며, 어느 기기에서든 멈출 수 있습니다",
                "  ほかの端末で計測中に開始したセッション %1件: 1つにまとめ、どちらの端末でも止められます")
        case .checkPassed: return t("ok: %1 assertions in %2 files", "정상: 파일 %2개의 단언 %1개", "正常: ファイル %2 個の表明 %1 件")
        case .checkFailed: return t("FAILED: %1 of %2 assertions", "실패: 단언 %2개 중 %1개", "失敗: 表明 %2 件中 %1 件")
        case .webServing: return t("haru web: %1", "haru web 주소: %1", "haru web のアドレス: %1")
        case .webNotAPort:
            return t("--port: %1 is not a port (0 … 65535)", "--port: %1은(는) 포트가 아닙니다 (0 … 65535)", "--port: %1 はポートではありません (0 … 65535)")
        case .webNeedsTheProgram:
            return t("haru web runs only as the haru program itself", "haru web은 haru 프로그램으로만 실행됩니다", "haru web は haru プログラムとしてのみ動きます")
        case .webStops: return t("Ctrl-C stops it.", "Ctrl-C로 멈춥니다.", "Ctrl-C で止まります。")
        case .webStopped: return t("Stopped.", "멈췄습니다.", "止めました。")
        case .webOpenYourself:
            return t(
                "Could not start xdg-open; open %1 yourself.", "xdg-open을 실행하지 못했습니다. %1을 직접 여세요.", "xdg-open を起動できませんでした。%1 を開いてください。")
        case .webListening:
            return t(
                "Listening on %1: anyone who can reach it and has the URL's token can read and write this ledger.",
                "%1에서 받습니다: 이 주소에 닿고 URL의 토큰을 가진 사람은 누구나 이 기록을 읽고 쓸 수 있습니다.",
                "%1 で待ち受けます: ここに届き URL のトークンを持つ人は誰でもこの記録を読み書きできます。")
        case .syncNewDevice:
            return t(
                "This ledger is now device %1 (it was %2, which the ledger it was copied from keeps).",
                "이 기록장은 이제 기기 %1입니다 (원래 %2였고, 복사해 온 기록장이 그 id를 그대로 씁니다).",
                "この台帳は端末 %1 になりました (元は %2 で、コピー元の台帳がその id を使い続けます)。")
        case .syncCopied:
            return t(
                "this ledger was copied from another ledger's folder (a copy, a restored backup, a move to another disk), so it has that ledger's device id (%1); two ledgers sending as one device lose each other's events. Nothing was sent or received. Make this one a device of its own: haru sync --new-device",
                "이 기록장은 다른 기록장 폴더를 복사한 것이라 (복사, 백업에서 복원, 다른 디스크로 이동) 그 기록장의 기기 id(%1)를 갖고 있습니다. 두 기록장이 한 기기로 보내면 서로의 기록을 잃습니다. 아무것도 보내거나 받지 않았습니다. 이 기록장을 따로 한 기기로 만드세요: haru sync --new-device",
                "この台帳はほかの台帳のフォルダーをコピーしたもので (コピー、バックアップからの復元、別のディスクへの移動)、その台帳の端末 id (%1) を持っています。2つの台帳が1台の端末として送ると互いの記録を失います。何も送受信していません。この台帳を別の端末にしてください: haru sync --new-device"
            )
        case .syncJoined:
            return t(
                "Made %1: device %2 of the history in %3; `haru sync` keeps it in step.",
                "%1을(를) 만들었습니다: %3의 기록을 함께 쓰는 기기 %2; `haru sync`로 맞춰 갑니다.",
                "%1 を作成しました: %3 の履歴を共有する端末 %2; `haru sync` で同期し続けます。")
        case .createdLedger:
            return t("Created ledger at %1 (time zone %2%3).", "%1에 기록장을 만들었습니다 (시간대 %2%3).", "%1 に台帳を作成しました (タイムゾーン %2%3)。")
        case .createdTag: return t("Created tag %1 (id %2).", "꼬리표 %1을(를) 만들었습니다 (id %2).", "タグ %1 を作成しました (id %2)。")
        case .createdAction: return t("Created action %1 (id %2).", "행동 %1을(를) 만들었습니다 (id %2).", "行動 %1 を作成しました (id %2)。")
        case .createdGoal: return t("Created goal \"%1\" (id %2).", "목표 \"%1\"을(를) 만들었습니다 (id %2).", "目標「%1」を作成しました (id %2)。")
        case .diaryDeleted:
            return t(
                "Deleted the diary page of %1 (`haru restore %1` brings it back).", "%1 일기를 지웠습니다 (`haru restore %1`로 되살립니다).",
                "%1 の日記を削除しました (`haru restore %1` で戻せます)。")
        case .todoNumber:
            return t(
                "%1 has %2 to-dos: give 1 to %2, or an id", "%1에는 할 일이 %2개 있습니다: 1부터 %2까지의 번호나 id를 주세요",
                "%1 のやることは%2件です: 1〜%2 の番号か id を指定してください")
        }
    }
}

/// A catalogue of phrases in the three languages: `Phrase`, and the
/// catalogues of one concern each (`Done`, `Refusal`, `ViewWords`). Each is
/// an enum whose `text` switch names all three languages for every case, so
/// a phrase without a translation does not compile, and
/// `LanguageTests.theCatalogueHasEveryPhraseInEveryLanguage` checks them all.
protocol Catalogue: CaseIterable, Sendable {
    func text(_ l: Language) -> String
}

extension Catalogue {
    /// The phrase in `language` with `%1` … `%9` replaced by `values`.
    func filled(_ language: Language, _ values: [String]) -> String {
        let out = Placeholders.fill(text(language), values)
        // `%1을(를)` → `독서를`: the particle the value takes.
        return language == .ko ? KoreanParticles.resolve(out) : out
    }
}

/// `t(en, ko, ja)`: the text of a phrase in `l`.
func pick(_ l: Language, _ en: String, _ ko: String, _ ja: String) -> String {
    switch l {
    case .en: en
    case .ko: ko
    case .ja: ja
    }
}
