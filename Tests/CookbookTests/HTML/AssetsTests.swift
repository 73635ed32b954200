import Foundation
import Testing
@testable import Cookbook
import Highlight

/// The stylesheet and the script.
@Suite struct AssetsTests {
    /// The custom properties (`--name: #hex;`) declared in the block that starts at `marker`.
    func colours(in css: String, block marker: String) throws -> [String: String] {
        let start = try #require(css.range(of: marker))
        let rest = css[start.upperBound...]
        let end = try #require(rest.range(of: "}"))
        var result: [String: String] = [:]
        for line in rest[..<end.lowerBound].split(separator: ";") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if parts.count == 2, parts[0].hasPrefix("--"), parts[1].hasPrefix("#") { result[parts[0]] = parts[1] }
        }
        return result
    }

    /// WCAG relative luminance of a `#rrggbb` colour.
    func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        func channel(_ c: Int) -> Double {
            let s = Double(c) / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(value >> 16 & 0xFF) + 0.7152 * channel(value >> 8 & 0xFF) + 0.0722 * channel(value & 0xFF)
    }

    /// The WCAG contrast ratio of two colours.
    func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Text, links and every token colour meet WCAG AA (4.5:1) in both themes.
    @Test(arguments: [":root {", "@media (prefers-color-scheme: dark) {\n  :root {"])
    func coloursMeetWCAGAAContrast(block: String) throws {
        let c = try colours(in: Assets.css, block: block)
        let pairs: [(String, String)] = [
            ("--text", "--bg"), ("--text", "--bg-elevated"), ("--text-secondary", "--bg"), ("--text-secondary", "--bg-elevated"),
            ("--link", "--bg"), ("--link", "--bg-elevated"), ("--code-text", "--code-bg"),
            ("--ok-text", "--ok-bg"), ("--error-text", "--error-bg"), ("--warning-text", "--warning-bg"), ("--note-text", "--note-bg"),
        ] + TokenKind.allCases.map { ("--tk-\($0.rawValue)", "--code-bg") }
        for (foreground, background) in pairs {
            let fg = try #require(c[foreground], "\(foreground) missing")
            let bg = try #require(c[background], "\(background) missing")
            #expect(contrast(fg, bg) >= 4.5, "\(foreground) \(fg) on \(background) \(bg): \(contrast(fg, bg))")
        }
    }

    /// The stylesheet styles every token class and has dark, narrow and print variants.
    @Test func stylesheetCoversTokensThemesPhonesAndPrint() {
        let css = Assets.css
        for kind in TokenKind.allCases {
            #expect(css.contains(".\(kind.cssClass) {"), "no rule for \(kind.cssClass)")
        }
        #expect(css.contains("@media (prefers-color-scheme: dark)"))
        #expect(css.contains("@media print"))
        #expect(css.contains("@media (max-width: 640px)"))
        #expect(css.contains(".copy-button") && css.contains("display: none !important"))
        #expect(css.contains("details::details-content"))
    }

    /// The stylesheet loads nothing: no imports, no web fonts, no remote URLs.
    @Test func stylesheetLoadsNothingFromTheNetwork() throws {
        let css = Assets.css
        #expect(!css.contains("@import"))
        #expect(!css.contains("@font-face"))
        let regex = try NSRegularExpression(pattern: #"url\(\s*"?([^")]*)"#)
        let ns = css as NSString
        for match in regex.matches(in: css, range: NSRange(location: 0, length: ns.length)) {
            #expect(ns.substring(with: match.range(at: 1)).hasPrefix("data:"))
        }
        #expect(css.filter { $0 == "{" }.count == css.filter { $0 == "}" }.count)
    }

    /// The script uses no network, no modules, and never writes HTML from data.
    @Test func scriptUsesNoNetworkNoModulesAndNoInnerHTML() {
        let js = Assets.javaScript
        for forbidden in ["fetch(", "XMLHttpRequest", "import ", "export ", "innerHTML", "outerHTML", "insertAdjacentHTML", "eval(", "document.write", "http://", "https://"] {
            #expect(!js.contains(forbidden), "script contains \(forbidden)")
        }
        #expect(js.contains("window.PUSHBOOK_SEARCH_INDEX"))
        #expect(js.contains("'search-results'") && js.contains("'search-input'"))
        #expect(js.contains("'Copy code'"))
        #expect(js.contains("textContent"))
        #expect(js.filter { $0 == "{" }.count == js.filter { $0 == "}" }.count)
        #expect(js.filter { $0 == "(" }.count == js.filter { $0 == ")" }.count)
    }

    /// Assets are listed under the paths the layout links to.
    @Test func assetPathsMatchTheLayout() {
        let page = PageLayout.render(title: "x", description: "", root: "", current: "recipes", main: "")
        #expect(Assets.files.map(\.path) == ["assets/pushbook.css", "assets/pushbook.js"])
        #expect(page.contains("href=\"\(Assets.cssPath)\""))
        #expect(page.contains("src=\"\(Assets.javaScriptPath)\""))
    }
}
