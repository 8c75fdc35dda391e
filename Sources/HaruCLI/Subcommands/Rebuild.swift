import HaruLedger

extension Subcommands {
    static let rebuild = Command(
        name: "rebuild", abstract: "Rebuild every projection from the events.",
        usage: "rebuild [--fresh]",
        options: [
            OptionSpec(.fresh, help: "Write new projections without reading the stored ones (when reading them fails).")
        ],
        discussion: """
            Replays the whole log into the entity state, the record pages, the day buckets (the pages
            cut by the ledger's calendar), the action table and the running-session checkpoints, and
            compares them with the stored ones. An intact ledger is
            not rewritten. When anything differs, the projections are written whole into new databases
            beside the old ones, and one commit puts the new ones in use: damaged projections are never
            repaired in place, and a rebuild that is stopped halfway leaves the old ones as they were.
            The events are not touched, and they must be intact: before anything is written the hash
            chain is checked, and a rebuild from altered events (whose projections would agree with
            the damage) is refused, exit 3, nothing written. Use it after `haru verify` reports a
            projection that differs from the events; use --fresh when even reading the stored
            projections fails. The old
            projections' space stays in the file (`haru compact` rewrites the ledger without it).
            """,
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            let r = try ledger.rebuild(fresh: p.has(.fresh))
            if ctx.durability == .relaxed { try ledger.sync() }
            if ctx.json {
                ctx.printJSON(
                    .object([
                        ("events", .int(Int64(r.events))), ("changed", .int(Int64(r.changed))),
                        ("replaced", .bool(r.replacedSet != nil)),
                    ]))
            } else if r.replacedSet == nil {
                ctx.out.line(ctx.words(Done.rebuiltIntact, String(r.events)))
            } else {
                ctx.out.line(ctx.words(Done.rebuiltChanged, String(r.events), String(r.changed)))
            }
            return ExitCode.ok
        })
}
