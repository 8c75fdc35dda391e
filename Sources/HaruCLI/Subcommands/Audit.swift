import HaruLedger

#if canImport(Glibc)
    import Glibc
#endif

extension Subcommands {
    static let redact = Command(
        name: "redact", abstract: "Erase the user text of a past event for good; the chain still verifies.",
        usage: "redact SEQ [--field]… --reason",
        arguments: [("SEQ", "The event whose text goes (its seq, as `haru log` and `haru history` show it).")],
        options: [
            OptionSpec(
                .field, value: "name|note|title", help: "Only this field (name, note or title); default: every one the event has.",
                repeatable: true),
            OptionSpec(.reason, value: "TEXT", help: "Why, kept in the ledger with the redaction (required)."),
        ],
        discussion: """
            Replaces the text with "[redacted: seq SEQ]" in the stored event and appends a
            `ledger.redacted` event (the seq, the fields, the reason, the SHA-256 of the original
            payload, so that a holder of the original can show what was there, and of the new one).
            The event's hash does not change (the chain covers its original payload's digest), so
            `haru verify` still passes; every view shows the marker where the text was. The text
            can linger in the data file's free pages: `haru compact` rewrites the ledger without them.
            """,
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            let s = p.positionals[0]
            guard let seq = UInt64(s), seq >= 1 else { throw UsageError(Refusal.seqArg, Echo.quoted(s)) }
            guard let reason = p.value(.reason), !reason.trimmingSpacesAndTabs.isEmpty else {
                throw UsageError(Refusal.reasonRequired)
            }
            var fields: [Field]? = nil
            let named = p.all(.field)
            if !named.isEmpty {
                fields = try named.map { n in
                    guard let f = Field(jsonName: n), Ledger.redactable.contains(f) || Blob.fields.contains(f) else {
                        throw UsageError(
                            "--field: \(Echo.quoted(n)) is not a field of user text or attachments (name, note, title, text, mood_photo, attachments)"
                        )
                    }
                    return f
                }
            }
            let ledger = try ctx.openLedger()
            let r = try ledger.redact(seq: seq, fields: fields, reason: reason, now: try ctx.nowMicros(), zones: ctx.zones, rng: &ctx.rng)
            ctx.invocation.committed.note(seq: r.redactionSeq)
            if ctx.durability == .relaxed { try ledger.sync() }
            if ctx.json {
                ctx.printJSON(
                    .object([
                        ("seq", .int(Int64(r.seq))), ("fields", .array(r.fields.map { .string($0) })),
                        ("redaction_seq", .int(Int64(r.redactionSeq))), ("digest", .string(r.digest.description)),
                    ]))
            } else {
                let w = ctx.words
                ctx.out.line(
                    w(
                        ViewWords.redacted, String(r.seq), r.fields.joined(separator: ", "), Ledger.redactionMarker(r.seq),
                        String(r.redactionSeq)))
                ctx.out.line(w(ViewWords.redactedDigest, r.digest.description))
                ctx.out.line(w(ViewWords.redactedLinger))
            }
            return ExitCode.ok
        })

    static let compact = Command(
        name: "compact", abstract: "Rewrite the ledger with its events and fresh projections only (or write that copy to DEST).",
        usage: "compact [DEST]",
        arguments: [("DEST", "Write the compact copy here (a path with no ledger yet) and leave the ledger as it is.")],
        discussion: """
            Copies every event as it is stored (ids, seqs, hashes and redactions unchanged) into a new
            ledger and builds its projections there. Nothing else of the data file is copied: not its
            free pages (where text removed by `haru redact` can linger), not projections that a
            rebuild replaced. Without DEST the ledger is compacted where it is: other writers wait
            for the whole time, the copy is built beside the ledger and swapped with it in one step,
            so a kill at any moment leaves the old ledger or the new one, never neither; a writer
            that had the old one open is refused and runs again. With DEST the copy is built beside
            DEST and renamed into place when whole.
            """,
        maxArgs: 1,
        run: { ctx, p in
            func mb(_ n: Int64) -> String { JSONValue.formatNumber((Double(n) / 104_857.6).rounded() / 10) + " MB" }
            guard let dest = p.positionals.first else {
                let ledger = try ctx.openLedger()
                let r = try ledger.compactInPlace()
                if ctx.json {
                    ctx.printJSON(
                        .object([
                            ("events", .int(Int64(r.events))), ("bytes_before", .int(r.bytesBefore)), ("bytes_after", .int(r.bytesAfter)),
                        ]))
                } else {
                    ctx.out.line(ctx.words(ViewWords.compactedInPlace, String(r.events), mb(r.bytesBefore), mb(r.bytesAfter)))
                }
                return ExitCode.ok
            }
            var st = stat()
            if stat(dest, &st) == 0 { throw UsageError(Refusal.compactDestExists, dest) }
            let ledger = try ctx.openLedger(readOnly: true)
            let r = try Ledger.createBeside(dest) { partial in try ledger.compact(to: partial) }
            ctx.invocation.committed.note(created: dest)
            if ctx.json {
                ctx.printJSON(
                    .object([
                        ("path", .string(dest)), ("events", .int(Int64(r.events))), ("bytes_before", .int(r.bytesBefore)),
                        ("bytes_after", .int(r.bytesAfter)),
                    ]))
            } else {
                ctx.out.line(ctx.words(Done.compactCopy, String(r.events), dest, mb(r.bytesAfter), mb(r.bytesBefore)))
                ctx.out.line(ctx.words(ViewWords.compactCopyCheck, dest))
            }
            return ExitCode.ok
        })
}
