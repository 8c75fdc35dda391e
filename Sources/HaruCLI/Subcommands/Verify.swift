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
                guard let seq = UInt64(f), seq >= 1 else { throw UsageError(Refusal.notASeq, Echo.quoted(f)) }
                guard let hash = Digest(hex: h) else {
                    throw UsageError(Refusal.notAHash, Echo.quoted(h))
                }
                r = try ledger.verify(after: seq, hash: hash)
            default: throw UsageError(Refusal.fromAndHash)
            }
            let checked = r.events >= r.firstSeq ? r.events - r.firstSeq + 1 : 0
            let w = ctx.words
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
                    ctx.out.line(w(ViewWords.verifiedFrom, String(checked), String(r.firstSeq - 1)))
                } else {
                    ctx.out.line(w(ViewWords.verifiedAll, String(r.events)))
                }
                if let h = r.headHash { ctx.out.line(w(ViewWords.head, String(r.events), h.description)) }
            } else {
                // The problem is the library's own sentence (the chain's, a page's, a projection's).
                ctx.invocation.err.line(
                    r.firstBadSeq.map { w(ViewWords.failedAt, String($0), r.problem ?? "") } ?? w(ViewWords.failed, r.problem ?? ""))
                // What to do next: only the derived data can be made again from the events.
                ctx.invocation.err.line(
                    w(
                        r.inPageStructure
                            ? ViewWords.pagesDamaged
                            : r.damagedBlob != nil ? .blobDamaged : r.inProjections ? .projectionsDamaged : .eventsDamaged))
            }
            if !r.ok { throw CheckFailed() }
            return ExitCode.ok
        })
}
