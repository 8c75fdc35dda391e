/// The key codecs of the ledger's databases that are not plain bytes
/// (`SeqKey`, in the storage kit, serves `events` and `checkpoints`).

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// `ids`: an event id as its 16 index bytes (`EventID.indexKey`).
@_spi(Layers) public enum IDKeys: KeyCodec {
    @_spi(Layers) public static func bytes(_ id: EventID) -> [UInt8] { id.indexKey }
}
