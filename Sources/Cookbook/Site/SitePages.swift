import Foundation
import Payloads
import NotificationSimulator

/// The site's own pages, rendered in the parent from the recipes' artifacts: the index, the rules
/// page, search, the guide, the assets, the playground and the search index. The recipe pages are
/// in the staging folder already (each worker wrote its own); this is the rest of the render stage,
/// and the link check of the whole site. Both run as jobs on two lanes (see `Lanes` and `finish`);
/// each job keeps what it makes apart, and the results are put together in one fixed order.
struct SitePages: Sendable {
    /// A page's anchors and link targets (see `LinkChecker.links(in:)`).
    typealias Links = (ids: Set<String>, hrefs: [String])
    /// Site path → text, for every page and asset but the search index.
    var files: [String: String] = [:]
    /// The anchors and link targets of each HTML page of `files`, taken as it was rendered.
    var links: [String: Links] = [:]

    /// The path of the search index.
    static let searchIndexPath = "search-index.js"

    /// What the last clean build checked of the links (from its stamp, untrusted): the digest of
    /// the link targets it checked against (`targetsDigest`), and the pages whose anchors and
    /// links are the ones it checked (their recorded `PageLinks.digest` is this build's).
    struct CheckedLinks: Sendable {
        /// `targetsDigest` of the last build's site.
        var targets: String
        /// The recipe pages whose links did not change.
        var unchanged: Set<String>
    }

    /// The digest of everything a link can lead to: every file of the site and every page's
    /// anchors, the recipes' (from their artifacts, `recipePart`) and the site's own pages'.
    /// Two sites of one digest resolve every link the same way.
    static func targetsDigest(recipePart: String, files: Set<String>, ownLinks: [String: Links]) -> String {
        recipePart + "-" + digest(files: files, anchors: ownLinks.map { ($0.key, Array($0.value.ids)) })
    }

    /// The recipes' part of `targetsDigest`: their files and their pages' anchors.
    static func recipeTargetsDigest(_ artifacts: [RecipeArtifact]) -> String {
        digest(files: artifacts.flatMap(\.files), anchors: artifacts.flatMap { $0.links.map { ($0.key, $0.value.ids) } })
    }

    /// The digest of `files` and of each page's anchors, both in path order.
    private static func digest(files: some Collection<String>, anchors: [(page: String, ids: [String])]) -> String {
        var hash = ContentHash()
        for file in files.sorted() { hash.update(file); hash.update([0]) }
        hash.update([1])
        for (page, ids) in anchors.sorted(by: { $0.page < $1.page }) {
            hash.update(page)
            hash.update(String(ids.count))
            for id in ids.sorted() { hash.update(id); hash.update([0]) }
        }
        return hash.hex
    }

    /// Renders the site's own pages from the artifacts of `recipes` (in index order) and writes them
    /// and the search index into `staging` (taking over the old site's identical files, see
    /// `OldSiteFile`), and checks every link of the whole site: every page's, but, when the link
    /// targets are the ones the last clean build checked against (`checked`), not the recipe pages
    /// whose links are the ones it checked, which it found fine. Returns every file of the site,
    /// the broken links and the targets' digest (for the stamp); `site` names the output in messages.
    ///
    /// Two rounds of jobs: first the index page, the search index (with the guide, whose sections
    /// it holds), the other pages, each written by its job, and the recipes' files, links and part
    /// of the targets' digest; then the link check in two halves. Throws, in this order: the
    /// playground's missing module, a page that could not be written, the search index that could
    /// not be (before any link is checked).
    static func finish(recipes: [Recipe], artifacts: [String: RecipeArtifact], staging: URL, site: String,
                       reusing old: String?, checked: CheckedLinks? = nil) throws(Diagnostic) -> (files: Set<String>, broken: [Diagnostic], targets: String) {
        let built = recipes.compactMap { artifacts[$0.id] }
        let index = IndexPage(recipes: recipes, previews: artifacts.compactMapValues(\.cardPreview))
        let rules = RulesPage(rules: RuleCatalogue.all, examples: recipes.flatMap { artifacts[$0.id]?.ruleExamples ?? [] })
        // Each page job writes what it rendered itself (a failure kept, not thrown), so that no
        // lane waits for the other to write everything at the end.
        let searchWritten = Locked<(guide: SitePages, pageFailure: Diagnostic?, failure: Diagnostic?)?>(nil)
        let others = Locked<(pages: Result<SitePages, Diagnostic>, failure: Diagnostic?)?>(nil)
        let indexWritten = Locked<(page: SitePages, failure: Diagnostic?)?>(nil)
        let recipeFiles = Locked<Set<String>>([]), recipeLinks = Locked<[String: Links]>([:]), recipeTargets = Locked("")
        Lanes.run([
            {
                var page = SitePages()
                page.add("index.html", index.render())
                let failure = Self.failure(site) { try page.writePages(to: staging, reusing: old) }
                indexWritten.withLock { $0 = (page, failure) }
            },
            {
                var search = SearchIndex()
                for recipe in recipes { search.entries += artifacts[recipe.id]?.search ?? [] }
                search.entries += rules.search
                let guide = GuidePage.sendToADevice.render()
                search.entries += guide.search
                let failure = Self.failure(site) { try search.write(to: staging.appendingPathComponent(Self.searchIndexPath)) }
                var page = SitePages()
                page.add(GuidePage.sendToADevice.path, guide.html)
                let pageFailure = Self.failure(site) { try page.writePages(to: staging, reusing: old) }
                searchWritten.withLock { $0 = (page, pageFailure, failure) }
            },
            {
                let rendered = Result { () throws(Diagnostic) -> SitePages in try renderOthers(rules: rules, site: site) }
                let failure = (try? rendered.get()).flatMap { pages in Self.failure(site) { try pages.writePages(to: staging, reusing: old) } }
                others.withLock { $0 = (rendered, failure) }
            },
            { recipeFiles.withLock { $0 = Set(built.flatMap(\.files)) } },
            { recipeLinks.withLock { $0 = Self.links(of: built) } },
            { recipeTargets.withLock { $0 = Self.recipeTargetsDigest(built) } },
        ])
        let (otherPages, othersFailure) = others.current!
        var pages = try otherPages.get()
        let (guide, guideFailure, searchFailure) = searchWritten.current!
        let (indexPage, indexFailure) = indexWritten.current!
        if let failure = othersFailure ?? guideFailure ?? indexFailure ?? searchFailure { throw failure }
        for part in [guide, indexPage] {
            pages.files.merge(part.files) { first, _ in first }
            pages.links.merge(part.links) { first, _ in first }
        }

        var files = recipeFiles.current.union(pages.files.keys)
        files.insert(Self.searchIndexPath)
        // The recipe pages' links as their artifacts list them (no page is read back), these pages' as they were rendered.
        var pageLinks = recipeLinks.current
        for (path, page) in pages.links { pageLinks[path] = page }
        let targets = Self.targetsDigest(recipePart: recipeTargets.current, files: Set(pages.files.keys).union([Self.searchIndexPath]), ownLinks: pages.links)
        // Every link of a page the last clean build checked, against the same targets, is fine.
        let unchanged = checked?.targets == targets ? checked?.unchanged ?? [] : []
        let (first, last) = LinkChecker.halves(of: unchanged.isEmpty ? pageLinks : pageLinks.filter { !unchanged.contains($0.key) })
        let brokenFirst = Locked<[LinkChecker.Broken]>([]), brokenLast = Locked<[LinkChecker.Broken]>([])
        Lanes.run([
            { [files, pageLinks] in brokenFirst.withLock { $0 = LinkChecker.check(links: pageLinks, files: files, pages: first) } },
            { [files, pageLinks] in brokenLast.withLock { $0 = LinkChecker.check(links: pageLinks, files: files, pages: last) } },
        ])
        return (files, BrokenLinkSource.diagnostics(brokenFirst.current + brokenLast.current, recipes: recipes, site: site), targets)
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
