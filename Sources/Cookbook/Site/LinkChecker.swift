import Foundation
import Payloads
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        var html = html
        return html.withUTF8(links(inBytes:))
    }

    /// `links(in:)` of the page whose UTF-8 bytes are `bytes`, read as they are (what
    /// `String(decoding:as:)` would repair is repaired in each value: no ASCII byte is ever part of
    /// a sequence it repairs, so the tags and quotes are the same).
    static func links(inBytes bytes: UnsafeBufferPointer<UInt8>) -> (ids: Set<String>, hrefs: [String]) {
        let values = attributeValues(["id", "href", "src"], inBytes: bytes, skipping: ["href", "src"])
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
    static func check(links: [String: (ids: Set<String>, hrefs: [String])], files: Set<String>) -> [Broken] {
        check(links: links, files: files, pages: links.keys.sorted()[...])
    }

    /// The paths of `links` in order, cut in two runs of about as many links each: checked one run
    /// on each lane and put end to end, they find what `check(links:files:)` finds.
    static func halves(of links: [String: (ids: Set<String>, hrefs: [String])]) -> (ArraySlice<String>, ArraySlice<String>) {
        let paths = links.keys.sorted()
        let total = paths.reduce(0) { $0 + (links[$1]?.hrefs.count ?? 0) }
        var cut = 0, sum = 0
        while cut < paths.count && 2 * sum < total {
            sum += links[paths[cut]]?.hrefs.count ?? 0
            cut += 1
        }
        return (paths[..<cut], paths[cut...])
    }

    /// The broken links of the pages `pages` (paths of `links`, in path order), as
    /// `check(links:files:)` finds them: the links of every page are the targets' anchors.
    ///
    /// A link of ASCII alone (every link the site writes) is read byte by byte: for such text a byte
    /// is a character (`\r\n` aside, which is neither `#`, `?`, `/` nor `.`), so it splits as the
    /// characters do; any other link goes the way of characters (`problem(ofText:)`). Pages of one
    /// folder share most links (the stylesheet, the index, the neighbours): each folder's resolution
    /// of a file part, and what the site has at the file it resolves to, is worked out once.
    static func check(links: [String: (ids: Set<String>, hrefs: [String])], files: Set<String>, pages: ArraySlice<String>) -> [Broken] {
        var broken: [Broken] = []
        var resolvedIn: [String: [String: Target?]] = [:]
        for path in pages {
            guard let page = links[path] else { continue }
            let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
            // Taken out while in use, so adding to it copies nothing.
            var resolutions = resolvedIn.removeValue(forKey: directory) ?? [:]
            defer { resolvedIn[directory] = resolutions }
            let site = Site(page: Target(path: path, isFile: files.contains(path), ids: page.ids), directory: directory, links: links, files: files)
            for href in page.hrefs {
                let found = href.utf8.withContiguousStorageIfAvailable { site.problem(ofASCII: $0, resolutions: &resolutions) } ?? .notASCII
                let reason: String?
                switch found {
                case .fine: reason = nil
                case .broken(let why): reason = why
                case .notASCII: reason = site.problem(ofText: href, resolutions: &resolutions)
                }
                if let reason { broken.append(Broken(page: path, href: href, reason: reason)) }
            }
        }
        return broken
    }

    /// What the check found of a link read as bytes.
    private enum Finding {
        /// It leads to a file of the site and, if it names one, to an anchor of the page.
        case fine
        /// It is broken, for this reason.
        case broken(String)
        /// It is not ASCII: it is to be read as characters.
        case notASCII
    }

    /// A path a link resolves to, and what the site has there.
    private struct Target {
        /// The path in the site.
        var path: String
        /// True when it is one of the site's files.
        var isFile: Bool
        /// Its anchors, when it is a page.
        var ids: Set<String>?
    }

    /// The page whose links are checked, and the site it is checked against.
    private struct Site {
        /// The page.
        var page: Target
        /// Its folder (empty at the root).
        var directory: String
        /// Every page's anchors and links.
        var links: [String: (ids: Set<String>, hrefs: [String])]
        /// The site's files.
        var files: Set<String>

        /// The target of the file part `rawFile` (as written, not empty) of a link of this page, or nil
        /// when it climbs out, from `resolutions` when this folder resolved it before.
        func target(of rawFile: String, resolutions: inout [String: Target?]) -> Target? {
            if let known = resolutions[rawFile] { return known }
            // A browser percent-decodes the path before it opens the file (file:// and servers alike).
            let filePart = LinkChecker.percentDecoded(rawFile)
            if filePart.isEmpty { return page }
            let target = normalise(directory, filePart).map { Target(path: $0, isFile: files.contains($0), ids: links[$0]?.ids) }
            resolutions[rawFile] = .some(target)
            return target
        }

        /// What the link `href` (its UTF-8 bytes) finds, as `problem(ofText:)` would find it.
        func problem(ofASCII href: UnsafeBufferPointer<UInt8>, resolutions: inout [String: Target?]) -> Finding {
            var hash = href.count, fileEnd = href.count, fragmentHasEquals = false
            for (index, byte) in href.enumerated() {
                if byte >= 0x80 { return .notASCII }
                if byte == UInt8(ascii: "#") && hash == href.count {
                    hash = index
                    if fileEnd > index { fileEnd = index }
                } else if byte == UInt8(ascii: "?") && fileEnd == href.count && hash == href.count {
                    fileEnd = index
                } else if byte == UInt8(ascii: "=") && hash < index {
                    fragmentHasEquals = true
                }
            }
            if isOutside(href) { return .fine }
            if href.first == UInt8(ascii: "/") { return .broken("links must be relative") }
            var target = page
            if fileEnd > 0 {
                guard let resolved = self.target(of: String(decoding: UnsafeBufferPointer(rebasing: href[..<fileEnd]), as: UTF8.self),
                                                 resolutions: &resolutions) else { return .broken("it climbs out of the site's root folder") }
                target = resolved
            }
            guard target.isFile else { return .broken("no file '\(target.path)' in the site") }
            guard hash + 1 < href.count, !fragmentHasEquals else { return .fine }
            let fragment = String(decoding: UnsafeBufferPointer(rebasing: href[(hash + 1)...]), as: UTF8.self)
            return anchorProblem(fragment, target: target.path, ids: target.ids).map { .broken($0) } ?? .fine
        }

        /// Why the link `href` is broken, or nil, reading it as characters (a link that is not ASCII).
        func problem(ofText href: String, resolutions: inout [String: Target?]) -> String? {
            if href.utf8.withContiguousStorageIfAvailable(isOutside) ?? Array(href.utf8).withUnsafeBufferPointer(isOutside) { return nil }
            if href.hasPrefix("//") || href.hasPrefix("/") { return "links must be relative" }
            let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let rawFile = parts[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard let target = rawFile.isEmpty ? page : self.target(of: rawFile, resolutions: &resolutions) else {
                return "it climbs out of the site's root folder"
            }
            guard target.isFile else { return "no file '\(target.path)' in the site" }
            guard parts.count == 2 else { return nil }
            return anchorProblem(parts[1], target: target.path, ids: target.ids)
        }
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
        var html = html
        return html.withUTF8 { attributeValues(names, inBytes: $0, skipping: skipping) }
    }

    /// `attributeValues(_:in:skipping:)` of the page whose UTF-8 bytes are `buffer`.
    static func attributeValues(_ names: [String], inBytes buffer: UnsafeBufferPointer<UInt8>, skipping: Set<String> = []) -> [String: [String]] {
        let patterns = names.map { (name: $0, bytes: Array(" \($0)=\"".utf8), skipsOutside: skipping.contains($0)) }
        var values: [String: [String]] = [:]
        // The page's own bytes (no copy), searched with memchr: a page is mostly text between tags
        // and the long values of `data:` images, which only the next `<`, `>` or `"` ends.
        do {
            guard let base = buffer.baseAddress else { return values }
            let count = buffer.count
            /// The index of the first `byte` in `from..<end`, or `end`.
            func first(_ byte: UInt8, from: Int, to end: Int) -> Int {
                guard from < end, let found = memchr(base + from, Int32(byte), end - from) else { return end }
                return UnsafeRawPointer(found) - UnsafeRawPointer(base)
            }
            var index = first(UInt8(ascii: "<"), from: 0, to: count)
            while index < count {
                let close = first(UInt8(ascii: ">"), from: index + 1, to: count)
                var cursor = first(UInt8(ascii: " "), from: index + 1, to: close)
                while cursor < close {
                    for pattern in patterns where cursor + pattern.bytes.count <= close {
                        var equal = true
                        for offset in 1..<pattern.bytes.count where buffer[cursor + offset] != pattern.bytes[offset] {
                            equal = false
                            break
                        }
                        guard equal else { continue }
                        let valueStart = cursor + pattern.bytes.count
                        let valueEnd = first(UInt8(ascii: "\""), from: valueStart, to: close)
                        guard valueEnd < close else { break }
                        let slice = UnsafeBufferPointer(rebasing: buffer[valueStart..<valueEnd])
                        cursor = valueEnd
                        // An escaped value never begins with a prefix it does not begin with as written.
                        if pattern.skipsOutside && isOutside(slice) { break }
                        // A byte test: Foundation's String.contains goes through NSString.
                        values[pattern.name, default: []].append(slice.contains(UInt8(ascii: "&")) ? HTML.unescape(slice) : String(decoding: slice, as: UTF8.self))
                        break
                    }
                    // Past the space, or past the value's closing quote.
                    cursor = first(UInt8(ascii: " "), from: cursor + 1, to: close)
                }
                index = first(UInt8(ascii: "<"), from: close + 1, to: count)
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

    /// `file` (percent-decoded) in `directory`, without `.` and `..` parts; nil when a `..` climbs
    /// above the site's root. ASCII is worked on as bytes, which split as its characters do.
    fileprivate static func normalise(_ directory: String, _ file: String) -> String? {
        let joined = directory.isEmpty ? file : directory + "/" + file
        if let ascii = joined.utf8.withContiguousStorageIfAvailable(normaliseASCII), let result = ascii { return result }
        return normalise(joined)
    }

    /// `path` (its UTF-8 bytes) normalised as `normalise(_:)` does: nil when it is not ASCII, else
    /// the path, or nil when it climbs out.
    private static func normaliseASCII(_ path: UnsafeBufferPointer<UInt8>) -> String?? {
        guard !path.contains(where: { $0 >= 0x80 }) else { return .none }
        var out: [UInt8] = [], starts: [Int] = []
        out.reserveCapacity(path.count)
        var start = 0
        for end in 0...path.count where end == path.count || path[end] == UInt8(ascii: "/") {
            defer { start = end + 1 }
            let part = UnsafeBufferPointer(rebasing: path[start..<end])
            if part.isEmpty || (part.count == 1 && part[0] == UInt8(ascii: ".")) { continue }
            if part.count == 2 && part[0] == UInt8(ascii: ".") && part[1] == UInt8(ascii: ".") {
                guard let last = starts.popLast() else { return .some(nil) }
                out.removeSubrange(max(last - 1, 0)...)
                continue
            }
            if !out.isEmpty { out.append(UInt8(ascii: "/")) }
            starts.append(out.count)
            out.append(contentsOf: part)
        }
        return .some(String(decoding: out, as: UTF8.self))
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
