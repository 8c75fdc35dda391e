import CLMDB
@_spi(Layers) import HaruSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A failure inside LMDB (or the system call under it): the code, the call
/// that failed and what to do. Always exit 3: the ledger cannot be used.
public struct LMDBError: HaruError, Sendable {
    public let code: Int32
    /// The LMDB function that returned the code, e.g. `mdb_put`.
    public let call: String
    public let hint: String

    /// LMDB's codes and the system's, by name (`code` keeps the number).
    public enum Kind: Equatable, Sendable {
        case keyExists, notFound, pageNotFound, corrupted, panic, versionMismatch, invalid
        case mapFull, readersFull, mapResized
        /// An errno from the system call under LMDB.
        case noSuchFile, permissionDenied, readOnlyFileSystem, diskFull, ioError
        case other(Int32)

        public init(_ code: Int32) {
            switch code {
            case MDB_KEYEXIST: self = .keyExists
            case MDB_NOTFOUND: self = .notFound
            case MDB_PAGE_NOTFOUND: self = .pageNotFound
            case MDB_CORRUPTED: self = .corrupted
            case MDB_PANIC: self = .panic
            case MDB_VERSION_MISMATCH: self = .versionMismatch
            case MDB_INVALID: self = .invalid
            case MDB_MAP_FULL: self = .mapFull
            case MDB_READERS_FULL: self = .readersFull
            case MDB_MAP_RESIZED: self = .mapResized
            case ENOENT: self = .noSuchFile
            case EACCES: self = .permissionDenied
            case EROFS: self = .readOnlyFileSystem
            case ENOSPC: self = .diskFull
            case EIO: self = .ioError
            default: self = .other(code)
            }
        }
    }

    public var kind: Kind { Kind(code) }

    public init(code: Int32, call: String) {
        self.code = code
        self.call = call
        self.hint = LMDBError.hint(for: Kind(code))
    }

    public init(code: Int32, call: String, hint: String) {
        self.code = code
        self.call = call
        self.hint = hint
    }

    /// Damage the storage kit found before LMDB read anything (LMDB's own
    /// message for its code would name a cause it did not see).
    public static func damaged(_ reason: String) -> LMDBError {
        var e = LMDBError(code: MDB_CORRUPTED, call: "open", hint: "")
        e.damage = reason
        return e
    }

    /// Set by `damaged`: what is wrong, said instead of LMDB's message.
    public private(set) var damage: String?

    /// An open the storage kit refused by its own rule (not a failed call):
    /// the reason is the whole message.
    public static func refused(code: Int32, _ reason: String) -> LMDBError {
        var e = LMDBError(code: code, call: "open", hint: "")
        e.refusal = reason
        return e
    }

    public private(set) var refusal: String?

    public var exitStatus: ExitStatus { .cannotOpen }

    public var isMapFull: Bool { kind == .mapFull }
    public var isKeyExists: Bool { kind == .keyExists }

    public var message: String { String(cString: mdb_strerror(code)) }

    public var description: String {
        if let damage { return "the data file is damaged: " + damage }
        if let refusal { return refusal }
        return "\(call) failed: \(message) (code \(code))" + (hint.isEmpty ? "" : "; \(hint)")
    }

    private static func hint(for kind: Kind) -> String {
        switch kind {
        case .mapFull:
            return
                "the ledger's memory map is full and could not grow further (the write needs more address space than this process has); nothing of this write was committed"
        case .readersFull: return "too many readers; stale readers from crashed processes are cleared on the next open"
        case .invalid, .versionMismatch: return "this is not a ledger written by this LMDB version"
        case .corrupted, .pageNotFound:
            return
                "the data file is damaged; restore it from a copy, or from an export (`haru import jsonl FILE` with --ledger at a new path)"
        case .noSuchFile: return "no such file or directory; create the ledger with `haru init`"
        case .permissionDenied: return "permission denied; the ledger files are private to their owner (mode 0600)"
        case .diskFull: return "the disk is full"
        default: return ""
        }
    }
}

/// Stored data that breaks the storage kit's own expectations (not LMDB's):
/// a database the ledger keeps in a known shape is not in it. Exit 3.
public struct StorageDamage: HaruError, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var exitStatus: ExitStatus { .cannotOpen }
    public var description: String { "the data file is damaged: \(reason)" }
}

@inline(__always)
func check(_ rc: Int32, _ call: String) throws(LMDBError) {
    if rc != MDB_SUCCESS { throw LMDBError(code: rc, call: call) }
}

/// The error of a failed LMDB call, for the inlinable reads (`Transaction.scan`
/// …), whose bodies other modules compile and so cannot name package types.
@usableFromInline
func failure(_ rc: Int32, _ call: String) -> any Error { LMDBError(code: rc, call: call) }
