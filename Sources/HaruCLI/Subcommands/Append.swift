import HaruLedger

extension Subcommands {
    static let append = Command(
        name: "append", abstract: "Append JSONL events atomically.",
        usage: "append [FILE|-] [--expect-head]",
        arguments: [("FILE", "Events, one JSON object per line; - or nothing reads standard input.")],
        options: [
            OptionSpec(
                .expectHead, value: "SEQ",
                help: "Fail without writing unless the ledger's head is exactly SEQ (optimistic concurrency)."),
            OptionSpec(.seqs, help: "Print each event's seq even on a terminal (a pipe or a file always gets them)."),
        ],
        discussion: """
            Each line is {"type", "at", "data"[, "id", "v", "source"]}. Blank lines and lines
            starting with # are skipped. The batch is checked as a whole against the ledger:
            one bad line rejects it all, nothing is written, and the error names the line,
            the field and the rule. An event whose id is already in the ledger with the same
            content is skipped and reports its existing seq. Prints one seq per input event (on a
            terminal, one summary line instead, unless --seqs).
            A FILE is read in place (mapped): do not truncate it while haru reads it (the
            process would stop before its commit, writing nothing).
            """,
        maxArgs: 1,
        run: { ctx, p in
            var expect: UInt64?
            if let e = p.value(.expectHead) {
                guard let n = UInt64(e) else { throw UsageError(Refusal.expectHeadSeq, e) }
                expect = n
            }
            let source = p.positionals.first
            let input = try ctx.invocation.readInput(source == "-" ? nil : source)
            let progress = ctx.progressLine("appending")
            defer { progress?.finish() }
            let r = try ctx.appendJSONLines(input, expectHead: expect, progress: progress)
            progress?.finish()
            if ctx.json {
                ctx.printJSON(
                    .object([
                        ("seqs", .array(r.seqs.map { .int(Int64($0)) })), ("appended", .int(Int64(r.appended))),
                        ("head", .int(Int64(r.head))),
                    ]))
            } else if ctx.out.isTTY && !p.has(.seqs) {
                // A person at a terminal gets one line, not a million; a pipe or a file gets the seqs.
                ctx.out.line(appendSummary(r))
            } else {
                ctx.out.write(seqLines(r.seqs))
            }
            return ExitCode.ok
        })
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

extension Context {
    /// A progress line on stderr for long loads, only when a person is
    /// watching (`ProgressLine`: a terminal, and a load past half a second).
    func progressLine(_ label: String) -> ProgressLine? { ProgressLine(label, err: invocation.err, clock: invocation.clock) }
}

/// "Appended 1,000 events (seq 2–1,001); 3 were there already."
func appendSummary(_ r: AppendResult) -> String {
    let n = grouped
    let skipped = r.seqs.count - r.appended
    var s =
        r.appended == 0
        ? "Appended nothing"
        : "Appended \(n(r.appended)) event\(r.appended == 1 ? "" : "s") (seq "
            + (r.appended == 1 ? n(Int(r.head)) : "\(n(Int(r.head) - r.appended + 1))–\(n(Int(r.head)))") + ")"
    if skipped > 0 { s += "; \(n(skipped)) \(skipped == 1 ? "was" : "were") there already" }
    return s + "."
}
