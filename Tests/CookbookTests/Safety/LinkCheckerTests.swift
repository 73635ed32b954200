import Testing
@testable import Cookbook

/// The link checker resolves hrefs and anchors as a browser does, and no link leaves the site.
@Suite("Safety: the link checker")
struct LinkCheckerTests {
    @Test("an anchor matches its id as written first, then percent-decoded (the HTML standard's order)")
    func anchorsAsBrowsersMatchThem() {
        let pages: [String: (ids: Set<String>, hrefs: [String])] = [
            "a.html": (["example-p%41q", "a b", "Intro"], ["#example-p%41q", "#a%20b", "#intro", "#nowhere"]),
        ]
        let broken = LinkChecker.check(links: pages, files: ["a.html"])
        #expect(broken.map(\.href) == ["#intro", "#nowhere"])
        #expect(broken.first?.reason.contains("differs only in case") == true)
        #expect(broken.last?.reason.contains("differs only in case") == false)
    }

    @Test("a path is percent-decoded before its file is looked up; a query is ignored")
    func pathsAreDecoded() {
        let pages: [String: (ids: Set<String>, hrefs: [String])] = ["recipes/x.html": ([], ["a%20b.html", "../index.html?q=1", "x%2Ehtml"])]
        #expect(LinkChecker.check(links: pages, files: ["recipes/x.html", "recipes/a b.html", "index.html"]).isEmpty)
    }

    @Test("a link climbing above the site's root is broken, however it climbs")
    func climbingOut() {
        let pages: [String: (ids: Set<String>, hrefs: [String])] = ["recipes/x.html": ([], ["../../index.html", "../recipes/../../a.html", "%2E%2E/%2E%2E/index.html"])]
        let broken = LinkChecker.check(links: pages, files: ["recipes/x.html", "index.html", "a.html"])
        #expect(broken.count == 3)
        #expect(broken.allSatisfy { $0.reason == "it climbs out of the site's root folder" })
    }

    @Test("attribute values are unescaped once, each reference on its own (&amp;lt; stays &lt;)")
    func attributeValuesUnescapeOnce() {
        let html = #"<a href="a.html?x=1&amp;y=&quot;2&quot;" id="&amp;lt;&#39;&gt;"><img src="&amp;amp;&"></a> &lt;img src="no"&gt;"#
        let values = LinkChecker.attributeValues(["href", "id", "src"], in: html)
        #expect(values["href"] == [#"a.html?x=1&y="2""#])
        #expect(values["id"] == ["&lt;'>"])
        #expect(values["src"] == ["&amp;&"])
    }

    @Test("pages of one folder resolve the same link each for itself (an empty path is the page itself)")
    func sharedResolutionsStayPerPage() {
        let pages: [String: (ids: Set<String>, hrefs: [String])] = [
            "recipes/a.html": (["top"], ["../index.html", "#top", "?q#top", "b.html#top"]),
            "recipes/b.html": ([], ["../index.html", "#top", "?q#top", "a.html#top"]),
        ]
        let broken = LinkChecker.check(links: pages, files: ["recipes/a.html", "recipes/b.html", "index.html"])
        #expect(broken.map { "\($0.page) \($0.href)" } == ["recipes/a.html b.html#top", "recipes/b.html #top", "recipes/b.html ?q#top"])
    }

    @Test("a page's links leave out data, mail and web addresses, which the check never opens; links to '/' and '//' stay, and are broken")
    func linksLeaveOutOutsideTargets() {
        let html = #"<img src="data:image/png;base64,AAAA"><a href="mailto:a@b">m</a><a href="https://x.example/">w</a><a href="http://x">h</a>"#
            + #"<a href="//x.example/a">p</a><a href="/abs.html">a</a><a href="b.html#c" id="d">b</a><img src="&amp;data:x.png">"#
        let links = LinkChecker.links(in: html)
        #expect(links.hrefs == ["//x.example/a", "/abs.html", "b.html#c", "&data:x.png"])
        #expect(links.ids == ["d"])
        #expect(LinkChecker.check(pages: ["a.html": html], files: ["a.html", "b.html"]).map(\.href) == ["//x.example/a", "/abs.html", "&data:x.png"])
    }
}
