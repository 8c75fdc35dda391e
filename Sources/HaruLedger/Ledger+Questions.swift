/// The questions an app asks most, each in one call: a day's totals and the
/// progress of goals, at any valid time (`Reference`) and transaction time
/// (`KnownAt`). Each reads one snapshot; for several questions of one state,
/// open it yourself with `ledger.snapshot { snap in … }` and use the views
/// (`DayBook`, `ProgressEngine`, `RecordList`, `DefinitionList`, …) on it.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruViews

/// One logical day's totals.
public struct DayTotals: Sendable, Equatable {
    public var day: LocalDate
    /// Non-zero totals per live action id.
    public var actions: [String: Totals]
    /// Non-zero totals per live tag id (every action carrying the tag adds in).
    public var tags: [String: Totals]
    /// The same, named (as in force at the reference) and in the user's
    /// order: the list the app shows.
    public var actionLines: [Line]
    public var tagLines: [Line]

    /// One action's or tag's totals with its name.
    public struct Line: Sendable, Equatable {
        public var id: String
        public var name: String
        public var totals: Totals
    }
}

extension Ledger {
    /// Goals, their quests, spans, streaks and judgments.
    /// - Parameters:
    ///   - reference: valid time: `.live(now:)` (running sessions count up to
    ///     now) or `.asOf(instant)` (as if now were then; later records do not count).
    ///   - knownAt: transaction time: the ledger as it stood at a seq or an
    ///     instant (nil: as it is).
    ///   - goal: one goal's id (nil: every goal).
    public func progress(
        _ reference: Reference, knownAt: KnownAt? = nil, goal: String? = nil, zones: ZoneDirectory = .system
    ) throws -> ProgressReport {
        try snapshot(knownAt: knownAt, zones: zones) { snap in
            try ProgressEngine(snap, calendar: try snap.calendar(), reference: reference).run(goal: goal)
        }
    }

    /// The totals of one logical day (its bounds from the day start and the
    /// time zone in force on it), per action and per tag.
    public func dayTotals(
        _ day: LocalDate, _ reference: Reference, knownAt: KnownAt? = nil, zones: ZoneDirectory = .system
    ) throws -> DayTotals {
        try snapshot(knownAt: knownAt, zones: zones) { snap in
            let book = try DayBook(snap, calendar: try snap.calendar(), from: day, through: day, reference: reference)
            let (actions, tags) = (book.perDay(0), book.tagTotals(0))
            return DayTotals(
                day: day, actions: actions, tags: tags,
                actionLines: book.actionOrder.compactMap { id in
                    actions[id].map { DayTotals.Line(id: id, name: book.actions[id]?.name ?? id, totals: $0) }
                },
                tagLines: book.tagOrder.compactMap { id in
                    tags[id].map { DayTotals.Line(id: id, name: book.tags[id]?.name ?? id, totals: $0) }
                })
        }
    }

    /// The sessions and counts touching the logical days `days`, as `haru
    /// records` lists them: oldest first, a running session up to the reference.
    /// - Parameters:
    ///   - actions: only these actions' records (nil: every action's).
    ///   - all: also the deleted and discarded ones (their `state` says which).
    public func records(
        _ days: ClosedRange<LocalDate>, _ reference: Reference, actions: Set<String>? = nil, all: Bool = false, knownAt: KnownAt? = nil,
        zones: ZoneDirectory = .system
    ) throws -> [RecordRow] {
        try snapshot(knownAt: knownAt, zones: zones) { snap in
            let cal = try snap.calendar()
            let span = cal.range(of: days.lowerBound).lowerBound.seconds..<cal.range(of: days.upperBound).upperBound.seconds
            return try RecordList.read(snap, span: span, reference: reference, actions: actions, all: all)
        }
    }

    /// A logical day's diary page as the app composes it: what the person
    /// wrote (mood, text, attachments, to-dos) and the day's figures, goals,
    /// records and timetable (`haru diary DATE`).
    public func diaryPage(_ date: LocalDate, _ reference: Reference, knownAt: KnownAt? = nil, zones: ZoneDirectory = .system) throws
        -> DiaryPage
    {
        try snapshot(knownAt: knownAt, zones: zones) { snap in
            try DiaryPage(snap, calendar: try snap.calendar(), date: date, reference: reference)
        }
    }

    /// The ledger's calendar (its zone, day start and week start, with their
    /// dated steps): which logical day an instant belongs to, a day's bounds.
    public func calendar(knownAt: KnownAt? = nil, zones: ZoneDirectory = .system) throws -> LedgerCalendar {
        try snapshot(knownAt: knownAt, zones: zones) { try $0.calendar() }
    }
}
