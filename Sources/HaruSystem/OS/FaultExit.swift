#if canImport(Glibc)
    import Glibc
#endif

/// The last resort against a damaged data file: liblmdb trusts the pages it
/// maps, and a damaged branch page sends it to an address outside the map
/// (SIGSEGV), past the end of the file (SIGBUS) or into its own assertions
/// (SIGABRT). The process then ends with one line on standard error and
/// exit 3 (the ledger cannot be used) instead of a signal death and a
/// backtrace of LMDB's internals.
///
/// Why at the process level, not per read: the fault happens inside C code
/// that holds LMDB's locks and half-built state; nothing can be resumed after
/// it, only ended cleanly. The handler uses only `write` and `_exit`
/// (async-signal-safe), with messages made before it is installed. Swift's
/// own traps (SIGILL, SIGTRAP: a bug in haru, never a damaged file) are left
/// to Swift's backtracer. Checks that can be made before reading (a data
/// file cut short: `Environment.checkLength`) are made there and never
/// reach this.
public enum FaultExit {
    /// Installs the handlers for SIGSEGV, SIGBUS and SIGABRT (the executable
    /// calls it once at start; tests never do).
    public static func install() {
        for (signal, _, _) in faultMessages {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = faultHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }
}

/// (signal, message, length): a constant, made the first time `install`
/// reads it, so before any handler can run (the handler then only reads it:
/// no allocation, no lock, no exclusivity check, as for a `let`; the
/// pointers are never written, hence `nonisolated(unsafe)`).
nonisolated(unsafe) private let faultMessages: [(Int32, UnsafeMutablePointer<CChar>, Int)] = [
    (SIGSEGV, "a memory fault (SIGSEGV)"), (SIGBUS, "a bus error (SIGBUS)"), (SIGABRT, "an abort (SIGABRT)"),
].map { signal, name in
    let text =
        "Error: haru stopped on \(name) while reading the ledger: its data file is probably damaged. "
        + "`haru verify` says where; restore the ledger from a copy, or from an export (`haru import jsonl FILE` with --ledger at a new path). "
        + "If verify finds nothing wrong, this is a bug in haru: please report it with the command you ran.\n"
    return (signal, strdup(text)!, text.utf8.count)
}

private func faultHandler(_ signal: Int32) {
    faultMessages.withUnsafeBufferPointer { table in
        for (s, text, count) in table where s == signal { _ = write(2, text, count) }
    }
    _exit(3)
}
