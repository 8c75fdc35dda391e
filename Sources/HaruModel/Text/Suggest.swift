/// The nearest of some words to a mistyped one, for "did you mean …?":
/// commands (`stat` → `start`), names (`watr` → `Water`), event types.

/// Edit distance of two short words (for "did you mean"): insertions,
/// deletions, substitutions and transpositions of neighbours each count one
/// (optimal string alignment), so `strat` is one step from `start`.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.prefix(64)), b = Array(b.prefix(64))
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    // Three rows: the one before the previous is needed for transpositions.
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        row[0] = i
        for j in 1...b.count {
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], before[j - 2] + 1) }
        }
        (before, previous, row) = (previous, row, before)
    }
    return previous[b.count]
}

package enum Suggest {
    /// The nearest of `words` to `typed` (case aside), when it is close
    /// enough to be what was meant: at most a third of its letters off (1 or 2).
    /// Korean is compared letter by letter (자모): `뭏` is one letter off `물`.
    public static func nearest(_ typed: String, among words: [String]) -> String? {
        let t = spelled(typed)
        let scored = words.map { ($0, editDistance(t, spelled($0))) }.min { $0.1 < $1.1 }
        guard let (word, d) = scored, d <= max(1, min(2, t.count / 3)) else { return nil }
        return word
    }

    /// A word as its letters are typed: lowercased, each Hangul syllable as
    /// its two or three jamo (`물` → `ㅁㅜㄹ`), so a distance counts keystrokes.
    /// (Compatibility jamo, which do not join into one character again.)
    static func spelled(_ word: String) -> String {
        var out = ""
        for u in word.lowercased().unicodeScalars {
            guard (0xAC00...0xD7A3).contains(u.value) else {
                out.unicodeScalars.append(u)
                continue
            }
            let s = Int(u.value - 0xAC00)
            out += initials[s / 588] + String(Unicode.Scalar(UInt32(0x314F + s % 588 / 28))!) + finals[s % 28]
        }
        return out
    }

    private static let initials = ["ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]
    private static let finals = [
        "", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ", "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ",
        "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

    /// The name meant by a part of it: the nearest by spelling (`nearest`),
    /// else the one name that holds what was typed (case aside) — `Read` for
    /// `Reading`, `책` for `책과 운동` (Korean and Japanese names are short
    /// words, rarely a few letters off). Nil when none or several hold it.
    public static func nearestName(_ typed: String, among names: [String]) -> String? {
        let t = typed.lowercased()
        guard !t.isEmpty else { return nil }
        let holding = names.filter { $0.lowercased().contains(t) }
        if holding.count == 1 { return holding[0] }
        // Held by several: which one is not for us to guess.
        guard holding.isEmpty, let near = nearest(typed, among: names) else { return nil }
        // A word of one or two letters is not "a letter off" a different word (`책` is not `물`).
        let spelled = spelled(typed)
        return editDistance(spelled, Suggest.spelled(near)) < spelled.count ? near : nil
    }
}
