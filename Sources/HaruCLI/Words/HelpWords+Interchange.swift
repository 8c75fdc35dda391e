/// The help of append, export, import, sync and conflicts, in Korean and Japanese
/// (`HelpWords`: keyed by the English each command carries).
extension HelpWords {
    static let interchange: [Entry] = [
        Entry(
            "Append JSONL events atomically.",
            ko: "JSONL 사건을 한꺼번에(원자적으로) 더합니다.",
            ja: "JSONL のイベントをまとめて (アトミックに) 追加します。"),
        Entry(
            "Each line is {\"type\", \"at\", \"data\"[, \"id\", \"v\", \"source\"]}. Blank lines and lines\nstarting with # are skipped. The batch is checked as a whole against the ledger:\none bad line rejects it all, nothing is written, and the error names the line,\nthe field and the rule. An event whose id is already in the ledger with the same\ncontent is skipped and reports its existing seq. Prints one seq per input event (on a\nterminal, one summary line instead, unless --seqs).\nA FILE is read in place (mapped): do not truncate it while haru reads it (the\nprocess would stop before its commit, writing nothing).",
            ko:
                "한 줄은 `{\"type\", \"at\", \"data\"[, \"id\", \"v\", \"source\"]}`입니다. 빈 줄과 #으로 시작하는 줄은 건너뜁니다.\n묶음 전체를 기록장에 비추어 검사합니다: 잘못된 줄 하나가 전부를 거부하고 아무것도 쓰지 않으며, 오류는 줄,\n필드, 규칙을 알려 줍니다. 같은 내용으로 이미 기록장에 있는 ID의 사건은 건너뛰고 기존 seq를 알려 줍니다.\n입력 사건마다 seq를 한 줄씩 씁니다 (터미널에서는 --seqs가 없으면 요약 한 줄).\nFILE은 그 자리에서(매핑해서) 읽습니다: haru가 읽는 동안 파일을 자르지 마세요 (커밋 전에 멈추고 아무것도\n쓰지 않습니다).",
            ja:
                "1行は `{\"type\", \"at\", \"data\"[, \"id\", \"v\", \"source\"]}` です。空行と # で始まる行は飛ばします。\nまとまり全体を台帳に照らして検査します: 不正な行が1つあれば全部を拒否して何も書かず、エラーは行、\nフィールド、規則を示します。同じ内容ですでに台帳にある ID のイベントは飛ばし、既存の seq を示します。\n入力イベントごとに seq を1行ずつ書きます (端末では --seqs がなければ要約1行)。\nFILE はその場で (マップして) 読みます: haru が読んでいる間はファイルを切り詰めないでください (コミット前に\n止まり、何も書きません)。"
        ),
        Entry(
            "Events, one JSON object per line; - or nothing reads standard input.",
            ko: "한 줄에 JSON 객체 하나씩인 사건들; -이거나 없으면 표준 입력에서 읽습니다.",
            ja: "1行に JSON オブジェクト1つずつのイベント。- または指定なしなら標準入力から読みます。"),
        Entry(
            "Fail without writing unless the ledger's head is exactly SEQ (optimistic concurrency).",
            ko: "기록장의 머리가 정확히 SEQ가 아니면 쓰지 않고 실패합니다 (낙관적 동시성).",
            ja: "台帳の先頭がちょうど SEQ でなければ、書かずに失敗します (楽観的並行性制御)。"),
        Entry(
            "Print each event's seq even on a terminal (a pipe or a file always gets them).",
            ko: "터미널에서도 사건마다 seq를 씁니다 (파이프나 파일에는 언제나 씁니다).",
            ja: "端末でもイベントごとに seq を書きます (パイプやファイルには常に書きます)。"),
        Entry(
            "Write the ledger's data out: jsonl (every event, lossless), csv (the app's five files), timeclock (hledger).",
            ko: "기록장의 데이터를 내보냅니다: jsonl (모든 사건, 손실 없음), csv (앱의 파일 다섯 개), timeclock (hledger).",
            ja: "台帳のデータを書き出します: jsonl (すべてのイベント、損失なし)、csv (アプリの5つのファイル)、timeclock (hledger)。"),
        Entry(
            "Every event, lossless, one JSON object per line.",
            ko: "모든 사건을 손실 없이, 한 줄에 JSON 객체 하나씩.",
            ja: "すべてのイベントを損失なく、1行に JSON オブジェクト1つずつ。"),
        Entry(
            "Each line holds the event as it was appended — id, type, at (in the ledger's zone), v,\nsource, data (notes included) — then what the ledger added: seq, recorded (transaction\ntime), prev and hash. `haru import jsonl` reads it back: into a path with no ledger it\nmakes one with the same events under the same ids and seqs, so every query answers the\nsame; into a ledger that has events it appends those whose ids it lacks.",
            ko:
                "각 줄은 더해질 때의 사건 — `id`, `type`, `at` (기록장의 시간대), `v`, `source`, `data` (메모 포함) — 과 기록장이\n덧붙인 것 — `seq`, `recorded` (기록 시간), `prev`, `hash` — 을 담습니다. `haru import jsonl`이 다시 읽습니다: 기록장이\n없는 경로로는 같은 ID와 seq의 같은 사건으로 기록장을 만들어 모든 질문에 똑같이 답하고, 사건이 있는\n기록장으로는 없는 ID의 사건만 더합니다.",
            ja:
                "各行は追加されたときのイベント — `id`、`type`、`at` (台帳のタイムゾーン)、`v`、`source`、`data` (メモを含む) — と、\n台帳が付け加えたもの — `seq`、`recorded` (記録時間)、`prev`、`hash` — を持ちます。`haru import jsonl` が読み戻します:\n台帳のないパスには同じ ID と seq の同じイベントで台帳を作り、すべての問い合わせに同じく答えます。\nイベントのある台帳には、持っていない ID のイベントだけを追加します。"
        ),
        Entry(
            "Start at this seq (an incremental export).",
            ko: "이 seq부터 시작합니다 (이어서 내보내기).",
            ja: "この seq から始めます (差分のエクスポート)。"),
        Entry(
            "Write to FILE (whole or not at all: a temporary file renamed into place) instead of standard output.",
            ko: "표준 출력 대신 FILE에 씁니다 (통째로 쓰거나 아예 쓰지 않음: 임시 파일을 제자리로 이름 바꾸기).",
            ja: "標準出力の代わりに FILE に書きます (全部書くか、まったく書かないか: 一時ファイルを所定の名前に変更)。"),
        Entry(
            "The app's five CSV files: actions, time records, count records, goals, quests.",
            ko: "앱의 CSV 파일 다섯 개: 행동, 시간 기록, 횟수 기록, 목표, 다짐.",
            ja: "アプリの5つの CSV ファイル: 行動、時間記録、回数記録、目標、クエスト。"),
        Entry(
            "As the app exports its data: UTF-8 with a byte order mark, one header row, instants in\nISO 8601 with the ledger's offset, values (time/count, inProgress, atLeast, everyDay …)\nthe same in every language. The live definitions in the user's order and every live\nrecord; a running session has an empty End. Settings, edits over time and deletions are\nnot in them (`haru export jsonl` keeps everything). Each file is written whole or not at\nall. Docs/interchange.md lists the columns.",
            ko:
                "앱이 데이터를 내보내는 대로: BOM이 있는 UTF-8, 머리글 한 줄, 기록장의 오프셋이 붙은 ISO 8601 시각,\n모든 언어에서 같은 값 (`time/count`, `inProgress`, `atLeast`, `everyDay` …). 살아 있는 정의를 사용자의 순서로,\n살아 있는 모든 기록; 측정 중인 기록은 `End`가 비어 있습니다. 설정, 시간에 걸친 수정, 삭제는 들어가지 않습니다\n(`haru export jsonl`은 모두 담습니다). 파일마다 통째로 쓰거나 아예 쓰지 않습니다. 열은 Docs/interchange.md에\n있습니다.",
            ja:
                "アプリがデータを書き出すとおり: BOM 付き UTF-8、見出し1行、台帳のオフセット付き ISO 8601 の時刻、\nすべての言語で同じ値 (`time/count`、`inProgress`、`atLeast`、`everyDay` …)。有効な定義をユーザーの順に、\n有効なすべての記録。計測中の記録は `End` が空です。設定、時間をまたぐ編集、削除は含みません\n(`haru export jsonl` はすべてを保ちます)。ファイルごとに全部書くか、まったく書かないかです。列は\nDocs/interchange.md にあります。"
        ),
        Entry(
            "The folder to write them into (made if missing).",
            ko: "파일을 쓸 폴더 (없으면 만듭니다).",
            ja: "ファイルを書き込むフォルダー (なければ作ります)。"),
        Entry(
            "The language of the file names and header rows (default en).",
            ko: "파일 이름과 머리글의 언어 (기본값 en).",
            ja: "ファイル名と見出し行の言語 (既定 en)。"),
        Entry(
            "The finished sessions as hledger's timeclock file (i/o lines).",
            ko: "끝난 시간 기록을 hledger의 timeclock 파일로 (i/o 줄).",
            ja: "終了した時間記録を hledger の timeclock ファイルとして (i/o 行)。"),
        Entry(
            "One `i`/`o` pair per finished session, in the ledger's zone: the account is TAG:ACTION\n(the action's first tag) or ACTION, the description the note. `hledger -f FILE balance\n--daily` then gives the daily totals per action; hledger's days run midnight to midnight,\nso with a day start other than 00:00 its days differ from haru's (the totals over a range\nof whole days agree). Running sessions and counts are not in the file.",
            ko:
                "끝난 시간 기록마다 `i`/`o` 한 쌍, 기록장의 시간대로: 계정은 TAG:ACTION (행동의 첫 꼬리표) 또는 ACTION,\n설명은 메모입니다. 그러면 `hledger -f FILE balance --daily`가 행동별 하루 합계를 냅니다. hledger의 하루는\n자정부터 자정까지이므로 하루 시작 시간이 00:00이 아니면 haru의 하루와 다릅니다 (온전한 날들에 걸친 합계는\n맞습니다). 측정 중인 기록과 횟수 기록은 파일에 없습니다.",
            ja:
                "終了した時間記録ごとに `i`/`o` の1組、台帳のタイムゾーンで: 勘定は TAG:ACTION (行動の最初のタグ) または\nACTION、説明はメモです。`hledger -f FILE balance --daily` で行動別の1日の合計が出ます。hledger の1日は\n0時から0時までなので、1日の開始時刻が 00:00 以外なら haru の1日と異なります (まる1日単位の範囲の合計は\n一致します)。計測中の記録と回数記録はファイルに含まれません。"
        ),
        Entry(
            "Only sessions touching these logical days (as `report`).",
            ko: "이 논리적 하루들에 걸친 시간 기록만, 범위의 경계에서 잘라서 (`report`처럼).",
            ja: "これらの論理日にかかる時間記録のみ、範囲の境界で切って (`report` と同じく)。"),
        Entry(
            "Read data in: jsonl (an export of a ledger), csv (the app's five files), timew (timewarrior), loop (Loop Habit Tracker).",
            ko: "데이터를 가져옵니다: jsonl (기록장의 내보내기), csv (앱의 파일 다섯 개), timew (timewarrior), loop (Loop Habit Tracker).",
            ja: "データを取り込みます: jsonl (台帳のエクスポート)、csv (アプリの5つのファイル)、timew (timewarrior)、loop (Loop Habit Tracker)。"),
        Entry(
            "Append the events of a `haru export jsonl` file (idempotent by event id).",
            ko: "`haru export jsonl` 파일의 사건을 더합니다 (사건 ID로 멱등).",
            ja: "`haru export jsonl` ファイルのイベントを追加します (イベント ID により冪等)。"),
        Entry(
            "With no ledger at the path, makes one: the first line (usually the exported ledger's\nfirst settings.changed) becomes seq 1, and the result is the exported ledger again —\nsame ids, seqs, effective times and transaction times (each line's `recorded`), so\nthe same hashes, and every question of valid time (`--as-of`) and of transaction\ntime (`--known-at SEQ|INSTANT`) answers the same: a restore.\nInto an existing ledger, events whose ids it already holds with the same content are\nskipped: two devices that exchange exports converge. The whole file is one batch:\none bad line (named with its field and rule) rejects it all and nothing is written.\nInto an existing ledger the provenance fields of an export (seq, recorded, prev,\nhash) are read past: its events are recorded when this ledger learns them.",
            ko:
                "그 경로에 기록장이 없으면 하나 만듭니다: 첫 줄(보통 내보낸 기록장의 첫 `settings.changed`)이 seq 1이 되고,\n결과는 다시 그 내보낸 기록장입니다 — 같은 ID, seq, 유효 시각, 기록 시각(각 줄의 `recorded`), 그래서 같은\n해시이고, 유효 시간(`--as-of`)과 기록 시간(`--known-at SEQ|INSTANT`)의 모든 질문에 똑같이 답합니다: 복원입니다.\n있는 기록장으로는, 같은 내용으로 이미 가진 ID의 사건을 건너뜁니다: 내보내기를 주고받는 두 기기는 같아집니다.\n파일 전체가 한 묶음입니다: 잘못된 줄 하나(필드와 규칙과 함께 알려 줌)가 전부를 거부하고 아무것도 쓰지 않습니다.\n있는 기록장으로는 내보내기의 출처 필드(`seq`, `recorded`, `prev`, `hash`)를 읽지 않고 넘깁니다: 사건은 이 기록장이\n알게 된 때에 기록됩니다.",
            ja:
                "そのパスに台帳がなければ作ります: 最初の行 (ふつうはエクスポートした台帳の最初の `settings.changed`) が\nseq 1 になり、結果はエクスポートした台帳そのものです — 同じ ID、seq、有効時刻、記録時刻 (各行の `recorded`)、\nしたがって同じハッシュで、有効時間 (`--as-of`) と記録時間 (`--known-at SEQ|INSTANT`) のすべての問い合わせに\n同じく答えます: 復元です。\n既存の台帳には、同じ内容ですでに持っている ID のイベントを飛ばします: エクスポートをやり取りする2台の\nデバイスは同じになります。ファイル全体が1つのまとまりです: 不正な行が1つ (フィールドと規則を示します)\nあれば全部を拒否し、何も書きません。既存の台帳には、エクスポートの出所のフィールド (`seq`、`recorded`、\n`prev`、`hash`) を読み飛ばします: イベントはこの台帳が知った時点で記録されます。"
        ),
        Entry(
            "An export (or any JSON Lines of events); - reads standard input.",
            ko: "내보내기 파일 (또는 사건의 JSONL 아무것이나); -는 표준 입력에서 읽습니다.",
            ja: "エクスポート (またはイベントの任意の JSONL)。- は標準入力から読みます。"),
        Entry(
            "Fail without writing unless the ledger's head is exactly SEQ.",
            ko: "기록장의 머리가 정확히 SEQ가 아니면 쓰지 않고 실패합니다.",
            ja: "台帳の先頭がちょうど SEQ でなければ、書かずに失敗します。"),
        Entry(
            "Read the app's five CSV files back into events.",
            ko: "앱의 CSV 파일 다섯 개를 다시 사건으로 읽습니다.",
            ja: "アプリの5つの CSV ファイルをイベントとして読み戻します。"),
        Entry(
            "Tags and actions, goals, quests, then the records by time, all in one batch: one bad\nvalue rejects it all, and the error names the file, the line, the column and the rule.\nDefinitions take effect two days before the earliest date in the files. A goal judged\nwithout an end date is finished at its Judged At (and confirmed, when it has no quests).\nEvent ids are derived from each row's id, so importing the same folder again adds\nnothing. The files carry no settings: make the ledger with `haru init` (time zone, day\nstart) first.",
            ko:
                "꼬리표와 행동, 목표, 다짐, 그다음 시간순의 기록을 모두 한 묶음으로: 잘못된 값 하나가 전부를 거부하고, 오류는\n파일, 줄, 열, 규칙을 알려 줍니다. 정의는 파일의 가장 이른 날짜 이틀 전에 적용됩니다. 종료일 없이 판정된\n목표는 그 `Judged At`에 마치고 (다짐이 없으면 확인도 합니다). 사건 ID는 각 행의 ID에서 나오므로 같은 폴더를\n다시 가져와도 아무것도 더하지 않습니다. 파일에 설정은 없습니다: 먼저 `haru init`으로 기록장(시간대, 하루\n시작 시간)을 만드세요.",
            ja:
                "タグと行動、目標、クエスト、次に時刻順の記録をすべて1つのまとまりで: 不正な値が1つあれば全部を拒否し、\nエラーはファイル、行、列、規則を示します。定義はファイル中の最も早い日付の2日前に適用されます。終了日なしで\n判定された目標はその `Judged At` に終え (クエストがなければ確認も行います)。イベント ID は各行の ID から\n作るので、同じフォルダーをもう一度取り込んでも何も増えません。ファイルには設定がありません: 先に\n`haru init` で台帳 (タイムゾーン、1日の開始時刻) を作ってください。"
        ),
        Entry(
            "A folder holding the files of `haru export csv` (any language, any subset of the five).",
            ko: "`haru export csv`의 파일을 담은 폴더 (어느 언어든, 다섯 개 중 일부라도).",
            ja: "`haru export csv` のファイルを入れたフォルダー (どの言語でも、5つのうち一部でも)。"),
        Entry(
            "Say what the import would write (and what is there already), and write nothing.",
            ko: "가져오기가 무엇을 쓸지 (그리고 무엇이 이미 있는지) 말하고, 아무것도 쓰지 않습니다.",
            ja: "取り込みが何を書くか (と何がすでにあるか) を示し、何も書きません。"),
        Entry(
            "Bring in timewarrior's intervals (the output of `timew export`).",
            ko: "timewarrior의 구간(`timew export`의 출력)을 가져옵니다.",
            ja: "timewarrior の区間 (`timew export` の出力) を取り込みます。"),
        Entry(
            "Each set of tags is an action with those tags (time tracking): [\"deep work\"] is the action\n\"deep work\", [\"deep work\", \"nightowl\"] the action \"deep work, nightowl\"; so time by tag\n(`haru report --by tag`) equals timewarrior's on every day. A closed interval becomes a\nrecorded session (its annotation the note), an open one a running session.\n\nImport the newer export again whenever you like: it is the truth for the time it covers\n(its first start to its last end). An interval closed since is stopped, one changed or\nmoved since (timew modify, cancel and start again) is edited, and a session imported\nbefore that the export no longer has (timew delete, a retag) is deleted; the summary\nnames them. Intervals before the export's first start are kept: an export of part of the\nhistory (timew export :month) deletes nothing outside it (--whole: everywhere). Export\nwithout a tag filter: a filtered export deletes the other tags' sessions in its span.\nOne batch: a bad interval, named by its place in the array, refuses them all.",
            ko:
                "꼬리표 묶음마다 그 꼬리표들이 붙은 행동 하나(시간 추적)가 됩니다: `[\"deep work\"]`는 행동 `deep work`,\n`[\"deep work\", \"nightowl\"]`은 행동 `deep work, nightowl`; 그래서 꼬리표별 시간(`haru report --by tag`)이 날마다\ntimewarrior와 같습니다. 닫힌 구간은 기록된 시간 기록(주석은 메모), 열린 구간은 측정 중인 기록이 됩니다.\n\n더 새로운 내보내기를 언제든 다시 가져오세요: 그것이 자기가 덮는 시간(첫 시작부터 마지막 끝까지)의\n사실입니다. 그사이 닫힌 구간은 끝내고, 바뀌거나 옮겨진 구간(`timew modify`, 취소 후 다시 시작)은 고치고,\n전에 가져왔지만 내보내기에 더는 없는 기록(`timew delete`, 꼬리표 바꾸기)은 지웁니다; 요약이 그것들을\n알려 줍니다. 내보내기의 첫 시작보다 앞선 구간은 남습니다: 기록의 일부만 내보낸 것(`timew export :month`)은\n그 밖의 것을 지우지 않습니다 (--whole: 어디서든). 꼬리표 필터 없이 내보내세요: 필터로 거른 내보내기는 그\n범위에서 다른 꼬리표의 기록을 지웁니다. 한 묶음입니다: 배열에서의 위치로 알려 주는 잘못된 구간 하나가\n전부를 거부합니다.",
            ja:
                "タグの組ごとに、そのタグを持つ行動1つ (時間記録) になります: `[\"deep work\"]` は行動 `deep work`、\n`[\"deep work\", \"nightowl\"]` は行動 `deep work, nightowl`。なので、タグ別の時間 (`haru report --by tag`) が\n毎日 timewarrior と一致します。閉じた区間は記録済みの時間記録 (注釈はメモ)、開いた区間は計測中の記録になります。\n\n新しいエクスポートをいつでも取り込み直してください: それが覆う時間 (最初の開始から最後の終了まで) の\n正解です。その後閉じた区間は終了し、変更・移動された区間 (`timew modify`、取り消して再開始) は編集し、\n以前取り込んだがエクスポートにもうない記録 (`timew delete`、タグの付け替え) は削除します。要約がそれらを\n示します。エクスポートの最初の開始より前の区間は残ります: 履歴の一部のエクスポート (`timew export :month`)\nはその外を削除しません (--whole: どこでも)。タグで絞らずにエクスポートしてください: 絞ったエクスポートは\nその範囲のほかのタグの記録を削除します。1つのまとまりです: 配列での位置で示す不正な区間が1つあれば全部を\n拒否します。"
        ),
        Entry(
            "`timew export` output (a JSON array of intervals); - reads standard input.",
            ko: "`timew export`의 출력 (구간의 JSON 배열); -는 표준 입력에서 읽습니다.",
            ja: "`timew export` の出力 (区間の JSON 配列)。- は標準入力から読みます。"),
        Entry(
            "What names an interval's action: its set of tags (default) or its annotation (the tags then in parentheses).",
            ko: "구간의 행동 이름을 무엇으로 정할지: 꼬리표 묶음 (기본값) 또는 주석 (이때 꼬리표는 괄호 안에).",
            ja: "区間の行動名を何で決めるか: タグの組 (既定) または注釈 (その場合タグは括弧内)。"),
        Entry(
            "A JSON object {\"tag\": \"Action\"}: these tags name these actions (and are not kept as tags).",
            ko: "JSON 객체 `{\"tag\": \"Action\"}`: 이 꼬리표가 이 행동을 가리킵니다 (꼬리표로는 남지 않습니다).",
            ja: "JSON オブジェクト `{\"tag\": \"Action\"}`: これらのタグがこれらの行動を指します (タグとしては残りません)。"),
        Entry(
            "The action of intervals that name none (default: they are refused).",
            ko: "아무것도 가리키지 않는 구간의 행동 (기본값: 거부).",
            ja: "何も指さない区間の行動 (既定: 拒否)。"),
        Entry(
            "FILE is all of timewarrior's history: sessions imported before and missing from it are deleted wherever they are.",
            ko: "FILE이 timewarrior의 기록 전부입니다: 전에 가져왔고 거기에 없는 기록은 어디에 있든 지웁니다.",
            ja: "FILE が timewarrior の履歴のすべてです: 以前取り込んでそこにない記録は、どこにあっても削除します。"),
        Entry(
            "Bring in Loop Habit Tracker's CSV export (Habits.csv and each habit's Checkmarks.csv).",
            ko: "Loop Habit Tracker의 CSV 내보내기(`Habits.csv`와 습관마다 `Checkmarks.csv`)를 가져옵니다.",
            ja: "Loop Habit Tracker の CSV エクスポート (`Habits.csv` と習慣ごとの `Checkmarks.csv`) を取り込みます。"),
        Entry(
            "Each habit becomes a count action; a YES_MANUAL check, or a numeric entry (Loop keeps them\n×1000), a count twelve hours into that logical day (noon when the day starts at midnight);\nYES_AUTO, NO, SKIP and UNKNOWN add nothing. A frequency of 1/1 becomes a goal with a daily\nquest, n/7 a weekly one, n/30 a monthly one (\"at most\" targets as limits), from the day of\nthe first entry; any other frequency is reported and the habit comes without a goal.\nArchived habits come as deleted actions. Ids come from the habit and the day: importing\nthe same export again adds nothing, and a newer one adds only what is new — a habit\nimported before is found by its name, also after it was moved in Loop (its place and\norder here stay as first imported). One batch: an error names the file, line and column.",
            ko:
                "습관마다 횟수 행동이 됩니다; YES_MANUAL 체크나 숫자 기록(Loop는 ×1000으로 보관)은 그 논리적 하루의 12시간째\n횟수 기록이 됩니다 (하루가 자정에 시작하면 정오); YES_AUTO, NO, SKIP, UNKNOWN은 아무것도 더하지 않습니다.\n빈도 1/1은 하루 다짐이 있는 목표, n/7은 주 다짐, n/30은 월 다짐이 되고 (\"최대\" 목표값은 한도로), 첫 기록의\n날부터 시작합니다; 다른 빈도는 알려 주고 그 습관은 목표 없이 들어옵니다. 보관된 습관은 지운 행동으로\n들어옵니다. ID는 습관과 날에서 나옵니다: 같은 내보내기를 다시 가져와도 아무것도 더하지 않고, 더 새로운 것은\n새것만 더합니다 — 전에 가져온 습관은 이름으로 찾으며, Loop에서 옮겼어도 찾습니다 (여기서의 자리와 순서는 처음\n가져온 대로). 한 묶음입니다: 오류는 파일, 줄, 열을 알려 줍니다.",
            ja:
                "習慣ごとに回数の行動になります。YES_MANUAL のチェックや数値の記録 (Loop は ×1000 で保管) は、その論理日の\n12時間目の回数記録になります (1日が0時に始まるなら正午)。YES_AUTO、NO、SKIP、UNKNOWN は何も加えません。\n頻度 1/1 は日ごとのクエストを持つ目標、n/7 は週ごと、n/30 は月ごとになり (「最大」の目標値は上限として)、\n最初の記録の日から始まります。ほかの頻度は報告し、その習慣は目標なしで入ります。アーカイブした習慣は削除した\n行動として入ります。ID は習慣と日から作ります: 同じエクスポートをもう一度取り込んでも何も増えず、新しいものは\n新しい分だけを加えます — 以前取り込んだ習慣は名前で見つけ、Loop で移動した後でも見つけます (ここでの位置と\n順は最初に取り込んだとおり)。1つのまとまりです: エラーはファイル、行、列を示します。"
        ),
        Entry(
            "The unzipped export: Habits.csv and one folder per habit (001 Name/Checkmarks.csv).",
            ko: "압축을 푼 내보내기: `Habits.csv`와 습관마다 폴더 하나 (`001 Name/Checkmarks.csv`).",
            ja: "展開したエクスポート: `Habits.csv` と習慣ごとのフォルダー1つ (`001 Name/Checkmarks.csv`)。"),
        Entry(
            "Exchange events with your other devices through a shared folder or PostgreSQL.",
            ko: "공유 폴더나 PostgreSQL로 다른 기기와 사건을 주고받습니다.",
            ja: "共有フォルダーまたは PostgreSQL で、ほかのデバイスとイベントをやり取りします。"),
        Entry(
            "Writes this ledger's new events into DIR/devices/<this device's id>/ (whole files only),\nreads every device's files there and merges the events this ledger lacks. A file still\narriving is read as far as it has come and again when it grows; a line that cannot be\ntaken is named (file and line) and left out, never stopping the rest. An event erased\nwith `haru redact` on the device that made it is erased on every device at its next sync. Every\ndevice that holds the same events answers every query the same, whatever order they\narrived in. An event that no longer applies after a merge (a stop of a session another\ndevice deleted, a second stop, a rename to a name taken meanwhile) is kept in the log\nwithout effect and listed as a conflict. Through PostgreSQL the same, with one table of\nevents for any number of histories and devices. Without a target, those of the last sync.\nA new device joins with `haru init --from DIR|URL`. A copy of a ledger's folder has\nthat ledger's device id: its sync stops before it exchanges anything, until\n`haru sync --new-device` makes it a device of its own.",
            ko:
                "이 기록장의 새 사건을 DIR/devices/<이 기기의 ID>/에 (온전한 파일로만) 쓰고, 거기 있는 모든 기기의 파일을\n읽어 이 기록장에 없는 사건을 합칩니다. 아직 오는 중인 파일은 온 데까지 읽고, 커지면 다시 읽습니다; 받을 수\n없는 줄은 (파일과 줄로) 알려 주고 빼며, 나머지를 멈추지 않습니다. 만든 기기에서 `haru redact`로 지운 사건은\n모든 기기에서 다음 동기화 때 지워집니다. 같은 사건을 가진 기기는 어떤 순서로 받았든 모든 질문에 똑같이\n답합니다. 합친 뒤 더는 맞지 않는 사건(다른 기기가 지운 기록의 끝내기, 두 번째 끝내기, 그사이 쓰인 이름으로\n바꾸기)은 효과 없이 로그에 남고 충돌로 나옵니다. PostgreSQL로도 같으며, 사건 표 하나에 여러 기록과 기기를\n담습니다. 대상이 없으면 지난 동기화의 대상입니다. 새 기기는 `haru init --from DIR|URL`로 합류합니다.\n기록장 폴더를 복사한 것은 그 기록장의 기기 ID를 가지므로, `haru sync --new-device`로 자기 기기가 될 때까지\n아무것도 주고받기 전에 동기화가 멈춥니다.",
            ja:
                "この台帳の新しいイベントを DIR/devices/<このデバイスの ID>/ に (完全なファイルでのみ) 書き、そこにある\nすべてのデバイスのファイルを読んで、この台帳にないイベントを統合します。まだ届いている途中のファイルは届いた\nところまで読み、大きくなればまた読みます。取り込めない行は (ファイルと行で) 示して外し、残りは止めません。\n作成したデバイスで `haru redact` により消したイベントは、すべてのデバイスで次の同期時に消されます。同じ\nイベントを持つデバイスは、どの順で届いてもすべての問い合わせに同じく答えます。統合後に当てはまらなくなった\nイベント (別のデバイスが削除した記録の終了、2回目の終了、その間に使われた名前への変更) は効果なしでログに\n残り、競合として表示されます。PostgreSQL でも同じで、イベントの表1つに複数の履歴とデバイスを持ちます。\n対象がなければ前回の同期の対象です。新しいデバイスは `haru init --from DIR|URL` で参加します。台帳の\nフォルダーのコピーはその台帳のデバイス ID を持つので、`haru sync --new-device` で自分のデバイスになるまで、\n何もやり取りする前に同期が止まります。"
        ),
        Entry(
            "A folder a sync tool keeps in step on every device (Syncthing, Dropbox, a network share).",
            ko: "동기화 도구가 모든 기기에서 맞춰 두는 폴더 (Syncthing, Dropbox, 네트워크 공유).",
            ja: "同期ツールがすべてのデバイスでそろえておくフォルダー (Syncthing、Dropbox、ネットワーク共有)。"),
        Entry(
            "A PostgreSQL database (libpq's URL; `?history=ID` names the history, else this ledger's).",
            ko: "PostgreSQL 데이터베이스 (libpq의 URL; `?history=ID`가 기록을 고르고, 없으면 이 기록장의 것).",
            ja: "PostgreSQL データベース (libpq の URL。`?history=ID` で履歴を指定し、なければこの台帳のもの)。"),
        Entry(
            "This ledger is a copy of another's folder (cp -a, a restored backup, a new laptop): give it a device id of its own first.",
            ko: "이 기록장은 다른 기록장 폴더의 복사본입니다 (`cp -a`, 복원한 백업, 새 노트북): 먼저 자기 기기 ID를 줍니다.",
            ja: "この台帳は別の台帳フォルダーのコピーです (`cp -a`、復元したバックアップ、新しいノート PC): 先に自分のデバイス ID を与えます。"),
        Entry(
            "What a sync could not apply as it was meant, and how to take the other side.",
            ko: "동기화가 뜻한 대로 적용하지 못한 것과 다른 쪽을 택하는 방법.",
            ja: "同期が意図どおりに適用できなかったものと、もう一方を選ぶ方法。"),
        Entry(
            "Lists the conflicts open after merging other devices' events (`haru sync`), oldest\nfirst, each with an id that is the same on every device:\n  - a change that does not apply where it falls among every device's changes (a stop\n    of a session another device deleted, a rename to a name taken meanwhile); open until\n    someone changes what it is about;\n  - a diary field both devices changed apart: the later write's value is on the page,\n    the other is listed; open until the page is written again;\n  - a record made on a device after another deleted its action: kept, uncounted, until\n    the action is restored.\n`haru conflicts take ID` takes the other side with an ordinary event: the change\napplied again now, the other value written to the page, the action restored.",
            ko:
                "다른 기기의 사건을 합친 뒤(`haru sync`) 열려 있는 충돌을 오래된 것부터, 모든 기기에서 같은 ID와 함께 나열합니다:\n  - 모든 기기의 변경 사이에서 그 자리에 맞지 않는 변경 (다른 기기가 지운 기록의 끝내기, 그사이 쓰인 이름으로\n    바꾸기); 누군가 그 대상을 바꿀 때까지 열려 있습니다;\n  - 두 기기가 따로 바꾼 일기 항목: 나중에 쓴 값이 페이지에 있고 다른 값이 나옵니다; 페이지를 다시 쓸 때까지\n    열려 있습니다;\n  - 다른 기기가 행동을 지운 뒤 어느 기기에서 만든 기록: 남지만 세지 않으며, 행동을 되살릴 때까지.\n`haru conflicts take ID`는 보통의 사건으로 다른 쪽을 택합니다: 변경을 지금 다시 적용하고, 다른 값을 페이지에\n쓰고, 행동을 되살립니다.",
            ja:
                "ほかのデバイスのイベントを統合した後 (`haru sync`) 開いている競合を古い順に、すべてのデバイスで同じ ID とともに\n一覧表示します:\n  - すべてのデバイスの変更の中で、その位置では当てはまらない変更 (別のデバイスが削除した記録の終了、その間に\n    使われた名前への変更)。誰かがその対象を変えるまで開いたままです。\n  - 2台が別々に変えた日記の項目: 後に書いた値がページにあり、もう一方が表示されます。ページを書き直すまで\n    開いたままです。\n  - 別のデバイスが行動を削除した後に、あるデバイスで作った記録: 残りますが数えず、行動を復元するまで。\n`haru conflicts take ID` は通常のイベントでもう一方を選びます: 変更を今もう一度適用し、もう一方の値を\nページに書き、行動を復元します。"
        ),
        Entry(
            "Take the other side of a conflict, with an ordinary event.",
            ko: "보통의 사건으로 충돌의 다른 쪽을 택합니다.",
            ja: "通常のイベントで競合のもう一方を選びます。"),
        Entry(
            "As `haru conflicts` lists it (a unique start of an event's id will do).",
            ko: "`haru conflicts`가 나열하는 대로 (사건 ID의 고유한 앞부분이면 됩니다).",
            ja: "`haru conflicts` の一覧どおり (イベント ID の一意な先頭部分で可)。"),
    ]
}
