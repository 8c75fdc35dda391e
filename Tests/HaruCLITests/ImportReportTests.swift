import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel

#if canImport(Glibc)
    import Glibc
#endif

/// What an import tells its user: the progress line on a terminal and the
/// summary of what it made and skipped.
struct ImportReportTests {
    final class Clock: @unchecked Sendable {
        var micros: Int64 = 1_000_000_000
    }

    @Test func theLineShowsEventsPartAndRateOnlyOnATerminalAndAfterHalfASecond() throws {
        let err = OutputStream()  // collects what is written
        let clock = Clock()
        let line = try #require(ProgressLine("importing x", err: err, clock: { clock.micros }, terminal: true))
        var seen = 0
        /// What was written since the last call.
        func drain() -> String {
            let all = err.text
            defer { seen = all.utf8.count }
            return String(decoding: Array(all.utf8)[seen...], as: UTF8.self)
        }
        clock.micros += 200_000
        line.update(events: 1_000, fraction: 0.1)
        #expect(drain() == "", "a quick import shows nothing")
        clock.micros += 400_000  // 0.6 s in
        line.update(events: 4_096, fraction: 0.25)
        #expect(drain() == "\rimporting x … 4,096 events · 25 % · 6,826/s\u{1B}[K")
        clock.micros += 50_000
        line.update(events: 8_192, fraction: 0.5)
        #expect(drain() == "", "at most ten draws a second")
        clock.micros += 50_000
        line.update(events: 8_192, fraction: 1.7)
        #expect(drain() == "\rimporting x … 8,192 events · 100 % · 11,702/s\u{1B}[K", "a guessed part is capped")
        line.read(events: 10_000)
        #expect(drain() == "\rimporting x … 10,000 events read; writing them\u{1B}[K")
        line.finish()
        #expect(drain() == "\r\u{1B}[K", "cleared before the summary")
        // Not a terminal (a pipe): no line at all.
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(ProgressLine("importing x", err: OutputStream(fd: fds[1], buffered: false), clock: { clock.micros }) == nil)
    }

    @Test func theSummaryNamesWhatWasMadeAndWhatWasSkipped() {
        var t = EventTally()
        for _ in 0..<2 { t.add(.actionCreated) }
        t.add(.tagCreated)
        for _ in 0..<1_234 { t.add(.sessionRecorded) }
        t.add(.sessionStarted)
        t.add(.sessionStopped)
        t.add(.settingsChanged)
        let r = AppendResult(seqs: Array(1...1_243), appended: 1_240, head: 1_250, written: t)
        #expect(
            Subcommands.importSummary(r, from: "timewarrior", skipped: ["2 intervals already imported as they are"])
                == "Imported 1,240 events from timewarrior: 2 actions, 1 tag, 1,235 sessions (1 running), 1 session stopped, 1 other event;"
                + " 3 already there; 2 intervals already imported as they are; head seq 1,250.")
        #expect(Subcommands.importSummary(AppendResult(seqs: [], appended: 0, head: 7), from: "Loop") == "Imported 0 events from Loop; head seq 7.")
    }
}
