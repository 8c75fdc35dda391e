@_spi(Layers) import HaruStorage

/// Why an input event (or a command's arguments turned into one) was refused.
///
/// It names where (the input line, when there is one), the field and the
/// rule, so that a user can fix the line without reading the source. Notes
/// are never echoed: only their length may be.
public struct InputError: HaruError, Sendable, Equatable {
    @_spi(Layers) public var exitStatus: ExitStatus { .badInput }
    /// 1-based input line, nil for a single event from a command.
    @_spi(Layers) public var line: Int?
    /// The field, as a JSON path (`data.amount`), or `event` for the line as a whole.
    @_spi(Layers) public var field: String
    /// The rule that was broken, as a sentence fragment.
    @_spi(Layers) public var rule: String

    @_spi(Layers) public init(line: Int? = nil, field: String, rule: String) {
        self.line = line
        self.field = field
        self.rule = rule
    }

    public var description: String {
        (line.map { "line \($0): " } ?? "") + "\(field): \(rule)"
    }

    /// The same error placed on an input line.
    @_spi(Layers) public func at(line: Int) -> InputError {
        var e = self
        e.line = line
        return e
    }
}
