import HaruEngine
import HaruModel
import HaruStorage
import HaruViews

extension Subcommands {
    static let append = Command(
        name: "append", abstract: "Append JSONL events atomically.",
        usage: "append [FILE|-] [--expect-head SEQ]",
        arguments: [("FILE", "Events, one JSON object per line; - or nothing reads standard input.")],
        options: [
            OptionSpec(
                name: "--expect-head", value: "SEQ",
                help: "Fail without writing unless the ledger's head is exactly SEQ (optimistic concurrency).")
        ],
        discussion: """
            Each line is {"type", "at", "data"[, "id", "v", "source"]}. Blank lines and lines
            starting with # are skipped. The batch is checked as a whole against the ledger:
            one bad line rejects it all, nothing is written, and the error names the line,
            the field and the rule. An event whose id is already in the ledger with the same
            content is skipped and reports its existing seq. Prints one seq per input event.
            A FILE is read in place (mapped): do not truncate it while haru reads it (the
            process would stop before its commit, writing nothing).
            """,
        maxArgs: 1,
        run: { ctx, p in
            var expect: UInt64?
            if let e = p.value("--expect-head") {
                guard let n = UInt64(e) else { throw UsageError("--expect-head: \"\(e)\" is not a seq") }
                expect = n
            }
            let source = p.positionals.first
            let input = try ctx.invocation.readInput(source == "-" ? nil : source)
            let zones = ctx.zones
            // A progress line on stderr for long loads, only when a person is watching.
            let err = ctx.invocation.err
            let progress: ((Int, Int) -> Void)? =
                err.isTTY && input.count > 4 << 20
                ? { done, total in
                    err.write("\rappending … \(done * 100 / max(total, 1)) %")
                    if done >= total { err.write("\r\u{1B}[K") }
                } : nil
            let lines = { EventLines(input: input, zones: zones, progress: progress) }
            // The lines are parsed on a second thread while this one appends
            // (`ReadAhead`). Should the append start over (the map grew), it
            // reads the lines itself the second time.
            let r = try ReadAhead.run(lines()) { ahead in
                var first = true
                return try ctx.append(
                    from: { () -> BulkSource in
                        defer { first = false }
                        return first ? BulkSource(ahead: ahead) : BulkSource(lines: lines())
                    }, expectHead: expect)
            }
            if ctx.json {
                ctx.printJSON(
                    .object([
                        ("seqs", .array(r.seqs.map { .int(Int64($0)) })), ("appended", .int(Int64(r.appended))),
                        ("head", .int(Int64(r.head))),
                    ]))
            } else {
                ctx.out.write(seqLines(r.seqs))
            }
            return ExitCode.ok
        })
}

/// The events of `haru append`: read ahead on another thread, or (when an
/// append starts over) read here.
struct BulkSource: EventSource {
    private var ahead: AheadSource?
    private var lines: EventLines?

    init(ahead: AheadSource) { self.ahead = ahead }
    init(lines: EventLines) { self.lines = lines }

    mutating func next() throws -> (EventInput, Int)? {
        if ahead != nil { return try ahead!.next() }
        return try lines!.next()
    }

    mutating func nextPrepared(using sha: SHA256Context) throws -> PreparedEvent? {
        if ahead != nil { return try ahead!.nextPrepared(using: sha) }
        return try lines!.nextPrepared(using: sha)
    }

    mutating func withNextPrepared(
        using sha: SHA256Context, upcoming: (RecordHint) -> Void, _ body: (inout PreparedEvent) throws -> Void
    ) throws -> Bool {
        if ahead != nil { return try ahead!.withNextPrepared(using: sha, upcoming: upcoming, body) }
        return try lines!.withNextPrepared(using: sha, upcoming: upcoming, body)
    }

    var expectedEvents: Int? { ahead?.expectedEvents ?? lines?.expectedEvents }
}

/// JSONL input read one event at a time: `#` comments and blank lines
/// skipped, every error naming its line.
struct EventLines: EventSource {
    let zones: ZoneDirectory
    /// Called now and then with (bytes read, bytes in all).
    let progress: ((Int, Int) -> Void)?
    private let input: InputBytes
    private var cursor = JSONLineCursor()
    private var read = 0

    init(input: InputBytes, zones: ZoneDirectory, progress: ((Int, Int) -> Void)? = nil) {
        self.input = input
        self.zones = zones
        self.progress = progress
    }

    /// An event line is about 150 bytes (the benchmark's average is 155): a
    /// guess to size the batch's tables, never a limit.
    var expectedEvents: Int? { input.count / 150 }

    mutating func next() throws -> (EventInput, Int)? {
        let total = input.count
        if let progress, read % 16_384 == 0 { progress(min(cursor.offset, total), total) }
        guard let (n, range) = cursor.next(in: input.buffer) else {
            progress?(total, total)
            return nil
        }
        read += 1
        let line = UnsafeBufferPointer(rebasing: input.buffer[range])
        // The plain lines of a bulk load are read straight into events; the
        // full parser reads the rest and names any error (EventLineFastPath).
        if let fast = EventLineFastPath.decode(buffer: line, zones: zones) { return (fast, n) }
        let json: JSONValue
        do { json = try JSONParser.parse(buffer: line) } catch {
            throw InputError(line: n, field: "event", rule: error.description)
        }
        do { return (try EventInput.parse(json, zones: zones), n) } catch { throw error.at(line: n) }
    }
}

/// One seq a line, as decimal digits written straight into the string's
/// bytes: a bulk load prints a million lines (a String per seq cost 50 ms,
/// appending each number's digits from a scratch array 45 ms).
func seqLines(_ seqs: [UInt64]) -> String {
    // At most 20 digits and a newline a seq.
    String(unsafeUninitializedCapacity: seqs.count * 21) { out in
        var end = 0
        for seq in seqs {
            var n = seq
            var width = 1
            var limit: UInt64 = 10
            while n >= limit && width < 20 {
                width += 1
                let (next, overflow) = limit.multipliedReportingOverflow(by: 10)
                if overflow { break }
                limit = next
            }
            var k = end + width
            repeat {
                k -= 1
                out[k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
                n /= 10
            } while n > 0
            end += width
            out[end] = 0x0A
            end += 1
        }
        return end
    }
}
