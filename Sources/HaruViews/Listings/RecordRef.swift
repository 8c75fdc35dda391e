/// What a person types to name a record: the start of its id (as
/// `haru records` shows it, like git's short hashes) or `@N`, the N-th most
/// recent record (like timewarrior's `@1`).

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public enum RecordRef {
    /// Why a reference names no single record: said in words a person can act on.
    public struct Unresolved: Error, Sendable {
        public var reason: NotFound
        public var message: String { reason.english }
        public init(_ reason: NotFound) { self.reason = reason }
    }

    /// The record `text` names, as `snap` knows it (deleted ones included:
    /// the caller decides what may be done with them).
    public static func resolve(_ snap: Snapshot, _ text: String, reference: Reference) throws -> RecordRow {
        if text.hasPrefix("@") {
            guard let n = Int(text.dropFirst()), n >= 1 else {
                throw Unresolved(.notAReference(text))
            }
            let recent = try mostRecent(snap, n, reference: reference)
            guard recent.count >= n else {
                throw Unresolved(recent.isEmpty ? .noRecordsYet(asked: n) : .onlyRecords(recent.count, asked: n))
            }
            return recent[n - 1]
        }
        guard !text.isEmpty, EntityID.isValid(text) else {
            throw Unresolved(.notARecordRef(text))
        }
        var hits: [RecordRow] = []
        try snap.forEachStoredRecord(idPrefix: Array(text.utf8)) { record in
            if let row = try RecordList.record(snap, record.id, session: record.isSession) { hits.append(row) }
            return hits.count < 2
        }
        guard let first = hits.first else {
            throw Unresolved(.noRecordStarts(text))
        }
        guard hits.count == 1 else {
            throw Unresolved(.ambiguousRecord(text, ids: hits.map(\.id)))
        }
        var row = first
        row.ref = try snap.shortRef(row.id)
        return row
    }

    /// The `n` most recent live records (recorded and running) by start,
    /// most recent first, whatever their age: the days back from the
    /// reference, widened until `n` records start inside the window. A
    /// record that only reaches into the window (a session running for days)
    /// is no proof that nothing started later outside it, so it does not end
    /// the search (`@1` once named such a session over a later count).
    static func mostRecent(_ snap: Snapshot, _ n: Int, reference: Reference) throws -> [RecordRow] {
        let end = reference.instant.seconds + 1
        var days: Int64 = 2
        while true {
            let start = end - days * 86_400
            let rows = try RecordList.read(snap, span: start..<end, reference: reference, actions: nil, all: false)
                .sorted { ($0.start, $0.createdSeq) > ($1.start, $1.createdSeq) }
            let startedInside = rows.prefix { $0.start.seconds >= start }.count
            if startedInside >= n || days > 200_000 { return Array(rows.prefix(n)) }
            days *= 4
        }
    }
}

extension StoredRecord {
    public var id: String {
        switch self {
        case .session(let s): s.id
        case .count(let c): c.id
        }
    }
    public var isSession: Bool { if case .session = self { true } else { false } }
}
