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
/// (async-signal-safe), with messages that are constants of the binary. Swift's
/// own traps (SIGILL, SIGTRAP: a bug in haru, never a damaged file) are left
/// to Swift's backtracer. Checks that can be made before reading (a data
/// file cut short: `Environment.checkLength`) are made there and never
/// reach this.
package enum FaultExit {
    /// Installs the handlers for SIGSEGV, SIGBUS and SIGABRT (the executable
    /// calls it once at start; tests never do).
    package static func install() {
        for signal in [SIGSEGV, SIGBUS, SIGABRT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = faultHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }
}

/// The message, in three parts so that each is a `StaticString`: constant
/// bytes in the binary, nothing made at start (building the three messages
/// as strings was about 2 % of a `haru count`) and nothing allocated or
/// locked in the handler.
private let faultBefore: StaticString = "Error: haru stopped on "
private let faultAfter: StaticString =
    " while reading the ledger: its data file is probably damaged. `haru verify` says where; restore the ledger from a copy, or from an export (`haru import jsonl FILE` with --ledger at a new path). If verify finds nothing wrong, this is a bug in haru: please report it with the command you ran.\n"

private func faultHandler(_ signal: Int32) {
    let name: StaticString =
        switch signal {
        case SIGSEGV: "a memory fault (SIGSEGV)"
        case SIGBUS: "a bus error (SIGBUS)"
        default: "an abort (SIGABRT)"
        }
    // Three writes, not a loop over an array: an array would be allocated here.
    _ = write(2, faultBefore.utf8Start, faultBefore.utf8CodeUnitCount)
    _ = write(2, name.utf8Start, name.utf8CodeUnitCount)
    _ = write(2, faultAfter.utf8Start, faultAfter.utf8CodeUnitCount)
    _exit(3)
}
