@_spi(Layers) import HaruSystem

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
                for k in 0..<count { writeWord(raw.load(fromByteOffset: k * 8, as: UInt64.self), to: buf, at: k * 16) }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[0..<(count * 16)]))
        }
    }

    /// The 16 digits of `word` into `buf[at...]`, a byte (two digits) at a
    /// time from a table: the two hashes of every exported line are 128 digits.
    @inline(__always)
    static func writeWord(_ word: UInt64, to buf: UnsafeMutableBufferPointer<UInt8>, at: Int) {
        pairs.withUnsafeBufferPointer { table in
            for b in 0..<8 {
                let pair = table[Int((word >> UInt64(56 - 8 * b)) & 0xFF)]
                buf[at + 2 * b] = UInt8(truncatingIfNeeded: pair >> 8)
                buf[at + 2 * b + 1] = UInt8(truncatingIfNeeded: pair)
            }
        }
    }

    /// The two digits of each byte value, high digit in the high byte.
    static let pairs: [UInt16] = (0..<256).map { UInt16(digit(UInt64($0 >> 4))) << 8 | UInt16(digit(UInt64($0 & 0xF))) }

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
