@_spi(Layers) import HaruModel

/// Why a name, an id or a record reference names no single thing — typed,
/// so that each program says it in its own words and language (the command
/// line's `Refusal`), with `english` as the library's own sentence.
public enum NotFound: Sendable, Equatable {
    /// Several live definitions have the name; `ids` listed, or the listing command named.
    case sameName(DefinitionKind, String, count: Int, ids: [String]?)
    case ambiguousPrefix(DefinitionKind?, String, ids: [String])
    case formerNames(DefinitionKind, String, now: [String])
    case deleted(DefinitionKind, String, seq: UInt64)
    /// Deleted under that name: `haru restore NAME` brings it back.
    case deletedName(DefinitionKind, String, seq: UInt64)
    case noQuest(String), noTodo(String), noDiary(String), noDevice(String), noSkip(String)
    /// No tag, action or goal of that name; the nearest one, or nil.
    case noneNamed(DefinitionKind, String, near: String?)
    case ambiguousRecordPrefix(String)
    case nothingNamed(String)
    case noRecord(String)
    case notAReference(String)
    case noRecordsYet(asked: Int)
    case onlyRecords(Int, asked: Int)
    case notARecordRef(String)
    case noRecordStarts(String)
    case ambiguousRecord(String, ids: [String])

    /// The command a kind's things are listed by: `haru actions`.
    public static func listing(_ kind: DefinitionKind) -> String { "haru \(kind.word)s" }

    /// What makes a missing tag, action or goal (`haru action add NAME --tracking time|count`), nil for other kinds.
    public static func making(_ kind: DefinitionKind, _ name: String) -> String? {
        switch kind {
        case .action: "haru action add \(ShellWord.quoted(name)) --tracking time|count"
        case .tag: "haru tag add \(ShellWord.quoted(name))"
        case .goal: "haru goal add \(ShellWord.quoted(name)) --start DATE"
        case .quest, .diary, .todo, .device, .skip: nil
        }
    }

    public var english: String {
        switch self {
        case .sameName(let kind, let text, let count, let ids?):
            "\(count) \(kind.word)s are called \"\(text)\"; give an id (\(ids.joined(separator: ", ")))"
        case .sameName(let kind, let text, let count, nil):
            "\(count) \(kind.word)s are called \"\(text)\"; give an id (`\(NotFound.listing(kind))` shows them)"
        case .ambiguousPrefix(let kind?, let text, let ids):
            "\"\(text)\" is the start of more than one \(kind.word) id (\(ids.joined(separator: ", "))); type more of it"
        case .ambiguousPrefix(nil, let text, let ids):
            "\"\(text)\" is the start of more than one id (\(ids.joined(separator: ", "))); type more of it"
        case .formerNames(let kind, let text, let now):
            "\(now.count) \(kind.word)s were called \"\(text)\" before (now \(now.map { "\"\($0)\"" }.joined(separator: ", "))); give the name they have now"
        case .deleted(let kind, let text, let seq): "\(kind.word) \"\(text)\" was deleted at seq \(seq)"
        case .deletedName(let kind, let text, let seq):
            "\(kind.word) \"\(text)\" was deleted at seq \(seq); `haru restore \(ShellWord.quoted(text))` brings it back"
        case .noQuest(let text): "no quest with id \"\(text)\" (`haru quests` lists them)"
        case .noTodo(let text): "no to-do with id \"\(text)\" (`haru diary DATE` lists a day's)"
        case .noDiary(let text): "no diary page for \(text)"
        case .noDevice(let text): "no preferences of device \(text) (`haru prefs` lists this device's)"
        case .noSkip(let text): "no skip with id \"\(text)\" (`haru skips` lists them)"
        case .noneNamed(let kind, let text, let near):
            "no \(kind.word) named \"\(text)\"" + (near.map { "; did you mean \"\($0)\"?" } ?? "")
                + " (`\(NotFound.listing(kind))` lists them)"
                + (near == nil ? NotFound.making(kind, text).map { "; `\($0)` makes it" } ?? "" : "")
        case .ambiguousRecordPrefix(let text): "\"\(text)\" is the start of more than one record id; type more of it"
        case .nothingNamed(let text): "nothing named \"\(text)\": give an id, a name, a goal title or a record's ref (`haru records`)"
        case .noRecord(let text): "no record \(Echo.quoted(text))"
        case .notAReference(let text): "\(Echo.quoted(text)) is not a reference: @1 is the most recent record, @2 the one before …"
        case .noRecordsYet(let n): "there are no records yet (@\(n) asked); `haru start ACTION` or `haru count ACTION` makes one"
        case .onlyRecords(let count, let n): "there \(count == 1 ? "is" : "are") only \(count) record\(count == 1 ? "" : "s") (@\(n) asked)"
        case .notARecordRef(let text):
            "\(Echo.quoted(text)) is not a record reference: give the start of its id (`haru records` shows them) or @1, @2 …"
        case .noRecordStarts(let text):
            "no record id starts with \(Echo.quoted(text)); `haru records` lists the day's records with their refs"
        case .ambiguousRecord(let text, let ids):
            "\(Echo.quoted(text)) is the start of more than one record id (\(ids.joined(separator: ", ")) …); type more of it"
        }
    }
}
