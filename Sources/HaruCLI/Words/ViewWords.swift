/// The words of the audit and settings screens — `settings`, `prefs`,
/// `verify`, `history`, `explain`, `redact`, `compact`, the week's
/// timetable — in the three languages (a `Catalogue`). Setting names are the
/// app's (하루 시작 시간, 주 시작 요일, 대표 시간 기준); event types and JSON
/// keys stay as typed.
enum ViewWords: Catalogue {
    // `haru settings`.
    case timeZone, dayStart, weekStart, minSessionSeconds, representative, longSessionHours, longSessionAlert
    case fromDay, steps, stepFrom, stepFirst, changesHeading, earliest, latest, yes, no
    // `haru prefs`.
    case noDeviceYet, device, pinnedGoals, collapsedGoals, watchGoals, memoActions
    // `haru verify`.
    case verifiedFrom, verifiedAll, head, failed, failedAt, pagesDamaged, blobDamaged, projectionsDamaged, eventsDamaged
    // `haru history`.
    case historyHeading, historyAt, noEffect, removed
    // `haru explain`.
    case explainHeading, notScheduled, skippedDay, skippedPeriod, leftOutRecords, required, limit, done, met, notYet, notMet, within, over,
        inProgress
    case counted, leftOut, afterReference, afterDeadline, otherMeasureCounts, otherMeasureTime, running
    // Why a merged event has no effect (`ConflictRule`).
    case conflictNotRunning, conflictDeleted, conflictNameTaken, conflictMissing, conflictAlreadyDone
    // `haru diff`.
    case diffHeading, diffDefinition, diffDay, diffWhole, diffNone, diffMore, diffMoreCauses, diffCausedBy, diffNoCause
    // `haru redact`, `haru compact`.
    case redacted, redactedDigest, redactedLinger, compactedInPlace, compactCopyCheck

    func text(_ l: Language) -> String {
        func t(_ en: String, _ ko: String, _ ja: String) -> String { pick(l, en, ko, ja) }
        switch self {
        case .timeZone: return t("time_zone", "시간대", "タイムゾーン")
        case .dayStart: return t("day_start", "하루 시작 시간", "1日の開始時刻")
        case .weekStart: return t("week_start", "주 시작 요일", "週の開始曜日")
        case .minSessionSeconds: return t("min_session_seconds", "최소 기록 길이(초)", "最短の記録(秒)")
        case .representative: return t("representative", "대표 시간 기준", "代表時間の基準")
        case .longSessionHours: return t("long_session_hours", "장시간 기준(시간)", "長時間の上限(時間)")
        case .longSessionAlert: return t("long_session_alert", "장시간 알림", "長時間アラート")
        case .fromDay: return t("from", "적용 시작일", "適用開始日")
        case .steps: return t("steps: ", "단계: ", "段階: ")
        case .stepFrom: return t("from %1 %2", "%1부터 %2", "%1 から %2")
        case .stepFirst: return t("first %1", "처음 %1", "最初 %1")
        case .changesHeading: return t("changes (seq, effective time, what):", "변경 (seq, 적용 시각, 내용):", "変更 (seq、適用時刻、内容):")
        case .earliest: return t("earliest", "가장 먼저 시작한 행동", "最初に開始した行動")
        case .latest: return t("latest", "가장 나중에 시작한 행동", "最後に開始した行動")
        case .yes: return t("true", "켜짐", "オン")
        case .no: return t("false", "꺼짐", "オフ")
        case .noDeviceYet:
            return t(
                "This ledger has no device id yet: `haru prefs set …` makes one.", "이 기록장에는 아직 기기 ID가 없습니다: `haru prefs set …`이 만듭니다.",
                "この台帳にはまだデバイス ID がありません: `haru prefs set …` が作ります。")
        case .device: return t("device %1", "기기 %1", "デバイス %1")
        case .pinnedGoals: return t("pinned goals", "고정한 목표", "固定した目標")
        case .collapsedGoals: return t("collapsed goals", "접은 목표", "折りたたんだ目標")
        case .watchGoals: return t("watch goals", "워치의 목표", "ウォッチの目標")
        case .memoActions: return t("memo-prompt actions", "메모를 묻는 행동", "メモを尋ねる行動")
        case .verifiedFrom:
            return t(
                "ok: %1 events after seq %2 intact and chained from its hash; the running sessions re-folded from the checkpoint before it agree (records, definitions and settings are compared by a full `haru verify`).",
                "정상: seq %2 뒤의 사건 %1개가 온전하고 그 해시에서 이어집니다; 그 전 체크포인트에서 다시 접은 측정 중 기록도 맞습니다 (기록, 정의, 설정은 전체 `haru verify`가 비교합니다).",
                "正常: seq %2 より後のイベント %1 件は完全で、そのハッシュから連鎖しています。その前のチェックポイントから畳み込み直した計測中の記録も一致します (記録、定義、設定は完全な `haru verify` が比べます)。"
            )
        case .verifiedAll:
            return t(
                "ok: %1 events; hash chain intact; state matches the events.", "정상: 사건 %1개, 해시 사슬 온전, 상태가 사건과 맞습니다.",
                "正常: イベント %1 件、ハッシュチェーンは完全、状態はイベントと一致します。")
        case .head: return t("head: seq %1 hash %2", "머리: seq %1 해시 %2", "先頭: seq %1 ハッシュ %2")
        case .failed: return t("FAILED: %1", "실패: %1", "失敗: %1")
        case .failedAt: return t("FAILED at seq %1: %2", "실패 (seq %1): %2", "失敗 (seq %1): %2")
        case .pagesDamaged:
            return t(
                "The events and their projections read intact; the data file's pages are not, and the next write could overwrite or lose what the ledger holds: `haru compact` writes the ledger anew from what it holds (in place, or `haru compact DEST`).",
                "사건과 투영은 온전히 읽히지만 데이터 파일의 페이지가 온전하지 않아, 다음 쓰기가 기록장의 내용을 덮어쓰거나 잃을 수 있습니다: `haru compact`가 가진 것으로 기록장을 새로 씁니다 (제자리에서, 또는 `haru compact DEST`).",
                "イベントと投影は完全に読めますが、データファイルのページが完全ではなく、次の書き込みで台帳の内容を上書きしたり失ったりするおそれがあります: `haru compact` が持っているものから台帳を書き直します (その場で、または `haru compact DEST`)。"
            )
        case .blobDamaged:
            return t(
                "The events are intact; an attachment is damaged or missing: attach the same file again to mend it (its digest names it), or restore the ledger from a copy. Until then it is not served, exported or sent.",
                "사건은 온전합니다; 첨부 하나가 손상되었거나 없습니다: 같은 파일을 다시 붙이면 고쳐지고 (다이제스트가 그것을 가리킵니다), 아니면 사본에서 기록장을 복원하세요. 그때까지 그 첨부는 보여 주지도, 내보내지도, 보내지도 않습니다.",
                "イベントは完全です。添付が1つ損傷しているか、ありません: 同じファイルを再び添付すれば直ります (ダイジェストがそれを示します)。またはコピーから台帳を復元してください。それまでその添付は表示も書き出しも送信もしません。"
            )
        case .projectionsDamaged:
            return t(
                "The events are intact: `haru rebuild` writes the projections anew from them (`haru rebuild --fresh` if it cannot read the old ones).",
                "사건은 온전합니다: `haru rebuild`가 사건에서 투영을 새로 씁니다 (예전 투영을 읽지 못하면 `haru rebuild --fresh`).",
                "イベントは完全です: `haru rebuild` がイベントから投影を書き直します (古い投影を読めなければ `haru rebuild --fresh`)。")
        case .eventsDamaged:
            return t(
                "The events themselves are damaged, which `haru rebuild` cannot mend: restore the ledger from a copy, or from an export made before the damage (`haru import jsonl FILE` with --ledger at a new path).",
                "사건 자체가 손상되어 `haru rebuild`로는 고칠 수 없습니다: 사본에서, 또는 손상 전에 만든 내보내기에서 기록장을 복원하세요 (새 경로의 --ledger와 함께 `haru import jsonl FILE`).",
                "イベントそのものが損傷しており、`haru rebuild` では直せません: コピーから、または損傷前に作ったエクスポートから台帳を復元してください (新しいパスの --ledger とともに `haru import jsonl FILE`)。"
            )
        case .historyHeading: return t("%1 %2: %3 events", "%1 %2: 사건 %3개", "%1 %2: イベント %3 件")
        case .historyAt: return t("at", "적용", "適用")
        case .removed: return t("removed", "삭제", "削除")
        case .noEffect: return t("no effect: a conflict after a sync (%1)", "효과 없음: 동기화 뒤의 충돌 (%1)", "効果なし: 同期後の競合 (%1)")
        case .explainHeading: return t("quest %1: %2, as of %3", "다짐 %1: %2, %3 기준", "クエスト %1: %2、%3 時点")
        case .notScheduled: return t("not scheduled", "수행일 아님", "実施日ではない")
        case .skippedDay: return t("a skipped day", "건너뛴 날", "スキップした日")
        case .skippedPeriod: return t("skipped", "건너뜀", "スキップ")
        case .leftOutRecords: return t(" (%1 records left out)", " (기록 %1개 제외)", " (記録 %1 件を除外)")
        case .required: return t("required %1, done %2: %3", "필요 %1, 한 것 %2: %3", "必要 %1、実績 %2: %3")
        case .limit: return t("limit %1, done %2: %3", "한도 %1, 한 것 %2: %3", "上限 %1、実績 %2: %3")
        case .done: return t("done", "한 것", "実績")
        case .met: return t("met", "달성", "達成")
        case .notYet: return t("not yet", "아직", "まだ")
        case .notMet: return t("not met", "미달성", "未達成")
        case .within: return t("within", "한도 지킴", "上限内")
        case .over: return t("over", "한도 초과", "上限超過")
        case .inProgress: return t(" (in progress)", " (진행 중)", " (進行中)")
        case .counted: return t("counted %1", "셈 %1", "計上 %1")
        case .leftOut: return t("; left out %1: %2", "; 제외 %1: %2", "; 除外 %1: %2")
        case .afterReference: return t("after the reference", "기준 시점 뒤", "基準時点の後")
        case .afterDeadline: return t("after the deadline %1", "마감 %1 뒤", "締め切り %1 の後")
        case .otherMeasureCounts:
            return t("other measure (the action tracks counts)", "다른 단위 (그 행동은 횟수를 셉니다)", "別の単位 (その行動は回数を記録します)")
        case .otherMeasureTime: return t("other measure (the action tracks time)", "다른 단위 (그 행동은 시간을 잽니다)", "別の単位 (その行動は時間を記録します)")
        case .running: return t("running", "측정 중", "計測中")
        case .conflictNotRunning:
            return t(
                "the session is not running (stopped or discarded)", "그 기록은 측정 중이 아닙니다 (이미 끝났거나 버려졌습니다)", "その記録は計測中ではありません (終了済みか破棄済みです)")
        case .conflictDeleted: return t("it acts on something deleted", "지워진 것에 대한 변경입니다", "削除されたものへの変更です")
        case .conflictNameTaken: return t("the name is taken", "그 이름은 이미 다른 것이 씁니다", "その名前はすでにほかのものが使っています")
        case .conflictMissing: return t("it names something this history does not have", "이 기록장에 없는 것을 가리킵니다", "この台帳にないものを指しています")
        case .conflictAlreadyDone:
            return t("it was done already (done, finished or confirmed twice)", "이미 처리되었습니다 (두 번 완료, 마침, 확인)", "すでに処理済みです (2回の完了・終了・確認)")
        case .diffHeading:
            return t(
                "From seq %1 to seq %2: %3 events, %4 items changed.", "seq %1부터 seq %2까지: 사건 %3개, 바뀐 항목 %4개.",
                "seq %1 から seq %2 まで: イベント %3件、変わった項目 %4件。")
        case .diffDefinition: return t("%1 definition", "%1 정의", "%1の定義")
        case .diffDay: return t("day", "하루", "日")
        case .diffWhole: return t("(whole)", "(전체)", "(全体)")
        case .diffNone: return t("(none)", "(없음)", "(なし)")
        case .diffMore: return t("… %1 more (--json lists them all)", "… %1개 더 (--json이 모두 보여 줍니다)", "… ほか %1件 (--json ですべて表示します)")
        case .diffMoreCauses: return t("… %1 more", "… %1개 더", "… ほか %1件")
        case .diffCausedBy: return t("caused by: %1", "원인: %1", "原因: %1")
        case .diffNoCause:
            return t(
                "(no event between the states touches it: a change of the reference, such as a span ending)",
                "(두 상태 사이의 어떤 사건도 닿지 않습니다: 구간이 끝나는 것 같은 기준 시점의 변화)", "(2つの状態の間のどのイベントも関わっていません: 期間の終わりのような基準時点の変化)")
        case .redacted:
            return t(
                "Redacted seq %1 (%2): the text is now \"%3\"; seq %4 records it.",
                "seq %1(%2)의 글을 지웠습니다: 이제 글은 \"%3\"이며, seq %4이(가) 그것을 기록합니다.",
                "seq %1 (%2) の文章を消しました: 今の文章は \"%3\" で、seq %4 がそれを記録します。")
        case .redactedDigest: return t("The original payload's SHA-256: %1", "원래 페이로드의 SHA-256: %1", "元のペイロードの SHA-256: %1")
        case .redactedLinger:
            return t(
                "Its bytes can linger in the data file's free pages; `haru compact` rewrites the ledger without them.",
                "그 바이트는 데이터 파일의 빈 페이지에 남아 있을 수 있습니다; `haru compact`가 그것 없이 기록장을 다시 씁니다.",
                "そのバイト列はデータファイルの空きページに残りえます。`haru compact` がそれを除いて台帳を書き直します。")
        case .compactedInPlace:
            return t(
                "Compacted the ledger in place: %1 events, %2 → %3.", "기록장을 제자리에서 압축했습니다: 사건 %1개, %2 → %3.",
                "台帳をその場で圧縮しました: イベント %1 件、%2 → %3。")
        case .compactCopyCheck:
            return t(
                "Check it with `haru --ledger %1 verify`; to use it, move it in place of the ledger while nothing uses the ledger.",
                "`haru --ledger %1 verify`로 확인하세요; 쓰려면 아무것도 기록장을 쓰지 않을 때 기록장 자리로 옮기세요.",
                "`haru --ledger %1 verify` で確認してください。使うには、台帳を何も使っていないときに台帳の場所へ移してください。")
        }
    }
}
