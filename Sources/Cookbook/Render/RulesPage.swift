import Payloads

/// The rule catalogue as a page: one anchored entry per linter rule and simulator behaviour.
struct RulesPage {
    /// The catalogue.
    var rules: [RuleDescription]

    /// The anchor of a rule on the page.
    static func anchor(_ id: String) -> String { "rule-" + id.map { $0.isLetter || $0.isNumber || $0 == "-" ? String($0) : "-" }.joined() }

    /// The page's HTML.
    func render() -> String {
        var main = "<h1>Rules</h1>\n<p>Every check of <code>pushbook lint</code> and every behaviour of the simulated device, with its source and how sure we are. Entries marked <em>modelling choice</em> are ours, not Apple's or Google's word.</p>\n"
        main += "<div class=\"table-wrap\"><table class=\"rules-table\">\n<thead><tr><th scope=\"col\">Rule</th><th scope=\"col\">Severity</th><th scope=\"col\">Meaning</th><th scope=\"col\">Source</th><th scope=\"col\">Confidence</th></tr></thead>\n<tbody>\n"
        for rule in rules {
            let source = rule.source.hasPrefix("https://")
                ? "<a href=\"\(HTML.escapeAttribute(rule.source.split(separator: " ").first.map(String.init) ?? rule.source))\">\(HTML.escapeText(rule.source))</a>"
                : HTML.escapeText(rule.source)
            main += "<tr id=\"\(HTML.escapeAttribute(Self.anchor(rule.id)))\">"
            main += "<td><code>\(HTML.escapeText(rule.id))</code></td>"
            main += "<td><span class=\"severity severity-\(rule.severity.rawValue)\">\(rule.severity.rawValue)</span>\(rule.refusesRequest ? "<br><small>request refused</small>" : "")</td>"
            main += "<td>\(HTML.escapeText(rule.summary))"
            if !rule.example.isEmpty { main += "<br><small>Example: <code>\(HTML.escapeText(rule.example))</code></small>" }
            main += "</td><td class=\"source\">\(source)</td>"
            main += "<td>\(HTML.escapeText(rule.confidence.label))\(rule.isModellingChoice ? " <span class=\"modelling\">modelling choice</span>" : "")</td></tr>\n"
        }
        main += "</tbody></table></div>\n"
        return PageLayout.render(title: "Rules", description: "The rule catalogue of Pushbook's linter and simulator.", root: "", current: "rules", main: main)
    }

    /// Search entries for the rules.
    var search: [SearchIndex.Entry] {
        rules.map { .init(url: "rules.html#\(Self.anchor($0.id))", title: $0.id, section: "Rules", text: $0.summary, kind: "rule") }
    }
}
