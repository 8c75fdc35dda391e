import CLMDB
@_spi(Layers) import HaruSystem

/// What a transaction may do, in its type: `ReadTransaction` reads,
/// `WriteTransaction` reads and writes. A write where only a read was handed
/// over does not compile.
@_spi(Layers) public enum ReadOnly {}
@_spi(Layers) public enum ReadWrite {}

@_spi(Layers) public typealias ReadTransaction = Transaction<ReadOnly>
@_spi(Layers) public typealias WriteTransaction = Transaction<ReadWrite>

/// An open LMDB transaction, valid only inside the closure that received it
/// (`Environment.read`, `Environment.write`).
///
/// Stored bytes are handed to closures as `RawSpan`s, which the compiler
/// keeps from escaping the closure: they point into the map, and the map
/// may be unmapped or reused once the transaction ends. Copy what must
/// outlive the closure.
@_spi(Layers) public struct Transaction<Access> {
    @usableFromInline let txn: OpaquePointer

    @inlinable init(txn: OpaquePointer) { self.txn = txn }

    /// The same transaction, for reading only (what a function that only
    /// reads takes).
    @_spi(Layers) public var reading: ReadTransaction { ReadTransaction(txn: txn) }

    /// The snapshot a read transaction sees (LMDB's transaction id): two read
    /// transactions with the same id see the same committed state.
    @_spi(Layers) public var snapshotID: Int { mdb_txn_id(txn) }

    /// Calls `body` with the value stored under `key`; nil when absent
    /// (`MDB_NOTFOUND` is not an error). Inlinable, like `scan` and `last`:
    /// the engine's loops call them with their closures from another module.
    @inlinable
    @_spi(Layers) public func get<K, T>(_ db: Database<K>, _ key: K.Key, _ body: (RawSpan) throws -> T) throws -> T? {
        var k = K.bytes(key)
        var mv = MDB_val()
        let found = try k.withUnsafeMutableBytes { (kb) throws -> Bool in
            var mk = MDB_val(mv_size: kb.count, mv_data: kb.baseAddress)
            let rc = mdb_get(txn, db.dbi, &mk, &mv)
            if rc == MDB_NOTFOUND { return false }
            if rc != MDB_SUCCESS { throw failure(rc, "mdb_get") }
            return true
        }
        guard found else { return nil }
        return try body(UnsafeRawBufferPointer(start: mv.mv_data, count: mv.mv_size).bytes)
    }

    /// A copy of the value stored under `key`, nil when absent.
    @_spi(Layers) public func copy<K>(_ db: Database<K>, _ key: K.Key) throws -> [UInt8]? {
        try get(db, key) { v in v.withUnsafeBytes { Array($0) } }
    }
}

extension Transaction where Access == ReadWrite {

    /// Stores `value` under `key`.
    /// - Parameters:
    ///   - append: the key sorts after every key in `db` (MDB_APPEND:
    ///     no tree search, pages filled completely).
    ///   - noOverwrite: fail with `MDB_KEYEXIST` rather than replace a value.
    @_spi(Layers) public func put<K>(_ db: Database<K>, _ key: K.Key, _ value: [UInt8], append: Bool = false, noOverwrite: Bool = false)
        throws
    {
        var k = K.bytes(key)
        var v = value
        try k.withUnsafeMutableBytes { (kb) throws in
            try v.withUnsafeMutableBytes { (vb) throws in
                if let undo = db.undo { try undo.note(txn, db.dbi, UnsafeRawBufferPointer(kb)) }
                var mk = MDB_val(mv_size: kb.count, mv_data: kb.baseAddress)
                var mv = MDB_val(mv_size: vb.count, mv_data: vb.baseAddress)
                let flags = (append ? UInt32(MDB_APPEND) : 0) | (noOverwrite ? UInt32(MDB_NOOVERWRITE) : 0)
                try check(mdb_put(txn, db.dbi, &mk, &mv, flags), "mdb_put")
            }
        }
    }

    /// Calls `body` with a cursor on `db` for writing entries in key order:
    /// LMDB looks a key up from the cursor's current leaf first, so a run of
    /// ascending puts does not descend the tree for each (Docs/design.md,
    /// "Batch appends").
    @_spi(Layers) public func withCursor<K, T>(_ db: Database<K>, _ body: (WriteCursor) throws -> T) throws -> T {
        let cursor = try openCursor(db)
        defer { cursor.close() }
        return try body(cursor)
    }

    /// Calls `body` to put entries into `db` in ascending key order through
    /// one cursor (`KeyOrderPuts`); keys past the database's last key, as it
    /// was, are appended.
    @_spi(Layers) public func putInKeyOrder<K, T>(_ db: Database<K>, _ body: (inout KeyOrderPuts) throws -> T) throws -> T {
        let last = try self.last(db) { key, _ in key.withUnsafeBytes { Array($0) } } ?? []
        let cursor = try cursor(db)
        defer { cursor.close() }
        var puts = KeyOrderPuts(cursor: cursor, last: last, undo: db.undo.map { ($0, txn, db.dbi) })
        return try body(&puts)
    }

    /// A cursor on `db` that the caller closes (LMDB closes it at commit or
    /// abort otherwise). An append that keeps one open puts at the end
    /// without descending the tree each time: the cursor stays on the last
    /// entry.
    @_spi(Layers) public func openCursor<K>(_ db: Database<K>) throws -> WriteCursor {
        // A cursor's puts would not be noted.
        precondition(db.undo == nil, "a cursor on a recording handle")
        return try cursor(db)
    }

    private func cursor<K>(_ db: Database<K>) throws -> WriteCursor {
        var cursor: OpaquePointer?
        try check(mdb_cursor_open(txn, db.dbi, &cursor), "mdb_cursor_open")
        return WriteCursor(cursor: cursor!)
    }

    /// Removes `key`; false when it was absent.
    @discardableResult
    @_spi(Layers) public func delete<K>(_ db: Database<K>, _ key: K.Key) throws -> Bool {
        var k = K.bytes(key)
        return try k.withUnsafeMutableBytes { (kb) throws -> Bool in
            if let undo = db.undo { try undo.note(txn, db.dbi, UnsafeRawBufferPointer(kb)) }
            var mk = MDB_val(mv_size: kb.count, mv_data: kb.baseAddress)
            let rc = mdb_del(txn, db.dbi, &mk, nil)
            if rc == MDB_NOTFOUND { return false }
            try check(rc, "mdb_del")
            return true
        }
    }

    /// Opens a named database inside this write transaction (creating it
    /// when `create`); the handle stays valid after the commit and is closed
    /// if the transaction aborts. A rebuild writes its new projection
    /// databases through these.
    /// - Returns: nil when it does not exist and `create` is false.
    @_spi(Layers) public func open(_ name: String, create: Bool) throws -> Database<RawKeys>? {
        var dbi: MDB_dbi = 0
        let rc = mdb_dbi_open(txn, name, create ? UInt32(MDB_CREATE) : 0, &dbi)
        if rc == MDB_NOTFOUND && !create { return nil }
        try check(rc, "mdb_dbi_open(\(name))")
        return Database(dbi: dbi)
    }

    /// Removes every entry of `db` (the database stays).
    @_spi(Layers) public func clear<K>(_ db: Database<K>) throws {
        if let undo = db.undo {
            try reading.scan(db.raw) { k, _ in
                try k.withUnsafeBytes { try undo.note(txn, db.dbi, $0) }
                return true
            }
        }
        try check(mdb_drop(txn, db.dbi, 0), "mdb_drop")
    }
}

extension Transaction {
    /// Number of entries in `db`.
    @_spi(Layers) public func count<K>(_ db: Database<K>) throws -> Int {
        var st = MDB_stat()
        try check(mdb_stat(txn, db.dbi, &st), "mdb_stat")
        return st.ms_entries
    }

    /// Calls `body` with a read cursor on `db`, closed when it returns (the
    /// one place the reads below open theirs).
    @inlinable
    func withReadCursor<K, T>(_ db: Database<K>, _ body: (OpaquePointer?) throws -> T) throws -> T {
        var cursor: OpaquePointer?
        let opened = mdb_cursor_open(txn, db.dbi, &cursor)
        if opened != MDB_SUCCESS { throw failure(opened, "mdb_cursor_open") }
        defer { mdb_cursor_close(cursor) }
        return try body(cursor)
    }

    /// Calls `body` with the last (greatest) key and its value; nil when `db` is empty.
    @inlinable
    @_spi(Layers) public func last<K, T>(_ db: Database<K>, _ body: (_ key: RawSpan, _ value: RawSpan) throws -> T) throws -> T? {
        try entry(db, MDB_LAST, body)
    }

    /// Calls `body` with the first (least) key and its value; nil when `db` is empty.
    @inlinable
    @_spi(Layers) public func first<K, T>(_ db: Database<K>, _ body: (_ key: RawSpan, _ value: RawSpan) throws -> T) throws -> T? {
        try entry(db, MDB_FIRST, body)
    }

    /// The entry a cursor operation without a key finds (`MDB_FIRST`, `MDB_LAST`).
    @inlinable
    func entry<K, T>(_ db: Database<K>, _ op: MDB_cursor_op, _ body: (_ key: RawSpan, _ value: RawSpan) throws -> T) throws -> T? {
        try withReadCursor(db) { cursor in
            var mk = MDB_val()
            var mv = MDB_val()
            let rc = mdb_cursor_get(cursor, &mk, &mv, op)
            if rc == MDB_NOTFOUND { return nil }
            if rc != MDB_SUCCESS { throw failure(rc, "mdb_cursor_get") }
            return try body(
                UnsafeRawBufferPointer(start: mk.mv_data, count: mk.mv_size).bytes,
                UnsafeRawBufferPointer(start: mv.mv_data, count: mv.mv_size).bytes)
        }
    }

    /// The first and last keys of `db` that start with `family`, nil when none does.
    @_spi(Layers) public func keyRange(_ db: Database<RawKeys>, family: UInt8) throws -> (first: [UInt8], last: [UInt8])? {
        var first: [UInt8]?
        try scan(db, from: [family]) { k, _ in
            if k.first == family { first = k.array }
            return false
        }
        guard let first else { return nil }
        // The last key of the family: the one before the next family's first key (or the database's last).
        let last: [UInt8]? = try withReadCursor(db) { cursor in
            var mk = MDB_val()
            var mv = MDB_val()
            var next: [UInt8] = [family &+ 1]
            let rc: Int32 =
                family == 0xFF
                ? mdb_cursor_get(cursor, &mk, &mv, MDB_LAST)
                : next.withUnsafeMutableBytes { kb in
                    mk = MDB_val(mv_size: kb.count, mv_data: kb.baseAddress)
                    let r = mdb_cursor_get(cursor, &mk, &mv, MDB_SET_RANGE)
                    return r == MDB_NOTFOUND ? mdb_cursor_get(cursor, &mk, &mv, MDB_LAST) : mdb_cursor_get(cursor, &mk, &mv, MDB_PREV)
                }
            if rc == MDB_SUCCESS {
                let k = UnsafeRawBufferPointer(start: mk.mv_data, count: mk.mv_size)
                return k.first == family ? Array(k) : nil
            }
            if rc != MDB_NOTFOUND { try check(rc, "mdb_cursor_get") }
            return nil
        }
        guard let last else { throw StorageDamage("a key family has a first key but no last (keyRange)") }
        return (first, last)
    }

    /// Calls `body` for each entry with key ≥ `from` (all when nil), in key
    /// order, until it returns false.
    @inlinable
    @_spi(Layers) public func scan<K>(
        _ db: Database<K>, from: K.Key? = nil,
        _ body: (_ key: RawSpan, _ value: RawSpan) throws -> Bool
    ) throws {
        try withReadCursor(db) { cursor in
            var mk = MDB_val()
            var mv = MDB_val()
            var start = from.map(K.bytes) ?? []
            var rc: Int32 = start.withUnsafeMutableBytes { kb in
                if from == nil { return mdb_cursor_get(cursor, &mk, &mv, MDB_FIRST) }
                mk = MDB_val(mv_size: kb.count, mv_data: kb.baseAddress)
                return mdb_cursor_get(cursor, &mk, &mv, MDB_SET_RANGE)
            }
            while rc == MDB_SUCCESS {
                let go = try body(
                    UnsafeRawBufferPointer(start: mk.mv_data, count: mk.mv_size).bytes,
                    UnsafeRawBufferPointer(start: mv.mv_data, count: mv.mv_size).bytes)
                if !go { return }
                rc = mdb_cursor_get(cursor, &mk, &mv, MDB_NEXT)
            }
            if rc != MDB_NOTFOUND { throw failure(rc, "mdb_cursor_get") }
        }
    }
}

/// A cursor of a write transaction, valid inside `withCursor`.
@_spi(Layers) public struct WriteCursor {
    let cursor: OpaquePointer

    /// Stores `value` under `key` (replacing a value there).
    /// - Parameter append: the key sorts after every key in the database
    ///   (MDB_APPEND: a full page is split at its end, not its middle, so a
    ///   run of appends leaves full pages).
    /// - Parameter noOverwrite: fail with `MDB_KEYEXIST` rather than replace a value.
    @_spi(Layers) public func put(
        key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, append: Bool = false, noOverwrite: Bool = false
    )
        throws
    {
        var mk = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var mv = MDB_val(mv_size: value.count, mv_data: UnsafeMutableRawPointer(mutating: value.baseAddress))
        let flags = (append ? UInt32(MDB_APPEND) : 0) | (noOverwrite ? UInt32(MDB_NOOVERWRITE) : 0)
        try check(mdb_cursor_put(cursor, &mk, &mv, flags), "mdb_cursor_put")
    }

    /// Closes the cursor (only inside its transaction).
    @_spi(Layers) public func close() { mdb_cursor_close(cursor) }
}

/// Puts in ascending key order (`Transaction.putInKeyOrder`): from the first
/// key past the database's last one on, every put is an append
/// (`MDB_APPEND`: full pages instead of pages split in half); before it, an
/// ordinary put found from the cursor's leaf.
@_spi(Layers) public struct KeyOrderPuts {
    let cursor: WriteCursor
    /// The database's last key when the run began.
    let last: [UInt8]
    private var appending = false
    /// Where to note what each put replaces (a recording handle's).
    let undo: (UndoRecorder, OpaquePointer, MDB_dbi)?

    init(cursor: WriteCursor, last: [UInt8], undo: (UndoRecorder, OpaquePointer, MDB_dbi)?) {
        self.cursor = cursor
        self.last = last
        self.undo = undo
    }

    /// Puts `value` under `key`, which sorts after the keys put before it.
    @_spi(Layers) public mutating func put(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) throws {
        if let (recorder, txn, dbi) = undo { try recorder.note(txn, dbi, key) }
        appending = appending || ByteOrder.less(last, Array(key))
        try cursor.put(key: key, value: value, append: appending)
    }
}
