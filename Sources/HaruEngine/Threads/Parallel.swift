@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Two pieces of work at once, on the machine's two cores: `verify` checks
/// the hash chain on one thread while it folds the events on the other.
///
/// A plain POSIX thread rather than Dispatch or Foundation: the library loads
/// neither (process start-up is a third of a short command's time).
@_spi(Layers) public enum Parallel {
    /// No second thread could be started.
    struct Unavailable: HaruError {
        var exitStatus: ExitStatus { .cannotOpen }
        let code: Int32
        var description: String { "could not start a second thread (pthread_create: error \(code)); nothing was written" }
    }

    /// Runs `a` on a new thread and `b` on this one, and returns both results
    /// once both are done. An error from either is rethrown (`a`'s first).
    ///
    /// `a` is `sending`: the compiler checks that nothing it captures is
    /// used on this thread afterwards (two closures bumping one counter do
    /// not compile), so the two halves share only `Sendable` values (the
    /// `Channel`s they talk through). Its result comes back through a `Mutex`.
    /// - Parameter together: the two must run at the same time (they talk
    ///   through a bounded `Channel`: run one after the other, the first would
    ///   wait forever on a full channel). Without a thread such a pair throws
    ///   `Unavailable`; a pair of independent halves runs in turn here instead.
    @_spi(Layers) public static func both<A: Sendable, B>(
        _ a: sending @escaping () throws -> A, _ b: () throws -> B, together: Bool = false
    ) throws -> (A, B) {
        let job = Job(a)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, runJob, Unmanaged.passRetained(job).toOpaque())
        if started != 0 {
            Unmanaged.passUnretained(job).release()  // the thread that would have released it
            if together { throw Unavailable(code: started) }
            job.run()  // no thread to be had: run it here, in turn
        }
        var resultB: B?
        var errorB: Error?
        do { resultB = try b() } catch { errorB = error }
        if started == 0 { pthread_join(thread, nil) }
        let outcome = job.take()
        if case .failure(let e)? = outcome { throw e }
        if let errorB { throw errorB }
        guard case .success(let resultA)? = outcome, let resultB else { preconditionFailure("both halves ran") }
        return (resultA, resultB)
    }

    /// The second thread's work and its result. Checked `Sendable`: both live
    /// in `Mutex`es, which take and give their values as `sending`.
    private final class Job<A: Sendable>: Sendable, Runnable {
        private let body: Mutex<(() throws -> A)?>
        private let outcome = Mutex<Result<A, any Error>?>(nil)

        init(_ body: sending @escaping () throws -> A) { self.body = Mutex(body) }

        func run() {
            guard let body = body.withLock({ $0.take() }) else { return }
            let result = Result { try body() }
            outcome.withLock { $0 = result }
        }

        func take() -> sending Result<A, any Error>? { outcome.withLock { $0.take() } }
    }
}

private protocol Runnable: AnyObject, Sendable { func run() }

/// The thread's entry point (a C function: it cannot capture the job's type).
/// It owns the reference `both` passed it.
private func runJob(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let job = Unmanaged<AnyObject>.fromOpaque(raw!).takeRetainedValue() as! Runnable
    job.run()
    return nil
}
