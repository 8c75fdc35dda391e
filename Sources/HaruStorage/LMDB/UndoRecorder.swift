import CLMDB
@_spi(Layers) import HaruSystem

/// The values a write transaction replaces, kept so that they can be put
/// back: what lets a merge undo the folds after the point where an earlier
/// event belongs and fold again from there (Docs/design.md, "A merge folds
/// again from where its events go").
///
/// A database handle made with `Database.recording(into:)` notes, before
/// each put or delete through it, the value its key held (or that it held
/// none); only the first time a key is written in the recorder's life, so
/// what it keeps is the database as it was before. Used by the one thread
/// that holds the write transaction (as the transaction itself).
@_spi(Layers) public final class UndoRecorder: @unchecked Sendable {
    /// One key's value before the writes: nil when the key was absent.
    @_spi(Layers) public struct Image: Sendable {
        @_spi(Layers) public var dbi: UInt32
        @_spi(Layers) public var key: [UInt8]
        @_spi(Layers) public var old: [UInt8]?

        @_spi(Layers) public init(dbi: UInt32, key: [UInt8], old: [UInt8]?) { (self.dbi, self.key, self.old) = (dbi, key, old) }
    }

    @_spi(Layers) public private(set) var images: [Image] = []
    /// The bytes the images hold.
    @_spi(Layers) public private(set) var size = 0
    /// Past `limit` bytes (a bulk load) the recorder lets go of what it
    /// noted and notes nothing more: its images are of no use then.
    @_spi(Layers) public private(set) var overflowed = false
    private let limit: Int
    private var seen: Set<Seen> = []

    private struct Seen: Hashable {
        let dbi: UInt32
        let key: [UInt8]
    }

    @_spi(Layers) public init(limit: Int) { self.limit = limit }

    /// Notes `key`'s value in `dbi` unless noted already.
    @usableFromInline func note(_ txn: OpaquePointer, _ dbi: MDB_dbi, _ key: UnsafeRawBufferPointer) throws {
        guard !overflowed else { return }
        let k = Array(key)
        guard seen.insert(Seen(dbi: dbi, key: k)).inserted else { return }
        var mk = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var mv = MDB_val()
        let rc = mdb_get(txn, dbi, &mk, &mv)
        var old: [UInt8]?
        if rc == MDB_SUCCESS {
            old = Array(UnsafeRawBufferPointer(start: mv.mv_data, count: mv.mv_size))
        } else if rc != MDB_NOTFOUND {
            throw failure(rc, "mdb_get")
        }
        size += k.count + (old?.count ?? 0) + 8
        images.append(Image(dbi: dbi, key: k, old: old))
        if size > limit { (overflowed, images, seen) = (true, [], []) }
    }
}

extension Database {
    /// The same database, every put and delete through it noted in `recorder` first.
    @_spi(Layers) public func recording(into recorder: UndoRecorder) -> Database { Database(dbi: dbi, undo: recorder) }

    /// The recorder this handle notes into (nil: none).
    @_spi(Layers) public var recorder: UndoRecorder? { undo }
}

extension Transaction where Access == ReadWrite {
    /// Puts back what `images` kept (a value, or the key's absence), in the
    /// databases they name.
    @_spi(Layers) public func restore(_ images: [UndoRecorder.Image]) throws {
        for image in images {
            let db = Database<RawKeys>(dbi: image.dbi)
            if let old = image.old { try put(db, image.key, old) } else { try delete(db, image.key) }
        }
    }
}
