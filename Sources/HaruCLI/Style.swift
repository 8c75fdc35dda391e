import HaruLedger

/// Colour on a terminal: `--color auto|always|never` (auto: standard output
/// is a terminal, `NO_COLOR` is unset or empty, `TERM` is not `dumb`).
/// Colour only adds emphasis; the words say the same without it.
struct Style {
    let enabled: Bool

    enum Colour: String {
        case green = "32", yellow = "33", red = "31", dim = "2", bold = "1"
    }

    func paint(_ s: String, _ c: Colour) -> String { enabled && !s.isEmpty ? "\u{1B}[\(c.rawValue)m\(s)\u{1B}[0m" : s }
}

extension Context {
    /// (`tag` and `goal` take `--color #RRGGBB` for their own colour: there it is not the output's.)
    var style: Style {
        switch outputColor ?? parsed.values[OptionKey.color.name]?.last ?? "auto" {
        case "always": return Style(enabled: true)
        case "never": return Style(enabled: false)
        default:
            let env = invocation.environment
            return Style(enabled: out.isTTY && (env["NO_COLOR"] ?? "").isEmpty && env["TERM"] != "dumb")
        }
    }

    /// The output's `--color` takes auto, always or never.
    static func checkColorOption(_ parsed: Parsed, _ command: Command) throws {
        guard !command.options.contains(where: { $0.key == .color }), let c = parsed.values[OptionKey.color.name]?.last else { return }
        if !["auto", "always", "never"].contains(c) { throw UsageError(Refusal.colorTakes, Echo.quoted(c)) }
    }
}
