@_spi(Layers) import HaruSystem

/// An entity id as a dictionary key, hashed with FNV-1a (seeded per process).
public struct EntityKey: Hashable, Sendable {
    @usableFromInline let id: String

    @inlinable @inline(__always)
    public init(_ id: String) { self.id = id }

    @inlinable
    public static func == (a: EntityKey, b: EntityKey) -> Bool { a.id == b.id }

    @inlinable @inline(__always)
    func fnv(_ seed: UInt64) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        if let done = id.utf8.withContiguousStorageIfAvailable({ buf -> UInt64 in
            var x = h
            for b in buf { x = (x ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
            return x
        }) {
            return done
        }
        for b in id.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    @inlinable
    public func hash(into h: inout Hasher) { h.combine(fnv(0)) }

    // The standard library's hook for a key's raw hash: skipping Hasher is the point.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        let x = fnv(UInt64(bitPattern: Int64(seed)))
        return Int(truncatingIfNeeded: x ^ (x >> 29))
    }
}
