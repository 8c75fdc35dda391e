@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruViews

/// One failed assertion of a scenario file, with what differed.
public struct ScenarioFailure: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// What was asserted, e.g. `day 2026-03-04 action_id=read`.
    public var title: String
    /// Per field: what the line expected and what the query said.
    public var diffs: [(field: String, expected: String, actual: String)]
    /// A failure that is not a field difference (an event refused, a query error).
    public var message: String?

    public static func == (a: ScenarioFailure, b: ScenarioFailure) -> Bool { a.description == b.description }

    public var description: String {
        var s = "\(file):\(line): \(title)"
        if let message { s += "\n    \(message)" }
        for d in diffs { s += "\n    \(d.field): expected \(d.expected), got \(d.actual)" }
        return s
    }
}

/// What a scenario run found.
public struct ScenarioResult: Sendable {
    public var assertions = 0
    public var failures: [ScenarioFailure] = []
    public var passed: Int { assertions - failures.count }
}

/// A line of a scenario file that cannot be run at all (bad JSON, unknown
/// expectation): exit 2, like any bad input.
public struct ScenarioError: HaruError, Sendable {
    public var exitStatus: ExitStatus { .badInput }
    public var file: String
    public var line: Int
    public var reason: String
    public var description: String { "\(file):\(line): \(reason)" }
}

/// Ids for events written by a scenario: a fixed SplitMix64 stream, so that
/// a scenario replays to the same ledger every time.
func scenarioIDs() -> SplitMix64 { SplitMix64(seed: 0x4841_5255_4C45_4447) }  // "HARULEDG"
