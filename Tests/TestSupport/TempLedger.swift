import Foundation
import HaruCLI
@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

/// A fresh ledger directory per test, removed when the value goes away.
package final class TempDir: @unchecked Sendable {
    // @unchecked: only the immutable path is shared.
    package let path: String

    package init(_ label: String = "haru-test") {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/\(label)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the directory for a ledger (not created).
    package var ledgerPath: String { path + "/ledger" }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A deterministic id source for tests (SplitMix64).
package struct SeededRNG: RandomNumberGenerator, Sendable {
    private var state: UInt64
    package init(seed: UInt64 = 42) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What one in-process `haru` run produced.
package struct CLIResult: Sendable {
    package var code: Int32
    package var out: String
    package var err: String

    package init(code: Int32, out: String, err: String) { (self.code, self.out, self.err) = (code, out, err) }
}

/// Runs `haru` in-process with a pinned clock. Each call draws its ids from
/// a fresh random seed unless `seed` pins it, as separate processes would.
/// - Parameters:
///   - stdin: what `-` or a missing FILE reads.
///   - now: the clock (default 2026-03-04T12:00:00Z).
/// - Parameter adjust: changes the invocation before the run (fault seams).
package func haru(
    _ args: [String], ledger: String? = nil, stdin: String = "", now: Int64 = 1_772_625_600_000_000,
    seed: UInt64? = nil, adjust: (inout Invocation) -> Void = { _ in }
) -> CLIResult {
    let out = OutputStream()
    let err = OutputStream()
    var env: [String: String] = [:]
    if let ledger { env["HARU_LEDGER"] = ledger }
    let input = Array(stdin.utf8)
    var invocation = Invocation(
            arguments: args, environment: env,
            readInput: { path in
                guard let path else { return InputBytes(input) }
                return try readInputFile(path)
            },
            out: out, err: err, clock: { now }, rng: SeededRNG(seed: seed ?? UInt64.random(in: 1...UInt64.max)))
    // Tests never read the machine's zone: a ledger made without --time-zone is UTC unless TZ is set.
    invocation.localtime = "/nonexistent/localtime"
    adjust(&invocation)
    let code = HaruCLI.run(invocation)
    return CLIResult(code: code, out: out.text, err: err.text)
}

/// Parses JSONL text into inputs, failing the test on bad lines.
package func events(_ jsonl: String, zones: ZoneDirectory = .system) throws -> [EventInput] {
    try jsonl.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map {
        try EventInput.parse(try JSONParser.parse(String($0)), zones: zones)
    }
}

/// The package root (for Fixtures/ and the built binary).
package let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The built `haru` executable: $HARU_BIN, else the debug build in .build.
package var haruBinary: String {
    if let b = ProcessInfo.processInfo.environment["HARU_BIN"] { return b }
    return packageRoot + "/.build/debug/haru"
}

/// Runs the real binary as a child process.
package func runBinary(_ args: [String], ledger: String?, stdin: String? = nil) throws -> CLIResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: haruBinary)
    p.arguments = args
    var env = ProcessInfo.processInfo.environment
    if let ledger { env["HARU_LEDGER"] = ledger }
    p.environment = env
    let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
    p.standardOutput = outPipe
    p.standardError = errPipe
    p.standardInput = inPipe
    try p.run()
    if let stdin { inPipe.fileHandleForWriting.write(Data(stdin.utf8)) }
    try inPipe.fileHandleForWriting.close()
    let out = outPipe.fileHandleForReading.readDataToEndOfFile()
    let err = errPipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return CLIResult(code: p.terminationStatus, out: String(decoding: out, as: UTF8.self), err: String(decoding: err, as: UTF8.self))
}

/// Runs a bash script: its exit status and both outputs.
package func sh(_ script: String) throws -> CLIResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/bash")
    p.arguments = ["-c", script]
    let out = Pipe(), err = Pipe()
    (p.standardOutput, p.standardError) = (out, err)
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return CLIResult(code: p.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
}
