/// Every rule Pushbook encodes: the linter's checks and the device's behaviours, for listing and lookup.
public enum RuleCatalogue {
    /// All entries, sorted by id.
    public static var all: [RuleDescription] {
        (PayloadRules.descriptions + DeviceBehaviours.all + pushTypes).sorted { $0.id < $1.id }
    }

    /// The push-type table's rows, one entry each (`push-type.voip`).
    public static var pushTypes: [RuleDescription] { PushTypeProfile.all.map { $0.description } }

    /// The entry with id `id`, if any.
    public static func rule(_ id: String) -> RuleDescription? {
        byID[id]
    }

    private static let byID: [String: RuleDescription] = {
        var table: [String: RuleDescription] = [:]
        for rule in DeviceBehaviours.all + pushTypes + PayloadRules.descriptions { table[rule.id] = rule }
        return table
    }()

    /// The catalogue as JSON (for the site's rules page): id, severity, summary, source, confidence, ….
    public static var json: JSONValue {
        .array(all.map { r in
            .object([
                ("id", .string(r.id)),
                ("severity", .string(r.severity.rawValue)),
                ("summary", .string(r.summary)),
                ("source", .string(r.source)),
                ("confidence", .string(r.confidence.rawValue)),
                ("confidenceLabel", .string(r.confidence.label)),
                ("modellingChoice", .bool(r.isModellingChoice)),
                ("refusesRequest", .bool(r.refusesRequest)),
                ("example", .string(r.example)),
            ])
        })
    }
}
