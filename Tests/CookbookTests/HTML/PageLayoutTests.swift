import Foundation
import Testing
@testable import Cookbook

/// The shared page chrome.
@Suite struct PageLayoutTests {
    /// A typical recipe page, one level below the root.
    func recipePage() -> String {
        PageLayout.render(
            title: "Show the sender's avatar",
            description: "Communication notifications with INSendMessageIntent.",
            root: "../",
            current: "recipes",
            main: "<h1 id=\"top\">Hello</h1>",
            toc: [(id: "why", title: "Why", level: 2), (id: "code", title: "The <code>", level: 3)],
            scripts: ["extra.js"]
        )
    }

    /// The page is an HTML5 document in English with charset and viewport.
    @Test func pageIsAnHTML5DocumentWithCharsetAndViewport() {
        let page = recipePage()
        #expect(page.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
        #expect(page.contains("<meta charset=\"utf-8\">"))
        #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(page.hasSuffix("</html>\n"))
    }

    /// Landmarks and the skip link are present for screen readers.
    @Test func pageHasLandmarksAndSkipLink() {
        let page = recipePage()
        #expect(page.contains("<a class=\"skip-link\" href=\"#content\">"))
        #expect(page.contains("<header class=\"site-header\">"))
        #expect(page.contains("<nav class=\"site-nav\" aria-label=\"Main\">"))
        #expect(page.contains("<main id=\"content\""))
        #expect(page.contains("<footer class=\"site-footer\">"))
        #expect(page.contains("<nav class=\"toc\" aria-label=\"On this page\">"))
    }

    /// Every href and src is relative: no scheme, no leading slash, no protocol-relative URL.
    @Test func allLinksAreRelative() throws {
        let page = recipePage()
        let regex = try NSRegularExpression(pattern: #"(?:href|src|action)="([^"]*)""#)
        let ns = page as NSString
        let matches = regex.matches(in: page, range: NSRange(location: 0, length: ns.length))
        #expect(matches.count > 8)
        for match in matches {
            let url = ns.substring(with: match.range(at: 1))
            if url.hasPrefix("data:") { continue }
            #expect(!url.hasPrefix("/"), "absolute path \(url)")
            #expect(!url.contains("://"), "URL with scheme \(url)")
        }
        #expect(page.contains("href=\"../assets/pushbook.css\""))
        #expect(page.contains("<a class=\"brand\" href=\"../index.html\">"))
        #expect(page.contains("action=\"../search.html\""))
        #expect(page.contains("<script src=\"../assets/pushbook.js\"></script>"))
    }

    /// The navigation marks the current page and links to recipes, rules and search.
    @Test func navigationMarksCurrentPage() {
        let page = recipePage()
        #expect(page.contains("<a href=\"../index.html\" aria-current=\"page\">Recipes</a>"))
        #expect(page.contains("<a href=\"../rules.html\">Rules</a>"))
        #expect(page.contains("<a href=\"../search.html\">Search</a>"))
    }

    /// The header search form works without JavaScript: a GET form with an input named q.
    @Test func headerSearchFormNeedsNoJavaScript() {
        let page = PageLayout.render(title: "Rules", description: "", root: "", current: "rules", main: "")
        #expect(page.contains("<form class=\"site-search\" action=\"search.html\" method=\"get\" role=\"search\">"))
        #expect(page.contains("name=\"q\""))
    }

    /// Titles, descriptions and table-of-contents entries are escaped.
    @Test func titlesDescriptionsAndTOCAreEscaped() {
        let page = PageLayout.render(
            title: "<script>alert(1)</script>", description: #"" onload="x"#, root: "", current: "recipes",
            main: "", toc: [(id: #"a" onclick="b"#, title: "<img src=x onerror=y>", level: 2)]
        )
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; · Pushbook</title>"))
        #expect(page.contains("content=\"&quot; onload=&quot;x\""))
        #expect(page.contains("href=\"#a&quot; onclick=&quot;b\""))
        #expect(page.contains("&lt;img src=x onerror=y&gt;"))
        #expect(!page.contains("<img"))
    }

    /// Without headings there is no table of contents.
    @Test func noTOCWhenThereAreNoHeadings() {
        let page = PageLayout.render(title: "Pushbook", description: "", root: "", current: "recipes", main: "<p>x</p>")
        #expect(!page.contains("class=\"toc\""))
        #expect(page.contains("<title>Pushbook</title>"))
        #expect(page.contains("<div class=\"page\">"))
    }

    /// Extra scripts come before pushbook.js so that data they define is ready.
    @Test func extraScriptsLoadBeforeTheSiteScript() throws {
        let page = PageLayout.render(title: "Search", description: "", root: "", current: "search", main: "", scripts: ["search-index.js"])
        let extra = try #require(page.range(of: "<script src=\"search-index.js\"></script>"))
        let site = try #require(page.range(of: "<script src=\"assets/pushbook.js\"></script>"))
        #expect(extra.lowerBound < site.lowerBound)
    }

    // On 0149a3f a test here compared two renders in one process, which share a hashing seed and so
    // could not differ; determinism across processes is what `HostileWorkspace`'s builds and
    // `.ci/run` (the committed site rebuilt on a clean clone) check.
}
