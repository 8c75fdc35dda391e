#if canImport(Glibc)
    import Glibc
#endif

/// The memory mappings of this process, from /proc/self/maps: enough to find
/// the ledger file's map (`Environment.releaseReadPages`).
@_spi(Layers) public struct MappedRegions {
    @_spi(Layers) public struct Region: Sendable {
        @_spi(Layers) public var start: UInt
        @_spi(Layers) public var end: UInt
        @_spi(Layers) public var inode: UInt64
        /// Mapped shared and without write permission (`r--s`): dropping its
        /// pages loses nothing.
        @_spi(Layers) public var sharedReadOnly: Bool

        /// Drops the region's resident pages (`Environment.releaseReadPages`).
        @_spi(Layers) public func release() {
            guard sharedReadOnly else { return }
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_DONTNEED)
        }
    }

    /// The current mappings; empty when /proc is not there.
    @_spi(Layers) public static func read() -> [Region] {
        let fd = open("/proc/self/maps", O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            text.append(contentsOf: chunk[0..<n])
        }
        return text.split(separator: UInt8(ascii: "\n")).compactMap { parse(Array($0)) }
    }

    /// One line: `start-end perms offset dev inode [path]`, numbers in hex but the inode.
    static func parse(_ line: [UInt8]) -> Region? {
        let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
        guard fields.count >= 5 else { return nil }
        let range = fields[0].split(separator: UInt8(ascii: "-"))
        guard range.count == 2, let start = UInt(String(decoding: range[0], as: UTF8.self), radix: 16),
            let end = UInt(String(decoding: range[1], as: UTF8.self), radix: 16), end > start,
            let inode = UInt64(String(decoding: fields[4], as: UTF8.self))
        else { return nil }
        let perms = Array(fields[1])
        let shared = perms.count == 4 && perms[1] == UInt8(ascii: "-") && perms[3] == UInt8(ascii: "s")
        return Region(start: start, end: end, inode: inode, sharedReadOnly: shared)
    }
}
