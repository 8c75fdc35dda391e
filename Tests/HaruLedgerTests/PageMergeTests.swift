import Testing

@_spi(Layers) @testable import HaruModel

/// A page written on two devices apart (`PageMerge.merge`): the attachments
/// and their file names (issue 44) are one field — both come from the same
/// side, so a name never lands beside another device's file.
struct PageMergeTests {
    let a = String(repeating: "a", count: 64), b = String(repeating: "b", count: 64), c = String(repeating: "c", count: 64)

    func page(_ files: [String], _ names: [String]?, text: String = "same") -> Payload {
        var p = Payload([(.text, .string(text)), (.attachments, .strings(files))])
        if let names { p[.attachmentNames] = .strings(names) }
        return p
    }

    @Test func aDetachHereAndATextThereKeepBothAndTheNamesInStep() {
        let base = page([a, b], ["a.jpg", "b.pdf"])
        let mine = page([b], ["b.pdf"])  // this device took the first file off
        let theirs = page([a, b], ["a.jpg", "b.pdf"], text: "changed there")
        let (edit, both) = PageMerge.merge(written: mine, current: theirs, base: base)
        #expect(edit[.attachments] == .strings([b]) && edit[.attachmentNames] == .strings(["b.pdf"]))
        #expect(edit[.text] == .string("changed there"))
        #expect(both.isEmpty)
    }

    @Test func aRenameThereAndNothingHereTakesTheirPair() {
        let base = page([a], ["a.jpg"])
        let theirs = page([a, c], ["a.jpg", "c.png"])
        let (edit, both) = PageMerge.merge(written: base, current: theirs, base: base)
        #expect(edit[.attachments] == .strings([a, c]) && edit[.attachmentNames] == .strings(["a.jpg", "c.png"]))
        #expect(both.isEmpty)
    }

    @Test func bothChangedTakesThisWritesPairAndSaysSo() {
        let base = page([a], ["a.jpg"])
        let mine = page([a, b], ["a.jpg", "b.pdf"])
        let theirs = page([a, c], ["a.jpg", "c.png"])
        let (edit, both) = PageMerge.merge(written: mine, current: theirs, base: base)
        #expect(edit[.attachments] == .strings([a, b]) && edit[.attachmentNames] == .strings(["a.jpg", "b.pdf"]))
        #expect(both == [.attachments])
    }

    @Test func aPageWithoutNamesDigestsAsBefore() {
        // A page written before names were kept names the same digest (its `base` still matches).
        let old = Payload([(.text, .string("t")), (.attachments, .strings([a]))])
        #expect(PageMerge.digest(old) == PageMerge.digest(page([a], nil, text: "t")))
    }
}
