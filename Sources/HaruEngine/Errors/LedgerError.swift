@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

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
    /// The events themselves are damaged (the hash chain is broken), so a
    /// rebuild would write projections from them; nothing was written.
    case eventsDamaged(seq: UInt64?, reason: String)
    /// There is no ledger at the path.
    case notFound(path: String)
    /// The ledger exists already (`init`).
    case exists(path: String)
    /// A new ledger could not be put in place (`Ledger.createBeside`); nothing was created.
    case cannotCreate(path: String, reason: String)
    /// A new ledger is in place and whole, but its directory entry could not
    /// be made durable (the parent's fsync failed): it is there now.
    case createdNotDurable(path: String, reason: String)
    /// `haru compact` could not work in place; nothing was changed.
    case cannotCompactInPlace(reason: String)
    /// The batch would pass a limit of the stored format; nothing was written.
    case limit(String)
    /// Another process replaced the projection set during this call; nothing was written.
    case rebuiltMeanwhile
    /// A stored attachment's bytes no longer hash to its digest: not served.
    case damagedBlob(digest: String)
    /// The projections were written by a newer haru.
    case newerProjections(found: UInt32, supported: UInt32)
    /// The projections are of an older format and the ledger was opened read-only.
    case olderProjections(found: UInt32, supported: UInt32)

    public var exitStatus: ExitStatus {
        switch self {
        case .invalid, .conflict, .headMoved, .exists, .limit: .badInput
        case .createdNotDurable: .committedButNotReported
        case .damaged, .eventsDamaged, .notFound, .cannotCreate, .cannotCompactInPlace, .rebuiltMeanwhile, .newerProjections,
            .olderProjections, .damagedBlob:
            .cannotOpen
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
        case .eventsDamaged(let seq, let reason):
            return "the events themselves are damaged" + (seq.map { " at seq \($0)" } ?? "") + ": \(reason). "
                + "Projections rebuilt from them would agree with the damage, so nothing was written: restore the ledger from a copy, "
                + "or from an export made before the damage (`haru import jsonl FILE` with --ledger at a new path)"
        case .notFound(let path): return "no ledger at \(path); create one with `haru init`"
        case .exists(let path): return "a ledger already exists at \(path)"
        case .cannotCreate(let path, let reason): return "cannot create the ledger at \(path): \(reason); nothing was created"
        case .cannotCompactInPlace(let reason):
            return
                "cannot compact the ledger in place: \(reason); nothing was changed (`haru compact DEST` writes a compact copy to move in place yourself)"
        case .createdNotDurable(let path, let reason):
            return "created the ledger at \(path), but its directory entry could not be synced to disk (\(reason)); "
                + "it is there and whole now (`haru --ledger \(path) verify`), a system crash before the disk catches up could lose it"
        case .limit(let what): return what
        case .rebuiltMeanwhile:
            return "another haru rebuilt the ledger's projections while this command ran; nothing was written: run it again"
        case .damagedBlob(let digest):
            return "the attachment \(digest) is damaged in the ledger (its bytes no longer hash to its digest), so it is not served, "
                + "exported or sent; the events are intact. Attach the same file again to mend it (its digest names it), "
                + "or restore the ledger from a copy"
        case .newerProjections(let found, let supported):
            return "the ledger's projections were written by a newer haru (projection format \(found); this haru reads \(supported)); "
                + "use that haru or a newer one. Nothing was changed"
        case .olderProjections(let found, let supported):
            return "the ledger's projections are of an older format (\(found); this haru reads \(supported)) and it was opened read-only; "
                + "any command that writes (or `haru rebuild`) rebuilds them first"
        }
    }
}
