import HaruModel

/// Why a change is not reversed by a compensating event (and so passed over).
public enum UndoRefusal: Sendable, Equatable {
    /// A later change of the same entity (at `seq`) cannot be undone: taking
    /// back a session's start beneath its stop would delete what the stop made.
    case blocked(bySeq: UInt64, entity: String)
    /// A stop: its end is set by editing the session.
    case stop
    /// A discard: the session is recorded again with the times it had.
    case discard
    /// A goal finished by hand: the goal gets an end date instead.
    case finish
    /// A goal's confirmation: the goal gets an end date instead.
    case confirmation
    /// A settings change: the settings are changed back.
    case settingsChange
    /// A redaction: the text it removed is gone for good.
    case redaction
    /// The entity the change was made to is no longer in the state.
    case notInState(EventType)
}

extension UndoRefusal {
    /// The refusal in plain English (the default `OperationError` text).
    public var sentence: String {
        switch self {
        case .blocked(let seq, let entity): "seq \(seq) changed the same \(entity) and cannot be undone"
        case .stop: "a stop is not undone; edit the session's end instead"
        case .discard: "a discard is not undone; record the session again with the times it had"
        case .finish: "a finish is not undone; give the goal an end date instead"
        case .confirmation: "a confirmation is not undone; give the goal an end date instead"
        case .settingsChange: "a settings change is not undone; change them back instead"
        case .redaction: "a redaction is not undone: the text it removed is gone for good"
        case .notInState(let type): "its \(type.name) is no longer in the state"
        }
    }
}
