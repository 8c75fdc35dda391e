/// A timed session: stored once with its real start and end, split by days
/// only when aggregated (RULES §1).
public struct SessionRecord: Sendable, Equatable {
    public enum Status: UInt8, Sendable {
        case running = 0, stopped, discarded, deleted
    }
    public var id: String
    public var actionID: String
    public var start: Instant
    /// nil while running.
    public var end: Instant?
    public var note: String?
    public var status: Status
    /// The seq that created it (started or recorded).
    public var createdSeq: UInt64
    /// The seq of the event that made this version (the last change).
    public var versionSeq: UInt64

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
    public var time: Instant
    public var amount: Int
    public var note: String?
    public var deleted: Bool
    public var createdSeq: UInt64
    /// The seq of the event that made this version (the last change).
    public var versionSeq: UInt64

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
