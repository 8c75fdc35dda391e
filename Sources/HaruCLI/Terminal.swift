import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command writes: stdout and stderr in the real tool, buffers in tests.
///
/// Writes to a file descriptor are buffered and go out in blocks of 64 KiB:
/// `haru log` over 200 k events made a `write` call per line (0.93 s, five
/// times its `verify`). `flush()` sends the rest: the command line calls it
/// when a command ends, before the process exits. Standard error is written
/// at once (`buffered: false`), so that a message is never held back.
/// A failed write is remembered (`failure`), not retried; the command line
/// reports it and exits non-zero, so `haru log > /dev/full` cannot look like
/// a success.
package final class OutputStream {
    private let fd: Int32?
    private let capacity: Int
    private var pending: [UInt8] = []
    package private(set) var text = ""
    /// The errno of the first write that failed; later output is dropped.
    package private(set) var failure: Int32?
    /// How many writes were made to it so far (a command that wrote nothing
    /// can be run again from the start: `HaruCLI.dispatch`).
    package private(set) var writes = 0
    /// A stream flushed before each write to this one (stdout, for stderr),
    /// so that a terminal shows the two in the order they were written.
    fileprivate weak var flushedFirst: OutputStream?

    /// Writes to a file descriptor, in blocks of `capacity` bytes when buffered.
    package init(fd: Int32, buffered: Bool = true) {
        self.fd = fd
        capacity = buffered ? 1 << 16 : 0
        if buffered { pending.reserveCapacity(capacity) }
    }
    /// Collects into `text`.
    package init() { (fd, capacity) = (nil, 0) }

    package func write(_ s: String) { push(s.utf8, newline: false) }

    package func line(_ s: String = "") { push(s.utf8, newline: true) }

    /// Writes `bytes` (UTF-8 text) and a newline.
    package func line(bytes: [UInt8]) { push(bytes, newline: true) }

    /// Writes `bytes` (UTF-8 text) as they are. A block larger than the
    /// buffer goes out without being copied into it (an export's chunks are
    /// megabytes: copying them was a tenth of `haru export jsonl`).
    package func write(bytes: [UInt8]) {
        guard fd != nil, bytes.count >= capacity, capacity > 0 else { return push(bytes, newline: false) }
        writes += 1
        flushedFirst?.flush()
        flush()
        bytes.withUnsafeBytes { send($0) }
    }

    /// The one path of every write: to `text` in tests, else into the
    /// buffer (stdout flushed first for stderr), sent when it is full.
    private func push<C: Collection>(_ bytes: C, newline: Bool) where C.Element == UInt8 {
        writes += 1
        guard fd != nil else {
            text += String(decoding: bytes, as: UTF8.self)
            if newline { text += "\n" }
            return
        }
        flushedFirst?.flush()
        pending.append(contentsOf: bytes)
        if newline { pending.append(0x0A) }
        if pending.count >= capacity { flush() }
    }

    /// Writes out what is buffered.
    package func flush() {
        guard fd != nil, !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        pending.withUnsafeBytes { send($0) }
    }

    /// Writes `buf` whole to the descriptor (the first failure is kept; nothing after it is sent).
    private func send(_ buf: UnsafeRawBufferPointer) {
        guard let fd, failure == nil else { return }
        var off = 0
        while off < buf.count {
            let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            off += n
        }
    }

    /// Whether this stream is a terminal (progress bars and colour only then).
    package var isTTY: Bool { fd.map { isatty($0) == 1 } ?? false }
}

/// A file's bytes for a command (`Invocation.readInput`), or why not.
package func readInputFile(_ path: String) throws -> InputBytes {
    guard let b = InputBytes.map(path: path) else {
        let why = InputBytes.whyUnreadable(path: path)
        throw UsageError { w in w(Refusal.cannotRead, path, w.unreadable(why)) }
    }
    return b
}

/// The outside world of a command that runs until stopped (`haru web`).
package struct Serving: Sendable {
    /// µs since the epoch, read from any thread.
    package var clock: @Sendable () -> Int64
    /// 64 random bits per call, from any thread.
    package var random: @Sendable () -> UInt64
    /// Holds SIGINT and SIGTERM for `waitForStop` (called before any thread starts, so none takes them).
    package var holdStopSignals: @Sendable () -> Void
    /// Returns when the process is asked to stop (Ctrl-C, SIGTERM).
    package var waitForStop: @Sendable () -> Void
    /// Opens a URL in the desktop's browser (`xdg-open`); false when it cannot.
    package var openURL: @Sendable (String) -> Bool

    package init(
        clock: @escaping @Sendable () -> Int64, random: @escaping @Sendable () -> UInt64, holdStopSignals: @escaping @Sendable () -> Void,
        waitForStop: @escaping @Sendable () -> Void, openURL: @escaping @Sendable (String) -> Bool
    ) {
        (self.clock, self.random, self.holdStopSignals, self.waitForStop, self.openURL) = (
            clock, random, holdStopSignals, waitForStop, openURL
        )
    }
}

/// Everything a command may take from the outside world, passed in so that
/// tests can pin it: arguments, environment, input, outputs, clock, ids.
package struct Invocation {
    package var arguments: [String]
    package var environment: [String: String]
    /// A file's bytes (mapped: `InputBytes`), or standard input's for nil.
    package var readInput: (String?) throws -> InputBytes
    package var out: OutputStream
    package var err: OutputStream
    /// The real clock, µs since the epoch (`--now` overrides it).
    package var clock: () -> Int64
    package var rng: any RandomNumberGenerator
    /// Ends the process once a command has written its output, before the
    /// ledger is closed and what the command built is freed (the tool passes
    /// `exit`; tests leave it nil and get the exit code back). The OS takes
    /// it all back at once: after a bulk load, closing LMDB's environment
    /// alone freed 67 k page buffers one by one. Nothing is lost: a commit is
    /// durable when it returns, and the output is flushed before `end` is called.
    package var end: ((Int32) -> Never)?
    /// Flushes a ledger written with `--no-sync` to disk after its commit
    /// (a seam: tests make it fail, as a failing `fdatasync` would).
    package var flushToDisk: (Ledger) throws -> Void = { try $0.sync() }
    /// The link naming the machine's zone (`haru init` without `--time-zone`, no `$TZ`).
    package var localtime = "/etc/localtime"
    /// Asks a person a yes/no question on the terminal; nil when there is
    /// no person to ask (standard input is not a terminal: a script).
    package var confirm: ((String) -> Bool)? = nil
    /// What a command that serves (`haru web`) needs beyond the rest: the
    /// clock and randomness its server's threads read, and the process's
    /// stop signals. Nil where nothing can serve (the in-process tests).
    package var serving: Serving? = nil
    /// The seqs this command committed, so that a failure after the commit
    /// can say they are in the ledger (`HaruCLI.finish`).
    package let committed = CommittedSeqs()

    package init(
        arguments: [String], environment: [String: String], readInput: @escaping (String?) throws -> InputBytes,
        out: OutputStream, err: OutputStream, clock: @escaping () -> Int64, rng: any RandomNumberGenerator,
        end: ((Int32) -> Never)? = nil
    ) {
        self.end = end
        self.arguments = arguments
        self.environment = environment
        self.readInput = readInput
        self.out = out
        self.err = err
        if err !== out { err.flushedFirst = out }
        self.clock = clock
        self.rng = rng
    }
}

/// A random source for ids (`SystemRandomNumberGenerator` in the tool).
struct AnyRNG: RandomNumberGenerator {
    var base: any RandomNumberGenerator
    mutating func next() -> UInt64 { base.next() }
}

/// The seqs a command has committed so far (a class: the command's context
/// and the invocation that prints the outcome share it).
package final class CommittedSeqs {
    package private(set) var range: ClosedRange<UInt64>?
    /// A new ledger put in place (`compact`'s copy): its path.
    package private(set) var created: String?

    /// Notes a new ledger put in place.
    package func note(created path: String) { created = path }

    /// Notes a commit's new events (none when everything was there already).
    package func note(_ r: AppendResult) {
        guard r.appended > 0 else { return }
        let first = r.head - UInt64(r.appended) + 1
        range = range.map { min($0.lowerBound, first)...max($0.upperBound, r.head) } ?? first...r.head
    }

    /// Notes one committed event.
    package func note(seq: UInt64) {
        range = range.map { min($0.lowerBound, seq)...max($0.upperBound, seq) } ?? seq...seq
    }

    /// What is done and stays done: `committed seq 11–210`, `committed seq 11`, `created the ledger at DEST`.
    package var text: String? { said(.english) }

    /// The same in `w`'s language.
    func said(_ w: Words) -> String? {
        if let range {
            return w(
                Done.committedSeqs, range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
            )
        }
        return created.map { w(Done.createdLedgerAt, $0) }
    }
}
