import Foundation
import Payloads
import NotificationSimulator

/// The site's own pages, rendered in the parent from the recipes' artifacts: the index, the rules
/// page, search, the guide, the assets, the playground and the search index. The recipe pages are
/// in the staging folder already (each worker wrote its own); this is the rest of the render stage,
/// and the link check of the whole site.
struct SitePages: Sendable {
    /// A page's anchors and link targets (see `LinkChecker.links(in:)`).
    typealias Links = (ids: Set<String>, hrefs: [String])
    /// Site path → text, for every page and asset but the search index.
    var files: [String: String] = [:]
    /// The anchors and link targets of each HTML page of `files`, taken as it was rendered.
    var links: [String: Links] = [:]

    /// The path of the search index.
    static let searchIndexPath = "search-index.js"

    /// Renders the site's own pages from the artifacts of `recipes` (in index order), writes them
    /// and the search index into `staging`, and checks every link of the whole site. Returns every
    /// file of the site and the broken links; `site` names the output in messages. Throws, in this
    /// order: the playground's missing module, a page that could not be written, the search index
    /// that could not be (before any link is checked). A page of `oldSite` with the same bytes is linked.
    static func finish(recipes: [Recipe], artifacts: [String: RecipeArtifact], staging: URL, oldSite: String? = nil, site: String)
        throws(Diagnostic) -> (files: Set<String>, broken: [Diagnostic]) {
        let built = recipes.compactMap { artifacts[$0.id] }
        let rules = RulesPage(rules: RuleCatalogue.all, examples: recipes.flatMap { artifacts[$0.id]?.ruleExamples ?? [] })
        let guide = GuidePage.sendToADevice.render()
        // The pages are rendered and written on one core, the search index on the other; what failed
        // is thrown in the order above.
        let lanes = Locked((pages: Result<SitePages, Diagnostic>?.none, written: Diagnostic?.none, search: Diagnostic?.none))
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            if lane == 0 {
                var pages: SitePages
                do throws(Diagnostic) { pages = try renderOthers(rules: rules, site: site) } catch {
                    return lanes.withLock { $0.pages = .failure(error) }
                }
                pages.add("index.html", IndexPage(recipes: recipes, previews: artifacts.compactMapValues(\.cardPreview)).render())
                pages.add(GuidePage.sendToADevice.path, guide.html)
                let written = Self.failure(site) { try pages.writePages(to: staging, linkingFrom: oldSite) }
                lanes.withLock { [pages] in $0.pages = .success(pages); $0.written = written }
            } else {
                var search = SearchIndex()
                for recipe in recipes { search.entries += artifacts[recipe.id]?.search ?? [] }
                search.entries += rules.search + guide.search
                let failure = Self.failure(site) { try search.write(to: staging.appendingPathComponent(Self.searchIndexPath)) }
                lanes.withLock { $0.search = failure }
            }
        }
        let done = lanes.current
        let pages = try done.pages!.get()
        if let failure = done.written ?? done.search { throw failure }

        var files = Set(built.flatMap(\.files)).union(pages.files.keys)
        files.insert(Self.searchIndexPath)
        // The recipe pages' links as their artifacts list them (no page is read back), these pages' as they were rendered.
        var pageLinks = Self.links(of: built)
        for (path, page) in pages.links { pageLinks[path] = page }
        // Checked in two runs of about as many links, one on each core.
        let halves = LinkChecker.halves(of: pageLinks)
        let broken = Locked([[LinkChecker.Broken]](repeating: [], count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { [files, pageLinks] half in
            let found = LinkChecker.check(links: pageLinks, files: files, pages: half == 0 ? halves.0 : halves.1)
            broken.withLock { $0[half] = found }
        }
        return (files, BrokenLinkSource.diagnostics(broken.current.flatMap { $0 }, recipes: recipes, site: site))
    }

    /// Adds the page or asset `text` at `path`, with its links when it is HTML.
    private mutating func add(_ path: String, _ text: String) {
        files[path] = text
        if path.hasSuffix(".html") { links[path] = LinkChecker.links(in: text) }
    }

    /// Every page but the index and the guide (the rules page, search, the playground) and the assets.
    /// Fails only when the playground's WebAssembly module was not built.
    private static func renderOthers(rules: RulesPage, site: String) throws(Diagnostic) -> SitePages {
        var pages = SitePages()
        pages.add("rules.html", rules.render())
        pages.add("search.html", SearchPage.render())
        for asset in Assets.files { pages.add(asset.path, asset.contents) }
        switch PlaygroundPage.moduleScript() {
        case .success(let script): pages.add(PlaygroundPage.modulePath, script)
        case .failure(let missing):
            throw Diagnostic(file: "\(site)/\(PlaygroundPage.path)", breaking: .playgroundModule,
                             "the playground's WebAssembly module was not built: \(missing.reason)")
        }
        pages.add(PlaygroundPage.path, PlaygroundPage.render(rules: RuleCatalogue.all))
        for asset in PlaygroundPage.assets { pages.add(asset.path, asset.contents) }
        return pages
    }

    /// Writes the pages (not the search index) into `staging`, in path order (see `FileWriter.place`).
    func writePages(to staging: URL, linkingFrom oldSite: String? = nil) throws {
        for (path, contents) in files.sorted(by: { $0.key < $1.key }) {
            try FileWriter.place(Array(contents.utf8), at: path, under: staging.path, linkingFrom: oldSite)
        }
    }

    /// The diagnostic of the error `body` throws when writing the site `site`, or nil.
    private static func failure(_ site: String, _ body: () throws -> Void) -> Diagnostic? {
        do {
            try body()
            return nil
        } catch {
            return Diagnostic(file: site, breaking: .write, "cannot write the site: \(error.localizedDescription)")
        }
    }

    /// The links of the recipe pages, as their artifacts list them (a recipe page's broken link is
    /// reported where its recipe.md wrote it, see `BrokenLinkSource`).
    static func links(of artifacts: [RecipeArtifact]) -> [String: Links] {
        var pageLinks: [String: Links] = [:]
        pageLinks.reserveCapacity(artifacts.count)
        for artifact in artifacts {
            for (path, page) in artifact.links { pageLinks[path] = (Set(page.ids), page.hrefs) }
        }
        return pageLinks
    }
}
