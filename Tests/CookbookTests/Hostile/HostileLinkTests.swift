import Testing
@testable import Cookbook

/// The link checker on pages whose text shows markup.
@Suite("Hostile input: link checking")
struct HostileLinkTests {
    @Test("escaped markup in text that reads like src=\"…\" or href=\"…\" is not taken for a link")
    func escapedMarkupIsNotALink() {
        let page = ##"<p>Add &lt;img src="javascript:alert(1)"&gt; and &lt;a href="missing.html"&gt; to the page.</p><a href="#x">x</a><h2 id="x">X</h2>"##
        #expect(LinkChecker.check(pages: ["a.html": page], files: ["a.html"]).isEmpty)
    }

    @Test("a real broken link inside a tag is still found")
    func realLinkIsChecked() {
        let page = #"<p>text with &lt;b&gt; and " src="</p><a class="c" href="missing.html">m</a>"#
        let broken = LinkChecker.check(pages: ["a.html": page], files: ["a.html"])
        #expect(broken.map(\.href) == ["missing.html"])
    }
}
