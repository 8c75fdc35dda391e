/// The leaf differences between two JSON values, as paths: members by name,
/// array elements by their id member when they have one (`goal_id`,
/// `quest_id`, `action_id`, `tag_id`, `session_id`, `entry_id`, `id`), else
/// the array compared whole. `haru diff` lists what changed between two
/// states of the ledger with it, from each state's own view output.
@_spi(Layers) import HaruModel

public enum JSONDiff {
    /// One difference: where, and the value on each side (nil: absent there).
    public struct Leaf: Sendable, Equatable {
        public var path: String
        public var before: JSONValue?
        public var after: JSONValue?
    }

    static let idKeys = ["goal_id", "quest_id", "action_id", "tag_id", "session_id", "entry_id", "id"]

    /// The id of an array element, when it is an object that carries one.
    static func elementID(_ v: JSONValue) -> String? {
        for k in idKeys { if case .string(let s)? = v[k] { return s } }
        return nil
    }

    /// Every leaf where `a` and `b` differ, under `path`.
    public static func leaves(_ a: JSONValue?, _ b: JSONValue?, path: String = "") -> [Leaf] {
        var out: [Leaf] = []
        walk(a, b, path, &out)
        return out
    }

    private static func walk(_ a: JSONValue?, _ b: JSONValue?, _ path: String, _ out: inout [Leaf]) {
        switch (a, b) {
        case (nil, nil): return
        case (.object(let x)?, .object(let y)?):
            var seen = Set<String>()
            for (k, v) in x {
                seen.insert(k)
                walk(v, b?[k], join(path, k), &out)
            }
            for (k, v) in y where !seen.contains(k) { walk(nil, v, join(path, k), &out) }
        case (.array(let x)?, .array(let y)?) where !x.isEmpty || !y.isEmpty:
            let xs = x.map(elementID), ys = y.map(elementID)
            guard !xs.contains(nil), !ys.contains(nil), Set(xs).count == x.count, Set(ys).count == y.count else {
                if x != y { out.append(Leaf(path: path, before: a, after: b)) }
                return
            }
            let byID = Dictionary(uniqueKeysWithValues: zip(ys.map { $0! }, y))
            for (id, v) in zip(xs.map { $0! }, x) { walk(v, byID[id], path + "[" + id + "]", &out) }
            let inA = Set(xs.map { $0! })
            for (id, v) in zip(ys.map { $0! }, y) where !inA.contains(id) { walk(nil, v, path + "[" + id + "]", &out) }
        default:
            if a != b { out.append(Leaf(path: path, before: a, after: b)) }
        }
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
}
