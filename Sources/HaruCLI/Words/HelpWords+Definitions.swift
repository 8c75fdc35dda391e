/// The help of tags, actions, goals, quests, their listings, settings and preferences, in Korean and Japanese
/// (`HelpWords`: keyed by the English each command carries).
extension HelpWords {
    static let definitions: [Entry] = [
        Entry(
            "Create, edit and delete tags.",
            ko: "꼬리표를 만들고, 고치고, 지웁니다.",
            ja: "タグを作成、編集、削除します。"),
        Entry(
            "Create a tag.",
            ko: "꼬리표를 만듭니다.",
            ja: "タグを作成します。"),
        Entry(
            "The tag's name (unique).",
            ko: "꼬리표의 이름 (고유).",
            ja: "タグの名前 (一意)。"),
        Entry(
            "Its colour.",
            ko: "꼬리표의 색.",
            ja: "タグの色。"),
        Entry(
            "The tag's id, [A-Za-z0-9._:-]{1,64} (default: a new UUID).",
            ko: "꼬리표의 ID, [A-Za-z0-9._:-]{1,64} (기본값: 새 UUID).",
            ja: "タグの ID、[A-Za-z0-9._:-]{1,64} (既定: 新しい UUID)。"),
        Entry(
            "Rename or recolour a tag.",
            ko: "꼬리표의 이름이나 색을 바꿉니다.",
            ja: "タグの名前や色を変えます。"),
        Entry(
            "The tag's id or name.",
            ko: "꼬리표의 ID 또는 이름.",
            ja: "タグの ID または名前。"),
        Entry(
            "New name.",
            ko: "새 이름.",
            ja: "新しい名前。"),
        Entry(
            "New colour, or none.",
            ko: "새 색, 또는 none.",
            ja: "新しい色、または none。"),
        Entry(
            "Delete a tag (its actions keep existing and lose it).",
            ko: "꼬리표를 지웁니다 (그 행동들은 남고 꼬리표만 떨어집니다).",
            ja: "タグを削除します (その行動は残り、タグだけが外れます)。"),
        Entry(
            "Delete without asking, whatever goes with it (for scripts).",
            ko: "딸린 것이 무엇이든 묻지 않고 지웁니다 (스크립트용).",
            ja: "付随するものが何であれ確認せずに削除します (スクリプト用)。"),
        Entry(
            "Create, edit and delete actions.",
            ko: "행동을 만들고, 고치고, 지웁니다.",
            ja: "行動を作成、編集、削除します。"),
        Entry(
            "Create an action.",
            ko: "행동을 만듭니다.",
            ja: "行動を作成します。"),
        Entry(
            "The action's name (unique).",
            ko: "행동의 이름 (고유).",
            ja: "行動の名前 (一意)。"),
        Entry(
            "Timed sessions or counts; never changes.",
            ko: "시간 기록 또는 횟수 기록; 바뀌지 않습니다.",
            ja: "時間記録または回数記録。変わりません。"),
        Entry(
            "A tag (id or name).",
            ko: "꼬리표 (ID 또는 이름).",
            ja: "タグ (ID または名前)。"),
        Entry(
            "A symbol: an emoji or an SF Symbol name (at most 64 characters).",
            ko: "아이콘: 이모지 또는 SF Symbol 이름 (64자 이하).",
            ja: "アイコン: 絵文字または SF Symbol の名前 (64文字以内)。"),
        Entry(
            "Mark as a favourite.",
            ko: "즐겨찾기로 표시합니다.",
            ja: "お気に入りにします。"),
        Entry(
            "The action's id, [A-Za-z0-9._:-]{1,64} (default: a new UUID).",
            ko: "행동의 ID, [A-Za-z0-9._:-]{1,64} (기본값: 새 UUID).",
            ja: "行動の ID、[A-Za-z0-9._:-]{1,64} (既定: 新しい UUID)。"),
        Entry(
            "Edit an action (its tracking never changes).",
            ko: "행동을 고칩니다 (추적 방식은 바뀌지 않습니다).",
            ja: "行動を編集します (記録方式は変わりません)。"),
        Entry(
            "The action's id or name.",
            ko: "행동의 ID 또는 이름.",
            ja: "行動の ID または名前。"),
        Entry(
            "The new tag list (replaces the old one).",
            ko: "새 꼬리표 목록 (예전 목록을 바꿉니다).",
            ja: "新しいタグの一覧 (以前の一覧を置き換えます)。"),
        Entry(
            "Remove every tag.",
            ko: "꼬리표를 모두 뗍니다.",
            ja: "タグをすべて外します。"),
        Entry(
            "New symbol, or none.",
            ko: "새 아이콘, 또는 none.",
            ja: "新しいアイコン、または none。"),
        Entry(
            "Favourite or not.",
            ko: "즐겨찾기 여부.",
            ja: "お気に入りかどうか。"),
        Entry(
            "Delete an action; its sessions and counts leave every total.",
            ko: "행동을 지웁니다; 그 시간 기록과 횟수 기록이 모든 합계에서 빠집니다.",
            ja: "行動を削除します。その時間記録と回数記録はすべての合計から外れます。"),
        Entry(
            "An action with records asks first (on a terminal) and says what leaves the totals; `haru restore ACTION` brings it back.",
            ko: "기록이 있는 행동은 (터미널에서) 먼저 묻고 합계에서 무엇이 빠지는지 알려 줍니다; `haru restore ACTION`으로 되살립니다.",
            ja: "記録のある行動は (端末で) 先に確認し、合計から何が外れるかを伝えます。`haru restore ACTION` で戻せます。"),
        Entry(
            "Create, edit, finish, confirm and delete goals.",
            ko: "목표를 만들고, 고치고, 마치고, 확인하고, 지웁니다.",
            ja: "目標を作成、編集、終了、確認、削除します。"),
        Entry(
            "Create a goal.",
            ko: "목표를 만듭니다.",
            ja: "目標を作成します。"),
        Entry(
            "The goal's title.",
            ko: "목표의 제목.",
            ja: "目標のタイトル。"),
        Entry(
            "First day (YYYY-MM-DD).",
            ko: "시작일 (2026-03-04, 2026.03.04, 2026년 3월 4일).",
            ja: "開始日 (2026-03-04、2026年3月4日)。"),
        Entry(
            "Last day; without it the goal runs until finished by hand.",
            ko: "종료일; 없으면 직접 마칠 때까지 이어집니다.",
            ja: "終了日。なければ手動で終えるまで続きます。"),
        Entry(
            "Achieved when the mean of its quests' ratios at the judgment reaches this percent, 10 … 100 in steps of 5 (default 100).",
            ko: "판정 때 다짐들 비율의 평균이 이 퍼센트에 이르면 달성, 10 … 100에서 5 단위 (기본값 100).",
            ja: "判定時にクエストの比率の平均がこのパーセントに達すれば達成、10 … 100 で5刻み (既定 100)。"),
        Entry(
            "A short symbol.",
            ko: "짧은 아이콘.",
            ja: "短いアイコン。"),
        Entry(
            "The goal's id, [A-Za-z0-9._:-]{1,64} (default: a new UUID).",
            ko: "목표의 ID, [A-Za-z0-9._:-]{1,64} (기본값: 새 UUID).",
            ja: "目標の ID、[A-Za-z0-9._:-]{1,64} (既定: 新しい UUID)。"),
        Entry(
            "Edit a goal; the edit takes effect at --at.",
            ko: "목표를 고칩니다; --at에 적용됩니다.",
            ja: "目標を編集します。--at の時点で適用されます。"),
        Entry(
            "The goal's id or title.",
            ko: "목표의 ID 또는 제목.",
            ja: "目標の ID またはタイトル。"),
        Entry(
            "New title.",
            ko: "새 제목.",
            ja: "新しいタイトル。"),
        Entry(
            "New first day.",
            ko: "새 시작일.",
            ja: "新しい開始日。"),
        Entry(
            "New last day, or none to remove it (reopens a judged goal).",
            ko: "새 종료일, 또는 none이면 없앱니다 (판정된 목표를 다시 엽니다).",
            ja: "新しい終了日、または none で削除します (判定済みの目標を再び開きます)。"),
        Entry(
            "New threshold: the percent the mean of its quests' ratios must reach.",
            ko: "새 기준: 다짐들 비율의 평균이 이르러야 할 퍼센트.",
            ja: "新しい基準: クエストの比率の平均が達するべきパーセント。"),
        Entry(
            "Finish a goal without an end date; it is judged at --at.",
            ko: "종료일이 없는 목표를 마칩니다; --at에 판정합니다.",
            ja: "終了日のない目標を終えます。--at の時点で判定します。"),
        Entry(
            "Answer for a goal without quests: achieved or not.",
            ko: "다짐이 없는 목표의 답: 달성 또는 미달성.",
            ja: "クエストのない目標の答え: 達成または未達成。"),
        Entry(
            "achieved or not_achieved.",
            ko: "`achieved`(달성) 또는 `not_achieved`(미달성).",
            ja: "`achieved` (達成) または `not_achieved` (未達成)。"),
        Entry(
            "Delete a goal (its quests go with it).",
            ko: "목표를 지웁니다 (다짐도 함께 지워집니다).",
            ja: "目標を削除します (クエストも一緒に削除されます)。"),
        Entry(
            "Create, edit and delete quests.",
            ko: "다짐을 만들고, 고치고, 지웁니다.",
            ja: "クエストを作成、編集、削除します。"),
        Entry(
            "Add a quest to a goal.",
            ko: "목표에 다짐을 더합니다.",
            ja: "目標にクエストを加えます。"),
        Entry(
            "Target: one action (id or name).",
            ko: "대상: 행동 하나 (ID 또는 이름).",
            ja: "対象: 行動1つ (ID または名前)。"),
        Entry(
            "Target: every action with this tag (id or name).",
            ko: "대상: 이 꼬리표가 붙은 모든 행동 (ID 또는 이름).",
            ja: "対象: このタグが付いたすべての行動 (ID または名前)。"),
        Entry(
            "With --tag: what to add up.",
            ko: "--tag와 함께: 무엇을 더할지.",
            ja: "--tag と一緒に: 何を合計するか。"),
        Entry(
            "daily, weekly, monthly or custom.",
            ko: "daily(하루), weekly(주), monthly(월), custom(특정 기간).",
            ja: "daily (日)、weekly (週)、monthly (月)、custom (特定の期間)。"),
        Entry(
            "Daily schedule: every day (the default).",
            ko: "하루 다짐의 수행일: 매일 (기본값).",
            ja: "日ごとのクエストの実施日: 毎日 (既定)。"),
        Entry(
            "Daily schedule: these weekdays, e.g. mon,wed,fri.",
            ko: "하루 다짐의 수행일: 이 요일들, 예: mon,wed,fri 또는 월수금.",
            ja: "日ごとのクエストの実施日: これらの曜日、例: mon,wed,fri または 月水金。"),
        Entry(
            "Daily schedule: these days of the month, e.g. 1,15.",
            ko: "하루 다짐의 수행일: 매달 이 날짜들, 예: 1,15.",
            ja: "日ごとのクエストの実施日: 毎月のこれらの日、例: 1,15。"),
        Entry(
            "Daily schedule: the N-th (1 … 5) --weekday of the month.",
            ko: "하루 다짐의 수행일: 매달 N번째 (1 … 5) --weekday.",
            ja: "日ごとのクエストの実施日: 毎月 N 番目 (1 … 5) の --weekday。"),
        Entry(
            "The weekday for --ordinal.",
            ko: "--ordinal의 요일.",
            ja: "--ordinal の曜日。"),
        Entry(
            "Custom period: first day.",
            ko: "특정 기간: 첫날.",
            ja: "特定の期間: 最初の日。"),
        Entry(
            "Custom period: last day.",
            ko: "특정 기간: 마지막 날.",
            ja: "特定の期間: 最後の日。"),
        Entry(
            "Time as 30m, 1h30m, 90s or 1:30; counts as a number in the action's decimal places (8, 7.5).",
            ko: "시간은 30분, 1시간 30분, 30m, 1h30m, 90s, 1:30처럼; 횟수는 행동의 소수 자릿수 안의 수 (8, 7.5).",
            ja: "時間は 30分、1時間30分、30m、1h30m、90s、1:30 のように。回数は行動の小数桁数までの数 (8, 7.5)。"),
        Entry(
            "A limit (at_most) instead of a minimum (at_least).",
            ko: "최소(`at_least`) 대신 한도(`at_most`).",
            ja: "最低 (`at_least`) の代わりに上限 (`at_most`)。"),
        Entry(
            "A minimum (the default when adding).",
            ko: "최소 (더할 때의 기본값).",
            ja: "最低 (追加時の既定)。"),
        Entry(
            "Daily only: records after this clock time do not count; none removes it.",
            ko: "하루 다짐만: 이 시각 뒤의 기록은 세지 않습니다; none은 없앱니다.",
            ja: "日ごとのクエストのみ: この時刻より後の記録は数えません。none で削除します。"),
        Entry(
            "The quest's id, [A-Za-z0-9._:-]{1,64} (default: a new UUID).",
            ko: "다짐의 ID, [A-Za-z0-9._:-]{1,64} (기본값: 새 UUID).",
            ja: "クエストの ID、[A-Za-z0-9._:-]{1,64} (既定: 新しい UUID)。"),
        Entry(
            "Edit a quest; the edit takes effect at --at.",
            ko: "다짐을 고칩니다; --at에 적용됩니다.",
            ja: "クエストを編集します。--at の時点で適用されます。"),
        Entry(
            "Delete a quest.",
            ko: "다짐을 지웁니다.",
            ja: "クエストを削除します。"),
        Entry(
            "List the actions with every field.",
            ko: "행동을 모든 필드와 함께 나열합니다.",
            ja: "行動をすべてのフィールドとともに一覧表示します。"),
        Entry(
            "Fields are those in force at the reference (--as-of: renames and other edits take effect at\ntheir time); --known-at shows what the ledger knew then. Definitions are listed in the\nuser's order: by their `order` field, those without one after, then in creation order.",
            ko:
                "필드는 기준 시점에 적용되는 값입니다 (--as-of: 이름 바꾸기 같은 수정은 그 시각에 적용); --known-at은 그때\n기록장이 알던 것을 보여 줍니다. 정의는 사용자의 순서로 나옵니다: `order` 필드순, 없는 것은 그 뒤에,\n그다음 만든 순서로.",
            ja:
                "フィールドは基準時点で有効な値です (--as-of: 名前の変更などの編集はその時刻に適用)。--known-at はその時点で\n台帳が知っていたものを表示します。定義はユーザーの順に並びます: `order` フィールドの順、ないものはその後、\n次に作成順。"
        ),
        Entry(
            "Also the deleted ones, marked.",
            ko: "지운 것도 표시해서 보여 줍니다.",
            ja: "削除したものも印を付けて表示します。"),
        Entry(
            "List the tags with every field.",
            ko: "꼬리표를 모든 필드와 함께 나열합니다.",
            ja: "タグをすべてのフィールドとともに一覧表示します。"),
        Entry(
            "List the goals with every field, status and elapsed share.",
            ko: "목표를 모든 필드, 상태, 지난 비율과 함께 나열합니다.",
            ja: "目標をすべてのフィールド、状態、経過の割合とともに一覧表示します。"),
        Entry(
            "Fields are those in force at the reference (--as-of: renames and other edits take effect at\ntheir time); --known-at shows what the ledger knew then. Definitions are listed in the\nuser's order: by their `order` field, those without one after, then in creation order. `elapsed` is the share of the goal's dates passed at the reference (none without an end date).",
            ko:
                "필드는 기준 시점에 적용되는 값입니다 (--as-of: 이름 바꾸기 같은 수정은 그 시각에 적용); --known-at은 그때\n기록장이 알던 것을 보여 줍니다. 정의는 사용자의 순서로 나옵니다: `order` 필드순, 없는 것은 그 뒤에,\n그다음 만든 순서로. `elapsed`는 기준 시점까지 지난 목표 기간의 비율입니다 (종료일이 없으면 none).",
            ja:
                "フィールドは基準時点で有効な値です (--as-of: 名前の変更などの編集はその時刻に適用)。--known-at はその時点で\n台帳が知っていたものを表示します。定義はユーザーの順に並びます: `order` フィールドの順、ないものはその後、\n次に作成順。`elapsed` は基準時点までに過ぎた目標期間の割合です (終了日がなければ none)。"
        ),
        Entry(
            "List the quests with target, period, schedule and deadline.",
            ko: "다짐을 목표값, 주기, 수행일, 마감 시각과 함께 나열합니다.",
            ja: "クエストを目標値、周期、実施日、締め切り時刻とともに一覧表示します。"),
        Entry(
            "Fields are those in force at the reference (--as-of: renames and other edits take effect at\ntheir time); --known-at shows what the ledger knew then. Definitions are listed in the\nuser's order: by their `order` field, those without one after, then in creation order. Quests come goal by goal, the goals in their order too.",
            ko:
                "필드는 기준 시점에 적용되는 값입니다 (--as-of: 이름 바꾸기 같은 수정은 그 시각에 적용); --known-at은 그때\n기록장이 알던 것을 보여 줍니다. 정의는 사용자의 순서로 나옵니다: `order` 필드순, 없는 것은 그 뒤에,\n그다음 만든 순서로. 다짐은 목표별로, 목표도 그 순서로 나옵니다.",
            ja:
                "フィールドは基準時点で有効な値です (--as-of: 名前の変更などの編集はその時刻に適用)。--known-at はその時点で\n台帳が知っていたものを表示します。定義はユーザーの順に並びます: `order` フィールドの順、ないものはその後、\n次に作成順。クエストは目標ごとに、目標もその順に並びます。"
        ),
        Entry(
            "Only this goal's quests (id or title).",
            ko: "이 목표의 다짐만 (ID 또는 제목).",
            ja: "この目標のクエストのみ (ID またはタイトル)。"),
        Entry(
            "Show the settings in force, with their dated steps; change them with `settings set`.",
            ko: "지금 적용되는 설정과 날짜별 단계를 보여 줍니다; `settings set`으로 바꿉니다.",
            ja: "現在有効な設定と日付ごとの段階を表示します。`settings set` で変更します。"),
        Entry(
            "day_start and time_zone may change from a date on (settings set --from DATE): the days\nbefore keep the old rule, and the steps list which rule governs which days. The other\nsettings apply to all history. The values shown are those of the reference's day.",
            ko:
                "하루 시작 시간과 시간대는 어느 날부터 바꿀 수 있습니다 (`settings set --from DATE`): 그 전의 날들은\n예전 규칙을 지키고, 단계 목록이 어느 규칙이 어느 날들에 적용되는지 보여 줍니다. 다른 설정은 모든 기록에\n적용됩니다. 보이는 값은 기준 시점의 하루의 값입니다.",
            ja:
                "1日の開始時刻とタイムゾーンはある日から変えられます (`settings set --from DATE`): それより前の日は\n以前の規則のままで、段階の一覧がどの規則がどの日に適用されるかを示します。ほかの設定はすべての履歴に\n適用されます。表示される値は基準時点の日の値です。"
        ),
        Entry(
            "Change settings (one settings.changed event).",
            ko: "설정을 바꿉니다 (`settings.changed` 사건 하나).",
            ja: "設定を変更します (`settings.changed` イベント1つ)。"),
        Entry(
            "IANA time zone, e.g. Asia/Seoul.",
            ko: "IANA 시간대, 예: Asia/Seoul.",
            ja: "IANA タイムゾーン、例: Asia/Seoul。"),
        Entry(
            "When the logical day starts.",
            ko: "하루 시작 시간 (04:00, 오전 4시).",
            ja: "1日の開始時刻 (04:00、午前4時)。"),
        Entry(
            "day_start and time_zone only: govern the days from DATE on (default: all history).",
            ko: "하루 시작 시간과 시간대에만: DATE부터의 날들에 적용합니다 (기본값: 모든 기록).",
            ja: "1日の開始時刻とタイムゾーンのみ: DATE 以降の日に適用します (既定: すべての履歴)。"),
        Entry(
            "First day of the week, monday … sunday.",
            ko: "주 시작 요일, monday … sunday (월 … 일).",
            ja: "週の開始曜日、monday … sunday (月 … 日)。"),
        Entry(
            "Sessions shorter than this are discarded at stop (0 … 86400).",
            ko: "이보다 짧은 측정은 끝낼 때 버립니다 (0 … 86400초).",
            ja: "これより短い計測は終了時に破棄します (0 … 86400秒)。"),
        Entry(
            "Which running session `haru running` shows first.",
            ko: "`haru running`이 먼저 보여 줄 측정 (대표 시간 기준).",
            ja: "`haru running` が最初に表示する計測 (代表時間の基準)。"),
        Entry(
            "Flag a running session as long after H hours (1 … 12; default 12).",
            ko: "H시간이 지나면 측정 중인 기록을 장시간으로 표시합니다 (1 … 12; 기본값 12).",
            ja: "H 時間を過ぎたら計測中の記録を長時間として印を付けます (1 … 12。既定 12)。"),
        Entry(
            "The long-session alert: `haru running` flags a session over the hours (default on).",
            ko: "장시간 알림: `haru running`이 그 시간을 넘은 측정을 표시합니다 (기본값 on).",
            ja: "長時間アラート: `haru running` がその時間を超えた計測に印を付けます (既定 on)。"),
        Entry(
            "This device's preferences: pinned, collapsed and watch goals, memo-prompt actions.",
            ko: "이 기기의 환경설정: 고정·접힌 목표, 워치의 목표, 메모를 묻는 행동.",
            ja: "このデバイスの環境設定: 固定・折りたたみの目標、ウォッチの目標、メモを尋ねる行動。"),
        Entry(
            "What the app keeps per device: the goals its main tab pins and those it shows collapsed,\nthe goals its watch shows (none unless chosen), the actions that ask for a memo when a\nrecord is made. They are events (device.preferences.changed) that name the device, so\nthey are kept, exported and carried like the rest, and each device reads its own. This\nledger's device id is made the first time a preference is set.",
            ko:
                "앱이 기기마다 보관하는 것: 메인 탭에 고정한 목표와 접어서 보여 주는 목표, 워치가 보여 주는 목표(고르지\n않으면 없음), 기록할 때 메모를 묻는 행동. 이것들은 기기를 가리키는 사건(`device.preferences.changed`)이라서\n다른 것처럼 보관·내보내기·동기화되고, 기기마다 자기 것을 읽습니다. 이 기록장의 기기 ID는 처음 환경설정을\n바꿀 때 만들어집니다.",
            ja:
                "アプリがデバイスごとに保管するもの: メインタブに固定した目標と折りたたんで表示する目標、ウォッチが表示する目標\n(選ばなければなし)、記録するときにメモを尋ねる行動。これらはデバイスを指すイベント\n(`device.preferences.changed`) なので、ほかと同じく保管・エクスポート・同期され、各デバイスは自分のものを\n読みます。この台帳のデバイス ID は初めて環境設定を変えたときに作られます。"
        ),
        Entry(
            "Another device's preferences (default: this ledger's device).",
            ko: "다른 기기의 환경설정 (기본값: 이 기록장의 기기).",
            ja: "別のデバイスの環境設定 (既定: この台帳のデバイス)。"),
        Entry(
            "Change this device's preferences (the lists you do not name stay as they are).",
            ko: "이 기기의 환경설정을 바꿉니다 (말하지 않은 목록은 그대로).",
            ja: "このデバイスの環境設定を変更します (指定しなかった一覧はそのまま)。"),
        Entry(
            "Pin a goal to the main tab.",
            ko: "목표를 메인 탭에 고정합니다.",
            ja: "目標をメインタブに固定します。"),
        Entry(
            "Unpin it.",
            ko: "고정을 풉니다.",
            ja: "固定を外します。"),
        Entry(
            "Show a goal collapsed (its quests hidden).",
            ko: "목표를 접어서 보여 줍니다 (다짐 숨김).",
            ja: "目標を折りたたんで表示します (クエストを隠す)。"),
        Entry(
            "Show it whole again.",
            ko: "다시 펼쳐서 보여 줍니다.",
            ja: "再び展開して表示します。"),
        Entry(
            "Show a goal on the watch.",
            ko: "목표를 워치에 보여 줍니다.",
            ja: "目標をウォッチに表示します。"),
        Entry(
            "Take it off the watch.",
            ko: "워치에서 뺍니다.",
            ja: "ウォッチから外します。"),
        Entry(
            "Ask for a memo when this action is recorded.",
            ko: "이 행동을 기록할 때 메모를 묻습니다.",
            ja: "この行動を記録するときにメモを尋ねます。"),
        Entry(
            "Stop asking.",
            ko: "더는 묻지 않습니다.",
            ja: "尋ねるのをやめます。"),
        Entry(
            "A count action's decimal places: 1 counts 7.6, 2 counts 7.65 (fixed for life).",
            ko: "횟수 기록 행동의 소수 자릿수: 1이면 7.6, 2이면 7.65까지 셉니다 (바꿀 수 없습니다).",
            ja: "回数記録の行動の小数桁数: 1 なら 7.6、2 なら 7.65 まで数えます (変更できません)。"),
        Entry(
            "A count action's unit (glasses, km): its counts are said in it.",
            ko: "횟수 기록 행동의 단위 (잔, 킬로미터): 횟수를 이 단위로 말합니다.",
            ja: "回数記録の行動の単位 (杯、キロメートル): 回数をこの単位で表します。"),
        Entry(
            "What it asks (Did you stretch today?).",
            ko: "행동이 묻는 말 (오늘 스트레칭했나요?).",
            ja: "行動が問いかける言葉 (今日はストレッチしましたか?)。"),
        Entry(
            "A description.",
            ko: "설명.",
            ja: "説明。"),
        Entry(
            "New unit, or none.",
            ko: "새 단위, 또는 none.",
            ja: "新しい単位、または none。"),
        Entry(
            "New question, or none.",
            ko: "새 질문, 또는 none.",
            ja: "新しい問いかけ、または none。"),
        Entry(
            "New description, or none.",
            ko: "새 설명, 또는 none.",
            ja: "新しい説明、または none。"),
    ]
}
