@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

/// What the definition commands (`tag`, `action`, `goal`, `quest`) share.
extension Subcommands {
    static func idOption(_ what: String) -> OptionSpec {
        OptionSpec(.id, value: "ID", help: "The \(what)'s id, [A-Za-z0-9._:-]{1,64} (default: a new UUID).")
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
