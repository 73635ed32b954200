/// Where a rule is on the site's rules page: the page and the anchor of its entry, decided once for
/// the page itself and for everything that links to it (SARIF help links, the playground).
public enum RuleAnchor {
    /// The rules page, relative to the site's root.
    public static let page = "rules.html"

    /// The anchor of rule `id` on the page (`apns.payload-too-large` → `rule-apns-payload-too-large`).
    public static func fragment(_ id: String) -> String {
        "rule-" + id.map { $0.isLetter || $0.isNumber || $0 == "-" ? String($0) : "-" }.joined()
    }
}
