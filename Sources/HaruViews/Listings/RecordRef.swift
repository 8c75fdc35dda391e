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
        public var message: String
    }

    /// The record `text` names, as `snap` knows it (deleted ones included:
    /// the caller decides what may be done with them).
    public static func resolve(_ snap: Snapshot, _ text: String, reference: Reference) throws -> RecordRow {
        if text.hasPrefix("@") {
            guard let n = Int(text.dropFirst()), n >= 1 else {
                throw Unresolved(message: "\(Echo.quoted(text)) is not a reference: @1 is the most recent record, @2 the one before …")
            }
            let recent = try mostRecent(snap, n, reference: reference)
            guard recent.count >= n else {
                if recent.isEmpty {
                    throw Unresolved(
                        message: "there are no records yet (@\(n) asked); `haru start ACTION` or `haru count ACTION` makes one")
                }
                throw Unresolved(
                    message:
                        "there \(recent.count == 1 ? "is" : "are") only \(recent.count) record\(recent.count == 1 ? "" : "s") (@\(n) asked)"
                )
            }
            return recent[n - 1]
        }
        guard !text.isEmpty, EntityID.isValid(text) else {
            throw Unresolved(
                message: "\(Echo.quoted(text)) is not a record reference: give the start of its id (`haru records` shows them) or @1, @2 …")
        }
        var hits: [RecordRow] = []
        try snap.forEachStoredRecord(idPrefix: Array(text.utf8)) { record in
            if let row = try RecordList.record(snap, record.id, session: record.isSession) { hits.append(row) }
            return hits.count < 2
        }
        guard let first = hits.first else {
            throw Unresolved(
                message: "no record id starts with \(Echo.quoted(text)); `haru records` lists the day's records with their refs")
        }
        guard hits.count == 1 else {
            throw Unresolved(
                message:
                    "\(Echo.quoted(text)) is the start of more than one record id (\(hits.map(\.id).joined(separator: ", ")) …); type more of it"
            )
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
