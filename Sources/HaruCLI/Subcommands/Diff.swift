@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

extension Subcommands {
    static let diff = Command(
        name: "diff", abstract: "What changed between two states of the ledger, and which events caused it.",
        usage: "diff --known-at A [--known-at B] [--as-of DAY|TIME] [--now INSTANT]",
        options: [
            OptionSpec(.knownAt, value: "SEQ|INSTANT", help: "The earlier state; a second --known-at gives the later one (default: the head).", repeatable: true),
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
            guard (1...2).contains(given.count) else { throw UsageError("give --known-at A, and --known-at B for a later state than the head") }
            let ledger = try ctx.openLedger(readOnly: true)
            func seq(_ k: String) throws -> UInt64 {
                let at: KnownAt
                if let s = UInt64(k) { at = .seq(s) } else if case .success(let t) = Instant.parse(k) { at = .instant(t) } else {
                    throw UsageError("--known-at: \(Echo.quoted(k)) is neither a seq nor an ISO 8601 instant")
                }
                return try ledger.snapshot(knownAt: at, zones: ctx.zones) { $0.knownAt }
            }
            let head = try ledger.head().seq
            var (a, b) = (try seq(given[0]), given.count == 2 ? try seq(given[1]) : head)
            if a > b { (a, b) = (b, a) }
            let d = try StateDiff.run(ledger, from: a, to: b, zones: ctx.zones, reference: { try ctx.reference($0) })
            let hashes = try ledger.environment.read { txn in (try ledger.hash(at: a, txn), try ledger.hash(at: b, txn)) }
            func state(_ s: UInt64, _ h: Digest?) -> JSONValue { .object([("known_at", .int(Int64(s))), ("known_at_hash", h.map { .string($0.description) } ?? .null)]) }
            if ctx.json {
                // Written straight into bytes: a diff of states far apart lists
                // every event between (100,000 make 15 MB), and building the
                // whole answer as one value first took a fifth of the time.
                // `from`/`to` carry each state's provenance (`printJSON`'s members).
                // The events are written on the second core while this one
                // writes the changes (each about half of the text).
                let (events, calendar) = (d.events, d.calendar)
                let (eventsJSON, _) = try Parallel.both(
                    { DiffJSON.events(events, calendar: calendar) },
                    {
                        var out = JSONBytes(capacity: 1 << 20)
                        // Out a megabyte at a time: the whole text (40 MB) held at once
                        // cost more in page faults and copies than it took to write.
                        func flush() {
                            guard out.bytes.count >= 1 << 20 else { return }
                            ctx.out.write(bytes: out.bytes)
                            out.bytes.removeAll(keepingCapacity: true)
                        }
                        out.raw("{\"from\":")
                        state(a, hashes.0).write(to: &out)
                        out.raw(",\"to\":")
                        state(b, hashes.1).write(to: &out)
                        out.raw(",\"changes\":[")
                        var first = true
                        for c in d.changes {
                            out.separator(&first)
                            DiffJSON.change(c, to: &out)
                            flush()
                        }
                        // Each causing event once, with what it changed (items name them by seq).
                        out.raw("],\"events\":[")
                        ctx.out.write(bytes: out.bytes)
                    })
                ctx.out.write(bytes: eventsJSON)
                ctx.out.line("]}")
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
            ctx.out.line("From seq \(a) to seq \(b): \(b - a) event\(b - a == 1 ? "" : "s"), \(d.changes.count) item\(d.changes.count == 1 ? "" : "s") changed.")
            let types = Dictionary(d.events.map { ($0.seq, $0.type.name) }, uniquingKeysWith: { a, _ in a })
            for c in d.changes {
                ctx.out.line("")
                ctx.out.line("\(c.kind) \(c.id)")
                for leaf in c.leaves.prefix(12) {
                    // An element named in the path (`actions[Reading]`) is shown without its id and name.
                    let named = leaf.path.hasSuffix("]")
                    func shown(_ v: JSONValue) -> String {
                        guard named, case .object(let m) = v else { return short(v) }
                        return short(.object(m.filter { !["action_id", "tag_id", "name"].contains($0.0) }))
                    }
                    ctx.out.line("  \(leaf.path.isEmpty ? "(whole)" : readable(leaf.path)): \(leaf.before.map(shown) ?? "(none)") → \(leaf.after.map(shown) ?? "(none)")")
                }
                if c.leaves.count > 12 { ctx.out.line("  … \(c.leaves.count - 12) more (--json lists them all)") }
                // The first eight named (a quest of a busy action has most of the events between).
                let shown = c.causes.prefix(8).map { "seq \($0) \(types[$0] ?? "")" }
                let more = c.causes.count > 8 ? ", … \(c.causes.count - 8) more" : ""
                ctx.out.line("  caused by: " + (shown.isEmpty ? "(no event between the states touches it: a change of the reference, such as a span ending)" : shown.joined(separator: ", ") + more))
            }
            return ExitCode.ok
        })
}

/// `haru diff --json`'s parts, written into bytes.
enum DiffJSON {
    /// One changed item: `{"kind":…,"id":…,"changed":[…],"caused_by":[…]}`.
    static func change(_ c: StateDiff.Change, to out: inout JSONBytes) {
        out.raw("{\"kind\":")
        out.string(c.kind)
        out.raw(",\"id\":")
        out.string(c.id)
        // A side where the value is absent has no member (null is a value).
        out.raw(",\"changed\":")
        JSONValue.array(c.leaves.map { leaf in
            .object([("path", .string(leaf.path))] + (leaf.before.map { [("before", $0)] } ?? []) + (leaf.after.map { [("after", $0)] } ?? []))
        }).write(to: &out)
        out.raw(",\"caused_by\":")
        out.array(c.causes)
        out.byte(0x7D)
    }

    /// The causing events, comma-separated: `{"seq":…,"type":…,"data":{…}}`, instants in `calendar`'s zone.
    static func events(_ events: [StateDiff.Cause], calendar: LedgerCalendar) -> [UInt8] {
        var out = JSONBytes(capacity: events.count * 160)
        var first = true
        for e in events {
            out.separator(&first)
            out.raw("{\"seq\":")
            out.int(Int64(e.seq))
            out.raw(",\"type\":")
            out.string(e.type.name)
            out.raw(",\"data\":")
            e.payload.writeJSON(type: e.type, to: &out, offset: calendar.offset(at:))
            out.byte(0x7D)
        }
        return out.bytes
    }
}
