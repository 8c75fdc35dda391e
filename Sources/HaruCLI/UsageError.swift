import HaruEngine
import HaruModel
import HaruStorage
import HaruViews

/// A command line that cannot run: exit 2, `Error: …` and the usage line.
package struct UsageError: Error, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// A check that ran and failed (verify, check): exit 1, details already printed.
struct CheckFailed: Error {}

/// Exit codes (CONTRACT §3).
package enum ExitCode {
    package static let ok: Int32 = 0
    package static let checkFailed: Int32 = 1
    package static let badInput: Int32 = 2
    package static let cannotOpen: Int32 = 3
}
