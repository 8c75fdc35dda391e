/// Hexadecimal digits, for ids, digests, colours and JSON escapes.
enum Hex {
    /// The lower-case digit of a value 0…15.
    @inline(__always)
    static func digit(_ v: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: v < 10 ? 0x30 + v : 0x57 + v) }

    /// Appends the 16 lower-case digits of `word`, most significant first.
    @inline(__always)
    static func append(_ word: UInt64, to out: inout [UInt8]) {
        for k in stride(from: 60, through: 0, by: -4) { out.append(digit((word >> UInt64(k)) & 0xF)) }
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
