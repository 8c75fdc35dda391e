/// A line kept up to date on a terminal while a bulk load reads
/// (`ProgressLine`), fed by the library's `BulkProgress` reports.

import HaruLedger

/// `1,234,567`.
func grouped(_ x: Int) -> String {
    let digits = Array(String(x.magnitude))
    return (x < 0 ? "-" : "") + String(digits.enumerated().flatMap { k, c in (k > 0 && (digits.count - k) % 3 == 0) ? [",", c] : [c] })
}

/// One line on a terminal's standard error that a long import keeps up to
/// date: `importing timewarrior … 412,000 events · 46 % · 248,000/s`, redrawn
/// at most ten times a second and cleared at the end. Nothing is written
/// where standard error is not a terminal. Updated from the import's reading
/// thread, finished from the command's once the append is over.
final class ProgressLine {
    private let err: OutputStream
    private let label: String
    private let clock: () -> Int64
    private let started: Int64
    private var drawn: Int64 = 0
    private var shown = false

    /// nil where standard error is not a terminal.
    /// - Parameter terminal: whether `err` is one (default: asked of the system; a test says so).
    init?(_ label: String, err: OutputStream, clock: @escaping () -> Int64, terminal: Bool? = nil) {
        guard terminal ?? err.isTTY else { return nil }
        self.err = err
        self.label = label
        self.clock = clock
        started = clock()
        drawn = started
    }

    /// `events` read so far; `fraction` of the input done, when known.
    func update(events: Int, fraction: Double?) {
        let now = clock()
        // A tenth of a second between draws, and none in the first half second (a quick import shows nothing).
        guard now - drawn >= 100_000, now - started >= 500_000 else { return }
        drawn = now
        let seconds = Double(now - started) / 1e6
        let rate = seconds > 0 ? Int(Double(events) / seconds) : 0
        let percent = fraction.map { " · \(Int(min(max($0, 0), 1) * 100)) %" } ?? ""
        err.write("\r\(label) … \(grouped(events)) events\(percent) · \(grouped(rate))/s\u{1B}[K")
        shown = true
    }

    /// The input is read: what is left is writing (the end of a bulk load,
    /// a second or so for a million events).
    func read(events: Int) {
        guard shown else { return }
        err.write("\r\(label) … \(grouped(events)) events read; writing them\u{1B}[K")
    }

    /// A step of a longer job in words (`haru sync`: `reading 50,000 events
    /// of device …`), drawn in place of the last.
    func say(_ text: String) {
        err.write("\r\(label) … \(text)\u{1B}[K")
        shown = true
    }

    /// A bulk load's report, drawn.
    func report(_ p: BulkProgress) {
        if p.doneReading { read(events: p.events) } else { update(events: p.events, fraction: p.fraction) }
    }

    /// Clears the line, if it was drawn.
    func finish() {
        if shown { err.write("\r\u{1B}[K") }
        shown = false
    }
}
