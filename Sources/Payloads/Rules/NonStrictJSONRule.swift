/// `json.not-strict`: a file with trailing commas or comments; which consumer refuses it and which may accept it.
struct NonStrictJSONRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "json.not-strict", severity: .note,
        summary: "Trailing commas and comments are not JSON (RFC 8259), though they are common in published .apns files. APNs takes a JSON dictionary and FCM's HTTP v1 API a JSON body, so both refuse such a request (the exact reason or message is not documented). For the Simulator: Foundation's JSON parser, which a Foundation maintainer says allows trailing commas, suggests xcrun simctl push and dragging the file onto the Simulator may accept a trailing comma; comments need JSON5 mode, which nothing says those tools use, so Pushbook's model says they refuse comments. Which parser the Simulator tools use is not documented: the Simulator verdicts are modelling choices.",
        source: RuleSource.rfc8259 + " ; https://github.com/swiftlang/swift-corelibs-foundation/issues/4682 (Foundation allows trailing commas) ; " + RuleSource.xcode114,
        confidence: .inference,
        example: "{\"Simulator Target Bundle\": \"com.example.app\", \"aps\": {\"alert\": \"Hi\",}}")
    /// Creates the rule.
    public init() {}
    /// Reported by the linter when the strict read fails; a parsed input has nothing to report.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {}

    /// The note for a file the strict reader refused, when trailing commas or comments explain it.
    public static func diagnostic(for bytes: [UInt8]) -> Diagnostic? {
        guard let scan = NonStrictJSON(bytes), let first = scan.features.first else { return nil }
        let isSimulatorFile = containsSimulatorKey(bytes)
        var what: [String] = []
        if scan.has(.trailingComma) { what.append("a trailing comma") }
        if scan.has(.comment) { what.append("a comment") }
        let places = scan.features.prefix(3).map { "\($0.feature.rawValue) at \($0.location)" }.joined(separator: ", ")
        var message = "not strict JSON: \(what.joined(separator: " and ")) (\(places)\(scan.features.count > 3 ? ", …" : ""))"
        message += scan.readableWithoutThem ? "; without them the file is valid JSON." : "; the file has other syntax errors too."
        message += " APNs refuses it (it takes a JSON dictionary); FCM's HTTP v1 API refuses it (a JSON body)."
        let simulator = scan.has(.comment)
            ? " xcrun simctl push and Xcode's drag-and-drop onto the Simulator refuse the comments (Foundation reads comments only in JSON5 mode; a modelling choice)."
            : " xcrun simctl push and Xcode's drag-and-drop onto the Simulator may accept the trailing comma (Foundation's JSON parser allows it; which parser they use is undocumented, a modelling choice)."
        message += simulator
        message += isSimulatorFile ? " Remove \(scan.features.count == 1 ? "it" : "them") to be safe." : " Remove \(scan.features.count == 1 ? "it" : "them") before sending."
        return Diagnostic(rule: description.id, severity: description.severity, message: message, location: first.location, path: "")
    }

    /// True when the bytes contain the Simulator's target-bundle key (the file is meant for the Simulator).
    private static func containsSimulatorKey(_ bytes: [UInt8]) -> Bool {
        let key = Array("\"\(SimulatorFile.targetBundleKey)\"".utf8)
        guard bytes.count >= key.count else { return false }
        for start in 0...(bytes.count - key.count) where bytes[start] == key[0] && Array(bytes[start..<(start + key.count)]) == key { return true }
        return false
    }
}
