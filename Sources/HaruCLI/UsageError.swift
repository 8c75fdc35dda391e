import HaruLedger

/// A command line that cannot run: exit 2, `Error: …` and the usage line.
package struct UsageError: HaruError {
    package var exitStatus: ExitStatus { .badInput }
    package var message: String
    /// The same message from a catalogue, for the languages (`Words`).
    var said: (@Sendable (Language) -> String)?
    package init(_ message: String) { self.message = message }
    /// A message of the catalogue: said in the chosen language.
    init(_ phrase: Phrase, _ values: String...) { self.init(catalogued: phrase, values) }
    /// A message of another catalogue (`UsageError(Refusal.x, …)`).
    init<P: Catalogue>(_ phrase: P, _ values: String...) { self.init(catalogued: phrase, values) }

    /// A message whose values are words too (a kind of thing, a unit): said anew in each language.
    init(saying: @escaping @Sendable (Words) -> String) {
        said = { saying(Words(language: $0)) }
        message = saying(.english)
    }

    private init<P: Catalogue>(catalogued phrase: P, _ values: [String]) {
        said = { phrase.filled($0, values) }
        message = phrase.filled(.en, values)
    }
    package var description: String { message }

    /// The message in `words`' language.
    func text(_ words: Words) -> String {
        said?(words.language) ?? message
    }
}

/// A person answered no to a question: nothing was done, as they chose.
/// Said plainly (`Nothing deleted.`), not as an error; exit 0, as `rm -i`.
struct Declined: HaruError {
    var message: String
    var exitStatus: ExitStatus { .ok }
    var description: String { message }
}

/// A check that ran and failed (verify, check): exit 1, details already printed.
struct CheckFailed: HaruError {
    var exitStatus: ExitStatus { .checkFailed }
    var description: String { "a check failed" }
}

/// Exit codes (CONTRACT §3), as `ExitStatus` says them.
package enum ExitCode {
    package static let ok = ExitStatus.ok.rawValue
    package static let checkFailed = ExitStatus.checkFailed.rawValue
    package static let badInput = ExitStatus.badInput.rawValue
    package static let cannotOpen = ExitStatus.cannotOpen.rawValue
}

extension UsageError {
    /// What a name or a reference did not find, said in the chosen language.
    init(_ notFound: NotFound) { self.init(saying: { Refusal.said(notFound, $0) }) }
}
