/// The key codecs of the ledger's databases that are not plain bytes
/// (`SeqKey`, in the storage kit, serves `events` and `checkpoints`).
import HaruModel
import HaruStorage

/// `ids`: an event id as its 16 index bytes (`EventID.indexKey`).
package enum IDKeys: KeyCodec {
    package static func bytes(_ id: EventID) -> [UInt8] { id.indexKey }
}
