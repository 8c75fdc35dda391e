/// The help of verify, diff, rebuild, redact, compact, check, completion and the options every command takes, in Korean and Japanese
/// (`HelpWords`: keyed by the English each command carries).
extension HelpWords {
    static let audit: [Entry] = [
        Entry(
            "Check the hash chain and re-derive the state from the events.",
            ko: "해시 사슬을 검사하고 사건에서 상태를 다시 계산합니다.",
            ja: "ハッシュチェーンを検査し、イベントから状態を導き直します。"),
        Entry(
            "Exit 0 when every event is intact and the stored state equals a fresh fold of the events;\nexit 1 naming the first bad seq otherwise, and saying whether `haru rebuild` can mend it\n(`in_projections` in --json). Both print the head's seq and hash: keep them, and the next\naudit checks only what came since with `haru verify --from SEQ --hash HASH` (the stored\nevent at SEQ must still have that hash, and every later one must be intact and chained\nfrom it). It also re-folds the running sessions from the stored checkpoint nearest before\nSEQ (checkpoints are kept every 4,096 events) and compares every later checkpoint and the\nrunning list with it; the records, day buckets, definitions and settings are compared by\nthe full check only. The full check also walks the data file's pages (its list of free\npages, every tree): damage there is the file's, not the events' (`in_page_structure`),\nand `haru compact` writes the ledger anew; an attachment whose bytes no longer match its\ndigest is named (`damaged_blob`), and attaching the same file again mends it.",
            ko:
                "모든 사건이 온전하고 저장된 상태가 사건을 새로 접은 결과와 같으면 종료 코드 0; 아니면 첫 잘못된 seq를 알리고\n`haru rebuild`로 고칠 수 있는지 말하며 종료 코드 1 (--json의 `in_projections`). 둘 다 머리의 seq와 해시를 씁니다:\n보관해 두면 다음 감사는 `haru verify --from SEQ --hash HASH`로 그 뒤에 온 것만 검사합니다 (SEQ의 저장된 사건이\n아직 그 해시를 가져야 하고, 그 뒤의 모든 사건이 온전하고 거기서 이어져야 합니다). 또 SEQ 바로 전의 저장된\n체크포인트에서 측정 중인 기록을 다시 접고 (체크포인트는 4,096 사건마다), 그 뒤의 모든 체크포인트와 측정 중 목록을\n비교합니다; 기록, 날짜별 칸, 정의, 설정은 전체 검사에서만 비교합니다. 전체 검사는 데이터 파일의 페이지(빈 페이지\n목록, 모든 트리)도 훑습니다: 거기의 손상은 사건이 아니라 파일의 것이고 (`in_page_structure`), `haru compact`가\n기록장을 새로 씁니다; 바이트가 다이제스트와 더는 맞지 않는 첨부는 (`damaged_blob`) 알려 주며, 같은 파일을 다시\n붙이면 고쳐집니다.",
            ja:
                "すべてのイベントが完全で、保存された状態がイベントを新たに畳み込んだ結果と等しければ終了コード 0。そうでなければ\n最初の不正な seq を示し、`haru rebuild` で直せるかを伝えて終了コード 1 (--json の `in_projections`)。どちらも\n先頭の seq とハッシュを書きます: 控えておけば、次の監査は `haru verify --from SEQ --hash HASH` でその後に来た\nものだけを検査します (SEQ の保存されたイベントがまだそのハッシュを持ち、その後のすべてのイベントが完全でそこから\n連鎖している必要があります)。また SEQ の直前の保存されたチェックポイントから計測中の記録を畳み込み直し\n(チェックポイントは 4,096 イベントごと)、その後のすべてのチェックポイントと計測中の一覧を比べます。記録、日ごとの\n集計、定義、設定は完全な検査でのみ比べます。完全な検査はデータファイルのページ (空きページの一覧、すべての木) も\nたどります: そこの損傷はイベントではなくファイルのもので (`in_page_structure`)、`haru compact` が台帳を\n書き直します。バイト列がダイジェストと合わなくなった添付は (`damaged_blob`) 示し、同じファイルを再び添付すれば\n直ります。"
        ),
        Entry(
            "Check only the events after SEQ, the head of the last audit (with --hash).",
            ko: "지난 감사의 머리인 SEQ 뒤의 사건만 검사합니다 (--hash와 함께).",
            ja: "前回の監査の先頭である SEQ より後のイベントだけを検査します (--hash とともに)。"),
        Entry(
            "The hash the last audit printed for SEQ: the stored event must still have it.",
            ko: "지난 감사가 SEQ에 대해 쓴 해시: 저장된 사건이 아직 그것을 가져야 합니다.",
            ja: "前回の監査が SEQ について書いたハッシュ: 保存されたイベントがまだそれを持っている必要があります。"),
        Entry(
            "What changed between two states of the ledger, and which events caused it.",
            ko: "기록장의 두 상태 사이에 바뀐 것과 그것을 일으킨 사건.",
            ja: "台帳の2つの状態の間で変わったものと、それを起こしたイベント。"),
        Entry(
            "Answers `progress` (goals and quests: status, judgment, spans, streaks), the definition\nlistings and the days the events between the two states touched (totals per action and\ntag) in each state, at the same --as-of, and lists every value that differs, item by item,\nwith the events between the states that can have caused it: the item's own events; for a\nquest, its goal's and the records of the actions it counts; for a goal, its quests'; for a\nday, the records on it; settings changes for every span. The text names actions and\ntags by name in the paths (as the later state names them); --json keeps their ids.",
            ko:
                "각 상태에서 같은 --as-of로 `progress`(목표와 다짐: 상태, 판정, 구간, 연속), 정의 목록, 두 상태 사이의 사건이\n닿은 날(행동별·꼬리표별 합계)을 답하고, 다른 값을 항목마다 나열하며, 그것을 일으켰을 수 있는 두 상태 사이의\n사건을 함께 보여 줍니다: 항목 자신의 사건; 다짐이면 그 목표의 사건과 다짐이 세는 행동의 기록; 목표면 그\n다짐들의 사건; 하루면 그날의 기록; 모든 구간에 대해 설정 변경. 글에서는 경로의 행동과 꼬리표를 (나중\n상태의) 이름으로 부르고, --json은 ID를 씁니다.",
            ja:
                "各状態で同じ --as-of により `progress` (目標とクエスト: 状態、判定、期間、連続)、定義の一覧、2つの状態の間の\nイベントが関わった日 (行動別・タグ別の合計) を求め、異なる値を項目ごとに、それを起こしうる2状態間のイベントと\nともに一覧表示します: 項目自身のイベント、クエストならその目標のイベントとクエストが数える行動の記録、目標なら\nそのクエストのイベント、日ならその日の記録、すべての期間について設定の変更。文章では経路の行動とタグを (後の\n状態での) 名前で呼び、--json は ID を保ちます。"
        ),
        Entry(
            "The earlier state; a second --known-at gives the later one (default: the head).",
            ko: "이전 상태; 두 번째 --known-at이 나중 상태를 줍니다 (기본값: 머리).",
            ja: "前の状態。2つ目の --known-at が後の状態を与えます (既定: 先頭)。"),
        Entry(
            "Rebuild every projection from the events.",
            ko: "모든 투영을 사건에서 다시 만듭니다.",
            ja: "すべての投影をイベントから作り直します。"),
        Entry(
            "Replays the whole log into the entity state, the record pages, the day buckets (the pages\ncut by the ledger's calendar), the action table and the running-session checkpoints, and\ncompares them with the stored ones. An intact ledger is\nnot rewritten. When anything differs, the projections are written whole into new databases\nbeside the old ones, and one commit puts the new ones in use: damaged projections are never\nrepaired in place, and a rebuild that is stopped halfway leaves the old ones as they were.\nThe events are not touched, and they must be intact: before anything is written the hash\nchain is checked, and a rebuild from altered events (whose projections would agree with\nthe damage) is refused, exit 3, nothing written. Use it after `haru verify` reports a\nprojection that differs from the events; use --fresh when even reading the stored\nprojections fails. The old\nprojections' space stays in the file (`haru compact` rewrites the ledger without it).",
            ko:
                "로그 전체를 대상 상태, 기록 페이지, 날짜별 칸(기록장의 달력으로 자른 페이지), 행동 표, 측정 중 체크포인트로\n다시 재생하고 저장된 것과 비교합니다. 온전한 기록장은 다시 쓰지 않습니다. 다른 것이 있으면 투영을 예전 것\n옆의 새 데이터베이스에 통째로 쓰고, 커밋 한 번으로 새것을 씁니다: 손상된 투영은 제자리에서 고치지 않으며,\n도중에 멈춘 다시 만들기는 예전 것을 그대로 둡니다. 사건은 건드리지 않으며 온전해야 합니다: 무엇이든 쓰기\n전에 해시 사슬을 검사하고, 바뀐 사건에서의 다시 만들기(그 투영은 손상과 맞아떨어질 것)는 거부합니다 (종료\n코드 3, 아무것도 쓰지 않음). `haru verify`가 사건과 다른 투영을 알려 줄 때 쓰세요; 저장된 투영을 읽는 것조차\n실패하면 --fresh를 쓰세요. 예전 투영의 공간은 파일에 남습니다 (`haru compact`가 그것 없이 기록장을 다시 씁니다).",
            ja:
                "ログ全体を対象の状態、記録ページ、日ごとの集計 (台帳の暦で切ったページ)、行動の表、計測中のチェックポイントへ\n再生し直し、保存されたものと比べます。完全な台帳は書き直しません。違いがあれば投影を古いものの横の新しい\nデータベースに丸ごと書き、1回のコミットで新しいものを使い始めます: 損傷した投影をその場で直すことはなく、\n途中で止まった作り直しは古いものをそのまま残します。イベントには触れず、完全である必要があります: 何かを\n書く前にハッシュチェーンを検査し、改変されたイベントからの作り直し (その投影は損傷と一致してしまう) は拒否\nします (終了コード 3、何も書かない)。`haru verify` がイベントと異なる投影を報告したときに使ってください。\n保存された投影を読むことさえ失敗するなら --fresh を使ってください。古い投影の領域はファイルに残ります\n(`haru compact` がそれを除いて台帳を書き直します)。"
        ),
        Entry(
            "Write new projections without reading the stored ones (when reading them fails).",
            ko: "저장된 투영을 읽지 않고 새 투영을 씁니다 (읽기가 실패할 때).",
            ja: "保存された投影を読まずに新しい投影を書きます (読み込みが失敗するとき)。"),
        Entry(
            "Erase the user text of a past event for good; the chain still verifies.",
            ko: "지난 사건의 사용자 글을 영영 지웁니다; 사슬은 여전히 검증됩니다.",
            ja: "過去のイベントのユーザーの文章を完全に消します。チェーンは引き続き検証に通ります。"),
        Entry(
            "Replaces the text with \"[redacted: seq SEQ]\" in the stored event and appends a\n`ledger.redacted` event (the seq, the fields, the reason, the SHA-256 of the original\npayload, so that a holder of the original can show what was there, and of the new one).\nThe event's hash does not change (the chain covers its original payload's digest), so\n`haru verify` still passes; every view shows the marker where the text was. The text\ncan linger in the data file's free pages: `haru compact` rewrites the ledger without them.",
            ko:
                "저장된 사건의 글을 `[redacted: seq SEQ]`로 바꾸고 `ledger.redacted` 사건(seq, 필드, 이유, 원래 페이로드의\nSHA-256 — 원본을 가진 사람이 무엇이 있었는지 보여 줄 수 있게 — 과 새 페이로드의 SHA-256)을 더합니다.\n사건의 해시는 바뀌지 않으므로 (사슬은 원래 페이로드의 다이제스트를 덮습니다) `haru verify`는 여전히 통과하고,\n모든 보기는 글이 있던 자리에 표시를 보여 줍니다. 글은 데이터 파일의 빈 페이지에 남아 있을 수 있습니다:\n`haru compact`가 그것 없이 기록장을 다시 씁니다.",
            ja:
                "保存されたイベントの文章を `[redacted: seq SEQ]` に置き換え、`ledger.redacted` イベント (seq、フィールド、理由、\n元のペイロードの SHA-256 — 原本を持つ人が何があったかを示せるように — と新しいペイロードの SHA-256) を加えます。\nイベントのハッシュは変わらないので (チェーンは元のペイロードのダイジェストを覆います) `haru verify` は引き続き\n通り、すべての表示は文章があった所に印を表示します。文章はデータファイルの空きページに残りうります:\n`haru compact` がそれを除いて台帳を書き直します。"
        ),
        Entry(
            "The event whose text goes (its seq, as `haru log` and `haru history` show it).",
            ko: "글을 지울 사건 (`haru log`와 `haru history`가 보여 주는 seq).",
            ja: "文章を消すイベント (`haru log` と `haru history` が表示する seq)。"),
        Entry(
            "Only this field (name, note or title); default: every one the event has.",
            ko: "이 필드만 (`name`, `note`, `title`); 기본값: 사건이 가진 모든 필드.",
            ja: "このフィールドのみ (`name`、`note`、`title`)。既定: イベントが持つすべてのフィールド。"),
        Entry(
            "Why, kept in the ledger with the redaction (required).",
            ko: "이유, 지운 기록과 함께 기록장에 남습니다 (필수).",
            ja: "理由、墨消しとともに台帳に残ります (必須)。"),
        Entry(
            "Rewrite the ledger with its events and fresh projections only (or write that copy to DEST).",
            ko: "기록장을 사건과 새 투영만으로 다시 씁니다 (또는 그 사본을 DEST에 씁니다).",
            ja: "台帳をイベントと新しい投影だけで書き直します (またはそのコピーを DEST に書きます)。"),
        Entry(
            "Copies every event as it is stored (ids, seqs, hashes and redactions unchanged) into a new\nledger and builds its projections there. Nothing else of the data file is copied: not its\nfree pages (where text removed by `haru redact` can linger), not projections that a\nrebuild replaced. Without DEST the ledger is compacted where it is: other writers wait\nfor the whole time, the copy is built beside the ledger and swapped with it in one step,\nso a kill at any moment leaves the old ledger or the new one, never neither; a writer\nthat had the old one open is refused and runs again. With DEST the copy is built beside\nDEST and renamed into place when whole.",
            ko:
                "모든 사건을 저장된 그대로 (ID, seq, 해시, 지운 기록 그대로) 새 기록장에 복사하고 거기서 투영을 만듭니다.\n데이터 파일의 다른 것은 복사하지 않습니다: 빈 페이지(`haru redact`로 지운 글이 남을 수 있는 곳)도, 다시\n만들기가 대체한 투영도. DEST가 없으면 기록장을 제자리에서 압축합니다: 그동안 다른 쓰기는 기다리고, 사본을\n기록장 옆에 만들어 한 번에 바꿔 넣으므로 언제 멈춰도 예전 기록장이나 새 기록장이 남고 둘 다 없어지는 일은\n없습니다; 예전 것을 열고 있던 쓰기는 거부되고 다시 실행됩니다. DEST가 있으면 사본을 DEST 옆에 만들고 다 되면\n제자리로 이름을 바꿉니다.",
            ja:
                "すべてのイベントを保存されたまま (ID、seq、ハッシュ、墨消しはそのまま) 新しい台帳にコピーし、そこで投影を\n作ります。データファイルのほかのものはコピーしません: 空きページ (`haru redact` で消した文章が残りうる所) も、\n作り直しが置き換えた投影も。DEST がなければ台帳をその場で圧縮します: その間ほかの書き込みは待ち、コピーを\n台帳の横に作って一度で入れ替えるので、いつ止まっても古い台帳か新しい台帳が残り、両方なくなることは\nありません。古いものを開いていた書き込みは拒否され、もう一度実行されます。DEST があればコピーを DEST の横に\n作り、完成したら所定の名前に変えます。"
        ),
        Entry(
            "Write the compact copy here (a path with no ledger yet) and leave the ledger as it is.",
            ko: "압축한 사본을 여기에 쓰고 (아직 기록장이 없는 경로) 기록장은 그대로 둡니다.",
            ja: "圧縮したコピーをここに書き (まだ台帳のないパス)、台帳はそのままにします。"),
        Entry(
            "Replay scenario files and check their assertions.",
            ko: "시나리오 파일을 재생하고 그 단언을 검사합니다.",
            ja: "シナリオファイルを再生し、その表明を検査します。"),
        Entry(
            "Each file is replayed into its own scratch ledger (the ledger of --ledger is not touched).\nEvent lines are appended; {\"expect\": …} lines are checked against the ledger as it stands\nafter the lines above them; {\"expect\": \"reject\"} asserts that the event before it was\nrefused. The clock is the latest event time, or what a {\"now\": INSTANT} line sets.\nExit 1 with a readable diff for every failed assertion.",
            ko:
                "파일마다 자기만의 임시 기록장에 재생합니다 (--ledger의 기록장은 건드리지 않습니다).\n사건 줄은 더하고, `{\"expect\": …}` 줄은 그 위의 줄들을 더한 뒤의 기록장에 비추어 검사합니다;\n`{\"expect\": \"reject\"}`는 그 앞의 사건이 거부되었음을 단언합니다. 시계는 가장 늦은 사건 시각이거나\n`{\"now\": INSTANT}` 줄이 정한 것입니다. 실패한 단언마다 읽기 쉬운 차이와 함께 종료 코드 1.",
            ja:
                "ファイルごとに専用の一時台帳へ再生します (--ledger の台帳には触れません)。\nイベントの行は追加し、`{\"expect\": …}` の行はその上の行を追加した後の台帳に照らして検査します。\n`{\"expect\": \"reject\"}` はその前のイベントが拒否されたことを表明します。時計は最も遅いイベントの時刻か、\n`{\"now\": INSTANT}` の行が決めたものです。失敗した表明ごとに読みやすい差分とともに終了コード 1。"
        ),
        Entry(
            "A JSONL scenario file (Docs/rules.md, \"Scenario files\"); several may be given.",
            ko: "JSONL 시나리오 파일 (Docs/rules.md의 `Scenario files`); 여러 개를 줄 수 있습니다.",
            ja: "JSONL のシナリオファイル (Docs/rules.md の `Scenario files`)。複数指定できます。"),
        Entry(
            "Print a shell completion script: bash, zsh or fish.",
            ko: "셸 자동 완성 스크립트를 씁니다: bash, zsh, fish.",
            ja: "シェル補完スクリプトを出力します: bash、zsh、fish。"),
        Entry(
            "bash: haru completion bash > ~/.local/share/bash-completion/completions/haru\nzsh:  haru completion zsh > \"${fpath[1]}/_haru\"\nfish: haru completion fish > ~/.config/fish/completions/haru.fish\nSubcommands and options come from haru itself; action, tag and goal names from the ledger.",
            ko:
                "bash: haru completion bash > ~/.local/share/bash-completion/completions/haru\nzsh:  haru completion zsh > \"${fpath[1]}/_haru\"\nfish: haru completion fish > ~/.config/fish/completions/haru.fish\n하위 명령과 옵션은 haru 자신에서, 행동·꼬리표·목표의 이름은 기록장에서 옵니다.",
            ja:
                "bash: haru completion bash > ~/.local/share/bash-completion/completions/haru\nzsh:  haru completion zsh > \"${fpath[1]}/_haru\"\nfish: haru completion fish > ~/.config/fish/completions/haru.fish\nサブコマンドとオプションは haru 自身から、行動・タグ・目標の名前は台帳から得ます。"
        ),
        Entry(
            "bash, zsh or fish.",
            ko: "bash, zsh, fish 중 하나.",
            ja: "bash、zsh、fish のいずれか。"),
        Entry(
            "The ledger directory (default: $HARU_LEDGER, else $XDG_DATA_HOME/haru, else ~/.local/share/haru).",
            ko: "기록장 폴더 (기본값: $HARU_LEDGER, 없으면 $XDG_DATA_HOME/haru, 없으면 ~/.local/share/haru).",
            ja: "台帳のディレクトリー (既定: $HARU_LEDGER、なければ $XDG_DATA_HOME/haru、なければ ~/.local/share/haru)。"),
        Entry(
            "Print JSON instead of tables.",
            ko: "표 대신 JSON을 씁니다.",
            ja: "表の代わりに JSON を出力します。"),
        Entry(
            "Pin the clock (ISO 8601 with offset), for reproducible scripts.",
            ko: "시계를 고정합니다 (오프셋이 있는 ISO 8601), 다시 실행해도 같은 스크립트를 위해.",
            ja: "時計を固定します (オフセット付きの ISO 8601)。再現できるスクリプトのために。"),
        Entry(
            "Skip fsync at commit: faster bulk loads; a crash may lose the last commits, never older ones.",
            ko: "커밋할 때 fsync를 건너뜁니다: 대량 적재가 빨라집니다; 갑자기 꺼지면 마지막 커밋들을 잃을 수 있지만, 그 이전 것은 잃지 않습니다.",
            ja: "コミット時の fsync を省きます: 大量の読み込みが速くなります。クラッシュ時に最後のコミットを失うことはあっても、それより前は失いません。"),
        Entry(
            "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.",
            ko: "색: auto (터미널에서, NO_COLOR가 없으면), always, never.",
            ja: "色: auto (端末で、NO_COLOR が設定されていなければ)、always、never。"),
        Entry(
            "Behind another writer, give up after SECONDS (exit 3; default: wait, saying so after a second).",
            ko: "다른 쓰기 뒤에서 SECONDS초 뒤에 포기합니다 (종료 코드 3; 기본값: 기다리며 1초 뒤에 알려 줌).",
            ja: "別の書き込みの後ろで SECONDS 秒たったら諦めます (終了コード 3。既定: 待ち、1秒後にそう伝える)。"),
        Entry(
            "Use a ledger that belongs to another user (refused otherwise).",
            ko: "다른 사용자의 기록장을 씁니다 (그렇지 않으면 거부).",
            ja: "別のユーザーの台帳を使います (そうでなければ拒否)。"),
        Entry(
            "The language of human output (default: from LC_ALL, LC_MESSAGES or LANG); JSON never changes.",
            ko: "사람이 읽는 출력의 언어 (기본값: LC_ALL, LC_MESSAGES, LANG에서); JSON은 바뀌지 않습니다.",
            ja: "人が読む出力の言語 (既定: LC_ALL、LC_MESSAGES、LANG から)。JSON は変わりません。"),
        Entry(
            "Show help for this command.",
            ko: "이 명령의 도움말을 보여 줍니다.",
            ja: "このコマンドのヘルプを表示します。"),
    ]
}
