import HaruLedger

extension Subcommands {
    static let rebuild = Command(
        name: "rebuild", abstract: "Rebuild every projection from the events.",
        usage: "rebuild",
        discussion: """
            Replays the whole log into the entity state, the record pages, the action table and the
            running-session checkpoints, and replaces the stored ones in one transaction. The events are
            not touched. Use it after `haru verify` reports a projection that differs from the events.
            """,
        run: { ctx, _ in
            let ledger = try ctx.openLedger()
            let n = try ledger.rebuild()
            if ctx.durability == .relaxed { try ledger.environment.sync() }
            if ctx.json {
                ctx.printJSON(.object([("events", .int(Int64(n)))]))
            } else {
                ctx.out.line("rebuilt the projections of \(n) events.")
            }
            return ExitCode.ok
        })
}
