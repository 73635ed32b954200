import Foundation
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
        main += "<div class=\"table-wrap\"><table class=\"rules-table\">\n<thead><tr><th scope=\"col\">Rule</th><th scope=\"col\">Severity</th><th scope=\"col\">Meaning</th><th scope=\"col\">Source and confidence</th></tr></thead>\n<tbody>\n"
        for rule in rules {
            let source = Self.sourceHTML(rule.source)
            main += "<tr id=\"\(HTML.escapeAttribute(Self.anchor(rule.id)))\">"
            main += "<td><code>\(HTML.escapeText(rule.id))</code></td>"
            main += "<td><span class=\"severity severity-\(rule.severity.rawValue)\">\(rule.severity.rawValue)</span>\(rule.refusesRequest ? "<br><small>request refused</small>" : "")</td>"
            main += "<td>\(HTML.escapeText(rule.summary))"
            if !rule.example.isEmpty { main += "<br><small>Example: <code>\(HTML.escapeText(rule.example))</code></small>" }
            main += "</td><td class=\"source\">\(source)<br><span class=\"confidence\">\(HTML.escapeText(rule.confidence.label))</span>"
            main += "\(rule.isModellingChoice ? " <span class=\"modelling\">modelling choice</span>" : "")</td></tr>\n"
        }
        main += "</tbody></table></div>\n"
        return PageLayout.render(title: "Rules", description: "The rule catalogue of Pushbook's linter and simulator.", root: "", current: "rules", main: main)
    }

    /// A source as short link text: `host › last path component`, then any citation after it.
    static func sourceHTML(_ source: String) -> String {
        let words = source.split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = words.first, first.hasPrefix("https://"), let url = URL(string: first), let host = url.host else {
            return HTML.escapeText(source)
        }
        let last = url.pathComponents.last(where: { $0 != "/" }) ?? ""
        var html = "<a href=\"\(HTML.escapeAttribute(first))\">\(HTML.escapeText(host + (last.isEmpty ? "" : " › " + last)))</a>"
        if words.count > 1 { html += " " + HTML.escapeText(words[1].trimmingCharacters(in: CharacterSet(charactersIn: " ;"))) }
        return html
    }

    /// Search entries for the rules.
    var search: [SearchIndex.Entry] {
        rules.map { .init(url: "rules.html#\(Self.anchor($0.id))", title: $0.id, section: "Rules", text: $0.summary, kind: "rule") }
    }
}
