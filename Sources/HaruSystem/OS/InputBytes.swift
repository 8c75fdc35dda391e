#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes a command reads as its input (`haru append`'s JSONL, a
/// scenario file): a regular file mapped read-only, or bytes already read
/// (standard input, tests). Valid, and unchanging, for the object's life.
///
/// Why a mapping rather than `read`: a bulk append's file is hundreds of MB
/// at the benchmark's L size, and reading it in one go was done before any
/// line could be parsed — 0.13 s of the appending thread alone, plus a page
/// fault per 4 KiB of the copy and its unmapping at the end. Mapped, the
/// parsing thread takes the file's pages from the page cache as it goes.
///
/// The file must not shrink while it is read: a page cut off from a mapping
/// raises SIGBUS (as for any reader that maps, e.g. ripgrep). The process
/// then dies before its transaction commits, so nothing is written — where a
/// `read` racing the same truncation could have appended half the file.
public final class InputBytes: @unchecked Sendable {
    // @unchecked, and why it is safe: both properties are constants; the
    // bytes are only read (never written through `buffer`), and `release`
    // runs once, in deinit, when no other reference can be left.
    public let buffer: UnsafeBufferPointer<UInt8>
    private let release: (UnsafeBufferPointer<UInt8>) -> Void

    private init(buffer: UnsafeBufferPointer<UInt8>, release: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.buffer = buffer
        self.release = release
    }

    /// A copy of `bytes`.
    public convenience init(_ bytes: [UInt8]) {
        let b = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = b.initialize(from: bytes)
        self.init(buffer: UnsafeBufferPointer(b), release: { $0.deallocate() })
    }

    deinit { release(buffer) }

    public var count: Int { buffer.count }

    /// The bytes as an array (a copy: for small inputs).
    public var array: [UInt8] { Array(buffer) }

    /// Why the file at `path` cannot be read as input, in a person's words
    /// (after `map` gave nil).
    public static func whyUnreadable(path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0 else {
            switch errno {
            case ENOENT: return "no such file"
            case EACCES: return "permission denied (a directory on the way cannot be searched)"
            default: return String(cString: strerror(errno))
            }
        }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return "it is a directory"
        case S_IFREG: return access(path, R_OK) == 0 ? "it could not be mapped into memory" : "permission denied"
        default: return "not a regular file (a pipe or a device: give - and redirect it to standard input)"
        }
    }

    /// The regular file at `path`, mapped; nil if it cannot be opened as one.
    public static func map(path: String) -> InputBytes? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(st.st_size)
        // An empty file cannot be mapped (and has nothing to map).
        if size == 0 { return InputBytes([]) }
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else { return nil }
        // Read front to back, once: let the kernel read ahead further.
        _ = madvise(p, size, MADV_SEQUENTIAL)
        let buf = UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: size)
        return InputBytes(buffer: buf, release: { _ = munmap(UnsafeMutableRawPointer(mutating: $0.baseAddress), $0.count) })
    }
}
