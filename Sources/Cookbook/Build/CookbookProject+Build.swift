import Foundation
import Payloads
import NotificationSimulator

/// The stages of `CookbookProject.build`, each a small function returning what the next one needs:
/// load, take the cache, open the site, plan (cache or worker, per recipe), run the workers; the
/// site's own pages and the link check are `SitePages.finish`.
extension CookbookProject {
    /// The recipes a build renders, in index order, with the problems found loading them and the
    /// hash of each recipe's files (`BuildCache.folderHash`). Each recipe's Markdown is dropped: the
    /// workers read it themselves, and the parent keeps only what the index needs. With `memory`
    /// (a watch), a recipe whose folder's fingerprint is the one it was loaded with is taken from
    /// there, with its hash (see `BuildMemory`); the loader's checks across recipes (their order)
    /// still run on the whole list. The availability check runs later, on the recipes the plan
    /// builds (`build`).
    func loadForBuild(inputs: FileFingerprint?, settings: String, memory: BuildMemory?)
        -> (recipes: [Recipe], diagnostics: [Diagnostic], folderHashes: [String: String]) {
        let remembered = Locked([String: String]())
        let kept: (@Sendable (String) -> Recipe?)? = memory.map { memory in
            { @Sendable id in
                guard let (recipe, hash) = memory.recipe(id, inputs: inputs?.groups[id], settings: settings) else { return nil }
                remembered.withLock { $0[id] = hash }
                return recipe
            }
        }
        let loaded = RecipeLoader(root: recipesFolder, displayRoot: displayRoot).load(pageFiles: false, reusing: kept)
        let known = remembered.current
        let diagnostics = loaded.diagnostics
        var recipes = loaded.recipes
        for index in recipes.indices { recipes[index].markdown = "" }
        // Every other recipe's files are hashed, on every core.
        let hashes = Locked(known)
        DispatchQueue.concurrentPerform(iterations: recipes.count) { [recipes] index in
            let recipe = recipes[index]
            guard known[recipe.id] == nil else { return }
            let hash = BuildCache.folderHash(of: recipe)
            hashes.withLock { $0[recipe.id] = hash }
        }
        return (recipes, diagnostics, hashes.current)
    }

    /// The build cache of `options`, or nil, with the warning saying why a given one cannot be used.
    static func usableCache(_ options: BuildOptions) -> (cache: BuildCache?, warning: Diagnostic?) {
        guard let folder = options.cacheFolder else { return (nil, nil) }
        let cache = BuildCache(folder: folder)
        guard let problem = cache.problem() else { return (cache, nil) }
        return (nil, Diagnostic(file: folder.relativePath, breaking: .cacheUnusable, severity: .warning, problem))
    }

    /// The folders a site may neither be, hold, nor sit in: the recipes and, with one, the cache.
    func protectedFolders(_ options: BuildOptions) -> [(url: URL, name: String)] {
        var protected = [(url: recipesFolder, name: "recipes folder")]
        if let cache = options.cacheFolder { protected.append((cache, "build cache")) }
        return protected
    }

    /// Why the output folder could not be taken: the diagnostic, and whether it was refused.
    struct OpenFailure: Error {
        /// What to report.
        var diagnostic: Diagnostic
        /// True when the folder was refused untouched (see `BuildReport.refused`).
        var refused: Bool
    }

    /// Takes the output folder: its lock, and a staging folder beside it (see `SiteTransaction`).
    func openSite(_ output: URL, shown: String, options: BuildOptions) -> Result<SiteTransaction, OpenFailure> {
        do throws(SiteTransaction.Problem) {
            return .success(try SiteTransaction(output: output, shown: shown, protected: protectedFolders(options)) {
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
    /// already) and the requests for the workers.
    struct BuildPlan {
        /// The artifacts taken from the cache, by id.
        var cached: [String: RecipeArtifact] = [:]
        /// The recipes to build, in index order.
        var requests: [WorkerPool.Request] = []
        /// Every recipe's cache key, by id (what the stamp records of the site).
        var keys: [String: String] = [:]
    }

    /// Decides, recipe by recipe, between the cache and a worker: the key covers the recipe's
    /// files, the tool and the neighbours (`BuildCache.key`); the cache entries are restored into
    /// staging on every core (taking `oldSite`'s files where they hold the same bytes, or, with
    /// `stamped`, where that site holds the recipe for the same key), and every recipe missed is a
    /// request, in index order.
    func plan(_ recipes: [Recipe], folderHashes: [String: String], cache: BuildCache?, staging: URL, replacing oldSite: String?,
              stamped: StampedSite? = nil, options: BuildOptions) -> BuildPlan {
        let links = recipes.map { RecipeLink(id: $0.id, title: $0.title) }
        let neighbours = recipes.indices.map { index in
            (previous: index > 0 ? links[index - 1] : nil, next: index + 1 < links.count ? links[index + 1] : nil)
        }
        let keys = recipes.indices.map { index in
            BuildCache.key(toolStamp: options.toolStamp, recipe: recipes[index], folderHash: folderHashes[recipes[index].id],
                           previous: neighbours[index].previous, next: neighbours[index].next)
        }
        let restored = Locked([RecipeArtifact?](repeating: nil, count: recipes.count))
        if let cache {
            DispatchQueue.concurrentPerform(iterations: recipes.count) { index in
                guard let hit = cache.restore(key: keys[index], id: recipes[index].id, into: staging, replacing: oldSite,
                                              memory: options.memory, stamped: stamped) else { return }
                restored.withLock { $0[index] = hit }
            }
        }
        var plan = BuildPlan(keys: Dictionary(zip(recipes.map(\.id), keys)) { first, _ in first })
        for (index, hit) in restored.current.enumerated() {
            if let hit {
                plan.cached[recipes[index].id] = hit
            } else {
                plan.requests.append(WorkerPool.Request(root: recipesFolder.path, displayRoot: displayRoot, id: recipes[index].id,
                                                        mode: .build(key: keys[index], staging: staging.path, oldSite: oldSite,
                                                                     previous: neighbours[index].previous, next: neighbours[index].next)))
            }
        }
        return plan
    }

    /// Runs the plan's requests (see `run`) and returns every recipe's artifact, by id; each new
    /// artifact that passed is stored in the cache (and, in a watch, kept in memory).
    /// Recipes in `notStoring` (those with an availability finding) are never stored.
    func carryOut(_ plan: BuildPlan, recipes: [Recipe], cache: BuildCache?, staging: URL, options: BuildOptions,
                  notStoring: Set<String> = []) -> [String: RecipeArtifact] {
        let total = recipes.count, before = plan.cached.count
        var artifacts = plan.cached
        artifacts.merge(run(plan.requests, options: options) { done, id in options.progress?(before + done, total, id) }) { a, _ in a }
        for request in plan.requests {
            guard !notStoring.contains(request.id), let artifact = artifacts[request.id], artifact.passed,
                  let stored = cache?.store(artifact, from: staging) else { continue }
            options.memory?.keep(stored.entry, files: stored.files)
        }
        return artifacts
    }
}
