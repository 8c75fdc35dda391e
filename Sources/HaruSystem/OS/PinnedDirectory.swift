import CFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A directory held by a descriptor, so that every file opened in it comes
/// from that one directory even if another directory is put at its path
/// meanwhile.
///
/// `haru compact` in place swaps the ledger's directory with a compacted
/// copy. LMDB opens `lock.mdb` and `data.mdb` by path, one after the other:
/// a swap between the two opens gave a process the old lock file (with its
/// transaction ids and writer mutex) and the new data file, and its next
/// commit overwrote another process's (issue 40). Opened through `files`,
/// `/proc/self/fd/N` — a link the kernel resolves to the directory the
/// descriptor holds, not to a name — both of LMDB's opens, the writers'
/// queue and the head record all reach the same directory, whatever is
/// renamed around them. Whether that directory is still the one at the path
/// is a separate question (`isStill(at:)`), asked after the opens and before
/// every write.
package final class PinnedDirectory: @unchecked Sendable {
    // @unchecked: the descriptor and the strings are set once in init and only read.
    /// The descriptor (O_RDONLY | O_DIRECTORY), closed in deinit.
    package let fd: Int32
    /// The path to open the directory's files through: `/proc/self/fd/N`,
    /// or the path itself where /proc does not resolve it (no /proc mounted),
    /// which gives the old behaviour and nothing worse.
    package let files: String
    /// Whether `files` goes through the descriptor.
    package let pinned: Bool

    /// Opens `path`, a directory.
    /// - Returns: nil, with errno set, when it cannot be opened.
    package init?(_ path: String) {
        var fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        // A directory this user may search but not list: O_PATH still pins it.
        if fd < 0 && errno == EACCES { fd = open(path, haru_o_path() | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        self.fd = fd
        let link = "/proc/self/fd/\(fd)"
        var held = stat()
        var through = stat()
        if fstat(fd, &held) == 0, stat(link, &through) == 0, held.st_ino == through.st_ino, held.st_dev == through.st_dev {
            (files, pinned) = (link, true)
        } else {
            (files, pinned) = (path, false)
        }
    }

    deinit { close(fd) }

    /// The directory's inode number: which directory this is on its file
    /// system. A copy of the directory (`cp -a`, a restored backup, rsync to
    /// another machine) is another directory with another number; a rename
    /// keeps it. Not the device number, which a disk may change between mounts.
    package var inode: UInt64? {
        var st = stat()
        return fstat(fd, &st) == 0 ? UInt64(st.st_ino) : nil
    }

    /// Which directory this is on this machine (device and inode numbers):
    /// what tells two opens of one directory apart from two directories.
    package var identity: [UInt64]? {
        var st = stat()
        return fstat(fd, &st) == 0 ? [UInt64(st.st_dev), UInt64(st.st_ino)] : nil
    }

    /// Whether the directory at `path` is this one: false when another is
    /// there (swapped in by `haru compact`) or none is; true when it is, or
    /// when the path cannot be looked at (nothing says it moved).
    package func isStill(at path: String) -> Bool {
        var held = stat()
        var there = stat()
        guard fstat(fd, &held) == 0 else { return true }
        guard stat(path, &there) == 0 else { return errno != ENOENT && errno != ENOTDIR }
        return held.st_ino == there.st_ino && held.st_dev == there.st_dev
    }
}
