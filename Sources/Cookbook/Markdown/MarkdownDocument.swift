import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Markdown rendered through libcmark, with fenced code blocks and headings rendered by us.
///
/// This is the only file that touches cmark. Prose keeps cmark's safe default (raw HTML is omitted,
/// dangerous URLs are dropped). Each fenced code block and heading is replaced by a
/// `CMARK_NODE_CUSTOM_BLOCK` whose HTML the caller supplies, already escaped; cmark writes it as is.
/// Every cmark allocation is freed with `defer`, and no cmark pointer leaves this file.
struct MarkdownDocument: Sendable {
    /// A fenced or indented code block.
    struct CodeBlock: Sendable, Equatable {
        /// The whole info string, for example `include file=Service.swift`.
        var info: String
        /// The block's text.
        var literal: String
        /// The 1-based line of the opening fence in the Markdown source.
        var line: Int
        /// The 1-based column of the opening fence.
        var column: Int
    }

    /// A heading.
    struct Heading: Sendable, Equatable {
        /// 1 to 6.
        var level: Int
        /// The plain text, for slugs and the table of contents.
        var text: String
        /// The inline content rendered to HTML by cmark (safe mode).
        var innerHTML: String
        /// The 1-based line in the Markdown source.
        var line: Int
    }

    /// The rendered HTML.
    var html: String
    /// The prose cut at each heading, for search entries that land on their section.
    var sections: [Section] = []

    /// The text from one heading (or the start) to the next, without the heading's own words.
    struct Section: Sendable, Equatable {
        /// The heading's line in the Markdown source; nil for the text before the first heading.
        var headingLine: Int?
        /// The section's text, its paragraphs, list items and code separated by newlines.
        var text: String
    }

    /// Renders `markdown`; `codeBlock` and `heading` return the HTML that replaces each block.
    /// An image in the prose (`![alt](url)`): its destination and where it starts in the Markdown.
    struct Image: Sendable, Equatable {
        /// The destination as written.
        var url: String
        /// The 1-based line in the Markdown source.
        var line: Int
        /// The 1-based column (in UTF-8 bytes).
        var column: Int
    }

    /// Renders `markdown`; `codeBlock` and `heading` return the HTML that replaces each block, and
    /// `image` the destination each image gets on the page (by default the one written).
    static func render(_ markdown: String, image: (Image) -> String = { $0.url }, codeBlock: (CodeBlock) -> String,
                       heading: (Heading) -> String) -> MarkdownDocument {
        let options = CMARK_OPT_VALIDATE_UTF8
        guard let document = parse(markdown, options: options) else { return MarkdownDocument(html: "") }
        defer { cmark_node_free(document) }

        var codeNodes: [OpaquePointer] = []
        var headingNodes: [OpaquePointer] = []
        var imageNodes: [OpaquePointer] = []
        var sections: [(line: Int?, parts: [String])] = [(nil, [])]
        var inHeading = false
        if let iterator = cmark_iter_new(document) {
            defer { cmark_iter_free(iterator) }
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                if event == CMARK_EVENT_EXIT, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_HEADING { inHeading = false }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
                switch cmark_node_get_type(node) {
                case CMARK_NODE_IMAGE:
                    imageNodes.append(node)
                case CMARK_NODE_CODE_BLOCK:
                    codeNodes.append(node)
                    sections[sections.count - 1].parts += ["\n", string(cmark_node_get_literal(node)), "\n"]
                case CMARK_NODE_HEADING:
                    headingNodes.append(node)
                    sections.append((Int(cmark_node_get_start_line(node)), []))
                    inHeading = true
                case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                    if !inHeading { sections[sections.count - 1].parts.append(string(cmark_node_get_literal(node))) }
                case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                    sections[sections.count - 1].parts.append(" ")
                case CMARK_NODE_PARAGRAPH, CMARK_NODE_ITEM:
                    sections[sections.count - 1].parts.append("\n")
                default: break
                }
            }
        }
        // Images first: a heading's HTML is rendered from its nodes below, images in it included.
        for node in imageNodes {
            let written = Image(url: string(cmark_node_get_url(node)), line: Int(cmark_node_get_start_line(node)),
                                column: Int(cmark_node_get_start_column(node)))
            let url = image(written)
            if url != written.url { _ = cmark_node_set_url(node, url) }
        }
        for node in codeNodes {
            let block = CodeBlock(info: string(cmark_node_get_fence_info(node)), literal: string(cmark_node_get_literal(node)),
                                  line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)))
            replace(node, with: codeBlock(block))
        }
        for node in headingNodes {
            let rendered = renderHTML(node, options: options)
            let inner = rendered.drop { $0 != ">" }.dropFirst()
            let trimmed = inner.hasSuffix("\n") ? inner.dropLast() : inner
            let closing = "</h\(cmark_node_get_heading_level(node))>"
            let innerHTML = trimmed.hasSuffix(closing) ? String(trimmed.dropLast(closing.count)) : String(trimmed)
            let item = Heading(level: Int(cmark_node_get_heading_level(node)), text: plainText(of: node), innerHTML: innerHTML,
                               line: Int(cmark_node_get_start_line(node)))
            replace(node, with: heading(item))
        }
        let cut = sections.map { section in
            Section(headingLine: section.line, text: searchText(section.parts.joined()))
        }.filter { $0.headingLine != nil || !$0.text.isEmpty }
        return MarkdownDocument(html: renderHTML(document, options: options), sections: cut)
    }

    /// `text` for search: each line's words (split on spaces and tabs) joined by one space, the lines
    /// that have words joined by newlines. ASCII text is scanned as bytes, where a Character is a
    /// byte except CR LF, one Character that neither splits lines nor words (so an LF after a CR is
    /// kept as text, as the Character split keeps it); any other text goes through Characters.
    static func searchText(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.split(separator: "\n").map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") }
                .filter { !$0.isEmpty }.joined(separator: "\n")
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var inLine = false, space = false, previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x0A && previous != 0x0D {
                inLine = false
                space = false
            } else if byte == 0x20 || byte == 0x09 {
                space = inLine
            } else {
                if !inLine {
                    if !out.isEmpty { out.append(0x0A) }
                    inLine = true
                } else if space {
                    out.append(0x20)
                }
                space = false
                out.append(byte)
            }
            previous = byte
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A link in the prose (`[text](url)`): its destination and where it starts in the Markdown.
    struct Link: Sendable, Equatable {
        /// The destination as cmark read it (entities and backslash escapes resolved).
        var url: String
        /// The 1-based line in the Markdown source.
        var line: Int
        /// The 1-based column (in UTF-8 bytes).
        var column: Int
    }

    /// The fenced code blocks, images and links of `markdown`, in document order, without rendering
    /// it: what the recipe loader reads to know which files the page needs, and where a link the
    /// site check finds broken was written.
    static func references(in markdown: String) -> (codeBlocks: [CodeBlock], images: [Image], links: [Link]) {
        guard let document = parse(markdown, options: CMARK_OPT_VALIDATE_UTF8) else { return ([], [], []) }
        defer { cmark_node_free(document) }
        var blocks: [CodeBlock] = []
        var images: [Image] = []
        var links: [Link] = []
        guard let iterator = cmark_iter_new(document) else { return ([], [], []) }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let line = Int(cmark_node_get_start_line(node)), column = Int(cmark_node_get_start_column(node))
            switch cmark_node_get_type(node) {
            case CMARK_NODE_CODE_BLOCK:
                blocks.append(CodeBlock(info: string(cmark_node_get_fence_info(node)), literal: string(cmark_node_get_literal(node)), line: line, column: column))
            case CMARK_NODE_IMAGE:
                images.append(Image(url: string(cmark_node_get_url(node)), line: line, column: column))
            case CMARK_NODE_LINK:
                links.append(Link(url: string(cmark_node_get_url(node)), line: line, column: column))
            default: break
            }
        }
        return (blocks, images, links)
    }

    /// cmark's document for `markdown`; the caller frees it with `cmark_node_free`.
    private static func parse(_ markdown: String, options: Int32) -> OpaquePointer? {
        var bytes = Array(markdown.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parse_document($0, buffer.count, options) }
            } ?? cmark_parse_document("", 0, options)
        }
    }

    /// Replaces a block node with a custom block whose HTML is `html`, and frees the old node.
    private static func replace(_ node: OpaquePointer, with html: String) {
        guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        _ = cmark_node_set_on_enter(custom, html + "\n")
        _ = cmark_node_set_on_exit(custom, "")
        if cmark_node_replace(node, custom) == 1 {
            cmark_node_free(node)
        } else {
            cmark_node_free(custom)
        }
    }

    /// cmark's HTML for a node; the buffer is freed here.
    private static func renderHTML(_ node: OpaquePointer, options: Int32) -> String {
        guard let buffer = cmark_render_html(node, options) else { return "" }
        defer { free(buffer) }
        return String(cString: buffer)
    }

    /// The text of a node's inline descendants.
    private static func plainText(of node: OpaquePointer) -> String {
        var parts: [String] = []
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(child)
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE { parts.append(string(cmark_node_get_literal(child))) }
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { parts.append(" ") }
        }
        return parts.joined()
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
