import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

@Suite(.timeLimit(.minutes(1)))
struct Pipelines {
    @Test func aChannelDeliversInOrderAndEndsWhenClosed() throws {
        let channel = Channel<Int>(capacity: 2)
        let (received, _) = try Parallel.both(
            {
                var got: [Int] = []
                while let x = channel.receive() { got.append(x) }
                return got
            },
            {
                for x in 0..<1000 { channel.send(x) }
                channel.close()
            })
        #expect(received == Array(0..<1000))
        channel.send(5)  // after close: dropped, not queued
        #expect(channel.receive() == nil)
    }

    /// The channel that brings spent events back to the reading thread:
    /// `tryReceive` never waits, and an unbounded channel never makes the
    /// sender wait.
    @Test func tryReceiveTakesWhatIsThereWithoutWaiting() {
        let channel = Channel<[Int]>(capacity: .max)
        #expect(channel.tryReceive() == nil)
        for k in 0..<10_000 { #expect(channel.send([k])) }
        var got: [Int] = []
        while let x = channel.tryReceive() { got += x }
        #expect(got == Array(0..<10_000))
        #expect(channel.tryReceive() == nil)
    }

    /// Events lent in place go back to the reading thread a batch at a time
    /// (which frees them) and change nothing about what is read; what the
    /// borrower wrote into one stays with that event only.
    @Test func lentEventsGoBackWithoutDisturbingTheReading() throws {
        var seen: [Int] = []
        try ReadAhead.run(NumberedSource(count: 3_000)) { s in
            let sha = SHA256Context()
            while try s.withNextPrepared(using: sha, { p in
                #expect(p.line > 0, "an event lent twice")
                seen.append(p.line)
                p.line = -1
            }) {}
            #expect(try s.withNextPrepared(using: sha, { _ in Issue.record("an event after the end") }) == false)
        }
        #expect(seen == Array(1...3_000))
    }

    @Test func parallelRethrowsEitherSidesError() {
        struct Boom: Error {}
        #expect(throws: Boom.self) { _ = try Parallel.both({ throw Boom() }, { 1 }) }
        #expect(throws: Boom.self) { _ = try Parallel.both({ 1 }, { throw Boom() }) }
    }

    /// The two-thread replay must produce exactly what the one-thread fold
    /// does: entities, pages, action table and checkpoints, on a history with
    /// edits, deletions, discards, running sessions and more than one
    /// checkpoint interval.
    @Test func theTwoThreadReplayEqualsTheOneThreadFold() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        var rng = SeededRNG(seed: 11)
        var lines: [String] = []
        let base = 1_772_406_000  // 2026-03-02 08:00 JST
        for k in 0..<4_500 {
            let t = base + k * 600
            switch k % 9 {
            case 0:
                lines.append(
                    #"{"type":"count.added","at":"\#(iso(t))","data":{"entry_id":"c\#(k)","action_id":"water","amount":\#(k % 5 + 1)}}"#)
            case 1:
                lines.append(#"{"type":"count.edited","at":"\#(iso(t))","data":{"entry_id":"c\#(k - 1)","amount":9}}"#)
            case 2:
                lines.append(#"{"type":"session.started","at":"\#(iso(t))","data":{"session_id":"s\#(k)","action_id":"read"}}"#)
            case 3:
                lines.append(#"{"type":"session.stopped","at":"\#(iso(t))","data":{"session_id":"s\#(k - 1)"}}"#)
            case 4:
                lines.append(
                    #"{"type":"session.recorded","at":"\#(iso(t))","data":{"session_id":"r\#(k)","action_id":"read","start":"\#(iso(t - 90_000))","end":"\#(iso(t))"}}"#
                )
            case 5:
                lines.append(#"{"type":"session.edited","at":"\#(iso(t))","data":{"session_id":"r\#(k - 1)","note":"n\#(k)"}}"#)
            case 6:
                lines.append(#"{"type":"count.deleted","at":"\#(iso(t))","data":{"entry_id":"c\#(k - 6)"}}"#)
            case 7:
                lines.append(#"{"type":"session.started","at":"\#(iso(t))","data":{"session_id":"d\#(k)","action_id":"read"}}"#)
            default:
                lines.append(#"{"type":"session.discarded","at":"\#(iso(t))","data":{"session_id":"d\#(k - 1)","reason":"test"}}"#)
            }
        }
        lines.append(#"{"type":"session.started","at":"\#(iso(base + 4_500 * 600))","data":{"session_id":"open","action_id":"read"}}"#)
        _ = try l.append(try events(lines.joined(separator: "\n")), now: 2_000_000, rng: &rng)
        let (pipelined, oneThread) = try l.environment.read { txn in
            var one = MemoryFold()
            try l.replay(txn, through: .max, into: &one)
            return (try l.replayPipelined(txn, reserve: 10), one)
        }
        #expect(pipelined.state.head == oneThread.state.head)
        #expect(pipelined.state.storedForm().map(\.0) == oneThread.state.storedForm().map(\.0))
        #expect(pipelined.state.storedForm().map(\.1) == oneThread.state.storedForm().map(\.1))
        #expect(pipelined.projections.storedPages().map(\.1) == oneThread.projections.storedPages().map(\.1))
        #expect(pipelined.projections.storedActions().map(\.1) == oneThread.projections.storedActions().map(\.1))
        #expect(pipelined.projections.checkpoints == oneThread.projections.checkpoints)
        #expect(pipelined.projections.checkpoints.count == 1)
        #expect(try l.verify().ok)
        #expect(try l.rebuild() == RebuildReport(events: oneThread.state.head, changed: 0))
    }

    /// The state is compared in two parts on two threads: a problem in the
    /// first part (sessions, compared on the other thread) is found as well
    /// as one in the second (counts), and rebuild mends both.
    @Test func driftInEitherPartOfTheStateIsFoundAndMended() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        let stateDB = l.state
        try l.environment.write { txn in try txn.put(stateDB, [0x20] + Array("ghost".utf8), [1]) }
        #expect(try l.verify().problem?.contains("session \"ghost\"") == true)
        try l.environment.write { txn in try txn.put(stateDB, [0x21] + Array("ghost".utf8), [1]) }
        let r = try l.rebuild()
        #expect(r.replacedSet == 1)
        #expect(try l.verify().ok)
    }
}

private func iso(_ t: Int) -> String {
    // Whole seconds, JST (the fixtures' zone).
    let local = t + 9 * 3600
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let d = LocalDate(daysSinceEpoch: days)
    let s = local - days * 86_400
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(d)T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))+09:00"
}

/// A source of `count` count.added events that fails at line `failAt`.
private struct NumberedSource: EventSource {
    var count: Int
    var failAt: Int?
    var k = 0
    mutating func next() throws -> (EventInput, Int)? {
        k += 1
        if k == failAt { throw InputError(line: k, field: "data.amount", rule: "bad on purpose") }
        guard k <= count else { return nil }
        let payload = Payload([(.entryID, .string("e\(k)")), (.actionID, .string("water")), (.amount, .int(1))])
        return (EventInput(type: .countAdded, at: Instant(seconds: 1_772_406_000 + Int64(k)), payload: payload), k)
    }
}

@Suite(.timeLimit(.minutes(1)))
struct ReadingAhead {
    @Test func yieldsEveryEventInOrder() throws {
        var seen: [Int] = []
        try ReadAhead.run(NumberedSource(count: 2_000)) { s in
            while let (_, line) = try s.next() { seen.append(line) }
        }
        #expect(seen == Array(1...2_000))
    }

    @Test func stopsAtTheFirstErrorInItsPlace() {
        var seen: [Int] = []
        #expect {
            try ReadAhead.run(NumberedSource(count: 2_000, failAt: 1_500)) { s in
                while let (_, line) = try s.next() { seen.append(line) }
            }
        } throws: { e in (e as? InputError)?.line == 1_500 }
        #expect(seen == Array(1..<1_500))
    }

    @Test func aConsumerThatStopsEarlyDoesNotLeaveTheReaderWaiting() throws {
        // 100,000 events would fill the channel many times over; the reader must stop when the consumer does.
        let first = try ReadAhead.run(NumberedSource(count: 100_000)) { s in try s.next()?.1 }
        #expect(first == 1)
    }

    /// Through the ledger: an append fed by the read-ahead writes all or nothing.
    @Test func anAppendReadAheadIsAtomic() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        var rng = SeededRNG(seed: 4)
        let head = try l.head().seq
        #expect(throws: InputError.self) {
            try ReadAhead.run(NumberedSource(count: 3_000, failAt: 2_500)) { s in
                let source = s
                _ = try l.append(from: { source }, now: 2_000_000, rng: &rng)
            }
        }
        #expect(try l.head().seq == head)
        let r = try ReadAhead.run(NumberedSource(count: 3_000)) { s in
            let source = s
            return try l.append(from: { source }, now: 2_000_000, rng: &rng)
        }
        #expect(r.appended == 3_000)
        #expect(try l.verify().ok)
    }
}

@Suite(.timeLimit(.minutes(1)))
struct EntryDigests {
    @Test func ignoreOrderButNotContent() {
        var a = EntryDigest()
        var b = EntryDigest()
        a.add([1, 2], [3])
        a.add([4], [5, 6])
        b.add([4], [5, 6])
        b.add([1, 2], [3])
        #expect(a == b)
        // The same bytes split differently between key and value are another entry.
        var c = EntryDigest()
        c.add([1], [2, 3])
        c.add([4], [5, 6])
        #expect(a != c)
        var d = a
        d.add([7], [])
        #expect(a != d)
    }

    /// A stored record whose bytes changed under the same key: the digests
    /// differ, the comparison names the record, rebuild writes it back.
    @Test func aChangedRecordUnderItsKeyIsFoundAndMended() throws {
        let dir = TempDir()
        let l = try freshLedger(dir)
        var rng = SeededRNG(seed: 6)
        let line = #"{"type":"count.added","at":"2026-03-02T09:00:00+09:00","data":{"entry_id":"c9","action_id":"water","amount":2}}"#
        _ = try l.append(try events(line), now: 2_000_000, rng: &rng)
        let stateDB = l.state
        let key = [UInt8(0x21)] + Array("c9".utf8)
        let stored = try l.environment.read { txn in try #require(try txn.copy(stateDB, key)) }
        var changed = stored
        changed[changed.count - 1] ^= 1  // the version seq
        try l.environment.write { txn in try txn.put(stateDB, key, changed) }
        let report = try l.verify()
        #expect(report.problem == "the stored state of count entry \"c9\" differs from the fold of the events", "\(report)")
        #expect(try l.rebuild().replacedSet == 1)
        #expect(try l.verify().ok)
        #expect(try l.environment.read { txn in try txn.copy(l.state, key) } == stored, "the new set holds what the events produce")
        #expect(try l.environment.read { txn in try txn.copy(stateDB, key) } == changed, "the old set was not written to")
    }
}
