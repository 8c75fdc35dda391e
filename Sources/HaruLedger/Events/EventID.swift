/// An event id: a UUID, stored as 16 bytes and printed in lower case.
public struct EventID: Sendable, Hashable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

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

    /// Parses `8-4-4-4-12` hex digits, either case.
    public init?(parsing text: String) {
        let b = Array(text.utf8)
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
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for k in 0..<32 {
            if k == 8 || k == 12 || k == 16 || k == 20 { out.append(UInt8(ascii: "-")) }
            let word = k < 16 ? high : low
            let shift = UInt64(60 - (k % 16) * 4)
            out.append(hex[Int((word >> shift) & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
