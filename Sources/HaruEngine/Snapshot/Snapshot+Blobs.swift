/// What a snapshot knows of the blobs (`Ledger+Blobs`): read in its own transaction.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage

extension Snapshot {
    /// The size in bytes of the blob `digest`; nil when the ledger holds none (erased, or never stored).
    public func blobSize(_ digest: String) throws -> Int? {
        guard let blobs = ledger.blobs, let key = Ledger.blobKey(digest) else { return nil }
        return try txn.get(blobs, key) { $0.byteCount }
    }
}
