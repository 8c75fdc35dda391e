/// An import as a plan, then a commit: the events another tool's files
/// become (`LoopImport.events`, `AppCSV.events`, a program's own) are first
/// run against the ledger without writing (`Ledger.preview`), so a person or
/// an app sees what will be appended, what is there already, what it stops,
/// edits or deletes, and what the source left out — and then commits exactly
/// that, at the head the plan was made at.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruInterchange
@_spi(Layers) import HaruModel

public struct ImportPlan: Sendable {
    /// The events, in order, as the importer made them.
    public let events: [EventInput]
    /// Each event's place in its source, for errors (nil: 1, 2, 3 …).
    public let lines: [Int]?
    /// Attachments the events name, stored with them.
    public let blobs: [[UInt8]]
    /// What the source left out or could not keep, in sentences.
    public let notes: [String]
    /// The head the plan was made at: `commit` appends only there.
    public let head: UInt64
    /// What a commit at `head` writes: `appended` (the events new to the
    /// ledger) and `written` (how many of each type).
    public let preview: AppendResult

    /// Events the ledger holds already with the same content: not written again.
    public var alreadyThere: Int { events.count - preview.appended }
    /// Whether committing writes anything.
    public var isEmpty: Bool { preview.appended == 0 }
    /// What the plan takes away or changes of what is there: deletions,
    /// stops of running sessions, edits of records and definitions. An
    /// import of an older export than the last can do this; ask first.
    public var changesWhatIsThere: Bool {
        let t = preview.written
        let deletions: [EventType] = [.sessionDeleted, .countDeleted, .actionDeleted, .tagDeleted, .goalDeleted, .questDeleted]
        let edits: [EventType] = [.sessionEdited, .countEdited, .actionEdited, .tagEdited, .goalEdited, .questEdited]
        return (deletions + edits).contains { t[$0] > 0 } || t[.sessionStopped] > t.stoppedHere
    }
}

extension Ledger {
    /// Plans appending `events`: checks them all against the ledger as it is
    /// (the same rules and errors as `append`: `LedgerError.invalid` names
    /// the line, field and rule) and says what a commit would write. Nothing
    /// is written.
    public func plan<G: RandomNumberGenerator>(
        _ events: [EventInput], lines: [Int]? = nil, blobs: [[UInt8]] = [], notes: [String] = [], now: Int64, rng: inout G
    ) throws -> ImportPlan {
        let preview = try self.preview(events, lines: lines, blobs: blobs, now: now, rng: &rng)
        // The head the preview ran on: the one it would have appended after.
        let head = preview.head - UInt64(preview.appended)
        return ImportPlan(events: events, lines: lines, blobs: blobs, notes: notes, head: head, preview: preview)
    }

    /// Writes what `plan` says, as one atomic batch, if the ledger is still
    /// at the head the plan was made at.
    /// - Throws: `LedgerError.headMoved` when another writer came between
    ///   (make the plan again: what it would write may have changed).
    @discardableResult
    public func commit<G: RandomNumberGenerator>(
        _ plan: ImportPlan, now: Int64, rng: inout G, progress: ((BulkProgress) -> Void)? = nil
    ) throws -> AppendResult {
        try append(plan.events, lines: plan.lines, blobs: plan.blobs, expectHead: plan.head, now: now, rng: &rng, progress: progress)
    }
}

extension Ledger {
    /// Plans `timew export` output as `TimewarriorImport.run` would import
    /// it (read whole): what it appends, stops, edits and — for intervals a
    /// re-import no longer finds — deletes; `unchanged` counts the intervals
    /// already there as they are. A refusal names the interval
    /// (`TimewarriorImport.Refusal`), as the import's does.
    public func planTimewarriorImport<G: RandomNumberGenerator>(
        _ bytes: [UInt8], options: TimewarriorImport.Options, zones: ZoneDirectory = .system, now: Int64, rng: inout G
    ) throws -> (plan: ImportPlan, unchanged: Int) {
        let whole = try TimewarriorImport.wholeEvents(bytes, options: options, ledger: self, zones: zones)
        do {
            let plan = try self.plan(whole.events, lines: whole.lines, notes: whole.notes, now: now, rng: &rng)
            return (plan, whole.unchanged)
        } catch LedgerError.invalid(let e) {
            throw TimewarriorImport.refusal(e, ledger: self, zones: zones)
        }
    }
}
