/// Where an event was first appended: its transaction time and seq in the
/// ledger that made it. An event a device appends itself has its own
/// `recorded` and `seq` as origin; one pulled from another device keeps the
/// maker's, stored with it (Docs/sync.md).
///
/// Every device orders the events it holds by origin (then id), whatever
/// order they arrived in: the **merged order**, which the projections fold
/// in. A device's own events are in seq order there, because its `recorded`
/// never decreases, and an event made after a device pulled another is
/// after it, because a pull moves the device's clock past what it pulled.
public struct Origin: Sendable, Hashable {
    /// Microseconds since the epoch (UTC).
    public var recorded: Int64
    public var seq: UInt64

    public init(recorded: Int64, seq: UInt64) { (self.recorded, self.seq) = (recorded, seq) }
}

/// An event's place in the merged order: origin, then id (two devices'
/// events may share an origin; never an id).
public struct MergeKey: Sendable, Comparable, Hashable {
    public var origin: Origin
    public var id: EventID

    public init(origin: Origin, id: EventID) { (self.origin, self.id) = (origin, id) }

    public static func < (a: MergeKey, b: MergeKey) -> Bool {
        (a.origin.recorded, a.origin.seq, a.id.high, a.id.low) < (b.origin.recorded, b.origin.seq, b.id.high, b.id.low)
    }
}
