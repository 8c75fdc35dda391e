@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

extension Subcommands {
    static let verify = Command(
        name: "verify", abstract: "Check the hash chain and re-derive the state from the events.",
        usage: "verify",
        discussion:
            "Exit 0 when every event is intact and the stored state equals a fresh fold of the events; exit 1 naming the first bad seq otherwise, and saying whether `haru rebuild` can mend it (`in_projections` in --json).",
        run: { ctx, _ in
            let ledger = try ctx.openLedger(readOnly: true)
            let r = try ledger.verify()
            if ctx.json {
                ctx.printJSON(
                    .object([
                        ("ok", .bool(r.ok)), ("events", .int(Int64(r.events))),
                        ("first_bad_seq", r.firstBadSeq.map { .int(Int64($0)) } ?? .null),
                        ("problem", r.problem.map { .string($0) } ?? .null),
                        ("in_projections", .bool(r.inProjections)),
                    ]))
            } else if r.ok {
                ctx.out.line("ok: \(r.events) events; hash chain intact; state matches the events.")
            } else {
                ctx.invocation.err.line("FAILED" + (r.firstBadSeq.map { " at seq \($0)" } ?? "") + ": " + (r.problem ?? ""))
                // What to do next: only the derived data can be made again from the events.
                ctx.invocation.err.line(
                    r.inProjections
                        ? "The events are intact: `haru rebuild` writes the projections anew from them (`haru rebuild --fresh` if it cannot read the old ones)."
                        : "The events themselves are damaged, which `haru rebuild` cannot mend: restore the ledger from a copy, or from an export made before the damage (`haru import jsonl FILE` with --ledger at a new path).")
            }
            if !r.ok { throw CheckFailed() }
            return ExitCode.ok
        })
}
