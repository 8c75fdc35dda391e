@_spi(Layers) import HaruSystem

/// An event as a caller writes it (CONTRACT §1), before the store gives it a
/// seq, a recorded time and its place in the hash chain.
public struct EventInput: Sendable, Equatable {
    /// Absent: the store draws one.
    public var id: EventID?
    public var type: EventType
    /// Effective (valid) time.
    public var at: Instant
    /// Payload schema version.
    public var version: Int
    public var source: String?
    public var payload: Payload
    /// Set only for an event pulled from another device (`Ledger.merge`):
    /// where it was first appended. Not part of its content.
    public var origin: Origin? = nil
    /// Its transaction time (µs) in the ledger it was exported from, read
    /// from an export's `recorded`: a load into a new ledger keeps it
    /// (`haru import jsonl` restoring a backup), so the copy answers
    /// `--known-at INSTANT` as the original. Not part of its content.
    public var recorded: Int64? = nil

    public init(id: EventID? = nil, type: EventType, at: Instant, version: Int = 1, source: String? = nil, payload: Payload) {
        self.id = id
        self.type = type
        self.at = at
        self.version = version
        self.source = source
        self.payload = payload
    }

    /// The content an idempotent retry must repeat exactly: everything the
    /// caller chose but the provenance label (Docs/events.md, "Retries").
    public func sameContent(as e: Event) -> Bool {
        type == e.type && at == e.at && version == Int(e.version) && payload == e.payload
    }
}

/// A stored event: the input plus what the store added.
public struct Event: Sendable, Equatable {
    /// Dense append order, from 1.
    public var seq: UInt64
    /// Transaction time, microseconds since the epoch (UTC), never decreasing.
    public var recorded: Int64
    public var id: EventID
    public var type: EventType
    public var at: Instant
    public var version: UInt8
    /// Empty when none was given.
    public var source: String
    public var payload: Payload
    /// This event's link in the hash chain.
    public var hash: Digest
    /// Set when the payload was redacted: the digest of the original payload,
    /// which the chain covers.
    public var redactedDigest: Digest?
    /// Where the event was first appended, when that was another ledger (a
    /// pull); nil for the ledger's own events, whose origin is their own
    /// `recorded` and `seq`.
    public var origin: Origin? = nil

    /// The origin in every case: the stored one, else this ledger's.
    public var madeAt: Origin { origin ?? Origin(recorded: recorded, seq: seq) }

    /// The event's place in the merged order (`MergeKey`).
    public var mergeKey: MergeKey { MergeKey(origin: madeAt, id: id) }

    public init(
        seq: UInt64, recorded: Int64, id: EventID, type: EventType, at: Instant, version: UInt8, source: String,
        payload: Payload, hash: Digest, redactedDigest: Digest? = nil
    ) {
        (self.seq, self.recorded, self.id, self.type, self.at, self.version) = (seq, recorded, id, type, at, version)
        (self.source, self.payload, self.hash, self.redactedDigest) = (source, payload, hash, redactedDigest)
    }

    public static func == (a: Event, b: Event) -> Bool {
        a.seq == b.seq && a.recorded == b.recorded && a.id == b.id && a.type == b.type && a.at == b.at
            && a.version == b.version && a.source == b.source && a.payload == b.payload && a.hash == b.hash
            && a.redactedDigest == b.redactedDigest && a.origin == b.origin
    }

    /// The id of the entity the event is about (nil for settings).
    public var entityID: String? { payload.entityID(of: type) }
}
