#if canImport(Glibc)
    import Glibc
#endif

/// The system's random source read 4 KiB at a time from /dev/urandom: one
/// read per 512 draws instead of a `getrandom` call per draw (a bulk append
/// draws two per event).
struct BufferedSystemRandom: RandomNumberGenerator {
    private var buffer = [UInt64](repeating: 0, count: 512)
    private var used = 512

    mutating func next() -> UInt64 {
        if used == buffer.count {
            var filled = 0
            let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
            if fd >= 0 {
                buffer.withUnsafeMutableBytes { raw in
                    while filled < raw.count {
                        let n = read(fd, raw.baseAddress! + filled, raw.count - filled)
                        if n > 0 { filled += n } else if n == 0 || errno != EINTR { break }
                    }
                }
                close(fd)
            }
            // Should /dev/urandom be unreadable, use the standard library's source.
            if filled < buffer.count * 8 {
                var system = SystemRandomNumberGenerator()
                for k in 0..<buffer.count { buffer[k] = system.next() }
            }
            used = 0
        }
        defer { used += 1 }
        return buffer[used]
    }
}
