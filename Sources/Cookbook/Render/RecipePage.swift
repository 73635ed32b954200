import Foundation
import Payloads

/// A recipe's page: its prose through cmark, with included code, example panels, what the app
/// needs, its sources, a table of contents and links to the previous and next recipes.
struct RecipePage {
    /// The recipe.
    var recipe: Recipe
    /// Its examples' results, by example id.
    var results: [String: ExampleResult]
    /// The recipe before this one in the index, if any.
    var previous: RecipeLink?
    /// The recipe after this one, if any.
    var next: RecipeLink?

    /// The rendered page.
    struct Output {
        /// The page's HTML.
        var html: String
        /// Files to write beside it (path relative to the site root → text).
        var downloads: [String: String]
        /// Search entries.
        var search: [SearchEntry]
        /// Problems in the recipe's Markdown or includes.
        var diagnostics: [Diagnostic]
        /// Image files of the recipe its prose embeds: site path → path in the recipe folder.
        var images: [String: String] = [:]
        /// The view of each example that ran, by example id (made once per page).
        var views: [String: ExampleView] = [:]
    }

    /// The page's path relative to the site root.
    var path: String { Self.path(of: recipe.id) }

    /// The path of recipe `id`'s page relative to the site root: the one place it is decided.
    static func path(of id: String) -> String { "recipes/\(id).html" }

    /// Renders the page.
    func render() -> Output {
        var diagnostics: [Diagnostic] = []
        var downloads: [String: String] = [:]
        var toc: [(id: String, title: String, level: Int, line: Int)] = []
        var search: [SearchEntry] = []
        var slugger = Slugger(reserved: PageLayout.reservedIDs + ["requirements", IntoXcodeBox.anchor, "sources"] + recipe.examples.map { "example-\($0.id)" } + recipe.examples.map { "example-\($0.id)-title" })
        var shownExamples: [String: Int] = [:]
        var shownSwiftFiles: Set<String> = []   // the first block from a file shows its imports
        var headingIDs: [Int: (id: String, title: String)] = [:]
        let file = recipe.markdownPath
        var images = ProseImages(recipe: recipe)
        // Each example's view is made once, and so is the working example every panel compares with.
        let views = results.compactMapValues { result in result.outcome.map { ExampleView($0, verification: result.verification) } }
        let working = working(in: views)
        let document = MarkdownDocument.render(recipe.markdown, image: { images.resolve($0) }, codeBlock: { block in
            let words = block.info.split(separator: " ").map(String.init)
            let location = SourceLocation(line: block.line + recipe.markdownLine - 1, column: block.column)
            switch words.first {
            case "include"?:
                do throws(Diagnostic) {
                    let include = try RecipeInclude.parse(words.dropFirst(), file: file, location: location)
                    // The loader read the file (RecipeFiles.includes); rendering reads none.
                    let text: String
                    switch recipe.files.includes[include.path] {
                    case .text(let included)?:
                        text = included
                    case .outside?:
                        throw Diagnostic(file: file, location: location, breaking: .outsideFolder, "'\(include.path)' is outside the recipe's folder")
                    case .notUTF8?:
                        throw Diagnostic(file: file, location: location, breaking: .include, "'\(include.path)' is not valid UTF-8 text")
                    case .unreadable?, nil:
                        throw Diagnostic(file: file, location: location, breaking: .include, "cannot read '\(include.path)' (paths are relative to the recipe's folder)")
                    }
                    let language = include.language ?? Self.language(forExtension: (include.path as NSString).pathExtension)
                    let code = language == "swift"
                        ? try Snippet.extract(from: text, region: include.region, file: "\(recipe.displayPath)/\(include.path)",
                                              withImports: shownSwiftFiles.insert(include.path).inserted, includedAt: (file, location)).code
                        : text
                    let id = slugger.slug("code " + include.path + " " + (include.region ?? ""))
                    let caption = include.path + (include.region.map { " — \($0)" } ?? "")
                    search.append(.init(url: path + "#" + id, title: recipe.title, section: caption, text: Self.identifiers(in: code), kind: .code))
                    return CodePanel.render(code: code, language: language, caption: caption, id: id)
                } catch {
                    diagnostics.append(error)
                    return "<p class=\"verdict verdict-error\">\(HTML.escapeText(error.text))</p>"
                }
            case "example"?:
                guard words.count == 2, let result = results[words[1]] else {
                    diagnostics.append(Diagnostic(file: file, location: location, breaking: .exampleBlock, words.count == 2 ? "no example '\(words[1])' (examples: \(recipe.examples.map(\.id).joined(separator: ", ")))" : "write 'example NAME'"))
                    return ""
                }
                if let first = shownExamples[words[1]] {
                    diagnostics.append(Diagnostic(file: file, location: location, breaking: .exampleBlock, "example '\(words[1])' is already shown on line \(first); show each example once (its anchor must be unique)"))
                    return ""
                }
                shownExamples[words[1]] = location.line
                let panel = ExamplePanel(recipe: recipe, result: result, view: views[words[1]], working: working)
                downloads.merge(panel.downloads) { a, _ in a }
                search.append(panel.searchEntry(page: path))
                toc.append((panel.anchor, "Example: \(words[1])", 3, block.line))
                return panel.render()
            default:
                let language = words.first ?? ""
                return CodePanel.render(code: block.literal, language: language.isEmpty ? "text" : language)
            }
        }, heading: { heading in
            let id = slugger.slug(heading.text)
            headingIDs[heading.line] = (id, heading.text)
            if heading.level >= 2 && heading.level <= 3 { toc.append((id, heading.text, heading.level, heading.line)) }
            return "<h\(heading.level) id=\"\(HTML.escapeAttribute(id))\">\(heading.innerHTML) <a class=\"anchor\" href=\"#\(HTML.escapeAttribute(id))\" aria-label=\"Link to this section\">#</a></h\(heading.level)>"
        })

        var lead = "<header class=\"recipe-header\">\n<p class=\"recipe-topic\">\(HTML.escapeText(recipe.topic))</p>\n"
        lead += "<h1>\(HTML.escapeText(recipe.title))</h1>\n<p class=\"recipe-summary\">\(Self.inline(recipe.summary))</p>\n"
        if !recipe.tags.isEmpty { lead += IndexPage.tagList(recipe.tags, root: "../") }
        lead += "</header>\n"
        var main = "<article class=\"recipe\">\n"
        main += needsBox()
        let xcode = IntoXcodeBox.make(for: recipe, diagnostics: &diagnostics)
        main += xcode.render()
        downloads.merge(xcode.downloads) { a, _ in a }
        main += document.html
        for example in recipe.examples where shownExamples[example.id] == nil {
            guard let result = results[example.id] else { continue }
            let panel = ExamplePanel(recipe: recipe, result: result, view: views[example.id], working: working)
            downloads.merge(panel.downloads) { a, _ in a }
            search.append(panel.searchEntry(page: path))
            toc.append((panel.anchor, "Example: \(example.id)", 3, Int.max))
            main += panel.render()
        }
        main += sourcesList()
        main += pager()
        main += "</article>\n"
        toc.sort { $0.line < $1.line }
        toc.insert(("requirements", "Requirements", 2, 0), at: 0)
        toc.insert((IntoXcodeBox.anchor, "Into Xcode", 2, 0), at: 1)
        toc.append(("sources", "Sources", 2, Int.max))
        var entries: [SearchEntry] = [
            .init(url: path, title: recipe.title, section: recipe.topic, text: ([recipe.summary] + recipe.tags).joined(separator: "\n"), kind: .recipe),
            .init(url: path + "#requirements", title: recipe.title, section: "Requirements",
                  text: recipe.needs.isEmpty ? "Nothing beyond a Notification Service Extension target." : recipe.needs.joined(separator: "\n"), kind: .section),
        ]
        for section in document.sections {
            let anchor = section.headingLine.flatMap { headingIDs[$0] }
            entries.append(.init(url: path + (anchor.map { "#" + $0.id } ?? ""), title: recipe.title, section: anchor?.title ?? "Introduction",
                                 text: section.text, kind: .section))
        }
        entries.append(.init(url: path + "#sources", title: recipe.title, section: "Sources", text: recipe.sources.joined(separator: "\n"), kind: .section))
        search = entries + search
        let html = PageLayout.render(title: recipe.title, description: recipe.summary, root: "../", current: "recipes", lead: lead, main: main,
                                     toc: toc.map { ($0.id, $0.title, $0.level) })
        return Output(html: html, downloads: downloads, search: search, diagnostics: diagnostics + images.diagnostics, images: images.files, views: views)
    }

    /// The recipe's first working example (in the order the front matter lists them): what a failing
    /// example's payload is compared with.
    private func working(in views: [String: ExampleView]) -> (name: String, view: ExampleView)? {
        for example in recipe.examples {
            guard let view = views[example.id] else { continue }
            if view.isWorking { return (example.id, view) }
        }
        return nil
    }

    private func needsBox() -> String {
        var html = "<section class=\"needs\" aria-labelledby=\"requirements\">\n<h2 id=\"requirements\">Requirements</h2>\n"
        if recipe.needs.isEmpty {
            html += "<p>Nothing beyond a Notification Service Extension target.</p>\n"
        } else {
            html += "<ul>\n" + recipe.needs.map { "<li>\(Self.inline($0))</li>\n" }.joined() + "</ul>\n"
        }
        return html + "</section>\n"
    }

    private func sourcesList() -> String {
        var html = "<section class=\"sources\" aria-labelledby=\"sources\">\n<h2 id=\"sources\">Sources</h2>\n<ul>\n"
        for source in recipe.sources {
            html += "<li>\(source.contains("https://") && !source.contains("`") ? RulesPage.sourceHTML(source) : Self.inline(source))</li>\n"
        }
        html += "<li>Every behaviour of Pushbook's device model cites its source on the <a href=\"../rules.html\">rules page</a>.</li>\n"
        html += "<li class=\"preview-source-item\">\(HTML.escapeText(NotificationPreview.sourceNote))</li>\n"
        return html + "</ul>\n</section>\n"
    }

    private func pager() -> String {
        var html = "<nav class=\"pager\" aria-label=\"Previous and next recipes\">\n"
        if let previous { html += "<a class=\"pager-prev\" rel=\"prev\" href=\"\(HTML.escapeAttribute(previous.id)).html\">← \(HTML.escapeText(previous.title))</a>\n" }
        if let next { html += "<a class=\"pager-next\" rel=\"next\" href=\"\(HTML.escapeAttribute(next.id)).html\">\(HTML.escapeText(next.title)) →</a>\n" }
        return html + "</nav>\n"
    }

    /// Escaped text where `code` spans become `<code>` and https URLs become links.
    static func inline(_ text: String, links: Bool = true) -> String {
        var html = ""
        // ASCII text split at its backtick bytes gives the parts a split at backtick characters
        // gives (every ASCII character is one byte; "\r\n", one character, holds no backtick), without
        // the grapheme breaking a Character split costs for every card and page.
        let parts = text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy { $0 < 0x80 } }) == true
            ? text.utf8.split(separator: UInt8(ascii: "`"), omittingEmptySubsequences: false).map { Substring($0) }
            : text.split(separator: "`", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            if index % 2 == 1 { html += "<code>\(HTML.escapeText(String(part)))</code>"; continue }
            // Without a link, the words escaped one by one and joined by spaces are the part escaped whole.
            guard links, part.utf8.firstRange(of: "https://".utf8) != nil else { html += HTML.escapeText(String(part)); continue }
            let words = part.split(separator: " ", omittingEmptySubsequences: false)
            html += words.map { word -> String in
                let w = String(word)
                if links, w.hasPrefix("https://") {
                    return "<a href=\"\(HTML.escapeAttribute(w))\">\(HTML.escapeText(w))</a>"
                }
                return HTML.escapeText(w)
            }.joined(separator: " ")
        }
        return html
    }

    private static func isLetterByte(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func isWordByte(_ byte: UInt8) -> Bool { isLetterByte(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F }

    /// The highlighter's language for a file extension.
    static func language(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "swift": "swift"
        case "json", "apns": "json"
        case "plist", "entitlements", "xml": "xml"
        case "sh": "shell"
        case "dart": "dart"
        case "py": "python"
        default: "text"
        }
    }

    /// Words of XML and property-list boilerplate that say nothing about a recipe.
    static let boilerplate: Set<String> = ["xml", "version", "encoding", "UTF", "DOCTYPE", "plist", "PUBLIC", "Apple", "DTD", "PLIST",
                                           "http", "www", "apple", "com", "DTDs", "PropertyList", "dtd", "dict", "key", "string", "array", "true", "false"]

    /// The identifiers of a piece of code, for search (XML and plist boilerplate left out).
    static func identifiers(in code: String) -> String {
        var seen = boilerplate, words: [String] = []
        // ASCII code (nearly all of it) is scanned as bytes: there a Character is one byte, a letter is
        // A-Z or a-z and a number 0-9, exactly as `Character` decides below.
        if code.utf8.allSatisfy({ $0 < 0x80 }) {
            var utf8 = code
            utf8.withUTF8 { bytes in
                var start = 0
                for index in 0...bytes.count {
                    let byte = index < bytes.count ? bytes[index] : 0x20
                    if Self.isWordByte(byte) { continue }
                    if index - start > 2, Self.isLetterByte(bytes[start]) {
                        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                        if seen.insert(word).inserted { words.append(word) }
                    }
                    start = index + 1
                }
            }
            return words.joined(separator: " ")
        }
        var current = ""
        for ch in code + " " {
            if ch.isLetter || ch.isNumber || ch == "_" { current.append(ch); continue }
            if current.count > 2, current.first?.isLetter == true, seen.insert(current).inserted { words.append(current) }
            current = ""
        }
        return words.joined(separator: " ")
    }
}
