/// The projection databases a ledger reads and writes (with the id index),
/// and the record that
/// says which they are (Docs/design.md, "Projections are rebuilt beside the
/// old ones").
///
/// A rebuild that finds the stored projections differing from the events
/// never repairs them in place: walking, deleting from or freeing the pages
/// of a damaged B-tree can write over pages that belong to the log. It
/// writes a new set beside them under new names, and one commit makes the
/// new set the one in use (the `meta` record below). The old set's pages are
/// left where they are, never read again and never freed: freeing them would
/// mean trusting the damaged tree's page numbers.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

@_spi(Layers) public struct ProjectionSet: Sendable {
    /// Which set: 0 is the original names (`state` … `ids`), n > 0 the names
    /// ending in `.n` (`state.1` …), written by the n-th replacing rebuild.
    @_spi(Layers) public let generation: UInt32
    /// family byte + entity id → the entity's state (`StateKey`).
    @_spi(Layers) public let state: Database<RawKeys>
    /// UTC day → the record versions of that day (`PageKey`).
    @_spi(Layers) public let pages: Database<PageKey>
    /// `a`+action id / `i`+index: the action table (`InternKey`).
    @_spi(Layers) public let interned: Database<RawKeys>
    /// seq → the sessions running after it.
    @_spi(Layers) public let checkpoints: Database<SeqKey>
    /// event id → seq: the log's index, derived from it like the rest (an
    /// append writes it; a rebuild can write it anew).
    @_spi(Layers) public let ids: Database<IDKeys>
    /// logical day → its totals per action (`DayBuckets`); nil in a set an
    /// older haru wrote (format 1), read only until a writable command
    /// rebuilds it: every query then reads the records.
    @_spi(Layers) public let buckets: Database<BucketKey>?

    /// The databases every set has.
    static let kinds = ["state", "pages", "interned", "checkpoints", "ids"]
    /// The databases of format 2 on.
    static let laterKinds = ["buckets"]

    /// The database names of a set, in the order of `kinds` then `laterKinds`.
    static func names(_ generation: UInt32, _ kinds: [String] = kinds + laterKinds) -> [String] {
        generation == 0 ? kinds : kinds.map { "\($0).\(generation)" }
    }

    /// - Parameter handles: the databases of `names(generation)`, in that
    ///   order; the later kinds may be missing (a set of format 1).
    init(generation: UInt32, _ handles: [Database<RawKeys>]) {
        precondition(handles.count >= Self.kinds.count, "one handle per projection kind")
        self.generation = generation
        state = handles[0]
        pages = handles[1].keyed(PageKey.self)
        interned = handles[2]
        checkpoints = handles[3].keyed(SeqKey.self)
        ids = handles[4].keyed(IDKeys.self)
        buckets = handles.count > 5 ? handles[5].keyed(BucketKey.self) : nil
    }

    init(
        generation: UInt32, state: Database<RawKeys>, pages: Database<PageKey>, interned: Database<RawKeys>, checkpoints: Database<SeqKey>,
        ids: Database<IDKeys>, buckets: Database<BucketKey>?
    ) {
        (self.generation, self.state, self.pages, self.interned) = (generation, state, pages, interned)
        (self.checkpoints, self.ids, self.buckets) = (checkpoints, ids, buckets)
    }

    /// Opens set `generation`: nil when one of the databases every set has
    /// is missing; without buckets when they are (format 1).
    static func open(_ environment: Environment, generation: UInt32, create: Bool) throws -> ProjectionSet? {
        guard let handles = try environment.open(names(generation, kinds), create: create) else { return nil }
        let later = try environment.open(names(generation, laterKinds), create: create) ?? []
        return ProjectionSet(generation: generation, handles + later)
    }
}

/// The `meta` database's one record, `projections`: the format the
/// projections were written in and the set in use.
@_spi(Layers) public enum ProjectionMeta {
    /// The projection format this haru writes and reads. A change to what a
    /// projection stores, or how, raises it: a ledger with an older format is
    /// rebuilt (through a new set) when a writable command opens it; a newer
    /// one is refused. Ledgers made before the record existed are format 1;
    /// format 2 added the day buckets; format 3 the merge rules that keep
    /// what people meant (ids made one, joined sessions, waiting records,
    /// diary pages merged by field) and each action's latest session, so a
    /// merged ledger's state is folded again by them.
    @_spi(Layers) public static let format: UInt32 = 3

    @_spi(Layers) public static let key = Array("projections".utf8)

    @_spi(Layers) public struct Record: Sendable, Equatable {
        @_spi(Layers) public var format: UInt32
        @_spi(Layers) public var generation: UInt32

        @_spi(Layers) public init(format: UInt32, generation: UInt32) {
            self.format = format
            self.generation = generation
        }

        /// Four bytes of format, four of generation, both big-endian.
        @_spi(Layers) public var bytes: [UInt8] {
            withUnsafeBytes(of: format.bigEndian, Array.init) + withUnsafeBytes(of: generation.bigEndian, Array.init)
        }
    }

    /// The record as stored; format 1, set 0 when there is none (a ledger
    /// made before it existed, or a read-only one that lacks `meta`).
    /// - Throws: `LedgerError.damaged` for a record of another length.
    static func read(_ txn: ReadTransaction, _ meta: Database<RawKeys>?) throws -> Record {
        guard let meta else { return Record(format: 1, generation: 0) }
        let stored = try txn.get(meta, key) { v -> Record? in
            v.withUnsafeBytes { b in
                guard b.count == 8 else { return nil }
                return Record(
                    format: UInt32(bigEndian: b.loadUnaligned(fromByteOffset: 0, as: UInt32.self)),
                    generation: UInt32(bigEndian: b.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
            }
        }
        switch stored {
        case nil: return Record(format: 1, generation: 0)
        case let r??: return r
        case .some(nil):
            throw LedgerError.damaged(
                seq: nil,
                reason: "the projection record in `meta` is not 8 bytes; `haru rebuild --fresh` writes the projections and the record anew")
        }
    }
}
