@_spi(Layers) import HaruSystem

/// A diary page written on two devices before either saw the other's write
/// (Docs/rules.md "Many devices"): merged field by field.
///
/// A `diary.written` is the whole page as its writer left it. One that
/// carries `base` — the digest of the page as its writer saw it — says what
/// the writer changed: the fields that differ from that page. Folded onto a
/// page that has moved on since (another device wrote it meanwhile), it
/// changes only those fields; the fields only the other device changed keep
/// that change. A field both changed takes this write's value (the later in
/// the merged order), and the other value is a conflict `haru conflicts`
/// lists. A write without `base`, or whose base is the page as it stands,
/// is written whole, as always.
public enum PageMerge {
    /// The page fields a payload sets (nulls and other fields left out), in tag order.
    public static func pageFields(_ p: Payload) -> Payload {
        var out = Payload()
        for f in Blob.pageFields { if let v = p[f], v != .null { out[f] = v } }
        return out
    }

    /// The digest that names a page: SHA-256 of its page fields' canonical
    /// encoding, in lower-case hex. An empty page (none written yet, or one
    /// deleted) has the digest of no fields.
    public static func digest(_ p: Payload) -> String { Digest.sha256(pageFields(p).encoded).description }

    /// Every version of a page, oldest first: as created, then after each
    /// write in the order writes apply.
    public static func versions(of d: Definition) -> [Payload] {
        var p = d.base
        var out = [pageFields(p)]
        for e in d.edits {
            Definition.merge(e.payload, into: &p, kind: .diary)
            out.append(pageFields(p))
        }
        return out
    }

    /// What a write made from `base` does to the page as it stands
    /// (`current`): the fields the writer changed, over the others as they are.
    /// - Parameter written: the write's page fields, whole (a field it leaves out is null).
    /// - Returns: the edit to fold (whole: every page field, null where absent)
    ///   and the fields both sides changed (this write's value wins).
    public static func merge(written: Payload, current: Payload, base: Payload) -> (edit: Payload, both: [Field]) {
        var edit = Payload()
        var both: [Field] = []
        for f in Blob.pageFields where f != .attachmentNames {
            let mine = written[f] ?? .null, theirs = current[f] ?? .null, was = base[f] ?? .null
            // The attachments and their file names are one field: both from the same side.
            if f == .attachments {
                func pair(_ p: Payload) -> [FieldValue] { [p[.attachments] ?? .null, p[.attachmentNames] ?? .null] }
                let (mine, theirs, was) = (pair(written), pair(current), pair(base))
                let from = mine == was ? current : written
                (edit[.attachments], edit[.attachmentNames]) = (from[.attachments] ?? .null, from[.attachmentNames] ?? .null)
                if mine != was, theirs != was, theirs != mine { both.append(f) }
                continue
            }
            if mine == was {
                edit[f] = theirs  // unchanged here: as the other device left it
            } else {
                edit[f] = mine
                if theirs != was, theirs != mine { both.append(f) }
            }
        }
        return (edit, both)
    }

    /// A `diary.written` (checked) folded onto the page `d` (nil: none yet):
    /// the page after it, and the fields both devices changed. The one rule
    /// for the fold and for `Ledger.openConflicts`, which replays the writes.
    ///
    /// The page written again, whole: a field it leaves out is no longer on
    /// it — but for a write made from an older page than this one (two
    /// devices wrote it apart), which changes only what its writer changed.
    /// A deleted page written again is back (its deletion stays in its
    /// history, as a restoration's would).
    public static func write(_ p: Payload, day: String, when: Dated, onto d: Definition?) -> (page: Definition, both: [Field]) {
        let (edit, both) = fold(p, onto: d)
        guard var d else {
            var created = Payload([(.date, p[.date] ?? .null)])
            for (f, v) in edit.fields where v != .null { created[f] = v }
            return (Definition(kind: .diary, id: day, created: when, base: created), both)
        }
        var dated = edit
        dated[.date] = p[.date]
        if let deleted = d.deletedSeq {
            d.restorations.append(Definition.Restoration(deleted: deleted, restored: when.seq))
            d.deletedSeq = nil
        }
        d.add(DefinitionEdit(when: when, payload: dated))
        return (d, both)
    }

    /// One write onto the page `d` (nil: no page yet): the edit (every page
    /// field, null where the page will not have it), and the fields both
    /// devices changed.
    static func fold(_ p: Payload, onto d: Definition?) -> (edit: Payload, both: [Field]) {
        var whole = Payload()
        for f in Blob.pageFields { whole[f] = p[f] ?? .null }
        guard let base = p.string(.pageBase) else { return (whole, []) }
        let current = d.map { $0.isLive ? pageFields($0.fields()) : Payload() } ?? Payload()
        guard digest(current) != base else { return (whole, []) }
        // The version the writer saw; one this ledger never had (its write
        // has not arrived) is taken as the empty page: every field the
        // writer set is a change.
        let seen = d.flatMap { d in versions(of: d).last { digest($0) == base } } ?? Payload()
        return merge(written: whole, current: current, base: seen)
    }
}
