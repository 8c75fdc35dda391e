import HaruLedger

extension Subcommands {
    static let history = Command(
        name: "history", abstract: "Every event that touched one entity, with what it changed.",
        usage: "history ID|NAME|REF [--records] [--known-at]",
        arguments: [
            (
                "ID|NAME|REF",
                "An id of any kind, an action's or tag's name, a goal's title, or the start of a record id (as `haru records` shows it)."
            )
        ],
        options: [OptionSpec(.records, help: "For an action: also the events of its sessions and counts.")] + queryOptions,
        discussion: """
            Oldest first: seq, when it was recorded (transaction time, UTC), when it takes effect
            (valid time, the ledger's zone), the event type and the fields it changed, old → new.
            Notes are shown: this is their owner's view (`haru log` hides them).
            """,
        minArgs: 1, maxArgs: 1,
        run: { ctx, p in
            try ctx.query { snap, cal, ref in
                let subject: HistorySubject
                do { subject = try Resolver.subject(p.positionals[0], in: snap, reference: ref) } catch let e as Resolver.Unresolved {
                    throw UsageError(e.reason)
                }
                if p.has(.records), case .definition(let d) = subject, d.kind != .action {
                    let (text, kind) = (p.positionals[0], d.kind)
                    throw UsageError { w in w(Refusal.recordsOfActions, text, w.kind(kind)) }
                }
                let entries = try EntityHistory.entries(snap, subject, records: p.has(.records))
                // Events a merge left without effect (Docs/sync.md), with the rule that refused them.
                var conflicts: [UInt64: String] = [:]
                for c in try ctx.openLedger(readOnly: true).storedConflicts() { conflicts[c.seq] = c.rule }
                var names: [String: String] = [:]
                for kind in [DefinitionKind.action, .tag, .goal] {
                    for d in try snap.definitions(kind) { names[d.id] = d.fields().label }
                }
                let title: String
                switch subject {
                case .definition(let d): title = d.fields().label ?? d.id
                case .session(let s): title = names[s.actionID] ?? s.actionID
                case .count(let c): title = names[c.actionID] ?? c.actionID
                }
                if ctx.json {
                    let items: [JSONValue] = entries.map { h in
                        var m: [(String, JSONValue)] = [
                            ("seq", .int(Int64(h.event.seq))), ("recorded", .string(Event.formatRecorded(h.event.recorded))),
                            ("at", .string(cal.format(h.event.at))), ("type", .string(h.event.type.name)),
                            ("id", .string(h.event.id.description)),
                        ]
                        if let r = h.recordID { m.append(("record_id", .string(r))) }
                        if let rule = conflicts[h.event.seq] { m.append(("conflict", .string(rule))) }
                        m.append(
                            (
                                "changes",
                                .array(
                                    h.changes.map { c in
                                        .object([
                                            ("field", .string(c.field.jsonName)), ("from", HistoryText.json(c.field, c.from, cal)),
                                            ("to", HistoryText.json(c.field, c.to, cal)),
                                        ])
                                    })
                            ))
                        m.append(("data", h.event.payload.json(type: h.event.type, instant: cal.format)))
                        return .object(m)
                    }
                    ctx.printJSON(
                        .object(
                            [("kind", .string(subject.kindWord)), ("id", .string(subject.id)), ("name", .string(title))]
                                + snap.referenceJSON(ref, cal) + [("events", .array(items))]))
                    return ExitCode.ok
                }
                // A diary page's id is its day, already its title: said once.
                let named = title == subject.id ? title : "\(title) (id \(subject.id))"
                let w = ctx.words
                ctx.out.line(
                    w.language == .en
                        ? "\(subject.kindWord) \(named): \(entries.count) event\(entries.count == 1 ? "" : "s")"
                        : w(ViewWords.historyHeading, w.entity(subject.kindWord), named, String(entries.count)))
                // Amounts and count targets of an action with decimals are said in its unit (5.35, not 535 hundredths).
                let action: String?
                switch subject {
                case .definition(let d): action = d.kind == .action ? d.id : d.kind == .quest ? d.base.string(.targetActionID) : nil
                case .count(let c): action = c.actionID
                case .session: action = nil
                }
                let decimals = try action.map { try snap.definition(.action, $0)?.base.int(.decimals) ?? 0 } ?? 0
                for h in entries {
                    let words = h.changes.map { HistoryText.words($0, cal, names, w, decimals: Int(decimals)) }.joined(separator: ", ")
                    let record = h.recordID.map { " [\($0)]" } ?? ""
                    ctx.out.line(
                        "  " + Cell.pad(String(h.event.seq), 6) + Cell.pad(Event.formatRecorded(h.event.recorded), 29)
                            + w(ViewWords.historyAt)
                            + " " + cal.format(h.event.at) + "  " + Cell.pad(h.event.type.name, 18) + record
                            + (words.isEmpty ? "" : "  " + words)
                    )
                    if let rule = conflicts[h.event.seq] {
                        ctx.out.line("        " + w(ViewWords.noEffect, w.conflictReason(ConflictRule(rule), rule)))
                    }
                }
                return ExitCode.ok
            }
        })
}

/// A field's change in words: `target 30m 00s → 45m 00s`, `end 22:10 → 21:40`.
enum HistoryText {
    static func json(_ f: Field, _ v: FieldValue?, _ cal: LedgerCalendar) -> JSONValue {
        guard let v else { return .null }
        return Payload.render(f, v, instant: cal.format)
    }

    /// A field's change: `name "Reading" → "독서"`. In Korean and Japanese the
    /// field and any value in English letters are shown as typed (`tracking`
    /// `time`): they are the event's words, as `haru log --json` has them.
    /// - Parameter decimals: the action's decimal places, for `amount` and `target_count` (535 hundredths: `5.35`).
    static func words(
        _ c: FieldChange, _ cal: LedgerCalendar, _ names: [String: String], _ w: Words = .english, decimals: Int = 0
    ) -> String {
        let en = w.language == .en
        let name = en ? String(c.field.jsonName.map { $0 == "_" || $0 == "." ? " " : $0 }) : "`\(c.field.jsonName)`"
        func value(_ v: FieldValue) -> String {
            if !en, case .int(let s) = v, c.field == .targetSeconds { return w.duration(s) }
            if decimals > 0, case .int(let n) = v, c.field == .amount || c.field == .targetCount { return Decimals.text(n, decimals) }
            let t = text(c.field, v, cal, names)
            let typed =
                !en && !t.hasPrefix("\"") && !t.hasPrefix("[") && t.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }
            return typed ? "`\(t)`" : t
        }
        switch (c.from, c.to) {
        case (nil, let to?): return "\(name) \(value(to))"
        case (let from?, nil): return "\(name) \(value(from)) " + w(ViewWords.removed)
        case (let from?, let to?): return "\(name) \(value(from)) → \(value(to))"
        case (nil, nil): return name
        }
    }

    static func text(_ f: Field, _ v: FieldValue, _ cal: LedgerCalendar, _ names: [String: String]) -> String {
        switch (f, v) {
        case (.targetSeconds, .int(let s)): return DurationText.text(s)
        case (.note, .string(let s)), (.name, .string(let s)), (.title, .string(let s)), (.text, .string(let s)):
            return "\"\(RecordText.oneLine(s))\""
        case (.tagIDs, .strings(let ids)), (.hiddenActionIDs, .strings(let ids)), (.hiddenGoalIDs, .strings(let ids)):
            return "[" + ids.map { names[$0] ?? $0 }.joined(separator: ", ") + "]"
        case (.targetActionID, .string(let id)), (.targetTagID, .string(let id)): return names[id] ?? id
        default:
            let j = Payload.render(f, v, instant: cal.format)
            if case .array(let items) = j { return items.map { $0.stringValue ?? $0.compactText }.joined(separator: ", ") }
            return j.stringValue ?? j.compactText
        }
    }
}
