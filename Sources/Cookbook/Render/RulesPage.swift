import Foundation
import Payloads

/// The rule catalogue as a page: rules grouped by area, each with its source, how sure we are (said
/// once), and links to the examples that show it; a filter narrows the list when JavaScript runs.
struct RulesPage {
    /// The catalogue.
    var rules: [RuleDescription]
    /// The examples in which rules fired.
    var examples: [RuleExample] = []

    /// The anchor of a rule on the page.
    static func anchor(_ id: String) -> String { RuleAnchor.fragment(id) }

    /// The areas, by a rule id's prefix, with their headings, in page order.
    static let areas: [(prefix: String, title: String)] = [
        ("apns", "APNs: the request and its payload"),
        ("push-type", "Push types: the topic, priority and size of each apns-push-type, and who receives it"), ("fcm", "FCM HTTP v1"), ("ios", "iOS on the device"),
        ("simulator", "Xcode Simulator files"), ("input", "What the input is"), ("json", "JSON"),
    ]

    /// The area prefix of a rule id (`apns.payload-too-large` → `apns`).
    static func area(of id: String) -> String { String(id.split(separator: ".", maxSplits: 1).first ?? "") }

    /// The page's HTML.
    func render() -> String {
        var lead = "<header class=\"recipe-header\">\n<h1>Rules</h1>\n"
        lead += "<p class=\"recipe-summary\">Every check of <code>pushbook lint</code> and every behaviour of Pushbook's device model, with its public source, how sure we are, and the examples that show it. Entries marked <em>modelling choice</em> are ours, not Apple's or Google's word.</p>\n"
        lead += "<p class=\"rules-filter\" hidden><label for=\"rules-filter\">Filter the rules</label> <input id=\"rules-filter\" type=\"search\" autocomplete=\"off\" placeholder=\"mutable-content, attachment, 4096…\"></p>\n</header>\n"
        var byArea: [String: [RuleDescription]] = [:]
        for rule in rules { byArea[Self.area(of: rule.id), default: []].append(rule) }
        var areas = Self.areas.filter { byArea[$0.prefix] != nil }
        for key in byArea.keys.sorted() where !areas.contains(where: { $0.prefix == key }) { areas.append((key, key)) }
        var shown: [String: [RuleExample]] = [:]
        for example in examples { shown[example.rule, default: []].append(example) }
        var main = "<div class=\"rules\">\n"
        var toc: [(id: String, title: String, level: Int)] = []
        for area in areas {
            let id = "area-" + area.prefix
            toc.append((id, area.title, 2))
            main += "<section class=\"rule-area\" aria-labelledby=\"\(HTML.escapeAttribute(id))\">\n<h2 id=\"\(HTML.escapeAttribute(id))\">\(HTML.escapeText(area.title))</h2>\n"
            for rule in (byArea[area.prefix] ?? []).sorted(by: { $0.id < $1.id }) {
                main += entry(rule, shownBy: shown[rule.id] ?? [])
            }
            main += "</section>\n"
        }
        main += "<p class=\"rules-none\" hidden>No rule matches the filter.</p>\n</div>\n"
        return PageLayout.render(title: "Rules", description: "The rule catalogue of Pushbook's linter and device model.", root: "", current: "rules",
                                 lead: lead, main: main, toc: toc)
    }

    /// One rule: id, severity, confidence (once), meaning, example, source and the examples that show it.
    private func entry(_ rule: RuleDescription, shownBy: [RuleExample]) -> String {
        var html = "<article class=\"rule\" id=\"\(HTML.escapeAttribute(Self.anchor(rule.id)))\">\n<p class=\"rule-head\"><code class=\"rule-id\">\(HTML.escapeText(rule.id))</code> "
        html += "<span class=\"severity severity-\(rule.severity.rawValue)\">\(rule.severity.rawValue)</span>"
        if rule.refusesRequest { html += " <span class=\"rule-refused\">request refused</span>" }
        html += " <span class=\"confidence\(rule.isModellingChoice ? " is-modelling" : "")\">\(HTML.escapeText(rule.confidence.label))</span></p>\n"
        html += "<p class=\"rule-summary\">\(HTML.escapeText(rule.summary))</p>\n"
        if !rule.example.isEmpty { html += "<p class=\"rule-example\">For example: <code>\(HTML.escapeText(rule.example))</code></p>\n" }
        html += "<p class=\"rule-source\">Source: \(Self.sourceHTML(rule.source))</p>\n"
        if !shownBy.isEmpty {
            html += "<p class=\"rule-shown\">Shown in: " + shownBy.map {
                "<a href=\"\(HTML.escapeAttribute($0.page))\">\(HTML.escapeText($0.recipe)) › <code>\(HTML.escapeText($0.example))</code></a>"
            }.joined(separator: ", ") + "</p>\n"
        }
        return html + "</article>\n"
    }

    /// A source with each https URL as a short link (`host › last path component`); the rest is text.
    static func sourceHTML(_ source: String) -> String {
        source.split(separator: " ", omittingEmptySubsequences: false).map { part -> String in
            var word = String(part), tail = ""
            while let last = word.last, ";,)".contains(last) { tail = String(last) + tail; word.removeLast() }
            guard word.hasPrefix("https://"), let url = URL(string: word), let host = url.host else { return HTML.escapeText(String(part)) }
            let last = url.pathComponents.last(where: { $0 != "/" }) ?? ""
            return "<a href=\"\(HTML.escapeAttribute(word))\">\(HTML.escapeText(host + (last.isEmpty ? "" : " › " + last)))</a>" + HTML.escapeText(tail)
        }.joined(separator: " ")
    }

    /// Search entries for the rules.
    var search: [SearchEntry] {
        rules.map { .init(url: "rules.html#\(Self.anchor($0.id))", title: $0.id, section: "Rules", text: $0.summary + "\n" + $0.example, kind: .rule) }
    }
}
