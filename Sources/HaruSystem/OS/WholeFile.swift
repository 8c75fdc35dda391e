/// Files written whole or not at all: what a sync writes into a folder that
/// another program (Syncthing, Dropbox …) copies to other machines. It must
/// never see half a file, so the bytes go to a hidden temporary name first,
/// are synced, and are renamed into place (a rename is one step).

#if canImport(Glibc)
    import Glibc
#endif

package enum WholeFile {
    /// Writes `bytes` to `path` whole: through `.<name>.tmp-<pid>` beside it,
    /// fsynced, renamed, and the directory fsynced.
    /// - Returns: nil, or what failed with its errno text.
    package static func write(_ bytes: [UInt8], to path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let tmp = dir + "/." + name + ".tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return "cannot create \(tmp): \(errorText(errno))" }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                close(fd)
                unlink(tmp)
                return "cannot write \(tmp): \(errorText(e))"
            }
            written += n
        }
        if fsync(fd) != 0 {
            let e = errno
            close(fd)
            unlink(tmp)
            return "cannot sync \(tmp): \(errorText(e))"
        }
        close(fd)
        guard rename(tmp, path) == 0 else {
            let e = errno
            unlink(tmp)
            return "cannot rename \(tmp) to \(path): \(errorText(e))"
        }
        _ = DirectorySwap.sync(dir)
        return nil
    }

    /// Makes the directory `path` (and its parents) unless it exists.
    /// - Returns: nil, or what failed.
    package static func makeDirectory(_ path: String) -> String? {
        if isDirectory(path) { return nil }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            if let why = makeDirectory(String(path[..<slash])) { return why }
        }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { return "cannot make the folder \(path): \(errorText(errno))" }
        return nil
    }

    /// Whether `path` is a directory (following links: a synced folder may be one).
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` itself is a directory, not a link to one (`lstat`): a
    /// sync reads and writes nothing that a link in its folder points to.
    package static func isRealDirectory(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Removes a file; quietly does nothing when it is not there.
    package static func remove(_ path: String) { unlink(path) }

    private static func errorText(_ e: Int32) -> String { String(cString: strerror(e)) }
}
