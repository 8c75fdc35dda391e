@_spi(Layers) import HaruStorage

/// Hexadecimal digits, for ids, digests, colours and JSON escapes.
enum Hex {
    /// The lower-case digit of a value 0…15.
    @inline(__always)
    static func digit(_ v: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: v < 10 ? 0x30 + v : 0x57 + v) }

    /// Appends the lower-case digits of `words`, 16 each, most significant
    /// first: filled in place, then appended at once (an append per digit was
    /// a third of `haru log --json`).
    @inline(__always)
    static func append(_ words: (UInt64, UInt64, UInt64, UInt64), count: Int, to out: inout [UInt8]) {
        var w = words
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buf in
            withUnsafeBytes(of: &w) { raw in
                for k in 0..<count {
                    let word = raw.load(fromByteOffset: k * 8, as: UInt64.self)
                    for n in 0..<16 { buf[k * 16 + n] = digit((word >> UInt64(60 - 4 * n)) & 0xF) }
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[0..<(count * 16)]))
        }
    }

    /// The value of one ASCII hex digit (either case), nil for anything else.
    @inline(__always)
    static func value(_ c: UInt8) -> UInt64? {
        switch c {
        case 0x30...0x39: return UInt64(c - 0x30)
        case 0x61...0x66: return UInt64(c - 0x61 + 10)
        case 0x41...0x46: return UInt64(c - 0x41 + 10)
        default: return nil
        }
    }
}
