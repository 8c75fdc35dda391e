#if canImport(Glibc)
    import Glibc
#endif

/// Byte-wise key order, as LMDB sorts keys (memcmp, then length).
enum ByteOrder {
    @inline(__always)
    static func less(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let n = min(a.count, b.count)
        let c = a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in n == 0 ? 0 : memcmp(pa.baseAddress!, pb.baseAddress!, n) } }
        return c != 0 ? c < 0 : a.count < b.count
    }
}
