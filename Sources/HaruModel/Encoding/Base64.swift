/// Base64 (RFC 4648, the standard alphabet, with padding): how a blob's
/// bytes travel in JSON Lines.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [UInt8] = {
        var v = [UInt8](repeating: 0xFF, count: 256)
        for (k, c) in alphabet.enumerated() { v[Int(c)] = UInt8(k) }
        return v
    }()

    /// Appends the encoding of `bytes` to `out`.
    public static func encode(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + (bytes.count + 2) / 3 * 4)
        var k = 0
        while k + 3 <= bytes.count {
            let n = UInt32(bytes[k]) << 16 | UInt32(bytes[k + 1]) << 8 | UInt32(bytes[k + 2])
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            k += 3
        }
        switch bytes.count - k {
        case 1:
            let n = UInt32(bytes[k]) << 16
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        case 2:
            let n = UInt32(bytes[k]) << 16 | UInt32(bytes[k + 1]) << 8
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")]
        default: break
        }
    }

    /// The bytes `text` encodes; nil unless it is canonical base64 (a
    /// multiple of four characters, padding only at the end, no other byte).
    public static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var k = 0
        while k < text.count {
            let last = k + 4 == text.count
            let pad = last ? (text[k + 3] == UInt8(ascii: "=") ? (text[k + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
            var n: UInt32 = 0
            for j in 0..<4 {
                if j >= 4 - pad {
                    n <<= 6
                    continue
                }
                let v = values[Int(text[k + j])]
                guard v != 0xFF else { return nil }
                n = n << 6 | UInt32(v)
            }
            out.append(UInt8(n >> 16))
            if pad < 2 { out.append(UInt8(n >> 8 & 0xFF)) }
            if pad < 1 { out.append(UInt8(n & 0xFF)) }
            k += 4
        }
        return out
    }
}
