import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruViews

/// `haru diff --known-at A [--known-at B]` (Docs/design.md "Diff").
struct StateDiffs {
    let now = ["--now", "2026-03-05T00:00:00+09:00"]

    /// A one-day goal on 2026-03-02 (Water ≥ 3), met by a count of 3 and a
    /// coffee beside it.
    func goalLedger() -> TempDir {
        let dir = TempDir()
        let p = dir.ledgerPath
        for args in [
            ["init", "--time-zone", "Asia/Seoul"], ["action", "add", "Water", "--tracking", "count", "--id", "water"],
            ["action", "add", "Coffee", "--tracking", "count", "--id", "coffee"],
            ["goal", "add", "Drink", "--id", "g", "--start", "2026-03-02", "--end", "2026-03-02"],
            ["quest", "add", "--goal", "g", "--action", "Water", "--period", "daily", "--target", "3", "--id", "q"],
            ["count", "Water", "3", "--id", "w1", "--at", "2026-03-02T09:00:00+09:00"],
            ["count", "Coffee", "--id", "c1", "--at", "2026-03-02T10:00:00+09:00"],
        ] {
            let r = haru(args + now, ledger: p)
            precondition(r.code == 0, "\(args): \(r.err)")
        }
        return dir
    }

    func json(_ text: String) throws -> JSONValue { try JSONParser.parse(bytes: Array(text.utf8)) }

    /// The issue's example: a correction that flips a goal from achieved to
    /// not achieved shows as that flip, caused by that edit's seq — and an
    /// unrelated record between the states is not named as its cause.
    @Test func aCorrectionThatFlipsAGoalShowsAsThatFlipCausedByTheEdit() throws {
        let dir = goalLedger()
        let p = dir.ledgerPath
        #expect(haru(["edit", "w1", "--amount", "1"] + now, ledger: p).code == 0)  // seq 8
        #expect(haru(["count", "Coffee", "--at", "2026-03-03T10:00:00+09:00"] + now, ledger: p).code == 0)  // seq 9
        let r = haru(["diff", "--known-at", "7", "--json"] + now, ledger: p)
        #expect(r.code == 0, "\(r.err)")
        let d = try json(r.out)
        guard case .array(let changes)? = d["changes"] else { Issue.record("no changes: \(r.out)"); return }
        let goal = try #require(changes.first { $0["kind"] == .string("goal") && $0["id"] == .string("g") })
        guard case .array(let leaves)? = goal["changed"], case .array(let causes)? = goal["caused_by"] else { Issue.record("\(goal)"); return }
        #expect(leaves.contains { $0["path"] == .string("status") && $0["before"] == .string("achieved") && $0["after"] == .string("not_achieved") })
        #expect(causes == [.int(8)], "the edit, not the coffee: \(causes)")
        guard case .array(let events)? = d["events"] else { Issue.record("no events: \(r.out)"); return }
        let edit = try #require(events.first { $0["seq"] == .int(8) })
        #expect(edit["type"] == .string("count.edited") && edit["data"]?["amount"] == .int(1), "\(edit)")
        #expect(d["from"]?["known_at"] == .int(7) && d["to"]?["known_at"] == .int(9))
        // The text form says the same.
        let text = haru(["diff", "--known-at", "7"] + now, ledger: p).out
        #expect(text.contains("goal g\n  status: \"achieved\" → \"not_achieved\""), "\(text)")
        #expect(text.contains("caused by: seq 8 count.edited"), "\(text)")
        // Actions by name in the text (ids in --json).
        #expect(text.contains("day 2026-03-02\n  actions[Water].count: 3 → 1"), "\(text)")
        #expect(r.out.contains(#""path":"actions[water].count""#), "\(r.out)")
        // The same state twice: nothing changed.
        #expect(haru(["diff", "--known-at", "9"] + now, ledger: p).out.hasPrefix("From seq 9 to seq 9: 0 events, 0 items changed."))
        // A record on a day that had none of its action: the element without the id and name its path gives.
        #expect(haru(["count", "Water", "--at", "2026-03-04T10:00:00+09:00"] + now, ledger: p).code == 0)
        let added = haru(["diff", "--known-at", "9"] + now, ledger: p).out
        #expect(added.contains(#"actions[Water]: (none) → {"seconds":0,"count":1}"#), "\(added)")
    }

    /// A record moved twice between the states: the day it was on in A is
    /// listed (the state keeps only the newest version, so A's day comes from
    /// the record pages), caused by the move that took it away; the day it
    /// passed through is not, as A and B agree on it.
    @Test func aRecordMovedTwiceBetweenTheStatesListsTheDayItLeft() throws {
        let dir = goalLedger()
        let p = dir.ledgerPath
        #expect(haru(["count", "Water", "--id", "w2", "--at", "2026-03-01T09:00:00+09:00"] + now, ledger: p).code == 0)  // seq 8
        #expect(haru(["edit", "w2", "--at", "2026-03-03T09:00:00+09:00"] + now, ledger: p).code == 0)  // seq 9
        #expect(haru(["edit", "w2", "--at", "2026-03-04T09:00:00+09:00"] + now, ledger: p).code == 0)  // seq 10
        let r = haru(["diff", "--known-at", "8", "--json"] + now, ledger: p)
        #expect(r.code == 0, "\(r.err)")
        guard case .array(let changes)? = try json(r.out)["changes"] else { Issue.record("no changes: \(r.out)"); return }
        let days = changes.filter { $0["kind"] == .string("day") }
        let left = try #require(days.first { $0["id"] == .string("2026-03-01") }, "the day the count left: \(days)")
        #expect(left["caused_by"] == .array([.int(9)]), "\(left)")
        let arrived = try #require(days.first { $0["id"] == .string("2026-03-04") }, "the day it arrived on: \(days)")
        #expect(arrived["caused_by"] == .array([.int(10)]), "\(arrived)")
        #expect(!days.contains { $0["id"] == .string("2026-03-03") }, "A and B agree on the day it passed through: \(days)")
    }

    /// An action given a tag between the states moves that tag's totals on
    /// every day with the action's records, though no record changed: those
    /// days are listed, caused by the edit.
    @Test func aTagGivenToAnActionListsTheDaysOfItsRecords() throws {
        let dir = goalLedger()
        let p = dir.ledgerPath
        #expect(haru(["tag", "add", "Drinks", "--id", "drinks"] + now, ledger: p).code == 0)  // seq 8
        #expect(haru(["action", "edit", "Coffee", "--tag", "Drinks"] + now, ledger: p).code == 0)  // seq 9
        let r = haru(["diff", "--known-at", "8", "--json"] + now, ledger: p)
        #expect(r.code == 0, "\(r.err)")
        guard case .array(let changes)? = try json(r.out)["changes"] else { Issue.record("no changes: \(r.out)"); return }
        let day = try #require(changes.first { $0["kind"] == .string("day") && $0["id"] == .string("2026-03-02") }, "\(changes)")
        guard case .array(let leaves)? = day["changed"] else { Issue.record("\(day)"); return }
        #expect(leaves.contains { $0["path"] == .string("tags[drinks]") }, "\(leaves)")
        #expect(day["caused_by"] == .array([.int(9)]), "\(day)")
        #expect(changes.contains { $0["kind"] == .string("action definition") && $0["id"] == .string("coffee") })
    }

    /// Property: over random histories and random pairs of states, patching
    /// state A's own answers (`progress`, the listings) with the diff's
    /// changes gives state B's own answers.
    @Test func patchingTheEarlierAnswersWithTheDiffGivesTheLaterOnes() throws {
        var rng = SeededRNG(seed: 2026)
        var applied = 0
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        for round in 0..<4 {
            let dir = goalLedger()
            let p = dir.ledgerPath
            var counts = ["w1", "c1"]
            var n = 0
            for _ in 0..<12 {
                let day = 1 + r(4), hour = 8 + r(12)
                let at = "2026-03-0\(day)T\(hour):00:00+09:00"
                switch r(5) {
                case 0, 1:
                    n += 1
                    let id = "x\(round)-\(n)"
                    if haru(["count", r(2) == 0 ? "Water" : "Coffee", "\(1 + r(3))", "--id", id, "--at", at] + now, ledger: p).code == 0 { counts.append(id) }
                case 2: _ = haru(["edit", counts[r(counts.count)], "--amount", "\(1 + r(4))"] + now, ledger: p)
                // A count moved to another day (the diff finds the day it left from the record pages).
                case 3: _ = haru(["edit", counts[r(counts.count)], "--at", "2026-03-0\(1 + r(4))T\(8 + r(12)):30:00+09:00"] + now, ledger: p)
                default: _ = haru(["delete", counts[r(counts.count)]] + now, ledger: p)
                }
            }
            let head = Int(haru(["verify"], ledger: p).out.split(separator: " ").dropFirst(1).first ?? "0") ?? 0
            let a = 7 + r(max(1, head - 7)), b = a + r(head - a + 1)
            let d = try json(haru(["diff", "--known-at", "\(a)", "--known-at", "\(b)", "--json", "--as-of", "2026-03-04"] + now, ledger: p).out)
            for (view, kind) in [(["progress"], "goal"), (["goals"], "goal definition"), (["actions"], "action definition")] {
                let before = try json(haru(view + ["--json", "--known-at", "\(a)", "--as-of", "2026-03-04"] + now, ledger: p).out)
                let after = try json(haru(view + ["--json", "--known-at", "\(b)", "--as-of", "2026-03-04"] + now, ledger: p).out)
                var patched = before
                guard case .array(let changes)? = d["changes"] else { Issue.record("\(d)"); return }
                for c in changes {
                    guard case .string(let k)? = c["kind"], case .string(let id)? = c["id"], case .array(let leaves)? = c["changed"] else { continue }
                    // Where the item sits in the view's own answer.
                    let base: String
                    switch (k, kind) {
                    case ("goal", "goal"): base = "goals[\(id)]"
                    case ("quest", "goal"):
                        guard let g = goalOf(quest: id, in: after) ?? goalOf(quest: id, in: before) else { continue }
                        base = "goals[\(g)].quests[\(id)]"
                    case (kind, _) where k == kind: base = (kind == "goal definition" ? "goals" : "actions") + "[\(id)]"
                    default: continue
                    }
                    for leaf in leaves {
                        guard case .string(let path)? = leaf["path"] else { continue }
                        patched = set(patched, path: split(path.isEmpty ? base : base + "." + path), to: leaf["after"])
                        applied += 1
                    }
                }
                let rest = JSONDiff.leaves(strip(patched), strip(after))
                #expect(rest.isEmpty, "round \(round), \(view) \(a)→\(b): \(rest.prefix(3))")
            }
            // Days: the diff lists exactly the days whose own answer (`day D --json`) differs.
            guard case .array(let changes)? = d["changes"] else { continue }
            let listed = Set(changes.compactMap { c -> String? in
                guard c["kind"] == .string("day"), case .string(let id)? = c["id"] else { return nil }
                return id
            })
            for k in 1...5 {
                let day = "2026-03-0\(k)"
                let x = try json(haru(["day", day, "--json", "--known-at", "\(a)", "--as-of", "2026-03-04"] + now, ledger: p).out)
                let y = try json(haru(["day", day, "--json", "--known-at", "\(b)", "--as-of", "2026-03-04"] + now, ledger: p).out)
                let differs = !JSONDiff.leaves(strip(x), strip(y)).isEmpty
                #expect(differs == listed.contains(day), "round \(round), day \(day) \(a)→\(b): differs \(differs), listed \(listed)")
                if differs { applied += 1 }
            }
        }
        #expect(applied > 20, "the rounds changed something to patch: \(applied)")
    }

    @Test(arguments: [
        ([String](), "give --known-at A"),
        (["--known-at", "1", "--known-at", "2", "--known-at", "3"], "give --known-at A"),
        (["--known-at", "x"], #"--known-at: "x" is neither a seq nor an ISO 8601 instant"#),
        (["--known-at", "99"], "--known-at: seq 99 is after the head (7)"),
    ])
    func badStatesAreRefused(_ args: [String], _ message: String) {
        let dir = goalLedger()
        let r = haru(["diff"] + args + now, ledger: dir.ledgerPath)
        #expect(r.code == 2, "\(args): \(r.err)")
        #expect(r.err.contains(message), "\(args): \(r.err)")
    }

    // MARK: an independent patcher for the property

    func goalOf(quest: String, in progress: JSONValue) -> String? {
        guard case .array(let goals)? = progress["goals"] else { return nil }
        for g in goals {
            if case .array(let qs)? = g["quests"], qs.contains(where: { $0["quest_id"] == .string(quest) }), case .string(let id)? = g["goal_id"] { return id }
        }
        return nil
    }

    /// `a.b[id].c` as steps: a member, or an array element by id.
    func split(_ path: String) -> [(String, String?)] {
        path.split(separator: ".").map { part in
            if let open = part.firstIndex(of: "[") {
                return (String(part[..<open]), String(part[part.index(after: open)..<part.index(before: part.endIndex)]))
            }
            return (String(part), nil)
        }
    }

    func set(_ v: JSONValue, path: [(String, String?)], to value: JSONValue?) -> JSONValue {
        guard let (key, id) = path.first, case .object(var members) = v else { return value ?? .null }
        let k = members.firstIndex { $0.0 == key }
        let child = k.map { members[$0].1 }
        var next: JSONValue?
        if let id {
            guard case .array(var items)? = child else { return v }
            let rest = Array(path.dropFirst())
            if let i = items.firstIndex(where: { JSONDiff.elementID($0) == id }) {
                if rest.isEmpty && value == nil { items.remove(at: i) } else { items[i] = set(items[i], path: rest, to: value) }
            } else if let value, rest.isEmpty {
                items.append(value)
            }
            next = .array(items)
        } else {
            next = path.count == 1 ? value : set(child ?? .object([]), path: Array(path.dropFirst()), to: value)
        }
        if let k { if let next { members[k].1 = next } else { members.remove(at: k) } } else if let next { members.append((key, next)) }
        return .object(members)
    }

    /// A view's answer without what always differs between two states (their provenance).
    func strip(_ v: JSONValue) -> JSONValue {
        guard case .object(let m) = v else { return v }
        return .object(m.filter { !["known_at", "known_at_hash", "as_of"].contains($0.0) })
    }
}
