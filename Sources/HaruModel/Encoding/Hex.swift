/// Hexadecimal digits, for ids, digests, colours and JSON escapes.
enum Hex {
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
