#if canImport(Glibc)
    import Glibc
#endif

import HaruEngine
import HaruModel
import HaruStorage
import HaruViews

/// Where a command writes: stdout and stderr in the real tool, buffers in tests.
package final class OutputStream: @unchecked Sendable {
    // @unchecked: a command runs on one thread; the buffer is never shared across threads.
    private let fd: Int32?
    package private(set) var text = ""

    /// Writes straight to a file descriptor.
    package init(fd: Int32) { self.fd = fd }
    /// Collects into `text`.
    package init() { fd = nil }

    package func write(_ s: String) {
        guard let fd else { text += s; return }
        var s = s
        s.withUTF8 { buf in
            var off = 0
            while off < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
                if n < 0 { if errno == EINTR { continue } else { return } }
                off += n
            }
        }
    }

    package func line(_ s: String = "") { write(s + "\n") }

    /// Whether this stream is a terminal (progress bars and colour only then).
    package var isTTY: Bool { fd.map { isatty($0) == 1 } ?? false }
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
    /// durable when it returns, and the output streams are unbuffered.
    package var end: ((Int32) -> Never)?

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
        self.clock = clock
        self.rng = rng
    }
}

/// A random source for ids (`SystemRandomNumberGenerator` in the tool).
struct AnyRNG: RandomNumberGenerator {
    var base: any RandomNumberGenerator
    mutating func next() -> UInt64 { base.next() }
}
