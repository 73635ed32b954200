import Foundation
import Testing
@testable import Cookbook

/// The link check works out a link once per folder; what it finds is what the check of commit
/// 6462455 (every link of every page resolved on its own, copied here as the reference) found, on
/// random sites of hostile links: the same broken links, reasons and order.
@Suite("Safety: the link check finds what the link-by-link check found")
struct LinkCheckerReferenceTests {
    typealias Links = [String: (ids: Set<String>, hrefs: [String])]

    /// The check of commit 6462455, link by link.
    static func reference(links: Links, files: Set<String>) -> [LinkChecker.Broken] {
        var broken: [LinkChecker.Broken] = []
        for (path, page) in links.sorted(by: { $0.key < $1.key }) {
            let directory = (path as NSString).deletingLastPathComponent
            for href in page.hrefs {
                if ["data:", "mailto:", "http://", "https://"].contains(where: { href.utf8.starts(with: $0.utf8) }) { continue }
                if href.hasPrefix("//") || href.hasPrefix("/") {
                    broken.append(.init(page: path, href: href, reason: "links must be relative"))
                    continue
                }
                let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let rawFile = parts[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                let filePart = LinkChecker.percentDecoded(rawFile)
                let resolved = rawFile.isEmpty || filePart.isEmpty ? path : normalise(directory.isEmpty ? filePart : directory + "/" + filePart)
                guard let target = resolved else {
                    broken.append(.init(page: path, href: href, reason: "it climbs out of the site's root folder"))
                    continue
                }
                guard files.contains(target) else {
                    broken.append(.init(page: path, href: href, reason: "no file '\(target)' in the site"))
                    continue
                }
                if parts.count == 2, !parts[1].isEmpty, !parts[1].utf8.contains(UInt8(ascii: "=")), let ids = links[target]?.ids, !ids.contains(parts[1]),
                   !ids.contains(LinkChecker.percentDecoded(parts[1])) {
                    let decoded = (parts[1].removingPercentEncoding ?? parts[1]).lowercased()
                    let caseHint = ids.contains { $0.lowercased() == parts[1].lowercased() || $0.lowercased() == decoded } ? " (an anchor differs only in case)" : ""
                    broken.append(.init(page: path, href: href, reason: "no anchor '#\(parts[1])' in '\(target)'\(caseHint)"))
                }
            }
        }
        return broken
    }

    static func normalise(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// A seeded generator, so a failure can be run again.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
    }

    @Test("random sites of hostile links: the same findings, in the same order", arguments: Array(1...24) as [UInt64])
    func sameFindingsAsLinkByLink(seed: UInt64) {
        var random = Random(state: seed &* 0x9E37_79B9_7F4A_7C15)
        let pages = ["index.html", "rules.html", "recipes/a.html", "recipes/b.html", "recipes/c d.html", "recipes/e.html", "guide/x.html", "guide/deep/y.html", "x.html"]
        let ids = ["intro", "Intro", "rule-a", "a b", "p%41q", "example-1", "é", "x=y", ""]
        let pieces = ["../", "./", "..", "/", "//", "index.html", "rules.html", "recipes/", "a.html", "b.html", "c%20d.html", "%2E%2E/", "guide/",
                      "deep/", "y.html", "x.html", "missing.html", "#", "#", "intro", "Intro", "rule-a", "a%20b", "p%41q", "p%2541q", "%", "?q=1",
                      "=", "é", "?", "?x#", "#\u{301}", "data:x", "https://e", "mailto:m", "example-1", "%C3%A9", "x", "", "\r\n", "%2F", "%2e%2e/", "%C3", "%0D%0A", "a.html?#intro", "#a=b"]
        var links: Links = [:]
        for page in pages where random.next(8) > 0 {
            let pageIDs = Set((0..<random.next(5)).map { _ in random.pick(ids) })
            let hrefs = (0..<random.next(40)).map { _ in (0..<(1 + random.next(3))).map { _ in random.pick(pieces) }.joined() }
            links[page] = (pageIDs, hrefs)
        }
        var files = Set(links.keys.filter { _ in random.next(6) > 0 })
        files.insert("assets/site.css")
        let found = LinkChecker.check(links: links, files: files)
        let expected = Self.reference(links: links, files: files)
        #expect(found == expected)
        let (first, last) = LinkChecker.halves(of: links)
        #expect(Array(first + last) == links.keys.sorted())
        #expect(LinkChecker.check(links: links, files: files, pages: first) + LinkChecker.check(links: links, files: files, pages: last) == expected,
                "checked in two runs, one on each lane, the findings are the same")
        #expect(!expected.isEmpty, "the site has broken links to find")
    }
}
