@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruModel

/// Errors of the ledger as a whole (beyond a single bad field).
public enum LedgerError: HaruError, Sendable {
    /// An input event broke a rule; nothing was written.
    case invalid(InputError)
    /// An event id already in the ledger came with different content.
    case conflict(line: Int, id: EventID, seq: UInt64)
    /// `--expect-head` did not match.
    case headMoved(expected: UInt64, actual: UInt64)
    /// The stored data cannot be read.
    case damaged(seq: UInt64?, reason: String)
    /// There is no ledger at the path.
    case notFound(path: String)
    /// The ledger exists already (`init`).
    case exists(path: String)
    /// The batch would pass a limit of the stored format; nothing was written.
    case limit(String)

    public var exitStatus: ExitStatus {
        switch self {
        case .invalid, .conflict, .headMoved, .exists, .limit: .badInput
        case .damaged, .notFound: .cannotOpen
        }
    }

    public var description: String {
        switch self {
        case .invalid(let e): return e.description
        case .conflict(let line, let id, let seq):
            return
                "line \(line): id: event \(id) is already in the ledger at seq \(seq) with different content; an id names one event forever"
        case .headMoved(let expected, let actual):
            return "the ledger head is at seq \(actual), not \(expected) as --expect-head says; read the new events and retry"
        case .damaged(let seq, let reason): return "ledger is damaged" + (seq.map { " at seq \($0)" } ?? "") + ": \(reason)"
        case .notFound(let path): return "no ledger at \(path); create one with `haru init`"
        case .exists(let path): return "a ledger already exists at \(path)"
        case .limit(let what): return what
        }
    }
}
