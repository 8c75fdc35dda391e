// The `haru` executable: the real world (arguments, environment, clock,
// randomness, standard streams) handed to HaruCLI, and the exit code back.
import HaruCLI
import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

/// The variables haru reads (Docs/cli.md), and only those: the environment
/// of a shell holds dozens, and making a Swift string of each was a tenth of
/// a `haru day`'s instructions. `getenv` looks each up where it is.
func environment() -> [String: String] {
    var env: [String: String] = [:]
    for name in ["HARU_LEDGER", "XDG_DATA_HOME", "HOME", "NO_COLOR", "TERM", "TZ", "TMPDIR", "LC_ALL", "LC_MESSAGES", "LANG"] {
        if let value = getenv(name) { env[name] = String(cString: value) }
    }
    return env
}

func clockMicros() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
}

func readInput(_ path: String?) throws -> InputBytes {
    if let path {
        return try readInputFile(path)
    }
    var out: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = buf.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n < 0 { if errno == EINTR { continue } else { throw UsageError("cannot read standard input") } }
        if n == 0 { break }
        out.append(contentsOf: buf[0..<n])
    }
    return InputBytes(out)
}

/// A yes/no question on the terminal (stderr), answered on standard input.
func askOnTerminal(_ question: String) -> Bool {
    FileHandleWrite.stderr(question + " [y/N] ")
    guard let line = readLine(strippingNewline: true) else { return false }
    return ["y", "yes"].contains(line.lowercased())
}

/// SIGINT and SIGTERM: what stops `haru web`.
func stopSignals() -> sigset_t {
    var s = sigset_t()
    sigemptyset(&s)
    sigaddset(&s, SIGINT)
    sigaddset(&s, SIGTERM)
    return s
}

/// `xdg-open URL`, not waited for.
@Sendable func openInBrowser(_ url: String) -> Bool {
    var pid = pid_t()
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("xdg-open"), strdup(url), nil]
    defer { argv.forEach { free($0) } }
    return posix_spawnp(&pid, "xdg-open", nil, nil, argv, environ) == 0
}

enum FileHandleWrite {
    static func stderr(_ s: String) {
        var s = s
        s.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}

var invocation = Invocation(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: environment(), readInput: readInput,
    out: OutputStream(fd: 1), err: OutputStream(fd: 2, buffered: false), clock: clockMicros, rng: BufferedSystemRandom(),
    end: { exit($0) })
if isatty(0) == 1 && isatty(2) == 1 { invocation.confirm = askOnTerminal }
invocation.serving = Serving(
    clock: clockMicros,
    random: {
        var g = SystemRandomNumberGenerator(); return g.next()
    },
    holdStopSignals: {
        var s = stopSignals(); pthread_sigmask(SIG_BLOCK, &s, nil)
    },
    waitForStop: {
        var s = stopSignals(), got: Int32 = 0; sigwait(&s, &got)
    }, openURL: openInBrowser)
// A damaged data file can make liblmdb fault: one line and exit 3 (FaultExit).
FaultExit.install()
let code = HaruCLI.run(invocation)
exit(code)
