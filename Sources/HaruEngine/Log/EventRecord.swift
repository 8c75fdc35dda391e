/// The stored form of an event and its link in the hash chain.
///
/// Value layout (the key is the seq, 8 bytes big-endian):
///
///     u8  format (1)        u8  flags (bit 0: payload redacted; bit 1: origin)
///     i64 recorded (µs)     i64 at (s)      u16 type      u8 v
///     16  event id          str source
///     i64 origin recorded (µs)   u64 origin seq   (only with flag bit 1)
///     32  hash
///     32  original payload digest (only when redacted)
///     ... payload (see Payload+Binary)
///
/// The chain: hash = SHA-256(prev ‖ envelope ‖ SHA-256(payload)), where the
/// envelope is format, seq, recorded, at, type, v, id, source and the
/// origin (when there is one) in the order above. An event pulled from
/// another device keeps where it was first appended (`Origin`): its place in
/// the merged order (Docs/sync.md), covered by this device's chain. Covering a digest of the payload, not the payload itself,
/// lets `redact` replace user text later without breaking the chain.
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

@_spi(Layers) public enum EventRecord {
    @_spi(Layers) public static let format: UInt8 = 1

    /// Completes a prepared record: writes in the transaction time and the
    /// id, then the chain hash, computed from the record's bytes (`link`,
    /// `chainHash`) exactly as `verify` recomputes it: one definition of what
    /// the chain covers.
    /// - Returns: the hash.
    static func seal(
        seq: UInt64, recorded: Int64, prepared p: inout PreparedEvent, id: EventID, prev: Digest, using sha: SHA256Context
    ) throws -> Digest {
        let digest = p.payloadDigest
        return try p.record.withUnsafeMutableBytes { raw in
            func put(_ v: UInt64, at offset: Int) {
                withUnsafeBytes(of: v.bigEndian) { raw.baseAddress!.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: 8) }
            }
            put(UInt64(bitPattern: recorded), at: recordedOffset)
            put(id.high, at: idOffset)
            put(id.low, at: idOffset + 8)
            let l = try link(UnsafeRawBufferPointer(raw))
            let hash = chainHash(seq: seq, l, prev: prev, payloadDigest: digest, using: sha)
            put(hash.bytes.0, at: l.hashOffset)
            put(hash.bytes.1, at: l.hashOffset + 8)
            put(hash.bytes.2, at: l.hashOffset + 16)
            put(hash.bytes.3, at: l.hashOffset + 24)
            return hash
        }
    }

    /// Where `recorded` and the id are in a record (see the layout above).
    static let recordedOffset = 2
    static let idOffset = 2 + 8 + 8 + 2 + 1

    /// The record's fields before the payload, in the layout above.
    static func writeEnvelope(
        to w: inout ByteWriter, recorded: Int64, at: Instant, type: EventType, version: UInt8, id: EventID, source: String,
        origin: Origin?, hash: Digest, redactedDigest: Digest?
    ) {
        // The fixed 37 bytes in one go (a write per field was most of
        // preparing a record on the reading thread).
        withUnsafeTemporaryAllocation(byteCount: idOffset + 16, alignment: 8) { b in
            b[0] = format
            b[1] = (redactedDigest == nil ? 0 : 1) | (origin == nil ? 0 : 2)
            b.storeBytes(of: UInt64(bitPattern: recorded).bigEndian, toByteOffset: recordedOffset, as: UInt64.self)
            b.storeBytes(of: UInt64(bitPattern: at.seconds).bigEndian, toByteOffset: recordedOffset + 8, as: UInt64.self)
            b.storeBytes(of: type.rawValue.bigEndian, toByteOffset: recordedOffset + 16, as: UInt16.self)
            b[recordedOffset + 18] = version
            b.storeBytes(of: id.high.bigEndian, toByteOffset: idOffset, as: UInt64.self)
            b.storeBytes(of: id.low.bigEndian, toByteOffset: idOffset + 8, as: UInt64.self)
            w.raw(UnsafeRawBufferPointer(b))
        }
        w.string(source)
        if let origin {
            w.i64(origin.recorded)
            w.u64(origin.seq)
        }
        hash.write(to: &w)
        redactedDigest?.write(to: &w)
    }

    /// The envelope fields of a stored record, with the payload left unread.
    @_spi(Layers) public struct Header {
        @_spi(Layers) public var recorded: Int64
        var at: Instant
        var type: EventType
        var version: UInt8
        var id: EventID
        var source: String
        var origin: Origin?
        var hash: Digest
        var redactedDigest: Digest?
    }

    @_spi(Layers) public static func header(_ r: inout ByteReader) throws(DecodeError) -> Header {
        let fmt = try r.u8()
        guard fmt == format else { throw DecodeError("unknown record format \(fmt)") }
        let flags = try r.u8()
        let recorded = try r.i64()
        let at = Instant(seconds: try r.i64())
        let code = try r.u16()
        guard let type = EventType(rawValue: code) else { throw DecodeError("unknown event type code \(code)") }
        let version = try r.u8()
        let id = EventID(high: try r.u64(), low: try r.u64())
        let source = try r.string()
        let origin: Origin? = flags & 2 != 0 ? Origin(recorded: try r.i64(), seq: try r.u64()) : nil
        let hash = try Digest(reading: &r)
        let redacted: Digest? = flags & 1 != 0 ? try Digest(reading: &r) : nil
        return Header(
            recorded: recorded, at: at, type: type, version: version, id: id, source: source, origin: origin, hash: hash,
            redactedDigest: redacted)
    }

    /// What a replay needs of a stored record: its type, effective time,
    /// version and id (its 16 bytes in place), with the reader left at the
    /// payload (the source and hashes are skipped, not decoded).
    @inline(__always)
    static func brief(_ r: inout ByteReader) throws(DecodeError) -> (
        type: EventType, at: Instant, version: UInt8, id: UnsafeRawBufferPointer
    ) {
        let fmt = try r.u8()
        guard fmt == format else { throw DecodeError("unknown record format \(fmt)") }
        let flags = try r.u8()
        _ = try r.i64()
        let at = Instant(seconds: try r.i64())
        let code = try r.u16()
        guard let type = EventType(rawValue: code) else { throw DecodeError("unknown event type code \(code)") }
        let version = try r.u8()
        var idBytes = try r.sub(16)
        let id = idBytes.rest()
        try r.skipString()
        _ = try r.sub((flags & 1 != 0 ? 64 : 32) + (flags & 2 != 0 ? 16 : 0))
        return (type, at, version, id)
    }

    /// What the chain check needs of a stored record, read in place.
    struct Link {
        var recorded: Int64
        /// The type code (`EventType` raw value), unchecked.
        var typeCode: UInt16
        var id: EventID
        var hash: Digest
        var redactedDigest: Digest?
        /// The stored bytes from `recorded` through `source`: the envelope
        /// but for its first two fields (format, seq), in the envelope's order.
        var envelopeTail: UnsafeRawBufferPointer
        var payload: UnsafeRawBufferPointer
        /// Where the stored hash is: right after the envelope tail.
        var hashOffset: Int { 2 + envelopeTail.count }
    }

    static func link(_ bytes: UnsafeRawBufferPointer) throws(DecodeError) -> Link {
        var r = ByteReader(bytes)
        let fmt = try r.u8()
        guard fmt == format else { throw DecodeError("unknown record format \(fmt)") }
        let flags = try r.u8()
        let recorded = try r.i64()
        _ = try r.sub(8)  // at
        let typeCode = try r.u16()
        _ = try r.u8()  // v
        let id = EventID(high: try r.u64(), low: try r.u64())
        try r.skipString()
        if flags & 2 != 0 { _ = try r.sub(16) }  // the origin, covered by the chain
        let tail = UnsafeRawBufferPointer(rebasing: bytes[2..<r.offset])
        let hash = try Digest(reading: &r)
        let redacted: Digest? = flags & 1 != 0 ? try Digest(reading: &r) : nil
        return Link(
            recorded: recorded, typeCode: typeCode, id: id, hash: hash, redactedDigest: redacted, envelopeTail: tail, payload: r.rest())
    }

    /// The chain hash of a stored record, from its bytes:
    /// SHA-256(prev ‖ envelope ‖ payload digest), where the envelope is
    /// format, seq, recorded, at, type, v, id and source (the stored bytes
    /// but for the seq, which is the key). The parts are hashed where they
    /// are, one update each, rather than copied into one buffer first.
    static func chainHash(
        seq: UInt64, _ link: Link, prev: Digest, payloadDigest: Digest, using sha: SHA256Context
    ) -> Digest {
        var head = (prev.bytes.0.bigEndian, prev.bytes.1.bigEndian, prev.bytes.2.bigEndian, prev.bytes.3.bigEndian)
        var formatSeq = (format, seq.bigEndian)  // 1 + 8 bytes, read below without the padding between them
        var tail = (
            payloadDigest.bytes.0.bigEndian, payloadDigest.bytes.1.bigEndian, payloadDigest.bytes.2.bigEndian,
            payloadDigest.bytes.3.bigEndian
        )
        return withUnsafeBytes(of: &head) { h in
            withUnsafeBytes(of: &formatSeq) { fs in
                withUnsafeBytes(of: &tail) { t in
                    let seqAt = MemoryLayout<(UInt8, UInt64)>.offset(of: \(UInt8, UInt64).1)!
                    return sha.hash(
                        h, UnsafeRawBufferPointer(rebasing: fs[0..<1]), UnsafeRawBufferPointer(rebasing: fs[seqAt..<seqAt + 8]),
                        link.envelopeTail, t)
                }
            }
        }
    }

    /// Decodes a stored event, upcasting an old payload version.
    @_spi(Layers) public static func decode(seq: UInt64, _ bytes: UnsafeRawBufferPointer) throws(DecodeError) -> Event {
        var r = ByteReader(bytes)
        let h = try header(&r)
        var payload = try Payload.decode(from: &r)
        let version = try Upcast.toCurrent(type: h.type, version: h.version, payload: &payload)
        var e = Event(
            seq: seq, recorded: h.recorded, id: h.id, type: h.type, at: h.at, version: version, source: h.source,
            payload: payload, hash: h.hash, redactedDigest: h.redactedDigest)
        e.origin = h.origin
        return e
    }

    /// The seq of an `events` key (`SeqKey`); a key of another length is damage.
    @_spi(Layers) public static func seq(fromKey k: UnsafeRawBufferPointer) throws(DecodeError) -> UInt64 {
        guard let seq = SeqKey.seq(k) else { throw DecodeError("event key of \(k.count) bytes") }
        // Seqs count from 1 and stay far below 2^63 (every reader writes them as JSON integers).
        guard seq >= 1, seq <= UInt64(Int64.max) else { throw DecodeError("event key \(seq) is not a seq") }
        return seq
    }
}

/// Upcasting of old payload versions, applied on every read so that the
/// fold only ever sees current payloads. Every type is at version 1 today;
/// a type whose meaning changes gets version 2 and a step here from 1 to 2,
/// and version-1 events stay readable forever (CONTRACT conventions).
enum Upcast {
    static func toCurrent(type: EventType, version: UInt8, payload: inout Payload) throws(DecodeError) -> UInt8 {
        guard version >= 1, Int(version) <= type.currentVersion else {
            throw DecodeError(
                "\(type.name) payload version \(version) is newer than this haru knows (\(type.currentVersion)); upgrade haru")
        }
        return version
    }
}
