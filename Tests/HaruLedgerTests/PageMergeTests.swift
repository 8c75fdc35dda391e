import Testing

@_spi(Layers) @testable import HaruModel
@testable import HaruViews

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

/// `DaySet`, the skipped days of a quest as a bitmap: the same answers as a
/// `Set<Int>` over ranges across word edges, before the epoch and far apart.
struct DaySetTests {
    @Test(arguments: [
        [0...0], [63...64], [-70...(-60), 5...130], [20_000...20_400, 19_000...19_010], [-1...1, 200...200, 100...150],
    ])
    func answersAsASetDoes(_ ranges: [ClosedRange<Int>]) {
        var set = DaySet()
        var plain = Set<Int>()
        for r in ranges {
            set.insert(r)
            plain.formUnion(r)
        }
        let lo = (plain.min() ?? 0) - 70, hi = (plain.max() ?? 0) + 70
        for d in lo...hi { #expect(set.contains(d) == plain.contains(d), "day \(d)") }
        for (a, b) in [(lo, hi), (lo + 3, lo + 90), (hi - 200, hi - 1)] where a <= b {
            #expect(set.count(in: a...b) == plain.filter { (a...b).contains($0) }.count, "\(a)…\(b)")
        }
        var other = DaySet()
        other.insert((lo + 10)...(lo + 100))
        let both = set.intersection(other)
        let plainBoth = plain.intersection(Set((lo + 10)...(lo + 100)))
        for d in lo...hi { #expect(both.contains(d) == plainBoth.contains(d)) }
        #expect(both.isEmpty == plainBoth.isEmpty)
        var union = other
        union.formUnion(set)
        for d in lo...hi { #expect(union.contains(d) == (plain.contains(d) || ((lo + 10)...(lo + 100)).contains(d))) }
    }
}
