/// What the Live Activity, the "now running" widget and the watch's first
/// screen show: the representative running session (the earliest or the
/// latest start, by the `representative` setting) and the others as "+N
/// together". `haru running` prints the same.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct RunningNow: Sendable, Equatable {
    /// One running session as a surface shows it.
    public struct Item: Sendable, Equatable {
        public var sessionID: String
        public var actionID: String
        /// The action's name, symbol and button colour as in force now.
        public var name: String
        public var symbol: String?
        public var color: String?
        public var start: Instant
        /// How long it has run at `now` (the timer's value then).
        public var seconds: Int64
        /// Running at least `long_session_hours` (probably forgotten). Whether
        /// to say so is `RunningNow.longSessionAlert`.
        public var long: Bool
        /// The action's total today, this session included up to `now` (the
        /// large widget's "today" card for a session running alone).
        public var todaySeconds: Int64
    }

    /// The session a one-line surface shows; nil when nothing runs.
    public var representative: Item?
    /// The other running sessions, in the same order ("+N together": `others.count`).
    public var others: [Item]
    /// Every running session, the representative first.
    public var all: [Item] { (representative.map { [$0] } ?? []) + others }
    /// The long-session alert setting: whether a surface flags `long` sessions.
    public var longSessionAlert: Bool
    public var longSessionHours: Int

    /// The running sessions of `snap` at `now`.
    public init(_ snap: Snapshot, calendar: LedgerCalendar, now: Instant) throws {
        let settings = try snap.settings().current
        let earliest = settings.representativeEarliest
        var sessions = try snap.runningSessions()
        // The representative rule (the app's `representative` setting): the
        // earliest or the latest start; the id orders two that started together.
        sessions.sort { earliest ? ($0.start, $0.id) < ($1.start, $1.id) : ($0.start, $0.id) > ($1.start, $1.id) }
        let reference = Reference.live(now: now)
        let today = calendar.day(of: now)
        let book = try DayBook(snap, calendar: calendar, from: today, through: today, reference: reference)
        let totals = book.perDay(0)
        let tags = try DefinitionList.tagsByID(snap, reference: reference)
        let long = Int64(settings.longSessionHours) * 3600
        let items = try sessions.map { s -> Item in
            let action = try snap.definition(.action, s.actionID).map { ActionDefinition(id: $0.id, $0.fields(inForceAt: now)) }
            let seconds = max(0, now.seconds - s.start.seconds)
            return Item(
                sessionID: s.id, actionID: s.actionID, name: action?.name ?? s.actionID, symbol: action?.symbol,
                color: action.flatMap { DefinitionList.buttonColor($0, tags: tags) }, start: s.start, seconds: seconds,
                long: seconds >= long, todaySeconds: totals[s.actionID]?.seconds ?? 0)
        }
        representative = items.first
        others = Array(items.dropFirst())
        longSessionAlert = settings.longSessionAlert
        longSessionHours = settings.longSessionHours
    }
}
