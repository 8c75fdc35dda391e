/// What a sync remembers in the ledger between runs, by name. Each is kept
/// under one key of the ledger's `meta` — built here and nowhere else, the
/// same bytes as ever, so a ledger an earlier haru synced reads them.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel

enum SyncCursor {
    /// The targets a sync without one uses (`haru sync` alone), one per line.
    case targets
    /// A folder: the seq this device's own events were scanned to (what is
    /// ready to send), sent to, and written to in its files.
    case scanned(folder: String)
    case sent(folder: String)
    case wrote(folder: String)
    /// A folder (by `FolderSync.folderTag`): how far the run of another
    /// device's whole files was read and merged.
    case read(folderTag: String, device: String)
    /// A folder: one file read past that run — its stamp and whether it was whole.
    case file(folderTag: String, device: String, name: String)
    /// A database (by its schema's name) and a history: this device's events
    /// pushed to, and the history's position pulled to.
    case pushed(database: String, history: String)
    case pulled(database: String, history: String)

    var key: String {
        switch self {
        case .targets: "sync.targets"
        case .scanned(let folder): "sync.scanned." + folder
        case .sent(let folder): "sync.sent." + folder
        case .wrote(let folder): "sync.wrote." + folder
        case .read(let tag, let device): "sync.read." + tag + "/" + device
        case .file(let tag, let device, let name): "sync.file." + tag + "/" + device + "/" + name
        case .pushed(let database, let history): "sync.pg.pushed." + database + "#" + history
        case .pulled(let database, let history): "sync.pg.pulled." + database + "#" + history
        }
    }
}

extension Ledger {
    /// A seq or position a sync remembers (nil: none yet).
    func syncSeq(_ cursor: SyncCursor) throws -> UInt64? { try syncState(cursor.key).flatMap(FolderSync.seq(from:)) }

    /// The targets `haru sync` alone syncs with, as remembered (a database
    /// URL without its password).
    public func syncTargets() throws -> [String] {
        try syncState(SyncCursor.targets.key).map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []
    }

    /// Remembers the targets a sync without one uses; a database URL is kept
    /// without its password (it then comes from PGPASSWORD or ~/.pgpass).
    public func rememberSyncTargets(_ targets: [String]) throws {
        let stored = targets.map(PostgresSync.storable)
        if try syncTargets() != stored { try setSyncState([(SyncCursor.targets.key, Array(stored.joined(separator: "\n").utf8))]) }
    }
}
