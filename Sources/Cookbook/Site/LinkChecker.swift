import Foundation
import Payloads

/// Checks every relative link and anchor of the generated site before it is swapped in.
struct LinkChecker: Sendable {
    /// A broken link.
    struct Broken: Sendable, Equatable {
        /// The page holding the link.
        var page: String
        /// The link.
        var href: String
        /// Why it is broken.
        var reason: String
        /// The finding, naming the page inside the site folder `site` (as messages name it).
        func diagnostic(site: String) -> Diagnostic {
            Diagnostic(file: "\(site)/\(page)", breaking: .brokenLink, "broken link '\(href)': \(reason)")
        }
    }

    /// Checks `pages` (path relative to the site root → HTML) against the files `files` holds.
    static func check(pages: [String: String], files: Set<String>) -> [Broken] {
        check(links: pages.mapValues(links(in:)), files: files)
    }

    /// A page's anchors and the targets of its links and sources, but for the targets `check`
    /// never looks at (see `isOutside`): a page's `data:` images alone are most of its link bytes,
    /// and every page's links are held until the whole site is checked.
    static func links(in html: String) -> (ids: Set<String>, hrefs: [String]) {
        let values = attributeValues(["id", "href", "src"], in: html, skipping: ["href", "src"])
        return (Set(values["id"] ?? []), (values["href"] ?? []) + (values["src"] ?? []))
    }

    /// The prefixes of the targets that are not in the site: data, mail and web addresses.
    private static let outsidePrefixes = ["data:", "mailto:", "http://", "https://"].map { Array($0.utf8) }

    /// True when `target` (as written) begins with one of `outsidePrefixes`.
    private static func isOutside(_ target: UnsafeBufferPointer<UInt8>) -> Bool {
        outsidePrefixes.contains { target.count >= $0.count && target.prefix($0.count).elementsEqual($0) }
    }

    /// Checks each page's links against the ids and files found, page by page in path order, each
    /// page's links in their order.
    ///
    /// What a link that leaves its page finds depends only on its folder, the link and the site, so
    /// it is worked out once per folder (pages of one folder share most links: the stylesheet, the
    /// index, the rules page's anchors); a link to its own page (`#…`, or an empty path) is looked up
    /// in that page's anchors each time.
    static func check(links: [String: (ids: Set<String>, hrefs: [String])], files: Set<String>) -> [Broken] {
        var broken: [Broken] = []
        var outcomesIn: [String: Outcomes] = [:]
        for (path, page) in links.sorted(by: { $0.key < $1.key }) {
            let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
            // Taken out while in use, so adding to it copies nothing.
            var outcomes = outcomesIn.removeValue(forKey: directory) ?? Outcomes()
            defer { outcomesIn[directory] = outcomes }
            let isFile = files.contains(path)
            for href in page.hrefs {
                // As `problem` splits it: the first character is `#` (a `#` that a combining mark follows is not).
                if href.first == "#" {
                    if let reason = isFile ? anchorProblem(String(href.dropFirst()), target: path, ids: page.ids) : "no file '\(path)' in the site" {
                        broken.append(Broken(page: path, href: href, reason: reason))
                    }
                    continue
                }
                if let known = outcomes.byHref[href] {
                    if let reason = known { broken.append(Broken(page: path, href: href, reason: reason)) }
                    continue
                }
                let (reason, ownPage) = problem(of: href, on: path, directory: directory, ids: page.ids, links: links, files: files,
                                                resolutions: &outcomes.resolutions)
                if !ownPage { outcomes.byHref[href] = .some(reason) }
                if let reason { broken.append(Broken(page: path, href: href, reason: reason)) }
            }
        }
        return broken
    }

    /// What the links of one folder's pages were found to be: by link, why it is broken (nil when
    /// it is not), and by path as written, the file it resolves to (nil: it climbs out).
    private struct Outcomes {
        var byHref: [String: String?] = [:]
        var resolutions: [String: String?] = [:]
    }

    /// Why the link `href` of the page `path` (in `directory`) is broken, or nil, and whether it
    /// named its own page (so that what it found holds for this page alone).
    private static func problem(of href: String, on path: String, directory: String, ids: Set<String>,
                                links: [String: (ids: Set<String>, hrefs: [String])], files: Set<String>,
                                resolutions: inout [String: String?]) -> (reason: String?, ownPage: Bool) {
        if href.utf8.withContiguousStorageIfAvailable(isOutside) ?? Array(href.utf8).withUnsafeBufferPointer(isOutside) { return (nil, false) }
        if href.hasPrefix("//") || href.hasPrefix("/") { return ("links must be relative", false) }
        let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        // A browser percent-decodes the path before it opens the file (file:// and servers alike).
        let rawFile = parts[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let resolved: String?
        var ownPage = false
        if rawFile.isEmpty {
            resolved = path
            ownPage = true
        } else if let known = resolutions[rawFile] {
            resolved = known
        } else {
            let filePart = Self.percentDecoded(rawFile)
            if filePart.isEmpty {
                resolved = path
                ownPage = true
            } else {
                resolved = normalise(directory.isEmpty ? filePart : directory + "/" + filePart)
                resolutions[rawFile] = .some(resolved)
            }
        }
        guard let target = resolved else { return ("it climbs out of the site's root folder", ownPage) }
        guard files.contains(target) else { return ("no file '\(target)' in the site", ownPage) }
        guard parts.count == 2 else { return (nil, ownPage) }
        return (anchorProblem(parts[1], target: target, ids: ownPage ? ids : links[target]?.ids), ownPage)
    }

    /// Why the fragment `fragment` names no anchor of `target` (whose ids are `ids`, nil when it is
    /// not a page), or nil. The HTML standard's order: the fragment as written, then percent-decoded.
    /// A fragment of parameters (`#payload=…`, read by the playground's script) names no anchor.
    private static func anchorProblem(_ fragment: String, target: String, ids: Set<String>?) -> String? {
        guard !fragment.isEmpty, !fragment.utf8.contains(UInt8(ascii: "=")), let ids, !ids.contains(fragment),
              !ids.contains(Self.percentDecoded(fragment)) else { return nil }
        let decoded = (fragment.removingPercentEncoding ?? fragment).lowercased()
        let caseHint = ids.contains { $0.lowercased() == fragment.lowercased() || $0.lowercased() == decoded } ? " (an anchor differs only in case)" : ""
        return "no anchor '#\(fragment)' in '\(target)'\(caseHint)"
    }

    /// The decoded values of every `name="…"` attribute of the tags in `html`.
    ///
    /// Only the inside of tags is searched: text such as `<img src="x">` written in prose or code
    /// reaches the page escaped (`&lt;img src="x"&gt;`) and is not a link.
    static func attributeValues(_ name: String, in html: String) -> [String] {
        attributeValues([name], in: html)[name] ?? []
    }

    /// The decoded values of the attributes `names` (written `name="…"`) inside tags, in one pass
    /// over the page's bytes: escaped text such as `&lt;img src="…"&gt;` is not a tag.
    ///
    /// Values of the attributes `skipping` that begin with a prefix of `outsidePrefixes` are left out.
    static func attributeValues(_ names: [String], in html: String, skipping: Set<String> = []) -> [String: [String]] {
        let patterns = names.map { (name: $0, bytes: Array(" \($0)=\"".utf8), skipsOutside: skipping.contains($0)) }
        var values: [String: [String]] = [:]
        var bytes = Array(html.utf8)
        let count = bytes.count
        return bytes.withUnsafeMutableBufferPointer { buffer -> [String: [String]] in
            var index = 0
            while index < count {
                guard buffer[index] == UInt8(ascii: "<") else { index += 1; continue }
                var close = index + 1
                while close < count && buffer[close] != UInt8(ascii: ">") { close += 1 }
                var cursor = index + 1
                while cursor < close {
                    var matched = false
                    if buffer[cursor] == UInt8(ascii: " ") {
                        for pattern in patterns where cursor + pattern.bytes.count <= close {
                            var equal = true
                            for offset in 1..<pattern.bytes.count where buffer[cursor + offset] != pattern.bytes[offset] {
                                equal = false
                                break
                            }
                            guard equal else { continue }
                            let valueStart = cursor + pattern.bytes.count
                            var valueEnd = valueStart
                            while valueEnd < close && buffer[valueEnd] != UInt8(ascii: "\"") { valueEnd += 1 }
                            guard valueEnd < close else { break }
                            let slice = UnsafeBufferPointer(rebasing: buffer[valueStart..<valueEnd])
                            cursor = valueEnd
                            matched = true
                            // An escaped value never begins with a prefix it does not begin with as written.
                            if pattern.skipsOutside && isOutside(slice) { break }
                            // A byte test: Foundation's String.contains goes through NSString.
                            values[pattern.name, default: []].append(slice.contains(UInt8(ascii: "&")) ? HTML.unescape(slice) : String(decoding: slice, as: UTF8.self))
                            break
                        }
                    }
                    cursor += matched ? 0 : 1
                    if matched { cursor += 1 }
                }
                index = close + 1
            }
            return values
        }
    }

    /// `text` percent-decoded, as `removingPercentEncoding` gives it (itself when that fails); text
    /// without a `%` is returned as it is, without a trip through Foundation.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// `path` without `.` and `..` parts; nil when a `..` climbs above the site's root.
    private static func normalise(_ path: String) -> String? {
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
}
