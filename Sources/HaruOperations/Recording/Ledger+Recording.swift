/// Recording: start, stop, count, cancel and a session entered afterwards,
/// with the rules the app applies before an event is written — one running
/// session per action, the short-session rule, the long-session limit, a
/// start not far in the future. The fold checks what an event may be; these
/// check what a person most likely meant.

@_spi(Layers) import HaruEngine
import HaruModel

/// A session started (`Ledger.start`).
public struct Started: Decided, Equatable {
    public var sessionID: String
    public var actionID: String
    public var start: Instant
    public var written: AppendResult
}

/// Why a session was discarded instead of stopped: it counts nowhere.
public enum DiscardReason: Sendable, Equatable {
    /// Stopped in the second it started.
    case sameSecond
    /// Shorter than the `min_session_seconds` setting.
    case shorterThan(minimumSeconds: Int)
    /// Cancelled (`Ledger.cancel`).
    case cancelled

    /// The `reason` the `session.discarded` event carries.
    func text(seconds: Int64) -> String {
        switch self {
        case .sameSecond: "stopped the second it started"
        case .shorterThan(let minimum): "shorter than min_session_seconds (\(seconds) s < \(minimum) s)"
        case .cancelled: "cancelled"
        }
    }
}

/// A session ended (`Ledger.stop`, `Ledger.cancel`): stopped, or discarded and why.
public struct Stopped: Decided, Equatable {
    public var sessionID: String
    public var actionID: String
    public var start: Instant
    public var end: Instant
    /// Nil: stopped, and it counts `end - start`.
    public var discarded: DiscardReason?
    public var written: AppendResult
    public var seconds: Int64 { end.seconds - start.seconds }
}

/// A count added (`Ledger.count`).
public struct Counted: Decided, Equatable {
    public var entryID: String
    public var actionID: String
    public var amount: Int64
    public var at: Instant
    public var written: AppendResult
}

/// A finished session entered afterwards (`Ledger.recordSession`).
public struct Recorded: Decided, Equatable {
    public var sessionID: String
    public var actionID: String
    public var start: Instant
    public var end: Instant
    public var written: AppendResult
}

extension Ledger {
    /// Starts a timed session of an action.
    /// - Parameters:
    ///   - at: its start (nil: now, to the second).
    ///   - note: a private note (written as the session's edit in the same commit).
    ///   - sessionID: the session's id (nil: a new UUID from `rng`); a retry with the same id is refused as running already.
    ///   - allowFuture: allow a start more than a day after now.
    ///   - allowLong: allow a start further back than the long-session limit.
    ///   - source: the provenance label (`Ledger.undo` takes back what one source wrote).
    ///   - now: the clock, µs since the epoch.
    /// - Throws: `OperationError.alreadyRunning`, `.tooFarAhead`, `.longSession`; `LedgerError.invalid` for what the fold refuses (no such action, counted not timed).
    @discardableResult
    public func start<G: RandomNumberGenerator>(
        actionID: String, at: Instant? = nil, note: String? = nil, sessionID: String? = nil, allowFuture: Bool = false,
        allowLong: Bool = false, source: String = "app", now: Int64, rng: inout G
    ) throws -> Started {
        let clock = Instant(micros: now)
        let start = at ?? clock
        // Drawn from the caller's generator (the library draws nothing itself),
        // once: a decision taken again keeps the id.
        let id = sessionID ?? EventID.random(using: &rng).description  // safe: `rng` is the caller's (a parameter)
        if start.seconds - clock.seconds > 86_400, !allowFuture { throw OperationError.tooFarAhead(at: start, now: clock) }
        return try decideAndAppend(now: now, rng: &rng) { snap in
            if let running = try snap.runningSessions().first(where: { $0.actionID == actionID }) {
                throw OperationError.alreadyRunning(actionID: actionID, since: running.start)
            }
            if !allowLong { try Self.checkLength(actionID: actionID, from: start, to: max(clock, start), snap) }
            var events = [try SessionStarted(sessionID: id, actionID: actionID).input(at: start, source: source, in: snap)]
            // session.started carries no note: the note is its edit, in the same batch.
            if let note { events.append(try SessionEdited(sessionID: id, note: .set(note)).input(at: start, source: source, in: snap)) }
            return (events, Started(sessionID: id, actionID: actionID, start: start, written: .none))
        }
    }

    /// Stops a running session. One shorter than the `min_session_seconds`
    /// setting, or stopped in the second it started, is discarded instead
    /// (it stays in the ledger and counts nowhere; a note is then not kept).
    /// - Parameters:
    ///   - actionID: whose session (nil: the only one running).
    ///   - at: its end (nil: now).
    ///   - note: a private note for the session (replaces one given at the start).
    ///   - allowLong: allow a session longer than the long-session limit.
    /// - Throws: `OperationError.notRunning`, `.nothingRunning`, `.severalRunning`, `.endsBeforeStart`, `.longSession`.
    @discardableResult
    public func stop<G: RandomNumberGenerator>(
        actionID: String? = nil, at: Instant? = nil, note: String? = nil, allowLong: Bool = false, source: String = "app", now: Int64,
        rng: inout G
    ) throws -> Stopped {
        let end = at ?? Instant(micros: now)
        return try decideAndAppend(now: now, rng: &rng) { snap in
            let session = try Self.runningSession(of: actionID, snap)
            let seconds = end.seconds - session.start.seconds
            guard seconds >= 0 else { throw OperationError.endsBeforeStart(start: session.start, end: end) }
            let minimum = try snap.settings().current.minSessionSeconds
            var outcome = Stopped(
                sessionID: session.id, actionID: session.actionID, start: session.start, end: end, discarded: nil,
                written: .none)
            if seconds == 0 || seconds < minimum {
                // A stop in the second of the start leaves nothing to count: discarded too.
                let reason: DiscardReason = seconds == 0 ? .sameSecond : .shorterThan(minimumSeconds: minimum)
                outcome.discarded = reason
                let e = try SessionDiscarded(sessionID: session.id, reason: reason.text(seconds: seconds)).input(
                    at: end, source: source, in: snap)
                return ([e], outcome)
            }
            if !allowLong { try Self.checkLength(actionID: session.actionID, from: session.start, to: end, snap) }
            var events = [try SessionStopped(sessionID: session.id).input(at: end, source: source, in: snap)]
            if let note {
                events.append(try SessionEdited(sessionID: session.id, note: .set(note)).input(at: end, source: source, in: snap))
            }
            return (events, outcome)
        }
    }

    /// Discards a running session started by mistake: it counts nowhere.
    /// - Parameter actionID: whose session (nil: the only one running).
    @discardableResult
    public func cancel<G: RandomNumberGenerator>(actionID: String? = nil, source: String = "app", now: Int64, rng: inout G) throws
        -> Stopped
    {
        return try decideAndAppend(now: now, rng: &rng) { snap in
            let session = try Self.runningSession(of: actionID, snap)
            // Never before its start (a clock behind the start's device).
            let at = max(Instant(micros: now), session.start)
            let e = try SessionDiscarded(sessionID: session.id, reason: DiscardReason.cancelled.text(seconds: 0)).input(
                at: at, source: source, in: snap)
            return (
                [e],
                Stopped(
                    sessionID: session.id, actionID: session.actionID, start: session.start, end: at, discarded: .cancelled,
                    written: .none)
            )
        }
    }

    /// Adds to a count-tracked action.
    /// - Parameters:
    ///   - amount: how many, 1 … 999.
    ///   - at: when (nil: now).
    ///   - entryID: the entry's id (nil: a new UUID); a retry with the same id and content is not counted twice.
    @discardableResult
    public func count<G: RandomNumberGenerator>(
        actionID: String, amount: Int64 = 1, at: Instant? = nil, note: String? = nil, entryID: String? = nil, source: String = "app",
        now: Int64, rng: inout G
    ) throws -> Counted {
        let time = at ?? Instant(micros: now)
        // From the caller's generator, once (as `start`'s).
        let id = entryID ?? EventID.random(using: &rng).description  // safe: `rng` is the caller's (a parameter)
        return try decideAndAppend(now: now, rng: &rng) { snap in
            (
                [try CountAdded(entryID: id, actionID: actionID, amount: amount, note: note).input(at: time, source: source, in: snap)],
                Counted(entryID: id, actionID: actionID, amount: amount, at: time, written: .none)
            )
        }
    }

    /// Enters a finished session afterwards (the app's "add a record").
    /// - Throws: `OperationError.endsBeforeStart`, `.longSession` (without `allowLong`).
    @discardableResult
    public func recordSession<G: RandomNumberGenerator>(
        actionID: String, start: Instant, end: Instant, note: String? = nil, sessionID: String? = nil, allowLong: Bool = false,
        source: String = "app", now: Int64, rng: inout G
    ) throws -> Recorded {
        guard end > start else { throw OperationError.endsBeforeStart(start: start, end: end) }
        // From the caller's generator, once (as `start`'s).
        let id = sessionID ?? EventID.random(using: &rng).description  // safe: `rng` is the caller's (a parameter)
        return try decideAndAppend(now: now, rng: &rng) { snap in
            if !allowLong { try Self.checkLength(actionID: actionID, from: start, to: end, snap) }
            let e = SessionRecorded(sessionID: id, actionID: actionID, start: start, end: end, note: note)
            return (
                [try e.input(at: Instant(micros: now), source: source, in: snap)],
                Recorded(sessionID: id, actionID: actionID, start: start, end: end, written: .none)
            )
        }
    }

    /// The running session of `actionID`, or the only one.
    static func runningSession(of actionID: String?, _ snap: Snapshot) throws -> SessionRecord {
        let running = try snap.runningSessions()
        if let actionID {
            guard let s = running.first(where: { $0.actionID == actionID }) else { throw OperationError.notRunning(actionID: actionID) }
            return s
        }
        guard running.count == 1 else {
            throw running.isEmpty ? OperationError.nothingRunning : OperationError.severalRunning(count: running.count)
        }
        return running[0]
    }

    /// Refuses a session longer than the `long_session_hours` setting.
    static func checkLength(actionID: String, from: Instant, to: Instant, _ snap: Snapshot) throws {
        let hours = try snap.settings().current.longSessionHours
        guard to.seconds - from.seconds > Int64(hours) * 3600 else { return }
        throw OperationError.longSession(actionID: actionID, start: from, end: to, limitHours: hours)
    }
}
