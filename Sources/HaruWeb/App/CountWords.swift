/// How the page says a count of each action: in its decimal places and its
/// unit (`7.6 h`, `3잔`, `2.5 km`), or `×3` for a whole count without one —
/// as the terminal says it. Stored amounts are whole numbers of the action's
/// smallest unit (76 tenths); only what is shown is divided.

import HaruLedger

struct CountWords {
    private var decimals: [String: Int] = [:]
    private var units: [String: String] = [:]

    /// Every action's, deleted ones too (a record of a deleted action still shows).
    init(_ rows: [DefinitionRow]) {
        for r in rows {
            guard let a = r.action else { continue }
            if a.decimals > 0 { decimals[r.id] = a.decimals }
            if let u = a.unit { units[r.id] = u }
        }
    }

    /// The action's decimal places (0 for whole counts).
    func places(_ action: String) -> Int { decimals[action] ?? 0 }

    /// `n` stored units of `action`: `7.6 h` for 76 tenths.
    func text(_ n: Int64, action: String, _ lang: PageLanguage) -> String {
        said(Decimals.text(n, places(action)), unit: units[action], lang)
    }

    /// A figure that need not be whole (a share of a target), at the places
    /// given; whole counts are rounded to whole numbers as before.
    func figure(_ v: Double, places: Int, action: String?, _ lang: PageLanguage) -> String {
        let number = places == 0 ? String(Int64(v.rounded())) : Decimals.figure(v, places: places)
        return said(number, unit: action.flatMap { units[$0] }, lang)
    }

    /// A number with its unit (a Korean or Japanese counter word against it: `8잔`), else `×8`.
    func said(_ number: String, unit: String?, _ lang: PageLanguage) -> String {
        guard let unit else { return PageWord.times.text(lang, number) }
        return UnitText.join(number, unit, english: lang == .en)
    }
}

extension WebApp {
    /// The words for counts at `ref` (one read of the actions).
    func countWords(_ ref: Reference) throws -> CountWords {
        CountWords(try ledger.snapshot { snap in try DefinitionList.rows(snap, .action, reference: ref, all: true) })
    }
}
