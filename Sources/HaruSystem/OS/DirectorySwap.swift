import CFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Directories replaced whole: the one step that lets `haru compact` put a
/// new ledger where the old one was without a moment where neither is there.
package enum DirectorySwap {
    /// Swaps the entries `a` and `b` (both must exist) in one step
    /// (`renameat2(RENAME_EXCHANGE)`): a kill or a crash leaves the two
    /// names as they were or exchanged, never one missing.
    /// - Returns: 0, or the errno (EINVAL or ENOSYS where the file system or
    ///   the kernel cannot exchange).
    package static func exchange(_ a: String, _ b: String) -> Int32 {
        haru_rename_exchange(a, b) == 0 ? 0 : errno
    }

    /// fsyncs a directory, so that the entries made in it are durable.
    /// - Returns: 0, or the errno.
    package static func sync(_ dir: String) -> Int32 {
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return fsync(fd) == 0 ? 0 : errno
    }
}
