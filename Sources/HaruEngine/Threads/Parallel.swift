#if canImport(Glibc)
    import Glibc
#endif

/// Two pieces of work at once, on the machine's two cores: `verify` checks
/// the hash chain on one thread while it folds the events on the other.
///
/// A plain POSIX thread rather than Dispatch or Foundation: the library loads
/// neither (process start-up is a third of a short command's time).
enum Parallel {
    /// No second thread could be started.
    struct Unavailable: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "could not start a second thread (pthread_create: error \(code)); nothing was written" }
    }

    /// Runs `a` on a new thread and `b` on this one, and returns both results
    /// once both are done. An error from either is rethrown (`a`'s first).
    /// The closures must not share mutable state.
    /// - Parameter together: the two must run at the same time (they talk
    ///   through a bounded `Channel`: run one after the other, the first would
    ///   wait forever on a full channel). Without a thread such a pair throws
    ///   `Unavailable`; a pair of independent halves runs in turn here instead.
    static func both<A, B>(_ a: @escaping () throws -> A, _ b: () throws -> B, together: Bool = false) throws -> (A, B) {
        let job = Job(a)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, runJob, Unmanaged.passUnretained(job).toOpaque())
        if started != 0 {
            if together { throw Unavailable(code: started) }
            job.run()  // no thread to be had: run it here, in turn
        }
        var resultB: B?
        var errorB: Error?
        do { resultB = try b() } catch { errorB = error }
        if started == 0 { pthread_join(thread, nil) }
        if let e = job.error { throw e }
        if let errorB { throw errorB }
        return (job.result!, resultB!)
    }

    /// The second thread's work and its result; the join orders the accesses.
    private final class Job<A>: @unchecked Sendable, Runnable {
        let body: () throws -> A
        var result: A?
        var error: Error?
        init(_ body: @escaping () throws -> A) { self.body = body }
        func run() {
            do { result = try body() } catch { self.error = error }
        }
    }
}

private protocol Runnable: AnyObject { func run() }

/// The thread's entry point (a C function: it cannot capture the job's type).
private func runJob(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    (Unmanaged<AnyObject>.fromOpaque(raw!).takeUnretainedValue() as! Runnable).run()
    return nil
}
