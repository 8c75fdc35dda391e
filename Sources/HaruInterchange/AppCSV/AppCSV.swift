/// The reference app's data export: five CSV files (actions, time records,
/// count records, goals, quests), UTF-8 with a byte order mark, instants in
/// ISO 8601 with their offset, file names and header rows in the app's
/// language, values (time/count, inProgress, atLeast …) the same in every
/// language. Docs/interchange.md lists the columns.
///
/// The files are a snapshot of the current definitions and every live
/// record, as the app exports them: settings, edits over time, deletions and
/// the log's provenance are not in them (`haru export jsonl` has those).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruViews

public enum AppCSV {
    public enum Language: String, CaseIterable, Sendable { case en, ko, ja }

    public enum File: Int, CaseIterable, Sendable {
        case actions, timeRecords, countRecords, goals, quests

        /// The file's name in a language: `HaruDanim-Actions.csv`, `하루다님-행동.csv` …
        /// (the app keeps a Latin prefix in English and Japanese).
        public func name(_ l: Language) -> String {
            let words: [String]
            switch l {
            case .en: words = ["Actions", "TimeRecords", "CountRecords", "Goals", "Quests"]
            case .ko: words = ["행동", "시간기록", "횟수기록", "목표", "다짐"]
            case .ja: words = ["行動", "時間記録", "回数記録", "目標", "クエスト"]
            }
            return (l == .ko ? "하루다님-" : "HaruDanim-") + words[rawValue] + ".csv"
        }

        /// The columns: a key, and the header in en, ko, ja.
        public var columns: [(key: String, en: String, ko: String, ja: String)] {
            switch self {
            case .actions:
                [
                    ("id", "ID", "ID", "ID"), ("name", "Name", "이름", "名前"), ("tracking", "Tracking", "추적 방식", "記録方式"),
                    ("tag_ids", "Tag IDs", "꼬리표 ID", "タグID"), ("tags", "Tags", "꼬리표", "タグ"),
                    ("tag_colors", "Tag Colors", "꼬리표 색", "タグの色"), ("symbol", "Symbol", "아이콘", "アイコン"),
                    ("button_color", "Button Color", "버튼 색", "ボタンの色"), ("favorite", "Favorite", "즐겨찾기", "お気に入り"),
                    ("order", "Order", "순서", "順序"), ("decimals", "Decimals", "소수 자릿수", "小数桁数"),
                    ("unit", "Unit", "단위", "単位"), ("question", "Question", "질문", "質問"), ("description", "Description", "설명", "説明"),
                ]
            case .timeRecords:
                [
                    ("id", "ID", "ID", "ID"), ("action_id", "Action ID", "행동 ID", "行動ID"), ("action", "Action", "행동", "行動"),
                    ("start", "Start", "시작", "開始"), ("end", "End", "종료", "終了"), ("seconds", "Seconds", "초", "秒"),
                    ("note", "Note", "메모", "メモ"),
                ]
            case .countRecords:
                [
                    ("id", "ID", "ID", "ID"), ("action_id", "Action ID", "행동 ID", "行動ID"), ("action", "Action", "행동", "行動"),
                    ("time", "Time", "시각", "時刻"), ("amount", "Amount", "횟수", "回数"), ("note", "Note", "메모", "メモ"),
                ]
            case .goals:
                [
                    ("id", "ID", "ID", "ID"), ("title", "Title", "제목", "タイトル"), ("symbol", "Symbol", "아이콘", "アイコン"),
                    ("color", "Color", "색", "色"), ("start_date", "Start Date", "시작일", "開始日"), ("end_date", "End Date", "종료일", "終了日"),
                    ("threshold_percent", "Threshold Percent", "달성 기준(%)", "達成基準(%)"), ("status", "Status", "상태", "状態"),
                    ("judged_at", "Judged At", "판정 시각", "判定日時"), ("order", "Order", "순서", "順序"),
                ]
            case .quests:
                [
                    ("id", "ID", "ID", "ID"), ("goal_id", "Goal ID", "목표 ID", "目標ID"),
                    ("target_action_id", "Target Action ID", "대상 행동 ID", "対象行動ID"),
                    ("target_tag_id", "Target Tag ID", "대상 꼬리표 ID", "対象タグID"), ("measure", "Measure", "측정", "測定"),
                    ("period", "Period", "기간", "期間"), ("schedule_mode", "Schedule Mode", "일정 방식", "スケジュール方式"),
                    ("weekdays", "Weekdays", "요일", "曜日"), ("month_days", "Month Days", "날짜", "日付"),
                    ("ordinal", "Ordinal", "순번", "第N"), ("weekday", "Weekday", "순번 요일", "第N曜日"),
                    ("custom_start", "Custom Start", "사용자 지정 시작", "カスタム開始"), ("custom_end", "Custom End", "사용자 지정 종료", "カスタム終了"),
                    ("target_seconds", "Target Seconds", "목표 초", "目標秒"), ("target_count", "Target Count", "목표 횟수", "目標回数"),
                    ("direction", "Direction", "방향", "方向"), ("deadline", "Deadline", "마감", "締め切り"), ("order", "Order", "순서", "順序"),
                ]
            }
        }

        /// Headers earlier versions wrote, still read: the app's words replaced
        /// them (추적 방식, 아이콘), and files exported before must import.
        public static let formerHeaders: [String: [String]] = ["tracking": ["측정 방식"], "symbol": ["심볼", "シンボル"]]

        public func header(_ l: Language) -> [String] {
            columns.map { l == .en ? $0.en : l == .ko ? $0.ko : $0.ja }
        }

        /// Columns the app's files do not have, written only when a row has a
        /// value in them: a ledger whose actions count whole numbers writes
        /// exactly the app's files; one with decimals adds Decimals, one with
        /// units (Loop's habits) Unit, and so on.
        public static let whenUsed: Set<String> = ["decimals", "unit", "question", "description"]

        /// The columns written for `rows`: `columns` less the unused of `whenUsed`.
        public func columns(for rows: [[String: String]]) -> [(key: String, en: String, ko: String, ja: String)] {
            columns.filter { c in !Self.whenUsed.contains(c.key) || rows.contains { !($0[c.key] ?? "").isEmpty } }
        }
    }

    /// The app's words for the choices (its raw values): the same in every language.
    static let words: [Field: [(ours: String, app: String)]] = [
        .period: [("daily", "daily"), ("weekly", "weekly"), ("monthly", "monthly"), ("custom", "custom")],
        .scheduleMode: [
            ("every_day", "everyDay"), ("weekdays", "weekdays"), ("month_days", "monthDays"), ("ordinal_weekday", "ordinalWeekday"),
        ],
        .direction: [("at_least", "atLeast"), ("at_most", "atMost")],
    ]
    static func app(_ f: Field, _ ours: String) -> String { words[f]?.first { $0.ours == ours }?.app ?? ours }
    /// Either spelling read back (ours or the app's).
    static func ours(_ f: Field, _ text: String) -> String { words[f]?.first { $0.app == text || $0.ours == text }?.ours ?? text }
    static let statusWords: [(GoalProgress.Status, String)] = [
        (.inProgress, "inProgress"), (.achieved, "achieved"), (.notAchieved, "notAchieved"), (.needsConfirmation, "needsConfirmation"),
    ]

    /// The three definition tables of a snapshot (actions, goals, quests):
    /// rows of values by column key, the live definitions in the user's
    /// order, as the reference sees them. The record files are written by
    /// `writeRecords`.
    public static func tables(_ snap: Snapshot, calendar cal: LedgerCalendar, reference ref: Reference) throws -> [File: [[String: String]]]
    {
        var out: [File: [[String: String]]] = [:]
        let tags = try DefinitionList.tagsByID(snap, reference: ref)
        let actions = try DefinitionList.rows(snap, .action, reference: ref, all: false)
        let names = Dictionary(actions.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        out[.actions] = actions.compactMap { r in
            guard let a = r.action else { return nil }
            let ids = a.tagIDs.filter { tags[$0]?.deleted == false }
            return [
                "id": r.id, "name": r.name, "tracking": a.tracking == .count ? "count" : "time",
                "tag_ids": CSV.listCell(ids), "tags": CSV.listCell(ids.map { tags[$0]?.name ?? $0 }),
                "tag_colors": CSV.listCell(ids.map { tags[$0]?.tag?.color ?? "" }),
                "symbol": a.symbol ?? "", "button_color": DefinitionList.buttonColor(a, tags: tags) ?? "",
                "favorite": a.favorite ? "true" : "false", "order": r.order.map(String.init) ?? "",
                "decimals": a.decimals > 0 ? String(a.decimals) : "", "unit": a.unit ?? "", "question": a.question ?? "",
                "description": a.description ?? "",
            ]
        }
        var status: [String: GoalProgress] = [:]
        for g in try ProgressEngine(snap, calendar: cal, reference: ref).run().goals { status[g.id] = g }
        out[.goals] = try DefinitionList.rows(snap, .goal, reference: ref, all: false).map { r in
            let g = status[r.id]
            return [
                "id": r.id, "title": r.name, "symbol": r.fields.symbol ?? "", "color": r.fields.color ?? "",
                "start_date": r.fields.startDate?.description ?? "", "end_date": r.fields.endDate?.description ?? "",
                "threshold_percent": String(r.fields.thresholdPercent ?? 100),
                "status": statusWords.first { $0.0 == (g?.status ?? .inProgress) }!.1,
                "judged_at": g?.judgedAt.map { cal.format($0) } ?? "", "order": r.order.map(String.init) ?? "",
            ]
        }
        let places = Dictionary(actions.compactMap { r in r.action.map { (r.id, $0.decimals) } }, uniquingKeysWith: { a, _ in a })
        out[.quests] = try DefinitionList.questRows(snap, reference: ref, all: false, goal: nil).map { r in
            let p = r.fields
            // A count target in its action's unit (7.5), as the counts file writes amounts.
            let targetCount = p.targetCount.map { Decimals.text($0, places[p.targetActionID ?? ""] ?? 0) } ?? ""
            func text(_ f: Field) -> String {
                guard let v = p[f] else { return "" }
                let j = Payload.render(f, v, instant: cal.format)
                if case .array(let items) = j { return CSV.listCell(items.map { $0.stringValue ?? $0.compactText }) }
                return j.stringValue ?? j.compactText
            }
            return [
                "id": r.id, "goal_id": text(.goalID), "target_action_id": text(.targetActionID), "target_tag_id": text(.targetTagID),
                "measure": text(.targetMeasure), "period": app(.period, text(.period)),
                "schedule_mode": p.has(.scheduleMode) ? app(.scheduleMode, text(.scheduleMode)) : "",
                "weekdays": text(.scheduleWeekdays), "month_days": text(.scheduleMonthDays), "ordinal": text(.scheduleOrdinal),
                "weekday": text(.scheduleWeekday), "custom_start": text(.customStart), "custom_end": text(.customEnd),
                "target_seconds": text(.targetSeconds), "target_count": targetCount, "direction": app(.direction, text(.direction)),
                "deadline": text(.deadline), "order": r.order.map(String.init) ?? "",
            ]
        }
        return out
    }

    /// Writes the two record files' rows (time records, count records), every
    /// live record oldest first, into `sessions` and `counts`; each writer is
    /// handed to `flush` whenever it holds a megabyte or more.
    /// - Returns: how many sessions and counts were written.
    public static func writeRecords(
        _ snap: Snapshot, calendar cal: LedgerCalendar, sessions: inout CSVWriter, counts: inout CSVWriter,
        flush: (File, inout CSVWriter) throws -> Void
    ) throws -> (sessions: Int, counts: Int) {
        var n = (sessions: 0, counts: 0)
        var names: [String: String] = [:]
        var places: [String: Int] = [:]
        for d in try snap.definitions(.action) where d.isLive {
            names[d.id] = d.fields().name ?? d.id
            if let p = d.base.int(.decimals), p > 0 { places[d.id] = Int(p) }
        }
        for r in try RecordList.allLive(snap) {
            guard let name = names[r.actionID] else { continue }
            let offset = cal.offset(at: r.start)
            switch r.kind {
            case .session:
                sessions.field(r.id)
                sessions.field(r.actionID)
                sessions.field(name)
                sessions.field(r.start, offsetSeconds: offset)
                if let end = r.end {
                    sessions.field(end, offsetSeconds: cal.offset(at: end))
                    sessions.field(end.seconds - r.start.seconds)
                } else {
                    sessions.empty()
                    sessions.empty()
                }
                sessions.field(r.note ?? "")
                sessions.endRecord()
                n.sessions += 1
                if sessions.bytes.count >= 1 << 20 { try flush(.timeRecords, &sessions) }
            case .count:
                counts.field(r.id)
                counts.field(r.actionID)
                counts.field(name)
                counts.field(r.start, offsetSeconds: offset)
                // In the action's unit: 7.6 for 76 tenths (whole counts as always).
                if let p = places[r.actionID] {
                    counts.field(Decimals.text(Int64(r.amount ?? 0), p))
                } else {
                    counts.field(Int64(r.amount ?? 0))
                }
                counts.field(r.note ?? "")
                counts.endRecord()
                n.counts += 1
                if counts.bytes.count >= 1 << 20 { try flush(.countRecords, &counts) }
            }
        }
        return n
    }
}
