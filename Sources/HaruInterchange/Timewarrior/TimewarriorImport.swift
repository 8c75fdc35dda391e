/// `haru import timew`: the intervals of `timew export` (a JSON array of
/// `{"id", "start", "end"?, "tags"?, "annotation"?}`, instants like
/// `20221210T000000Z`) turned into events.
///
/// By default an interval's first tag names a time action (made when
/// missing; its other tags become the action's tags, made too), a closed
/// interval is a recorded session with the annotation as its note, an open
/// one a running session. Ids are derived from the interval (its action and
/// start), so importing the same export again adds nothing, and a newer
/// export adds what is new: an interval closed since becomes a stop, one whose
/// end or annotation changed an edit.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruViews

public enum TimewarriorImport {
    /// Which part of an interval names its action.
    public enum ActionFrom: String, Sendable { case tag, annotation }

    public struct Options: Sendable {
        public var actionFrom: ActionFrom = .tag
        /// tag → action name (`--map`).
        public var map: [String: String] = [:]
        /// The action of intervals that name none (`--untagged`); nil: they are refused.
        public var untagged: String?
        /// The export is all of timewarrior's history (`--whole`): a session
        /// an earlier import made that it does not hold is deleted wherever
        /// it is, not only between the export's first start and last end.
        public var whole = false
        public init() {}
    }

    /// Why an export could not be read: the interval (its index in the array, 1-based) and the rule.
    public struct Refusal: HaruError, Sendable {
        public var interval: Int?
        public var reason: String
        public var exitStatus: ExitStatus { .badInput }
        public var description: String { (interval.map { "interval \($0): " } ?? "") + reason + "; nothing was imported" }
    }

    /// The events of an import into the ledger as `snap` holds it.
    ///
    /// A first import (no session of the ledger came from timewarrior) of a
    /// plain export streams: the export is scanned, each interval turned into
    /// its events and those prepared on the append's reading thread while this
    /// one appends. Anything the stream cannot take (an interval out of order
    /// of start, text that is not plain) throws `NotStreamable` from the
    /// append, which then writes nothing; `planned` reads it whole instead.
    @_spi(Layers) public static func events(_ bytes: [UInt8], options: Options, snap: Snapshot, zones: ZoneDirectory) throws
        -> TimewarriorEvents
    {
        let names = try Names(snap: snap, options: options, zones: zones)
        // `timew-`: the sessions of imports before ids became short (`legacySessionID`).
        if try !snap.store.hasSession(idPrefix: "tw-"), try !snap.store.hasSession(idPrefix: "timew-") {
            return TimewarriorEvents(stream: bytes, names: names)
        }
        return try planned(bytes, names: names, snap: snap)
    }

    /// The events of an export read whole first: sorted by start when it is
    /// not, each interval looked up in the ledger (a stop for one that was
    /// running, an edit for one that changed, nothing for one already there).
    @_spi(Layers) public static func planned(_ bytes: [UInt8], options: Options, snap: Snapshot, zones: ZoneDirectory) throws
        -> TimewarriorEvents
    {
        try planned(bytes, names: try Names(snap: snap, options: options, zones: zones), snap: snap)
    }

    /// Thrown by a streaming import that met what only a whole reading
    /// handles; nothing was written.
    public struct NotStreamable: Error {}

    /// The intervals that name no action, refused together after the rest was read.
    struct Untagged {
        var n = 0, first = 0
        mutating func count(_ iv: Interval) {
            n += 1
            if first == 0 { first = iv.index }
        }
        func check(_ options: Options) throws {
            guard n > 0 else { return }
            throw Refusal(
                interval: first,
                reason:
                    "\(n) interval\(n == 1 ? " has" : "s have") no \(options.actionFrom == .tag ? "tag" : "annotation") to name an action; give --untagged ACTION for them"
            )
        }
    }

    /// What every imported event says of its origin.
    static let source = "import:timew"

    /// An action an interval names, with the hash of its name that the ids
    /// of its sessions carry.
    struct Action: Sendable {
        let name: String
        let id: String
        /// 36 bits of the name's SHA-256.
        let key: UInt64
        init(name: String, id: String) {
            self.name = name
            self.id = id
            key = Digest.sha256(Array(name.utf8)).bytes.0 >> 28
        }
    }

    /// The session of the interval of `action` that starts at `start`, the
    /// same in every import: `tw-`, then the start (seconds since 1900) in 6
    /// digits of base 64 and 36 bits of the action's hash in 6 more.
    ///
    /// Why this form: 15 bytes are a Swift small string, held inline (an
    /// 18-byte id was a heap string per event, retained and released on both
    /// of the append's threads); and the digits' order is ASCII's, so the
    /// sessions of an export, read in order of start, come in order of key and
    /// the append writes them without sorting. Two intervals share an id only
    /// when they start in the same second and their actions' names share 36
    /// bits of hash.
    static func sessionID(_ action: Action, start: Instant) -> String {
        let seconds = DerivedIDs.since1900(start)  // 36 bits hold every instant a ledger takes
        return String(unsafeUninitializedCapacity: 15) { b in
            b[0] = UInt8(ascii: "t")
            b[1] = UInt8(ascii: "w")
            b[2] = UInt8(ascii: "-")
            for k in 0..<6 {
                b[3 + k] = orderedDigits[Int(seconds >> (30 - 6 * k) & 63)]
                b[9 + k] = orderedDigits[Int(action.key >> (30 - 6 * k) & 63)]
            }
            return 15
        }
    }

    /// 64 digits in ASCII order, each allowed in an id.
    static let orderedDigits: [UInt8] = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)

    /// The session id imports made before `sessionID`'s form: `timew-` and
    /// 12 hex digits of a hash of the action's name and the start. A
    /// re-import into a ledger that holds these finds its intervals by them.
    static func legacySessionID(_ action: String, start: Instant) -> String {
        var b = Array(action.utf8)
        b.append(UInt8(ascii: "|"))
        appendDecimal(start.seconds, to: &b)
        var out = Array("timew-".utf8)
        Digest.sha256(b).writeHex(to: &out)
        return String(decoding: out.prefix(18), as: UTF8.self)
    }

    /// `n` in decimal, as `String(n)` writes it (ids derive from these bytes).
    static func appendDecimal(_ n: Int64, to b: inout [UInt8]) {
        if n < 0 { b.append(UInt8(ascii: "-")) }
        var m = n.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[count] = UInt8(m % 10) + 0x30
                m /= 10
                count += 1
            } while m > 0
            for k in stride(from: count - 1, through: 0, by: -1) { b.append(d[k]) }
        }
    }

    /// 12 hex digits of a SHA-256: ids that stay the same for the same name.
    static func shortHash(_ s: String) -> String {
        let d = Digest.sha256(Array(s.utf8))
        var out: [UInt8] = []
        d.writeHex(to: &out)
        return String(decoding: out.prefix(12), as: UTF8.self)
    }
}

/// Event ids derived from what an event stands for, built as bytes with
/// one hashing context (an import derives one per interval).
///
/// Unlike the CSV's ids they begin with the event's time, as a UUIDv7 does:
/// a million intervals come in order of time, so their ids go to the end of
/// the id index instead of a random place each (random ids took a fifth of
/// the appending thread in the index's key comparisons and page list). The
/// other 74 bits are the hash of `timew:TYPE` and the key, or, for the
/// event that records or starts a new session, that session's parts
/// (`newSession`).
struct DerivedIDs {
    let sha = SHA256Context()
    private var bytes: [UInt8] = []

    /// The id of the event of `type` whose key `key` writes.
    mutating func id(_ type: EventType, at: Instant, key: (inout [UInt8]) -> Void) -> EventID {
        bytes.removeAll(keepingCapacity: true)
        bytes += "haru-csv\u{0}timew:".utf8
        bytes += type.name.utf8
        bytes.append(0)
        key(&bytes)
        let (a, b, _, _) = bytes.withUnsafeBytes { sha.hash($0) }.bytes
        return Self.id(at: at, twelveBits: a, sixtyTwoBits: b)
    }

    /// The id of the event that records or starts a session an import
    /// makes, from what makes the session's id (its start and its action's
    /// 36-bit key) and the event's kind and time: two such events share an
    /// id only if they are the same event of the same session, so no hash
    /// is needed (hashing was a sixteenth of the reading thread).
    static func newSession(started: Bool, at: Instant, start: Instant, actionKey: UInt64) -> EventID {
        let startSeconds = since1900(start)  // 36 bits
        return id(
            at: at, twelveBits: (started ? 0x800 : 0) | (actionKey >> 26 & 0x3FF),
            sixtyTwoBits: startSeconds << 26 | (actionKey & 0x3FF_FFFF))
    }

    /// Seconds since 1900-01-01, the start of the instants a ledger takes
    /// (`Instant.ledgerRange`): never negative, 36 bits up to 2999.
    static func since1900(_ t: Instant) -> UInt64 { UInt64(max(0, t.seconds - Instant.ledgerRange.lowerBound)) }

    /// Seconds since 1900-01-01 (48 bits hold 8.9 million years), the
    /// version 8 nibble, 12 bits; then the variant and 62 bits.
    private static func id(at: Instant, twelveBits a: UInt64, sixtyTwoBits b: UInt64) -> EventID {
        let seconds = since1900(at) & 0xFFFF_FFFF_FFFF
        return EventID(high: seconds << 16 | 0x8000 | (a & 0x0FFF), low: (b & ~(UInt64(0xC000) << 48)) | (UInt64(0x8000) << 48))
    }
}

/// The events of one timewarrior import, in order: the definitions, then
/// an event per step, built when asked for. Built on the append's reading
/// thread (`Ledger.appendReadingAhead`), so that making a million events
/// and appending them take two cores.
@_spi(Layers) public struct TimewarriorEvents: EventSource {
    /// What one interval adds (or, for `deleted`, what a re-import takes away).
    struct Step: Sendable {
        enum Kind: Sendable { case recorded, started, stopped, edited, deleted, restored }
        var kind: Kind
        /// The interval's place in the array, 1-based; 0 for a session the export no longer has.
        var interval: Int
        /// nil: made when the event is (`TimewarriorImport.sessionID`).
        var session: String?
        var action: TimewarriorImport.Action
        var start: Instant
        var end: Instant?
        var note: String?
        /// The version of the session a change starts from: part of the
        /// change's id, so that a later change back to the same times is
        /// another event, and a retry of this import the same one.
        var version: UInt64 = 0
        /// The event's time; nil: the end (a recorded session, a stop, an
        /// edit of a closed one) or the start (a started one).
        var at: Instant?
        /// What an edit sets (its note always when `editNote`).
        var editStart = false
        var editEnd = true
        var editNote = true
    }

    /// A stream's place in the export, and the names made so far.
    fileprivate struct Scan {
        let bytes: [UInt8]
        var names: TimewarriorImport.Names
        var offset = 0
        var intervalsRead = 0
        var lastStart = Instant(seconds: .min)
        var untagged = TimewarriorImport.Untagged()
    }

    /// Where the steps come from: made beforehand (`planned`: `steps`), or
    /// scanned from the export as the append asks for them (`scan`). Kept
    /// apart rather than as an enum's cases: taking a case's scan out and
    /// putting it back copied it (every buffer retained and released) per
    /// interval.
    private let steps: [Step]
    private var nextPlanned = 0
    private var scan: Scan?
    /// The scan as first made, to start over from (an append that starts over asks again).
    private let originScan: Scan?
    let zones: ZoneDirectory
    /// Events to hand out before the next step's: a plan's definitions, a
    /// stream's new action and tags just before their first session.
    private var waiting: [EventInput]
    private let plannedDefinitions: [EventInput]
    private var waitingNext = 0
    private var line = 1
    private var ids = DerivedIDs()

    /// The intervals a plan left out because the ledger holds them as they are.
    public let unchanged: Int
    /// What could not be kept as timewarrior had it (filled as the export is read).
    let notes: TimewarriorImport.Notes

    init(definitions: [EventInput], steps: [Step], unchanged: Int, zones: ZoneDirectory, notes: TimewarriorImport.Notes) {
        self.steps = steps
        self.unchanged = unchanged
        self.notes = notes
        scan = nil
        originScan = nil
        waiting = definitions
        plannedDefinitions = definitions
        self.zones = zones
    }

    init(stream bytes: [UInt8], names: TimewarriorImport.Names) {
        steps = []
        unchanged = 0
        scan = Scan(bytes: bytes, names: names)
        originScan = scan
        waiting = []
        plannedDefinitions = []
        zones = names.zones
        notes = names.notes
    }

    /// How many sessions the import makes (all its records are sessions);
    /// for a stream, a guess from its size (an interval is about 90 bytes).
    public var expectedRecords: ExpectedRecords? {
        ExpectedRecords(sessions: originScan.map { $0.bytes.count / 90 + 1 } ?? steps.count, counts: 0)
    }

    /// The part of the export read so far (for a progress line).
    public var fractionRead: Double? {
        if let scan { return Double(scan.offset) / Double(max(scan.bytes.count, 1)) }
        return Double(nextPlanned) / Double(max(steps.count, 1))
    }

    /// A fresh reading from the first event.
    public var restarted: TimewarriorEvents {
        var fresh = self
        fresh.scan = originScan
        fresh.nextPlanned = 0
        fresh.waiting = plannedDefinitions
        fresh.waitingNext = 0
        fresh.line = 1
        return fresh
    }

    public mutating func next() throws -> (EventInput, Int)? {
        while true {
            if waitingNext < waiting.count {
                defer { waitingNext += 1 }
                return (waiting[waitingNext], line)
            }
            guard let step = try nextStep() else { return nil }
            line = step.interval
            let e = try event(step)
            // New definitions came with this step: they go first, then its event.
            if waitingNext < waiting.count { waiting.append(e) } else { return (e, line) }
        }
    }

    /// The next interval's step: from the plan, or scanned (its new action
    /// and tags put in `waiting`).
    private mutating func nextStep() throws -> Step? {
        if scan != nil { return try scan!.nextStep(waiting: &waiting) }
        guard nextPlanned < steps.count else { return nil }
        defer { nextPlanned += 1 }
        return steps[nextPlanned]
    }

    /// The event of a step. Its id comes from what it says (the session,
    /// and for a stop or an edit the end and note), so a retry is the same event.
    mutating func event(_ s: Step) throws -> EventInput {
        let session = s.session ?? TimewarriorImport.sessionID(s.action, start: s.start)
        let type: EventType
        // One array, appended to (a literal added to it was an array more per
        // event), in the order of the fields' tags: the payload takes it as it is.
        var data: [(Field, FieldValue)] = []
        data.reserveCapacity(5)
        let at: Instant
        switch s.kind {
        case .recorded:
            type = .sessionRecorded
            at = s.end!
            data.append((.actionID, .string(s.action.id)))
            data.append((.sessionID, .string(session)))
            data.append((.start, .int(s.start.seconds)))
            data.append((.end, .int(at.seconds)))
            if let note = s.note { data.append((.note, .string(note))) }
        case .started:
            type = .sessionStarted
            at = s.start
            data.append((.actionID, .string(s.action.id)))
            data.append((.sessionID, .string(session)))
        case .stopped:
            type = .sessionStopped
            at = s.at ?? s.end!
            data.append((.sessionID, .string(session)))
        case .edited:
            type = .sessionEdited
            at = s.at ?? s.end ?? s.start
            data.append((.sessionID, .string(session)))
            if s.editStart { data.append((.start, .int(s.start.seconds))) }
            if s.editEnd, let end = s.end { data.append((.end, .int(end.seconds))) }
            if s.editNote { data.append((.note, s.note.map { .string($0) } ?? .null)) }
        case .deleted:
            type = .sessionDeleted
            at = s.at ?? s.start
            data.append((.sessionID, .string(session)))
        case .restored:
            type = .sessionRestored
            at = s.at ?? s.end ?? s.start
            data.append((.sessionID, .string(session)))
        }
        let payload: Payload
        do { payload = try Payload.typed(type, data, zones: zones) } catch {
            throw TimewarriorImport.Refusal(
                interval: s.interval > 0 ? s.interval : nil, reason: "\(error.field.dropFirst(5)): \(error.rule)")
        }
        let id: EventID
        if s.session == nil {
            // A new session (its id is `sessionID`'s): the id from its parts, no hash.
            id = DerivedIDs.newSession(started: s.kind == .started, at: at, start: s.start, actionKey: s.action.key)
        } else {
            // A change (or a session under another id): the id from all it says and the version it changes.
            id = ids.id(type, at: at) { b in
                b += "\(s.kind):".utf8
                b += session.utf8
                b.append(UInt8(ascii: ":"))
                TimewarriorImport.appendDecimal(at.seconds, to: &b)
                b.append(UInt8(ascii: ":"))
                TimewarriorImport.appendDecimal(Int64(bitPattern: s.version), to: &b)
                for (field, value) in data {
                    b.append(UInt8(ascii: "|"))
                    b += field.jsonName.utf8
                    b.append(UInt8(ascii: "="))
                    switch value {
                    case .string(let t): b += t.utf8
                    case .int(let n): TimewarriorImport.appendDecimal(n, to: &b)
                    default: break
                    }
                }
            }
        }
        return EventInput(id: id, type: type, at: at, source: TimewarriorImport.source, payload: payload)
    }
}

extension TimewarriorEvents.Scan {
    /// The next interval that names an action, as a step; nil at the end of
    /// the export (after refusing the untagged ones, if any).
    /// - Throws: `NotStreamable` for an interval out of order or text that is not plain.
    mutating func nextStep(waiting: inout [EventInput]) throws -> TimewarriorEvents.Step? {
        while true {
            let index = intervalsRead + 1
            let item: TimewarriorImport.PlainScan.Item = bytes.withUnsafeBufferPointer { b in
                var scan = TimewarriorImport.PlainScan(bytes: b, at: offset)
                defer { offset = scan.i }
                return scan.next(index: index)
            }
            let iv: TimewarriorImport.Interval
            switch item {
            case .end:
                try untagged.check(names.options)
                return nil
            case .notPlain: throw TimewarriorImport.NotStreamable()
            case .interval(let read): iv = read
            }
            intervalsRead = index
            guard iv.start >= lastStart else { throw TimewarriorImport.NotStreamable() }
            if index == 1 { names.definedAt = Instant(seconds: iv.start.seconds - 86_400) }
            lastStart = iv.start
            guard let action = try names.action(of: iv, definitions: &waiting) else {
                untagged.count(iv)
                continue
            }
            return TimewarriorEvents.Step(
                kind: iv.end == nil ? .started : .recorded, interval: index, session: nil, action: action, start: iv.start,
                end: iv.end, note: names.note(of: iv))
        }
    }
}
