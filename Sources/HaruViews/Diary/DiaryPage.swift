/// `haru diary [DATE]`: a logical day's page as the app's diary composes it —
/// what the person wrote (mood, text, to-dos) and what the ledger says of
/// that day (summary, goals, timetable, records, bars).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct DiaryPage: Sendable {
    /// One to-do of the day, in the day's order.
    public struct Todo: Sendable, Equatable {
        public var id: String
        public var text: String
        public var done: Bool
        /// The `order` people set; nil when never given.
        public var order: Int?

        /// A to-do definition as its fields in force make it.
        init(_ d: Definition, fields f: Payload) {
            (id, text, done, order) = (d.id, f.string(.text) ?? "", f.bool(.done) ?? false, f.order.map(Int.init))
        }

        /// The to-do `d` as in force at `at`.
        public init(_ d: Definition, at: Instant) { self.init(d, fields: d.fields(inForceAt: at)) }
    }

    /// What a person wrote on a page (`diary.written`), as in force.
    public struct Written: Sendable, Equatable {
        /// An emoji.
        public var mood: String?
        public var text: String?
        /// The mood's photo and the attachments, as blob digests (`Ledger.blob`);
        /// `blobSizes` says which the ledger still holds.
        public var moodPhoto: String?
        public var attachments: [String]
        /// Their file names, one per attachment (`""`: none; empty when no name was kept).
        public var attachmentNames: [String]
        /// Actions the day's timetable leaves out, goals its goals card leaves out.
        public var hiddenActionIDs: [String]
        public var hiddenGoalIDs: [String]
        /// The calendar events the day's timetable shows, by the calendar's own identifiers.
        public var calendarEventIDs: [String]

        init(_ p: Payload) {
            (mood, text, moodPhoto, attachments) = (p.string(.mood), p.string(.text), p.string(.moodPhoto), p.strings(.attachments) ?? [])
            (hiddenActionIDs, hiddenGoalIDs) = (p.strings(.hiddenActionIDs) ?? [], p.strings(.hiddenGoalIDs) ?? [])
            calendarEventIDs = p.strings(.calendarEventIDs) ?? []
            attachmentNames = p.strings(.attachmentNames) ?? []
        }
    }

    public let date: LocalDate
    /// The page as written by the reference (nil: none, or deleted).
    public let written: Written?
    /// The same, raw (the JSON keeps a field that is absent apart from one that is empty).
    let writtenFields: Payload?
    public let todos: [Todo]
    /// Where the day's figures are looked at from: the end of the day once
    /// it is over (a diary page shows that day as it ended, its weekly and
    /// monthly spans up to that day), else the reference itself.
    public let dayReference: Reference
    /// The query's reference (the page, its to-dos, records and timetable).
    public let reference: Reference
    /// The day's totals per action (the summary and the bars).
    public let book: DayBook
    /// The goals running that day, as of `dayReference`, without those the page hides.
    public var goals: [GoalProgress] { progress.goals }
    /// `progress` as of `dayReference`, narrowed to those goals.
    public let progress: ProgressReport
    /// The day's records at the reference (every action's: the page hides actions from its timetable only).
    public let records: [RecordRow]
    /// The day's timetable, without the actions the page hides.
    public let timetable: Timetable.Day
    /// The size of each blob the page names that the ledger holds (an erased one is absent).
    public let blobSizes: [String: Int]
    /// Every action's name as in force at `dayReference` (deleted ones too: their records may show).
    public let names: [String: String]

    /// - Parameter reference: the query's reference: the page and its to-dos
    ///   are read as in force then (`--as-of`); the day's figures at
    ///   `dayReference`.
    public init(_ snap: Snapshot, calendar: LedgerCalendar, date: LocalDate, reference: Reference) throws {
        self.date = date
        self.reference = reference
        let at = reference.definitionsAt
        let page = try snap.definition(.diary, date.description)
        // Unlike a goal (in force for all valid time once created, RULES §7),
        // what a person wrote exists from when it was written: as of an
        // earlier instant the page and its to-dos were not there yet.
        writtenFields = page.flatMap { $0.isLive && $0.created.at <= at ? $0.fields(inForceAt: at) : nil }
        written = writtenFields.map(Written.init)
        todos = try DiaryPage.todoList(snap, on: date, at: at)
        var sizes: [String: Int] = [:]
        for d in writtenFields.map({ Blob.digests(in: $0) }) ?? [] { sizes[d] = try snap.blobSize(d) }
        blobSizes = sizes

        let range = calendar.range(of: date)
        let dayRef = reference.instant >= range.upperBound ? Reference.endOf(date, calendar) : reference
        dayReference = dayRef
        var names: [String: String] = [:]
        for a in try snap.definitions(.action) { names[a.id] = a.fields(inForceAt: dayRef.definitionsAt).name ?? a.id }
        self.names = names
        book = try DayBook(snap, calendar: calendar, from: date, through: date, reference: dayRef)

        let hiddenGoals = Set(written?.hiddenGoalIDs ?? [])
        var report = try ProgressEngine(snap, calendar: calendar, reference: dayRef).run()
        report.goals = report.goals.filter { g in
            !hiddenGoals.contains(g.id) && g.startDate <= date && (g.endDate.map { date <= $0 } ?? true)
        }
        progress = report

        // Records and timetable as `haru records` and `haru timetable` show the
        // day from the reference: a session that went on past the day's end
        // is listed whole and marked as going on.
        let span = range.lowerBound.seconds..<range.upperBound.seconds
        records = try RecordList.read(snap, span: span, reference: reference, actions: nil, all: false)
        let hiddenActions = Set(written?.hiddenActionIDs ?? [])
        timetable = Timetable.day(date, range, records.filter { !hiddenActions.contains($0.actionID) }, reference)
    }

    /// The live to-dos of `day` as in force at `at`, in the order people set
    /// (those without one after, by creation).
    public static func todoList(_ snap: Snapshot, on day: LocalDate, at: Instant) throws -> [Todo] {
        let rows = try snap.definitions(.todo).filter { $0.isLive && $0.created.at <= at }.map {
            DefinitionRow(definition: $0, fields: $0.fields(inForceAt: at), created: try snap.creationKey($0))
        }
        .filter { $0.fields.date(.date) == day }
        return DefinitionList.inUserOrder(rows).map { Todo($0.definition, fields: $0.fields) }
    }

    /// Whether the page has anything a person wrote (a page, or to-dos).
    public var hasWriting: Bool { written != nil || !todos.isEmpty }

    /// The day's time and counts, every action together.
    public var totals: Totals {
        var t = Totals()
        for (_, v) in book.perDay(0) { t += v }
        return t
    }

    /// An attachment: its digest and size (null once `redact` erased it).
    func blobJSON(_ digest: String) -> JSONValue {
        .object([("digest", .string(digest)), ("size", blobSizes[digest].map { .int(Int64($0)) } ?? .null)])
    }

    /// `haru diary --json`: the sections in the app's order.
    public func json(snap: Snapshot, calendar: LedgerCalendar) throws -> [(String, JSONValue)] {
        let pageJSON: JSONValue =
            writtenFields.map { w in
                .object([
                    ("mood", w.string(.mood).map { .string($0) } ?? .null),
                    ("mood_photo", w.string(.moodPhoto).map(blobJSON) ?? .null),
                    ("text", w.string(.text).map { .string($0) } ?? .null),
                    (
                        "attachments",
                        .array(
                            (w.strings(.attachments) ?? []).enumerated().map { k, d in
                                let names = w.strings(.attachmentNames) ?? []
                                guard case .object(var m) = blobJSON(d) else { return blobJSON(d) }
                                m.append(("name", k < names.count && !names[k].isEmpty ? .string(names[k]) : .null))
                                return .object(m)
                            })
                    ),
                    ("hidden_action_ids", .array((w.strings(.hiddenActionIDs) ?? []).map { .string($0) })),
                    ("hidden_goal_ids", .array((w.strings(.hiddenGoalIDs) ?? []).map { .string($0) })),
                    ("calendar_event_ids", .array((w.strings(.calendarEventIDs) ?? []).map { .string($0) })),
                ])
            } ?? .null
        let t = totals
        var bars: [JSONValue] = []
        for (id, v) in book.actionList(0, .user) where !v.isZero {
            bars.append(
                .object([
                    ("action_id", .string(id)), ("name", .string(names[id] ?? id)), ("seconds", .int(v.seconds)),
                    ("count", DayBook.countJSON(v.count, book.decimals(action: id))),
                ]))
        }
        let sum = book.unitTotals(0).reduce(0.0) { $0 + $1.amount }
        let countSum: JSONValue = sum == sum.rounded() ? .int(Int64(sum)) : .double((sum * 1_000).rounded() / 1_000)
        var timetableJSON: JSONValue = .null
        let table = Timetable(days: [timetable], places: book.places)
            .json(names: names, calendar: calendar)
        if case .array(let days)? = JSONValue.object(table)["days"], let d = days.first { timetableJSON = d }
        var recordsJSON: JSONValue = .array([])
        if case .array(let r)? = try RecordList.json(records, snap: snap, from: date, to: date, calendar: calendar, reference: reference)[
            "records"]
        {
            recordsJSON = .array(r)
        }
        let goalsJSON = progress.json(calendar: calendar)["goals"] ?? .array([])
        return [
            ("date", .string(date.description)),
            ("page", pageJSON),
            (
                "summary",
                .object([
                    // Counts each in its action's unit, summed (whole counts as always).
                    ("seconds", .int(t.seconds)), ("count", countSum), ("records", .int(Int64(records.count))),
                    ("todos", .int(Int64(todos.count))), ("todos_done", .int(Int64(todos.filter(\.done).count))),
                ])
            ),
            ("goals", goalsJSON),
            (
                "todos",
                .array(
                    todos.map { t in
                        .object([
                            ("todo_id", .string(t.id)), ("text", .string(t.text)), ("done", .bool(t.done)),
                            ("order", t.order.map { .int(Int64($0)) } ?? .null),
                        ])
                    })
            ),
            ("timetable", timetableJSON),
            ("records", recordsJSON),
            ("bars", .array(bars)),
            ("day_reference", .string(calendar.format(dayReference.instant))),
        ]
    }
}
