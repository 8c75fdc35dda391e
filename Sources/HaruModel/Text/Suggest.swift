/// The nearest of some words to a mistyped one, for "did you mean …?":
/// commands (`stat` → `start`), names (`watr` → `Water`), event types.

/// Levenshtein distance of two short words (for "did you mean").
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.prefix(64)), b = Array(b.prefix(64))
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var row = Array(0...b.count)
    for i in 1...a.count {
        var prev = row[0]
        row[0] = i
        for j in 1...b.count {
            let cur = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
            prev = cur
        }
    }
    return row[b.count]
}

public enum Suggest {
    /// The nearest of `words` to `typed` (case aside), when it is close
    /// enough to be what was meant: at most a third of its letters off (1 or 2).
    public static func nearest(_ typed: String, among words: [String]) -> String? {
        let scored = words.map { ($0, editDistance(typed.lowercased(), $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let (word, d) = scored, d <= max(1, min(2, typed.count / 3)) else { return nil }
        return word
    }
}
