/// The app's surfaces in one call each — the Live Activity and the "now
/// running" widget, the action buttons (collection tab, run widget, watch,
/// control centre), the goal cards (goal bars, quest rings and grid, lock
/// screen, watch complications, Siri's progress answers) — with the figures
/// `haru running`, `haru day`/`report` and `haru progress` print. Each reads
/// one snapshot; the library reads no clock, so `now` is the caller's.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruViews

extension Ledger {
    /// The running sessions at `now`: the representative one (the
    /// `representative` setting) and the others ("+N together").
    public func runningNow(now: Instant, zones: ZoneDirectory = .system) throws -> RunningNow {
        try snapshot(zones: zones) { snap in try RunningNow(snap, calendar: try snap.calendar(), now: now) }
    }

    /// Every live action as a button, in the user's order: running or not,
    /// and its total over the reference day's `span`.
    public func actionButtons(
        _ reference: Reference, span: SpanKind = .day, knownAt: KnownAt? = nil, zones: ZoneDirectory = .system
    ) throws -> [ActionButton] {
        try snapshot(knownAt: knownAt, zones: zones) { snap in
            try ActionButton.all(snap, calendar: try snap.calendar(), reference: reference, span: span)
        }
    }

    /// A device's own lists — pinned, collapsed and watch goals, memo-prompt
    /// actions — as in force at `reference`; nil for a ledger without a
    /// device id when none is named. What the watch offers is
    /// `goalCards(…).filter { lists.watchGoalIDs.contains($0.id) && $0.status == .inProgress }`.
    public func deviceLists(
        _ device: String? = nil, _ reference: Reference, knownAt: KnownAt? = nil, zones: ZoneDirectory = .system
    ) throws -> DeviceLists? {
        guard let id = try device ?? deviceID() else { return nil }
        return try snapshot(knownAt: knownAt, zones: zones) { snap in try DeviceLists(snap, device: id, reference: reference) }
    }

    /// Every goal as a card, in the user's order: its bars per span, each
    /// quest's ring per span, streaks. A widget shows those `inProgress`.
    public func goalCards(_ reference: Reference, knownAt: KnownAt? = nil, zones: ZoneDirectory = .system) throws -> [GoalCard] {
        try snapshot(knownAt: knownAt, zones: zones) { snap in
            let report = try ProgressEngine(snap, calendar: try snap.calendar(), reference: reference).run()
            let goals = Dictionary(
                try DefinitionList.rows(snap, .goal, reference: reference, all: true).compactMap { r in r.goal.map { (r.id, $0) } },
                uniquingKeysWith: { a, _ in a })
            return GoalCard.all(report, goals: goals)
        }
    }
}
