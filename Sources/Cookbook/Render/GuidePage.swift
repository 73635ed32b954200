/// A page of prose that is not a recipe (the "Send it to a device" guide): Markdown through cmark, code
/// highlighted at build time, headings with anchors and an "On this page" list, and search entries per section.
struct GuidePage {
    /// The page's path relative to the site root, e.g. `send-to-a-device.html`.
    var path: String
    /// The title.
    var title: String
    /// The one-line description.
    var summary: String
    /// The Markdown.
    var markdown: String

    /// The "Send it to a device" guide, from its embedded Markdown.
    static let sendToADevice = GuidePage(
        path: "send-to-a-device.html", title: "Send it to a device",
        summary: "The tokens, keys and servers behind every example's commands: sandbox or production, device and FCM tokens, the APNs JWT, the FCM access token, and what Xcode's Simulator shows.",
        markdown: String(decoding: PackageResources.send_to_a_device_md, as: UTF8.self))

    /// The rendered page.
    struct Output {
        /// The page's HTML.
        var html: String
        /// Search entries, one per section.
        var search: [SearchEntry]
    }

    /// Renders the page.
    func render() -> Output {
        var slugger = Slugger(reserved: PageLayout.reservedIDs)
        var toc: [(id: String, title: String, level: Int)] = []
        var ids: [Int: (id: String, title: String)] = [:]
        let document = MarkdownDocument.render(markdown, codeBlock: { block in
            let language = block.info.split(separator: " ").first.map(String.init) ?? "text"
            return CodePanel.render(code: block.literal, language: language)
        }, heading: { heading in
            let id = slugger.slug(heading.text)
            ids[heading.line] = (id, heading.text)
            if heading.level >= 2 && heading.level <= 3 { toc.append((id, heading.text, heading.level)) }
            return "<h\(heading.level) id=\"\(HTML.escapeAttribute(id))\">\(heading.innerHTML) <a class=\"anchor\" href=\"#\(HTML.escapeAttribute(id))\" aria-label=\"Link to this section\">#</a></h\(heading.level)>"
        })
        let lead = "<header class=\"recipe-header\">\n<p class=\"recipe-topic\">Guide</p>\n<h1>\(HTML.escapeText(title))</h1>\n<p class=\"recipe-summary\">\(HTML.escapeText(summary))</p>\n</header>\n"
        let main = "<article class=\"recipe guide\">\n" + document.html + "</article>\n"
        var search: [SearchEntry] = []
        for section in document.sections {
            let anchor = section.headingLine.flatMap { ids[$0] }
            search.append(.init(url: path + (anchor.map { "#" + $0.id } ?? ""), title: title, section: anchor?.title ?? summary,
                                text: section.text, kind: .guide))
        }
        let html = PageLayout.render(title: title, description: summary, root: "", current: "guide", lead: lead, main: main, toc: toc)
        return Output(html: html, search: search)
    }
}
