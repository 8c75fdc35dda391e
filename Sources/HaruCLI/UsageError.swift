import HaruLedger

/// A command line that cannot run: exit 2, `Error: …` and the usage line.
public struct UsageError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A check that ran and failed (verify, check): exit 1, details already printed.
struct CheckFailed: Error {}

/// Exit codes (CONTRACT §3).
public enum ExitCode {
    public static let ok: Int32 = 0
    public static let checkFailed: Int32 = 1
    public static let badInput: Int32 = 2
    public static let cannotOpen: Int32 = 3
}
