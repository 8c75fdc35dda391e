import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

/// A file written whole or not at all: the text goes to a temporary file
/// beside it, which is synced and renamed over the name only once every
/// write succeeded. A full disk or a kill mid-export leaves the old file (or
/// none), never a truncated one that looks complete.
final class OutputFile {
    let path: String
    private let temporary: String
    let stream: OutputStream
    private let fd: Int32

    /// - Throws: `FileError` when the file cannot be created.
    init(_ path: String) throws {
        self.path = path
        temporary = path + ".partial-\(getpid())"
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileError(path: path, errno: errno, doing: "create") }
        stream = OutputStream(fd: fd)
    }

    private var closed = false

    /// Flushes, syncs and renames into place; on any failure removes the temporary file.
    func commit() throws {
        try finish()
        try publish()
    }

    /// Flushes and syncs the temporary file (several files are finished
    /// first and published together, so that a failure leaves none renamed).
    func finish() throws {
        stream.flush()
        var failed = stream.failure
        if failed == nil, fsync(fd) != 0 { failed = errno }
        close(fd)
        closed = true
        if let e = failed {
            unlink(temporary)
            throw FileError(path: path, errno: e, doing: "write")
        }
    }

    /// Renames the finished file into place.
    func publish() throws {
        if rename(temporary, path) != 0 {
            let e = errno
            unlink(temporary)
            throw FileError(path: path, errno: e, doing: "write")
        }
    }

    /// Writes `text` as the whole of `path` (a page of `report --html`,
    /// `timetable --html`): all of it, or the old file as it was.
    static func writeWhole(_ path: String, _ text: String) throws {
        let file = try OutputFile(path)
        file.stream.write(text)
        try file.commit()
    }

    /// Removes the temporary file (the command failed before publishing).
    func abandon() {
        if !closed { close(fd) }
        closed = true
        unlink(temporary)
    }
}

/// A file that could not be written: exit 3, naming it and the reason.
struct FileError: HaruError {
    var path: String
    var errno: Int32
    var doing: String
    var exitStatus: ExitStatus { .cannotOpen }
    var description: String {
        "cannot \(doing) \(path): \(String(cString: strerror(errno))) (errno \(errno))\(errno == ENOSPC ? "; the disk is full" : ""); nothing was written there"
    }
}
