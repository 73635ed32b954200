import Foundation
import Payloads
import NotificationSimulator

/// The stages of `CookbookProject.build`, each a small function returning what the next one needs:
/// load, take the cache, open the site, plan (cache or worker, per recipe), run the workers, and
/// finish the site (render its own pages, write them, check every link).
extension CookbookProject {
    /// The recipes a build renders, in index order, with the problems found loading them and the
    /// availability check's findings, which are made on a thread of their own while the workers run
    /// (nothing before the workers needs them; the build reads them after, in the same order). The
    /// availability check skips the recipes the stamp shows unchanged (a stamp is written only by a
    /// build without diagnostics, so it would find nothing), and each recipe's Markdown is dropped:
    /// the workers read it themselves, and the parent keeps only what the index needs.
    /// A recipe whose folder's fingerprint is the one it was loaded with is not loaded again: with
    /// `memory` (a watch) it is taken from there (see `BuildMemory`), else from the record the last
    /// build wrote beside the site (see `RecipeRecord`). The loader's checks across recipes (their
    /// order) still run on the whole list. `recorded` holds the record's bytes of the recipes taken
    /// from it (see `RecipeRecord.encoded(root:displayRoot:reusing:)`).
    func loadForBuild(comparedWith fast: BuildStamp.Comparison?, memory: BuildMemory? = nil)
        -> (recipes: [Recipe], diagnostics: [Diagnostic], availability: BackgroundValue<[Diagnostic]>, recorded: [String: ArraySlice<UInt8>]) {
        var kept: (@Sendable (String) -> Recipe?)?
        // The recipes taken from the record, whose bytes there the next record takes again.
        let fromRecord = Locked(Set<String>())
        let record = fast?.recordedRecipes(root: recipesFolder, displayRoot: displayRoot)
        if let fast, memory != nil || record != nil {
            kept = { @Sendable id in
                if let recipe = memory?.recipe(id, inputs: fast.inputs.groups[id], settings: fast.settings) { return recipe }
                guard let recipe = fast.unchangedRecipe(id, in: record) else { return nil }
                fromRecord.withLock { _ = $0.insert(id) }
                return recipe
            }
        }
        let loaded = RecipeLoader(root: recipesFolder, displayRoot: displayRoot).load(pageFiles: false, reusing: kept)
        let checked = loaded.recipes.filter { !(fast?.isUnchanged($0.id) ?? false) }
        let availability = BackgroundValue { AvailabilityCheck.diagnostics(for: checked) }
        var recipes = loaded.recipes
        for index in recipes.indices { recipes[index].markdown = "" }
        let taken = fromRecord.current
        return (recipes, loaded.diagnostics, availability, record?.segments.filter { taken.contains($0.key) } ?? [:])
    }

    /// The build cache of `options`, or nil, with the warning saying why a given one cannot be used.
    static func usableCache(_ options: BuildOptions) -> (cache: BuildCache?, warning: Diagnostic?) {
        guard let folder = options.cacheFolder else { return (nil, nil) }
        let cache = BuildCache(folder: folder)
        guard let problem = cache.problem() else { return (cache, nil) }
        return (nil, Diagnostic(file: folder.relativePath, breaking: .cacheUnusable, severity: .warning, problem))
    }

    /// Why the output folder could not be taken: the diagnostic, and whether it was refused.
    struct OpenFailure: Error {
        /// What to report.
        var diagnostic: Diagnostic
        /// True when the folder was refused untouched (see `BuildReport.refused`).
        var refused: Bool
    }

    /// Takes the output folder: its lock, and a staging folder beside it (see `SiteTransaction`).
    /// With `fingerprint`, the check under the lock takes the site's fingerprint too (for the stamp's comparison).
    /// With `spare` (the tool and settings of a cached build), the last build's spare site becomes the staging folder when it is usable (see `SpareSite`).
    func openSite(_ output: URL, shown: String, options: BuildOptions, fingerprint: Bool = false,
                  spare: (tool: String, settings: String)? = nil) -> Result<SiteTransaction, OpenFailure> {
        var protected = [(url: recipesFolder, name: "recipes folder")]
        if let cache = options.cacheFolder { protected.append((cache, "build cache")) }
        do throws(SiteTransaction.Problem) {
            return .success(try SiteTransaction(output: output, shown: shown, protected: protected, fingerprint: fingerprint, spare: spare) {
                options.waiting?(BuildLock.path(for: SiteFolder.canonicalPath(output)))
            })
        } catch {
            switch error {
            case .refused(let refusal): return .failure(OpenFailure(diagnostic: Diagnostic(file: shown, breaking: .outputRefused, refusal.message), refused: true))
            case .failed(let message): return .failure(OpenFailure(diagnostic: Diagnostic(file: shown, breaking: .write, message), refused: false))
            }
        }
    }

    /// What the plan stage decided: the recipes served from the cache (their files in staging
    /// already), the requests for the workers, and what the stamp is to record of each recipe.
    struct BuildPlan {
        /// The artifacts taken from the cache, by id.
        var cached: [String: RecipeArtifact] = [:]
        /// The recipes to build, in index order.
        var requests: [WorkerPool.Request] = []
        /// The stamp's entry of each recipe (its links digest is filled in once its artifact is
        /// known: here for the cached ones, by `carryOut` for the built ones).
        var stamped: [String: BuildStamp.RecipeEntry] = [:]
        /// The workers started before the cache was read, for the recipes whose key the last stamp
        /// did not record (see `plan`): their ids, and their artifacts once they are done.
        var started: (ids: Set<String>, artifacts: BackgroundValue<[String: RecipeArtifact]>)?
        /// The recipes served from a spare site as staging whose files stayed as they were there
        /// (see `SiteTransaction.commit(files:untouched:)`).
        var untouched: Set<String> = []
    }

    /// Decides, recipe by recipe in index order, between the cache and a worker: the cache key
    /// covers the recipe's files (their recorded hash when the stamp shows them unchanged), the tool
    /// and the neighbours; a recipe whose key is the one the stamp recorded for a site it shows
    /// unchanged has its files taken over from that site.
    ///
    /// With the cache and a stamp, the recipes whose key the stamp did not record (an edited recipe,
    /// its neighbours after a title change, a new one) are the ones the cache most likely misses:
    /// their workers start first, on a thread of their own, and run while the others are restored.
    /// A restore that misses after all adds its recipe to the requests run after them. Either way a
    /// recipe's artifact is the same (the site equals a `--no-cache` build's), and `requests` stays in
    /// index order; `progress` counts the restored recipes as done first, as before.
    func plan(_ recipes: [Recipe], cache: BuildCache?, comparedWith fast: BuildStamp.Comparison?, site transaction: SiteTransaction,
              toolStamp: String, memory: BuildMemory? = nil, options: BuildOptions = BuildOptions()) -> BuildPlan {
        let staging = transaction.staging
        let reusableSite = fast?.siteIsUnchanged(taken: transaction.siteFingerprint) == true ? transaction.reusableSite : nil
        let links = recipes.map { RecipeLink(id: $0.id, title: $0.title) }
        var plan = BuildPlan()
        // A key names a cache entry and the stamp's record of a recipe: a build with no cache writes
        // no stamp (see `BuildStamp.Comparison.stamp`), so it hashes no recipe folder for one.
        let keyed = cache != nil || fast?.cache != nil
        var keys: [String] = []
        for (index, recipe) in recipes.enumerated() {
            let previous = index > 0 ? links[index - 1] : nil
            let next = index + 1 < links.count ? links[index + 1] : nil
            let folderHash = keyed ? fast?.recordedFolderHash(of: recipe.id) ?? BuildCache.folderHash(of: recipe) : ""
            let key = keyed ? BuildCache.key(toolStamp: toolStamp, recipe: recipe, folderHash: folderHash, previous: previous, next: next) : ""
            keys.append(key)
            plan.stamped[recipe.id] = .init(inputs: fast?.inputs.groups[recipe.id] ?? FileFingerprint.racy, folderHash: folderHash, key: key, links: "-")
        }
        func request(_ index: Int) -> WorkerPool.Request {
            let previous = index > 0 ? links[index - 1] : nil
            let next = index + 1 < links.count ? links[index + 1] : nil
            return .init(root: recipesFolder.path, displayRoot: displayRoot, id: recipes[index].id, previous: previous, next: next,
                         key: keys[index], staging: staging.path, site: transaction.reusableSite)
        }
        // Started first: the recipes the stamp shows changed (their key is not the one it recorded).
        var first: [Int] = []
        if cache != nil, fast?.previous != nil {
            first = recipes.indices.filter { fast?.recorded(recipes[$0].id)?.key != keys[$0] }
        }
        // A spare site as staging: the recipes it holds for their key now stay (read from the cache
        // for their artifacts only), everything else goes before anything is written. Not the ones
        // started first: the spare may hold one for its key (an edit undone), but the cache keeps
        // one entry per recipe, the last build's, so its restore would miss after the others.
        let firstIDs = Set(first.map { recipes[$0].id })
        let staged = cache == nil ? [] : transaction.spare?.kept(keys: Dictionary(zip(recipes.map(\.id), keys)) { a, _ in a })
            .subtracting(firstIDs) ?? []
        transaction.spare?.prune(keeping: staged)
        let firstSet = Set(first)
        if !first.isEmpty {
            let requests = first.map(request)
            let restoring = recipes.count - first.count, total = recipes.count
            plan.started = (Set(requests.map(\.id)), BackgroundValue { [self] in
                run(requests, options: options) { done, id in options.progress?(restoring + done, total, id) }
            })
        }
        // The cache entries are read and the old site's files linked in on two threads (each takes
        // the next recipe not yet taken, a linker each: their folders are their own, the shared
        // ones made by either), each hit's links digest (for the stamp) made there too.
        let restored = Locked([(artifact: RecipeArtifact, links: String)?](repeating: nil, count: recipes.count))
        if let cache {
            let keys = keys
            Lanes.share(recipes.count) { next in
                let linker = reusableSite.map { OldSiteFile.Linker(site: $0, staging: staging.path) }
                while let batch = next() {
                    for index in batch where !firstSet.contains(index) {
                        let id = recipes[index].id, key = keys[index], recorded = fast?.recorded(id)
                        let hit = cache.restore(key: key, id: id, into: staging, linkingFrom: recorded?.key == key ? linker : nil,
                                                vouchedLinks: recorded?.links, memory: memory,
                                                staged: staged.contains(id) ? transaction.spare : nil)
                        if let hit {
                            let links = PageLinks.digest(hit.links)
                            restored.withLock { $0[index] = (hit, links) }
                        }
                    }
                }
            }
        }
        let artifacts = restored.current
        for (index, recipe) in recipes.enumerated() {
            if let (hit, links) = artifacts[index] {
                plan.cached[recipe.id] = hit
                plan.stamped[recipe.id]?.links = links
                if staged.contains(recipe.id) { plan.untouched.insert(recipe.id) }
            } else {
                plan.requests.append(request(index))
            }
        }
        return plan
    }

    /// Runs the plan's requests (see `run`) and returns every recipe's artifact, by id, and the
    /// stamp's entries with each page's links digest; each new artifact that passed is stored in
    /// the cache.
    func carryOut(_ plan: BuildPlan, recipes: [Recipe], cache: BuildCache?, staging: URL,
                  options: BuildOptions) -> (artifacts: [String: RecipeArtifact], stamped: [String: BuildStamp.RecipeEntry]) {
        let total = recipes.count
        var artifacts = plan.cached
        if let started = plan.started { artifacts.merge(started.artifacts.value) { a, _ in a } }
        // The requests not started yet (restores that missed), after the started ones.
        let rest = plan.requests.filter { plan.started?.ids.contains($0.id) != true }
        let before = total - rest.count
        artifacts.merge(run(rest, options: options) { done, id in options.progress?(before + done, total, id) }) { a, _ in a }
        var stamped = plan.stamped
        let builtIDs = Set(plan.requests.map(\.id))
        for recipe in recipes {
            guard let artifact = artifacts[recipe.id] else { continue }
            if plan.cached[recipe.id] == nil { stamped[recipe.id]?.links = PageLinks.digest(artifact.links) }
            if artifact.passed, builtIDs.contains(recipe.id), let entry = cache?.store(artifact, from: staging) { options.memory?.keep(entry) }
        }
        return (artifacts, stamped)
    }

    /// Renders the site's own pages from the artifacts and writes them into staging (taking over
    /// the old site's identical files) while every link of the whole site is checked, on two lanes
    /// (see `SitePages`; the recipe pages `checked` vouches for are not checked again): its files,
    /// the broken links and the link targets' digest, or the diagnostic that stopped the render or the write.
    static func finishSite(recipes: [Recipe], artifacts: [String: RecipeArtifact], site transaction: SiteTransaction,
                           shown: String, checked: SitePages.CheckedLinks? = nil)
        -> Result<(files: Set<String>, broken: [Diagnostic], targets: String), Diagnostic> {
        do throws(Diagnostic) {
            return .success(try SitePages.finish(recipes: recipes, artifacts: artifacts, staging: transaction.staging, site: shown,
                                                 reusing: transaction.reusableSite, checked: checked))
        } catch {
            return .failure(error)
        }
    }
}
