import Foundation
import Payloads
import NotificationSimulator

/// The site's own pages, rendered in the parent from the recipes' artifacts: the index, the rules
/// page, search, the guide, the assets, the playground and the search index. The recipe pages are
/// in the staging folder already (each worker wrote its own); this is the rest of the render stage.
/// The index page (the largest) is rendered on one lane while the rest is on the other (see `Lanes`).
struct SitePages: Sendable {
    /// A page's anchors and link targets (see `LinkChecker.links(in:)`).
    typealias Links = (ids: Set<String>, hrefs: [String])
    /// Site path → text, for every page and asset but the search index.
    var files: [String: String] = [:]
    /// The anchors and link targets of each HTML page of `files`, taken as it was rendered.
    var links: [String: Links] = [:]
    /// The search index: the recipes' entries in index order, then the rules' and the guide's.
    var search = SearchIndex()

    /// The path of the search index.
    static let searchIndexPath = "search-index.js"

    /// Renders the pages of `recipes` (in index order) from their artifacts; `site` names the output
    /// in messages. Fails only when the playground's WebAssembly module was not built.
    static func render(recipes: [Recipe], artifacts: [String: RecipeArtifact], site: String) throws(Diagnostic) -> SitePages {
        let index = Locked<(html: String, links: Links)?>(nil)
        let rest = Locked<Result<SitePages, Diagnostic>?>(nil)
        Lanes.run([
            {
                let html = IndexPage(recipes: recipes, previews: artifacts.compactMapValues(\.cardPreview)).render()
                index.withLock { $0 = (html, LinkChecker.links(in: html)) }
            },
            {
                let others = Result { () throws(Diagnostic) -> SitePages in try renderAllButIndex(recipes: recipes, artifacts: artifacts, site: site) }
                rest.withLock { $0 = others }
            },
        ])
        var pages = try rest.current!.get()
        let (html, links) = index.current!
        pages.files["index.html"] = html
        pages.links["index.html"] = links
        return pages
    }

    /// Every page but the index, with the search index and the pages' links.
    private static func renderAllButIndex(recipes: [Recipe], artifacts: [String: RecipeArtifact], site: String) throws(Diagnostic) -> SitePages {
        var pages = SitePages()
        for recipe in recipes { pages.search.entries += artifacts[recipe.id]?.search ?? [] }
        let rules = RulesPage(rules: RuleCatalogue.all, examples: recipes.flatMap { artifacts[$0.id]?.ruleExamples ?? [] })
        pages.files["rules.html"] = rules.render()
        pages.search.entries += rules.search
        pages.files["search.html"] = SearchPage.render()
        let guide = GuidePage.sendToADevice.render()
        pages.files[GuidePage.sendToADevice.path] = guide.html
        pages.search.entries += guide.search
        for asset in Assets.files { pages.files[asset.path] = asset.contents }
        switch PlaygroundPage.moduleScript() {
        case .success(let script): pages.files[PlaygroundPage.modulePath] = script
        case .failure(let missing):
            throw Diagnostic(file: "\(site)/\(PlaygroundPage.path)", breaking: .playgroundModule,
                             "the playground's WebAssembly module was not built: \(missing.reason)")
        }
        pages.files[PlaygroundPage.path] = PlaygroundPage.render(rules: RuleCatalogue.all)
        for asset in PlaygroundPage.assets { pages.files[asset.path] = asset.contents }
        for (path, html) in pages.files where path.hasSuffix(".html") { pages.links[path] = LinkChecker.links(in: html) }
        return pages
    }

    /// Writes the pages and the search index into `staging`, taking over a file of the site being
    /// replaced (`old`) that holds the same bytes (see `OldSiteFile`).
    func write(to staging: URL, site: String, reusing old: String? = nil) throws(Diagnostic) {
        if let failure = Self.failure(site, { try writePages(to: staging, reusing: old) })
            ?? Self.failure(site, { try search.write(to: staging.appendingPathComponent(Self.searchIndexPath)) }) { throw failure }
    }

    /// Writes the site as `write` does while its links are checked as `brokenLinks` does: the link
    /// check, the pages and the search index are three jobs on two lanes (see `Lanes`). Returns
    /// every file of the site and the broken links; throws the pages' failure to write, else the
    /// search index's, as `write` would.
    func writeAndCheck(to staging: URL, site: String, reusing old: String?, artifacts: [RecipeArtifact],
                       recipes: [Recipe]) throws(Diagnostic) -> (files: Set<String>, broken: [Diagnostic]) {
        let files = siteFiles(with: artifacts)
        let broken = Locked<[Diagnostic]>([]), pagesFailure = Locked<Diagnostic?>(nil), indexFailure = Locked<Diagnostic?>(nil)
        Lanes.run([
            { broken.withLock { $0 = brokenLinks(with: artifacts, files: files, site: site, recipes: recipes) } },
            { pagesFailure.withLock { $0 = Self.failure(site) { try writePages(to: staging, reusing: old) } } },
            { indexFailure.withLock { $0 = Self.failure(site) { try search.write(to: staging.appendingPathComponent(Self.searchIndexPath)) } } },
        ])
        if let failure = pagesFailure.current ?? indexFailure.current { throw failure }
        return (files, broken.current)
    }

    /// Writes the pages (not the search index) into `staging`, in path order.
    func writePages(to staging: URL, reusing old: String?) throws {
        for (path, contents) in files.sorted(by: { $0.key < $1.key }) {
            try FileWriter.save(contents, at: path, under: staging, reusing: old)
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

    /// Every file of the site: these pages, the search index and what the recipes wrote.
    func siteFiles(with artifacts: [RecipeArtifact]) -> Set<String> {
        var all = Set(files.keys)
        all.insert(Self.searchIndexPath)
        for artifact in artifacts { all.formUnion(artifact.files) }
        return all
    }

    /// The broken links of the whole site: the recipe pages' links as their artifacts list them
    /// (no page is read back), these pages' as they were rendered; a recipe page's broken link is
    /// reported where its recipe.md wrote it (see `BrokenLinkSource`).
    func brokenLinks(with artifacts: [RecipeArtifact], files siteFiles: Set<String>, site: String, recipes: [Recipe]) -> [Diagnostic] {
        var pageLinks: [String: Links] = [:]
        pageLinks.reserveCapacity(artifacts.count + links.count)
        for artifact in artifacts {
            for (path, page) in artifact.links { pageLinks[path] = (Set(page.ids), page.hrefs) }
        }
        for (path, page) in links { pageLinks[path] = page }
        return BrokenLinkSource.diagnostics(LinkChecker.check(links: pageLinks, files: siteFiles), recipes: recipes, site: site)
    }
}
