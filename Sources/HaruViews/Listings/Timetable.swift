/// `haru timetable`: the 24-hour grid of the app's history screen. Each
/// logical day runs from its day start to the next; a session is a block in
/// the days it touches (cut at their edges, marked as going on), sessions
/// that share time stand side by side in lanes, and a count is a dot at its
/// time.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct Timetable: Sendable {
    /// A session's part within one day.
    public struct Block: Sendable, Equatable {
        public var sessionID: String
        public var actionID: String
        public var start: Instant
        public var end: Instant
        /// Still running: the block ends at the reference instant.
        public var running: Bool
        /// The column among the day's blocks: 0 unless it shares time with another.
        public var lane: Int
        /// The session began on an earlier day / goes on into a later one.
        public var continuesBefore: Bool
        public var continuesAfter: Bool
    }

    /// A count at its time.
    public struct Dot: Sendable, Equatable {
        public var entryID: String
        public var actionID: String
        public var time: Instant
        public var amount: Int
    }

    public struct Day: Sendable {
        public var day: LocalDate
        /// The day's instants: from its day start to the next day's.
        public var range: Range<Instant>
        public var blocks: [Block]
        public var dots: [Dot]
        /// How many lanes the day needs (at least 1).
        public var lanes: Int
    }

    public let days: [Day]
    /// The decimal places of the count actions that have some (their dots'
    /// amounts are in 10^-places of the unit), read with the records.
    public let places: [String: Int]

    /// Days already cut (a diary page's one day), with their actions' places.
    init(days: [Day], places: [String: Int]) { (self.days, self.places) = (days, places) }

    /// The timetable of days `from` through `through`.
    /// - Parameter actions: only these actions (nil: every live one).
    public init(
        _ snap: Snapshot, calendar: LedgerCalendar, from: LocalDate, through: LocalDate, reference: Reference, actions: Set<String>? = nil
    ) throws {
        let span = calendar.range(of: from).lowerBound.seconds..<calendar.range(of: through).upperBound.seconds
        let rows = try RecordList.read(snap, span: span, reference: reference, actions: actions, all: false)
        var days: [Day] = []
        var day = from
        while day <= through {
            let range = calendar.range(of: day)
            days.append(Timetable.day(day, range, rows, reference))
            day = day.adding(days: 1)
        }
        self.days = days
        var places: [String: Int] = [:]
        for a in try snap.definitions(.action) { if let n = a.base.int(.decimals), n > 0 { places[a.id] = Int(n) } }
        self.places = places
    }

    /// One day's blocks in lanes, and its dots.
    static func day(_ day: LocalDate, _ range: Range<Instant>, _ rows: [RecordRow], _ reference: Reference) -> Day {
        let a = range.lowerBound.seconds, b = range.upperBound.seconds
        var blocks: [Block] = []
        var dots: [Dot] = []
        for r in rows where !r.actionDeleted {
            switch r.kind {
            case .count:
                let t = r.start.seconds
                guard t >= a, t < b, reference.counts(t) else { continue }
                dots.append(Dot(entryID: r.id, actionID: r.actionID, time: r.start, amount: r.amount ?? 0))
            case .session:
                // A running session reaches the reference instant; `--as-of` cuts the others there.
                let end = r.end.map { reference.clipEnd($0.seconds) } ?? reference.instant.seconds
                let s = max(r.start.seconds, a), e = min(end, b)
                guard s < e else { continue }
                blocks.append(
                    Block(
                        sessionID: r.id, actionID: r.actionID, start: Instant(seconds: s), end: Instant(seconds: e),
                        running: r.end == nil, lane: 0, continuesBefore: r.start.seconds < a, continuesAfter: end > b))
            }
        }
        // Lanes: by start (the longer first when two start together), each
        // block in the first lane free by then (interval colouring: as few
        // lanes as the most sessions running at once).
        blocks.sort { ($0.start, $1.end, $0.sessionID) < ($1.start, $0.end, $1.sessionID) }
        var laneEnds: [Instant] = []
        for k in blocks.indices {
            if let free = laneEnds.firstIndex(where: { $0 <= blocks[k].start }) {
                blocks[k].lane = free
                laneEnds[free] = blocks[k].end
            } else {
                blocks[k].lane = laneEnds.count
                laneEnds.append(blocks[k].end)
            }
        }
        dots.sort { ($0.time, $0.entryID) < ($1.time, $1.entryID) }
        return Day(day: day, range: range, blocks: blocks, dots: dots, lanes: max(1, laneEnds.count))
    }

    /// `haru timetable --json`: a dot's `amount` in its action's unit (`7.6`).
    public func json(names: [String: String], calendar: LedgerCalendar) -> [(String, JSONValue)] {
        [
            ("from", .string(days.first?.day.description ?? "")), ("to", .string(days.last?.day.description ?? "")),
            (
                "days",
                .array(
                    days.map { d in
                        .object([
                            ("day", .string(d.day.description)), ("start", .string(calendar.format(d.range.lowerBound))),
                            ("end", .string(calendar.format(d.range.upperBound))), ("lanes", .int(Int64(d.lanes))),
                            (
                                "blocks",
                                .array(
                                    d.blocks.map { b in
                                        .object([
                                            ("session_id", .string(b.sessionID)), ("action_id", .string(b.actionID)),
                                            ("name", .string(names[b.actionID] ?? b.actionID)),
                                            ("start", .string(calendar.format(b.start))),
                                            ("end", .string(calendar.format(b.end))), ("seconds", .int(b.end.seconds - b.start.seconds)),
                                            ("running", .bool(b.running)), ("lane", .int(Int64(b.lane))),
                                            ("continues_before", .bool(b.continuesBefore)), ("continues_after", .bool(b.continuesAfter)),
                                        ])
                                    })
                            ),
                            (
                                "dots",
                                .array(
                                    d.dots.map { c in
                                        .object([
                                            ("entry_id", .string(c.entryID)), ("action_id", .string(c.actionID)),
                                            ("name", .string(names[c.actionID] ?? c.actionID)), ("time", .string(calendar.format(c.time))),
                                            ("amount", DayBook.countJSON(Int64(c.amount), places[c.actionID] ?? 0)),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ]
    }
}
