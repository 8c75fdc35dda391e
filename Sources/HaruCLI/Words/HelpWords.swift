import HaruLedger

/// Help texts in Korean and Japanese. Each command keeps its help in
/// English beside its code (`Command`, `OptionSpec`), where it is read and
/// changed with the command; the translations live in the tables of
/// HelpWords+*.swift, keyed by that English. A help text with no entry, or an
/// entry whose English no command carries any more, fails
/// `NoEnglishLeft.everyHelpTextHasItsTranslations` — so a changed English
/// text cannot silently leave an old translation behind.
enum HelpWords {
    struct Entry {
        let en: String, ko: String, ja: String
        init(_ en: String, ko: String, ja: String) { (self.en, self.ko, self.ja) = (en, ko, ja) }
    }

    static let entries: [Entry] = everyday + definitions + interchange + audit + skips

    private static let byEnglish: [String: Entry] = Dictionary(entries.map { ($0.en, $0) }, uniquingKeysWith: { a, _ in a })

    /// `english` in `language`; the English itself when there is no entry (the test above says so first).
    static func text(_ english: String, _ language: Language) -> String {
        guard language != .en, let e = byEnglish[english] else { return english }
        return language == .ko ? e.ko : e.ja
    }

    /// Whether `english` has its translations.
    static func has(_ english: String) -> Bool { byEnglish[english] != nil }

    /// The headings and fixed lines of a help page.
    enum Label {
        case overview, usage, arguments, options, subcommands, repeatable, version
    }

    /// `See 'haru help tag <subcommand>' for detailed help.`
    static func seeHelp(_ command: String, _ language: Language) -> String {
        switch language {
        case .en: "See '\(command)' for detailed help."
        case .ko: "자세한 도움말: '\(command)'"
        case .ja: "詳しいヘルプ: '\(command)'"
        }
    }

    static func label(_ l: Label, _ language: Language) -> String {
        func t(_ en: String, _ ko: String, _ ja: String) -> String { language == .ko ? ko : language == .ja ? ja : en }
        switch l {
        case .overview: return t("OVERVIEW", "개요", "概要")
        case .usage: return t("USAGE", "사용법", "使い方")
        case .arguments: return t("ARGUMENTS", "인수", "引数")
        case .options: return t("OPTIONS", "옵션", "オプション")
        case .subcommands: return t("SUBCOMMANDS", "하위 명령", "サブコマンド")
        case .repeatable: return t(" (repeatable)", " (여러 번 줄 수 있음)", " (複数指定可)")
        case .version: return t("Print haru's version.", "haru의 버전을 보여 줍니다.", "haru のバージョンを表示します。")
        }
    }
}
