/// Tells when named files in a directory are written, by this process or
/// any other on the machine: Linux's inotify, read through a Dispatch source
/// (the kernel wakes it; nothing polls).
///
/// What a ledger's observers stand on (`Ledger.commits()`): every commit
/// writes the ledger's `head` record, so a write to it is a commit.

import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Watching could not start: the system call and why.
public struct WatchError: HaruError, Sendable {
    public var call: String
    public var errno: Int32
    public var exitStatus: ExitStatus { .cannotOpen }
    public var description: String {
        "changes cannot be watched (\(call): \(String(cString: strerror(errno))))"
            + (errno == ENOSPC ? "; the system's inotify watches are used up (fs.inotify.max_user_watches)" : "")
    }
}

@_spi(Layers) public final class DirectoryWatch: @unchecked Sendable {
    // The source's handlers run on `queue` only; `cancel` is safe from any thread.
    private let source: DispatchSourceRead
    private let queue: DispatchQueue

    /// Starts watching; `onChange` runs on a queue of the watch's own, once
    /// for every burst of writes to any of `names` (the events queued when
    /// it wakes are read together).
    /// - Throws: `WatchError` when inotify cannot be had (no watches left:
    ///   `fs.inotify.max_user_watches`) or the directory is not there.
    @_spi(Layers) public init(directory: String, names: Set<String>, onChange: @escaping @Sendable () -> Void) throws(WatchError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw WatchError(call: "inotify_init1", errno: errno) }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            let e = errno
            close(fd)
            throw WatchError(call: "inotify_add_watch(\(directory))", errno: e)
        }
        queue = DispatchQueue(label: "haru.watch")
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler {
            if DirectoryWatch.drain(fd, names: names) { onChange() }
        }
        source.setCancelHandler { close(fd) }
        source.resume()
    }

    /// Stops watching (no `onChange` starts after it returns to the queue).
    @_spi(Layers) public func cancel() { source.cancel() }

    deinit { source.cancel() }

    /// Reads every queued event; whether one names a file of `names`.
    private static func drain(_ fd: Int32, names: Set<String>) -> Bool {
        var hit = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return hit }
            buffer.withUnsafeBytes { b in
                var at = 0
                // struct inotify_event: wd (4), mask (4), cookie (4), len (4), name (len, NUL-padded).
                while at + 16 <= n {
                    let len = Int(b.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self))
                    let raw = b[(at + 16)..<min(n, at + 16 + len)]
                    let name = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    if names.contains(name) { hit = true }
                    at += 16 + len
                }
            }
        }
    }
}
