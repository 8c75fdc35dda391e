@_spi(Layers) import HaruSystem

#if canImport(Glibc)
    import Glibc
#endif

/// How long a writer waits for another one, and whom it tells.
public struct WriteWait {
    /// Give up after this many seconds (nil: wait as long as it takes).
    public var limit: Double?
    /// Called once after a second of waiting, with the process that holds the lock.
    public var waiting: (Int32) -> Void

    public init(limit: Double? = nil, waiting: @escaping (Int32) -> Void = { _ in }) {
        (self.limit, self.waiting) = (limit, waiting)
    }
}

/// A queue in front of LMDB's write lock that can say who is ahead.
///
/// LMDB serialises writers with a mutex in `lock.mdb` that cannot be waited
/// on with a limit and does not name its holder: a writer behind a stopped
/// one waited silently forever. Every haru writer first takes a POSIX record
/// lock on one byte of `lock.mdb` far past its end (LMDB itself locks byte 0
/// only), without blocking; while another process holds it, it retries every
/// 50 ms, names that process (`F_GETLK`) after a second, and gives up after
/// `WriteWait.limit`. The lock goes with its holder: a killed writer frees it.
///
/// The descriptor stays open as long as the environment: POSIX record locks
/// of a process on a file all go when any of its descriptors on that file is
/// closed, LMDB's included.
final class WriterGate {
    private let path: String
    /// Opened by `prepare`, once LMDB has made `lock.mdb` (the environment's
    /// init, before it is shared); -1 when it cannot be: LMDB's lock alone then.
    private var fd: Int32 = -1
    private static let offset: off_t = 1 << 40

    init(directory: String) { path = directory + "/lock.mdb" }

    deinit { if fd >= 0 { close(fd) } }

    func prepare() { fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK) }

    /// Whether the gate can be held (its descriptor opened).
    var available: Bool { fd >= 0 }

    private func lock(_ type: Int32, _ cmd: Int32) -> (ok: Bool, holder: Int32) {
        var l = flock()
        l.l_type = Int16(type)
        l.l_whence = Int16(SEEK_SET)
        l.l_start = WriterGate.offset
        l.l_len = 1
        let rc = fcntl(fd, cmd, &l)
        return (rc == 0, l.l_pid)
    }

    /// Takes the gate, waiting as `wait` says.
    /// - Throws: `LMDBError` (EBUSY) naming the holder once the limit is reached.
    func enter(_ wait: WriteWait) throws(LMDBError) {
        guard fd >= 0 else { return }
        var rounds = 0
        var told = false
        while true {
            if lock(Int32(F_WRLCK), F_SETLK).ok { return }
            guard errno == EAGAIN || errno == EACCES || errno == EINTR else { return }  // no record locks here: LMDB's lock alone
            var probe = flock()
            probe.l_type = Int16(F_WRLCK)
            probe.l_whence = Int16(SEEK_SET)
            probe.l_start = WriterGate.offset
            probe.l_len = 1
            let holder: Int32 = fcntl(fd, F_GETLK, &probe) == 0 && probe.l_type != Int16(F_UNLCK) ? probe.l_pid : 0
            let waited = Double(rounds) * 0.05
            if !told && waited >= 1 {
                told = true
                wait.waiting(holder)
            }
            if let limit = wait.limit, waited >= limit {
                throw LMDBError(
                    code: EBUSY, call: "write lock",
                    hint:
                        "another process (\(holder)) holds the ledger's write lock; gave up after \(Int(limit)) s (--wait); nothing was written"
                )
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            nanosleep(&pause, nil)
            rounds += 1
        }
    }

    func leave() { if fd >= 0 { _ = lock(Int32(F_UNLCK), F_SETLK) } }
}
