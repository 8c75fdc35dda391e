/// Which device a ledger is: an id kept in the `meta` database, never in the
/// log (each copy of a history is its own device; the events are the same
/// everywhere). Its preferences are events (`device.preferences.changed`)
/// that name it, so they travel with the history and each device reads its own.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension Ledger {
    static let deviceKey = Array("device".utf8)

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
            return id
        }
    }
}
