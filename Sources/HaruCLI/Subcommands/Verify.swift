import HaruLedger

extension Subcommands {
    static let verify = Command(
        name: "verify", abstract: "Check the hash chain and re-derive the state from the events.",
        usage: "verify [--from --hash]",
        options: [
            OptionSpec(.from, value: "SEQ", help: "Check only the events after SEQ, the head of the last audit (with --hash)."),
            OptionSpec(.hash, value: "HASH", help: "The hash the last audit printed for SEQ: the stored event must still have it."),
        ],
        discussion: """
            Exit 0 when every event is intact and the stored state equals a fresh fold of the events;
            exit 1 naming the first bad seq otherwise, and saying whether `haru rebuild` can mend it
            (`in_projections` in --json). Both print the head's seq and hash: keep them, and the next
            audit checks only what came since with `haru verify --from SEQ --hash HASH` (the stored
            event at SEQ must still have that hash, and every later one must be intact and chained
            from it). It also re-folds the running sessions from the stored checkpoint nearest before
            SEQ (checkpoints are kept every 4,096 events) and compares every later checkpoint and the
            running list with it; the records, day buckets, definitions and settings are compared by
            the full check only. The full check also walks the data file's pages (its list of free
            pages, every tree): damage there is the file's, not the events' (`in_page_structure`),
            and `haru compact` writes the ledger anew; an attachment whose bytes no longer match its
            digest is named (`damaged_blob`), and attaching the same file again mends it.
            """,
        run: { ctx, p in
            let ledger = try ctx.openLedger(readOnly: true)
            let r: VerifyReport
            switch (p.value(.from), p.value(.hash)) {
            case (nil, nil): r = try ledger.verify()
            case (let f?, let h?):
                guard let seq = UInt64(f), seq >= 1 else { throw UsageError("--from: \(Echo.quoted(f)) is not a seq (1, 2, 3 …)") }
                guard let hash = Digest(hex: h) else {
                    throw UsageError("--hash: \(Echo.quoted(h)) is not a hash (64 hex digits, as `haru verify` prints it)")
                }
                r = try ledger.verify(after: seq, hash: hash)
            default: throw UsageError("--from and --hash go together: the seq and hash the last audit printed")
            }
            let checked = r.events >= r.firstSeq ? r.events - r.firstSeq + 1 : 0
            if ctx.json {
                ctx.printJSON(
                    .object([
                        ("ok", .bool(r.ok)), ("events", .int(Int64(r.events))), ("checked_from", .int(Int64(r.firstSeq))),
                        ("first_bad_seq", r.firstBadSeq.map { .int(Int64($0)) } ?? .null),
                        ("problem", r.problem.map { .string($0) } ?? .null),
                        ("in_projections", .bool(r.inProjections)),
                        ("damaged_blob", r.damagedBlob.map { .string($0) } ?? .null), ("in_page_structure", .bool(r.inPageStructure)),
                        ("head", r.headHash.map { .object([("seq", .int(Int64(r.events))), ("hash", .string($0.description))]) } ?? .null),
                    ]))
            } else if r.ok {
                if r.firstSeq > 1 {
                    ctx.out.line(
                        "ok: \(checked) events after seq \(r.firstSeq - 1) intact and chained from its hash; the running sessions re-folded from the checkpoint before it agree (records, definitions and settings are compared by a full `haru verify`)."
                    )
                } else {
                    ctx.out.line("ok: \(r.events) events; hash chain intact; state matches the events.")
                }
                if let h = r.headHash { ctx.out.line("head: seq \(r.events) hash \(h)") }
            } else {
                ctx.invocation.err.line("FAILED" + (r.firstBadSeq.map { " at seq \($0)" } ?? "") + ": " + (r.problem ?? ""))
                // What to do next: only the derived data can be made again from the events.
                ctx.invocation.err.line(
                    r.inPageStructure
                        ? "The events and their projections read intact; the data file's pages are not, and the next write could overwrite or lose what the ledger holds: `haru compact` writes the ledger anew from what it holds (in place, or `haru compact DEST`)."
                        : r.damagedBlob != nil
                            ? "The events are intact; an attachment is damaged or missing: attach the same file again to mend it (its digest names it), or restore the ledger from a copy. Until then it is not served, exported or sent."
                            : r.inProjections
                                ? "The events are intact: `haru rebuild` writes the projections anew from them (`haru rebuild --fresh` if it cannot read the old ones)."
                                : "The events themselves are damaged, which `haru rebuild` cannot mend: restore the ledger from a copy, or from an export made before the damage (`haru import jsonl FILE` with --ledger at a new path)."
                )
            }
            if !r.ok { throw CheckFailed() }
            return ExitCode.ok
        })
}
