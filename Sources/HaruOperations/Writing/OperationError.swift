import HaruModel
import HaruSystem
import HaruViews

/// Why an operation wrote nothing. Each case carries what a message needs
/// (ids, instants, figures), so an app can say it in its own words and
/// language; `description` is a plain English default.
public enum OperationError: HaruError, Sendable, Equatable {
    /// The action has a running session already (one at a time per action).
    case alreadyRunning(actionID: String, since: Instant)
    /// The action has no running session.
    case notRunning(actionID: String)
    /// No session runs at all.
    case nothingRunning
    /// More than one session runs, and the operation was not told which.
    case severalRunning(count: Int)
    /// A start more than a day after now, without `allowFuture`: almost
    /// always a mistyped date.
    case tooFarAhead(at: Instant, now: Instant)
    /// A session would end at or before its start.
    case endsBeforeStart(start: Instant, end: Instant)
    /// A session would last longer than the `long_session_hours` setting
    /// (a forgotten timer, a mistyped day); written only with `allowLong`.
    case longSession(actionID: String, start: Instant, end: Instant, limitHours: Int)
    /// A running session's end is set by stopping it, not by an edit.
    case stillRunning(actionID: String)
    /// The edit names nothing to change.
    case nothingToChange
    /// The record is deleted or discarded: it can be restored, not edited or deleted again.
    case recordGone(RecordRow.Kind, RecordRow.State)
    /// The record is not deleted: nothing to restore.
    case notDeleted(RecordRow.Kind, RecordRow.State)
    /// No record, definition or open conflict has this id.
    case unknown(String)
    /// More than one id starts with this.
    case ambiguous(String)
    /// A definition that is never deleted (a device's preferences).
    case neverDeleted(DefinitionKind)
    /// Nothing written by this source is left that can be undone; the
    /// earliest change looked at and passed over (its seq) and why, when there was one.
    case nothingToUndo(passedOver: UInt64?, refusal: UndoRefusal?)
    /// A diary page would be left with nothing on it (`deletePage` takes a page away).
    case emptyPage(LocalDate)
    /// An attachment names no stored file (a digest not given with the write).
    case missingAttachment(String)

    public var exitStatus: ExitStatus { .badInput }

    public var description: String {
        switch self {
        case .alreadyRunning(let action, let since): "action \(action) has been running since \(since)"
        case .notRunning(let action): "action \(action) is not running"
        case .nothingRunning: "nothing is running"
        case .severalRunning(let n): "\(n) sessions are running; name the action"
        case .tooFarAhead(let at, _): "\(at) is more than a day ahead"
        case .endsBeforeStart(let start, let end):
            "the session would end (\(end)) before it starts (\(start)); a session must end after it starts"
        case .longSession(let action, let start, let end, let hours):
            "a session of \(action) from \(start) to \(end) is over the long-session limit of \(hours) h"
        case .stillRunning(let action): "\(action) is still running; stop it to set its end"
        case .nothingToChange: "nothing to change"
        case .recordGone(let kind, let state): "that \(kind.rawValue) was \(state.rawValue)"
        case .notDeleted(let kind, let state): "that \(kind.rawValue) is \(state == .recorded ? "not deleted" : state.rawValue)"
        case .unknown(let id): "nothing has the id \(id)"
        case .ambiguous(let id): "\(id) is the start of more than one id; give more of it"
        case .neverDeleted(let kind): "a \(kind.word) is never deleted"
        case .nothingToUndo(let seq, let refusal):
            seq.map { "nothing to undo that can be reversed: seq \($0) \(refusal?.sentence ?? "")" }
                ?? "nothing to undo: no change made here is left to reverse"
        case .emptyPage(let day): "that leaves the page of \(day) empty"
        case .missingAttachment(let digest): "attachment \(digest) is not stored"
        }
    }
}
