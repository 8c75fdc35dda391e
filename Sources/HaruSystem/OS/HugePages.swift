#if canImport(Glibc)
    import Glibc
#endif

/// Asks the kernel to back large, randomly read memory with 2 MiB pages.
///
/// Why: a bulk load of 1.1 M events looks up every new record's id in a
/// 16 MiB index (`RecordTable`). With 4 KiB pages nearly every lookup also
/// missed the TLB, and on a virtual machine a TLB miss walks two page tables;
/// 2 MiB pages cover the index with a handful of TLB entries.
///
/// Linux with transparent huge pages set to `madvise` (or `always`) only;
/// elsewhere, or when the kernel declines, nothing changes but the speed.
@_spi(Layers) public enum HugePages {
    static let size = 2 << 20

    /// Advises the whole 2 MiB pages inside `buffer`. Call it before the
    /// memory is first written: pages already touched stay small.
    @_spi(Layers) public static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            guard let base = buffer.baseAddress, buffer.count >= 2 * size else { return }
            let start = (Int(bitPattern: base) + size - 1) & ~(size - 1)
            let end = (Int(bitPattern: base) + buffer.count) & ~(size - 1)
            guard end > start, let p = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(p, end - start, MADV_HUGEPAGE)
        #endif
    }
}
