/// Binary forms of the entities kept in the state database. Like events,
/// they have one encoding each, so `verify` can compare the stored state
/// with a fresh fold byte for byte.
@_spi(Layers) import HaruSystem

@_spi(Layers) public enum StateCodec {
    /// An action's latest session start (`EntityStore.latestStart`).
    @_spi(Layers) public static func encodeLatest(_ t: Instant) -> [UInt8] { withUnsafeBytes(of: t.seconds.bigEndian) { Array($0) } }

    @_spi(Layers) public static func decodeLatest(_ b: UnsafeRawBufferPointer) -> Instant? {
        b.count == 8 ? Instant(seconds: Int64(bigEndian: b.loadUnaligned(as: Int64.self))) : nil
    }

    static func writePayload(_ p: Payload, _ w: inout ByteWriter) {
        let b = p.encoded
        w.varint(UInt64(b.count))
        w.raw(b)
    }

    static func readPayload(_ r: inout ByteReader) throws(DecodeError) -> Payload {
        var sub = try r.sub(Int(try r.varint()))
        return try Payload.decode(from: &sub)
    }

    static func writeDated(_ d: Dated?, _ w: inout ByteWriter) {
        guard let d else { w.u8(0); return }
        w.u8(1)
        w.varint(d.seq)
        w.svarint(d.at.seconds)
    }

    static func readDated(_ r: inout ByteReader) throws(DecodeError) -> Dated? {
        guard try r.u8() == 1 else { return nil }
        return Dated(seq: try r.varint(), at: Instant(seconds: try r.svarint()))
    }

    static func writeOptString(_ s: String?, _ w: inout ByteWriter) {
        guard let s else { w.u8(0); return }
        w.u8(1)
        w.string(s)
    }

    static func readOptString(_ r: inout ByteReader) throws(DecodeError) -> String? {
        try r.u8() == 1 ? try r.string() : nil
    }

    @_spi(Layers) public static func encode(_ d: Definition) -> [UInt8] {
        var w = ByteWriter()
        w.u8(d.kind.rawValue)
        w.string(d.id)
        writeDated(d.created, &w)
        writePayload(d.base, &w)
        w.varint(UInt64(d.edits.count))
        for e in d.edits {
            writeDated(e.when, &w)
            writePayload(e.payload, &w)
        }
        w.varint(d.deletedSeq ?? 0)
        writeDated(d.finished, &w)
        writeDated(d.confirmed, &w)
        w.u8(d.confirmedAchieved ? 1 : 0)
        // Earlier finishes and confirmations (a goal reopened and finished or
        // confirmed again) follow only when there are any: a definition
        // without them is stored as before this field existed.
        if !d.earlierFinishes.isEmpty || !d.earlierConfirmations.isEmpty || !d.restorations.isEmpty {
            w.varint(UInt64(d.earlierFinishes.count))
            for f in d.earlierFinishes { writeDated(f, &w) }
            w.varint(UInt64(d.earlierConfirmations.count))
            for c in d.earlierConfirmations {
                writeDated(c.when, &w)
                w.u8(c.achieved ? 1 : 0)
            }
            // Restorations, likewise only when there are any.
            if !d.restorations.isEmpty {
                w.varint(UInt64(d.restorations.count))
                for r in d.restorations {
                    w.varint(r.deleted)
                    w.varint(r.restored)
                }
            }
        }
        return w.bytes
    }

    @_spi(Layers) public static func decodeDefinition(_ r: inout ByteReader) throws(DecodeError) -> Definition {
        guard let kind = DefinitionKind(rawValue: try r.u8()) else { throw DecodeError("unknown definition kind") }
        let id = try r.string()
        guard let created = try readDated(&r) else { throw DecodeError("definition without creation") }
        let base = try readPayload(&r)
        var edits: [DefinitionEdit] = []
        for _ in 0..<Int(try r.varint()) {
            guard let when = try readDated(&r) else { throw DecodeError("edit without date") }
            edits.append(DefinitionEdit(when: when, payload: try readPayload(&r)))
        }
        let deleted = try r.varint()
        let finished = try readDated(&r)
        let confirmed = try readDated(&r)
        let achieved = try r.u8() == 1
        var earlierFinishes: [Dated] = []
        var earlierConfirmations: [Definition.Confirmation] = []
        if !r.atEnd {
            for _ in 0..<Int(try r.varint()) {
                guard let f = try readDated(&r) else { throw DecodeError("an earlier finish without date") }
                earlierFinishes.append(f)
            }
            for _ in 0..<Int(try r.varint()) {
                guard let c = try readDated(&r) else { throw DecodeError("an earlier confirmation without date") }
                earlierConfirmations.append(Definition.Confirmation(when: c, achieved: try r.u8() == 1))
            }
        }
        var restorations: [Definition.Restoration] = []
        if !r.atEnd {
            for _ in 0..<Int(try r.varint()) {
                restorations.append(Definition.Restoration(deleted: try r.varint(), restored: try r.varint()))
            }
        }
        return Definition(
            kind: kind, id: id, created: created, base: base, edits: edits,
            deletedSeq: deleted == 0 ? nil : deleted, finished: finished, confirmed: confirmed,
            confirmedAchieved: achieved, earlierFinishes: earlierFinishes, earlierConfirmations: earlierConfirmations,
            restorations: restorations)
    }

    @_spi(Layers) public static func encode(_ s: SessionRecord) -> [UInt8] {
        var w = ByteWriter(capacity: 80)
        encode(s, to: &w)
        return w.bytes
    }

    static func encode(_ s: SessionRecord, to w: inout ByteWriter) {
        w.string(s.id)
        w.string(s.actionID)
        encodeRest(s.start.seconds, s.end?.seconds, s.status, s.note, s.createdSeq, s.versionSeq, &w)
    }

    /// The same bytes from the state's compact form (`verify` and `rebuild`
    /// compare a million of these: no `SessionRecord` is built for them).
    @_spi(Layers) public static func encode(_ s: CompactSession, action: String, to w: inout ByteWriter) {
        w.string(s.id)
        w.string(action)
        encodeRest(s.start, s.end == .min ? nil : s.end, s.status, s.note, s.createdSeq, s.versionSeq, &w)
    }

    @inline(__always)
    private static func encodeRest(
        _ start: Int64, _ end: Int64?, _ status: SessionRecord.Status, _ note: String?, _ created: UInt64, _ version: UInt64,
        _ w: inout ByteWriter
    ) {
        w.svarint(start)
        if let end { w.u8(1); w.svarint(end) } else { w.u8(0) }
        w.u8(status.rawValue)
        writeOptString(note, &w)
        w.varint(created)
        w.varint(version)
    }

    @_spi(Layers) public static func decodeSession(_ r: inout ByteReader) throws(DecodeError) -> SessionRecord {
        let id = try r.string()
        let action = try r.string()
        let start = Instant(seconds: try r.svarint())
        let end: Instant? = try r.u8() == 1 ? Instant(seconds: try r.svarint()) : nil
        guard let status = SessionRecord.Status(rawValue: try r.u8()) else { throw DecodeError("unknown session status") }
        let note = try readOptString(&r)
        let created = try r.varint()
        return SessionRecord(
            id: id, actionID: action, start: start, end: end, note: note, status: status, createdSeq: created,
            versionSeq: try r.varint())
    }

    @_spi(Layers) public static func encode(_ c: CountRecord) -> [UInt8] {
        var w = ByteWriter(capacity: 64)
        encode(c, to: &w)
        return w.bytes
    }

    static func encode(_ c: CountRecord, to w: inout ByteWriter) {
        w.string(c.id)
        w.string(c.actionID)
        encodeRest(c.time.seconds, c.amount, c.note, c.deleted, c.createdSeq, c.versionSeq, &w)
    }

    @_spi(Layers) public static func encode(_ c: CompactCount, action: String, to w: inout ByteWriter) {
        w.string(c.id)
        w.string(action)
        encodeRest(c.time, c.amount, c.note, c.deleted, c.createdSeq, c.versionSeq, &w)
    }

    @inline(__always)
    private static func encodeRest(
        _ time: Int64, _ amount: Int, _ note: String?, _ deleted: Bool, _ created: UInt64, _ version: UInt64, _ w: inout ByteWriter
    ) {
        w.svarint(time)
        w.varint(UInt64(amount))
        writeOptString(note, &w)
        w.u8(deleted ? 1 : 0)
        w.varint(created)
        w.varint(version)
    }

    @_spi(Layers) public static func decodeCount(_ r: inout ByteReader) throws(DecodeError) -> CountRecord {
        let id = try r.string()
        let action = try r.string()
        let time = Instant(seconds: try r.svarint())
        let amount = Int(try r.varint())
        let note = try readOptString(&r)
        let deleted = try r.u8() == 1
        let created = try r.varint()
        return CountRecord(
            id: id, actionID: action, time: time, amount: amount, note: note, deleted: deleted, createdSeq: created,
            versionSeq: try r.varint())
    }

    @_spi(Layers) public static func encode(_ s: SettingsHistory) -> [UInt8] {
        var w = ByteWriter()
        w.varint(UInt64(s.changes.count))
        for c in s.changes {
            writeDated(c.when, &w)
            writePayload(c.payload, &w)
        }
        return w.bytes
    }

    @_spi(Layers) public static func decodeSettings(_ r: inout ByteReader) throws(DecodeError) -> SettingsHistory {
        var s = SettingsHistory()
        for _ in 0..<Int(try r.varint()) {
            guard let when = try readDated(&r) else { throw DecodeError("settings change without date") }
            s.append(.init(when: when, payload: try readPayload(&r)))
        }
        return s
    }
}

/// Keys of the state database: a one-byte family, then the id.
@_spi(Layers) public enum StateKey {
    @_spi(Layers) public static let settings: [UInt8] = [0x01]
    @_spi(Layers) public static func definition(_ k: DefinitionKind, _ id: String) -> [UInt8] { [0x10 + k.rawValue] + Array(id.utf8) }
    @_spi(Layers) public static func definitionPrefix(_ k: DefinitionKind) -> UInt8 { 0x10 + k.rawValue }
    /// The first byte of every session's key, and of every count's.
    @_spi(Layers) public static let sessionFamily: UInt8 = 0x20
    @_spi(Layers) public static let countFamily: UInt8 = 0x21
    @_spi(Layers) public static func session(_ id: String) -> [UInt8] { [sessionFamily] + Array(id.utf8) }
    @_spi(Layers) public static func count(_ id: String) -> [UInt8] { [countFamily] + Array(id.utf8) }
    @_spi(Layers) public static func running(_ action: String) -> [UInt8] { [0x22] + Array(action.utf8) }
    /// Ids a merge made one with another: the space, then the id; the value is the id it stands for.
    /// This family and the next sort before the records' (0x20, 0x21): a
    /// batch's records, written last, then go at the end of the database
    /// (appended, `putInKeyOrder`) rather than before these keys (at 0x23
    /// and 0x24 an import ran 18 % more instructions).
    @_spi(Layers) public static let aliasFamily: UInt8 = 0x05
    @_spi(Layers) public static func alias(_ space: AliasSpace, _ id: String) -> [UInt8] { [aliasFamily, space.rawValue] + Array(id.utf8) }
    /// The latest session start of an action: the action's id; the value its seconds (8 bytes, big-endian).
    @_spi(Layers) public static let latestFamily: UInt8 = 0x06
    @_spi(Layers) public static func latest(_ action: String) -> [UInt8] { [latestFamily] + Array(action.utf8) }
}

/// The two halves of the state database that `verify` and `rebuild` compare
/// on two threads: keys before the counts (settings, definitions, sessions)
/// and from them on (counts, running sessions).
@_spi(Layers) public enum StatePart: CaseIterable, Sendable {
    case beforeCounts, fromCounts

    /// The first key of the part (empty: the database's first).
    @_spi(Layers) public var from: [UInt8] { self == .beforeCounts ? [] : [0x21] }
    /// The first key after the part (nil: none).
    @_spi(Layers) public var before: [UInt8]? { self == .beforeCounts ? [0x21] : nil }
}

extension EntityState {
    /// Room for about `n` records, so that a replay does not grow its tables step by step.
    @_spi(Layers) public mutating func reserve(records n: Int) { reserve(sessions: n / 2, counts: n / 2) }

    /// Room for about these many sessions and counts.
    @_spi(Layers) public mutating func reserve(sessions: Int, counts: Int) {
        self.sessions.reserve(sessions)
        self.counts.reserve(counts)
    }

    /// How many entries the state database holds for this state, in one part or in all.
    @_spi(Layers) public func storedCount(_ part: StatePart? = nil) -> Int {
        switch part {
        case .beforeCounts?:
            return (settingsHistory.changes.isEmpty ? 0 : 1) + aliases.reduce(0) { $0 + $1.count } + latestByAction.count
                + defs.reduce(0) { $0 + $1.count } + sessions.count
        case .fromCounts?: return counts.count + runningByAction.count
        case nil: return StatePart.allCases.reduce(0) { $0 + storedCount($1) }
        }
    }

    /// Whether the stored `value` under a state-database key is what this
    /// state holds there; nil when this state has nothing under the key.
    /// Records (nearly all keys) are encoded into `scratch`, reused, rather
    /// than into a new array each.
    @_spi(Layers) public func matches(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, scratch w: inout ByteWriter) -> Bool? {
        guard let family = key.first else { return nil }
        let idBytes = UnsafeRawBufferPointer(rebasing: key[1...])
        var id: String { String(decoding: idBytes, as: UTF8.self) }
        w.reset()
        switch family {
        case 0x01:
            guard !settingsHistory.changes.isEmpty, key.count == 1 else { return nil }
            w.raw(StateCodec.encode(settingsHistory))
        case 0x11...0x14:
            guard let d = definition(DefinitionKind(rawValue: family - 0x10)!, id) else { return nil }
            w.raw(StateCodec.encode(d))
        case 0x20:
            guard let s = sessions[utf8: idBytes] else { return nil }
            StateCodec.encode(s, action: actionNumbers.name(s.action), to: &w)
        case 0x21:
            guard let c = counts[utf8: idBytes] else { return nil }
            StateCodec.encode(c, action: actionNumbers.name(c.action), to: &w)
        case 0x22:
            guard let s = running(action: id) else { return nil }
            w.raw(s.utf8)
        case StateKey.aliasFamily:
            guard key.count >= 2, let space = AliasSpace(rawValue: key[1]),
                let target = alias(space, String(decoding: UnsafeRawBufferPointer(rebasing: key[2...]), as: UTF8.self))
            else { return nil }
            w.raw(target.utf8)
        case StateKey.latestFamily:
            guard let start = latestStart(action: id) else { return nil }
            w.raw(StateCodec.encodeLatest(start))
        default: return nil
        }
        return ByteOrder.same(w.bytes, value)
    }

    /// Calls `body` with every (key, value) the state database holds for this
    /// state (in one part, or all), in no particular order. Records are
    /// encoded into reused buffers: the bytes are valid only during the call.
    @_spi(Layers) public func forEachStored(_ part: StatePart? = nil, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void) {
        var key = ByteWriter(capacity: 64)
        var value = ByteWriter(capacity: 256)
        func emit(_ family: UInt8, _ id: String) {
            key.reset()
            key.u8(family)
            key.raw(id.utf8)
            key.bytes.withUnsafeBytes { k in value.bytes.withUnsafeBytes { v in body(k, v) } }
        }
        func emit(_ k: [UInt8], _ v: [UInt8]) { k.withUnsafeBytes { k in v.withUnsafeBytes { v in body(k, v) } } }
        if part != .fromCounts {
            if !settingsHistory.changes.isEmpty { emit(StateKey.settings, StateCodec.encode(settingsHistory)) }
            for space in AliasSpace.allCases {
                for (id, target) in aliases[Int(space.rawValue) - 1] { emit(StateKey.alias(space, id.id), Array(target.utf8)) }
            }
            for (action, start) in latestByAction { emit(StateKey.latest(action.id), StateCodec.encodeLatest(start)) }
            for byID in defs { for d in byID.values { emit(StateKey.definition(d.kind, d.id), StateCodec.encode(d)) } }
            for s in sessions.records {
                value.reset()
                StateCodec.encode(s, action: actionNumbers.name(s.action), to: &value)
                emit(StateKey.sessionFamily, s.id)
            }
        }
        if part != .beforeCounts {
            for c in counts.records {
                value.reset()
                StateCodec.encode(c, action: actionNumbers.name(c.action), to: &value)
                emit(StateKey.countFamily, c.id)
            }
            for (action, session) in runningByAction {
                value.reset()
                value.raw(session.utf8)
                emit(0x22, action.id)
            }
        }
    }

    /// The entries of `forEachStored`, in key order: what `rebuild` writes
    /// into an empty database, and what `verify` walks to name a missing entry.
    @_spi(Layers) public func storedForm(_ part: StatePart? = nil) -> [([UInt8], [UInt8])] {
        var out: [([UInt8], [UInt8])] = []
        forEachStored(part) { k, v in out.append((Array(k), Array(v))) }
        return ByteOrder.sortedIndices(out.map(\.0)).map { out[$0] }
    }
}
