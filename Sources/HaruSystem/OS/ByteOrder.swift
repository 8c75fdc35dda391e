#if canImport(Glibc)
    import Glibc
#endif

/// Byte-wise key order, as LMDB sorts keys (memcmp, then length).
@_spi(Layers) public enum ByteOrder {
    /// Whether `a` sorts before `b`.
    @inline(__always)
    @_spi(Layers) public static func less(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let n = min(a.count, b.count)
        let c = n == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, n)
        return c != 0 ? c < 0 : a.count < b.count
    }

    @inline(__always)
    @_spi(Layers) public static func less(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { a in b.withUnsafeBytes { b in less(a, b) } }
    }

    /// Whether stored key `a` sorts before `b`.
    @inline(__always)
    @_spi(Layers) public static func less(_ a: UnsafeRawBufferPointer, _ b: [UInt8]) -> Bool { b.withUnsafeBytes { less(a, $0) } }

    /// Whether two byte strings are equal.
    @inline(__always)
    @_spi(Layers) public static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// Whether stored bytes equal an array's.
    @inline(__always)
    @_spi(Layers) public static func same(_ a: [UInt8], _ b: UnsafeRawBufferPointer) -> Bool { a.withUnsafeBytes { same($0, b) } }

    /// The positions of `keys` in byte order. Sorts (first 8 bytes as a
    /// number, position) pairs, so that moving elements moves no arrays; only
    /// keys that share their first 8 bytes are compared in full.
    @_spi(Layers) public static func sortedIndices(_ keys: [[UInt8]]) -> [Int] {
        var items: [(prefix: UInt64, index: Int)] = []
        items.reserveCapacity(keys.count)
        for (i, k) in keys.enumerated() {
            var p: UInt64 = 0
            for j in 0..<8 { p = p << 8 | UInt64(j < k.count ? k[j] : 0) }
            items.append((p, i))
        }
        items.sort { a, b in
            if a.prefix != b.prefix { return a.prefix < b.prefix }
            return less(keys[a.index], keys[b.index])
        }
        return items.map(\.index)
    }
}
