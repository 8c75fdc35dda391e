/// Which device a ledger is: an id kept in the `meta` database, never in the
/// log (each copy of a history is its own device; the events are the same
/// everywhere). Its preferences are events (`device.preferences.changed`)
/// that name it, so they travel with the history and each device reads its own.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension Ledger {
    static let deviceKey = Array("device".utf8)
    /// The inode of the directory the device id was given in (8 bytes, big-endian).
    static let deviceHomeKey = Array("device.home".utf8)

    /// This ledger's device id; nil until `assignDeviceID` gave it one.
    public func deviceID() throws -> String? {
        guard let meta else { return nil }
        return try environment.read { txn in
            try txn.get(meta, Ledger.deviceKey) { v in v.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
        }
    }

    /// Gives this ledger the device id `id` unless it has one already.
    /// - Returns: the device id it has now.
    public func assignDeviceID(_ id: String) throws -> String {
        guard EntityID.isValid(id) else { throw LedgerError.invalid(InputError(field: "device_id", rule: "must be an id (got \(id))")) }
        guard let meta else { throw LedgerError.invalid(InputError(field: "device_id", rule: "the ledger is open read-only")) }
        return try environment.write { txn in
            if let old = try txn.reading.get(meta, Ledger.deviceKey, { v in v.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }) {
                return old
            }
            try txn.put(meta, Ledger.deviceKey, Array(id.utf8))
            try recordHome(txn)
            return id
        }
    }

    /// Whether this ledger is in the directory its device id was given in.
    ///
    /// A device id is one ledger's: a copy of the ledger's folder (`cp -a`,
    /// a restored backup, rsync to a new laptop) carries it along, and two
    /// ledgers that send as one device lose each other's events (each
    /// takes the other's for its own; in a shared folder they can name a
    /// file alike). The directory is told by its inode number, which a copy
    /// does not keep and a rename (and `compactInPlace`) does.
    /// - Returns: true at home (and for a ledger without a device id, or one
    ///   whose id an older haru gave: this directory is recorded as its home
    ///   now); false in a copy, which `becomeNewDevice` makes a device of its own.
    public func confirmDeviceHome() throws -> Bool {
        guard let meta, let here = environment.directoryInode else { return true }
        return try environment.write { txn in
            guard try txn.reading.get(meta, Ledger.deviceKey, { _ in true }) != nil else { return true }
            guard let home = try txn.reading.get(meta, Ledger.deviceHomeKey, { v in v.withUnsafeBytes { Array($0) } }) else {
                try recordHome(txn)
                return true
            }
            return home == Ledger.inodeBytes(here)
        }
    }

    /// Makes this ledger a device of its own, with the new id `id`: what a
    /// copy of another ledger's folder does before it syncs. Its events stay
    /// as they are (those it made keep their ids, and go to the others once,
    /// under the new id, from where its sync state says the old id's stopped);
    /// the other ledger keeps the old id.
    /// - Returns: the id it had.
    @discardableResult
    public func becomeNewDevice(_ id: String) throws -> String? {
        guard EntityID.isValid(id) else { throw LedgerError.invalid(InputError(field: "device_id", rule: "must be an id (got \(id))")) }
        guard let meta else { throw LedgerError.invalid(InputError(field: "device_id", rule: "the ledger is open read-only")) }
        return try environment.write { txn in
            let old = try txn.reading.get(meta, Ledger.deviceKey) { v in v.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
            try txn.put(meta, Ledger.deviceKey, Array(id.utf8))
            try recordHome(txn)
            // The files this ledger wrote in a folder are the old id's now: the
            // new id's folder is empty (what was sent stays sent).
            var wrote: [[UInt8]] = []
            let prefix = Array("sync.wrote.".utf8)
            try txn.reading.scan(meta, from: prefix) { k, _ in
                let key = k.withUnsafeBytes { Array($0) }
                guard key.starts(with: prefix) else { return false }
                wrote.append(key)
                return true
            }
            for key in wrote { try txn.put(meta, key, Ledger.inodeBytes(0)) }
            return old
        }
    }

    private func recordHome(_ txn: WriteTransaction) throws {
        guard let meta, let here = environment.directoryInode else { return }
        try txn.put(meta, Ledger.deviceHomeKey, Ledger.inodeBytes(here))
    }

    static func inodeBytes(_ n: UInt64) -> [UInt8] { withUnsafeBytes(of: n.bigEndian) { Array($0) } }
}
