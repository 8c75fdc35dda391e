import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@testable import HaruOperations
@testable import HaruViews

/// The app's intents as library operations (issue 42): the rules an app
/// would otherwise re-derive from the command line — the short-session rule,
/// the long-session limit, one running session per action, whole minutes in
/// an edit, undo's inverse — each with a typed outcome or a typed refusal.
struct OperationsTests {
    /// 2026-03-02 09:00 in Seoul, as µs.
    static let nine: Int64 = 1_772_409_600 * 1_000_000
    static func at(_ minutes: Int64, seconds: Int64 = 0) -> Int64 { nine + (minutes * 60 + seconds) * 1_000_000 }

    /// A ledger in Seoul with a timed action `read` and a counted `water`.
    func ledger(_ dir: TempDir) throws -> (Ledger, SeededRNG) {
        var rng = SeededRNG(seed: 42)
        let l = try Ledger.create(path: dir.path + "/ledger")
        try l.write(
            [
                SettingsChanged(timeZone: "Asia/Seoul", dayStart: try ClockTime("04:00"), minSessionSeconds: 60),
                ActionCreated(actionID: "read", name: "독서", tracking: .time),
                ActionCreated(actionID: "water", name: "물", tracking: .count),
            ], at: Instant(micros: Self.nine - 86_400_000_000), now: Self.nine - 86_400_000_000, rng: &rng)
        return (l, rng)
    }

    @Test func aStopShorterThanTheMinimumDiscardsAndALongerOneStops() throws {
        let dir = TempDir()
        var (l, rng) = try ledger(dir)
        let started = try l.start(actionID: "read", now: Self.at(0), rng: &rng)
        #expect(started.written.appended == 1)
        let short = try l.stop(actionID: "read", now: Self.at(0, seconds: 30), rng: &rng)
        #expect(short.discarded == .shorterThan(minimumSeconds: 60))
        #expect(short.seconds == 30)
        let same = try l.start(actionID: "read", now: Self.at(1), rng: &rng)
        #expect(try l.stop(now: Self.at(1), rng: &rng).discarded == .sameSecond)
        #expect(same.sessionID != started.sessionID)
        try l.start(actionID: "read", note: "소설", now: Self.at(2), rng: &rng)
        let stopped = try l.stop(now: Self.at(32), rng: &rng)
        #expect(stopped.discarded == nil)
        #expect(stopped.seconds == 1800)
        #expect(try l.snapshot { try $0.entities.session(stopped.sessionID)?.note } == "소설")
        let discarded = try l.snapshot { try $0.entities.session(short.sessionID)?.status }
        #expect(discarded == .discarded)
    }

    @Test func runningSessionsAreTheRuleOfStartStopAndCancel() throws {
        let dir = TempDir()
        var (l, rng) = try ledger(dir)
        #expect(throws: OperationError.nothingRunning) { try l.stop(now: Self.at(0), rng: &rng) }
        try l.start(actionID: "read", now: Self.at(0), rng: &rng)
        #expect(throws: OperationError.alreadyRunning(actionID: "read", since: Instant(micros: Self.at(0)))) {
            try l.start(actionID: "read", now: Self.at(5), rng: &rng)
        }
        #expect(throws: OperationError.notRunning(actionID: "water")) { try l.stop(actionID: "water", now: Self.at(5), rng: &rng) }
        #expect(throws: OperationError.endsBeforeStart(start: Instant(micros: Self.at(0)), end: Instant(micros: Self.at(-5)))) {
            try l.stop(at: Instant(micros: Self.at(-5)), now: Self.at(5), rng: &rng)
        }
        #expect(throws: OperationError.tooFarAhead(at: Instant(micros: Self.at(1500)), now: Instant(micros: Self.at(5)))) {
            try l.start(actionID: "read", at: Instant(micros: Self.at(1500)), now: Self.at(5), rng: &rng)
        }
        let cancelled = try l.cancel(now: Self.at(10), rng: &rng)
        #expect(cancelled.discarded == .cancelled)
        #expect(try l.runningSessions().isEmpty)
        // A count-tracked action cannot run: the fold's own rule, as LedgerError.invalid.
        #expect(throws: LedgerError.self) { try l.start(actionID: "water", now: Self.at(11), rng: &rng) }
        #expect(try l.runningSessions().isEmpty)
    }

    @Test func aSessionOverTheLongSessionLimitIsWrittenOnlyWhenAllowed() throws {
        let dir = TempDir()
        var (l, rng) = try ledger(dir)
        try l.start(actionID: "read", now: Self.at(0), rng: &rng)
        let end = Self.at(13 * 60)
        #expect(
            throws: OperationError.longSession(
                actionID: "read", start: Instant(micros: Self.at(0)), end: Instant(micros: end), limitHours: 12)
        ) {
            try l.stop(now: end, rng: &rng)
        }
        #expect(try l.runningSessions().count == 1)
        #expect(try l.stop(allowLong: true, now: end, rng: &rng).seconds == 13 * 3600)
        #expect(
            throws: OperationError.longSession(
                actionID: "read", start: Instant(micros: Self.at(-14 * 60)), end: Instant(micros: end), limitHours: 12)
        ) {
            try l.recordSession(actionID: "read", start: Instant(micros: Self.at(-14 * 60)), end: Instant(micros: end), now: end, rng: &rng)
        }
    }

    @Test func anEditIsWholeMinutesAndSaysWhyItRefuses() throws {
        let dir = TempDir()
        var (l, rng) = try ledger(dir)
        try l.start(actionID: "read", now: Self.at(0, seconds: 12), rng: &rng)
        let s = try l.stop(now: Self.at(92, seconds: 47), rng: &rng)
        #expect(throws: OperationError.nothingToChange) { try l.edit(recordID: s.sessionID, .session(), now: Self.at(100), rng: &rng) }
        #expect(throws: OperationError.nothingToChange) {
            try l.edit(recordID: s.sessionID, .count(amount: 2), now: Self.at(100), rng: &rng)
        }
        #expect(throws: OperationError.unknown("nope")) {
            try l.edit(recordID: "nope", .session(note: .clear), now: Self.at(100), rng: &rng)
        }
        #expect(throws: OperationError.endsBeforeStart(start: Instant(micros: Self.at(95)), end: Instant(micros: Self.at(92)))) {
            try l.edit(recordID: s.sessionID, .session(start: Instant(micros: Self.at(95, seconds: 30))), now: Self.at(100), rng: &rng)
        }
        // 09:00:12–10:32:47 edited to start at 09:32(:30) is 09:32–10:32: an hour.
        let edited = try l.edit(
            recordID: s.sessionID, .session(start: Instant(micros: Self.at(32, seconds: 30))), now: Self.at(100), rng: &rng)
        #expect(edited.start == Instant(micros: Self.at(32)))
        #expect(edited.end == Instant(micros: Self.at(92)))
        let stored = try l.snapshot { try $0.entities.session(s.sessionID) }
        #expect(stored?.start == Instant(micros: Self.at(32)) && stored?.end == Instant(micros: Self.at(92)))
        try l.deleteRecord(s.sessionID, now: Self.at(101), rng: &rng)
        #expect(throws: OperationError.recordGone(.session, .deleted)) { try l.deleteRecord(s.sessionID, now: Self.at(102), rng: &rng) }
        #expect(throws: OperationError.recordGone(.session, .deleted)) {
            try l.edit(recordID: s.sessionID, .session(note: .set("x")), now: Self.at(102), rng: &rng)
        }
        let back = try l.restoreRecord(s.sessionID, now: Self.at(103), rng: &rng)
        #expect(back.eventType == .sessionRestored)
        #expect(throws: OperationError.notDeleted(.session, .recorded)) { try l.restoreRecord(s.sessionID, now: Self.at(104), rng: &rng) }
    }

    @Test func undoTakesBackOneSourcesChangesAndPassesOverAStop() throws {
        let dir = TempDir()
        var (l, rng) = try ledger(dir)
        let c = try l.count(actionID: "water", amount: 3, now: Self.at(0), rng: &rng)
        try l.edit(recordID: c.entryID, .count(amount: 5), now: Self.at(1), rng: &rng)
        // Another source's change is not this source's to undo.
        try l.count(actionID: "water", source: "widget", now: Self.at(2), rng: &rng)
        let first = try l.undo(now: Self.at(3), rng: &rng)
        #expect(first.target.type == .countEdited && first.compensation == .countEdited)
        #expect(try l.snapshot { try $0.entities.count(c.entryID)?.amount } == 3)
        let second = try l.undo(now: Self.at(4), rng: &rng)
        #expect(second.compensation == .countDeleted)
        #expect(try l.snapshot { try $0.entities.count(c.entryID)?.deleted } == true)
        // A started and stopped session: the stop is passed over and blocks its start.
        try l.start(actionID: "read", now: Self.at(10), rng: &rng)
        try l.stop(now: Self.at(40), rng: &rng)
        let steps = try l.undoSteps(limit: 5, now: Self.at(41))
        #expect(steps.first?.refusal == .stop)
        #expect(steps.dropFirst().first?.refusal == .blocked(bySeq: steps[0].event.seq, entity: "session"))
        // What is left to undo is the settings and actions of the setup: the actions go.
        let third = try l.undo(now: Self.at(42), rng: &rng)
        #expect(third.compensation == .actionDeleted)
        #expect(third.passedOver.count == 2)
    }

    @Test func nothingLeftToUndoSaysWhatItPassedOver() throws {
        let dir = TempDir()
        var rng = SeededRNG(seed: 1)
        let l = try Ledger.create(path: dir.path + "/ledger")
        #expect(throws: OperationError.nothingToUndo(passedOver: nil, refusal: nil)) { try l.undo(now: Self.nine, rng: &rng) }
        try l.write([SettingsChanged(timeZone: "UTC")], now: Self.nine, rng: &rng)
        #expect(throws: OperationError.nothingToUndo(passedOver: 1, refusal: .settingsChange)) { try l.undo(now: Self.nine, rng: &rng) }
    }

    @Test func twoThreadsStoppingOneSessionStopItOnce() async throws {
        let dir = TempDir()
        var (l, rng) = try ledger(dir)
        try l.start(actionID: "read", now: Self.at(0), rng: &rng)
        let shared = l
        // Each decides on the head; the second to commit finds the head moved,
        // decides again and finds nothing running — never a second stop.
        let results = await withTaskGroup(of: Result<Stopped, any Error>.self) { group in
            for k in 0..<2 {
                group.addTask {
                    var rng = SeededRNG(seed: UInt64(k))
                    return Result { try shared.stop(now: Self.at(30 + Int64(k)), rng: &rng) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let stopped = results.compactMap { try? $0.get() }
        #expect(stopped.count == 1)
        let refused = results.compactMap { r -> (any Error)? in if case .failure(let e) = r { e } else { nil } }
        #expect(refused.count == 1)
        #expect((refused.first as? OperationError) == .nothingRunning, "\(refused)")
        #expect(try l.head().seq == 5)
    }

    @Test func aPageIsWrittenByFieldWithItsFilesAndItsBase() throws {
        let dir = TempDir()
        var (l, rng) = try ledger(dir)
        let day = LocalDate(year: 2026, month: 3, day: 2)!
        let photo = Array("photo".utf8)
        let first = try l.writePage(day, PageChange(mood: .set("😊"), attach: [photo]), now: Self.at(0), rng: &rng)
        #expect(first.filesStored == 1)
        let digest = try #require(first.page.attachments?.first)
        #expect(try l.snapshot { try $0.blobSize(digest) } == 5)
        let second = try l.writePage(day, PageChange(text: .set("첫 문장"), hideActions: ["water"]), now: Self.at(1), rng: &rng)
        #expect(second.page.mood == "😊" && second.page.text == "첫 문장" && second.page.attachments == [digest])
        #expect(second.page.hiddenActionIDs == ["water"])
        #expect(
            second.page.base
                == PageMerge.digest(
                    try l.snapshot {
                        try $0.definition(.diary, "2026-03-02")!.fields(
                            justBefore: Dated(seq: second.written.head, at: Instant(micros: Self.at(1))))
                    }))
        let third = try l.writePage(day, PageChange(detach: [digest], showActions: ["water"]), now: Self.at(2), rng: &rng)
        #expect(third.page.attachments == nil && third.page.hiddenActionIDs == nil)
        #expect(throws: OperationError.emptyPage(day)) {
            try l.writePage(day, PageChange(mood: .clear, text: .clear), now: Self.at(3), rng: &rng)
        }
        // The undo of a rewrite writes the page back as it was.
        try l.undo(now: Self.at(4), rng: &rng)
        #expect(try l.snapshot { try $0.definition(.diary, "2026-03-02")?.fields().strings(.attachments) } == [digest])
    }
}
