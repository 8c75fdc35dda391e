/// The ledger's head as the open pages know it: the server's watch on the
/// ledger (`Ledger.commits()`, which tells of commits by any process) sets
/// it, and every page's event stream waits on it. A thread per stream waits
/// here, not on the kernel: one watch serves every page.

#if canImport(Glibc)
    import Glibc
#endif

public final class CommitHub: @unchecked Sendable {
    // @unchecked: `seq` and `closed` are read and written only between
    // `pthread_mutex_lock(lock)` and its unlock.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var seq: UInt64
    private var closed = false

    public init(seq: UInt64) {
        self.seq = seq
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        changed.deallocate()
    }

    /// The head after a commit; wakes every stream when it moved.
    public func publish(_ new: UInt64) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard new != seq else { return }
        seq = new
        pthread_cond_broadcast(changed)
    }

    /// Ends every stream (the server stops).
    public func close() {
        pthread_mutex_lock(lock)
        closed = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    public var current: UInt64 {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return seq
    }

    public enum Wait: Equatable { case changed(UInt64), quiet, closed }

    /// Waits until the head is not `known`, the hub closes, or `seconds` pass.
    public func wait(after known: UInt64, seconds: Int) -> Wait {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += seconds
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while !closed && seq == known {
            if pthread_cond_timedwait(changed, lock, &deadline) == ETIMEDOUT { break }
        }
        if closed { return .closed }
        return seq == known ? .quiet : .changed(seq)
    }
}

/// One page's stream of server-sent events: `hello` with the head at once,
/// then `commit` with the new head after each burst of commits, and a
/// comment every 15 s so that proxies and the browser keep it open (and a
/// client that went away is noticed when the write fails).
public final class EventFeed: @unchecked Sendable {
    // @unchecked: used by the one connection thread that reads it.
    private let hub: CommitHub
    private var known: UInt64?
    private var pending: [UInt8] = []

    init(hub: CommitHub) { self.hub = hub }

    /// The next bytes to send, waiting for them; nil ends the stream.
    func next() -> [UInt8]? {
        guard let k = known else {
            let seq = hub.current
            known = seq
            return Array("retry: 2000\nevent: hello\ndata: \(seq)\n\n".utf8)
        }
        switch hub.wait(after: k, seconds: 15) {
        case .closed: return nil
        case .quiet: return Array(": still here\n\n".utf8)
        case .changed(let seq):
            known = seq
            return Array("event: commit\ndata: \(seq)\n\n".utf8)
        }
    }

    /// Copies what is due into `buffer` (at most `max` bytes); -1 ends the stream.
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        if pending.isEmpty {
            guard let bytes = next() else { return -1 }
            pending = bytes
        }
        let n = min(max, pending.count)
        pending.withUnsafeBytes { src in
            UnsafeMutableRawPointer(buffer).copyMemory(from: src.baseAddress!, byteCount: n)
        }
        pending.removeFirst(n)
        return n
    }
}
