/// The one way an operation writes: it decides its events on the state at
/// the head and appends them only if the head is still there when it commits.
/// Another process's write in between (a widget's count, `haru`, a sync) makes
/// it decide again on the new state, so a rule an operation checks (that a
/// session runs, that a record is not deleted) holds at the seq it writes after.

@_spi(Layers) import HaruEngine
import HaruModel

extension Ledger {
    /// How many times a decision is taken again when other writers keep
    /// moving the head; past that, `LedgerError.headMoved` is thrown.
    static let decideAttempts = 16

    /// Decides on a snapshot at the head, then appends what was decided if
    /// the head has not moved; decides again otherwise.
    /// - Parameters:
    ///   - blobs: attachments the events name, stored in the same commit.
    ///   - decide: the events to append (none: nothing is written) and the
    ///     outcome to return, its `written` left `.none` (filled in here).
    func decideAndAppend<T: Decided, G: RandomNumberGenerator>(
        now: Int64, rng: inout G, blobs: [[UInt8]] = [], _ decide: (Snapshot) throws -> (events: [EventInput], outcome: T)
    ) throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            let (head, events, outcome) = try snapshot(zones: zones) { snap in
                let (events, outcome) = try decide(snap)
                return (snap.head, events, outcome)
            }
            var filled = outcome
            guard !events.isEmpty else {
                filled.written = AppendResult(seqs: [], appended: 0, head: head)
                return filled
            }
            do {
                filled.written = try append(events, blobs: blobs, expectHead: head, now: now, rng: &rng)
                return filled
            } catch LedgerError.headMoved where attempt < Self.decideAttempts {
                continue
            }
        }
    }
}

extension TypedEvent {
    /// This event as an input written by `source`, in the ledger's zones.
    func input(at: Instant, source: String, in snap: Snapshot) throws -> EventInput {
        do { return try input(at: at, source: source, zones: snap.zones) } catch { throw LedgerError.invalid(error) }
    }
}

/// An operation's outcome: what it wrote (the seqs, the head after it).
public protocol WriteOutcome: Sendable {
    var written: AppendResult { get }
}

// `AppendResult` does not conform: its own `written` is what the batch
// wrote (an `EventTally`), and a second `written` would make that ambiguous.
extension AppendResult {
    /// What an outcome holds until its write is made (`decideAndAppend`).
    static let none = AppendResult(seqs: [], appended: 0, head: 0)
}

/// An outcome `decideAndAppend` fills in with what it wrote.
protocol Decided: WriteOutcome {
    var written: AppendResult { get set }
}
