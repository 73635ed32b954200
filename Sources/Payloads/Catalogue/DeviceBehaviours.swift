/// The simulated device's behaviours (ids `ios.*`), listed in the rule catalogue beside the linter's checks.
public enum DeviceBehaviours {
    /// Every device behaviour the simulator encodes.
    public static let all: [RuleDescription] = []
}
