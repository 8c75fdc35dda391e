@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

extension Subcommands {
    static let rebuild = Command(
        name: "rebuild", abstract: "Rebuild every projection from the events.",
        usage: "rebuild",
        discussion: """
            Replays the whole log into the entity state, the record pages, the action table and the
            running-session checkpoints, and makes the stored ones equal to them in one transaction,
            writing only the entries that differ (an intact ledger is not rewritten). The events are not
            touched. Use it after `haru verify` reports a projection that differs from the events.
            """,
        run: { ctx, _ in
            let ledger = try ctx.openLedger()
            let r = try ledger.rebuild()
            if ctx.durability == .relaxed { try ledger.environment.sync() }
            if ctx.json {
                ctx.printJSON(.object([("events", .int(Int64(r.events))), ("changed", .int(Int64(r.changed)))]))
            } else {
                let what = r.changed == 0 ? "all were intact" : "\(r.changed) entries written or deleted"
                ctx.out.line("rebuilt the projections of \(r.events) events: \(what).")
            }
            return ExitCode.ok
        })
}
