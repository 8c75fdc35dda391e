/// An order-free digest of a set of (key, value) entries: how many, and the
/// sum of a 64-bit hash of each. `verify` and `rebuild` compute it over
/// the stored state (one sequential scan) and over the replay's records (one
/// sequential walk) and compare entry by entry only when the digests differ:
/// looking each of a million stored entries up in the replay was a cache
/// miss each, a quarter of a rebuild.
///
/// The hashes are the standard library's `Hasher` (SipHash, keyed per
/// process), so entries cannot be made to collide on purpose; by chance, two
/// different sets of the same size agree with probability about 2^-64. The key is hashed with
/// its length, so an entry's key and value cannot trade bytes. The seed only
/// decides how fast a comparison goes, never its outcome.
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

struct EntryDigest: Equatable {
    var count = 0
    var sum: UInt64 = 0

    @inline(__always)
    mutating func add(_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) {
        var h = Hasher()
        h.combine(key.count)
        h.combine(bytes: key)
        h.combine(bytes: value)
        sum &+= UInt64(UInt(bitPattern: h.finalize()))
        count += 1
    }

    /// An id index entry (16 bytes of id → 8 of seq, both big-endian),
    /// hashed as three words: a third of the general form's cost, which
    /// hashes byte buffers (a million of these per rebuild at L).
    @inline(__always)
    mutating func addIDEntry(_ id: UnsafeRawBufferPointer, seq: UInt64) {
        var h = Hasher()
        h.combine(id.loadUnaligned(as: UInt64.self))
        h.combine(id.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        h.combine(seq)
        sum &+= UInt64(UInt(bitPattern: h.finalize()))
        count += 1
    }

    mutating func add(_ key: [UInt8], _ value: [UInt8]) {
        key.withUnsafeBytes { k in value.withUnsafeBytes { v in add(k, v) } }
    }
}

extension EntityState {
    /// The digest of what the state database holds for this state in `part`.
    func digest(_ part: StatePart) -> EntryDigest {
        var d = EntryDigest()
        forEachStored(part) { k, v in d.add(k, v) }
        return d
    }
}
