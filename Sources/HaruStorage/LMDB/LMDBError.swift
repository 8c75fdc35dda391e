import CLMDB

/// A failure inside LMDB: the code, the call that failed and what to do.
package struct LMDBError: Error, Sendable, CustomStringConvertible {
    package let code: Int32
    /// The LMDB function that returned the code, e.g. `mdb_put`.
    package let call: String
    package let hint: String

    package init(code: Int32, call: String) {
        self.code = code
        self.call = call
        self.hint = LMDBError.hint(for: code)
    }

    package init(code: Int32, call: String, hint: String) {
        self.code = code
        self.call = call
        self.hint = hint
    }

    package var isMapFull: Bool { code == MDB_MAP_FULL }
    package var isKeyExists: Bool { code == MDB_KEYEXIST }

    package var message: String { String(cString: mdb_strerror(code)) }

    package var description: String {
        "\(call) failed: \(message) (code \(code))" + (hint.isEmpty ? "" : "; \(hint)")
    }

    private static func hint(for code: Int32) -> String {
        switch code {
        case MDB_MAP_FULL: return "the map is full and could not grow; free disk space or raise the map size"
        case MDB_READERS_FULL: return "too many readers; stale readers from crashed processes are cleared on the next open"
        case MDB_INVALID, MDB_VERSION_MISMATCH: return "this is not a ledger written by this LMDB version"
        case MDB_CORRUPTED, MDB_PAGE_NOTFOUND: return "the data file is damaged; restore from a copy or `haru export`"
        case 2: return "no such file or directory; create the ledger with `haru init`"  // ENOENT
        case 13: return "permission denied; the ledger files are private to their owner (mode 0600)"  // EACCES
        case 28: return "the disk is full"  // ENOSPC
        default: return ""
        }
    }
}

@inline(__always)
func check(_ rc: Int32, _ call: String) throws(LMDBError) {
    if rc != MDB_SUCCESS { throw LMDBError(code: rc, call: call) }
}
