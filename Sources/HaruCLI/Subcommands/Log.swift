import HaruLedger

extension Subcommands {
    static let log = Command(
        name: "log", abstract: "Show the events, oldest first.",
        usage: "log [--from] [--type] [--entity] [--notes]",
        options: [
            OptionSpec(.from, value: "SEQ", help: "Start at this seq."),
            OptionSpec(
                .type, value: "TYPE", help: "Only events of this type (e.g. count.added) or domain (e.g. session).",
                repeatable: true),
            OptionSpec(.entity, value: "ID", help: "Only events that name this id (in any field).", repeatable: true),
            OptionSpec(.notes, help: "Show the text of notes (hidden by default)."),
        ],
        discussion:
            "Notes are private: the log shows their length, not their text, unless --notes is given (a log pasted into a bug report should not leak them). --json prints one event per line with seq, recorded, prev and hash.",
        run: { ctx, p in
            let ledger = try ctx.openLedger(readOnly: true)
            let from = try p.fromSeq()
            let types = p.all(.type)
            for t in types where EventType(name: t) == nil && !EventType.allCases.contains(where: { $0.name.hasPrefix(t + ".") }) {
                throw UsageError(
                    "--type: unknown event type \(Echo.quoted(t)); give a type such as count.added or a domain such as session ("
                        + "domains: settings, tag, action, session, count, goal, quest)")
            }
            let entities = Set(p.all(.entity))
            let showNotes = p.has(.notes)
            // Names beside ids in the text view (as they stand now).
            var names: [String: String] = [:]
            if !ctx.json {
                try ledger.withStoredState { store in
                    for kind in [DefinitionKind.tag, .action, .goal] {
                        for d in try store.definitions(kind) { names[d.id] = d.fields().label }
                    }
                }
            }
            let cal = try ctx.calendar(ledger)
            var prev = from > 1 ? (try ledger.event(from - 1)?.hash ?? .zero) : Digest.zero
            var line = JSONBytes(capacity: 1024)
            try ledger.forEachEvent(from: from) { e in
                defer { prev = e.hash }
                if !types.isEmpty, !types.contains(where: { e.type.name == $0 || e.type.name.hasPrefix($0 + ".") }) { return true }
                if !entities.isEmpty,
                    !e.payload.fields.contains(where: { f in
                        switch f.1 {
                        case .string(let s): return f.0.kind.isEntityID && entities.contains(s)
                        case .strings(let ss): return ss.contains { entities.contains($0) }
                        default: return false
                        }
                    })
                {
                    return true
                }
                if ctx.json {
                    line.bytes.removeAll(keepingCapacity: true)
                    e.writeJSON(prev: prev, to: &line, offset: cal.offset(at:), hideNotes: !showNotes)
                    ctx.out.line(bytes: line.bytes)
                } else {
                    ctx.out.line(LogLine.text(e, instant: cal.format, hideNotes: !showNotes, names: names))
                }
                return true
            }
            return ExitCode.ok
        })
}

extension FieldKind {
    var isEntityID: Bool { if case .entityID = self { return true } else { return false } }
}

/// One event as a human log line: seq, effective time, type, then the payload.
enum LogLine {
    static func text(_ e: Event, instant: (Instant) -> String, hideNotes: Bool = true, names: [String: String] = [:]) -> String {
        let seq = String(e.seq)
        var s = String(repeating: " ", count: max(0, 6 - seq.count)) + seq + "  " + instant(e.at) + "  " + e.type.name
        s += String(repeating: " ", count: max(1, 18 - e.type.name.count))
        guard case .object(let members) = e.payload.json(type: e.type, instant: instant, hideNotes: hideNotes) else { return s }
        s += members.map { "\($0.0)=\(plain($0.1, key: $0.0, names))" }.joined(separator: " ")
        return s
    }

    /// A value as text; an id of a tag, action or goal with its name: `action_id=read(Reading)`.
    private static func plain(_ v: JSONValue, key: String, _ names: [String: String]) -> String {
        let isID = key.hasSuffix("_id") || key == "tag_ids"
        switch v {
        case .string(let s):
            let text = s.contains(" ") ? "\"\(s)\"" : s
            guard isID, let name = names[s] else { return text }
            return text + "(" + name + ")"
        case .object(let m): return "{" + m.map { "\($0.0)=\(plain($0.1, key: $0.0, names))" }.joined(separator: " ") + "}"
        case .array(let a): return a.map { plain($0, key: key, names) }.joined(separator: ",")
        default: return v.compactText
        }
    }
}

extension Parsed {
    /// `--from SEQ` (default 1).
    func fromSeq() throws -> UInt64 {
        guard let f = value(.from) else { return 1 }
        guard let n = UInt64(f), n >= 1 else { throw UsageError(Refusal.notASeq, "\"\(f)\"") }
        return n
    }
}
