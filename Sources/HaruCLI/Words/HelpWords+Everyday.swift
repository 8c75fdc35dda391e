/// The help of init, the everyday recording and reading commands, the diary, the to-dos and `haru web`, in Korean and Japanese
/// (`HelpWords`: keyed by the English each command carries).
extension HelpWords {
    static let everyday: [Entry] = [
        Entry(
            "An event-sourced habit and time ledger.",
            ko: "사건으로 쌓는 습관·시간 기록장.",
            ja: "イベントで積み上げる習慣と時間の台帳。"),
        Entry(
            "Every change is an immutable, hash-chained event in an LMDB ledger; totals,\nprogress and streaks are derived from the events.",
            ko: "모든 변경은 LMDB 기록장에 해시로 이어진 바꿀 수 없는 사건으로 남고, 합계·진행률·연속은\n그 사건들에서 계산됩니다.",
            ja: "すべての変更は LMDB の台帳にハッシュで連鎖した変更できないイベントとして残り、合計・進捗・連続は\nそのイベントから導かれます。"),
        Entry(
            "Create a new ledger.",
            ko: "새 기록장을 만듭니다.",
            ja: "新しい台帳を作成します。"),
        Entry(
            "The first event of the new ledger is a settings.changed with these settings.",
            ko: "새 기록장의 첫 사건은 이 설정을 담은 `settings.changed`입니다.",
            ja: "新しい台帳の最初のイベントは、これらの設定を持つ `settings.changed` です。"),
        Entry(
            "A new device of the history in this sync folder (see `haru sync`): its events, its settings.",
            ko: "이 동기화 폴더에 있는 기록의 새 기기로 시작합니다 (`haru sync` 참고): 그 사건과 설정을 가져옵니다.",
            ja: "この同期フォルダーにある履歴の新しいデバイスとして始めます (`haru sync` 参照): そのイベントと設定を取り込みます。"),
        Entry(
            "IANA time zone of the ledger, e.g. Asia/Seoul (default: the system's, from $TZ or /etc/localtime, else UTC).",
            ko: "기록장의 IANA 시간대, 예: Asia/Seoul (기본값: 시스템의 시간대 — $TZ 또는 /etc/localtime, 없으면 UTC).",
            ja: "台帳の IANA タイムゾーン、例: Asia/Seoul (既定: システムのもの — $TZ または /etc/localtime、なければ UTC)。"),
        Entry(
            "When the logical day starts (default 00:00).",
            ko: "하루 시작 시간 (기본값 00:00).",
            ja: "1日の開始時刻 (既定 00:00)。"),
        Entry(
            "First day of the week, monday … sunday (default monday).",
            ko: "주 시작 요일, monday … sunday (기본값 monday).",
            ja: "週の開始曜日、monday … sunday (既定 monday)。"),
        Entry(
            "Start a timed session of an action.",
            ko: "행동의 시간 측정을 시작합니다.",
            ja: "行動の時間計測を始めます。"),
        Entry(
            "A start further back than the long-session limit (long_session_hours) is asked about on a\nterminal and refused elsewhere without --yes: a session that old is almost always a\nmistyped day. Days are logical days: before the day start, \"yesterday 21:00\" is the evening\nbefore the one that just ended; type 21:00 for that one (its latest occurrence).",
            ko:
                "장시간 기준(`long_session_hours`)보다 더 이전에서 시작하면 터미널에서는 묻고, 그 밖에서는 --yes 없이\n거부합니다: 그렇게 오래된 측정은 거의 언제나 날짜를 잘못 쓴 것입니다. 날짜는 논리적 하루입니다:\n하루 시작 시간 전이라면 \"어제 21:00\"은 방금 끝난 하루의 전날 저녁입니다. 방금 끝난 하루의 저녁이라면\n21:00이라고 쓰세요 (가장 최근의 그 시각).",
            ja:
                "長時間の上限 (`long_session_hours`) より前からの開始は、端末では確認し、それ以外では --yes がなければ\n拒否します: それほど古い計測はほぼ必ず日付の打ち間違いです。日付は論理日です: 1日の開始時刻より前なら\n「昨日 21:00」は終わったばかりの日の前日の夜です。その夜を指すなら 21:00 と入力してください (直近のその時刻)。"
        ),
        Entry(
            "The action's id or unique name.",
            ko: "행동의 ID 또는 고유한 이름.",
            ja: "行動の ID または一意な名前。"),
        Entry(
            "When it happened, in the ledger's zone: 07:30, \"yesterday 21:00\", -30m, 2026-03-04T07:30, or with an offset; cut to the minute (default: now, to the second).",
            ko:
                "일어난 시각, 기록장의 시간대로: 07:30, \"오후 3시\", \"어제 21:00\", \"30분 전\", -30m, 2026-03-04T07:30, 또는 오프셋과 함께; 분 단위로 자릅니다 (기본값: 지금, 초 단위까지).",
            ja: "起きた時刻、台帳のタイムゾーンで: 07:30、「午後3時」、「昨日 21:00」、「30分前」、-30m、2026-03-04T07:30、またはオフセット付き。分単位に切り捨てます (既定: 現在、秒まで)。"),
        Entry(
            "A private note (never shown in logs or errors).",
            ko: "나만 보는 메모 (로그나 오류에는 나오지 않습니다).",
            ja: "自分だけのメモ (ログやエラーには表示されません)。"),
        Entry(
            "The session id (default: a new UUID).",
            ko: "시간 기록의 ID (기본값: 새 UUID).",
            ja: "時間記録の ID (既定: 新しい UUID)。"),
        Entry(
            "Allow a start more than a day ahead.",
            ko: "하루 넘게 앞선 시작을 허용합니다.",
            ja: "1日以上先の開始を許可します。"),
        Entry(
            "Start further back than the long-session limit without asking.",
            ko: "장시간 기준보다 더 이전에서 묻지 않고 시작합니다.",
            ja: "長時間の上限より前から確認せずに開始します。"),
        Entry(
            "Stop an action's running session.",
            ko: "행동의 측정을 끝냅니다.",
            ja: "行動の計測を終えます。"),
        Entry(
            "A session shorter than the min_session_seconds setting is discarded (session.discarded) instead of stopped: it stays in the ledger but counts nowhere (a --note is then not kept, and the message says so).",
            ko:
                "`min_session_seconds` 설정보다 짧은 측정은 끝내는 대신 버립니다 (`session.discarded`): 기록장에는 남지만 어디에도 세지 않습니다 (이때 --note는 남지 않으며, 메시지가 그렇다고 알려 줍니다).",
            ja: "`min_session_seconds` の設定より短い計測は、終了ではなく破棄されます (`session.discarded`): 台帳には残りますがどこにも数えません (その場合 --note は残らず、メッセージでそう伝えます)。"),
        Entry(
            "The action's id or unique name; may be left out when exactly one session runs.",
            ko: "행동의 ID 또는 고유한 이름; 측정 중인 것이 하나뿐이면 생략할 수 있습니다.",
            ja: "行動の ID または一意な名前。計測中のものが1つだけなら省略できます。"),
        Entry(
            "A private note for the session (replaces one given at the start).",
            ko: "시간 기록의 메모 (시작할 때 준 메모를 바꿉니다).",
            ja: "時間記録のメモ (開始時のメモを置き換えます)。"),
        Entry(
            "Stop a session longer than the long-session limit without asking.",
            ko: "장시간 기준보다 긴 측정을 묻지 않고 끝냅니다.",
            ja: "長時間の上限より長い計測を確認せずに終えます。"),
        Entry(
            "Add to a count-tracked action.",
            ko: "횟수로 추적하는 행동에 횟수를 더합니다.",
            ja: "回数で記録する行動に回数を加えます。"),
        Entry(
            "How many, 1 … 999; 7.6 for an action with decimals (default 1).",
            ko: "몇 회인지, 1 … 999; 소수 자릿수가 있는 행동은 7.6처럼 (기본값 1).",
            ja: "回数、1 … 999; 小数桁のある行動は 7.6 のように (既定 1)。"),
        Entry(
            "The entry id (default: a new UUID).",
            ko: "횟수 기록의 ID (기본값: 새 UUID).",
            ja: "回数記録の ID (既定: 新しい UUID)。"),
        Entry(
            "Show the running sessions.",
            ko: "측정 중인 기록을 보여 줍니다.",
            ja: "計測中の記録を表示します。"),
        Entry(
            "The representative session (the earliest or latest start, by the representative setting)\ncomes first; the others count as +N. While the long-session alert is on (the default;\n`haru settings set --long-session-alert off`), a session running longer than\nlong_session_hours is flagged, and the JSON's `long` is true; `over_limit` says a session\nis that long whether the alert is on or off.",
            ko:
                "대표 기록(대표 시간 기준 설정에 따라 가장 먼저 또는 가장 나중에 시작한 것)이 먼저 나오고,\n나머지는 +N으로 셉니다. 장시간 알림이 켜져 있는 동안(기본값; `haru settings set --long-session-alert off`)\n`long_session_hours`보다 오래 측정 중인 기록에 표시가 붙고 JSON의 `long`이 `true`가 됩니다.\n`over_limit`는 알림이 켜져 있든 꺼져 있든 그만큼 오래되었는지를 알려 줍니다.",
            ja:
                "代表の記録 (代表時間の基準設定により、最初または最後に開始したもの) が先に表示され、\n残りは +N と数えます。長時間アラートがオンの間 (既定; `haru settings set --long-session-alert off`)、\n`long_session_hours` より長く計測中の記録に印が付き、JSON の `long` が `true` になります。\n`over_limit` はアラートのオン・オフにかかわらず、それだけ長いかどうかを示します。"
        ),
        Entry(
            "The sessions and counts of a day or a range of days.",
            ko: "하루 또는 여러 날의 시간 기록과 횟수 기록.",
            ja: "1日または複数日の時間記録と回数記録。"),
        Entry(
            "One row a record, by start time: its short reference (the shortest unambiguous start of\nits id, at least 7 characters; `haru history REF` takes it), its times in the ledger's\nzone, its length or amount, its action and its note. A session that crosses a day's edge\nis listed whole on every day it touches; a running session counts up to the reference.",
            ko:
                "기록 하나에 한 줄, 시작 시각 순: 짧은 참조(ID의 가장 짧은 고유한 앞부분, 7자 이상;\n`haru history REF`가 받습니다), 기록장 시간대의 시각, 길이 또는 횟수, 행동, 메모. 하루의 경계를\n걸치는 시간 기록은 걸친 날마다 통째로 나오고, 측정 중인 기록은 기준 시점까지 셉니다.",
            ja:
                "記録1件につき1行、開始時刻順: 短い参照 (ID の最短の一意な先頭、7文字以上。\n`haru history REF` が受け付けます)、台帳のタイムゾーンでの時刻、長さまたは回数、行動、メモ。1日の境界を\nまたぐ時間記録はまたいだ日ごとに丸ごと表示し、計測中の記録は基準時点まで数えます。"
        ),
        Entry(
            "A logical day (2026-03-04, today, yesterday, monday) or a period (:week …); default: the reference's day.",
            ko: "논리적 하루(2026-03-04, 오늘, 어제, 11월 23일, 월요일) 또는 기간(이번 주, :week …); 기본값: 기준 시점의 하루.",
            ja: "論理日 (2026-03-04、今日、昨日、11月23日、月曜日) または期間 (今週、:week …)。既定: 基準時点の日。"),
        Entry(
            "First logical day (a period: all of it).",
            ko: "첫 논리적 하루 (기간이면 그 기간 전부).",
            ja: "最初の論理日 (期間ならその全体)。"),
        Entry(
            "Last logical day, inclusive.",
            ko: "마지막 논리적 하루 (그날 포함).",
            ja: "最後の論理日 (その日を含む)。"),
        Entry(
            "Only this action (id or name).",
            ko: "이 행동만 (ID 또는 이름).",
            ja: "この行動のみ (ID または名前)。"),
        Entry(
            "Only the actions carrying this tag (id or name).",
            ko: "이 꼬리표가 붙은 행동만 (ID 또는 이름).",
            ja: "このタグが付いた行動のみ (ID または名前)。"),
        Entry(
            "Also the deleted and discarded records, marked.",
            ko: "지운 기록과 버린 기록도 표시해서 보여 줍니다.",
            ja: "削除した記録と破棄した記録も印を付けて表示します。"),
        Entry(
            "Valid time: evaluate as if now were then; a day (2026-03-04, yesterday, monday) means the end of that logical day, a time (21:00, \"yesterday 21:00\", an ISO instant) that instant; records after it do not count.",
            ko: "유효 시간: 지금이 그때라고 보고 계산합니다. 날짜(2026-03-04, 어제, 월요일)는 그 논리적 하루의 끝, 시각(21:00, \"어제 21:00\", ISO 시각)은 그 순간; 그 뒤의 기록은 세지 않습니다.",
            ja: "有効時間: 現在がその時点だとみなして計算します。日付 (2026-03-04、昨日、月曜日) はその論理日の終わり、時刻 (21:00、「昨日 21:00」、ISO の時刻) はその瞬間。それより後の記録は数えません。"),
        Entry(
            "Transaction time: only the events appended up to this seq or instant.",
            ko: "기록 시간: 이 seq 또는 시각까지 더해진 사건만 봅니다.",
            ja: "記録時間: この seq または時刻までに追加されたイベントだけを見ます。"),
        Entry(
            "The 24-hour grid of a day or a week: sessions as blocks, counts as dots.",
            ko: "하루나 한 주의 24시간 표: 시간 기록은 블록, 횟수 기록은 점으로.",
            ja: "1日または1週間の24時間の表: 時間記録はブロック、回数記録は点で。"),
        Entry(
            "The history screen's grid. Each logical day runs from its day start to the next, so with\ndays starting at 04:00 a session from 01:00 to 02:00 is at the bottom of the day before.\nOne day: a row per half hour, a block where a session covers the slot (█ most of it, ▀\nits first half, ▄ its second), its name and times where it begins, sessions that share\ntime side by side (each lane as wide as its longest words), and the slot's counts at the\nright (• Water ×2); a day of 23 or 25 hours says so, and the hour a clock repeats shows\ntwice. Several days: a column per day and a row per hour, naming the action with the most\ntime in the hour (+ when another shares it) and its counts (•3), seven days to a block. A session across a\nday's edge is cut there and goes on in the next column; a running session reaches the\nreference (now, or --as-of). Rows run from the hour of the first record to the slot of\nthe last.",
            ko:
                "기록 화면의 표. 논리적 하루는 하루 시작 시간에서 다음 하루 시작 시간까지이므로, 하루가 04:00에\n시작하면 01:00~02:00의 시간 기록은 전날의 맨 아래에 있습니다.\n하루: 30분마다 한 줄, 시간 기록이 덮는 칸에 블록(█ 대부분, ▀ 앞 절반, ▄ 뒤 절반), 시작하는 곳에\n이름과 시각, 시간이 겹치는 기록은 나란히(각 칸은 가장 긴 글자만큼), 오른쪽에 그 칸의 횟수(• 물 ×2);\n23시간이나 25시간인 날은 그렇게 알려 주고, 시계가 되풀이하는 시각은 두 번 나옵니다.\n여러 날: 하루에 한 열, 한 시간에 한 줄, 그 시간에 가장 오래 한 행동의 이름(다른 행동도 있으면 +)과\n횟수(•3), 7일씩 묶어서. 하루의 경계를 넘는 기록은 거기서 잘려 다음 열에서 이어지고, 측정 중인\n기록은 기준 시점(지금 또는 --as-of)까지 닿습니다. 줄은 첫 기록의 시간부터 마지막 기록의 칸까지입니다.",
            ja:
                "記録画面の表。論理日は1日の開始時刻から次の開始時刻までなので、1日が 04:00 に始まるなら\n01:00〜02:00 の時間記録は前日のいちばん下にあります。\n1日: 30分ごとに1行、時間記録が覆う枠にブロック (█ ほぼ全体、▀ 前半、▄ 後半)、始まる所に名前と時刻、\n重なる記録は横に並べ (各列は最も長い語の幅)、右端にその枠の回数 (• 水 ×2)。23時間や25時間の日は\nそう表示し、時計が繰り返す時刻は2回表示します。\n複数日: 1日に1列、1時間に1行、その時間で最も長い行動の名前 (他の行動もあれば +) と回数 (•3)、\n7日ずつまとめて。日の境界をまたぐ記録はそこで切れて次の列に続き、計測中の記録は基準時点\n(現在または --as-of) まで届きます。行は最初の記録の時間から最後の記録の枠までです。"
        ),
        Entry(
            "Also write the grid as a web page (a column per day, a colour per action).",
            ko: "표를 웹 페이지로도 씁니다 (하루에 한 열, 행동마다 한 색).",
            ja: "表を ウェブページとしても書き出します (1日に1列、行動ごとに1色)。"),
        Entry(
            "A day's diary page: mood, text, to-dos, and what the ledger says of that day.",
            ko: "하루의 일기: 기분, 글, 할 일, 그리고 그날 기록장이 말하는 것.",
            ja: "1日の日記: 気分、文章、やること、そしてその日について台帳が示すもの。"),
        Entry(
            "The page as the app's diary composes it: the mood and text written for the day, its\nto-dos (`haru todo`), a summary, the goals running that day with their day, week and\nmonth spans as of the day's end (weekly and monthly spans up to that day), the\ntimetable, the records and a bar per action. The page and its to-dos are read as they\nstand at the reference (`--as-of` shows them as written by then); the day's figures as\nthe day ended, or at the reference while it lasts. Actions and goals the page hides\n(`diary write --hide-action/--hide-goal`) leave its timetable and goals, not its totals.",
            ko:
                "앱의 일기처럼 구성한 페이지: 그날 쓴 기분과 글, 할 일(`haru todo`), 요약, 그날 진행 중인 목표와\n하루 끝 기준의 하루·주·월 진행률(주·월은 그날까지), 타임테이블, 기록, 행동별 막대. 페이지와 할 일은\n기준 시점의 모습으로(`--as-of`는 그때까지 쓴 모습), 그날의 수치는 하루가 끝난 때의 모습으로(하루가\n진행 중이면 기준 시점까지) 읽습니다. 페이지가 숨긴 행동과 목표(`diary write --hide-action/--hide-goal`)는\n타임테이블과 목표에서 빠지지만 합계에서는 빠지지 않습니다.",
            ja:
                "アプリの日記のように組んだページ: その日の気分と文章、やること (`haru todo`)、まとめ、その日進行中の目標と\n1日の終わり時点の日・週・月の進捗 (週・月はその日まで)、タイムテーブル、記録、行動ごとの棒。ページとやることは\n基準時点の状態で (`--as-of` はその時点までに書かれた状態)、その日の数値は1日が終わった時点で\n(進行中なら基準時点まで) 読みます。ページが隠した行動と目標 (`diary write --hide-action/--hide-goal`) は\nタイムテーブルと目標からは外れますが、合計からは外れません。"
        ),
        Entry(
            "The logical day (2026-03-04, today, yesterday, monday …; default: the reference's day).",
            ko: "논리적 하루 (2026-03-04, 오늘, 어제, 월요일 …; 기본값: 기준 시점의 하루).",
            ja: "論理日 (2026-03-04、今日、昨日、月曜日 …。既定: 基準時点の日)。"),
        Entry(
            "Write a day's page (what you leave out stays as it was).",
            ko: "하루의 일기를 씁니다 (주지 않은 것은 그대로 둡니다).",
            ja: "1日の日記を書きます (指定しなかったものはそのままです)。"),
        Entry(
            "One diary.written event holds the whole page: the options given change it, the rest is\ncarried over from the page as it stands, so `--mood 😊` today and `--text …` tonight\nmake one page with both. A deleted page written again comes back with what you give.\nThe event names the page it was made from (`base`): written on two devices apart, the\npage keeps what each changed once they sync (`haru conflicts` lists a field both changed).",
            ko:
                "`diary.written` 사건 하나가 페이지 전체를 담습니다: 준 옵션이 페이지를 바꾸고 나머지는 지금 페이지에서\n이어받으므로, 오늘 `--mood 😊`, 밤에 `--text …`를 쓰면 둘 다 있는 페이지 하나가 됩니다. 지운 페이지를\n다시 쓰면 준 내용으로 돌아옵니다. 사건은 바탕이 된 페이지(`base`)를 가리킵니다: 두 기기에서 따로\n썼다면 동기화 후 각자 바꾼 것이 남습니다 (둘 다 바꾼 항목은 `haru conflicts`가 보여 줍니다).",
            ja:
                "`diary.written` イベント1つがページ全体を持ちます: 指定したオプションがページを変え、残りは今のページから\n引き継ぐので、朝に `--mood 😊`、夜に `--text …` と書けば両方を持つ1ページになります。削除したページを\nまた書くと指定した内容で戻ります。イベントは元にしたページ (`base`) を指します: 2台のデバイスで別々に\n書いた場合、同期後もそれぞれが変えたものが残ります (両方が変えた項目は `haru conflicts` が表示します)。"
        ),
        Entry(
            "The logical day of the page (default: today's).",
            ko: "페이지의 논리적 하루 (기본값: 오늘).",
            ja: "ページの論理日 (既定: 今日)。"),
        Entry(
            "The day's mood (an emoji, 64 characters at most), or none.",
            ko: "그날의 기분 (이모지, 64자 이하), 또는 none.",
            ja: "その日の気分 (絵文字、64文字以内)、または none。"),
        Entry(
            "A photo for the day's mood (kept in the ledger by its SHA-256), or none.",
            ko: "그날 기분의 사진 (SHA-256으로 기록장에 보관), 또는 none.",
            ja: "その日の気分の写真 (SHA-256 で台帳に保管)、または none。"),
        Entry(
            "Attach a file (a photo, a page, a PDF) to the page.",
            ko: "페이지에 파일(사진, 문서, PDF)을 붙입니다.",
            ja: "ページにファイル (写真、文書、PDF) を添付します。"),
        Entry(
            "Take the N-th attachment (or the one whose digest starts so) off the page.",
            ko: "N번째 첨부(또는 다이제스트가 그렇게 시작하는 첨부)를 페이지에서 뗍니다.",
            ja: "N番目の添付 (またはダイジェストがそう始まる添付) をページから外します。"),
        Entry(
            "What to write (replaces the page's text); - reads it from standard input; none removes it.",
            ko: "쓸 글 (페이지의 글을 바꿉니다); -는 표준 입력에서 읽고, none은 지웁니다.",
            ja: "書く文章 (ページの文章を置き換えます)。- は標準入力から読み、none は消します。"),
        Entry(
            "Leave this action out of the day's timetable.",
            ko: "이 행동을 그날의 타임테이블에서 뺍니다.",
            ja: "この行動をその日のタイムテーブルから外します。"),
        Entry(
            "Show a hidden action again.",
            ko: "숨긴 행동을 다시 보여 줍니다.",
            ja: "隠した行動を再び表示します。"),
        Entry(
            "Leave this goal out of the day's goals.",
            ko: "이 목표를 그날의 목표에서 뺍니다.",
            ja: "この目標をその日の目標から外します。"),
        Entry(
            "Show a hidden goal again.",
            ko: "숨긴 목표를 다시 보여 줍니다.",
            ja: "隠した目標を再び表示します。"),
        Entry(
            "Put a calendar event (its identifier in the calendar) in the day's timetable.",
            ko: "캘린더 일정(캘린더의 식별자)을 그날의 타임테이블에 넣습니다.",
            ja: "カレンダーの予定 (カレンダーでの識別子) をその日のタイムテーブルに入れます。"),
        Entry(
            "Take it out again.",
            ko: "다시 뺍니다.",
            ja: "また外します。"),
        Entry(
            "When it happened, in the ledger's zone: 07:30, \"yesterday 21:00\", -30m, 2026-03-04T07:30, or with an offset (default: now).",
            ko: "일어난 시각, 기록장의 시간대로: 07:30, \"오후 3시\", \"어제 21:00\", \"30분 전\", -30m, 2026-03-04T07:30, 또는 오프셋과 함께 (기본값: 지금).",
            ja: "起きた時刻、台帳のタイムゾーンで: 07:30、「午後3時」、「昨日 21:00」、「30分前」、-30m、2026-03-04T07:30、またはオフセット付き (既定: 現在)。"),
        Entry(
            "Take a day's page away (its to-dos stay; `haru restore DATE` brings it back).",
            ko: "하루의 일기를 치웁니다 (할 일은 남고, `haru restore DATE`로 되살립니다).",
            ja: "1日の日記を片付けます (やることは残り、`haru restore DATE` で戻せます)。"),
        Entry(
            "The logical day of the page.",
            ko: "페이지의 논리적 하루.",
            ja: "ページの論理日。"),
        Entry(
            "A day's to-dos: add, done, undo, edit, delete.",
            ko: "하루의 할 일: 추가, 완료, 완료 취소, 수정, 삭제.",
            ja: "1日のやること: 追加、完了、完了の取り消し、編集、削除。"),
        Entry(
            "Add a to-do to a day's page.",
            ko: "하루의 일기에 할 일을 더합니다.",
            ja: "1日の日記にやることを加えます。"),
        Entry(
            "What to do.",
            ko: "할 일의 내용.",
            ja: "やることの内容。"),
        Entry(
            "The day's page it goes on (default: today).",
            ko: "할 일을 넣을 날의 일기 (기본값: 오늘).",
            ja: "やることを載せる日のページ (既定: 今日)。"),
        Entry(
            "Its place in listings and progress (0, 1, 2 …; lower first).",
            ko: "목록과 진행에서의 자리 (0, 1, 2 …; 작은 것이 먼저).",
            ja: "一覧と進捗での位置 (0, 1, 2 …。小さい方が先)。"),
        Entry(
            "The to-do's id, [A-Za-z0-9._:-]{1,64} (default: a new UUID).",
            ko: "할 일의 ID, [A-Za-z0-9._:-]{1,64} (기본값: 새 UUID).",
            ja: "やることの ID、[A-Za-z0-9._:-]{1,64} (既定: 新しい UUID)。"),
        Entry(
            "Tick a to-do off.",
            ko: "할 일을 완료로 표시합니다.",
            ja: "やることを完了にします。"),
        Entry(
            "Its number on the day's list (1, 2 … as `haru diary` shows it), or its id (a unique start of it).",
            ko: "그날 목록의 번호 (`haru diary`가 보여 주는 1, 2 …), 또는 ID (고유한 앞부분).",
            ja: "その日の一覧での番号 (`haru diary` が表示する 1, 2 …)、または ID (一意な先頭部分)。"),
        Entry(
            "The day whose list TODO's number counts in (default: today).",
            ko: "TODO의 번호를 세는 목록의 날 (기본값: 오늘).",
            ja: "TODO の番号を数える一覧の日 (既定: 今日)。"),
        Entry(
            "Untick a to-do.",
            ko: "할 일의 완료 표시를 풉니다.",
            ja: "やることの完了を取り消します。"),
        Entry(
            "Change a to-do's text or place, or move it to another day.",
            ko: "할 일의 내용이나 자리를 바꾸거나 다른 날로 옮깁니다.",
            ja: "やることの内容や位置を変えるか、別の日に移します。"),
        Entry(
            "New text.",
            ko: "새 내용.",
            ja: "新しい内容。"),
        Entry(
            "Put it on this day's page instead.",
            ko: "대신 이 날의 일기에 둡니다.",
            ja: "代わりにこの日のページに載せます。"),
        Entry(
            "Take a to-do off its page (`haru restore ID` brings it back).",
            ko: "할 일을 페이지에서 치웁니다 (`haru restore ID`로 되살립니다).",
            ja: "やることをページから外します (`haru restore ID` で戻せます)。"),
        Entry(
            "The bytes of an attachment (a blob the ledger keeps by its SHA-256).",
            ko: "첨부의 바이트 (기록장이 SHA-256으로 보관하는 블롭).",
            ja: "添付のバイト列 (台帳が SHA-256 で保管するブロブ)。"),
        Entry(
            "Its SHA-256 (`haru diary --json` lists a page's), or a unique start of it (8 digits at least).",
            ko: "그 SHA-256 (`haru diary --json`이 페이지의 것을 보여 줍니다), 또는 고유한 앞부분 (8자리 이상).",
            ja: "その SHA-256 (`haru diary --json` がページのものを表示します)、または一意な先頭部分 (8桁以上)。"),
        Entry(
            "Write them to FILE (whole or not at all) instead of standard output.",
            ko: "표준 출력 대신 FILE에 씁니다 (통째로 쓰거나 아예 쓰지 않음).",
            ja: "標準出力の代わりに FILE に書きます (全部書くか、まったく書かないか)。"),
        Entry(
            "Correct a session or a count.",
            ko: "시간 기록이나 횟수 기록을 고칩니다.",
            ja: "時間記録または回数記録を修正します。"),
        Entry(
            "A correction: once known it applies to every view (as of any time), and `haru history REF`\nshows the change. A clock time alone belongs to the record's own logical day, not today's:\n`--start 07:10` moves the start within that day, and `--end 08:00` is the first 08:00 after\nthe start. Times are whole minutes, as in the app's editor: what is typed is cut to the\nminute, and a session whose start or end is edited loses the seconds a timer left in its\nother end (13:00:12–14:32:47 edited to start at 13:32 is 13:32–14:32, an hour). A session\nthat would come out longer than the long-session limit (long_session_hours) is asked\nabout on a terminal and refused elsewhere without --yes.",
            ko:
                "정정입니다: 알려진 뒤로는 모든 보기에 (어느 시점 기준이든) 적용되고, `haru history REF`가 변경을\n보여 줍니다. 시각만 쓰면 오늘이 아니라 그 기록의 논리적 하루에 속합니다: `--start 07:10`은 그날 안에서\n시작을 옮기고, `--end 08:00`은 시작 뒤의 첫 08:00입니다. 앱의 편집기처럼 시각은 분 단위입니다:\n입력한 시각은 분으로 자르고, 시작이나 끝을 고친 시간 기록은 타이머가 다른 쪽 끝에 남긴 초를 잃습니다\n(13:00:12~14:32:47을 13:32 시작으로 고치면 13:32~14:32, 한 시간). 장시간 기준(`long_session_hours`)보다\n길어지는 기록은 터미널에서는 묻고, 그 밖에서는 --yes 없이 거부합니다.",
            ja:
                "訂正です: 知られた後はすべての表示に (どの時点基準でも) 適用され、`haru history REF` が変更を表示します。\n時刻だけなら今日ではなくその記録の論理日に属します: `--start 07:10` はその日の中で開始を動かし、\n`--end 08:00` は開始後の最初の 08:00 です。アプリの編集画面のように時刻は分単位です: 入力した時刻は\n分に切り捨て、開始か終了を編集した時間記録は、タイマーがもう一方の端に残した秒を失います\n(13:00:12〜14:32:47 を 13:32 開始に直すと 13:32〜14:32、1時間)。長時間の上限 (`long_session_hours`) より\n長くなる記録は、端末では確認し、それ以外では --yes がなければ拒否します。"
        ),
        Entry(
            "The record: the start of its id as `haru records` shows it, or @1 (the most recent), @2 …",
            ko: "기록: `haru records`가 보여 주는 ID의 앞부분, 또는 @1 (가장 최근), @2 …",
            ja: "記録: `haru records` が表示する ID の先頭部分、または @1 (直近)、@2 …"),
        Entry(
            "A session's new start (07:30, \"yesterday 21:00\", -30m …).",
            ko: "시간 기록의 새 시작 (07:30, \"어제 21:00\", \"30분 전\", -30m …).",
            ja: "時間記録の新しい開始 (07:30、「昨日 21:00」、「30分前」、-30m …)。"),
        Entry(
            "A session's new end (not while it runs: stop it instead).",
            ko: "시간 기록의 새 끝 (측정 중에는 안 됩니다: 먼저 끝내세요).",
            ja: "時間記録の新しい終了 (計測中は不可: 先に終えてください)。"),
        Entry(
            "A count's new time.",
            ko: "횟수 기록의 새 시각.",
            ja: "回数記録の新しい時刻。"),
        Entry(
            "A count's new amount, 1 … 999 (7.6 for an action with decimals).",
            ko: "횟수 기록의 새 횟수, 1 … 999 (소수 자릿수가 있는 행동은 7.6처럼).",
            ja: "回数記録の新しい回数、1 … 999 (小数桁のある行動は 7.6 のように)。"),
        Entry(
            "A new note; \"\" removes it.",
            ko: "새 메모; \"\"는 메모를 지웁니다.",
            ja: "新しいメモ。\"\" はメモを消します。"),
        Entry(
            "Write a session longer than the long-session limit without asking.",
            ko: "장시간 기준보다 긴 시간 기록을 묻지 않고 씁니다.",
            ja: "長時間の上限より長い時間記録を確認せずに書きます。"),
        Entry(
            "Delete a session or a count.",
            ko: "시간 기록이나 횟수 기록을 지웁니다.",
            ja: "時間記録または回数記録を削除します。"),
        Entry(
            "A correction: the record leaves every total (the event stays in the ledger; `haru records --all` still lists it, marked).",
            ko: "정정입니다: 기록이 모든 합계에서 빠집니다 (사건은 기록장에 남고, `haru records --all`이 표시해서 보여 줍니다).",
            ja: "訂正です: 記録はすべての合計から外れます (イベントは台帳に残り、`haru records --all` が印を付けて表示します)。"),
        Entry(
            "Discard a running session (started by mistake): it counts nowhere.",
            ko: "(실수로 시작한) 측정을 버립니다: 어디에도 세지 않습니다.",
            ja: "(誤って開始した) 計測を破棄します: どこにも数えません。"),
        Entry(
            "Writes session.discarded: the session stays in the ledger (`haru records --all`) and counts nowhere.",
            ko: "`session.discarded`를 씁니다: 기록은 기록장에 남고 (`haru records --all`) 어디에도 세지 않습니다.",
            ja: "`session.discarded` を書きます: 記録は台帳に残り (`haru records --all`)、どこにも数えません。"),
        Entry(
            "The running action; may be left out when exactly one session runs.",
            ko: "측정 중인 행동; 측정 중인 것이 하나뿐이면 생략할 수 있습니다.",
            ja: "計測中の行動。計測中のものが1つだけなら省略できます。"),
        Entry(
            "Reverse the last change made from the command line, with a compensating event.",
            ko: "명령줄에서 한 마지막 변경을, 되돌리는 사건을 더해 되돌립니다.",
            ja: "コマンドラインで行った最後の変更を、打ち消すイベントを加えて元に戻します。"),
        Entry(
            "Nothing is removed: undo appends the event that reverses the most recent change written by\na haru command (not by `append` or an import) and not undone yet: a creation is deleted, a\ndeletion restored, an edit edited back (at the same effective time), a started session\ndiscarded, a recorded session or a count deleted. A stop, a discard, a finish, a\nconfirmation, a settings change and a redaction cannot be reversed this way: undo passes\nover them (and over earlier changes of the same thing) to the most recent change it can\ntake back, and says what it passed over and what to use instead. Each undo reverses one\nchange further back.",
            ko:
                "아무것도 지우지 않습니다: `haru undo`는 haru 명령이 쓴 (`haru append`나 가져오기가 아닌) 아직 되돌리지 않은 가장 최근\n변경을 뒤집는 사건을 더합니다: 만든 것은 지우고, 지운 것은 되살리고, 고친 것은 (같은 유효 시각에) 되돌려\n고치고, 시작한 측정은 버리고, 기록한 시간 기록이나 횟수 기록은 지웁니다. 측정 끝내기, 버리기, 목표 마치기,\n확인, 설정 변경, 글 지우기(`haru redact`)는 이렇게 되돌릴 수 없습니다: `haru undo`는 그것들을 (그리고 같은 대상의 그 이전\n변경을) 건너뛰어 되돌릴 수 있는 가장 최근 변경으로 가고, 무엇을 건너뛰었는지와 대신 쓸 명령을 알려 줍니다.\n`haru undo`를 할 때마다 한 단계 더 이전의 변경을 되돌립니다.",
            ja:
                "何も消しません: `haru undo` は haru のコマンドが書いた (`haru append` やインポートではない)、まだ元に戻していない直近の\n変更を打ち消すイベントを加えます: 作成は削除し、削除は復元し、編集は (同じ有効時刻で) 編集し戻し、開始した\n計測は破棄し、記録した時間記録や回数記録は削除します。計測の終了、破棄、目標の終了、確認、設定の変更、\n墨消し (`haru redact`) はこの方法では戻せません: `haru undo` はそれら (と同じ対象のそれ以前の変更) を飛ばして、戻せる\n直近の変更に進み、何を飛ばしたかと代わりに使うコマンドを伝えます。`haru undo` のたびに1つ前の変更を戻します。"
        ),
        Entry(
            "Show what undo would take back, most recent first, and what it would pass over; change nothing.",
            ko: "`haru undo`가 되돌릴 것을 최근 것부터, 그리고 건너뛸 것을 보여 줍니다; 아무것도 바꾸지 않습니다.",
            ja: "`haru undo` が戻すものを新しい順に、飛ばすものとあわせて表示します。何も変更しません。"),
        Entry(
            "Take a deletion back: a tag, action, goal, quest, session or count comes back.",
            ko: "지운 것을 되살립니다: 꼬리표, 행동, 목표, 다짐, 시간 기록, 횟수 기록.",
            ja: "削除を取り消します: タグ、行動、目標、クエスト、時間記録、回数記録が戻ります。"),
        Entry(
            "Writes the matching *.restored event: a correction, so every view counts the entity (and an\naction's records) again. A tag or action comes back only while no live one has its name.",
            ko: "짝이 되는 `*.restored` 사건을 씁니다: 정정이므로 모든 보기가 그 대상(과 행동의 기록)을 다시 셉니다.\n꼬리표나 행동은 살아 있는 것 중에 같은 이름이 없을 때만 돌아옵니다.",
            ja: "対応する `*.restored` イベントを書きます: 訂正なので、すべての表示がその対象 (と行動の記録) を再び数えます。\nタグや行動は、同じ名前の有効なものがないときだけ戻ります。"),
        Entry(
            "A deleted definition's name, title or id, or a deleted record's ref (`haru records --all` shows them).",
            ko: "지운 정의의 이름, 제목 또는 ID, 또는 지운 기록의 참조 (`haru records --all`이 보여 줍니다).",
            ja: "削除した定義の名前、タイトルまたは ID、または削除した記録の参照 (`haru records --all` が表示します)。"),
        Entry(
            "One logical day's totals per action and per tag.",
            ko: "논리적 하루 하나의 행동별·꼬리표별 합계.",
            ja: "論理日1日分の行動別・タグ別の合計。"),
        Entry(
            "A logical day runs from its day_start to the next day's, in the ledger's time zone (23 or\n25 hours across DST). Sessions are split at the day's edges; running sessions count up\nto the reference. Actions and tags with a non-zero total are listed in the order people set\n(`haru action edit A --order N`), as the app lists them (the JSON: by id); --order user\nlists every action, those with nothing too, as the app's grid does.",
            ko:
                "논리적 하루는 기록장의 시간대에서 하루 시작 시간부터 다음 날의 하루 시작 시간까지입니다\n(서머타임 전환일에는 23시간이나 25시간). 시간 기록은 하루의 경계에서 나누고, 측정 중인 기록은 기준 시점까지\n셉니다. 합계가 0이 아닌 행동과 꼬리표가 앱처럼 사용자가 정한 순서(`haru action edit A --order N`)로\n나옵니다 (JSON: ID순). --order user이면 앱의 격자처럼 아무것도 없는 행동까지 모두 나옵니다.",
            ja:
                "論理日は台帳のタイムゾーンで1日の開始時刻から翌日の開始時刻までです (夏時間の切り替え日は\n23時間または25時間)。時間記録は日の境界で分け、計測中の記録は基準時点まで数えます。合計が0でない行動と\nタグを、アプリのようにユーザーが決めた順 (`haru action edit A --order N`) で表示します (JSON: ID 順)。\n--order user ならアプリのグリッドのように、何もない行動も含めてすべて表示します。"
        ),
        Entry(
            "The day: 2026-03-04, today, yesterday, monday … (default: the logical day of the reference).",
            ko: "하루: 2026-03-04, 오늘, 어제, 11월 23일, 월요일 … (기본값: 기준 시점의 논리적 하루).",
            ja: "日: 2026-03-04、今日、昨日、11月23日、月曜日 … (既定: 基準時点の論理日)。"),
        Entry(
            "List actions and tags in the order people set (user), by name, or by id.",
            ko: "행동과 꼬리표를 사용자가 정한 순서(user), 이름순(name), ID순(id)으로 나열합니다.",
            ja: "行動とタグを、ユーザーが決めた順 (user)、名前順 (name)、ID 順 (id) で並べます。"),
        Entry(
            "Totals per action or tag over a range of days, with averages.",
            ko: "여러 날에 걸친 행동별 또는 꼬리표별 합계와 평균.",
            ja: "複数日にわたる行動別またはタグ別の合計と平均。"),
        Entry(
            "Without --from and --to: the current week (from the ledger's week start).\nAverages divide by the periods (days, or weeks/months with --every) that have already\nstarted by the reference, never by future ones.\n\nThe statistics filter: with --action or --tag only those actions (and the actions\ncarrying those tags) count; --exclude then leaves actions out. A tag stands for its\nactions, so time by tag is that of the actions counted: excluding an action takes\nits time out of every tag it carries. The filter applies to the table, the JSON\n(which names it under \"filter\") and the --html page's charts; goals are judged on\neverything, as always.\n\nColumns are in the order people set (`haru action edit A --order N`), as the app's\nstatistics are (the JSON's items: by id); --order name or id chooses another.",
            ko:
                "--from과 --to가 없으면: 이번 주 (기록장의 주 시작 요일부터).\n평균은 기준 시점까지 이미 시작한 기간(날, 또는 --every의 주·월)으로 나누고, 앞으로 올 기간으로는 나누지 않습니다.\n\n통계 필터: --action이나 --tag가 있으면 그 행동(과 그 꼬리표가 붙은 행동)만 셉니다; 그다음 --exclude가\n행동을 뺍니다. 꼬리표는 그 행동들을 대신하므로, 꼬리표별 시간은 센 행동들의 시간입니다: 행동을 빼면\n그 행동이 단 모든 꼬리표에서 그 시간이 빠집니다. 필터는 표, JSON(`filter`에 적힘), --html 페이지의\n차트에 적용되고, 목표는 언제나처럼 모든 기록으로 판정합니다.\n\n열은 앱의 통계처럼 사용자가 정한 순서(`haru action edit A --order N`)로 놓습니다 (JSON의 항목: ID순).\n--order name이나 id로 다른 순서를 고릅니다.",
            ja:
                "--from と --to がなければ: 今週 (台帳の週の開始曜日から)。\n平均は基準時点までにすでに始まった期間 (日、または --every の週・月) で割り、これから来る期間では割りません。\n\n統計のフィルター: --action や --tag があれば、その行動 (とそのタグが付いた行動) だけを数え、続いて\n--exclude が行動を外します。タグはその行動たちを表すので、タグ別の時間は数えた行動の時間です: 行動を外すと、\nその行動が持つすべてのタグからその時間が抜けます。フィルターは表、JSON (`filter` に記載)、--html ページの\nグラフに適用され、目標はいつも通りすべての記録で判定します。\n\n列はアプリの統計のようにユーザーが決めた順 (`haru action edit A --order N`) に並べます (JSON の項目: ID 順)。\n--order name や id で別の順を選べます。"
        ),
        Entry(
            "First logical day (2026-03-01, monday, …), or a period (:week, :lastmonth …) for all of it.",
            ko: "첫 논리적 하루 (2026-03-01, 월요일, 11/16 …), 또는 기간 전부 (이번 주, 지난달, :week, :lastmonth …).",
            ja: "最初の論理日 (2026-03-01、月曜日、11/16 …)、または期間全体 (今週、先月、:week、:lastmonth …)。"),
        Entry(
            "Last logical day, inclusive (a period: its last day). Default: the current week.",
            ko: "마지막 논리적 하루, 그날 포함 (기간이면 그 마지막 날). 기본값: 이번 주.",
            ja: "最後の論理日、その日を含む (期間ならその最後の日)。既定: 今週。"),
        Entry(
            "Group by action (default) or by tag.",
            ko: "행동별(기본값) 또는 꼬리표별로 묶습니다.",
            ja: "行動別 (既定) またはタグ別にまとめます。"),
        Entry(
            "One row per logical day, week (from week_start) or month; default one row.",
            ko: "논리적 하루, 주(주 시작 요일부터), 달마다 한 줄; 기본값은 한 줄.",
            ja: "論理日、週 (週の開始曜日から)、月ごとに1行。既定は1行。"),
        Entry(
            "Count only this action (id or name); repeat for more.",
            ko: "이 행동만 셉니다 (ID 또는 이름); 여러 번 줄 수 있습니다.",
            ja: "この行動だけを数えます (ID または名前)。複数指定できます。"),
        Entry(
            "Count only the actions carrying this tag; repeat for more.",
            ko: "이 꼬리표가 붙은 행동만 셉니다; 여러 번 줄 수 있습니다.",
            ja: "このタグが付いた行動だけを数えます。複数指定できます。"),
        Entry(
            "Leave out this action, or every action carrying this tag (action:NAME or tag:NAME when both have the name).",
            ko: "이 행동, 또는 이 꼬리표가 붙은 모든 행동을 뺍니다 (둘 다 그 이름이면 action:NAME 또는 tag:NAME).",
            ja: "この行動、またはこのタグが付いたすべての行動を外します (両方にその名前があれば action:NAME または tag:NAME)。"),
        Entry(
            "Also write a self-contained page: goals with a calendar per quest, a heatmap per action, time by tag, counts.",
            ko: "혼자서 열리는 페이지도 씁니다: 다짐마다 달력이 있는 목표, 행동마다 히트맵, 꼬리표별 시간, 횟수.",
            ja: "単体で開けるページも書き出します: クエストごとのカレンダー付きの目標、行動ごとのヒートマップ、タグ別の時間、回数。"),
        Entry(
            "Goals, their quests, spans, streaks and judgments.",
            ko: "목표와 그 다짐, 구간 진행률, 연속, 판정.",
            ja: "目標とそのクエスト、期間の進捗、連続、判定。"),
        Entry(
            "Each quest shows its day, week and month spans (value against the target scaled to the span),\nits streak, and, once its goal is judged, the judgment. A goal's span ratio is the mean of its\nquests' ratios (for the day, only quests scheduled that day).",
            ko: "다짐마다 하루·주·월 진행률(그 구간에 맞춘 목표값 대비 값), 연속, 그리고 목표가 판정되었다면 그 판정을\n보여 줍니다. 목표의 진행률은 다짐들 비율의 평균입니다 (하루는 그날 수행일인 다짐만).",
            ja: "クエストごとに日・週・月の進捗 (その期間に合わせた目標値に対する値)、連続、そして目標が判定済みならその判定を\n表示します。目標の進捗はクエストの比率の平均です (日はその日が実施日のクエストのみ)。"),
        Entry(
            "Only this goal (its id, title or a unique start of its id).",
            ko: "이 목표만 (ID, 제목, 또는 ID의 고유한 앞부분).",
            ja: "この目標のみ (ID、タイトル、または ID の一意な先頭部分)。"),
        Entry(
            "Period by period: what a quest required, what was done, and which records counted.",
            ko: "기간마다: 다짐이 요구한 것, 한 것, 그리고 센 기록.",
            ja: "期間ごとに: クエストが求めたもの、行ったもの、数えた記録。"),
        Entry(
            "Records count up to the reference, as for streaks; a record timed later is listed as left out\n(\"after the reference\"). Other reasons: after the deadline, not a scheduled day, other measure\n(a tagged action that tracks the other unit).",
            ko: "연속처럼 기록은 기준 시점까지 셉니다; 그보다 늦은 기록은 빠진 것으로(\"기준 시점 뒤\") 나옵니다.\n그 밖의 이유: 마감 시각 뒤, 수행일 아님, 다른 단위(꼬리표가 붙었지만 다른 단위로 추적하는 행동).",
            ja: "連続と同じく、記録は基準時点まで数えます。それより後の記録は除外 (「基準時点の後」) と表示します。\nその他の理由: 締め切り時刻の後、実施日ではない、別の単位 (タグは付いているが別の単位で記録する行動)。"),
        Entry(
            "The quest's id, or a unique start of it (at least 4 characters).",
            ko: "다짐의 ID, 또는 그 고유한 앞부분 (4자 이상).",
            ja: "クエストの ID、またはその一意な先頭部分 (4文字以上)。"),
        Entry(
            "How many periods back to show, the current one included (default 7 days, 4 weeks, 3 months).",
            ko: "지금 기간을 포함해 몇 기간 전까지 보일지 (기본값 7일, 4주, 3달).",
            ja: "現在の期間を含めていくつ前の期間まで表示するか (既定 7日、4週、3か月)。"),
        Entry(
            "Every event that touched one entity, with what it changed.",
            ko: "대상 하나에 닿은 모든 사건과 그 사건이 바꾼 것.",
            ja: "1つの対象に関わったすべてのイベントと、それが変えたもの。"),
        Entry(
            "Oldest first: seq, when it was recorded (transaction time, UTC), when it takes effect\n(valid time, the ledger's zone), the event type and the fields it changed, old → new.\nNotes are shown: this is their owner's view (`haru log` hides them).",
            ko:
                "오래된 것부터: seq, 기록된 시각(기록 시간, UTC), 적용되는 시각(유효 시간, 기록장의 시간대), 사건 종류와\n바꾼 필드 (이전 → 새 값). 메모도 보여 줍니다: 주인이 보는 화면이기 때문입니다 (`haru log`는 숨깁니다).",
            ja:
                "古い順に: seq、記録された時刻 (記録時間、UTC)、適用される時刻 (有効時間、台帳のタイムゾーン)、イベントの\n種類と変えたフィールド (旧 → 新)。メモも表示します: 持ち主が見る画面だからです (`haru log` は隠します)。"
        ),
        Entry(
            "An id of any kind, an action's or tag's name, a goal's title, or the start of a record id (as `haru records` shows it).",
            ko: "어떤 종류든 ID, 행동이나 꼬리표의 이름, 목표의 제목, 또는 기록 ID의 앞부분 (`haru records`가 보여 주는 대로).",
            ja: "種類を問わず ID、行動やタグの名前、目標のタイトル、または記録 ID の先頭部分 (`haru records` の表示どおり)。"),
        Entry(
            "For an action: also the events of its sessions and counts.",
            ko: "행동이면: 그 시간 기록과 횟수 기록의 사건도.",
            ja: "行動の場合: その時間記録と回数記録のイベントも。"),
        Entry(
            "Show the events, oldest first.",
            ko: "사건을 오래된 것부터 보여 줍니다.",
            ja: "イベントを古い順に表示します。"),
        Entry(
            "Notes are private: the log shows their length, not their text, unless --notes is given (a log pasted into a bug report should not leak them). --json prints one event per line with seq, recorded, prev and hash.",
            ko:
                "메모는 사적인 것입니다: --notes가 없으면 로그는 메모의 글이 아니라 길이를 보여 줍니다 (버그 보고에 붙인 로그로 새면 안 되니까요). --json은 사건 하나에 한 줄을 `seq`, `recorded`, `prev`, `hash`와 함께 씁니다.",
            ja:
                "メモは私的なものです: --notes がなければ、ログはメモの文章ではなく長さを表示します (バグ報告に貼ったログから漏れないように)。--json はイベント1件につき1行を `seq`、`recorded`、`prev`、`hash` とともに書きます。"
        ),
        Entry(
            "Start at this seq.",
            ko: "이 seq부터 시작합니다.",
            ja: "この seq から始めます。"),
        Entry(
            "Only events of this type (e.g. count.added) or domain (e.g. session).",
            ko: "이 종류(예: `count.added`)나 영역(예: `session`)의 사건만.",
            ja: "この種類 (例: `count.added`) または領域 (例: `session`) のイベントのみ。"),
        Entry(
            "Only events that name this id (in any field).",
            ko: "이 ID를 (어느 필드에서든) 가리키는 사건만.",
            ja: "この ID を (どのフィールドでも) 指すイベントのみ。"),
        Entry(
            "Show the text of notes (hidden by default).",
            ko: "메모의 글을 보여 줍니다 (기본은 숨김).",
            ja: "メモの文章を表示します (既定では非表示)。"),
        Entry(
            "Serve the app's screens as a local web page, live, until Ctrl-C.",
            ko: "앱의 화면을 이 컴퓨터의 웹 페이지로, 실시간으로, Ctrl-C까지 띄웁니다.",
            ja: "アプリの画面をこのコンピューターの ウェブページとして、リアルタイムで、Ctrl-C まで提供します。"),
        Entry(
            "The screens of the app: today (a button per action that starts, stops or counts it, and\ngoal cards with day, week and month bars and quest rings), records by day (edit, delete,\nrestore, undo), statistics (`haru report`'s table with its filter), the diary (mood,\nwriting, to-dos, attachments) and the timetable; in the language of --lang (switchable\non the page), light or dark. When another process writes (`haru count`, `haru sync`), open\npages redraw within a second; a running timer ticks on the page.\n\nOnly this machine can reach it: it listens on 127.0.0.1 and answers only requests that\nname it as their host. Writes go through the same rules as haru's commands (the page's\nUndo takes back what the page wrote) and need the page's token and a same-origin request,\nso another site open in the browser cannot write. Pages and scripts come from the haru\nbinary; nothing is loaded from the network. Needs GNU libmicrohttpd (Debian: libmicrohttpd12).",
            ko:
                "앱의 화면들: 모음(행동마다 시작·끝·횟수 버튼, 하루·주·월 막대와 다짐 고리가 있는 목표 카드), 날짜별 기록\n(수정, 삭제, 되살리기, 되돌리기), 통계(`haru report`의 표와 필터), 일기(기분, 글, 할 일, 첨부), 타임테이블;\n--lang의 언어로 (페이지에서 바꿀 수 있음), 밝게 또는 어둡게. 다른 프로세스가 쓰면 (`haru count`, `haru sync`)\n열린 페이지가 1초 안에 다시 그려지고, 측정 중인 타이머는 페이지에서 흘러갑니다.\n\n이 컴퓨터에서만 열 수 있습니다: 127.0.0.1에서 기다리고, 자신을 호스트로 부른 요청에만 답합니다. 쓰기는 haru\n명령과 같은 규칙을 거치고 (페이지의 되돌리기는 페이지가 쓴 것을 되돌립니다) 페이지의 토큰과 같은 출처의\n요청이 필요하므로, 브라우저에 열린 다른 사이트는 쓸 수 없습니다. 페이지와 스크립트는 haru 실행 파일에서\n나오며 네트워크에서 아무것도 불러오지 않습니다. GNU libmicrohttpd가 필요합니다 (Debian: libmicrohttpd12).",
            ja:
                "アプリの画面: まとめ (行動ごとの開始・終了・回数ボタン、日・週・月のバーとクエストのリングがある目標カード)、\n日ごとの記録 (編集、削除、復元、元に戻す)、統計 (`haru report` の表とフィルター)、日記 (気分、文章、やること、\n添付)、タイムテーブル。--lang の言語で (ページで切り替え可能)、ライトまたはダーク。別のプロセスが書くと\n(`haru count`、`haru sync`)、開いているページは1秒以内に再描画され、計測中のタイマーはページ上で進みます。\n\nこのコンピューターからだけ開けます: 127.0.0.1 で待ち受け、自分をホストとして指定した要求にだけ応えます。\n書き込みは haru のコマンドと同じ規則を通り (ページの「元に戻す」はページが書いたものを戻します)、ページの\nトークンと同一オリジンの要求が必要なので、ブラウザーで開いた別のサイトは書き込めません。ページとスクリプトは\nharu の実行ファイルから出て、ネットワークからは何も読み込みません。GNU libmicrohttpd が必要です\n(Debian: libmicrohttpd12)。"
        ),
        Entry(
            "The port (default 5178; 0: any free one, printed).",
            ko: "포트 (기본값 5178; 0: 비어 있는 아무 포트, 출력됨).",
            ja: "ポート (既定 5178。0: 空いている任意のポート、表示されます)。"),
        Entry(
            "Open the page in the desktop's browser (xdg-open).",
            ko: "데스크톱의 브라우저로 페이지를 엽니다 (`xdg-open`).",
            ja: "デスクトップのブラウザーでページを開きます (`xdg-open`)。"),
        Entry(
            "Listen on this IPv4 address instead of 127.0.0.1 (0.0.0.0: every interface); the page then needs the token in the printed URL.",
            ko: "127.0.0.1 대신 이 IPv4 주소에서 기다립니다 (0.0.0.0: 모든 인터페이스); 그러면 페이지에 출력된 URL의 토큰이 필요합니다.",
            ja: "127.0.0.1 の代わりにこの IPv4 アドレスで待ち受けます (0.0.0.0: すべてのインターフェース)。その場合、ページには表示された URL のトークンが必要です。"),
    ]
}
