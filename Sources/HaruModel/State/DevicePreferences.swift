@_spi(Layers) import HaruSystem

/// A device's preference lists and what their ids name.
public enum DevicePreferences {
    public static let lists: [(field: Field, names: DefinitionKind)] = [
        (.pinnedGoalIDs, .goal), (.collapsedGoalIDs, .goal), (.watchGoalIDs, .goal), (.memoActionIDs, .action),
    ]
}
