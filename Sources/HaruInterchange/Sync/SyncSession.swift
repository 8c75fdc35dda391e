/// One sync with another place a history is kept — a shared folder or a
/// PostgreSQL database — behind one protocol, so that an app (or `haru`)
/// syncs with a target without knowing which kind it is
/// (`ledger.sync(with: target, now:)`).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel

/// Where this device's events meet the other devices': what `FolderSync`
/// and `PostgresSync` both are.
public protocol SyncTransport {
    /// The target as a person may read it (a database URL without its password).
    var shown: String { get }
    /// The target as the next sync should name it (a database's history made explicit).
    func resolvedTarget() throws -> String
    /// Pushes this device's new events, pulls the others', merges them.
    /// - Parameters:
    ///   - offset: the zone offset (seconds east of UTC) at an instant, for the segment files' times.
    ///   - progress: told what is being done; what it throws stops the sync there
    ///     (what was sent and merged so far stays).
    func run(now: Int64, offset: @escaping (Instant) -> Int, progress: ((String) throws -> Void)?) throws -> SyncReport
}

extension FolderSync: SyncTransport {
    public var shown: String { folder }
    public func resolvedTarget() throws -> String { folder }
}

extension PostgresSync: SyncTransport {
    public var shown: String { PostgresSync.shown(url) }
    public func resolvedTarget() throws -> String { target(history: try resolvedHistory()) }
}

/// A sync with one target, whichever kind it is.
public struct SyncSession {
    public let ledger: Ledger
    public let transport: any SyncTransport
    public let zones: ZoneDirectory

    /// - Parameter target: a folder's path, or `postgresql://…[?history=ID]`.
    public init(ledger: Ledger, target: String, zones: ZoneDirectory = .system) {
        (self.ledger, self.zones) = (ledger, zones)
        transport =
            PostgresSync.isURL(target)
            ? PostgresSync(ledger: ledger, target: target, zones: zones) : FolderSync(ledger: ledger, folder: target, zones: zones)
    }

    /// One sync; the files' times are written in the ledger's zone as it stands before it.
    public func run(now: Int64, progress: ((String) throws -> Void)? = nil) throws -> SyncReport {
        let calendar = try ledger.snapshot(zones: zones) { try $0.calendar() }
        return try transport.run(now: now, offset: { calendar.offset(at: $0) }, progress: progress)
    }
}

extension Ledger {
    /// One sync with `target` — a shared folder's path or `postgresql://…` —
    /// as `haru sync TARGET` runs it: this device's new events pushed, the
    /// others' pulled and merged (Docs/sync.md). Not to be confused with
    /// `sync()`, which flushes a `.relaxed` ledger to disk.
    @discardableResult
    public func sync(with target: String, now: Int64, zones: ZoneDirectory = .system, progress: ((String) throws -> Void)? = nil) throws
        -> SyncReport
    {
        try SyncSession(ledger: self, target: target, zones: zones).run(now: now, progress: progress)
    }
}
