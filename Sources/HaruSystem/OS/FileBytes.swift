#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads through the C library (the library avoids Foundation).
package enum FileBytes {
    /// The file's bytes (at most `limit`), nil if it cannot be opened as a regular file.
    /// With `followLinks: false`, a symbolic link at `path` is not opened
    /// (a sync folder's file linked out of the folder reads as nothing).
    package static func read(_ path: String, limit: Int = Int.max, followLinks: Bool = true) -> [UInt8]? {
        // Non-blocking: opening a FIFO (as a zone file, say) must not wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        // Sized from fstat and read straight into the array. (A command's
        // input, which can be hundreds of MB, is mapped instead: `InputBytes`.)
        let size = min(Int(st.st_size), limit)
        var failed = false
        var out = [UInt8](unsafeUninitializedCapacity: size) { buf, filled in
            while filled < size {
                let n = Glibc.read(fd, buf.baseAddress! + filled, size - filled)
                if n < 0 { if errno == EINTR { continue } else { failed = true; return } }
                if n == 0 { break }
                filled += n
            }
        }
        if failed { return nil }
        // A file that grew since fstat: the rest in chunks. Small ones: the
        // read that finds the end is nearly always the only one, and zeroing
        // 64 KiB for it was 6 % of a `haru count` (the head record, a zone file).
        guard out.count == size, out.count < limit else { return out }
        var chunk = [UInt8](repeating: 0, count: min(4096, limit - out.count))
        var more = true
        while more, out.count < limit {
            let want = min(chunk.count, limit - out.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) }
            if n < 0 { if errno == EINTR { continue } else { return nil } }
            if n == 0 { more = false } else { out.append(contentsOf: chunk[0..<n]) }
        }
        return out
    }
}
