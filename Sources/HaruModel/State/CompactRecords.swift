@_spi(Layers) import HaruSystem

/// How the in-memory state keeps records: `SessionRecord` and `CountRecord`
/// with the action as its number in the state's `ActionNumbers` and no
/// optional instant, 72 bytes each instead of 88. A replay of 1.1 M records
/// holds all of them, so that is 17 MB less (issue 5: replay within 200 MB).
@_spi(Layers) public struct CompactSession: IdentifiedRecord {
    @_spi(Layers) public var id: String
    var note: String?
    var start: Int64
    /// `Int64.min` while running (no instant is that far back).
    var end: Int64
    var createdSeq: UInt64
    var versionSeq: UInt64
    @_spi(Layers) public var action: UInt32
    var status: SessionRecord.Status
}

@_spi(Layers) public struct CompactCount: IdentifiedRecord {
    @_spi(Layers) public var id: String
    var note: String?
    var time: Int64
    var amount: Int
    var createdSeq: UInt64
    var versionSeq: UInt64
    @_spi(Layers) public var action: UInt32
    var deleted: Bool
}

/// Action ids numbered in the order the state first meets them.
@_spi(Layers) public struct ActionNumbers: Sendable {
    private(set) var names: [String] = []
    private var numbers: [EntityKey: UInt32] = [:]

    mutating func number(_ action: String) -> UInt32 {
        if let n = numbers[EntityKey(action)] { return n }
        let n = UInt32(names.count)
        names.append(action)
        numbers[EntityKey(action)] = n
        return n
    }

    @_spi(Layers) public func name(_ n: UInt32) -> String { names[Int(n)] }
}

extension ActionNumbers {
    func compact(_ s: SessionRecord, _ action: UInt32) -> CompactSession {
        CompactSession(
            id: s.id, note: s.note, start: s.start.seconds, end: s.end?.seconds ?? .min, createdSeq: s.createdSeq,
            versionSeq: s.versionSeq, action: action, status: s.status)
    }

    func expand(_ s: CompactSession) -> SessionRecord {
        SessionRecord(
            id: s.id, actionID: name(s.action), start: Instant(seconds: s.start),
            end: s.end == .min ? nil : Instant(seconds: s.end), note: s.note, status: s.status, createdSeq: s.createdSeq,
            versionSeq: s.versionSeq)
    }

    func compact(_ c: CountRecord, _ action: UInt32) -> CompactCount {
        CompactCount(
            id: c.id, note: c.note, time: c.time.seconds, amount: c.amount, createdSeq: c.createdSeq, versionSeq: c.versionSeq,
            action: action, deleted: c.deleted)
    }

    func expand(_ c: CompactCount) -> CountRecord {
        CountRecord(
            id: c.id, actionID: name(c.action), time: Instant(seconds: c.time), amount: c.amount, note: c.note, deleted: c.deleted,
            createdSeq: c.createdSeq, versionSeq: c.versionSeq)
    }
}
