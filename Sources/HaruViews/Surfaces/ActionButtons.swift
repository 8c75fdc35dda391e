/// The buttons of the app's collection tab, its "run an action" widget, the
/// watch's action list and the control centre: every live action in the
/// user's order, whether it runs, and what it has added up to in a span
/// (the widget's "accumulated value" line: today, this week or this month).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct ActionButton: Sendable, Equatable {
    public var action: ActionDefinition
    /// The colour the button is painted (the first-created of its tags that has one).
    public var color: String?
    /// The start of its running session (a timed action); nil when it does not run.
    public var runningSince: Instant?
    /// Its seconds and count over the span asked for, running sessions up to the reference.
    public var total: Totals
    /// The one figure the button shows: seconds for a timed action, the count for a counted one.
    public var value: Int64 { action.tracking == .time ? total.seconds : total.count }

    /// The buttons at `reference`, with totals over the reference day's `span`
    /// (its logical day, its week from the week start, its month).
    public static func all(_ snap: Snapshot, calendar: LedgerCalendar, reference: Reference, span: SpanKind) throws -> [ActionButton] {
        let day = reference.day(calendar)
        let days: ClosedRange<LocalDate>
        switch span {
        case .day: days = day...day
        case .week:
            let first = calendar.weekStart(of: day)
            days = first...first.adding(days: 6)
        case .month: days = LedgerCalendar.month(of: day)
        }
        let book = try DayBook(snap, calendar: calendar, from: days.lowerBound, through: days.upperBound, reference: reference)
        var totals: [String: Totals] = [:]
        for i in 0..<book.grid.count { for (id, t) in book.perDay(i) { totals[id, default: Totals()] += t } }
        var running: [String: Instant] = [:]
        for s in try snap.runningSessions() { running[s.actionID] = s.start }
        let tags = try DefinitionList.tagsByID(snap, reference: reference)
        return book.actionOrder.compactMap { id in
            book.actions[id].map {
                ActionButton(
                    action: $0, color: DefinitionList.buttonColor($0, tags: tags), runningSince: running[id],
                    total: totals[id] ?? Totals())
            }
        }
    }
}
