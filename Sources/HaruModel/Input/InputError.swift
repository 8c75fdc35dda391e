@_spi(Layers) import HaruSystem

/// Why an input event (or a command's arguments turned into one) was refused.
///
/// It names where (the input line, when there is one), the field and the
/// rule, so that a user can fix the line without reading the source. Notes
/// are never echoed: only their length may be.
public struct InputError: HaruError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .badInput }
    /// 1-based input line, nil for a single event from a command.
    public var line: Int?
    /// The field, as a JSON path (`data.amount`), or `event` for the line as a whole.
    public var field: String
    /// The rule that was broken, as a sentence fragment.
    public var rule: String
    /// The same rule typed, for the refusals people meet most from a
    /// command (a program says it in its own language); nil for the rest.
    public var broken: Broken?

    public init(line: Int? = nil, field: String, rule: String, broken: Broken? = nil) {
        self.line = line
        self.field = field
        self.rule = rule
        self.broken = broken
    }

    /// Equal when they say the same (`broken` is how it is said).
    public static func == (a: InputError, b: InputError) -> Bool { a.line == b.line && a.field == b.field && a.rule == b.rule }

    /// A rule broken, typed: what `rule` says in English.
    public enum Broken: Sendable, Equatable {
        case wholeNumber(from: Int64, to: Int64, got: String)
        case colour(got: String)
        case nameTaken(kind: String, name: String, id: String)
        /// An action that tracks the other unit (`count` or `time`) than the event's.
        case tracksOther(action: String, tracks: String)
        case todoAlready(todo: String, done: Bool, at: String)
        case goalHasQuests(goal: String, quest: String)
        case noSuchID(kind: String, id: String)
        case deletedAt(kind: String, id: String, seq: UInt64)
        case goalAlready(goal: String, finished: Bool, seq: UInt64)
        case sessionNotRunning(session: String, status: String)
        /// A skip naming none, or more than one, of an action, a quest and a goal.
        case skipTarget
        /// A skip longer than this many days.
        case skipTooLong(days: Int)
        /// A unit given to an action that tracks time.
        case unitOnTime
        /// Decimal places given to an action that tracks time.
        case decimalsOnTime
    }

    public var description: String {
        (line.map { "line \($0): " } ?? "") + "\(field): \(rule)"
    }

    /// The same error placed on an input line.
    public func at(line: Int) -> InputError {
        var e = self
        e.line = line
        return e
    }
}

/// User input echoed in an error: quoted, at most 60 characters (a 10 MB
/// value is not printed back whole), control characters escaped (a message
/// never moves the terminal's cursor or hides its rest).
public enum Echo {
    public static func quoted<S: StringProtocol>(_ text: S) -> String { "\"" + plain(text) + "\"" }

    /// The same without the quotes (a JSON value's text, say).
    public static func plain<S: StringProtocol>(_ text: S) -> String {
        var out = ""
        var n = 0
        for u in text.unicodeScalars {
            if n == 60 {
                out += "…"
                break
            }
            n += 1
            switch u.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0..<0x20, 0x7F: out += "\\u{" + String(u.value, radix: 16) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// `text` with its control characters shown as `\u{1b}` (newlines and
    /// tabs kept): what a message echoes of a path, a file or a database
    /// must not drive the terminal (an ESC sequence in a folder's name or a
    /// sync file's line could repaint or retitle it).
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0.value) }) else { return text }
        var out = ""
        for u in text.unicodeScalars {
            if isControl(u.value) { out += "\\u{" + String(u.value, radix: 16) + "}" } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    private static func isControl(_ v: UInt32) -> Bool { (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v) }
}
