/// One device's own lists (`device.preferences.changed`), typed: which goals
/// its collection tab pins and shows collapsed, which its watch shows, which
/// actions ask for a memo when a record is made. Each device reads its own;
/// the surfaces (`GoalCard`, `ActionButton`) are filtered by them.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel

public struct DeviceLists: Sendable, Equatable {
    public var deviceID: String
    /// The goals the collection tab shows.
    public var pinnedGoalIDs: [String]
    public var collapsedGoalIDs: [String]
    /// The goals the watch's complications offer (none unless chosen).
    public var watchGoalIDs: [String]
    /// The actions that ask for a memo when a record is made.
    public var memoActionIDs: [String]

    /// The lists of `device` as in force at `reference` (all empty before any was set).
    public init(_ snap: Snapshot, device: String, reference: Reference) throws {
        let f = try snap.definition(.device, device)?.fields(inForceAt: reference.definitionsAt)
        deviceID = device
        pinnedGoalIDs = f?.strings(.pinnedGoalIDs) ?? []
        collapsedGoalIDs = f?.strings(.collapsedGoalIDs) ?? []
        watchGoalIDs = f?.strings(.watchGoalIDs) ?? []
        memoActionIDs = f?.strings(.memoActionIDs) ?? []
    }

    /// A list by its field (`haru prefs` prints them in that order).
    public subscript(_ field: Field) -> [String] {
        switch field {
        case .pinnedGoalIDs: pinnedGoalIDs
        case .collapsedGoalIDs: collapsedGoalIDs
        case .watchGoalIDs: watchGoalIDs
        case .memoActionIDs: memoActionIDs
        default: []
        }
    }
}
