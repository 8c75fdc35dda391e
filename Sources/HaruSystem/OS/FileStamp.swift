#if canImport(Glibc)
    import Glibc
#endif

/// What a directory entry is, its size and when it last changed, read
/// without following a link: a sync reads a file again when its stamp moves
/// (a file a sync tool delivers in pieces grows; one rewritten in place gets
/// a new modification time), and reads nothing a link points to.
package struct FileStamp: Equatable, Sendable {
    package var size: Int64
    /// Modification time, ns since the epoch.
    package var modified: Int64
    /// A regular file (not a link, FIFO, device or directory).
    package var regular: Bool

    package init(size: Int64, modified: Int64, regular: Bool) { (self.size, self.modified, self.regular) = (size, modified, regular) }

    /// The entry at `path` (`lstat`); nil when there is none.
    package static func of(_ path: String) -> FileStamp? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return FileStamp(
            size: Int64(st.st_size), modified: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
            regular: (st.st_mode & S_IFMT) == S_IFREG)
    }
}
