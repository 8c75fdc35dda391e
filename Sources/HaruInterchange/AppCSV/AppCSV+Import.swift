/// `haru import csv DIR`: the app's five files read back into events.
///
/// Headers may be in any of the app's languages (and in any order); values
/// are checked by the same field rules as JSON Lines, and an error names the
/// file, the line, the column and the rule. Each event's id is derived from
/// the file and the entity's id, so importing the same folder twice adds
/// nothing the second time.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruViews

/// A CSV import error: where, and which rule. Exit 2.
public struct CSVInputError: HaruError, Sendable, Equatable {
    public var file: String
    public var line: Int
    /// The column's header as written in the file, or a field.
    public var column: String?
    public var rule: String
    public var exitStatus: ExitStatus { .badInput }
    public var description: String {
        "\(file) line \(line)" + (column.map { ", column \"\($0)\"" } ?? "") + ": \(rule); nothing was imported"
    }

    public init(file: String, line: Int, column: String?, rule: String) {
        (self.file, self.line, self.column, self.rule) = (file, line, column, rule)
    }
}

extension AppCSV {
    /// One file as read: its name and its records (the first is the header row).
    public struct InputFile: Sendable {
        public var name: String
        public var records: [(line: Int, fields: [String])]
        public init(name: String, records: [(line: Int, fields: [String])]) { (self.name, self.records) = (name, records) }
    }

    /// An event of the import and where it came from.
    public struct ImportedEvent: Sendable {
        public var event: EventInput
        public var file: String
        public var line: Int
    }

    /// The events the five files describe: tags and actions, goals, quests,
    /// goal finishes and confirmations, then the records by time.
    /// Definitions take effect a day before the earliest date or instant in
    /// the files, so that they are in force for every record.
    public static func events(_ files: [File: InputFile], zones: ZoneDirectory) throws -> [ImportedEvent] {
        var rows: [File: [(line: Int, values: [String: String], file: String, headers: [String: String])]] = [:]
        for (file, input) in files {
            guard let header = input.records.first else { continue }
            var keys: [String?] = []
            var headers: [String: String] = [:]
            for (k, h) in header.fields.enumerated() {
                let name = h.trimmingSpacesAndTabs
                guard
                    let col = file.columns.first(where: {
                        [$0.en, $0.ko, $0.ja, $0.key].contains(name) || (File.formerHeaders[$0.key] ?? []).contains(name)
                    })
                else {
                    throw CSVInputError(
                        file: input.name, line: header.line, column: h,
                        rule: "is not a column of this file (\(file.header(.en).joined(separator: ", ")))")
                }
                if keys.contains(col.key) { throw CSVInputError(file: input.name, line: header.line, column: h, rule: "appears twice") }
                keys.append(col.key)
                headers[col.key] = h
                _ = k
            }
            for required in requiredColumns(file) where !keys.contains(required) {
                let c = file.columns.first { $0.key == required }!
                throw CSVInputError(file: input.name, line: header.line, column: c.en, rule: "is required (a column of this header row)")
            }
            rows[file] = try input.records.dropFirst().map { rec in
                guard rec.fields.count == keys.count else {
                    throw CSVInputError(
                        file: input.name, line: rec.line, column: nil,
                        rule: "has \(rec.fields.count) fields where the header has \(keys.count)")
                }
                var values: [String: String] = [:]
                for (k, v) in zip(keys, rec.fields) where k != nil { values[k!] = v }
                return (rec.line, values, input.name, headers)
            }
        }

        // When the definitions take effect: a day before anything in the files.
        var earliest = Int64.max
        for file in [File.timeRecords, .countRecords] {
            for r in rows[file] ?? [] {
                for key in ["start", "time"] {
                    if let t = r.values[key], case .success(let i) = Instant.parse(t) { earliest = min(earliest, i.seconds) }
                }
            }
        }
        for file in [File.goals, .quests] {
            for r in rows[file] ?? [] {
                for key in ["start_date", "custom_start"] {
                    if let t = r.values[key], let d = LocalDate(parsing: t) { earliest = min(earliest, Int64(d.daysSinceEpoch) * 86_400) }
                }
            }
        }
        let defAt = Instant(seconds: earliest == .max ? 0 : earliest - 2 * 86_400)

        var out: [ImportedEvent] = []
        func add(
            _ type: EventType, at: Instant, _ data: [(String, JSONValue)],
            _ r: (line: Int, values: [String: String], file: String, headers: [String: String]), key: String
        ) throws {
            let payload: Payload
            do {
                payload = try Payload.parse(.object(data), type: type, zones: zones)
            } catch {
                // `data.end` → the column that held it.
                let field = error.field.hasPrefix("data.") ? String(error.field.dropFirst(5)) : error.field
                let columnKey =
                    [
                        "tag_id": "tag_ids", "action_id": "id", "entry_id": "id", "session_id": "id", "goal_id": "id", "quest_id": "id",
                        "target.action_id": "target_action_id", "target.tag_id": "target_tag_id", "target.measure": "measure",
                        "schedule.mode": "schedule_mode", "schedule.weekdays": "weekdays", "schedule.month_days": "month_days",
                        "schedule.ordinal": "ordinal", "schedule.weekday": "weekday", "threshold_percent": "threshold_percent",
                    ][field] ?? field
                throw CSVInputError(file: r.file, line: r.line, column: r.headers[columnKey] ?? field, rule: error.rule)
            }
            let id = derivedID(type.name, key)
            out.append(
                ImportedEvent(event: EventInput(id: id, type: type, at: at, source: "csv", payload: payload), file: r.file, line: r.line))
        }
        func split(_ s: String?) -> [String] {
            CSV.listItems(s ?? "")
        }
        func int(_ r: (line: Int, values: [String: String], file: String, headers: [String: String]), _ key: String) throws -> JSONValue? {
            guard let v = r.values[key], !v.isEmpty else { return nil }
            guard let n = Int64(v) else {
                throw CSVInputError(file: r.file, line: r.line, column: r.headers[key], rule: "\"\(v.prefix(40))\" is not a whole number")
            }
            return .int(n)
        }
        // An action's decimal places (the actions file's Decimals column): its
        // amounts and targets are written in its unit (7.6), stored in its smallest (76).
        var places: [String: Int] = [:]
        for r in rows[.actions] ?? [] {
            guard let v = r.values["decimals"], !v.isEmpty else { continue }
            guard let n = Int(v), (0...3).contains(n) else {
                throw CSVInputError(
                    file: r.file, line: r.line, column: r.headers["decimals"], rule: "\"\(v.prefix(40))\" is not 0, 1, 2 or 3")
            }
            places[r.values["id"] ?? ""] = n
        }
        func amount(
            _ r: (line: Int, values: [String: String], file: String, headers: [String: String]), _ key: String, action: String?
        ) throws -> JSONValue? {
            let d = action.flatMap { places[$0] } ?? 0
            guard d > 0 else { return try int(r, key) }
            guard let v = r.values[key], !v.isEmpty else { return nil }
            guard let n = Decimals.parse(v, d) else {
                throw CSVInputError(
                    file: r.file, line: r.line, column: r.headers[key],
                    rule: "\"\(v.prefix(40))\" is not a number of at most \(d) decimal place\(d == 1 ? "" : "s")")
            }
            return .int(n)
        }
        func text(_ r: (line: Int, values: [String: String], file: String, headers: [String: String]), _ key: String) -> JSONValue? {
            guard let v = r.values[key], !v.isEmpty else { return nil }
            return .string(v)
        }
        func instant(_ r: (line: Int, values: [String: String], file: String, headers: [String: String]), _ key: String) throws -> Instant {
            let v = r.values[key] ?? ""
            switch Instant.parse(v) {
            case .success(let t): return t
            // The parser's own rule: a year out of the ledger's range, an offset no zone has, or the form itself.
            case .failure(let e): throw CSVInputError(file: r.file, line: r.line, column: r.headers[key], rule: e.rule(v))
            }
        }

        // Tags, from the actions file (the five files have no file of their own for tags).
        var tagsSeen = Set<String>()
        for r in rows[.actions] ?? [] {
            let ids = split(r.values["tag_ids"]), names = split(r.values["tags"]), colors = split(r.values["tag_colors"])
            for (k, id) in ids.enumerated() where !tagsSeen.contains(id) {
                tagsSeen.insert(id)
                var data: [(String, JSONValue)] = [("tag_id", .string(id)), ("name", .string(k < names.count ? names[k] : id))]
                if k < colors.count, !colors[k].isEmpty { data.append(("color", .string(colors[k]))) }
                try add(.tagCreated, at: defAt, data, r, key: id)
            }
        }
        for r in rows[.actions] ?? [] {
            var data: [(String, JSONValue)] = [
                ("action_id", text(r, "id") ?? .string("")), ("name", text(r, "name") ?? .string("")),
                ("tracking", text(r, "tracking") ?? .string("")),
            ]
            let ids = split(r.values["tag_ids"])
            if !ids.isEmpty { data.append(("tag_ids", .array(ids.map { .string($0) }))) }
            if let s = text(r, "symbol") { data.append(("symbol", s)) }
            if let f = r.values["favorite"], !f.isEmpty {
                guard f == "true" || f == "false" else {
                    throw CSVInputError(file: r.file, line: r.line, column: r.headers["favorite"], rule: "takes true or false")
                }
                data.append(("favorite", .bool(f == "true")))
            }
            if let o = try int(r, "order") { data.append(("order", o)) }
            if let d = places[r.values["id"] ?? ""], d > 0 { data.append(("decimals", .int(Int64(d)))) }
            for key in ["unit", "question", "description"] { if let v = text(r, key) { data.append((key, v)) } }
            try add(.actionCreated, at: defAt, data, r, key: r.values["id"] ?? "")
        }
        var goalsWithQuests = Set<String>()
        for r in rows[.quests] ?? [] { goalsWithQuests.insert(r.values["goal_id"] ?? "") }
        for r in rows[.goals] ?? [] {
            var data: [(String, JSONValue)] = [
                ("goal_id", text(r, "id") ?? .string("")), ("title", text(r, "title") ?? .string("")),
                ("start_date", text(r, "start_date") ?? .string("")),
            ]
            if let e = text(r, "end_date") { data.append(("end_date", e)) }
            if let t = try int(r, "threshold_percent") { data.append(("threshold_percent", t)) }
            if let s = text(r, "symbol") { data.append(("symbol", s)) }
            if let c = text(r, "color") { data.append(("color", c)) }
            if let o = try int(r, "order") { data.append(("order", o)) }
            try add(.goalCreated, at: defAt, data, r, key: r.values["id"] ?? "")
        }
        for r in rows[.quests] ?? [] {
            var data: [(String, JSONValue)] = [("quest_id", text(r, "id") ?? .string("")), ("goal_id", text(r, "goal_id") ?? .string(""))]
            var target: [(String, JSONValue)] = []
            if let a = text(r, "target_action_id") { target.append(("action_id", a)) }
            if let t = text(r, "target_tag_id") { target.append(("tag_id", t)) }
            if let m = text(r, "measure") { target.append(("measure", m)) }
            data.append(("target", .object(target)))
            data.append(("period", .string(ours(.period, r.values["period"] ?? ""))))
            var schedule: [(String, JSONValue)] = []
            if let m = r.values["schedule_mode"], !m.isEmpty { schedule.append(("mode", .string(ours(.scheduleMode, m)))) }
            let wd = split(r.values["weekdays"]), md = split(r.values["month_days"])
            if !wd.isEmpty { schedule.append(("weekdays", .array(wd.map { .string($0) }))) }
            if !md.isEmpty {
                schedule.append(
                    (
                        "month_days",
                        .array(
                            try md.map { d in
                                guard let n = Int64(d) else {
                                    throw CSVInputError(
                                        file: r.file, line: r.line, column: r.headers["month_days"],
                                        rule: "\"\(d.prefix(20))\" is not a day of the month")
                                }
                                return .int(n)
                            })
                    ))
            }
            if let o = try int(r, "ordinal") { schedule.append(("ordinal", o)) }
            if let w = text(r, "weekday") { schedule.append(("weekday", w)) }
            if !schedule.isEmpty { data.append(("schedule", .object(schedule))) }
            if let s = text(r, "custom_start") { data.append(("custom_start", s)) }
            if let e = text(r, "custom_end") { data.append(("custom_end", e)) }
            if let t = try int(r, "target_seconds") { data.append(("target_seconds", t)) }
            if let t = try amount(r, "target_count", action: r.values["target_action_id"]) { data.append(("target_count", t)) }
            data.append(("direction", .string(ours(.direction, r.values["direction"] ?? ""))))
            if let d = text(r, "deadline") { data.append(("deadline", d)) }
            if let o = try int(r, "order") { data.append(("order", o)) }
            try add(.questCreated, at: defAt, data, r, key: r.values["id"] ?? "")
        }
        // A goal judged without an end date was finished by hand; one without quests and judged was confirmed.
        for r in rows[.goals] ?? [] {
            let status = r.values["status"] ?? ""
            guard status != "", status != "inProgress", status != "in_progress" else { continue }
            guard let known = statusWords.first(where: { $0.1 == status || $0.0.rawValue == status }) else {
                throw CSVInputError(
                    file: r.file, line: r.line, column: r.headers["status"],
                    rule: "\"\(status.prefix(40))\" is not a status (inProgress, achieved, notAchieved, needsConfirmation)")
            }
            guard let j = r.values["judged_at"], !j.isEmpty else { continue }
            let at = try instant(r, "judged_at")
            let id = r.values["id"] ?? ""
            if (r.values["end_date"] ?? "").isEmpty { try add(.goalFinished, at: at, [("goal_id", .string(id))], r, key: id) }
            if !goalsWithQuests.contains(id), known.0 == .achieved || known.0 == .notAchieved {
                try add(
                    .goalConfirmed, at: at,
                    [("goal_id", .string(id)), ("outcome", .string(known.0 == .achieved ? "achieved" : "not_achieved"))], r, key: id)
            }
        }
        // Records, by time.
        var records:
            [(
                at: Instant, type: EventType, data: [(String, JSONValue)],
                row: (line: Int, values: [String: String], file: String, headers: [String: String])
            )] = []
        for r in rows[.timeRecords] ?? [] {
            let start = try instant(r, "start")
            var data: [(String, JSONValue)] = [
                ("session_id", text(r, "id") ?? .string("")), ("action_id", text(r, "action_id") ?? .string("")),
            ]
            if (r.values["end"] ?? "").isEmpty {
                records.append((start, .sessionStarted, data, r))  // still running
            } else {
                let end = try instant(r, "end")
                data += [("start", .string(start.format(offsetSeconds: 0))), ("end", .string(end.format(offsetSeconds: 0)))]
                if let n = text(r, "note") { data.append(("note", n)) }
                records.append((end, .sessionRecorded, data, r))
            }
        }
        for r in rows[.countRecords] ?? [] {
            var data: [(String, JSONValue)] = [
                ("entry_id", text(r, "id") ?? .string("")), ("action_id", text(r, "action_id") ?? .string("")),
            ]
            if let a = try amount(r, "amount", action: r.values["action_id"]) { data.append(("amount", a)) }
            if let n = text(r, "note") { data.append(("note", n)) }
            records.append((try instant(r, "time"), .countAdded, data, r))
        }
        records.sort { $0.at < $1.at }
        for rec in records { try add(rec.type, at: rec.at, rec.data, rec.row, key: rec.row.values["id"] ?? "") }
        return out
    }

    static func requiredColumns(_ f: File) -> [String] {
        switch f {
        case .actions: ["id", "name", "tracking"]
        case .timeRecords: ["id", "action_id", "start", "end"]
        case .countRecords: ["id", "action_id", "time", "amount"]
        case .goals: ["id", "title", "start_date"]
        case .quests: ["id", "goal_id", "period", "direction"]
        }
    }

    /// A UUID derived from what the event is about: the same row imported
    /// again gives the same id (and is skipped as already there).
    static func derivedID(_ type: String, _ key: String) -> EventID {
        let d = Digest.sha256(Array("haru-csv\u{0}\(type)\u{0}\(key)".utf8))
        let (a, b, _, _) = d.bytes
        // Version 8 (RFC 9562: custom), variant 10.
        return EventID(high: (a & ~UInt64(0xF000)) | 0x8000, low: (b & ~(UInt64(0xC000) << 48)) | (UInt64(0x8000) << 48))
    }
}
