import HaruLedger

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
            """,
        maxArgs: 1,
        run: { ctx, p in
            var expect: UInt64?
            if let e = p.value("--expect-head") {
                guard let n = UInt64(e) else { throw UsageError("--expect-head: \"\(e)\" is not a seq") }
                expect = n
            }
            let source = p.positionals.first
            let bytes = try ctx.invocation.readInput(source == "-" ? nil : source)
            let (inputs, lines) = try EventLines.events(bytes, zones: ctx.zones)
            let r = try ctx.append(inputs, expectHead: expect, lines: lines)
            if ctx.json {
                ctx.printJSON(
                    .object([
                        ("seqs", .array(r.seqs.map { .int(Int64($0)) })), ("appended", .int(Int64(r.appended))),
                        ("head", .int(Int64(r.head))),
                    ]))
            } else {
                ctx.out.write(r.seqs.map { String($0) + "\n" }.joined())
            }
            return ExitCode.ok
        })
}

/// Reading JSONL input: one event per line, `#` comments and blank lines skipped.
enum EventLines {
    static func events(_ bytes: [UInt8], zones: ZoneDirectory) throws -> ([EventInput], [Int]) {
        var inputs: [EventInput] = []
        var numbers: [Int] = []
        for (n, line) in JSONLines.split(bytes) {
            let json: JSONValue
            do { json = try JSONParser.parse(bytes: Array(line)) } catch {
                throw InputError(line: n, field: "event", rule: error.description)
            }
            do { inputs.append(try EventInput.parse(json, zones: zones)) } catch { throw error.at(line: n) }
            numbers.append(n)
        }
        return (inputs, numbers)
    }
}
