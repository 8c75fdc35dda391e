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

    mutating func add(_ key: [UInt8], _ value: [UInt8]) {
        key.withUnsafeBytes { k in value.withUnsafeBytes { v in add(k, v) } }
    }
}

extension EntityState {
    /// The digest of the stored entries with keys from `from`, before
    /// `before`: the two parts `verify` and `rebuild` compare (before the
    /// counts: settings, definitions, sessions; from them: counts, running).
    func digest(from: [UInt8], before: [UInt8]?) -> EntryDigest {
        var d = EntryDigest()
        var key = ByteWriter(capacity: 64)
        var value = ByteWriter(capacity: 256)
        func add(_ family: UInt8, _ id: String) {
            key.reset()
            key.u8(family)
            key.raw(id.utf8)
            key.bytes.withUnsafeBytes { k in value.bytes.withUnsafeBytes { v in d.add(k, v) } }
        }
        if from.isEmpty && before == StateKey.countPrefix {
            if !settingsHistory.changes.isEmpty { d.add(StateKey.settings, StateCodec.encode(settingsHistory)) }
            for byID in defs {
                for def in byID.values { d.add(StateKey.definition(def.kind, def.id), StateCodec.encode(def)) }
            }
            for s in sessions.records {
                value.reset()
                StateCodec.encode(s, action: actionNumbers.name(s.action), to: &value)
                add(0x20, s.id)
            }
        } else if from == StateKey.countPrefix && before == nil {
            for c in counts.records {
                value.reset()
                StateCodec.encode(c, action: actionNumbers.name(c.action), to: &value)
                add(0x21, c.id)
            }
            for (action, session) in runningByAction {
                value.reset()
                value.raw(session.utf8)
                add(0x22, action.id)
            }
        } else {
            for (k, v) in storedForm() where !ByteOrder.less(k, from) && (before.map { ByteOrder.less(k, $0) } ?? true) {
                d.add(k, v)
            }
        }
        return d
    }
}
