/// The page chrome every Pushbook page shares: head, header with navigation and search, landmarks, footer.
///
/// All links are relative (`root` is the path from the page to the site root), nothing is loaded from
/// the network, and the output depends only on the arguments, so two builds are byte-identical.
struct PageLayout {
    /// One entry of the header navigation: its id (compared with `current`), label and page.
    struct NavItem: Sendable, Equatable {
        /// Identifier compared with `render(current:)`, e.g. `"recipes"`.
        var id: String
        /// The visible label.
        var title: String
        /// The page, relative to the site root.
        var path: String
    }

    /// The site name shown in the header and appended to page titles.
    static let siteName = "Pushbook"

    /// The ids the layout itself gives elements of every page, which no heading may take.
    static let reservedIDs = ["content", "site-search-q"]

    /// The header navigation, in order. Use these ids as `current`.
    static let navigation: [NavItem] = [
        NavItem(id: "recipes", title: "Recipes", path: "index.html"),
        NavItem(id: "guide", title: "Send it to a device", path: "send-to-a-device.html"),
        NavItem(id: "rules", title: "Rules", path: "rules.html"),
        NavItem(id: "playground", title: "Playground", path: "playground.html"),
        NavItem(id: "search", title: "Search", path: "search.html"),
    ]

    /// A small bell in a rounded square, inline so that the browser never asks for `/favicon.ico`.
    static let faviconDataURI =
        "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E"
        + "%3Crect width='32' height='32' rx='8' fill='%23ff3b30'/%3E"
        + "%3Cpath d='M16 7a6 6 0 0 0-6 6v5l-2 3h16l-2-3v-5a6 6 0 0 0-6-6zm-2.5 15a2.5 2.5 0 0 0 5 0z' fill='white'/%3E"
        + "%3C/svg%3E"

    /// Renders a complete HTML5 page.
    ///
    /// - Parameters:
    ///   - title: the page's own title (plain text); the site name is appended unless it is the site name.
    ///   - description: plain text for `<meta name="description">`.
    ///   - root: relative path from the page to the site root: `""` for top-level pages, `"../"` for recipes.
    ///   - current: the id of the navigation item to mark with `aria-current="page"` (see `navigation`).
    ///   - lead: the page's title block (already-safe HTML), shown before "On this page" on a phone and above the
    ///     content beside it on a desktop.
    ///   - main: the page content, already-safe HTML, placed inside `<main id="content">`.
    ///   - toc: headings for the "On this page" table of contents; omitted when empty.
    ///   - stylesheets: extra stylesheet URLs (relative to the site root), linked after `pushbook.css`.
    ///   - scripts: extra script URLs (relative to the page), loaded before `pushbook.js`.
    static func render(
        title: String,
        description: String,
        root: String,
        current: String,
        lead: String = "",
        main: String,
        toc: [(id: String, title: String, level: Int)] = [],
        stylesheets: [String] = [],
        scripts: [String] = []
    ) -> String {
        let r = HTML.escapeAttribute(root)
        let fullTitle = title == siteName || title.isEmpty ? siteName : "\(title) · \(siteName)"
        // Room for the whole page at once: a page grown by doubling (the index is megabytes at
        // scale) copies itself and has the kernel zero fresh pages at every step.
        var html = ""
        html.reserveCapacity(main.utf8.count + lead.utf8.count + 8192)
        html += """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(HTML.escapeText(fullTitle))</title>
        <meta name="description" content="\(HTML.escapeAttribute(description))">
        <link rel="icon" href="\(HTML.escapeAttribute(faviconDataURI))">
        <link rel="stylesheet" href="\(r)assets/pushbook.css">\(stylesheets.map { "\n<link rel=\"stylesheet\" href=\"\(r)\(HTML.escapeAttribute($0))\">" }.joined())
        </head>
        <body>
        <a class="skip-link" href="#content">Skip to content</a>
        <header class="site-header">
        <div class="site-header-inner">
        <a class="brand" href="\(r)index.html"><span class="brand-mark" aria-hidden="true"></span>\(siteName)</a>
        <nav class="site-nav" aria-label="Main">\n
        """
        for item in navigation {
            let currentMark = item.id == current ? " aria-current=\"page\"" : ""
            html += "<a href=\"\(r)\(HTML.escapeAttribute(item.path))\"\(currentMark)>\(HTML.escapeText(item.title))</a>\n"
        }
        html += """
        </nav>
        <form class="site-search" action="\(r)search.html" method="get" role="search">
        <label class="visually-hidden" for="site-search-q">Search the cookbook</label>
        <input id="site-search-q" type="search" name="q" placeholder="Search recipes" autocomplete="off">
        </form>
        </div>
        </header>
        <div class="page\(toc.isEmpty ? "" : " has-toc")">
        <main id="content" tabindex="-1">\n
        """
        if !lead.isEmpty { html += "<div class=\"page-lead\">\n" + lead + "</div>\n" }
        if !toc.isEmpty {
            html += renderTOC(toc)
        }
        html += "<div class=\"page-body\">\n" + main
        if !main.hasSuffix("\n") { html += "\n" }
        html += """
        </div>
        </main>
        </div>
        <footer class="site-footer">
        <p><a href="\(r)index.html">\(siteName)</a> — an executable cookbook for iOS rich push notifications. \
        Every example on these pages is run against a model of FCM, APNs and iOS when the site is built, \
        and the build fails if an output no longer matches.</p>
        <p>Pages verified by pushbook \(PushbookVersion.number) · <a href="\(r)send-to-a-device.html">Send it to a device</a> · <a href="\(r)rules.html">Rule catalogue</a> · <a href="\(r)search.html">Search</a></p>
        </footer>\n
        """
        for script in scripts {
            html += "<script src=\"\(HTML.escapeAttribute(script))\"></script>\n"
        }
        html += "<script src=\"\(r)assets/pushbook.js\"></script>\n</body>\n</html>\n"
        return html
    }

    /// Renders the "On this page" navigation; levels are kept as classes so CSS can indent them.
    static func renderTOC(_ toc: [(id: String, title: String, level: Int)]) -> String {
        var html = "<nav class=\"toc\" aria-label=\"On this page\">\n<p class=\"toc-title\">On this page</p>\n<ul>\n"
        for entry in toc {
            let level = min(max(entry.level, 1), 6)
            html += "<li class=\"toc-level-\(level)\"><a href=\"#\(HTML.escapeAttribute(entry.id))\">\(HTML.escapeText(entry.title))</a></li>\n"
        }
        html += "</ul>\n</nav>\n"
        return html
    }
}
