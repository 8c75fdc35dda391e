@_spi(Layers) import HaruSystem

/// The live definitions of one kind by name: the unique-name rule (tags and
/// actions) checked with one lookup instead of a scan of every definition
/// (bulk-loading 8,000 actions took 26.6 s with the scan).
///
/// Derived, never stored: `EntityState` keeps one as it folds, and the
/// ledger's stored state builds one per transaction from one scan of the
/// kind, the first time a name is checked (`StoredEntities`).
@_spi(Layers) public struct NameIndex: Sendable {
    private var ids: [String: String] = [:]

    @_spi(Layers) public init() {}

    /// An index of the live `definitions`.
    @_spi(Layers) public init(_ definitions: [Definition]) {
        for d in definitions { update(old: nil, new: d) }
    }

    /// The id of the live definition named `name`.
    @_spi(Layers) public func id(named name: String) -> String? { ids[name] }

    /// Follows a definition from `old` to `new` (a creation, rename or deletion).
    @_spi(Layers) public mutating func update(old: Definition?, new: Definition) {
        if let old, old.isLive, let name = old.fields().string(.name), ids[name] == old.id { ids[name] = nil }
        if new.isLive, let name = new.fields().string(.name) { ids[name] = new.id }
    }
}
