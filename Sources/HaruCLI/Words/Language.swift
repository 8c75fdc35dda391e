import HaruLedger

/// The language of human output (`--lang en|ko|ja`, else `LC_ALL`,
/// `LC_MESSAGES` or `LANG`): the app speaks Korean, Japanese and English.
/// JSON never changes with it.
enum Language: String, CaseIterable, Sendable {
    case en, ko, ja

    /// `--lang` from the command line (anywhere: errors before parsing need
    /// it too), else the first of LC_ALL, LC_MESSAGES, LANG that is set:
    /// `ko_KR.UTF-8` is Korean, `ja_JP.UTF-8` Japanese, anything else English.
    /// - Returns: nil for a `--lang` that is none of the three (said as a usage error).
    static func chosen(arguments: [String], environment: [String: String]) -> Language? {
        var k = 0
        while k < arguments.count {
            let a = arguments[k]
            if a == "--lang", k + 1 < arguments.count { return Language(rawValue: arguments[k + 1]) }
            if a.hasPrefix("--lang=") { return Language(rawValue: String(a.dropFirst(7))) }
            k += 1
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let v = environment[name], !v.isEmpty else { continue }
            if v.hasPrefix("ko") { return .ko }
            if v.hasPrefix("ja") { return .ja }
            return .en
        }
        return .en
    }
}
