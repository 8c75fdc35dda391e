import HaruLedger

extension OptionKey {
    static let device = OptionKey("--device")
    static let pin = OptionKey("--pin")
    static let unpin = OptionKey("--unpin")
    static let collapse = OptionKey("--collapse")
    static let expand = OptionKey("--expand")
    static let watch = OptionKey("--watch")
    static let unwatch = OptionKey("--unwatch")
    static let memo = OptionKey("--memo")
    static let noMemo = OptionKey("--no-memo")
}

/// A device's preferences: each list, the option that adds to it and the one that takes from it.
private let preferenceLists:
    [(
        field: Field, kind: DefinitionKind, add: OptionKey, remove: OptionKey, words: ViewWords,
        edit: WritableKeyPath<DevicePreferencesChanged, Edit<[String]>?> & Sendable
    )] = [
        (.pinnedGoalIDs, .goal, .pin, .unpin, .pinnedGoals, \.pinnedGoalIDs),
        (.collapsedGoalIDs, .goal, .collapse, .expand, .collapsedGoals, \.collapsedGoalIDs),
        (.watchGoalIDs, .goal, .watch, .unwatch, .watchGoals, \.watchGoalIDs),
        (.memoActionIDs, .action, .memo, .noMemo, .memoActions, \.memoActionIDs),
    ]

extension Subcommands {
    static let deviceOption = OptionSpec(.device, value: "ID", help: "Another device's preferences (default: this ledger's device).")

    static let prefs = Command(
        name: "prefs", abstract: "This device's preferences: pinned, collapsed and watch goals, memo-prompt actions.",
        usage: "prefs [--device] [--as-of] [--known-at] | prefs set [--pin] [--collapse] [--watch] [--memo] …",
        options: [deviceOption] + queryOptions,
        discussion: """
            What the app keeps per device: the goals its main tab pins and those it shows collapsed,
            the goals its watch shows (none unless chosen), the actions that ask for a memo when a
            record is made. They are events (device.preferences.changed) that name the device, so
            they are kept, exported and carried like the rest, and each device reads its own. This
            ledger's device id is made the first time a preference is set.
            """,
        subcommands: [prefsSet],
        run: { ctx, p in
            let ledger = try ctx.openLedger(readOnly: true)
            let device = try p.value(.device) ?? ledger.deviceID()
            return try ctx.query { snap, cal, ref in
                let lists = try device.map { try DeviceLists(snap, device: $0, reference: ref) }
                if ctx.json {
                    var m: [(String, JSONValue)] = [("device_id", device.map { .string($0) } ?? .null)]
                    for l in preferenceLists { m.append((l.field.jsonName, .array((lists?[l.field] ?? []).map { .string($0) }))) }
                    ctx.printJSON(.object(m + snap.referenceJSON(ref, cal)))
                    return ExitCode.ok
                }
                guard let device else {
                    ctx.out.line(ctx.words(ViewWords.noDeviceYet))
                    return ExitCode.ok
                }
                let names = try ctx.names(of: [.goal, .action], snap, at: ref.definitionsAt)
                ctx.out.line(ctx.words(ViewWords.device, device))
                for l in preferenceLists {
                    let ids = lists?[l.field] ?? []
                    ctx.out.line(
                        Cell.pad("  " + ctx.words(l.words), 24) + (ids.isEmpty ? "–" : ids.map { names[$0] ?? $0 }.joined(separator: ", ")))
                }
                return ExitCode.ok
            }
        })

    static let prefsSet = Command(
        name: "set", abstract: "Change this device's preferences (the lists you do not name stay as they are).",
        usage:
            "prefs set [--pin] [--unpin] [--collapse] [--expand] [--watch] [--unwatch] [--memo] [--no-memo] [--device] [--at]",
        options: [
            OptionSpec(.pin, value: "GOAL", help: "Pin a goal to the main tab.", repeatable: true),
            OptionSpec(.unpin, value: "GOAL", help: "Unpin it.", repeatable: true),
            OptionSpec(.collapse, value: "GOAL", help: "Show a goal collapsed (its quests hidden).", repeatable: true),
            OptionSpec(.expand, value: "GOAL", help: "Show it whole again.", repeatable: true),
            OptionSpec(.watch, value: "GOAL", help: "Show a goal on the watch.", repeatable: true),
            OptionSpec(.unwatch, value: "GOAL", help: "Take it off the watch.", repeatable: true),
            OptionSpec(.memo, value: "ACTION", help: "Ask for a memo when this action is recorded.", repeatable: true),
            OptionSpec(.noMemo, value: "ACTION", help: "Stop asking.", repeatable: true),
            deviceOption, atOption,
        ],
        run: { ctx, p in
            let ledger = try ctx.openLedger()
            guard preferenceLists.contains(where: { !p.all($0.add).isEmpty || !p.all($0.remove).isEmpty }) else {
                throw UsageError(Refusal.nothingToChangePrefs)
            }
            // Lists in the order given, each id once; an emptied list is cleared (null).
            let device = try p.value(.device) ?? ledger.deviceID() ?? ledger.assignDeviceID(ctx.newID())
            var change = DevicePreferencesChanged(deviceID: device)
            try ledger.snapshot(zones: ctx.zones) { snap in
                let current = try snap.definition(.device, device)?.fields()
                for l in preferenceLists where !p.all(l.add).isEmpty || !p.all(l.remove).isEmpty {
                    var ids = current?.strings(l.field) ?? []
                    for a in p.all(l.add) {
                        let id = try ctx.resolve(l.kind, a, in: snap).id
                        if !ids.contains(id) { ids.append(id) }
                    }
                    for r in p.all(l.remove) {
                        let id = try ctx.resolve(l.kind, r, in: snap, reference: .live(now: try ctx.clockNow())).id
                        ids.removeAll { $0 == id }
                    }
                    change[keyPath: l.edit] = ids.isEmpty ? .clear : .set(ids)
                }
            }
            return try ctx.write(
                change, id: device,
                human: ctx.words(Done.prefsChanged, device))
        })
}
