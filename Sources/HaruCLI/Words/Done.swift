/// What a command says it did — corrections, definitions, exports,
/// maintenance — in the three languages (a `Catalogue`; the everyday
/// recording's words are in `Phrase`). Names, never ids alone: a quest,
/// which has no name, is said by what it asks (`QuestText`).
enum Done: Catalogue {
    case editedTag, deletedTag, editedAction, deletedAction, editedGoal, finishedGoal, confirmedAchieved, confirmedNotAchieved
    case deletedGoal, editedQuest, deletedQuest, addedQuest
    case editedSession, editedCount, deletedSession, deletedCount, cancelled, restored, restoredSession, restoredCount
    case undid, passedOver, overlapWarning, running
    case prefsChanged, settingsChanged, settingsChangedFrom
    case skippedDay, skippedDays, unskipped
    case committedSeqs, createdLedgerAt, notFlushed
    case filterLabel, filterOnly, filterWithout, note, noteIfImported, importChangesWhatIsThere
    case importedThings, importedRunning, importedStopped, importedSessionsEdited, importedSessionsDeleted, importedSessionsRestored
    case importedActionsEdited, importedActionsDeleted, importedOthers, importedAlreadyThere, importedUnchanged
    case importWould, importCreated, imported, importDryRunEnd, importHead, importFrom, importFiles
    case exportedEvents, wroteFile, wroteBytes, wroteCSV, csvRows, rebuiltIntact, rebuiltChanged, compactCopy
    // Why `haru undo` passes over a change.
    case nothingToUndo, nothingReversible, nothingToUndoError, undoListed, undoWith, undoPassed
    case undoBlocked, undoStop, undoDiscard, undoFinish, undoConfirmation, undoSettings, undoRedaction, undoPreferences, undoNotInState

    func text(_ l: Language) -> String {
        func t(_ en: String, _ ko: String, _ ja: String) -> String { pick(l, en, ko, ja) }
        switch self {
        case .editedTag: return t("Edited tag %1.", "꼬리표 %1을(를) 고쳤습니다.", "タグ %1 を編集しました。")
        case .deletedTag: return t("Deleted tag %1.", "꼬리표 %1을(를) 지웠습니다.", "タグ %1 を削除しました。")
        case .editedAction: return t("Edited action %1.", "행동 %1을(를) 고쳤습니다.", "行動 %1 を編集しました。")
        case .deletedAction:
            return t(
                "Deleted action %1 (`haru restore %2` brings it back).", "행동 %1을(를) 지웠습니다 (`haru restore %2`로 되살립니다).",
                "行動 %1 を削除しました (`haru restore %2` で戻せます)。")
        case .editedGoal: return t("Edited goal %1.", "목표 %1을(를) 고쳤습니다.", "目標 %1 を編集しました。")
        case .finishedGoal: return t("Finished goal %1.", "목표 %1을(를) 마쳤습니다.", "目標 %1 を終えました。")
        case .confirmedAchieved:
            return t("Confirmed goal %1 as achieved.", "목표 %1을(를) 달성으로 확인했습니다.", "目標 %1 を達成として確認しました。")
        case .confirmedNotAchieved:
            return t("Confirmed goal %1 as not_achieved.", "목표 %1을(를) 미달성으로 확인했습니다.", "目標 %1 を未達成として確認しました。")
        case .deletedGoal:
            return t(
                "Deleted goal %1 (`haru restore %2` brings it back).", "목표 %1을(를) 지웠습니다 (`haru restore %2`로 되살립니다).",
                "目標 %1 を削除しました (`haru restore %2` で戻せます)。")
        case .editedQuest: return t("Edited quest %1 (%2).", "다짐 '%2'을(를) 고쳤습니다 (id %1).", "クエスト「%2」を編集しました (id %1)。")
        case .deletedQuest: return t("Deleted quest %1 (%2).", "다짐 '%2'을(를) 지웠습니다 (id %1).", "クエスト「%2」を削除しました (id %1)。")
        case .addedQuest:
            return t(
                "Added quest %1 (%3) to goal %2.", "목표 %2에 다짐 '%3'을(를) 추가했습니다 (id %1).", "目標 %2 にクエスト「%3」を追加しました (id %1)。")
        case .editedSession: return t("Edited %1 session %2.", "%1 시간 기록 %2을(를) 고쳤습니다.", "%1 の時間記録 %2 を編集しました。")
        case .editedCount: return t("Edited %1 count %2.", "%1 횟수 기록 %2을(를) 고쳤습니다.", "%1 の回数記録 %2 を編集しました。")
        case .deletedSession:
            return t("Deleted %1 session %2 (from %3).", "%1 시간 기록 %2(%3부터)을(를) 지웠습니다.", "%1 の時間記録 %2 (%3 から) を削除しました。")
        case .deletedCount:
            return t("Deleted %1 count %2 (%3 at %4).", "%1 횟수 기록 %2(%4, %3)을(를) 지웠습니다.", "%1 の回数記録 %2 (%4、%3) を削除しました。")
        case .cancelled:
            return t(
                "Cancelled %1 (running since %2): nothing counted.", "%1 측정(%2부터)을 버렸습니다: 아무것도 세지 않습니다.",
                "%1 の計測 (%2 から) を破棄しました: 何も数えません。")
        case .restored: return t("Restored %1 %2.", "%1 %2을(를) 되살렸습니다.", "%1 %2 を復元しました。")
        case .skippedDay:
            return t(
                "Skipped %1 on %2: it asks nothing of that day (`haru unskip %3` takes it back).",
                "%2에 %1을(를) 건너뜁니다: 그날은 묻지 않습니다 (`haru unskip %3`로 되돌립니다).",
                "%2 の %1 をスキップします: その日は問いません (`haru unskip %3` で取り消せます)。")
        case .skippedDays:
            return t(
                "Paused %1 from %2 through %3: it asks nothing of those days (`haru unskip %4` takes it back).",
                "%2부터 %3까지 %1을(를) 쉽니다: 그동안은 묻지 않습니다 (`haru unskip %4`로 되돌립니다).",
                "%2 から %3 まで %1 を休止します: その間は問いません (`haru unskip %4` で取り消せます)。")
        case .unskipped:
            return t(
                "Took back the skip %1: those days are asked again (`haru restore %2` skips them again).",
                "건너뛰기 %1을(를) 되돌렸습니다: 그날들을 다시 묻습니다 (`haru restore %2`로 다시 건너뜁니다).",
                "スキップ %1 を取り消しました: その日をまた問います (`haru restore %2` でまたスキップします)。")
        case .restoredSession: return t("Restored %1 session %2.", "%1 시간 기록 %2을(를) 되살렸습니다.", "%1 の時間記録 %2 を復元しました。")
        case .restoredCount: return t("Restored %1 count %2.", "%1 횟수 기록 %2을(를) 되살렸습니다.", "%1 の回数記録 %2 を復元しました。")
        case .undid:
            return t(
                "Undid seq %1 (%2 at %3) with %4.", "seq %1(`%2`, %3)을(를) `%4`(으)로 되돌렸습니다.", "seq %1 (`%2`、%3) を `%4` で元に戻しました。")
        case .passedOver: return t("Note: passed over seq %1 (%2): %3", "참고: seq %1(`%2`)을(를) 건너뛰었습니다: %3", "注意: seq %1 (`%2`) を飛ばしました: %3")
        case .overlapWarning:
            return t(
                "Warning: this session overlaps session %1 of the same action (%2); both count. If one is wrong: haru edit %1 --start TIME --end TIME, or haru delete %1",
                "경고: 이 기록은 같은 행동의 기록 %1(%2)과(와) 시간이 겹칩니다. 둘 다 셉니다. 하나가 틀렸다면: `haru edit %1 --start TIME --end TIME` 또는 `haru delete %1`",
                "警告: この記録は同じ行動の記録 %1 (%2) と時間が重なっています。両方を数えます。どちらかが誤りなら: `haru edit %1 --start TIME --end TIME` または `haru delete %1`"
            )
        case .running: return t("running", "측정 중", "計測中")
        case .prefsChanged: return t("Changed the preferences of device %1.", "기기 %1의 환경설정을 바꿨습니다.", "デバイス %1 の環境設定を変更しました。")
        case .settingsChanged: return t("Changed %1.", "설정을 바꿨습니다: %1.", "設定を変更しました: %1。")
        case .settingsChangedFrom:
            return t("Changed %1 for the days from %2 on.", "%2부터의 날들에 설정을 바꿨습니다: %1.", "%2 以降の日の設定を変更しました: %1。")
        case .note: return t("Note: %1", "참고: %1", "注意: %1")
        case .noteIfImported: return t("Note (if imported): %1", "참고 (가져오면): %1", "注意 (取り込んだ場合): %1")
        case .importChangesWhatIsThere:
            return t(
                "Note: this import changes what the ledger holds (it stops, edits or deletes records or definitions listed above); an export older than the last one imported takes back what came since",
                "참고: 이 가져오기는 기록장에 있는 것을 바꿉니다 (위에 적힌 기록이나 정의를 끝내거나, 고치거나, 지웁니다); 마지막으로 가져온 것보다 오래된 내보내기는 그 뒤에 온 것을 되돌립니다",
                "注意: この取り込みは台帳の内容を変えます (上に挙げた記録や定義を終了・編集・削除します)。最後に取り込んだものより古いエクスポートは、その後に来たものを取り消します"
            )
        case .importedThings: return t("%2 %1s", "%1 %2개", "%1 %2件")
        case .importedRunning: return t(" (%1 running)", " (측정 중 %1개)", " (計測中 %1件)")
        case .importedStopped: return t("%1 sessions stopped", "끝낸 시간 기록 %1개", "終了した時間記録 %1件")
        case .importedSessionsEdited: return t("%1 sessions edited", "고친 시간 기록 %1개", "編集した時間記録 %1件")
        case .importedSessionsDeleted: return t("%1 sessions deleted", "지운 시간 기록 %1개", "削除した時間記録 %1件")
        case .importedSessionsRestored: return t("%1 sessions restored", "되살린 시간 기록 %1개", "復元した時間記録 %1件")
        case .importedActionsEdited: return t("%1 actions edited", "고친 행동 %1개", "編集した行動 %1件")
        case .importedActionsDeleted: return t("%1 actions deleted", "지운 행동 %1개", "削除した行動 %1件")
        case .importedOthers: return t("%1 other events", "다른 사건 %1개", "その他のイベント %1件")
        case .importedAlreadyThere: return t("%1 already there", "이미 있음 %1개", "すでにある %1件")
        case .importedUnchanged: return t("%1 intervals already imported as they are", "그대로 가져온 적이 있는 구간 %1개", "そのまま取り込み済みの区間 %1件")
        case .importWould: return t("Would import %1 events", "가져오면 사건 %1개", "取り込むとイベント %1件")
        case .importCreated:
            return t("Created a ledger at %1 and imported %2 events", "%1에 기록장을 만들고 사건 %2개를 가져왔습니다", "%1 に台帳を作成し、イベント %2件を取り込みました")
        case .imported: return t("Imported %1 events", "사건 %1개를 가져왔습니다", "イベント %1件を取り込みました")
        case .importDryRunEnd:
            return t(
                "; nothing written (--dry-run; the ledger is at seq %1).", "; 아무것도 쓰지 않았습니다 (--dry-run; 기록장은 seq %1).",
                "。何も書いていません (--dry-run。台帳は seq %1)。")
        case .importHead: return t("; head seq %1.", "; 머리 seq %1.", "。先頭 seq %1。")
        case .importFrom: return t("from %1: ", "%1에서: ", "%1 から: ")
        case .importFiles: return t("%1 files", "파일 %1개", "ファイル %1個")
        case .committedSeqs: return t("committed seq %1", "seq %1은(는) 커밋되었습니다", "seq %1 はコミット済みです")
        case .createdLedgerAt: return t("created the ledger at %1", "%1에 기록장을 만들었습니다", "%1 に台帳を作成しました")
        case .notFlushed:
            return t(
                "Warning: the events are committed (head seq %1) but not yet flushed to disk (--no-sync): %2. They are in the ledger; a system crash before the disk catches up could lose them. Do not append them again.",
                "경고: 사건은 커밋되었지만 (머리 seq %1) 아직 디스크에 쓰이지 않았습니다 (--no-sync): %2. 사건은 기록장에 있지만, 디스크가 따라잡기 전에 시스템이 멈추면 잃을 수 있습니다. 다시 더하지 마세요.",
                "警告: イベントはコミット済みですが (先頭 seq %1)、まだディスクに書き込まれていません (--no-sync): %2。イベントは台帳にありますが、ディスクが追いつく前にシステムが止まると失われることがあります。もう一度追加しないでください。"
            )
        case .filterLabel: return t("filter: %1", "필터: %1", "フィルター: %1")
        case .filterOnly: return t("only %1", "%1만", "%1のみ")
        case .filterWithout: return t("without %1", "%1 제외", "%1を除く")
        case .exportedEvents: return t("Exported %1 events to %2.", "사건 %1개를 %2에 내보냈습니다.", "イベント %1 件を %2 に書き出しました。")
        case .wroteFile: return t("Wrote %1.", "%1을(를) 썼습니다.", "%1 を書きました。")
        case .wroteBytes: return t("Wrote %1 to %2.", "%2에 %1을(를) 썼습니다.", "%2 に %1 を書きました。")
        case .wroteCSV: return t("Wrote %1: %2.", "%1에 썼습니다: %2.", "%1 に書きました: %2。")
        case .csvRows: return t("%1 (%2 rows)", "%1 (%2행)", "%1 (%2行)")
        case .rebuiltIntact:
            return t(
                "rebuilt the projections of %1 events: all were intact.", "사건 %1개의 투영을 다시 만들었습니다: 모두 온전했습니다.",
                "イベント %1 件の投影を作り直しました: すべて完全でした。")
        case .rebuiltChanged:
            return t(
                "rebuilt the projections of %1 events: %2 entries written into new projection databases, now in use.",
                "사건 %1개의 투영을 다시 만들었습니다: 항목 %2개를 새 투영 데이터베이스에 써서 지금 쓰고 있습니다.",
                "イベント %1 件の投影を作り直しました: %2 項目を新しい投影データベースに書き、現在使用中です。")
        case .compactCopy:
            return t(
                "Wrote a compact copy of %1 events to %2: %3 (the ledger's data file is %4).",
                "사건 %1개의 압축 사본을 %2에 썼습니다: %3 (기록장의 데이터 파일은 %4).",
                "イベント %1 件の圧縮コピーを %2 に書きました: %3 (台帳のデータファイルは %4)。")
        case .nothingToUndo:
            return t(
                "Nothing to undo: no change made from the command line is left to reverse.", "되돌릴 것이 없습니다: 명령줄에서 한 변경 중 되돌릴 것이 남아 있지 않습니다.",
                "元に戻すものはありません: コマンドラインで行った変更で戻せるものは残っていません。")
        case .nothingReversible:
            return t("nothing to undo that can be reversed: seq %1 %2", "되돌릴 수 있는 것이 없습니다: seq %1 — %2", "元に戻せるものがありません: seq %1 — %2")
        case .nothingToUndoError:
            return t(
                "nothing to undo: no change made from the command line is left to reverse", "되돌릴 것이 없습니다: 명령줄에서 한 변경 중 되돌릴 것이 남아 있지 않습니다",
                "元に戻すものはありません: コマンドラインで行った変更で戻せるものは残っていません")
        case .undoListed: return t("seq %1  %2 at %3", "seq %1  `%2`  %3", "seq %1  `%2`  %3")
        case .undoWith: return t("→ undo with %1", "→ `%1`(으)로 되돌림", "→ `%1` で元に戻す")
        case .undoPassed: return t("(passed over: %1)", "(건너뜀: %1)", "(飛ばす: %1)")
        case .undoBlocked:
            return t(
                "seq %1 changed the same %2 and cannot be undone", "seq %1이(가) 같은 %2을(를) 바꿨고 그것은 되돌릴 수 없습니다",
                "seq %1 が同じ%2を変更しており、それは元に戻せません")
        case .undoStop:
            return t(
                "a stop is not undone; set its end with: haru edit REF --end TIME",
                "측정 끝내기는 되돌리지 않습니다. 끝 시각은 `haru edit REF --end TIME`으로 바꾸세요",
                "計測の終了は元に戻しません。終了時刻は `haru edit REF --end TIME` で変えてください")
        case .undoDiscard:
            return t(
                "a discard is not undone; record the session again with the times it had", "버린 측정은 되돌리지 않습니다. 그 시각으로 기록을 다시 만드세요",
                "破棄は元に戻しません。その時刻で記録を作り直してください")
        case .undoFinish:
            return t(
                "a finish is not undone; give the goal an end date with haru goal edit", "목표 마치기는 되돌리지 않습니다. `haru goal edit`으로 종료일을 주세요",
                "目標の終了は元に戻しません。`haru goal edit` で終了日を指定してください")
        case .undoConfirmation:
            return t(
                "a confirmation is not undone; give the goal an end date with haru goal edit", "확인은 되돌리지 않습니다. `haru goal edit`으로 종료일을 주세요",
                "確認は元に戻しません。`haru goal edit` で終了日を指定してください")
        case .undoSettings:
            return t(
                "a settings change is not undone; change them back with haru settings set",
                "설정 변경은 되돌리지 않습니다. `haru settings set`으로 다시 바꾸세요",
                "設定の変更は元に戻しません。`haru settings set` で戻してください")
        case .undoRedaction:
            return t(
                "a redaction is not undone: the text it removed is gone for good", "지운 글은 되돌리지 않습니다: 그 글은 영영 사라졌습니다",
                "墨消しは元に戻しません: 消した文章は完全になくなりました")
        case .undoPreferences:
            return t("the device's preferences are not in the state", "기기의 환경설정은 상태에 없습니다", "デバイスの環境設定は状態にありません")
        case .undoNotInState: return t("its %1 is no longer in the state", "그 `%1`은(는) 더는 상태에 없습니다", "その `%1` はもう状態にありません")
        }
    }
}
