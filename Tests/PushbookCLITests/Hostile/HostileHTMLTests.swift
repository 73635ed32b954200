import Foundation
import Testing

/// HTML and script in everything a recipe author or a payload controls must come out as text.
@Suite("Hostile input: HTML and script in recipes and payloads", .serialized)
struct HostileHTMLTests {
    /// A recipe with markup in its title, summary, topic, tags, needs, sources, captions, prose,
    /// code blocks and payload strings; checked and built. (Example file names are plain by rule,
    /// `recipe.example-name`: see `RecipeRuleTests`.)
    private static func buildHostileSite() throws -> (HostileWorkspace, HostileWorkspace.Run) {
        let w = try HostileWorkspace()
        var md = try w.read("recipe.md")
        func swap(_ prefix: String, _ line: String) {
            var lines = md.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let i = lines.firstIndex(where: { $0.hasPrefix(prefix) }) { lines[i] = line }
            md = lines.joined(separator: "\n")
        }
        swap("title:", #"title: <script>alert("title")</script> & "double" 'single'"#)
        swap("summary:", #"summary: <img src=x onerror=alert(1)> `<b onclick=x>code</b>` https://x.example/"onmouseover="alert(2) "q""#)
        swap("topic:", #"topic: <i onclick="alert(3)">Topic</i>"#)
        swap("  - fcm", #"  - <svg/onload=alert(4)>"#)
        swap("  - firebase", #"  - "</script><script>alert(5)</script>""#)
        swap("  - A Notification Service Extension", #"  - <iframe src="javascript:alert(6)"></iframe>"#)
        swap("  - https://firebase.google.com/docs/cloud-messaging/ios/send-image", "  - https://x.example/\"><script>alert(7)</script>\n  - javascript:alert(8)")
        swap("  - jpeg-image", #"  - jpeg-image caption=<script>alert(9)</script> "cap" onerror=alert(10)"#)
        md += """

        <script>alert(11)</script>

        <img src=x onerror=alert(12)>

        [click](javascript:alert(13)) and ![img](x" onerror="alert(14))

        ## A heading <script>alert(15)</script> "quoted" 'single'

        ```json "onerror=alert(16)
        {"a": "</code><script>alert(17)</script>"}
        ```

        ```<script>alert(18)</script>
        text
        ```

        """
        try w.write("recipe.md", md)
        var example = try w.read("examples/webp-image.json")
        example = example.replacingOccurrences(of: "\"title\": \"Golden hour\"", with: #""title": "<script>alert(19)</script>", "subtitle": "\"'><img src=x onerror=alert(20)>""#)
        try w.write("examples/webp-image.json", example)
        _ = try w.check(["--update"])
        return (w, try w.build())
    }

    /// Every tag in an HTML page: its name and its attributes (name → value), parsed as a browser
    /// would, so that text inside a quoted value is not taken for an attribute.
    private static func tags(in html: String) -> [(name: String, attributes: [(name: String, value: String)])] {
        let tagPattern = try! NSRegularExpression(pattern: "<([A-Za-z][A-Za-z0-9-]*)([^>]*)>")
        let attributePattern = try! NSRegularExpression(pattern: #"([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?"#)
        return tagPattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let name = String(html[Range(match.range(at: 1), in: html)!]).lowercased()
            let text = String(html[Range(match.range(at: 2), in: html)!])
            let attributes = attributePattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { a in
                let value = (2...4).compactMap { Range(a.range(at: $0), in: text).map { String(text[$0]) } }.first ?? ""
                return (String(text[Range(a.range(at: 1), in: text)!]).lowercased(), value)
            }
            return (name, attributes)
        }
    }

    @Test("markup in titles, summaries, tags, captions, prose, code, payloads and file names builds into pages where it is inert text")
    func markupIsInert() throws {
        let (w, run) = try Self.buildHostileSite()
        defer { w.remove() }
        #expect(!run.crashed)
        #expect(run.status == 0, "\(run.stderr.prefix(3000))")
        let pages = ["index.html", "recipes/fcm-image.html", "search.html", "rules.html"]
        for page in pages {
            let html = try String(contentsOf: w.out.appendingPathComponent(page), encoding: .utf8)
            for tag in Self.tags(in: html) {
                let shown = "<\(tag.name) \(tag.attributes.map { "\($0.name)=\"\($0.value)\"" }.joined(separator: " "))>"
                if tag.name == "script" {
                    #expect(tag.attributes.count == 1 && tag.attributes[0].name == "src" && tag.attributes[0].value.hasSuffix(".js"), "\(page): a script that is not ours: \(shown)")
                }
                #expect(!["iframe", "object", "embed", "svg"].contains(tag.name), "\(page): \(shown)")
                for attribute in tag.attributes {
                    #expect(!attribute.name.hasPrefix("on"), "\(page): event handler in \(shown)")
                    #expect(!attribute.value.lowercased().hasPrefix("javascript:"), "\(page): javascript: URL in \(shown)")
                    #expect(!(tag.name == "img" && attribute.name == "src" && attribute.value == "x"), "\(page): the author's image in \(shown)")
                }
            }
        }
        let page = try String(contentsOf: w.out.appendingPathComponent("recipes/fcm-image.html"), encoding: .utf8)
        #expect(page.contains("&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;") || page.contains("&lt;script&gt;alert(\"title\")&lt;/script&gt;"))
        #expect(page.contains("&lt;script&gt;alert(19)&lt;/script&gt;"))
    }

    @Test("the search index is one JSON array in which no string can close a script element")
    func searchIndexIsData() throws {
        let (w, run) = try Self.buildHostileSite()
        defer { w.remove() }
        #expect(run.status == 0, "\(run.stderr.prefix(3000))")
        let script = try String(contentsOf: w.out.appendingPathComponent("search-index.js"), encoding: .utf8)
        #expect(!script.lowercased().contains("</script"))
        let prefix = "window.PUSHBOOK_SEARCH_INDEX = "
        #expect(script.hasPrefix(prefix) && script.hasSuffix(";\n"))
        let json = script.dropFirst(prefix.count).dropLast(2)
        let entries = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(entries?.contains { ($0["title"] as? String)?.contains("<script>alert(\"title\")</script>") == true } == true)
    }
}
