/// `haru import timew`: the intervals of `timew export` (a JSON array of
/// `{"id", "start", "end"?, "tags"?, "annotation"?}`, instants like
/// `20221210T000000Z`) turned into events.
///
/// By default an interval's first tag names a time action (made when
/// missing; its other tags become the action's tags, made too), a closed
/// interval is a recorded session with the annotation as its note, an open
/// one a running session. Ids are derived from the interval (its action and
/// start), so importing the same export again adds nothing, and a newer
/// export adds what is new: an interval closed since becomes a stop, one whose
/// end or annotation changed an edit.
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruEngine

@_spi(Layers) public enum TimewarriorImport {
    /// Which part of an interval names its action.
    @_spi(Layers) public enum ActionFrom: String, Sendable { case tag, annotation }

    @_spi(Layers) public struct Options: Sendable {
        @_spi(Layers) public var actionFrom: ActionFrom = .tag
        /// tag → action name (`--map`).
        @_spi(Layers) public var map: [String: String] = [:]
        /// The action of intervals that name none (`--untagged`); nil: they are refused.
        @_spi(Layers) public var untagged: String?
        @_spi(Layers) public init() {}
    }

    /// Why an export could not be read: the interval (its index in the array, 1-based) and the rule.
    @_spi(Layers) public struct Refusal: HaruError, Sendable {
        @_spi(Layers) public var interval: Int?
        @_spi(Layers) public var reason: String
        @_spi(Layers) public var exitStatus: ExitStatus { .badInput }
        public var description: String { (interval.map { "interval \($0): " } ?? "") + reason + "; nothing was imported" }
    }

    struct Interval {
        var index: Int
        var start: Instant
        var end: Instant?
        var tags: [String]
        var annotation: String?
    }

    /// The events that bring the export's intervals into the ledger as `snap` holds it.
    @_spi(Layers) public static func events(_ bytes: [UInt8], options: Options, snap: Snapshot, zones: ZoneDirectory) throws -> [EventInput] {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes: bytes) } catch {
            throw Refusal(interval: nil, reason: "not the JSON of `timew export` (\(error))")
        }
        guard case .array(let items) = json else { throw Refusal(interval: nil, reason: "`timew export` writes a JSON array of intervals (got \(json.typeName))") }
        var intervals: [Interval] = []
        for (k, item) in items.enumerated() {
            let n = k + 1
            guard case .object = item else { throw Refusal(interval: n, reason: "must be an object") }
            guard case .string(let s)? = item["start"], let start = instant(s) else {
                throw Refusal(interval: n, reason: "start: must be a timewarrior time such as 20221210T070000Z (got \(Echo.plain(item["start"]?.compactText ?? "nothing")))")
            }
            var end: Instant?
            if let e = item["end"] {
                guard case .string(let t) = e, let i = instant(t) else { throw Refusal(interval: n, reason: "end: must be a timewarrior time such as 20221210T080000Z") }
                guard i > start else { throw Refusal(interval: n, reason: "end: must be after start") }
                end = i
            }
            var tags: [String] = []
            if let t = item["tags"] {
                guard case .array(let ts) = t else { throw Refusal(interval: n, reason: "tags: must be an array of strings") }
                for x in ts {
                    guard case .string(let s) = x, !s.isEmpty else { throw Refusal(interval: n, reason: "tags: must be an array of strings") }
                    tags.append(s)
                }
            }
            var annotation: String?
            if let a = item["annotation"] {
                guard case .string(let s) = a else { throw Refusal(interval: n, reason: "annotation: must be a string") }
                annotation = s.isEmpty ? nil : s
            }
            intervals.append(Interval(index: n, start: start, end: end, tags: tags, annotation: annotation))
        }

        var out: [EventInput] = []
        func add(_ type: EventType, at: Instant, _ data: [(String, JSONValue)], key: String, interval: Int) throws {
            do {
                let payload = try Payload.parse(.object(data), type: type, zones: zones)
                out.append(EventInput(id: derivedID(type.name, key), type: type, at: at, source: "import:timew", payload: payload))
            } catch {
                throw Refusal(interval: interval, reason: "\(error.field): \(error.rule)")
            }
        }
        // Actions and tags by name: those of the ledger, then those made here.
        var actions: [String: (id: String, time: Bool)] = [:]
        for d in try snap.definitions(.action) where d.isLive {
            if let name = d.fields().string(.name) { actions[name] = (d.id, d.base.choice(.tracking) == Tracking.time) }
        }
        var tags: [String: String] = [:]
        for d in try snap.definitions(.tag) where d.isLive { if let name = d.fields().string(.name) { tags[name] = d.id } }
        let first = intervals.map(\.start).min() ?? Instant(seconds: 0)
        let defAt = Instant(seconds: first.seconds - 86_400)
        func tagID(_ name: String, interval: Int) throws -> String {
            if let id = tags[name] { return id }
            let id = "timew-tag-" + shortHash(name)
            try add(.tagCreated, at: defAt, [("tag_id", .string(id)), ("name", .string(name))], key: "tag:" + name, interval: interval)
            tags[name] = id
            return id
        }
        func actionID(_ name: String, otherTags: [String], interval: Int) throws -> String {
            if let a = actions[name] {
                guard a.time else { throw Refusal(interval: interval, reason: "action \"\(name)\" tracks counts; a timewarrior interval is a timed session") }
                return a.id
            }
            let id = "timew-" + shortHash(name)
            let tagIDs = try otherTags.map { try tagID($0, interval: interval) }
            var data: [(String, JSONValue)] = [("action_id", .string(id)), ("name", .string(name)), ("tracking", .string("time"))]
            if !tagIDs.isEmpty { data.append(("tag_ids", .array(tagIDs.map { .string($0) }))) }
            try add(.actionCreated, at: defAt, data, key: "action:" + name, interval: interval)
            actions[name] = (id, true)
            return id
        }

        var untaggedCount = 0, firstUntagged = 0
        for iv in intervals.sorted(by: { ($0.start, $0.index) < ($1.start, $1.index) }) {
            let name: String?
            var rest: [String] = []
            switch options.actionFrom {
            case .tag:
                let mapped = iv.tags.first { options.map[$0] != nil }.map { options.map[$0]! }
                name = mapped ?? iv.tags.first
                rest = mapped != nil ? iv.tags.filter { options.map[$0] == nil } : Array(iv.tags.dropFirst())
            case .annotation:
                name = iv.annotation
                rest = iv.tags
            }
            guard let actionName = name ?? options.untagged else {
                untaggedCount += 1
                if firstUntagged == 0 { firstUntagged = iv.index }
                continue
            }
            let action = try actionID(actionName, otherTags: rest, interval: iv.index)
            let session = "timew-" + shortHash(actionName + "|" + String(iv.start.seconds))
            let note: String? = options.actionFrom == .tag ? iv.annotation : nil
            let stored = try snap.store.session(session)
            switch (stored, iv.end) {
            case (nil, let end?):
                var data: [(String, JSONValue)] = [
                    ("session_id", .string(session)), ("action_id", .string(action)), ("start", .string(iv.start.format(offsetSeconds: 0))),
                    ("end", .string(end.format(offsetSeconds: 0))),
                ]
                if let note { data.append(("note", .string(note))) }
                try add(.sessionRecorded, at: end, data, key: "recorded:\(session):\(end.seconds)", interval: iv.index)
            case (nil, nil):
                try add(.sessionStarted, at: iv.start, [("session_id", .string(session)), ("action_id", .string(action))], key: "started:" + session, interval: iv.index)
            case (let s?, let end?) where s.status == .running:
                try add(.sessionStopped, at: end, [("session_id", .string(session))], key: "stopped:\(session):\(end.seconds)", interval: iv.index)
            case (let s?, let end?) where s.status == .stopped && (s.end != end || s.note != note):
                var data: [(String, JSONValue)] = [("session_id", .string(session)), ("end", .string(end.format(offsetSeconds: 0)))]
                data.append(("note", note.map { .string($0) } ?? .null))
                try add(.sessionEdited, at: end, data, key: "edited:\(session):\(end.seconds):\(note ?? "")", interval: iv.index)
            default:
                continue  // already there as it is
            }
        }
        if untaggedCount > 0 {
            throw Refusal(
                interval: firstUntagged,
                reason: "\(untaggedCount) interval\(untaggedCount == 1 ? " has" : "s have") no \(options.actionFrom == .tag ? "tag" : "annotation") to name an action; give --untagged ACTION for them")
        }
        return out
    }

    /// `20221210T070000Z` (timewarrior's form), or any ISO 8601 instant.
    static func instant(_ s: String) -> Instant? {
        var s = s
        // Read in place: an export of a year holds thousands of these, a decade a million.
        let compact: Instant?? = s.withUTF8 { b in
            guard b.count == 16, b[8] == UInt8(ascii: "T"), b[15] == UInt8(ascii: "Z") else { return .none }
            func n(_ at: Int, _ count: Int) -> Int? {
                var v = 0
                for k in at..<(at + count) {
                    guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
                    v = v * 10 + Int(b[k] - 0x30)
                }
                return v
            }
            guard let y = n(0, 4), let mo = n(4, 2), let d = n(6, 2), let h = n(9, 2), let mi = n(11, 2), let se = n(13, 2),
                let date = LocalDate(year: y, month: mo, day: d), h < 24, mi < 60, se < 60
            else { return .some(nil) }
            return .some(Instant(seconds: Int64(date.daysSinceEpoch) * 86_400 + Int64(h * 3600 + mi * 60 + se)))
        }
        if let compact { return compact }
        if case .success(let i) = Instant.parse(s) { return i }
        return nil
    }

    /// 12 hex digits of a SHA-256: ids that stay the same for the same interval.
    static func shortHash(_ s: String) -> String {
        let d = Digest.sha256(Array(s.utf8))
        var out: [UInt8] = []
        d.writeHex(to: &out)
        return String(decoding: out.prefix(12), as: UTF8.self)
    }

    static func derivedID(_ type: String, _ key: String) -> EventID { AppCSV.derivedID("timew:" + type, key) }
}
