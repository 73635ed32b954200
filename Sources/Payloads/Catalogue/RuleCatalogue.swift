/// Every rule Pushbook encodes: the linter's checks and the device's behaviours, for listing and lookup.
public enum RuleCatalogue {
    /// All entries, sorted by id.
    public static var all: [RuleDescription] {
        (PayloadRules.descriptions + DeviceBehaviours.all + FirebaseHelperBehaviours.all + pushTypes).sorted { $0.id < $1.id }
    }

    /// The push-type table's rows, one entry each (`push-type.voip`).
    public static var pushTypes: [RuleDescription] { PushTypeProfile.all.map { $0.description } }

    /// The entry with id `id`, if any.
    public static func rule(_ id: String) -> RuleDescription? {
        byID[id]
    }

    private static let byID: [String: RuleDescription] = {
        var table: [String: RuleDescription] = [:]
        for rule in DeviceBehaviours.all + FirebaseHelperBehaviours.all + pushTypes + PayloadRules.descriptions { table[rule.id] = rule }
        return table
    }()
}
