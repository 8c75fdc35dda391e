/// The help of `haru skip`, `unskip` and `skips` (skipped days and pauses) in Korean and Japanese
/// (`HelpWords`: keyed by the English each command carries).
extension HelpWords {
    static let skips: [Entry] = [
        Entry(
            "Excuse a day, or a pause of days, for an action, a quest or a goal: it is not asked then.",
            ko: "행동, 다짐, 목표를 하루 또는 며칠 동안 쉬게 합니다: 그동안은 묻지 않습니다.",
            ja: "行動・クエスト・目標を1日または数日休みにします: その間は問いません。"),
        Entry(
            "The day skipped, or a period (this week …) for all its days (default: today).",
            ko: "건너뛸 날, 또는 그 모든 날을 건너뛸 기간 (이번 주 …) (기본값: 오늘).",
            ja: "スキップする日、またはすべての日をスキップする期間 (今週 …) (既定: 今日)。"),
        Entry(
            "Skip every quest that measures this action.",
            ko: "이 행동을 재는 모든 다짐을 건너뜁니다.",
            ja: "この行動を測るすべてのクエストをスキップします。"),
        Entry(
            "Skip this quest only (its id, or a unique start of it).",
            ko: "이 다짐만 건너뜁니다 (ID 또는 고유한 앞부분).",
            ja: "このクエストだけをスキップします (ID または一意な先頭部分)。"),
        Entry(
            "Skip every quest of this goal.",
            ko: "이 목표의 모든 다짐을 건너뜁니다.",
            ja: "この目標のすべてのクエストをスキップします。"),
        Entry(
            "The last day skipped: a pause from DAY through this day.",
            ko: "건너뛸 마지막 날: DAY부터 이날까지 쉽니다.",
            ja: "スキップする最後の日: DAY からこの日まで休止します。"),
        Entry(
            "The skip's id, [A-Za-z0-9._:-]{1,64} (default: a new UUID).",
            ko: "건너뛰기의 ID, [A-Za-z0-9._:-]{1,64} (기본값: 새 UUID).",
            ja: "スキップの ID、[A-Za-z0-9._:-]{1,64} (既定: 新しい UUID)。"),
        Entry(
            "A skipped day neither breaks nor lengthens a streak and is not judged: a daily quest asks\nnothing of it, a weekly or monthly target shrinks by its share of the period, a limit leaves\nwhat the day holds out. `haru skips` lists them, `haru unskip` takes one back.",
            ko:
                "건너뛴 날은 연속을 끊지도 늘리지도 않고 판정하지 않습니다: 하루 다짐은 그날 아무것도 묻지 않고,\n주·월 목표는 그날이 기간에서 차지하는 몫만큼 줄며, 한도는 그날의 기록을 빼고 셉니다.\n`haru skips`가 목록을 보여 주고, `haru unskip`이 하나를 되돌립니다.",
            ja:
                "スキップした日は連続を切らず伸ばさず、判定しません: 日次クエストはその日何も問わず、\n週・月の目標はその日が期間に占める分だけ減り、上限はその日の記録を除いて数えます。\n`haru skips` が一覧を表示し、`haru unskip` が一つを取り消します。"
        ),
        Entry(
            "Take a skip back: its days are asked again.",
            ko: "건너뛰기를 되돌립니다: 그날들을 다시 묻습니다.",
            ja: "スキップを取り消します: その日をまた問います。"),
        Entry(
            "The skip's id, or a unique start of it (`haru skips` lists them).",
            ko: "건너뛰기의 ID 또는 고유한 앞부분 (`haru skips`가 보여 줍니다).",
            ja: "スキップの ID または一意な先頭部分 (`haru skips` が表示します)。"),
        Entry(
            "List the skipped days and pauses: when, what, why.",
            ko: "건너뛴 날과 쉬는 기간을 보여 줍니다: 언제, 무엇을, 왜.",
            ja: "スキップした日と休止期間を一覧にします: いつ、何を、なぜ。"),
    ]
}
