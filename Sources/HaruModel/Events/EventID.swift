@_spi(Layers) import HaruSystem

/// An event id: a UUID, stored as 16 bytes and printed in lower case.
/// Ordered as the id index orders its keys (the 16 bytes, big-endian).
public struct EventID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    public static func < (a: EventID, b: EventID) -> Bool { (a.high, a.low) < (b.high, b.low) }

    /// A random version-4 UUID drawn from `rng` (the caller chooses the source,
    /// so the library stays deterministic under test).
    public static func random<G: RandomNumberGenerator>(using rng: inout G) -> EventID {
        let a: UInt64 = rng.next()
        let b: UInt64 = rng.next()
        let h = (a & ~UInt64(0xF000)) | 0x4000  // version 4
        let l = (b & ~(UInt64(0xC000) << 48)) | (UInt64(0x8000) << 48)  // variant 10
        return EventID(high: h, low: l)
    }

    /// A time-ordered version-7 UUID (RFC 9562): 48 bits of Unix milliseconds,
    /// then random bits. The store draws these, so that ids made one after the
    /// other sort together and the id index grows at its end.
    public static func v7<G: RandomNumberGenerator>(unixMillis: Int64, using rng: inout G) -> EventID {
        let a: UInt64 = rng.next()
        let b: UInt64 = rng.next()
        let h = (UInt64(truncatingIfNeeded: unixMillis) << 16) | 0x7000 | (a & 0x0FFF)
        let l = (b & ~(UInt64(0xC000) << 48)) | (UInt64(0x8000) << 48)  // variant 10
        return EventID(high: h, low: l)
    }

    /// The next id of a batch (RFC 9562 §6.2, method 2, "monotonic random"):
    /// `previous` plus a random increment in its 74 random bits, so that ids
    /// drawn one after another sort in drawing order and the id index of a
    /// bulk load is written at its end (Docs/design.md, "Batch appends").
    /// A fresh `v7` when there is no previous id or the clock has moved on.
    public static func v7<G: RandomNumberGenerator>(unixMillis: Int64, after previous: EventID?, using rng: inout G) -> EventID {
        let millis = UInt64(truncatingIfNeeded: unixMillis) & 0xFFFF_FFFF_FFFF
        guard let p = previous, p.high >> 16 >= millis, p.high & 0xF000 == 0x7000 else {
            return v7(unixMillis: unixMillis, using: &rng)
        }
        let step = 1 + UInt64(truncatingIfNeeded: rng.next() as UInt32)
        let mask62 = (UInt64(1) << 62) - 1
        var randB = (p.low & mask62) &+ step
        var high = p.high
        if randB > mask62 {  // carry into the 12 bits of rand_a, then into the milliseconds
            randB &= mask62
            high = high & 0x0FFF == 0x0FFF ? ((high >> 16) + 1) << 16 | 0x7000 : high + 1
        }
        return EventID(high: high, low: randB | (UInt64(0x8000) << 48))
    }

    /// The id as the id index's key: its 16 bytes, big-endian (so keys sort as ids do).
    public var indexKey: [UInt8] { withIndexKey { Array($0) } }

    /// Calls `body` with the index key on the stack (no array: an append indexes every event).
    public func withIndexKey<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        var key = (high.bigEndian, low.bigEndian)
        return try withUnsafeBytes(of: &key, body)
    }

    /// The id an index key holds; nil unless it is 16 bytes.
    public init?(indexKey k: UnsafeRawBufferPointer) {
        guard k.count == 16 else { return nil }
        self.init(
            high: UInt64(bigEndian: k.loadUnaligned(as: UInt64.self)),
            low: UInt64(bigEndian: k.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

    /// Parses `8-4-4-4-12` hex digits, either case.
    public init?(parsing text: String) {
        var text = text
        guard let id = text.withUTF8({ EventID(parsing: $0) }) else { return nil }
        self = id
    }

    /// Parses the 36 bytes of a UUID's text (a line's bytes, no String made).
    public init?(parsing b: UnsafeBufferPointer<UInt8>) {
        guard b.count == 36 else { return nil }
        var hi: UInt64 = 0
        var lo: UInt64 = 0
        var n = 0
        for (k, c) in b.enumerated() {
            if k == 8 || k == 13 || k == 18 || k == 23 {
                guard c == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let d = Hex.value(c) else { return nil }
            if n < 16 { hi = hi << 4 | d } else { lo = lo << 4 | d }
            n += 1
        }
        high = hi
        low = lo
    }

    public var description: String {
        var out: [UInt8] = []
        out.reserveCapacity(36)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the 36 characters of `description`, filled in place.
    public func write(to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buf in
            // 32 digits from the table, then moved apart for the dashes (8-4-4-4-12).
            Hex.writeWord(high, to: buf, at: 0)
            Hex.writeWord(low, to: buf, at: 16)
            for k in (20..<32).reversed() { buf[k + 4] = buf[k] }
            for k in (16..<20).reversed() { buf[k + 3] = buf[k] }
            for k in (12..<16).reversed() { buf[k + 2] = buf[k] }
            for k in (8..<12).reversed() { buf[k + 1] = buf[k] }
            for k in [8, 13, 18, 23] { buf[k] = UInt8(ascii: "-") }
            out.append(contentsOf: buf)
        }
    }
}
