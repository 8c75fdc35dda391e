/// Watching a ledger change: every commit that adds events, made by this
/// process, another process on the machine (`haru`, a widget extension) or a
/// sync merging other devices' events, as an `AsyncSequence` (Docs/library.md,
/// "Watching changes"). The kernel tells of writes to the ledger's files
/// (`DirectoryWatch`); nothing polls. A burst of commits is told once.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// The ledger's head after a commit that added events.
public struct LedgerCommit: Sendable, Equatable {
    /// The last seq and its chain hash.
    public var seq: UInt64
    public var hash: Digest
}

extension Ledger {
    /// The files a commit writes: the data file (every commit), and the head
    /// record (after every commit that adds events, in durable mode).
    private static let watchedFiles: Set<String> = ["data.mdb", "head"]

    /// The commits that add events to this ledger from now on, in any
    /// process on this machine: one element per burst of commits (the head
    /// after it). Cancelling the task that iterates stops the watch.
    /// - Throws: `WatchError` when the system cannot watch the ledger's folder.
    public func commits() throws -> AsyncStream<LedgerCommit> {
        let (stream, continuation) = AsyncStream<LedgerCommit>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let start = try head()
        let last = Latest(LedgerCommit(seq: start.seq, hash: start.hash))
        let watch = try DirectoryWatch(directory: environment.files, names: Self.watchedFiles) { [self] in
            guard let h = try? head() else { return }
            let now = LedgerCommit(seq: h.seq, hash: h.hash)
            if last.replace(with: now) { continuation.yield(now) }
        }
        continuation.onTermination = { _ in watch.cancel() }
        return stream
    }

    /// The answers of `query` as the ledger changes: its answer now, then
    /// each new answer after a commit that adds events (in any process),
    /// only when it differs from the last one given. `query` runs on a
    /// queue of the observation's own; an error it throws ends the sequence.
    ///
    ///     for try await water in try ledger.observe({ try $0.dayTotals(day, .asOf(evening)).actions["water"]?.count ?? 0 }) {
    ///         model.water = water
    ///     }
    ///
    /// A running session's time grows without commits: tick it in the app
    /// from the session's start.
    /// - Throws: `WatchError` when the system cannot watch the ledger's folder.
    public func observe<Value: Sendable & Equatable>(_ query: @escaping @Sendable (Ledger) throws -> Value) throws
        -> AsyncThrowingStream<Value, any Error>
    {
        let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let start = try head()
        let lastHead = Latest(LedgerCommit(seq: start.seq, hash: start.hash))
        let first = try query(self)
        let lastValue = Latest(first)
        continuation.yield(first)
        let watch = try DirectoryWatch(directory: environment.files, names: Self.watchedFiles) { [self] in
            do {
                let h = try head()
                guard lastHead.replace(with: LedgerCommit(seq: h.seq, hash: h.hash)) else { return }
                let value = try query(self)
                if lastValue.replace(with: value) { continuation.yield(value) }
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in watch.cancel() }
        return stream
    }
}

/// The last value an observation gave (touched only on its watch's queue,
/// and before the watch starts).
private final class Latest<Value: Equatable>: @unchecked Sendable {
    private var value: Value
    init(_ value: Value) { self.value = value }

    /// Keeps `new`; whether it differs from what was kept.
    func replace(with new: Value) -> Bool {
        guard new != value else { return false }
        value = new
        return true
    }
}
