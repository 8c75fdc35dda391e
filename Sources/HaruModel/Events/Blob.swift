@_spi(Layers) import HaruSystem

/// Attachments (a mood photo, handwritten pages, templates): bytes the
/// ledger keeps beside its log, once per content, named by their SHA-256.
/// Events name a blob by that digest, so the chain covers which bytes an
/// event meant without holding them, and `redact` can erase the bytes and
/// leave the chain whole (Docs/design.md, "Blobs").
public enum Blob {
    /// The fields of a diary page, every one a page written again leaves out is cleared.
    public static let pageFields: [Field] = [
        .mood, .moodPhoto, .text, .attachments, .hiddenActionIDs, .hiddenGoalIDs, .calendarEventIDs, .attachmentNames,
    ]

    /// The fields that name blobs.
    public static let fields: [Field] = [.moodPhoto, .attachments]

    /// 64 lower-case hex digits, or `redact`'s marker where a blob was erased.
    public static func isReference(_ s: String) -> Bool { isDigest(s) || isRedactionMarker(s) }

    /// 64 lower-case hex digits.
    public static func isDigest(_ s: String) -> Bool {
        s.utf8.count == 64 && s.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// `[redacted: seq N]`.
    public static func isRedactionMarker(_ s: String) -> Bool {
        s.hasPrefix("[redacted: seq ") && s.hasSuffix("]") && UInt64(s.dropFirst(15).dropLast()) != nil
    }

    /// The digests a payload names in `fields` (erased ones left out).
    public static func digests(in p: Payload, fields: [Field] = Blob.fields) -> [String] {
        var out: [String] = []
        if fields.contains(.moodPhoto), let d = p.string(.moodPhoto), isDigest(d) { out.append(d) }
        if fields.contains(.attachments), let list = p.strings(.attachments) { out += list.filter(isDigest) }
        return out
    }
}
