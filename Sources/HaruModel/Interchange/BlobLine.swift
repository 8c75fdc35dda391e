@_spi(Layers) import HaruSystem

/// A blob in JSON Lines: `{"blob":"<SHA-256, 64 hex>","base64":"<its bytes>"}`.
/// `haru export jsonl` writes every blob the ledger holds this way before the
/// events; `import jsonl` and `append` store the blob lines a file begins
/// with (before its first event), each checked against its digest, in the
/// same commit as the events that name them.
public enum BlobLine {
    /// Whether the line is a blob line (it begins `{"blob"`, spaces allowed).
    public static func isBlobLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        while k < line.count, line[k] == 0x20 || line[k] == 0x09 { k += 1 }
        // Asked of every line of an import: compared in place with the
        // literal's bytes (an array made of it per line was 1 % of an import).
        let head: StaticString = #"{"blob""#
        guard line.count - k >= head.utf8CodeUnitCount else { return false }
        let bytes = head.utf8Start
        for j in 0..<head.utf8CodeUnitCount where line[k + j] != bytes[j] { return false }
        return true
    }

    /// The digest and bytes of a blob line, checked: the bytes hash to the digest.
    /// - Throws: `InputError` naming the line, the field and the rule.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws(InputError) -> (digest: String, bytes: [UInt8]) {
        let json: JSONValue
        do { json = try JSONParser.parse(buffer: line) } catch {
            throw InputError(line: number, field: "blob", rule: error.description)
        }
        guard case .object(let members) = json else { throw InputError(line: number, field: "blob", rule: "must be a JSON object") }
        for (k, _) in members where k != "blob" && k != "base64" {
            throw InputError(line: number, field: k, rule: "is not a field of a blob line (blob, base64)")
        }
        guard case .string(let digest)? = json["blob"], Blob.isDigest(digest) else {
            throw InputError(line: number, field: "blob", rule: "must be the blob's SHA-256, 64 lower-case hex digits")
        }
        guard case .string(let text)? = json["base64"] else {
            throw InputError(line: number, field: "base64", rule: "is required: the blob's bytes in base64")
        }
        var t = text
        guard let bytes = t.withUTF8({ Base64.decode($0) }) else {
            throw InputError(line: number, field: "base64", rule: "is not base64 (A–Z a–z 0–9 + /, padded with = to a multiple of 4)")
        }
        let actual = bytes.withUnsafeBytes { SHA256Context().hash($0) }.description
        guard actual == digest else {
            throw InputError(line: number, field: "base64", rule: "the bytes hash to \(actual), not to the blob's \(digest)")
        }
        return (digest, bytes)
    }

    /// Appends the line (with its newline) for a blob.
    public static func write(digest: String, bytes: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        out += Array(#"{"blob":""#.utf8) + Array(digest.utf8) + Array(#"","base64":""#.utf8)
        Base64.encode(bytes, into: &out)
        out += Array("\"}\n".utf8)
    }
}
