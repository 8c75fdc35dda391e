@_spi(Layers) import HaruSystem

/// A timed session: stored once with its real start and end, split by days
/// only when aggregated (RULES §1).
public struct SessionRecord: Sendable, Equatable {
    public enum Status: UInt8, Sendable {
        case running = 0, stopped, discarded, deleted
    }
    // Stored properties in this order (8-byte fields, then the optional and
    // the byte) so a replay's million records take 88 bytes each, not 96.
    public var id: String
    public var actionID: String
    public var note: String?
    public var start: Instant
    /// The seq that created it (started or recorded).
    public var createdSeq: UInt64
    /// The seq of the event that made this version (the last change).
    public var versionSeq: UInt64
    /// nil while running.
    public var end: Instant?
    public var status: Status

    public init(
        id: String, actionID: String, start: Instant, end: Instant?, note: String?, status: Status, createdSeq: UInt64,
        versionSeq: UInt64? = nil
    ) {
        self.id = id
        self.actionID = actionID
        self.start = start
        self.end = end
        self.note = note
        self.status = status
        self.createdSeq = createdSeq
        self.versionSeq = versionSeq ?? createdSeq
    }
}

/// A count entry.
public struct CountRecord: Sendable, Equatable {
    public var id: String
    public var actionID: String
    public var note: String?
    public var time: Instant
    public var amount: Int
    public var createdSeq: UInt64
    /// The seq of the event that made this version (the last change).
    public var versionSeq: UInt64
    public var deleted: Bool

    public init(
        id: String, actionID: String, time: Instant, amount: Int, note: String?, deleted: Bool, createdSeq: UInt64,
        versionSeq: UInt64? = nil
    ) {
        self.id = id
        self.actionID = actionID
        self.time = time
        self.amount = amount
        self.note = note
        self.deleted = deleted
        self.createdSeq = createdSeq
        self.versionSeq = versionSeq ?? createdSeq
    }
}
