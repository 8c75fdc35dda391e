/// The stored form of an event and its link in the hash chain.
///
/// Value layout (the key is the seq, 8 bytes big-endian):
///
///     u8  format (1)        u8  flags (bit 0: payload redacted)
///     i64 recorded (µs)     i64 at (s)      u16 type      u8 v
///     16  event id          str source      32  hash
///     32  original payload digest (only when redacted)
///     ... payload (see Payload+Binary)
///
/// The chain: hash = SHA-256(prev ‖ envelope ‖ SHA-256(payload)), where the
/// envelope is format, seq, recorded, at, type, v, id and source in the
/// order above. Covering a digest of the payload, not the payload itself,
/// lets `redact` replace user text later without breaking the chain.
public enum EventRecord {
    public static let format: UInt8 = 1

    /// Builds a new event's stored bytes and hash. The hash is computed from
    /// the encoded record (`link`, `chainHash`), exactly as `verify` recomputes
    /// it: one definition of what the chain covers.
    static func seal(
        seq: UInt64, recorded: Int64, input: EventInput, id: EventID, prev: Digest, using sha: SHA256Context,
        scratch: inout ByteWriter
    ) throws -> (Event, [UInt8]) {
        let payloadBytes = input.payload.encoded
        var event = Event(
            seq: seq, recorded: recorded, id: id, type: input.type, at: input.at, version: UInt8(input.version),
            source: input.source ?? "", payload: input.payload, hash: .zero, redactedDigest: nil)
        var bytes = encode(event, payloadBytes: payloadBytes)
        let (hash, at) = try bytes.withUnsafeBytes { raw in
            let l = try link(raw)
            return (chainHash(seq: seq, l, prev: prev, payloadDigest: sha.hash(l.payload), scratch: &scratch, using: sha), l.hashOffset)
        }
        var w = ByteWriter(capacity: 32)
        hash.write(to: &w)
        bytes.replaceSubrange(at..<(at + 32), with: w.bytes)
        event.hash = hash
        return (event, bytes)
    }

    static func encode(_ e: Event, payloadBytes: [UInt8]) -> [UInt8] {
        var w = ByteWriter(capacity: 96 + payloadBytes.count)
        w.u8(format)
        w.u8(e.redactedDigest == nil ? 0 : 1)
        w.i64(e.recorded)
        w.i64(e.at.seconds)
        w.u16(e.type.rawValue)
        w.u8(e.version)
        w.u64(e.id.high)
        w.u64(e.id.low)
        w.string(e.source)
        e.hash.write(to: &w)
        e.redactedDigest?.write(to: &w)
        w.raw(payloadBytes)
        return w.bytes
    }

    /// The envelope fields of a stored record, with the payload left unread.
    struct Header {
        var recorded: Int64
        var at: Instant
        var type: EventType
        var version: UInt8
        var id: EventID
        var source: String
        var hash: Digest
        var redactedDigest: Digest?
    }

    static func header(_ r: inout ByteReader) throws(DecodeError) -> Header {
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
        let hash = try Digest(reading: &r)
        let redacted: Digest? = flags & 1 != 0 ? try Digest(reading: &r) : nil
        return Header(
            recorded: recorded, at: at, type: type, version: version, id: id, source: source, hash: hash, redactedDigest: redacted)
    }

    /// What a replay needs of a stored record: its type, effective time and
    /// version, with the reader left at the payload (the id, source and
    /// hashes are skipped, not decoded).
    @inline(__always)
    static func brief(_ r: inout ByteReader) throws(DecodeError) -> (type: EventType, at: Instant, version: UInt8) {
        let fmt = try r.u8()
        guard fmt == format else { throw DecodeError("unknown record format \(fmt)") }
        let flags = try r.u8()
        _ = try r.i64()
        let at = Instant(seconds: try r.i64())
        let code = try r.u16()
        guard let type = EventType(rawValue: code) else { throw DecodeError("unknown event type code \(code)") }
        let version = try r.u8()
        _ = try r.sub(16)
        try r.skipString()
        _ = try r.sub(flags & 1 != 0 ? 64 : 32)
        return (type, at, version)
    }

    /// What the chain check needs of a stored record, read in place.
    struct Link {
        var recorded: Int64
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
        _ = try r.sub(8 + 2 + 1)  // at, type, v
        let id = EventID(high: try r.u64(), low: try r.u64())
        try r.skipString()
        let tail = UnsafeRawBufferPointer(rebasing: bytes[2..<r.offset])
        let hash = try Digest(reading: &r)
        let redacted: Digest? = flags & 1 != 0 ? try Digest(reading: &r) : nil
        return Link(recorded: recorded, id: id, hash: hash, redactedDigest: redacted, envelopeTail: tail, payload: r.rest())
    }

    /// The chain hash of a stored record, from its bytes:
    /// SHA-256(prev ‖ envelope ‖ payload digest), where the envelope is
    /// format, seq, recorded, at, type, v, id and source (the stored bytes
    /// but for the seq, which is the key), assembled in a reused buffer.
    static func chainHash(
        seq: UInt64, _ link: Link, prev: Digest, payloadDigest: Digest, scratch w: inout ByteWriter, using sha: SHA256Context
    ) -> Digest {
        w.reset()
        prev.write(to: &w)
        w.u8(format)
        w.u64(seq)
        w.raw(link.envelopeTail)
        payloadDigest.write(to: &w)
        return w.bytes.withUnsafeBytes { sha.hash($0) }
    }

    /// Decodes a stored event, upcasting an old payload version.
    static func decode(seq: UInt64, _ bytes: UnsafeRawBufferPointer) throws(DecodeError) -> Event {
        var r = ByteReader(bytes)
        let h = try header(&r)
        var payload = try Payload.decode(from: &r)
        let version = try Upcast.toCurrent(type: h.type, version: h.version, payload: &payload)
        return Event(
            seq: seq, recorded: h.recorded, id: h.id, type: h.type, at: h.at, version: version, source: h.source,
            payload: payload, hash: h.hash, redactedDigest: h.redactedDigest)
    }

    /// The 8-byte big-endian key of a seq.
    static func key(_ seq: UInt64) -> [UInt8] { withUnsafeBytes(of: seq.bigEndian) { Array($0) } }

    static func seq(fromKey k: UnsafeRawBufferPointer) throws(DecodeError) -> UInt64 {
        guard k.count == 8 else { throw DecodeError("event key of \(k.count) bytes") }
        var r = ByteReader(k)
        return try r.u64()
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
