/// `simulator.target-bundle`: a Simulator file's `"Simulator Target Bundle"` must name the app.
struct SimulatorTargetBundleRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "simulator.target-bundle", severity: .error,
        summary: "In an Xcode Simulator .apns file, \"Simulator Target Bundle\" must be the app's bundle id (a non-empty string); the Simulator strips it before delivery.",
        source: RuleSource.xcode114, confidence: .inference,
        example: #"{"Simulator Target Bundle": 42, "aps": {…}}"#)
    /// Creates the rule.
    public init() {}
    /// Checks the bundle key's value.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.kind == .simulator, let value = input.document[SimulatorFile.targetBundleKey] else { return }
        if (value.stringValue ?? "").isEmpty {
            diagnostics.append(input.diagnostic(Self.description,
                "\"Simulator Target Bundle\" must be the app's bundle id as a string, for example \"com.example.app\"",
                document: JSONPath([.key(SimulatorFile.targetBundleKey)])))
        }
    }
}
