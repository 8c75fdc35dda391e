import HaruLedger

extension Subcommands {
    static let diff = Command(
        name: "diff", abstract: "What changed between two states of the ledger, and which events caused it.",
        usage: "diff --known-at [--known-at] [--as-of] [--now]",
        options: [
            OptionSpec(
                .knownAt, value: "SEQ|INSTANT", help: "The earlier state; a second --known-at gives the later one (default: the head).",
                repeatable: true),
            queryOptions[0],
        ],
        discussion: """
            Answers `progress` (goals and quests: status, judgment, spans, streaks), the definition
            listings and the days the events between the two states touched (totals per action and
            tag) in each state, at the same --as-of, and lists every value that differs, item by item,
            with the events between the states that can have caused it: the item's own events; for a
            quest, its goal's and the records of the actions it counts; for a goal, its quests'; for a
            day, the records on it; settings changes for every span. The text names actions and
            tags by name in the paths (as the later state names them); --json keeps their ids.
            """,
        run: { ctx, p in
            let given = p.all(.knownAt)
            guard (1...2).contains(given.count) else {
                throw UsageError(Refusal.diffNeedsKnownAt)
            }
            let ledger = try ctx.openLedger(readOnly: true)
            func seq(_ k: String) throws -> UInt64 {
                let at: KnownAt
                if let s = UInt64(k) {
                    at = .seq(s)
                } else if case .success(let t) = Instant.parse(k) {
                    at = .instant(t)
                } else {
                    throw UsageError(Refusal.notAKnownAt, Echo.quoted(k))
                }
                return try ledger.snapshot(knownAt: at, zones: ctx.zones) { $0.knownAt }
            }
            let head = try ledger.head().seq
            var (a, b) = (try seq(given[0]), given.count == 2 ? try seq(given[1]) : head)
            if a > b { (a, b) = (b, a) }
            let d = try StateDiff.run(ledger, from: a, to: b, zones: ctx.zones, reference: { try ctx.reference($0) })
            if ctx.json {
                let hashes = try ledger.hashes(at: [a, b])
                try d.writeJSON(fromHash: hashes[0], toHash: hashes[1]) { ctx.out.write(bytes: $0) }
                return ExitCode.ok
            }
            /// A value as JSON text, at most 60 characters.
            func short(_ v: JSONValue) -> String {
                let t = v.compactText
                return t.count > 60 ? String(t.prefix(59)) + "…" : t
            }
            // Actions and tags by name in the paths (`actions[Reading].seconds`), as the later state
            // names them: ids made by the app are UUIDs nobody reads. `--json` keeps the ids.
            let names = try ledger.snapshot(knownAt: .seq(b), zones: ctx.zones) { try ctx.names(of: [.action, .tag], $0) }
            func readable(_ path: String) -> String {
                var out = ""
                var rest = Substring(path)
                while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
                    out += rest[...open]
                    let id = String(rest[rest.index(after: open)..<close])
                    out += names[id] ?? id
                    rest = rest[close...]
                }
                return out + rest
            }
            let w = ctx.words
            ctx.out.line(
                w.language == .en
                    ? "From seq \(a) to seq \(b): \(b - a) event\(b - a == 1 ? "" : "s"), \(d.changes.count) item\(d.changes.count == 1 ? "" : "s") changed."
                    : w(ViewWords.diffHeading, String(a), String(b), String(b - a), String(d.changes.count)))
            /// A path or a value of the state as it is typed (`spans.day.value`, `true`): in backquotes in Korean and Japanese.
            func typed(_ s: String) -> String { w.language == .en ? s : "`\(s)`" }
            /// `quest definition` → `다짐 정의`.
            func kind(_ k: String) -> String {
                guard w.language != .en else { return k }
                if k.hasSuffix(" definition") { return w(ViewWords.diffDefinition, w.entity(String(k.dropLast(" definition".count)))) }
                return k == "day" ? w(ViewWords.diffDay) : w.entity(k)
            }
            let types = Dictionary(d.events.map { ($0.seq, $0.type.name) }, uniquingKeysWith: { a, _ in a })
            for c in d.changes {
                ctx.out.line("")
                ctx.out.line("\(kind(c.kind)) \(c.id)")
                for leaf in c.leaves.prefix(12) {
                    // An element named in the path (`actions[Reading]`) is shown without its id and name.
                    let named = leaf.path.hasSuffix("]")
                    func shown(_ v: JSONValue) -> String {
                        guard named, case .object(let m) = v else { return short(v) }
                        return short(.object(m.filter { !["action_id", "tag_id", "name"].contains($0.0) }))
                    }
                    ctx.out.line(
                        "  \(leaf.path.isEmpty ? w(ViewWords.diffWhole) : typed(readable(leaf.path))): \(leaf.before.map { typed(shown($0)) } ?? w(ViewWords.diffNone)) → \(leaf.after.map { typed(shown($0)) } ?? w(ViewWords.diffNone))"
                    )
                }
                if c.leaves.count > 12 { ctx.out.line("  " + w(ViewWords.diffMore, String(c.leaves.count - 12))) }
                // The first eight named (a quest of a busy action has most of the events between).
                let shown = c.causes.prefix(8).map { "seq \($0) \(types[$0] ?? "")" }
                let more = c.causes.count > 8 ? ", " + w(ViewWords.diffMoreCauses, String(c.causes.count - 8)) : ""
                ctx.out.line(
                    "  " + w(ViewWords.diffCausedBy, shown.isEmpty ? w(ViewWords.diffNoCause) : shown.joined(separator: ", ") + more))
            }
            return ExitCode.ok
        })
}
