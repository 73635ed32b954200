/// `apns.aps-key-type`: every Apple key in `aps`, `aps.alert` and `aps.sound` has Apple's JSON type.
struct APSKeyTypeRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.aps-key-type", severity: .error,
        summary: "Each aps key, and each key of the alert and critical sound dictionaries, must have the JSON type of Apple's Tables 1–3 (badge a number, thread-id a string, loc-args an array of strings, …).",
        source: RuleSource.generatingRemoteNotification, confidence: .apple,
        example: #"{"aps": {"badge": "3"}}"#)
    /// Creates the rule.
    public init() {}
    /// Checks the types in `aps`, then in a dictionary `alert` and a dictionary `sound`.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard let members = input.apsMembers else { return }
        let aps = LintContext.apsPath
        check(members, against: APSKey.apsKeys, at: aps, input, &diagnostics, skipBooleanFlags: true)
        if let alert = input.request.payload.value(at: aps.appending("alert"))?.members {
            let keys = input.pushType == .liveactivity ? APSKey.liveActivityAlertKeys : APSKey.alertKeys
            check(alert, against: keys, at: aps.appending("alert"), input, &diagnostics, skipBooleanFlags: false)
        }
        if let sound = input.request.payload.value(at: aps.appending("sound"))?.members {
            check(sound, against: APSKey.soundKeys, at: aps.appending("sound"), input, &diagnostics, skipBooleanFlags: false)
        }
    }

    private func check(_ members: [JSONMember], against keys: [APSKey], at parent: JSONPath, _ input: LintContext,
                       _ diagnostics: inout [Diagnostic], skipBooleanFlags: Bool) {
        for m in members {
            guard let key = keys.first(where: { $0.name == m.key }) else { continue }
            if key.types.contains(where: { $0.matches(m.value) }) { continue }
            // `true` for the two flags is `apns.flag-is-boolean`'s finding.
            if skipBooleanFlags, m.value.boolValue != nil, m.key == "mutable-content" || m.key == "content-available" { continue }
            let path = parent.appending(m.key)
            var message = "\(input.displayName(ofPayload: path)) must be \(Self.withArticle(JSONType.describe(key.types))), found \(Self.withArticle(m.value.typeName)) (\(input.brief(m.value)))"
            if key.types == [.number], let s = m.value.stringValue, case .success(let parsed) = JSONReader.parse(s), parsed.numberValue != nil {
                message += "; write \(s) without quotes"
            } else if key.types == [.number], let b = m.value.boolValue {
                message += "; write \(b ? 1 : 0)"
            }
            diagnostics.append(input.diagnostic(Self.description, message, payload: path, at: m.value.location))
        }
    }

    /// "a number", "an array of strings", "null".
    static func withArticle(_ noun: String) -> String {
        if noun == "null" { return "null" }
        return (noun.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + noun
    }
}
