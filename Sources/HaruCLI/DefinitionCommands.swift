@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

/// What the definition commands (`tag`, `action`, `goal`, `quest`) share.
extension Subcommands {
    /// `--order N`: where the definition goes in listings and `progress` (the app's reorder screens).
    static let orderOption = OptionSpec(.order, value: "N", help: "Its place in listings and progress (0, 1, 2 …; lower first).")

    static func idOption(_ what: String) -> OptionSpec {
        OptionSpec(.id, value: "ID", help: "The \(what)'s id, [A-Za-z0-9._:-]{1,64} (default: a new UUID).")
    }
}

extension Parsed {
    /// The `order` member when `--order` was given.
    func orderMember() throws -> [(String, JSONValue)] {
        guard let o = value(.order) else { return [] }
        guard let n = Int64(o) else { throw UsageError("--order: \"\(o)\" is not a whole number") }
        return [("order", .int(n))]
    }
}

extension Context {
    /// Appends one event built from flags and reports it.
    mutating func write(_ type: EventType, _ data: [(String, JSONValue)], id: String, human: String) throws -> Int32 {
        let e = try event(type, at: try eventTime(), data: data)
        let r = try append([e])
        report(r, json: [("type", .string(type.name)), ("id", .string(id))], human: human)
        return ExitCode.ok
    }
}
