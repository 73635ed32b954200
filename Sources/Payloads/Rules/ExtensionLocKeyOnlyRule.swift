/// `ios.extension-loc-key-only`: `mutable-content: 1` with an alert that has only localization keys.
struct ExtensionLocKeyOnlyRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "ios.extension-loc-key-only", severity: .note,
        summary: "Whether iOS runs the service extension for an alert with only loc-key/title-loc-key and no literal text is not documented; Pushbook assumes it runs (modelling choice).",
        source: RuleSource.modifyingContent, confidence: .notFound,
        example: #"{"aps": {"alert": {"loc-key": "NEW_MESSAGE"}, "mutable-content": 1}}"#)
    /// Creates the rule.
    public init() {}
    /// Reports the undocumented case.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard let aps = input.payload.aps, aps.isMutable, case .dictionary(let d)? = aps.alert,
              !d.hasLiteralText, d.hasLocalizationKey else { return }
        diagnostics.append(input.diagnostic(Self.description,
            "the alert has only localization keys; Apple does not say whether the service extension runs for it (Pushbook assumes it does). Add a literal title or body to be sure",
            payload: LintContext.apsPath.appending("alert"), atKey: true))
    }
}
