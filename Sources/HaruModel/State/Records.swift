/// A timed session: stored once with its real start and end, split by days
/// only when aggregated (RULES §1).
package struct SessionRecord: Sendable, Equatable {
    package enum Status: UInt8, Sendable {
        case running = 0, stopped, discarded, deleted
    }
    // Stored properties in this order (8-byte fields, then the optional and
    // the byte) so a replay's million records take 88 bytes each, not 96.
    package var id: String
    package var actionID: String
    package var note: String?
    package var start: Instant
    /// The seq that created it (started or recorded).
    package var createdSeq: UInt64
    /// The seq of the event that made this version (the last change).
    package var versionSeq: UInt64
    /// nil while running.
    package var end: Instant?
    package var status: Status

    package init(
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
package struct CountRecord: Sendable, Equatable {
    package var id: String
    package var actionID: String
    package var note: String?
    package var time: Instant
    package var amount: Int
    package var createdSeq: UInt64
    /// The seq of the event that made this version (the last change).
    package var versionSeq: UInt64
    package var deleted: Bool

    package init(
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
