/// What a failure means to whoever ran haru: the process's exit status.
///
/// It lives in the lowest layer so that every layer's errors can say which
/// one they are (`HaruError`); the command line turns them into exit codes
/// in one place.
public enum ExitStatus: Int32, Sendable {
    case ok = 0
    /// A check or verification ran and failed.
    case checkFailed = 1
    /// Bad usage or bad input: nothing was written.
    case badInput = 2
    /// The ledger cannot be opened or is damaged, or the system failed (disk, memory, threads).
    case cannotOpen = 3
    /// The command's events were committed, but what it printed could not be
    /// written (a full disk, a closed descriptor): the message says which
    /// seqs are in the ledger, so a script does not append them twice.
    case committedButNotReported = 4
}

/// An error of haru's own, of any layer: a message for a person and the
/// exit status it stands for.
public protocol HaruError: Error, CustomStringConvertible {
    var exitStatus: ExitStatus { get }
}
