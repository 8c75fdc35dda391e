@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A new ledger appears at its path whole or not at all: `init`, an import
/// into a new ledger and `compact` all build it beside its place and rename
/// it there only once it is complete and durable.
extension Ledger {
    /// A new ledger, whole or not at all, open at `path`: `setUp` writes
    /// its first events (settings, definitions, a restored history) into it
    /// where nobody sees it; then it is renamed into place with its head
    /// record (`createBeside`) and opened again there. Keep no reference to
    /// the ledger `setUp` is given: its directory is renamed away.
    public static func create(
        path: String, durability: Environment.Durability = .durable, zones: ZoneDirectory = .system, setUp: (Ledger) throws -> Void
    ) throws -> Ledger {
        try createBeside(path) { partial in
            let ledger = try Ledger.create(path: partial, durability: durability, zones: zones)
            try setUp(ledger)
            try ledger.writeHeadRecord()
        }
        return try Ledger(path: path, durability: durability, zones: zones)
    }

    /// Builds a new ledger beside `path` (at `PATH.partial-PID`) with `make`,
    /// which is handed that path, and renames it into place when `make`
    /// returns, with its head record (written here if `make` did not). A failure (of `make`, or of the rename) removes what was
    /// built and leaves nothing at `path`; a kill leaves only the
    /// `.partial-PID` directory beside it.
    /// - Throws: `LedgerError.exists` when a ledger is at `path` already;
    ///   `LedgerError.cannotCreate` when the rename fails; whatever `make` throws;
    ///   `LedgerError.createdNotDurable` when the ledger is in place but the
    ///   parent directory could not be synced (the rename is the commit).
    public static func createBeside<T>(_ path: String, _ make: (_ partial: String) throws -> T) throws -> T {
        if FileBytes.read(path + "/data.mdb", limit: 1) != nil { throw LedgerError.exists(path: path) }
        // The folders above it are made too (as `git init a/b/c` does).
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex, let why = WholeFile.makeDirectory(String(path[..<slash])) {
            throw LedgerError.cannotCreate(path: path, reason: why)
        }
        removeLeftovers(beside: path)
        let partial = path + ".partial-\(getpid())"
        let result: T
        do {
            result = try make(partial)
            // A ledger is whole only with its head record: written here when
            // `make` did not (`writeHeadRecord`), from the ledger it let go of.
            if try HeadRecord.read(in: partial) == nil {
                do {
                    try Ledger(path: partial, readOnly: true).writeHeadRecord()
                } catch let e as LMDBError where e.code == EBUSY {
                    throw LedgerError.cannotCreate(
                        path: path,
                        reason: "the new ledger is still open and has no head record: call writeHeadRecord() on it before make returns")
                }
            }
            // Nothing is visible until all of it is durable: the new directory's
            // entries, then the rename, then the parent's entry of it.
            try syncDirectory(partial)
            // An open environment may stay open over the rename: LMDB holds its files by descriptor.
            guard rename(partial, path) == 0 else {
                let e = errno
                throw LedgerError.cannotCreate(
                    path: path,
                    reason: e == ENOTEMPTY || e == EEXIST
                        ? "the directory is not empty and holds no ledger; choose another path or empty it"
                        : String(cString: strerror(e)))
            }
        } catch let error as LMDBError {
            // The system failed under it (a full disk, an I/O error): say it of the ledger being made.
            remove(at: partial)
            throw LedgerError.cannotCreate(path: path, reason: error.description)
        } catch {
            remove(at: partial)
            throw error
        }
        // In place and whole: what can fail now is only the durability of its name.
        do { try syncDirectory(parentDirectory(of: path)) } catch {
            throw LedgerError.createdNotDurable(path: path, reason: "\(error)")
        }
        return result
    }

    /// Compacts the ledger where it is (`haru compact` without DEST): holding
    /// the writers' queue for the whole time, a compact copy is built beside
    /// it (`PATH.compact-PID`), synced, and swapped with the ledger in one
    /// step (`DirectorySwap.exchange`); the old files are removed after. A
    /// kill at any point leaves the old ledger or the new one at the path,
    /// never neither (at most a `.compact-PID` directory beside it). A writer
    /// of another process that opened the ledger before the swap is refused
    /// when its turn comes, writing nothing (`Environment`'s check).
    /// - Throws: `LedgerError.cannotCompactInPlace` where the writers cannot be
    ///   held off or the file system cannot swap directories; nothing changed.
    public func compactInPlace() throws -> CompactReport {
        let path = environment.path
        Ledger.removeLeftovers(beside: path)
        let partial = path + ".compact-\(getpid())"
        do {
            return try environment.withWritersHeld {
                let report: CompactReport
                do {
                    report = try compact(to: partial, inPlace: true)
                    try Ledger.syncDirectory(partial)
                } catch {
                    Ledger.remove(at: partial)
                    throw error
                }
                let e = DirectorySwap.exchange(partial, path)
                guard e == 0 else {
                    Ledger.remove(at: partial)
                    throw LedgerError.cannotCompactInPlace(
                        reason: e == EINVAL || e == ENOSYS
                            ? "its file system cannot swap two directories in one step"
                            : String(cString: strerror(e)))
                }
                // The old ledger now sits at `partial`: gone once the swap is on disk.
                _ = DirectorySwap.sync(Ledger.parentDirectory(of: path))
                Ledger.remove(at: partial)
                return report
            }
        } catch let error as LMDBError where error.code == ENOLCK {
            throw LedgerError.cannotCompactInPlace(reason: error.description)
        }
    }

    /// fsyncs a directory, so that the entries made in it are durable.
    static func syncDirectory(_ dir: String) throws {
        let e = DirectorySwap.sync(dir)
        guard e == 0 else { throw LMDBError(code: e, call: "fsync \(dir)") }
    }

    /// The directory holding `path` (`.` for a bare name).
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Removes what a killed `init`, import or `compact` left beside `path`:
    /// `PATH.partial-PID` and `PATH.compact-PID` directories whose process no
    /// longer runs (one that runs is another command at work, left alone; a
    /// directory holding anything but a ledger's files is left too).
    static func removeLeftovers(beside path: String) {
        let parent = parentDirectory(of: path)
        let base = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        guard !base.isEmpty else { return }
        let names = DirectoryNames.list(parent)
        for name in names {
            for kind in [".partial-", ".compact-"] where name.hasPrefix(base + kind) {
                guard let pid = Int32(name.dropFirst(base.count + kind.count)), pid > 0, pid != getpid() else { continue }
                // Gone: kill(pid, 0) fails with ESRCH. Running (or another user's): left alone.
                guard kill(pid, 0) == -1, errno == ESRCH else { continue }
                remove(at: parent + "/" + name)
            }
        }
    }

    /// Removes a ledger's directory: its files and the directory itself
    /// (left in place if it holds anything else).
    public static func remove(at path: String) {
        for f in fileNames { unlink(path + "/" + f) }
        rmdir(path)
    }

    /// Whether the ledger was opened without LMDB's lock file (a read-only
    /// file system): reads then cannot see a writer, so a caller may say so.
    public var isLockless: Bool { environment.lockless }

    /// Flushes commits made with `.relaxed` durability to disk, then
    /// records the head they reached (`HeadRecord`: only once they are there).
    public func sync() throws {
        try environment.sync()
        let head = try head()
        if head.seq > 0 { HeadRecord.write(head, in: environment.files) }
    }

    /// The stored hashes of the events at `seqs` (nil where there is none;
    /// seq 0 is the empty ledger), read in one transaction.
    public func hashes(at seqs: [UInt64]) throws -> [Digest?] {
        try environment.read { txn in try seqs.map { try hash(at: $0, txn) } }
    }
}
