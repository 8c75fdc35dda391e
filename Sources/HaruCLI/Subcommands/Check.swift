import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

extension Subcommands {
    static let check = Command(
        name: "check", abstract: "Replay scenario files and check their assertions.",
        usage: "check SCENARIO…",
        arguments: [("SCENARIO", "A JSONL scenario file (Docs/rules.md, \"Scenario files\"); several may be given.")],
        discussion: """
            Each file is replayed into its own scratch ledger (the ledger of --ledger is not touched).
            Event lines are appended; {"expect": …} lines are checked against the ledger as it stands
            after the lines above them; {"expect": "reject"} asserts that the event before it was
            refused. The clock is the latest event time, or what a {"now": INSTANT} line sets.
            Exit 1 with a readable diff for every failed assertion.
            """,
        minArgs: 1, maxArgs: Int.max,
        run: { ctx, p in
            var total = 0
            var failed = 0
            for file in p.positionals {
                let bytes = try ctx.invocation.readInput(file).array
                let scratch = try ScratchDir(tmp: ctx.invocation.environment["TMPDIR"])
                defer { scratch.remove() }
                let result: ScenarioResult
                do {
                    result = try ScenarioRunner.run(bytes, file: file, scratch: scratch.path + "/ledger", zones: ctx.zones)
                } catch let e as ScenarioError {
                    throw UsageError(e.description)
                }
                total += result.assertions
                failed += result.failures.count
                for f in result.failures { ctx.invocation.err.line(f.description) }
                if ctx.json {
                    ctx.printJSON(
                        .object([
                            ("file", .string(file)), ("assertions", .int(Int64(result.assertions))),
                            ("failures", .array(result.failures.map { .string($0.description) })),
                        ]))
                }
            }
            if !ctx.json {
                let files = p.positionals.count
                if failed == 0 {
                    ctx.out.line(
                        ctx.words.said(
                            "ok: \(total) assertions in \(files) file\(files == 1 ? "" : "s")", .checkPassed, String(total), String(files)))
                } else {
                    ctx.out.line(ctx.words(.checkFailed, String(failed), String(total)))
                }
            }
            if failed > 0 { throw CheckFailed() }
            return ExitCode.ok
        })
}

/// A private temporary directory (mkdtemp), removed after use.
struct ScratchDir {
    let path: String

    init(tmp: String?) throws {
        let base = (tmp.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/haru-check-XXXXXX"
        var template = Array(base.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw UsageError(Refusal.noScratch, base)
        }
        path = String(cString: made)
    }

    func remove() {
        Ledger.remove(at: path + "/ledger")
        rmdir(path)
    }
}
