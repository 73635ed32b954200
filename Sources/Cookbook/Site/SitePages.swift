import Foundation
import Payloads

/// The site's own pages, rendered in the parent from the recipes' artifacts: the index, the rules
/// page, search, the guide, the assets, the playground and the search index. The recipe pages are
/// in the staging folder already (each worker wrote its own); this is the rest of the render stage.
struct SitePages {
    /// Site path → text, for every page and asset but the search index.
    var files: [String: String] = [:]
    /// The search index: the recipes' entries in index order, then the rules' and the guide's.
    var search = SearchIndex()

    /// The path of the search index.
    static let searchIndexPath = "search-index.js"

    /// Renders the pages of `recipes` (in index order) from their artifacts; `site` names the output
    /// in messages. Fails only when the playground's WebAssembly module was not built.
    static func render(recipes: [Recipe], artifacts: [String: RecipeArtifact], site: String) throws(Diagnostic) -> SitePages {
        var pages = SitePages()
        for recipe in recipes { pages.search.entries += artifacts[recipe.id]?.search ?? [] }
        pages.files["index.html"] = IndexPage(recipes: recipes, previews: artifacts.compactMapValues(\.cardPreview)).render()
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
        return pages
    }

    /// Writes the pages and the search index into `staging`, taking over a file of the site being
    /// replaced (`old`) that holds the same bytes (see `OldSiteFile`).
    func write(to staging: URL, site: String, reusing old: String? = nil) throws(Diagnostic) {
        do {
            for (path, contents) in files.sorted(by: { $0.key < $1.key }) {
                try FileWriter.save(contents, at: path, under: staging, reusing: old)
            }
            try search.write(to: staging.appendingPathComponent(Self.searchIndexPath))
        } catch {
            throw Diagnostic(file: site, breaking: .write, "cannot write the site: \(error.localizedDescription)")
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
    /// (no page is read back), these pages' from the HTML just rendered; a recipe page's broken link
    /// is reported where its recipe.md wrote it (see `BrokenLinkSource`).
    func brokenLinks(with artifacts: [RecipeArtifact], files siteFiles: Set<String>, site: String, recipes: [Recipe]) -> [Diagnostic] {
        var pageLinks: [String: (ids: Set<String>, hrefs: [String])] = [:]
        for artifact in artifacts {
            for (path, page) in artifact.links { pageLinks[path] = (Set(page.ids), page.hrefs) }
        }
        for (path, html) in files where path.hasSuffix(".html") { pageLinks[path] = LinkChecker.links(in: html) }
        return BrokenLinkSource.diagnostics(LinkChecker.check(links: pageLinks, files: siteFiles), recipes: recipes, site: site)
    }
}
