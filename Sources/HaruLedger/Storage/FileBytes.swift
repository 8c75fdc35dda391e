#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads through the C library (the library avoids Foundation).
public enum FileBytes {
    /// The file's bytes (at most `limit`), nil if it cannot be opened as a regular file.
    public static func read(_ path: String, limit: Int = Int.max) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65_536)
        while out.count < limit {
            let want = min(buf.count, limit - out.count)
            let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) }
            if n < 0 { if errno == EINTR { continue } else { return nil } }
            if n == 0 { break }
            out.append(contentsOf: buf[0..<n])
        }
        return out
    }
}
