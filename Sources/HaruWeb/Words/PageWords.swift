/// The page's words in English, Korean and Japanese: every label, button and
/// message the page shows, and the refusals its writes get. The terms are
/// the app's own (모음, 기록, 통계, 일기, 타임테이블, 수행일 아님, 다짐 없음);
/// Docs/web.md lists the ones chosen here. A word without all three
/// languages does not compile (`text` switches over every case).

import HaruLedger

/// A language of the page.
public enum PageLanguage: String, Sendable, CaseIterable {
    case en, ko, ja
}

enum PageWord: String, CaseIterable {
    case today, records, statistics, diary, timetable
    case start, stop, add, cancel, save, edit, delete, restore, undo, close
    case runningSince, together, todayTotal, goals, noActions, noGoals, noQuests, notScheduled, skippedDay
    case daySpan, weekSpan, monthSpan, kept, over, atLeast, atMost, streak, best
    case inProgress, achieved, notAchieved, needsConfirmation
    case previousDay, nextDay, thisDay, noRecords, deleted, discarded, running, amount, startTime, endTime, note
    case groupBy, rowsPer, filter, everything, byAction, byTag, everyDay, everyWeek, everyMonth, wholeRange, from, to, total, averagePer,
        nothingRecorded, show
    case mood, text, todos, attachments, noPage, written, noTodos
    case language, theme, light, dark, system, live, offline, week, dayView
    case done, times
    case undone, saved, failed, confirmDelete
    case startedIt, stoppedIt, discardedIt, cancelledIt, countedIt, editedIt, deletedIt, restoredIt

    /// The word with `%1`, `%2` … filled in.
    func text(_ l: PageLanguage, _ values: String...) -> String { text(l).filled(values) }

    func text(_ l: PageLanguage) -> String {
        let (en, ko, ja) = forms
        switch l {
        case .en: return en
        case .ko: return ko
        case .ja: return ja
        }
    }

    private var forms: (String, String, String) {
        switch self {
        case .today: ("Today", "모음", "まとめ")
        case .records: ("Records", "기록", "記録")
        case .statistics: ("Statistics", "통계", "統計")
        case .diary: ("Diary", "일기", "日記")
        case .timetable: ("Timetable", "타임테이블", "タイムテーブル")
        case .start: ("Start", "시작", "開始")
        case .stop: ("Stop", "종료", "終了")
        case .add: ("Add", "추가", "追加")
        case .cancel: ("Cancel", "취소", "キャンセル")
        case .save: ("Save", "저장", "保存")
        case .edit: ("Edit", "수정", "編集")
        case .delete: ("Delete", "삭제", "削除")
        case .restore: ("Restore", "복원", "復元")
        case .undo: ("Undo", "되돌리기", "元に戻す")
        case .close: ("Close", "닫기", "閉じる")
        case .runningSince: ("running since %1", "%1부터 측정 중", "%1から計測中")
        case .together: ("+%1 together", "외 %1개 함께", "ほか%1件")
        case .todayTotal: ("today %1", "오늘 %1", "今日 %1")
        case .goals: ("Goals", "목표", "目標")
        case .noActions:
            (
                "No actions yet: add one with `haru action add NAME`.", "아직 행동이 없어요. `haru action add 이름`으로 추가하세요.",
                "まだ行動がありません。`haru action add 名前` で追加できます。"
            )
        case .noGoals: ("No goals.", "목표가 없어요.", "目標がありません。")
        case .noQuests: ("No quests", "다짐 없음", "クエストなし")
        case .notScheduled: ("Not a scheduled day", "수행일 아님", "実施日ではありません")
        case .skippedDay: ("Skipped", "건너뜀", "スキップ")
        case .daySpan: ("Day", "하루", "日")
        case .weekSpan: ("Week", "주", "週")
        case .monthSpan: ("Month", "월", "月")
        case .kept: ("kept", "한도 지킴", "上限内")
        case .over: ("over", "초과", "超過")
        case .atLeast: ("at least %1", "%1 이상", "%1以上")
        case .atMost: ("at most %1", "%1 이하", "%1以下")
        case .streak: ("streak %1", "연속 %1", "連続%1")
        case .best: ("best %1", "최고 %1", "最高%1")
        case .inProgress: ("in progress", "진행 중", "進行中")
        case .achieved: ("achieved", "달성", "達成")
        case .notAchieved: ("not achieved", "미달성", "未達成")
        case .needsConfirmation: ("to confirm", "확인 필요", "確認待ち")
        case .previousDay: ("Previous day", "이전 날", "前の日")
        case .nextDay: ("Next day", "다음 날", "次の日")
        case .thisDay: ("Today", "오늘", "今日")
        case .noRecords: ("Nothing recorded on this day.", "이 날의 기록이 없어요.", "この日の記録はありません。")
        case .deleted: ("deleted", "삭제됨", "削除済み")
        case .discarded: ("discarded", "무시됨", "破棄")
        case .running: ("running", "측정 중", "計測中")
        case .amount: ("Amount", "횟수", "回数")
        case .startTime: ("Start", "시작 시각", "開始時刻")
        case .endTime: ("End", "종료 시각", "終了時刻")
        case .note: ("Note", "메모", "メモ")
        case .filter: ("Only", "필터", "絞り込み")
        case .everything: ("Everything", "전체", "すべて")
        case .groupBy: ("Group", "묶음", "まとめ方")
        case .rowsPer: ("Rows", "구간", "区切り")
        case .byAction: ("By action", "행동별", "行動別")
        case .byTag: ("By tag", "꼬리표별", "タグ別")
        case .everyDay: ("Per day", "하루별", "日ごと")
        case .everyWeek: ("Per week", "주별", "週ごと")
        case .everyMonth: ("Per month", "월별", "月ごと")
        case .wholeRange: ("Whole range", "기간 전체", "期間全体")
        case .from: ("From", "시작일", "開始日")
        case .to: ("To", "종료일", "終了日")
        case .total: ("Total", "합계", "合計")
        case .averagePer: ("Average per %1", "%1 평균", "%1平均")
        case .nothingRecorded: ("Nothing recorded in this range.", "이 기간의 기록이 없어요.", "この期間の記録はありません。")
        case .show: ("Show", "보기", "表示")
        case .mood: ("Mood", "기분", "気分")
        case .text: ("Writing", "필기", "本文")
        case .todos: ("To-dos", "할 일", "やること")
        case .attachments: ("Attachments", "첨부", "添付")
        case .noPage: ("Nothing written on this day.", "이 날 쓴 일기가 없어요.", "この日の日記はありません。")
        case .written: ("Saved.", "저장했어요.", "保存しました。")
        case .noTodos: ("No to-dos.", "할 일이 없어요.", "やることはありません。")
        case .language: ("Language", "언어", "言語")
        case .theme: ("Theme", "테마", "テーマ")
        case .light: ("Light", "밝게", "ライト")
        case .dark: ("Dark", "어둡게", "ダーク")
        case .system: ("System", "시스템", "システム")
        case .live: ("Live", "실시간", "リアルタイム")
        case .offline: ("Reconnecting…", "다시 연결 중…", "再接続中…")
        case .week: ("Week", "일주일", "1週間")
        case .dayView: ("Day", "하루", "1日")
        case .done: ("done %1", "수행 %1", "実績 %1")
        case .times: ("×%1", "%1회", "%1回")
        case .undone: ("Undone.", "되돌렸어요.", "元に戻しました。")
        case .saved: ("Saved.", "저장했어요.", "保存しました。")
        case .failed: ("Not written: %1", "기록하지 않았어요: %1", "書き込みませんでした: %1")
        case .startedIt: ("Started %1.", "%1 시작.", "%1を開始しました。")
        case .stoppedIt: ("Stopped %1: %2.", "%1 종료: %2.", "%1を終了しました: %2。")
        case .discardedIt: ("%1 ran %2, under the shortest session kept: not counted.", "%1 %2: 짧은 기록이라 무시했어요.", "%1 %2: 短い記録のため数えません。")
        case .cancelledIt: ("Cancelled %1: nothing counted.", "%1 취소: 기록하지 않았어요.", "%1を取り消しました: 記録していません。")
        case .countedIt: ("%1 +%2.", "%1 +%2.", "%1 +%2。")
        case .editedIt: ("Edited %1's record.", "%1 기록을 수정했어요.", "%1の記録を編集しました。")
        case .deletedIt: ("Deleted %1's record.", "%1 기록을 삭제했어요.", "%1の記録を削除しました。")
        case .restoredIt: ("Restored %1's record.", "%1 기록을 복원했어요.", "%1の記録を復元しました。")
        case .confirmDelete: ("Delete this record?", "이 기록을 삭제할까요?", "この記録を削除しますか？")
        }
    }

    /// A kind of thing the ledger's rules name (`action`, `session` …), in the page's language.
    static func thing(_ kind: String, _ l: PageLanguage) -> String {
        let words: [String: (String, String)] = [
            "action": ("행동", "行動"), "tag": ("꼬리표", "タグ"), "goal": ("목표", "目標"), "quest": ("다짐", "クエスト"),
            "session": ("기록", "記録"), "count entry": ("기록", "記録"), "to-do": ("할 일", "やること"), "todo": ("할 일", "やること"),
        ]
        guard l != .en, let (k, j) = words[kind] else { return kind }
        return l == .ko ? k : j
    }
}

/// The refusals a write gets, by the library's reason, in the page's language.
enum RefusalWord: CaseIterable {
    case alreadyRunning, notRunning, nothingRunning, severalRunning, tooFarAhead, endsBeforeStart, longSession, stillRunning
    case nothingToChange, recordGone, notDeleted, unknown, nothingToUndo, emptyPage, invalid, badRequest, badTime, badDay
    case forbidden, notFound
    // The ledger's rules a page's write can break (`InputError.Broken`).
    case amountRange, amountRangeIn, tooManyPlaces, tracksCount, tracksTime, todoDone, todoNotDone, noSuchThing, deletedThing,
        sessionNotRunning

    func text(_ l: PageLanguage, _ values: [String]) -> String {
        let (en, ko, ja) = forms
        return (l == .en ? en : l == .ko ? ko : ja).filled(values)
    }

    private var forms: (String, String, String) {
        switch self {
        case .alreadyRunning: ("%1 has been running since %2.", "%1은(는) %2부터 이미 측정 중이에요.", "%1は%2から計測中です。")
        case .notRunning: ("%1 is not running.", "%1은(는) 측정 중이 아니에요.", "%1は計測中ではありません。")
        case .nothingRunning: ("Nothing is running.", "측정 중인 행동이 없어요.", "計測中の行動はありません。")
        case .severalRunning: ("%1 sessions are running; pick the action.", "%1개가 측정 중이에요. 행동을 고르세요.", "%1件が計測中です。行動を選んでください。")
        case .tooFarAhead: ("%1 is more than a day ahead.", "%1은(는) 하루 넘게 앞선 시각이에요.", "%1は1日以上先の時刻です。")
        case .endsBeforeStart: ("It would end (%2) before it starts (%1).", "종료(%2)가 시작(%1)보다 빨라요.", "終了（%2）が開始（%1）より前です。")
        case .longSession:
            ("%1 would run %2, over the long-session limit of %3 h.", "%1 기록이 %2로, 장시간 측정 한도 %3시간을 넘어요.", "%1の記録が%2になり、長時間の上限%3時間を超えます。")
        case .stillRunning:
            ("%1 is still running; stop it to set its end.", "%1은(는) 아직 측정 중이에요. 종료한 뒤 끝 시각을 바꾸세요.", "%1はまだ計測中です。終了してから終了時刻を変えてください。")
        case .nothingToChange: ("Nothing to change.", "바꿀 것이 없어요.", "変更する内容がありません。")
        case .recordGone: ("That record was %1.", "이미 %1 기록이에요.", "その記録はすでに%1です。")
        case .notDeleted: ("That record is not deleted.", "삭제된 기록이 아니에요.", "削除された記録ではありません。")
        case .unknown: ("Nothing has the id %1.", "%1 기록이 없어요.", "%1の記録はありません。")
        case .nothingToUndo: ("Nothing to undo.", "되돌릴 것이 없어요.", "元に戻すものはありません。")
        case .emptyPage: ("The page would be empty.", "일기가 비게 돼요.", "日記が空になります。")
        case .invalid: ("Refused: %1", "거부됨: %1", "拒否されました: %1")
        case .badRequest: ("Bad request: %1", "잘못된 요청: %1", "不正なリクエスト: %1")
        case .badTime: ("%1: %2 is not a time (write 13:05).", "%1: %2은(는) 시각이 아니에요 (13:05처럼 쓰세요).", "%1: %2は時刻ではありません（13:05のように書いてください）。")
        case .badDay: ("%1 is not a day (write 2026-03-04).", "%1은(는) 날짜가 아니에요 (2026-03-04처럼 쓰세요).", "%1は日付ではありません（2026-03-04のように書いてください）。")
        case .forbidden:
            (
                "Refused: this page's token or origin is missing or wrong; reload the page from haru web's address.",
                "거부됨: 페이지의 토큰이나 출처가 맞지 않아요. haru web 주소에서 페이지를 다시 여세요.", "拒否されました: ページのトークンまたはオリジンが正しくありません。haru web のアドレスから開き直してください。"
            )
        case .notFound: ("No such page.", "없는 페이지예요.", "そのページはありません。")
        case .amountRange:
            ("Give a whole number from %1 to %2 (got %3).", "%1부터 %2까지의 정수를 주세요 (받은 값 %3).", "%1から%2までの整数を指定してください（受け取った値 %3）。")
        case .amountRangeIn:
            ("Give an amount from %1 to %2 (got %3).", "%1부터 %2까지의 양을 주세요 (받은 값 %3).", "%1から%2までの量を指定してください（受け取った値 %3）。")
        case .tooManyPlaces:
            ("%1 has more decimal places than this action keeps (%2).", "%1은(는) 이 행동의 소수 자릿수(%2자리)보다 길어요.", "%1 はこの行動の小数桁数（%2 桁）より細かい値です。")
        case .tracksCount: ("%1 counts; it has no timer.", "%1은(는) 횟수를 세는 행동이라 타이머가 없어요.", "%1は回数を記録する行動なので、タイマーはありません。")
        case .tracksTime: ("%1 is timed; start it instead.", "%1은(는) 시간을 재는 행동이에요. 시작을 누르세요.", "%1は時間を記録する行動です。開始を押してください。")
        case .todoDone: ("That to-do is done already.", "이미 완료한 할 일이에요.", "すでに完了したやることです。")
        case .todoNotDone: ("That to-do is not done.", "완료하지 않은 할 일이에요.", "完了していないやることです。")
        case .noSuchThing: ("There is no such %1 (%2).", "그런 %1이(가) 없어요 (%2).", "その%1はありません（%2）。")
        case .deletedThing: ("That %1 was deleted (%2).", "지워진 %1이에요 (%2).", "削除された%1です（%2）。")
        case .sessionNotRunning: ("That session is not running.", "측정 중인 기록이 아니에요.", "計測中の記録ではありません。")
        }
    }
}

extension String {
    /// `%1`, `%2` … replaced by `values` (`Placeholders`).
    func filled(_ values: [String]) -> String {
        // `%1은(는)` → `독서는`: the particle the value takes (Korean phrases only have these).
        KoreanParticles.resolve(Placeholders.fill(self, values))
    }
}

extension PageLanguage {
    /// A duration as the terminal writes it in this language (`1h 05m`, `1시간 5분`, `1時間5分`): the same function.
    func duration(_ seconds: Int64) -> String {
        switch self {
        case .en: DurationText.text(seconds)
        case .ko: DurationText.text(seconds, hour: "시간", minute: "분", second: "초", separator: " ")
        case .ja: DurationText.text(seconds, hour: "時間", minute: "分", second: "秒", separator: "")
        }
    }
}
