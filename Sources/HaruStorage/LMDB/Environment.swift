import CLMDB
@_spi(Layers) import HaruSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An LMDB environment (one ledger directory) and its named databases.
///
/// Transactions are closure-scoped: `read { txn in … }` and
/// `write { txn in … }` commit when the closure returns and abort when it
/// throws, so there is never a hidden transaction per call, nor a commit
/// after a failed put.
public final class Environment: @unchecked Sendable {
    // @unchecked, and why it is safe: LMDB allows one environment handle to be
    // used from many threads (opened with MDB_NOTLS, a read transaction is not
    // tied to its thread), and serialises write transactions with its own
    // lock. `databases` is the one `var`: written only inside `init`, before
    // the object can be shared, and only read afterwards.
    let env: OpaquePointer
    /// The named databases, by name, opened once at start.
    private(set) var databases: [String: MDB_dbi] = [:]
    /// The ledger's directory as the caller named it (what messages say, what `compact` swaps).
    @_spi(Layers) public let path: String
    /// The directory this environment opened, held by a descriptor: LMDB's
    /// files, the writers' queue and the head record are all reached
    /// through it (`files`), never by `path` (`PinnedDirectory`).
    let directory: PinnedDirectory
    /// Which directory this is on its file system (`PinnedDirectory.inode`).
    @_spi(Layers) public var directoryInode: UInt64? { directory.inode }
    /// The path through which the ledger's files are opened (`/proc/self/fd/N`).
    @_spi(Layers) public let files: String
    /// Whether commits are synced (`--no-sync` relaxes it).
    @_spi(Layers) public let durability: Durability
    let readOnly: Bool
    /// Opened without LMDB's lock file (a ledger this user can only read).
    @_spi(Layers) public let lockless: Bool
    /// The queue in front of the write lock (nil when read-only), and how long to wait in it.
    private let gate: WriterGate?
    private let writeWait: WriteWait

    /// How commits reach the disk.
    public enum Durability: Sendable {
        /// fsync on every commit (default): a commit that returned survives a crash.
        case durable
        /// No fsync at commit (MDB_NOSYNC); the environment is synced when it is
        /// closed. A crash may lose the last commits, never corrupt older ones.
        case relaxed
    }

    /// Opens (creating if asked) the environment at `path`, a directory.
    /// - Parameters:
    ///   - databases: names of the databases to open; created when `create`.
    ///   - mapSize: initial map size; it grows on demand.
    @_spi(Layers) public init(
        path: String, databases names: [String], create: Bool, durability: Durability = .durable,
        readOnly: Bool = false, mapSize: Int = 1 << 30, writeWait: WriteWait = WriteWait(), trustOwner: Bool = false
    ) throws(LMDBError) {
        self.path = path
        self.writeWait = writeWait
        self.durability = durability
        if create {
            // mkdir's and open's modes pass through the umask; the modes are
            // set outright after, so that a umask of 0277 or 0777 gives
            // neither a read-only nor an unusable ledger.
            if mkdir(path, 0o700) == 0 {
                chmod(path, 0o700)
            } else {
                guard errno == EEXIST else { throw LMDBError(code: errno, call: "mkdir") }
                // An existing directory becomes private like a new one (0700), or the create says why not.
                if chmod(path, 0o700) != 0 {
                    let e = errno
                    throw LMDBError(
                        code: e, call: "chmod", hint: "\(path) exists and its mode cannot be set to 0700 (\(String(cString: strerror(e))))")
                }
            }
        }
        // Every file of the ledger is opened through its directory pinned by
        // a descriptor (`PinnedDirectory`): `haru compact` may swap another
        // directory in at the path at any moment, and LMDB's two opens must
        // reach the same one. Opened again when the directory moved during
        // the opens, so that a fresh open is of the ledger now at the path.
        var attempt = 0
        while true {
            attempt += 1
            let dir = try Environment.pin(path)
            // LMDB forbids opening one environment twice in a process: closing
            // the second would drop the first's locks. Refused before LMDB
            // opens a file (`openHere`).
            let identity = dir.identity
            if let identity, !Environment.openHere.withLock({ $0.insert(identity).inserted }) {
                throw LMDBError(
                    code: EBUSY, call: "open",
                    hint:
                        "\(path) is open in this process already; use the Ledger that is open (it is Sendable), or let it go before opening the ledger again"
                )
            }
            let opened: (handle: OpaquePointer, lockless: Bool)
            do {
                opened = try Environment.openFiles(
                    in: dir, path: path, create: create, durability: durability, readOnly: readOnly, mapSize: mapSize,
                    trustOwner: trustOwner)
            } catch let e where attempt < 8 && !dir.isStill(at: path) {
                _ = e  // swapped away (and its files removed) mid-open: the ledger now at the path is opened instead
                Environment.release(identity)
                continue
            } catch {
                Environment.release(identity)
                throw error
            }
            if attempt < 8 && !dir.isStill(at: path) {
                mdb_env_close(opened.handle)
                Environment.release(identity)
                continue
            }
            self.identity = identity
            (directory, env, lockless) = (dir, opened.handle, opened.lockless)
            break
        }
        files = directory.files
        self.readOnly = readOnly
        gate = readOnly ? nil : WriterGate(directory: files)
        gate?.prepare()
        try checkLength()
        // Clear reader slots left by processes that died mid-read, so they
        // do not pin old pages (and the file) forever.
        var dead: Int32 = 0
        mdb_reader_check(env, &dead)
        // Open the databases in a read transaction (no writer lock); a
        // writable open of a ledger that lacks one (made by an older
        // version) creates it in a write transaction.
        do {
            try openDatabases(names, create: create && !readOnly)
        } catch let e where e.code == MDB_NOTFOUND && !readOnly {
            try openDatabases(names, create: true)
        }
        // No close on failure here: every stored property is set once `env`
        // is, so a throw from this point still runs `deinit`, which closes
        // the handle (closing it here as well freed it twice).
    }

    /// The ledger's directory, pinned (`PinnedDirectory`).
    private static func pin(_ path: String) throws(LMDBError) -> PinnedDirectory {
        if let dir = PinnedDirectory(path) { return dir }
        if errno == EACCES {
            throw LMDBError(
                code: EACCES, call: "stat", hint: "permission denied: \(path) (or a directory above it) cannot be searched by this user")
        }
        throw LMDBError(code: ENOENT, call: "mdb_env_open")
    }

    /// Opens LMDB's files in the pinned directory `dir` (the ledger at `path`, which messages name).
    private static func openFiles(
        in dir: PinnedDirectory, path: String, create: Bool, durability: Durability, readOnly: Bool, mapSize: Int, trustOwner: Bool
    ) throws(LMDBError) -> (handle: OpaquePointer, lockless: Bool) {
        let files = dir.files
        try Environment.checkFiles(in: files, named: path)
        if !create && !trustOwner { try Environment.checkOwner(of: dir, named: path) }
        var st = stat()
        if stat(files + "/data.mdb", &st) != 0 && !create {
            let e = errno
            if e == EACCES {
                throw LMDBError(
                    code: EACCES, call: "stat", hint: "permission denied: \(path) (or a directory above it) cannot be searched by this user"
                )
            }
            throw LMDBError(code: ENOENT, call: "mdb_env_open")
        }
        try Environment.checkPageSize(in: files, named: path)
        var flags = UInt32(MDB_NOTLS)
        if durability == .relaxed { flags |= UInt32(MDB_NOSYNC) }
        if readOnly { flags |= UInt32(MDB_RDONLY) }
        if !readOnly { try Environment.reserveLockFile(in: files) }
        do {
            let handle = try Environment.open(files, flags: flags, mapSize: mapSize)
            if create {
                for name in ["data.mdb", "lock.mdb"] { chmod(files + "/" + name, 0o600) }
            }
            return (handle, false)
        } catch let e where readOnly && (e.code == EACCES || e.code == EROFS) {
            // A ledger this user may only read (its files or its disk read-only):
            // read it without LMDB's lock file, which a reader must write. Safe
            // when nothing writes meanwhile, which is the case nearly always
            // (nobody here can); a writer elsewhere could change pages under
            // the read, so the command says so (`lockless`).
            return (try Environment.open(files, flags: flags | UInt32(MDB_NOLOCK), mapSize: mapSize), true)
        } catch let e where !readOnly && (e.code == EACCES || e.code == EROFS) {
            throw LMDBError(
                code: e.code, call: e.call,
                hint:
                    "the ledger at \(path) is read-only for this user (\(e.code == EROFS ? "a read-only file system" : "its files' permissions")): queries answer, appends cannot"
            )
        }
    }

    /// LMDB takes the page size from the first meta page (the 4 bytes at
    /// offset 40 of `data.mdb`) unchecked and divides by it: a 0 there (one
    /// flipped byte) ended every command with SIGFPE and no message. Any
    /// value LMDB could have written is a power of two from 512 to 65,536.
    static func checkPageSize(in files: String, named path: String) throws(LMDBError) {
        let fd = Glibc.open(files + "/data.mdb", O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return }  // not there yet (a new ledger), or LMDB's open says why
        defer { close(fd) }
        var field: UInt32 = 0
        guard pread(fd, &field, 4, 40) == 4 else { return }  // shorter: LMDB's own checks refuse it
        let size = UInt32(littleEndian: field)
        guard size < 512 || size > 65536 || size & (size - 1) != 0 else { return }
        throw LMDBError.damaged(
            "\(path)/data.mdb's first meta page gives a page size of \(size) bytes (LMDB writes a power of two from 512 to 65,536): "
                + "its meta page is damaged. Nothing was read from it; restore it from a copy, or from an export "
                + "(`haru import jsonl FILE` with --ledger at a new path)"
        )
    }

    /// A data file shorter than the last page its meta page names was cut
    /// (a copy that stopped early, a full disk under another tool): LMDB
    /// would map past its end and every read there would end the process
    /// with SIGBUS. Refused at open, naming both lengths.
    private func checkLength() throws(LMDBError) {
        var info = MDB_envinfo()
        var st = MDB_stat()
        var file = stat()
        var fd: Int32 = -1
        guard mdb_env_info(env, &info) == MDB_SUCCESS, mdb_env_stat(env, &st) == MDB_SUCCESS,
            mdb_env_get_fd(env, &fd) == MDB_SUCCESS, fstat(fd, &file) == 0
        else { return }
        // The page number comes from the meta page, unchecked by LMDB: a
        // changed byte there can make it any 64-bit number.
        let (pages, o1) = UInt64(info.me_last_pgno).addingReportingOverflow(1)
        let (needed, o2) = pages.multipliedReportingOverflow(by: UInt64(st.ms_psize))
        if o1 || o2 || needed > UInt64(Int64.max) {
            throw LMDBError.damaged(
                "\(path)/data.mdb names page \(info.me_last_pgno) as its last, past the end of any file: its meta page is damaged. "
                    + "Nothing was read from it; restore it from a copy, or from an export (`haru import jsonl FILE` with --ledger at a new path)"
            )
        }
        guard UInt64(max(0, file.st_size)) < needed else { return }
        throw LMDBError.damaged(
            "\(path)/data.mdb is \(file.st_size) bytes but its last page ends at byte \(needed): the file was cut short (or its meta page is damaged). "
                + "Nothing was read from it; restore it from a copy, or from an export (`haru import jsonl FILE` with --ledger at a new path)"
        )
    }

    deinit {
        if !readOnly { mdb_env_sync(env, 1) }
        mdb_env_close(env)
        Environment.release(identity)
    }

    /// The directories this process has an environment open in, by identity.
    private static let openHere = Mutex<Set<[UInt64]>>([])
    /// The identity of this one's (nil: unknown, not registered).
    private let identity: [UInt64]?

    private static func release(_ identity: [UInt64]?) {
        if let identity { _ = openHere.withLock { $0.remove(identity) } }
    }

    /// A configured, opened LMDB handle; closed again when opening fails.
    private static func open(_ path: String, flags: UInt32, mapSize: Int) throws(LMDBError) -> OpaquePointer {
        var handle: OpaquePointer?
        try check(mdb_env_create(&handle), "mdb_env_create")
        let env = handle!
        do {
            // The log's databases, the projection set in use and the one a
            // rebuild writes beside it, with room for a long-lived process
            // that sees several rebuilds (each opens a new set).
            try check(mdb_env_set_maxdbs(env, 64), "mdb_env_set_maxdbs")
            try check(mdb_env_set_mapsize(env, mapSize), "mdb_env_set_mapsize")
            try check(mdb_env_open(env, path, flags, 0o600), "mdb_env_open")
        } catch {
            mdb_env_close(env)
            throw error
        }
        return env
    }

    /// LMDB maps `lock.mdb` and writes its reader table through the map. A
    /// lock file it makes is sized with `ftruncate`, which gives its pages no
    /// blocks: on a full disk the first write through the map ended the
    /// process with SIGBUS ("haru stopped on a bus error … the data file is
    /// probably damaged", at `init` or an import into a new ledger, leaving
    /// `PATH.partial-PID`). A missing lock file is made here with its blocks
    /// allocated, at the size LMDB gives it for its default 126 readers
    /// (8,192 bytes, which it then takes as it is), so that a full disk is an
    /// error (ENOSPC) before anything is mapped.
    static func reserveLockFile(in path: String) throws(LMDBError) {
        let file = path + "/lock.mdb"
        var st = stat()
        guard lstat(file, &st) != 0 else { return }  // there already: its pages were written when it was made
        let fd = Glibc.open(file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            if errno == EEXIST { return }  // another process made it meanwhile
            // A directory this user may not write: LMDB's own open says so in its words.
            if errno == EACCES || errno == EROFS { return }
            throw LMDBError(code: errno, call: "open lock.mdb")
        }
        defer { close(fd) }
        let r = posix_fallocate(fd, 0, 8192)
        guard r == 0 else {
            unlink(file)
            throw LMDBError(code: r, call: "posix_fallocate lock.mdb")
        }
    }

    /// The ledger's two files must be regular files in its directory:
    /// LMDB would follow a symbolic link and write a whole environment (or
    /// its lock header) into whatever file it names, and a FIFO would hang
    /// every open. What is not there yet is fine (a new ledger).
    static func checkFiles(in files: String, named path: String) throws(LMDBError) {
        for name in ["data.mdb", "lock.mdb"] {
            var st = stat()
            guard lstat(files + "/" + name, &st) == 0 else { continue }
            let type = st.st_mode & S_IFMT
            guard type != S_IFREG else { continue }
            let what =
                type == S_IFLNK ? "a symbolic link" : type == S_IFIFO ? "a FIFO" : type == S_IFDIR ? "a directory" : "not a regular file"
            throw LMDBError(
                code: EINVAL, call: "open",
                hint: "\(path)/\(name) is \(what); a ledger's files must be regular files in its directory (haru follows no link out of it)"
            )
        }
    }

    /// A ledger directory another user owns is refused unless the caller
    /// says it means it (`trustOwner`), as git refuses a repository of
    /// dubious ownership: a command run as this user would leave files there
    /// (the head record, a grown lock file) that the owner may not be able
    /// to write, and the content is the other user's to shape. A directory
    /// that cannot be looked at is left to the open to report.
    static func checkOwner(of dir: PinnedDirectory, named path: String) throws(LMDBError) {
        var st = stat()
        guard fstat(dir.fd, &st) == 0, st.st_uid != geteuid() else { return }
        let owner = getpwuid(st.st_uid).map { String(cString: $0.pointee.pw_name) + " (uid \(st.st_uid))" } ?? "uid \(st.st_uid)"
        let me = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? "uid \(geteuid())"
        throw LMDBError.refused(
            code: EPERM,
            "the ledger at \(path) belongs to \(owner), not to \(me): run haru as its owner, or pass --trust-owner if you mean to use it as \(me)"
        )
    }

    private func openDatabases(_ names: [String], create: Bool) throws(LMDBError) {
        guard let handles = try open(names, create: create) else {
            throw LMDBError(
                code: MDB_NOTFOUND, call: "mdb_dbi_open",
                hint: "the ledger lacks a database (an older haru made it); `haru rebuild` adds it")
        }
        for (name, db) in zip(names, handles) { databases[name] = db.dbi }
    }

    /// Opens named databases after `init` (creating them if asked), in a
    /// transaction of its own that commits, so that the handles stay valid
    /// in every later transaction. The ledger opens its projection databases
    /// so: their names depend on what it reads first (Docs/design.md,
    /// "Projections are rebuilt beside the old ones"). Not to be called
    /// while another thread of this process opens databases (LMDB's rule).
    /// - Returns: nil when one is missing and `create` is false.
    @_spi(Layers) public func open(_ names: [String], create: Bool) throws(LMDBError) -> [Database<RawKeys>]? {
        var txn: OpaquePointer?
        try beginTxn(&txn, flags: create ? 0 : UInt32(MDB_RDONLY))
        var handles: [Database<RawKeys>] = []
        for name in names {
            var dbi: MDB_dbi = 0
            let rc = mdb_dbi_open(txn, name, create ? UInt32(MDB_CREATE) : 0, &dbi)
            if rc == MDB_NOTFOUND && !create {
                mdb_txn_abort(txn)
                return nil
            }
            if rc != MDB_SUCCESS {
                mdb_txn_abort(txn)
                throw LMDBError(code: rc, call: "mdb_dbi_open(\(name))")
            }
            handles.append(Database(dbi: dbi))
        }
        try check(mdb_txn_commit(txn), "mdb_txn_commit")
        return handles
    }

    /// Begins a transaction, adopting a map size that another process grew.
    private func beginTxn(_ txn: inout OpaquePointer?, flags: UInt32) throws(LMDBError) {
        for _ in 0..<3 {
            let rc = mdb_txn_begin(env, nil, flags, &txn)
            if rc == MDB_MAP_RESIZED {
                try check(mdb_env_set_mapsize(env, 0), "mdb_env_set_mapsize")
                continue
            }
            try check(rc, "mdb_txn_begin")
            return
        }
        throw LMDBError(code: MDB_MAP_RESIZED, call: "mdb_txn_begin")
    }

    /// The database handle for `name`, one of those opened at init.
    @_spi(Layers) public func database<Keys: KeyCodec>(_ name: String, keys: Keys.Type = RawKeys.self) throws(LMDBError) -> Database<Keys> {
        guard let dbi = databases[name] else {
            throw LMDBError(code: MDB_NOTFOUND, call: "database(\(name))", hint: "the environment was opened without it")
        }
        return Database<Keys>(dbi: dbi)
    }

    /// Runs `body` in a read-only snapshot.
    @_spi(Layers) public func read<T>(_ body: (ReadTransaction) throws -> T) throws -> T {
        var txn: OpaquePointer?
        try beginTxn(&txn, flags: UInt32(MDB_RDONLY))
        defer { mdb_txn_abort(txn) }
        return try body(ReadTransaction(txn: txn!))
    }

    /// Runs `body` in the single write transaction and commits when it
    /// returns. When the map fills, the transaction is aborted, the map is
    /// doubled and `body` runs again (at most 8 times), so `body` must not
    /// have effects outside the transaction.
    @_spi(Layers) public func write<T>(_ body: (WriteTransaction) throws -> T) throws -> T {
        try write(body, afterCommit: { _ in })
    }

    /// The same; `afterCommit` runs once the commit is made, still holding
    /// the write lock (so that what it records follows the commits in order).
    /// It cannot fail the write: the commit happened.
    @_spi(Layers) public func write<T>(_ body: (WriteTransaction) throws -> T, afterCommit: (T) -> Void) throws -> T {
        try gate?.enter(writeWait)
        defer { gate?.leave() }
        try checkStillInPlace()
        var attempts = 0
        while true {
            attempts += 1
            var txn: OpaquePointer?
            try beginTxn(&txn, flags: 0)
            do {
                let result = try body(WriteTransaction(txn: txn!))
                let rc = mdb_txn_commit(txn)
                txn = nil  // freed by mdb_txn_commit, whatever it returned
                try check(rc, "mdb_txn_commit")
                afterCommit(result)
                return result
            } catch let e as LMDBError where e.isMapFull && attempts < 8 {
                if txn != nil { mdb_txn_abort(txn) }
                try growMap()
            } catch let e as LMDBError where e.code == EIO || e.code == ENOSPC {
                // LMDB turns a short write into EIO: when the disk has no room
                // left, say that rather than "Input/output error".
                if txn != nil { mdb_txn_abort(txn) }
                guard let free = freeBytes(), free < 1 << 20 else { throw e }
                throw LMDBError(
                    code: ENOSPC, call: e.call,
                    hint:
                        "the disk holding \(path) is full (\(free / 1024) KiB free); nothing of this write was committed: free some space and run it again"
                )
            } catch {
                if txn != nil { mdb_txn_abort(txn) }
                throw error
            }
        }
    }

    /// Runs `body` holding the writers' queue (`WriterGate`): no haru writer
    /// of any process writes meanwhile (`haru compact` in place copies and
    /// swaps the ledger under it).
    /// - Throws: `LMDBError` when the queue cannot be held here (no record
    ///   locks on this file system, or a read-only ledger).
    @_spi(Layers) public func withWritersHeld<T>(_ body: () throws -> T) throws -> T {
        guard let gate, gate.available else {
            throw LMDBError(
                code: ENOLCK, call: "write lock", hint: "the ledger's writers cannot be held off here (no record locks on its file system)")
        }
        try gate.enter(writeWait)
        defer { gate.leave() }
        try checkStillInPlace()
        return try body()
    }

    /// Refuses to write into a ledger that `haru compact` has replaced at its
    /// path while this process had it open (waiting in the writers' queue):
    /// its files are no longer the ledger. Asked holding the queue, which
    /// `compact` holds across its swap: a writer that passes it commits
    /// before the swap, into the ledger that `compact` then copies.
    private func checkStillInPlace() throws(LMDBError) {
        if !directory.isStill(at: path) {
            throw LMDBError(
                code: ESTALE, call: "write",
                hint:
                    "the ledger at \(path) was compacted in place (`haru compact`) while this command had it open; nothing was written: run it again"
                    + " (a program: its directory was replaced, moved or renamed since it was opened — a ledger built by"
                    + " `Ledger.createBeside` is at its final path once built: open it there)"
            )
        }
    }

    /// The bytes an unprivileged process may still write on the ledger's file system.
    private func freeBytes() -> UInt64? {
        var st = statvfs()
        guard statvfs(path, &st) == 0 else { return nil }
        return UInt64(st.f_bavail) * UInt64(st.f_frsize)
    }

    private func growMap() throws(LMDBError) {
        var info = MDB_envinfo()
        try check(mdb_env_info(env, &info), "mdb_env_info")
        try check(mdb_env_set_mapsize(env, info.me_mapsize * 2), "mdb_env_set_mapsize")
    }

    /// Drops the file pages this process has read from its memory map; the
    /// OS keeps them in its page cache. Full scans (replay, verify, rebuild)
    /// call it as they go, so that their resident memory is what they build,
    /// not the part of the ledger file they have read (at 1.1 M events the
    /// file is 340 MB). Safe at any time: the map is shared and read-only (no
    /// MDB_WRITEMAP; a write transaction keeps its dirty pages in its own
    /// memory), so a page read again is faulted back in, unchanged, from the
    /// page cache, even under a pointer LMDB handed out earlier.
    @_spi(Layers) public func releaseReadPages() {
        for region in fileMapping() { region.release() }
    }

    /// Where the data file is mapped. LMDB does not tell (`me_mapaddr` is
    /// set only for MDB_FIXEDMAP), so it is found in /proc/self/maps by the
    /// file's inode. The map moves only when this process grows it or adopts
    /// a size another grew, both between transactions: a scan may keep it.
    func fileMapping() -> [MappedRegions.Region] {
        var fd: Int32 = -1
        var st = stat()
        guard mdb_env_get_fd(env, &fd) == MDB_SUCCESS, fstat(fd, &st) == 0 else { return [] }
        return MappedRegions.read().filter { $0.inode == UInt64(st.st_ino) && $0.sharedReadOnly }
    }

    /// Counts the file pages a full scan reads and drops them every
    /// `every` pages (`releaseReadPages`): a bound on how much of the file a
    /// scan keeps resident. Pages, not bytes: a B-tree filled by random
    /// inserts (the state) has half-empty pages, so a scan touches twice the
    /// file its entries take.
    @_spi(Layers) public struct ReadBudget {
        let regions: [MappedRegions.Region]
        @usableFromInline let every: Int
        @usableFromInline var pages = 0
        @usableFromInline var lastPage: UInt = 0

        @_spi(Layers) public init(_ environment: Environment, everyPages: Int = 256) {
            self.regions = environment.fileMapping()
            self.every = everyPages
        }

        /// Notes an entry read: its value's page (keys share it), and the pages of a long value.
        /// Inlinable: every scan of the engine calls it per entry.
        @inlinable @inline(__always)
        @_spi(Layers) public mutating func spend(_ value: UnsafeRawBufferPointer) {
            let page = UInt(bitPattern: value.baseAddress) >> 12
            if page != lastPage {
                pages += 1 + value.count >> 12
                lastPage = page
            }
            if pages >= every { releaseAll() }
        }

        /// Drops the pages read so far (see `releaseReadPages`).
        @usableFromInline
        mutating func releaseAll() {
            for r in regions { r.release() }
            pages = 0
        }
    }

    /// Forces buffered commits to disk (for `.relaxed`).
    @_spi(Layers) public func sync() throws(LMDBError) { try check(mdb_env_sync(env, 1), "mdb_env_sync") }

    /// Runs `body` with commits not synced (`MDB_NOSYNC`, as `.relaxed`):
    /// for writes the caller syncs once at the end (`sync()`), into an
    /// environment no other process has open (LMDB's flags are per process).
    @_spi(Layers) public func withCommitsUnsynced<T>(_ body: () throws -> T) throws -> T {
        guard durability == .durable else { return try body() }
        try check(mdb_env_set_flags(env, UInt32(MDB_NOSYNC), 1), "mdb_env_set_flags")
        defer { mdb_env_set_flags(env, UInt32(MDB_NOSYNC), 0) }
        return try body()
    }

    /// Grows the map (outside any transaction of this process) until
    /// `bytes` of it lie beyond the pages in use: a write that must not
    /// start over (`write` retries its body when the map fills) makes room first.
    @_spi(Layers) public func makeRoom(bytes: Int) throws(LMDBError) {
        var info = MDB_envinfo()
        var stat = MDB_stat()
        try check(mdb_env_info(env, &info), "mdb_env_info")
        try check(mdb_env_stat(env, &stat), "mdb_env_stat")
        let used = (Int(info.me_last_pgno) + 1) * Int(stat.ms_psize)
        guard info.me_mapsize - used < bytes else { return }
        var size = info.me_mapsize
        while size - used < bytes { size *= 2 }
        try check(mdb_env_set_mapsize(env, size), "mdb_env_set_mapsize")
    }

    /// Current map size in bytes.
    @_spi(Layers) public var mapSize: Int {
        var info = MDB_envinfo()
        mdb_env_info(env, &info)
        return info.me_mapsize
    }
}

/// A named database inside an environment, bound to the codec of its keys:
/// `Database<SeqKey>` takes seqs, and a key of another database's kind does
/// not compile. `raw` is the same database for code that handles any
/// database's entries as bytes (verify and rebuild compare them so).
@_spi(Layers) public struct Database<Keys: KeyCodec>: Sendable {
    @usableFromInline let dbi: MDB_dbi
    /// Where puts and deletes through this handle note what they replace (`recording(into:)`).
    @usableFromInline let undo: UndoRecorder?

    @inlinable init(dbi: MDB_dbi, undo: UndoRecorder? = nil) { (self.dbi, self.undo) = (dbi, undo) }

    /// The same database, its keys as bytes.
    @_spi(Layers) public var raw: Database<RawKeys> { Database<RawKeys>(dbi: dbi, undo: undo) }

    /// The same database, its keys through `codec` (for a database opened by name at run time).
    @_spi(Layers) public func keyed<Codec: KeyCodec>(_ codec: Codec.Type) -> Database<Codec> { Database<Codec>(dbi: dbi, undo: undo) }

    /// LMDB's handle of the database (the same for every handle of it).
    @_spi(Layers) public var handle: UInt32 { dbi }
}

/// How a database's keys become the bytes LMDB sorts.
@_spi(Layers) public protocol KeyCodec {
    associatedtype Key
    static func bytes(_ key: Key) -> [UInt8]
}

/// Keys given as their bytes (databases of several key families, and code
/// that handles any database as bytes).
@_spi(Layers) public enum RawKeys: KeyCodec {
    @inlinable @_spi(Layers) public static func bytes(_ key: [UInt8]) -> [UInt8] { key }
}
