/// `haru import loop DIR`: Loop Habit Tracker's CSV export. `Habits.csv`
/// (Position, Name, Type, Question, Description, FrequencyNumerator,
/// FrequencyDenominator, Color, Unit, Target Type, Target Value, Archived?)
/// and, per habit, `NNN Name/Checkmarks.csv` (Date, Value[, Notes]).
///
/// Each habit becomes a count action; a YES_MANUAL check or a numeric entry
/// (stored ×1000) a count at noon of that logical day; a frequency that maps
/// onto a quest (1/1 daily, n/7 weekly; "at most" targets as limits) a goal
/// with that quest, from the first entry's day. What cannot map is reported,
/// never dropped silently. Ids are derived from the habit and the date, so a
/// second import adds nothing.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruViews

public enum LoopImport {
    public struct Result: Sendable {
        public var events: [EventInput] = []
        /// Where each event comes from (`Habits.csv line 3`), in the order of `events`:
        /// a refusal of the ledger's names the file and line.
        public var origins: [String] = []
        /// What was not brought over, in words.
        public var notes: [String] = []

        /// The place of the event a batch refusal names by its 1-based line in the batch.
        public func origin(ofLine line: Int?) -> String? {
            guard let line, line >= 1, line <= origins.count else { return nil }
            return origins[line - 1]
        }
    }

    /// A habit folder's checkmarks: the file name and its CSV records.
    public typealias Checkmarks = (file: String, records: [(line: Int, fields: [String])])

    /// What an earlier Loop import left in the ledger: its actions by name
    /// (live ones before deleted), and the goal and quest ids there are.
    public struct Existing: Sendable {
        /// What every event of a Loop import says of its origin.
        static let source = "import:loop"
        public var actions: [String: String] = [:]
        public var definitions: Set<String> = []
        /// The names of live actions no Loop import made: a habit of that name gets another.
        public var taken: Set<String> = []
        /// Loop's actions and goals that are deleted: id → the deletion's seq.
        public var deleted: [String: UInt64] = [:]
        /// Those a Loop import deleted (an archived habit): brought back when the habit is.
        /// One the user deleted in haru stays deleted.
        public var archived: Set<String> = []
        /// How many times each was restored: a habit archived again is deleted by another event.
        public var restorations: [String: Int] = [:]
        /// The decimal places of Loop's actions made before (their amounts are in them).
        public var decimals: [String: Int] = [:]

        public init() {}

        /// Read from a snapshot: the actions whose ids a Loop import made.
        public init(_ snap: Snapshot) throws {
            for d in try snap.definitions(.action) {
                guard let name = d.fields().name else { continue }
                guard d.id.hasPrefix("loop-") else {
                    if d.isLive { taken.insert(name) }
                    continue
                }
                if d.isLive || actions[name] == nil { actions[name] = d.id }
                decimals[d.id] = Int(d.base.int(.decimals) ?? 0)
                try note(d, snap)
            }
            for kind in [DefinitionKind.goal, .quest] {
                for d in try snap.definitions(kind) where d.id.hasPrefix("loop-") { try note(d, snap) }
            }
        }

        private mutating func note(_ d: Definition, _ snap: Snapshot) throws {
            definitions.insert(d.id)
            if let seq = d.deletedSeq {
                deleted[d.id] = seq
                if try snap.event(seq)?.source == Self.source { archived.insert(d.id) }
            }
            if !d.restorations.isEmpty { restorations[d.id] = d.restorations.count }
        }
    }

    /// The events of an export.
    /// - Parameter today: the logical day of the import: the goal of a habit
    ///   with no entries starts then (nil: such a habit gets no goal).
    public static func events(
        habits: [(line: Int, fields: [String])], checkmarks: [Int: Checkmarks], calendar: LedgerCalendar, zones: ZoneDirectory,
        existing: Existing = Existing(), today: LocalDate? = nil
    ) throws -> Result {
        var result = Result()
        // Names given so far: Loop lets two habits share one, a ledger's live actions may not.
        var given = existing.taken
        guard let header = habits.first else { throw CSVInputError(file: "Habits.csv", line: 1, column: nil, rule: "is empty") }
        func column(_ name: String) throws -> Int {
            guard let k = header.fields.firstIndex(where: { $0.trimmingSpacesAndTabs.lowercased() == name.lowercased() }) else {
                throw CSVInputError(
                    file: "Habits.csv", line: header.line, column: name, rule: "is required (a column of Loop's Habits.csv)")
            }
            return k
        }
        let cPosition = try column("Position"), cName = try column("Name"), cType = try column("Type")
        let cNum = try column("FrequencyNumerator"), cDen = try column("FrequencyDenominator")
        let cTargetType = header.fields.firstIndex { $0.lowercased() == "target type" }
        let cTargetValue = header.fields.firstIndex { $0.lowercased() == "target value" }
        let cArchived = header.fields.firstIndex { $0.lowercased().hasPrefix("archived") }
        let cColor = header.fields.firstIndex { $0.trimmingSpacesAndTabs.lowercased() == "color" }
        let cUnit = header.fields.firstIndex { $0.trimmingSpacesAndTabs.lowercased() == "unit" }
        let cQuestion = header.fields.firstIndex { $0.trimmingSpacesAndTabs.lowercased() == "question" }
        let cDescription = header.fields.firstIndex { $0.trimmingSpacesAndTabs.lowercased() == "description" }

        func add(_ type: EventType, at: Instant, _ data: [(String, JSONValue)], key: String, file: String, line: Int) throws {
            do {
                let p = try Payload.parse(.object(data), type: type, zones: zones)
                result.events.append(
                    EventInput(id: AppCSV.derivedID("loop:" + type.name, key), type: type, at: at, source: Existing.source, payload: p))
                result.origins.append("\(file) line \(line)")
            } catch {
                throw CSVInputError(file: file, line: line, column: nil, rule: "\(error.field): \(error.rule)")
            }
        }
        /// Twelve hours into a logical day (noon when the day starts at midnight).
        func noon(_ d: LocalDate) -> Instant { Instant(seconds: calendar.range(of: d).lowerBound.seconds + 12 * 3600) }

        for row in habits.dropFirst() {
            func field(_ k: Int?) -> String { k.flatMap { $0 < row.fields.count ? row.fields[$0].trimmingSpacesAndTabs : nil } ?? "" }
            guard row.fields.count == header.fields.count else {
                throw CSVInputError(
                    file: "Habits.csv", line: row.line, column: nil,
                    rule: "has \(row.fields.count) fields where the header has \(header.fields.count)")
            }
            guard let position = Int(field(cPosition)) else {
                throw CSVInputError(
                    file: "Habits.csv", line: row.line, column: "Position", rule: "\(Echo.quoted(field(cPosition))) is not a number")
            }
            // A name an earlier habit (or an action of the user's) has: the first free `Name (2)`, `Name (3)` ….
            let loopName = field(cName)
            var name = loopName
            var n = 2
            while given.contains(name) {
                name = "\(loopName) (\(n))"
                n += 1
            }
            given.insert(name)
            if name != loopName {
                result.notes.append(
                    "\(loopName) (habit \(field(cPosition))): the name is taken (by an earlier habit or an action of the ledger); imported as \(Echo.quoted(name))"
                )
            }
            let numeric: Bool
            switch field(cType).uppercased() {
            case "0", "YES_NO", "BOOLEAN": numeric = false
            case "1", "NUMERICAL", "NUMERIC": numeric = true
            default:
                throw CSVInputError(
                    file: "Habits.csv", line: row.line, column: "Type",
                    rule: "\(Echo.quoted(field(cType))) is not a habit type (0 yes/no, 1 numeric)")
            }
            // A habit imported before keeps its action (found by name): Loop
            // renumbers the habits when they are reordered, and the id of a new
            // one comes from its name and place (two habits may share a name).
            let id = existing.actions[name] ?? "loop-" + TimewarriorImport.shortHash(name + "|" + String(position))
            // A numeric habit's values are thousandths: its action counts in as
            // many decimals as its values and target need (7.6 → one), exactly;
            // one made by an earlier import keeps the decimals it has.
            func places(_ thousandths: Int64) -> Int {
                var t = abs(thousandths), n = 3
                while n > 0, t % 10 == 0 {
                    t /= 10
                    n -= 1
                }
                return n
            }
            var decimals = existing.decimals[id] ?? 0
            if numeric, !existing.definitions.contains(id) {
                var needed = places(Int64(((Double(field(cTargetValue)) ?? 1) * 1000).rounded()))
                for mark in checkmarks[position]?.records.dropFirst() ?? [] where mark.fields.count >= 2 {
                    // 0 … 3 are Loop's codes (NO … SKIP) printed as numbers, not thousandths.
                    if let v = Double(mark.fields[1].trimmingSpacesAndTabs), v >= 4 { needed = max(needed, places(Int64(v.rounded()))) }
                }
                decimals = needed
            }
            let divisor = Double(1_000 / Decimals.scale(decimals))
            // The checkmarks: counts on their days.
            var firstDay: LocalDate?
            var counts: [(LocalDate, Int64, String?, Int)] = []
            // Loop's SKIP: a day excused, kept as a skip of the action (its note with it).
            var skips: [(LocalDate, String?, Int)] = []
            var unkeptNotes = 0
            if let marks = checkmarks[position] {
                for mark in marks.records.dropFirst() {
                    guard mark.fields.count >= 2, let day = LocalDate(parsing: mark.fields[0].trimmingSpacesAndTabs) else {
                        throw CSVInputError(file: marks.file, line: mark.line, column: "Date", rule: "must be a date YYYY-MM-DD")
                    }
                    let value = mark.fields[1].trimmingSpacesAndTabs
                    let note = mark.fields.count > 2 && !mark.fields[2].isEmpty ? mark.fields[2] : nil
                    var amount: Int64 = 0
                    // An answer given on this day — done, not done, skipped, any number, 0 too — is
                    // history: the habit's goal starts at its first (a quit habit's entries are 0s).
                    if !["UNKNOWN", "YES_AUTO"].contains(value.uppercased()) { firstDay = min(firstDay ?? day, day) }
                    switch value.uppercased() {
                    // Loop prints the stored values −1 … 3 as these names, numeric habits' too
                    // (there they are thousandths: nothing a count can hold).
                    case "YES_MANUAL": amount = numeric ? 0 : 1
                    case "SKIP":
                        skips.append((day, note, mark.line))
                        continue
                    case "YES_AUTO", "NO", "UNKNOWN": amount = 0
                    default:
                        guard numeric, let thousandths = Double(value) else {
                            throw CSVInputError(
                                file: marks.file, line: mark.line, column: "Value",
                                rule:
                                    "\(Echo.quoted(value)) is not a checkmark (YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN\(numeric ? " or a number" : ""))"
                            )
                        }
                        // In the action's smallest unit: exact unless an earlier import made it with fewer decimals.
                        let v = thousandths < 4 ? 0 : thousandths / divisor
                        amount = Int64(v.rounded())
                        if v != v.rounded() {
                            result.notes.append(
                                "\(name) \(day): \(JSONValue.formatNumber(thousandths / 1000)) rounded to \(Decimals.text(amount, decimals)) (its action counts in \(decimals) decimal\(decimals == 1 ? "" : "s"))"
                            )
                        }
                    }
                    guard amount > 0 else {
                        // A note on a day without an entry has no record to go with.
                        if note != nil { unkeptNotes += 1 }
                        continue
                    }
                    let most = 999 * Decimals.scale(decimals)
                    if amount > most {
                        result.notes.append("\(name) \(day): \(Decimals.text(amount, decimals)) is over 999; counted as 999")
                        amount = most
                    }
                    counts.append((day, amount, note, mark.line))
                }
            }
            // A habit with no entries yet: its goal starts on the day of the import.
            let start = firstDay ?? today
            let defAt = Instant(seconds: calendar.range(of: start ?? calendar.day(of: Instant(seconds: 0))).lowerBound.seconds - 86_400)
            var action: [(String, JSONValue)] = [
                ("action_id", .string(id)), ("name", .string(name)), ("tracking", .string("count")),
                ("order", .int(Int64(max(0, position)))),
            ]
            if decimals > 0 { action.append(("decimals", .int(Int64(decimals)))) }
            // What the habit asks, its description and a numeric habit's unit: the action's.
            for (column, key, limit) in [(cUnit, "unit", 32), (cQuestion, "question", 200), (cDescription, "description", 2_000)]
            where !field(column).isEmpty {
                var text = field(column)
                if text.count > limit {
                    // Longer than an action keeps: its start, said (a refusal would stop the whole export).
                    text = String(text.prefix(limit))
                    result.notes.append("\(name): its \(key) is longer than \(limit) characters; kept its first \(limit)")
                }
                action.append((key, .string(text)))
            }
            if !existing.definitions.contains(id) {
                try add(.actionCreated, at: defAt, action, key: id, file: "Habits.csv", line: row.line)
            }
            // The frequency as a quest, when one fits.
            let num = Int64(field(cNum)) ?? 0, den = Int64(field(cDen)) ?? 0
            let atMost = field(cTargetType).lowercased().replacingSpaces == "atmost" || field(cTargetType) == "1"
            let target: Int64
            if numeric {
                // In the action's smallest unit ("at least 7.5" is 75 tenths), exactly; with fewer
                // decimals (an earlier import), rounded toward what its counts can meet: "at least 7.5"
                // at none is 8, "at most 0.5" is 0; "at most 0" (a quit habit) is a limit of 0.
                let asked = (Double(field(cTargetValue)) ?? 1) * Double(Decimals.scale(decimals))
                target = max(atMost ? 0 : 1, Int64(atMost ? asked.rounded(.down) : asked.rounded(.up)))
                if Double(target) != asked {
                    result.notes.append(
                        "\(name): its target \(JSONValue.formatNumber(asked / Double(Decimals.scale(decimals)))) is \(atMost ? "at most" : "at least") \(Decimals.text(target, decimals)) here (counts are whole)"
                    )
                }
            } else {
                target = max(1, num)
            }
            let period: String?
            switch (num, den) {
            case (1, 1): period = "daily"
            case (_, 7) where num >= 1: period = "weekly"
            case (_, 30), (_, 31): period = "monthly"
            default: period = nil
            }
            let goal = id + "-goal"
            if period != nil, start == nil {
                result.notes.append("\(name): no entries and no day of import to start a goal on; imported without a goal")
            } else if let period, let start, !existing.definitions.contains(goal) {
                var fields: [(String, JSONValue)] = [
                    ("goal_id", .string(goal)), ("title", .string(name)), ("start_date", .string(start.description)),
                ]
                // Loop's palette colour (`#D32F2F`, `#aaaaaa`): the goal's, as the app colours a goal.
                let colour = field(cColor).uppercased()
                if colour.count == 7, colour.first == "#", colour.dropFirst().allSatisfy(\.isHexDigit) {
                    fields.append(("color", .string(colour)))
                }
                try add(.goalCreated, at: defAt, fields, key: goal, file: "Habits.csv", line: row.line)
                // A numeric habit's target is per period; a yes/no habit's is its numerator (n times a week).
                let amount = numeric ? target : (period == "daily" ? 1 : num)
                try add(
                    .questCreated, at: defAt,
                    [
                        ("quest_id", .string(id + "-quest")), ("goal_id", .string(goal)), ("target", .object([("action_id", .string(id))])),
                        ("period", .string(period)), ("target_count", .int(amount)),
                        ("direction", .string(atMost ? "at_most" : "at_least")),
                    ], key: id + "-quest", file: "Habits.csv", line: row.line)
            } else if period == nil {
                result.notes.append(
                    "\(name): a frequency of \(num)/\(den) has no quest here (daily 1/1, weekly n/7 and monthly n/30 do); imported without a goal"
                )
            }
            let archived = field(cArchived).lowercased() == "true" || field(cArchived) == "1"
            if !archived {
                // Archived before and no longer (brought back in Loop): restored, goal too.
                for (kind, entity) in [(EventType.actionRestored, id), (.goalRestored, goal)] {
                    guard let seq = existing.deleted[entity], existing.archived.contains(entity) else { continue }
                    let field = kind == .actionRestored ? "action_id" : "goal_id"
                    try add(
                        kind, at: defAt, [(field, .string(entity))], key: entity + "-restored-\(seq)", file: "Habits.csv", line: row.line)
                }
            }
            if existing.deleted[id] != nil, archived || !existing.archived.contains(id), !counts.isEmpty || !skips.isEmpty {
                // Its action is deleted (archived, or by the user in haru): a count cannot go to it.
                result.notes.append(
                    "\(name): its action is deleted here; its entries are not imported while it is (`haru restore \(id)` and import again)")
                counts = []
                skips = []
            }
            if unkeptNotes > 0 {
                result.notes.append(
                    "\(name): \(unkeptNotes) note\(unkeptNotes == 1 ? "" : "s") of days without an entry (NO, or 0) not kept: a note goes with a record, and those days have none"
                )
            }
            if !skips.isEmpty {
                result.notes.append(
                    "\(name): \(skips.count) skipped day\(skips.count == 1 ? "" : "s") (SKIP) kept as skips of the action: they neither break nor lengthen a streak here, where Loop counts them in a streak's length"
                )
            }
            for (day, note, line) in skips {
                var data: [(String, JSONValue)] = [
                    ("skip_id", .string(id + "-skip-" + day.description)), ("action_id", .string(id)),
                    ("start_date", .string(day.description)),
                ]
                if let note { data.append(("note", .string(note))) }
                try add(
                    .skipAdded, at: noon(day), data, key: id + "|skip|" + day.description,
                    file: checkmarks[position]?.file ?? "Checkmarks.csv", line: line)
            }
            for (day, amount, note, line) in counts {
                var data: [(String, JSONValue)] = [
                    ("entry_id", .string(id + "-" + day.description)), ("action_id", .string(id)), ("amount", .int(amount)),
                ]
                if let note { data.append(("note", .string(note))) }
                try add(
                    .countAdded, at: noon(day), data, key: id + "|" + day.description, file: checkmarks[position]?.file ?? "Checkmarks.csv",
                    line: line)
            }
            let hasGoal = period != nil && start != nil || existing.definitions.contains(goal)
            if archived {
                // Archived: hidden in Loop, with its score. Its goal goes with it (a goal
                // left in progress over a deleted action was judged on nothing). An
                // import again sends the same events (already there); a habit archived
                // again after a restore, new ones.
                let goalKey = goal + "-archived-" + String(existing.restorations[goal] ?? 0)
                let actionKey = id + "-archived" + (existing.restorations[id].map { "-" + String($0) } ?? "")
                if hasGoal, existing.deleted[goal] == nil {
                    try add(.goalDeleted, at: defAt, [("goal_id", .string(goal))], key: goalKey, file: "Habits.csv", line: row.line)
                }
                if existing.deleted[id] == nil {
                    try add(.actionDeleted, at: defAt, [("action_id", .string(id))], key: actionKey, file: "Habits.csv", line: row.line)
                }
                result.notes.append(
                    "\(name): archived in Loop, imported as a deleted action\(hasGoal ? " and goal" : "") (`haru restore \(id)`"
                        + (hasGoal ? " and `haru restore \(goal)`" : "") + " bring\(hasGoal ? "" : "s") \(hasGoal ? "them" : "it") back)")
            }
        }
        return result
    }
}

extension String {
    fileprivate var replacingSpaces: String { String(filter { $0 != " " && $0 != "_" }) }
}
