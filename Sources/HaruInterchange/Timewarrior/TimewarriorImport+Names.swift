/// Which action an interval's time goes to, and the tags that action carries.
///
/// Timewarrior puts a set of tags on each interval; haru puts tags on
/// actions. So that time by tag equals timewarrior's on every day, each
/// distinct set of tags is an action carrying every tag of the set: `["deep
/// work"]` is the action "deep work" with the tag "deep work", `["deep work",
/// "nightowl"]` the action "deep work, nightowl" with both tags. Timewarrior
/// keeps an interval's tags sorted, so no tag of a set is singled out to
/// name it. With `--map` a mapped tag names the action instead (and is not
/// kept as a tag: the summary says so), the other tags in parentheses;
/// with `--action-from annotation` the annotation does, the tags in
/// parentheses.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem
import Synchronization

extension TimewarriorImport {
    /// Actions and tags by name: those of the ledger, then those the import
    /// makes (an action for each new set of tags, a tag for each new tag).
    struct Names: Sendable {
        let options: Options
        let zones: ZoneDirectory
        /// Live actions by name.
        var actions: [String: Known] = [:]
        /// Live actions' names by id: an action an import made and the user renamed is still found by its id.
        var actionNames: [String: String] = [:]
        /// Live tags: name → id and id → name.
        var tags: [String: String] = [:]
        var tagNames: [String: String] = [:]
        /// Each action name this import has settled, with the tags it was settled for.
        var settled: [String: (action: Action, tags: [String])] = [:]
        /// The action of each list of tags met so far, as the export writes it
        /// (named by its tags alone: no map, no annotation): a million intervals
        /// of a few sets sort and join their tags once per set, not per interval.
        /// Kept with the tags as met: a key equal as Swift text may differ in
        /// bytes (composed and decomposed forms), which timewarrior keeps apart.
        var byTags: [[String]: (tags: [String], action: Action)] = [:]
        /// When the actions and tags made here were made: a day before the first interval.
        var definedAt = Instant(seconds: 0)
        /// What the summary says of what could not be kept as timewarrior had it.
        let notes = Notes()

        /// An action of the ledger.
        struct Known: Sendable {
            var id: String
            var time: Bool
            var tagIDs: [String]
            var created: Instant
        }

        init(snap: Snapshot, options: Options, zones: ZoneDirectory) throws {
            self.options = options
            self.zones = zones
            for d in try snap.definitions(.tag) where d.isLive {
                if let name = d.fields().name { (tags[name], tagNames[d.id]) = (d.id, name) }
            }
            for d in try snap.definitions(.action) where d.isLive {
                let f = d.fields()
                guard let name = f.name else { continue }
                actions[name] = Known(id: d.id, time: d.base.tracking == Tracking.time, tagIDs: f.tagIDs ?? [], created: d.created.at)
                actionNames[d.id] = name
            }
        }

        /// The note a session gets: the annotation, unless it named the action.
        func note(of iv: Interval) -> String? { options.actionFrom == .tag ? iv.annotation : nil }

        /// The name of an interval's action and the tags it carries; nil when
        /// the interval names none (`--untagged` not given).
        func wanted(_ iv: Interval) -> (name: String, tags: [String])? {
            // Timewarrior writes a set sorted and without repeats; an export edited by hand may not be.
            let tags = iv.tags.count > 1 ? Array(Set(iv.tags)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } : iv.tags
            switch options.actionFrom {
            case .tag:
                if !options.map.isEmpty, let mapped = tags.first(where: { options.map[$0] != nil }) {
                    let rest = tags.filter { options.map[$0] == nil }
                    return (Self.name(options.map[mapped]!, rest), rest)
                }
                if tags.count == 1 { return (tags[0], tags) }
                if tags.isEmpty { return options.untagged.map { ($0, []) } }
                return (Self.fitted(tags.joined(separator: ", ")), tags)
            case .annotation:
                guard let base = iv.annotation ?? options.untagged else { return nil }
                return (Self.name(base, tags), tags)
            }
        }

        /// The name of the tag set `tags` when another set already has `joined`:
        /// a tag with a comma and a set of tags write the same text (`["Kunde,
        /// Meeting"]` and `["Kunde", "Meeting"]`), and timewarrior keeps them
        /// apart, so the later one is `joined (2)` (`(3)` …): the first such
        /// name that is this set's or nobody's. A set is found by its tags, so a
        /// later import, meeting the sets in another order, finds the same actions.
        /// Names from a map or an annotation are the user's choice and stay as given.
        func distinctName(_ joined: String, _ tags: [String]) -> String {
            guard options.actionFrom == .tag, options.map.isEmpty, !tags.isEmpty else { return joined }
            var (name, k) = (joined, 1)
            while let other = tagSet(named: name), !(other.exact ? Self.same(other.tags, tags) : other.tags == tags) {
                if other.tags == tags { notes.add(unicode: other.tags, tags) }  // equal as text, not as bytes
                k += 1
                name = Self.fitted("\(joined) (\(k))")
            }
            if k > 1 {
                notes.add(
                    "the tags \(Notes.list(tags)) make the name \(Echo.quoted(joined)) that other tags have: their action is \(Echo.quoted(name))"
                )
            }
            return name
        }

        /// The tags of the set that has the name `name`: settled by this import
        /// (`exact`: as the export wrote them), or an action an import made
        /// (`tw-…`) with its tags as the ledger names them — one tag for forms
        /// that differ only in their bytes, so compared as text; nil when no set has it.
        func tagSet(named name: String) -> (tags: [String], exact: Bool)? {
            if let s = settled[name] { return (s.tags, true) }
            guard let known = actions[name], known.id.hasPrefix("tw-"), !known.tagIDs.isEmpty else { return nil }
            return (known.tagIDs.compactMap { tagNames[$0] }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, false)
        }

        /// Two tag sets alike byte for byte (Swift's `==` equates composed and decomposed forms; timewarrior does not).
        static func same(_ a: [String], _ b: [String]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
        }

        /// `base (tag, tag)`: a name given by the map or an annotation, with the set's other tags.
        static func name(_ base: String, _ rest: [String]) -> String {
            rest.isEmpty ? base : fitted(base + " (" + rest.joined(separator: ", ") + ")")
        }

        /// A name within the 200 characters a name may have: a longer one is
        /// cut and keeps 8 hex digits of its hash, so that two long names stay apart.
        static func fitted(_ name: String) -> String {
            name.count <= 200 ? name : String(name.prefix(188)) + "… " + shortHash(name).prefix(8)
        }

        /// An interval's action (made, with its tags, into `definitions` when
        /// new; an earlier import's action given the tags of its set); nil
        /// when the interval names none.
        mutating func action(of iv: Interval, definitions: inout [EventInput]) throws -> Action? {
            let cached = options.actionFrom == .tag && options.map.isEmpty && !iv.tags.isEmpty
            if cached, let hit = byTags[iv.tags], Self.same(hit.tags, iv.tags) { return hit.action }
            guard let (joined, tags) = wanted(iv) else { return nil }
            let name = distinctName(joined, tags)
            defer { if cached, let a = settled[name]?.action { byTags[iv.tags] = (iv.tags, a) } }
            if let s = settled[name] {
                if s.tags != tags { notes.add(shared: name, tags, s.tags) }
                return s.action
            }
            // Said once, when the name is first settled: the tags the map turned into it.
            for t in iv.tags where options.actionFrom == .tag && options.map[t] != nil { notes.add(mapped: t, to: options.map[t]!) }
            let action: Action
            if let known = actions[name] ?? actionNames["tw-" + shortHash(name)].flatMap({ actions[$0] }) {
                guard known.time else {
                    throw Refusal(interval: iv.index, reason: "action \"\(name)\" tracks counts; a timewarrior interval is a timed session")
                }
                action = Action(name: name, id: known.id)
                let had = known.tagIDs.compactMap { tagNames[$0] }
                if Set(had) != Set(tags) {
                    if known.id.hasPrefix("tw-") || known.id.hasPrefix("timew-") {
                        // Made by an earlier import (one action per first tag, before): it gets its set's tags.
                        let ids = try tags.map { try tagID($0, interval: iv.index, definitions: &definitions) }
                        try add(
                            .actionEdited, [(.actionID, .string(known.id)), (.tagIDs, .strings(ids))],
                            key: "action-tags:" + known.id + ":" + ids.joined(separator: ","), at: known.created, interval: iv.index,
                            to: &definitions)
                    } else {
                        notes.add(yours: name, missing: tags.filter { !had.contains($0) })
                    }
                }
            } else {
                let id = "tw-" + shortHash(name)
                let tagIDs = try tags.map { try tagID($0, interval: iv.index, definitions: &definitions) }
                var data: [(Field, FieldValue)] = [(.actionID, .string(id)), (.name, .string(name)), (.tracking, .string("time"))]
                if !tagIDs.isEmpty { data.append((.tagIDs, .strings(tagIDs))) }
                try add(.actionCreated, data, key: "action:" + name, at: definedAt, interval: iv.index, to: &definitions)
                action = Action(name: name, id: id)
                actions[name] = Known(id: id, time: true, tagIDs: tagIDs, created: definedAt)
                actionNames[id] = name
            }
            settled[name] = (action, tags)
            return action
        }

        /// The id of the tag named `name`, made when the ledger has none.
        mutating func tagID(_ name: String, interval: Int, definitions: inout [EventInput]) throws -> String {
            if let known = tags[name] { return known }
            let id = "tw-tag-" + shortHash(name).prefix(8)
            try add(
                .tagCreated, [(.tagID, .string(id)), (.name, .string(name))], key: "tag:" + name, at: definedAt, interval: interval,
                to: &definitions)
            (tags[name], tagNames[id]) = (id, name)
            return id
        }

        func add(
            _ type: EventType, _ data: [(Field, FieldValue)], key: String, at: Instant, interval: Int, to definitions: inout [EventInput]
        ) throws {
            do {
                let payload = try Payload.typed(type, data, zones: zones)
                var ids = DerivedIDs()
                definitions.append(
                    EventInput(id: ids.id(type, at: at) { $0 += key.utf8 }, type: type, at: at, source: source, payload: payload))
            } catch {
                throw Refusal(interval: interval, reason: "\(error.field.dropFirst(5)): \(error.rule)")
            }
        }
    }

    /// What an import could not keep as timewarrior had it, said once each
    /// in the summary. A reference: the streaming reading fills it on the
    /// append's reading thread, and a reading started over adds nothing twice.
    final class Notes: Sendable {
        private let lines = Mutex<(seen: Set<String>, order: [String])>(([], []))

        func add(_ line: String) {
            lines.withLock { s in
                if s.seen.insert(line).inserted { s.order.append(line) }
            }
        }

        func add(mapped tag: String, to action: String) {
            add("the tag \(Echo.quoted(tag)) names the action \(Echo.quoted(action)) (--map) and is not kept as a tag")
        }

        func add(shared name: String, _ a: [String], _ b: [String]) {
            add("the tags \(Self.list(a)) and \(Self.list(b)) both make the name \(Echo.quoted(name)): their time is under one action")
        }

        func add(unicode a: [String], _ b: [String]) {
            add(
                "the tags \(Self.list(a)) and \(Self.list(b)) differ only in how their letters are encoded (composed and decomposed Unicode): "
                    + "they are two actions here, but one tag, so time by tag adds them up")
        }

        func add(yours name: String, missing: [String]) {
            guard !missing.isEmpty else { return }
            add(
                "the action \(Echo.quoted(name)) was in the ledger before and does not get its intervals' tag\(missing.count == 1 ? "" : "s") "
                    + Self.list(missing) + ": time by tag differs from timewarrior's there")
        }

        static func list(_ tags: [String]) -> String { tags.isEmpty ? "(none)" : tags.map { Echo.quoted($0) }.joined(separator: ", ") }

        /// The notes, in the order first met.
        var all: [String] { lines.withLock { $0.order } }
    }
}
