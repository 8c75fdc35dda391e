@_spi(Layers) import HaruSystem

extension Fold {
    /// The rules of a definition's fields taken together (a created payload,
    /// or the merge of a definition with an edit).
    /// - Parameter editing: the edit being checked, to name its fields in errors.
    /// - Parameter merged: the fold of a merge (a skip may name what another device deleted meanwhile).
    static func checkDefinition<S: EntityStore>(
        _ kind: DefinitionKind, _ p: Payload, id: String, store: S, editing: Payload? = nil, merged: Bool = false
    ) throws {
        switch kind {
        case .tag:
            try uniqueName(kind, try p.requiredString(.name), id: id, store: store, changed: editing.map { $0.has(.name) } ?? true)
        case .action:
            try uniqueName(kind, try p.requiredString(.name), id: id, store: store, changed: editing.map { $0.has(.name) } ?? true)
            // Decimal places are a count action's, given at its creation (its amounts are in them).
            if p.int(.decimals) != nil, p.choice(.tracking, as: Tracking.self) == .time {
                throw InputError(
                    field: "data.decimals", rule: "goes with count actions only (a time action is measured in seconds)",
                    broken: .decimalsOnTime)
            }
            // A count's unit (glasses, km); a time action's unit is its hours and minutes.
            if (editing ?? p).string(.unit) != nil, p.choice(.tracking, as: Tracking.self) == .time {
                throw InputError(
                    field: "data.unit", rule: "goes with count actions only (a time action is measured in hours and minutes)",
                    broken: .unitOnTime)
            }
            for tag in p.strings(.tagIDs) ?? [] where editing == nil || editing!.has(.tagIDs) {
                _ = try liveDefinition(.tag, tag, field: "data.tag_ids", store: store)
            }
        case .goal:
            if let end = p.date(.endDate), let start = p.date(.startDate), end < start {
                throw InputError(
                    field: editing?.has(.endDate) == false ? "data.start_date" : "data.end_date",
                    rule: "end_date \(end) is before start_date \(start)")
            }
        case .quest:
            if editing == nil {
                _ = try liveDefinition(.goal, try p.requiredString(.goalID), field: "data.goal_id", store: store)
            }
            try checkQuestShape(p, store: store, editing: editing)
        case .diary:
            // Hidden ids name what the day's page hides: they must exist (a
            // deleted one may be hidden still: its records stay on old days).
            try requireExisting([(.hiddenActionIDs, .action), (.hiddenGoalIDs, .goal)], in: p, store: store)
            // One file name per attachment, in their order.
            if let names = p.strings(.attachmentNames), names.count != (p.strings(.attachments)?.count ?? 0) {
                throw InputError(
                    field: "data.attachment_names",
                    rule:
                        "names \(names.count) file\(names.count == 1 ? "" : "s") for \(p.strings(.attachments)?.count ?? 0) attachment\(p.strings(.attachments)?.count == 1 ? "" : "s"); give one name per attachment, in their order"
                )
            }
        case .device:
            // What a device pins, collapses, shows on its watch or asks a memo for must exist.
            try requireExisting(DevicePreferences.lists, in: p, store: store)
        case .skip:
            try checkSkip(p, store: store, merged: merged)
        case .todo:
            if editing?.has(.text) ?? true, p.string(.text)?.allSatisfy(\.isWhitespace) ?? true {
                throw InputError(field: "data.text", rule: "must say what to do (it is empty)")
            }
        }
    }

    /// What a skip names (exactly one action, quest or goal) and its days
    /// (`end_date` not before `start_date`, at most ten years). Appended on this
    /// device, what it excuses must be live; in a merge, a deletion another
    /// device made meanwhile does not undo the skip (it names what was meant).
    static func checkSkip<S: EntityStore>(_ p: Payload, store: S, merged: Bool) throws {
        let named: [(Field, DefinitionKind)] = [(.actionID, .action), (.questID, .quest), (.goalID, .goal)].filter { p.has($0.0) }
        guard named.count == 1, let (field, kind) = named.first else {
            throw InputError(
                field: "data",
                rule:
                    "a skip names exactly one of action_id, quest_id or goal_id (got \(named.isEmpty ? "none" : named.map { $0.0.jsonName }.joined(separator: " and ")))",
                broken: .skipTarget)
        }
        let id = try p.requiredID(field)
        if merged {
            guard try store.definition(kind, id) != nil else {
                throw InputError(
                    field: "data.\(field.jsonName)", rule: "no \(kind.word) with id \"\(id)\"", broken: .noSuchID(kind: kind.word, id: id))
            }
        } else {
            _ = try liveDefinition(kind, id, field: "data.\(field.jsonName)", store: store)
        }
        guard let start = p.date(.startDate) else { throw InputError(field: "data.start_date", rule: "is required") }
        if let end = p.date(.endDate) {
            guard end >= start else {
                throw InputError(field: "data.end_date", rule: "end_date \(end) is before start_date \(start)")
            }
            guard end.daysSinceEpoch - start.daysSinceEpoch < Self.longestSkip else {
                throw InputError(
                    field: "data.end_date",
                    rule:
                        "a skip covers at most \(Self.longestSkip) days (\(start) … \(end) is \(end.daysSinceEpoch - start.daysSinceEpoch + 1))",
                    broken: .skipTooLong(days: Self.longestSkip))
            }
        }
    }

    /// The most days one skip covers: ten years (a pause longer than that is an ended goal).
    public static let longestSkip = 3_660

    /// Every id in these list fields names a definition of its kind (live or deleted).
    private static func requireExisting<S: EntityStore>(
        _ lists: [(field: Field, names: DefinitionKind)], in p: Payload, store: S
    ) throws {
        for (f, k) in lists {
            for id in p.strings(f) ?? [] where try store.definition(k, id) == nil {
                throw InputError(
                    field: "data.\(f.jsonName)", rule: "no \(k.word) with id \"\(id)\"", broken: .noSuchID(kind: k.word, id: id))
            }
        }
    }

    private static func uniqueName<S: EntityStore>(_ kind: DefinitionKind, _ name: String, id: String, store: S, changed: Bool) throws {
        guard changed else { return }
        if let other = try store.liveDefinitionID(kind, named: name), other != id {
            throw InputError(
                field: "data.name",
                rule:
                    "\(kind.word.first == "a" ? "an" : "a") \(kind.word) named \"\(name)\" already exists (id \"\(other)\"); names are unique",
                broken: .nameTaken(kind: kind.word, name: name, id: other))
        }
    }

    /// Target, period, schedule, dates, amounts and deadline (CONTRACT §2, RULES §2).
    private static func checkQuestShape<S: EntityStore>(_ p: Payload, store: S, editing: Payload?) throws {
        func err(_ f: Field, _ rule: String) -> InputError {
            let name = f.parentName.map { "data.\($0).\(f.leafName)" } ?? "data.\(f.jsonName)"
            return InputError(field: name, rule: rule)
        }
        // Target: exactly one of an action, or a tag with a measure.
        let unitIsTime: Bool
        // How many stored units make one of the target's: 10^decimals of its action.
        var scale: Int64 = 1
        if let a = p.string(.targetActionID), let d = try store.definition(.action, a) {
            scale = Decimals.scale(Int(d.base.int(.decimals) ?? 0))
        }
        if editing == nil {
            switch (p.string(.targetActionID), p.string(.targetTagID)) {
            case (let a?, nil):
                if p.has(.targetMeasure) { throw err(.targetMeasure, "goes with target.tag_id only (an action's tracking is its measure)") }
                let d = try liveDefinition(.action, a, field: "data.target.action_id", store: store)
                unitIsTime = d.base.choice(.tracking) == Tracking.time
            case (nil, let t?):
                _ = try liveDefinition(.tag, t, field: "data.target.tag_id", store: store)
                guard let m = p.choice(.targetMeasure, as: Measure.self) else {
                    throw err(.targetMeasure, "is required with target.tag_id (time or count)")
                }
                unitIsTime = m == .time
            case (nil, nil):
                throw InputError(
                    field: "data.target", rule: "is required: {\"action_id\": …} or {\"tag_id\": …, \"measure\": \"time\"|\"count\"}")
            case (_?, _?):
                throw InputError(field: "data.target", rule: "takes action_id or tag_id, not both")
            }
        } else if let a = p.string(.targetActionID) {
            unitIsTime = try store.definition(.action, a)?.base.choice(.tracking) == Tracking.time
        } else {
            unitIsTime = p.choice(.targetMeasure) == Measure.time
        }

        let period = Period(rawValue: try p.requiredInt(.period))
        let isDaily = period == .daily, isCustom = period == .custom
        // Schedule: daily only; default every day.
        if !isDaily {
            for f in [Field.scheduleMode, .scheduleWeekdays, .scheduleMonthDays, .scheduleOrdinal, .scheduleWeekday] where p.has(f) {
                throw err(f, "applies to daily quests only")
            }
            if p.has(.deadline) { throw err(.deadline, "applies to daily quests only") }
        } else {
            let mode = p.choice(.scheduleMode) ?? ScheduleMode.everyDay
            let needs: [Field]
            switch mode {
            case .everyDay: needs = []
            case .weekdays: needs = [.scheduleWeekdays]
            case .monthDays: needs = [.scheduleMonthDays]
            case .ordinalWeekday: needs = [.scheduleOrdinal, .scheduleWeekday]
            }
            if p.has(.scheduleMode) || !needs.isEmpty {
                for f in needs where !p.has(f) { throw err(f, "is required for schedule mode \(mode.word)") }
                for f in [Field.scheduleWeekdays, .scheduleMonthDays, .scheduleOrdinal, .scheduleWeekday]
                where p.has(f) && !needs.contains(f) {
                    throw err(f, "does not apply to schedule mode \(mode.word)")
                }
            } else {
                for f in [Field.scheduleWeekdays, .scheduleMonthDays, .scheduleOrdinal, .scheduleWeekday] where p.has(f) {
                    throw err(f, "needs schedule.mode")
                }
            }
        }
        // Custom period dates.
        if isCustom {
            guard let s = p.date(.customStart) else { throw err(.customStart, "is required for a custom period") }
            guard let e = p.date(.customEnd) else { throw err(.customEnd, "is required for a custom period") }
            if e < s { throw err(.customEnd, "\(e) is before custom_start \(s)") }
        } else {
            for f in [Field.customStart, .customEnd] where p.has(f) { throw err(f, "applies to custom periods only") }
        }
        // Amount: the field that matches the unit, positive when it is a minimum.
        let want: Field = unitIsTime ? .targetSeconds : .targetCount
        let other: Field = unitIsTime ? .targetCount : .targetSeconds
        if p.has(other) {
            throw err(other, "does not match the target's unit (\(unitIsTime ? "time: use target_seconds" : "count: use target_count"))")
        }
        guard let amount = p.int(want) else { throw err(want, "is required (the target's unit is \(unitIsTime ? "time" : "count"))") }
        if p.choice(.direction) == Direction.atLeast, amount == 0 { throw err(want, "must be above 0 for an at_least quest") }
        // A count target is at most 1,000,000 in its unit (in tenths at one decimal: 10,000,000).
        if want == .targetCount, amount > 1_000_000 * scale {
            throw InputError(
                field: "data.target_count", rule: "must be a whole number from 0 to \(1_000_000 * scale) (got \(amount))",
                broken: .wholeNumber(from: 0, to: 1_000_000 * scale, got: String(amount)))
        }
    }
}
