import Foundation
import Payloads
import NotificationSimulator

/// The cookbook as a whole: load the recipes, run and verify their examples, render and write the site.
///
/// The pipeline: load → run each example → verify against `expected/` → render → write.
/// `check` stops after verifying; `build` goes on only when every example verified.
public struct CookbookProject: Sendable {
    /// The recipes folder.
    public var recipesFolder: URL
    /// How the recipes folder is named in messages.
    public var displayRoot: String
    /// The runner, with the recipe registry.
    public var runner: ExampleRunner

    /// Creates a project.
    public init(recipesFolder: URL, displayRoot: String, entryPoints: [String: RecipeEntryPoint]) {
        self.recipesFolder = recipesFolder
        self.displayRoot = displayRoot
        self.runner = ExampleRunner(entryPoints: entryPoints)
    }

    /// What `check` found.
    public struct CheckReport: Sendable {
        /// The recipes loaded.
        public var recipes: [Recipe]
        /// Problems loading recipes.
        public var diagnostics: [Diagnostic]
        /// Every example's status, by recipe id; a recipe whose code crashed has one `failed` status for `*`.
        public var statuses: [String: [ExampleStatus]]
        /// The expected files rewritten (with `update`).
        public var updated: [String]

        /// True when everything loaded and every example matched.
        public var passed: Bool {
            diagnostics.allSatisfy { $0.severity != .error } && statuses.values.joined().allSatisfy(\.isPassed)
        }
    }

    /// Runs every example of the recipes (all, or those named) and compares with `expected/`;
    /// with `update`, rewrites the expected files of examples that ran. With a worker executable,
    /// recipes run in worker processes, so one whose code crashes fails alone.
    public func check(only ids: [String] = [], update: Bool = false, options: BuildOptions = BuildOptions()) -> CheckReport {
        let (recipes, loadDiagnostics) = RecipeLoader(root: recipesFolder, displayRoot: displayRoot).load(only: ids, pageFiles: false)
        let diagnostics = loadDiagnostics + AvailabilityCheck.diagnostics(for: recipes)
        let mode: WorkerPool.Request.Mode = update ? .update : .check
        let requests = recipes.map { WorkerPool.Request(root: recipesFolder.path, displayRoot: displayRoot, id: $0.id, mode: mode) }
        let artifacts = run(requests, options: options) { done, id in options.progress?(done, requests.count, id) }
        var statuses: [String: [ExampleStatus]] = [:]
        var updated: [String] = []
        for recipe in recipes {
            guard let artifact = artifacts[recipe.id] else { continue }
            statuses[recipe.id] = artifact.statuses + artifact.diagnostics.map { ExampleStatus(example: "*", status: .failed, diagnostic: $0) }
            updated += artifact.updated
        }
        return CheckReport(recipes: recipes, diagnostics: diagnostics, statuses: statuses, updated: updated)
    }

    /// How `build` runs.
    public struct BuildOptions: Sendable {
        /// The binary to start as `worker` processes; nil builds in this process.
        public var workerExecutable: URL?
        /// How many workers.
        public var workers: Int
        /// The cache folder; nil disables the cache.
        public var cacheFolder: URL?
        /// Identifies the tool (version and binary), part of every cache key.
        public var toolStamp: String
        /// Called after each recipe with (recipes done, recipes in all, id).
        public var progress: (@Sendable (Int, Int, String) -> Void)?
        /// Called once when another build holds the output folder's lock, before waiting for it.
        public var waiting: (@Sendable (String) -> Void)?
        /// Printed on standard error when SIGINT, SIGTERM or SIGHUP stops the build.
        public var interruptedMessage: String?
        /// When a worker crashes, print all it wrote (the Swift backtrace), not only the one-line reason.
        public var verbose = false
        /// What one build keeps for the next in this process (`build --watch`; see `BuildMemory`).
        public var memory: BuildMemory?
        /// With `memory`: the recipe folders (first path components, "" for the files at the top)
        /// in which anything happened since the watch's last build, as its events say; nil walks
        /// the whole recipes folder for the inputs' fingerprint.
        public var touched: Set<String>?
        /// Called once the new site is in place, with the report as it stands, before the old site
        /// is removed and the stamp written (still under the lock): a watch prints its status line
        /// here. The report `build` returns adds what those two steps found.
        public var swapped: (@Sendable (BuildReport) -> Void)?
        /// Creates options.
        public init(workerExecutable: URL? = nil, workers: Int = 2, cacheFolder: URL? = nil, toolStamp: String = "",
                    progress: (@Sendable (Int, Int, String) -> Void)? = nil, waiting: (@Sendable (String) -> Void)? = nil,
                    interruptedMessage: String? = nil) {
            self.workerExecutable = workerExecutable
            self.workers = workers
            self.cacheFolder = cacheFolder
            self.toolStamp = toolStamp
            self.progress = progress
            self.waiting = waiting
            self.interruptedMessage = interruptedMessage
        }
    }

    /// What `build` did.
    public struct BuildReport: Sendable {
        /// Problems: load errors, failed examples with diffs, render errors, broken links; and,
        /// as warnings that did not stop the build, a cache that could not be used.
        public var diagnostics: [Diagnostic]
        /// Recipes built.
        public var recipes: Int
        /// Examples verified.
        public var examples: Int
        /// Recipes served from the cache.
        public var cached: Int
        /// Pages and files written.
        public var filesWritten: Int
        /// True when the site was written.
        public var succeeded: Bool
        /// True when the output folder was refused (it is not a site the build made, or it holds or
        /// sits in the recipes, the cache or the current folder): nothing was touched.
        public var refused: Bool = false
        /// True when nothing changed since the build that made the site (see `BuildStamp`): the site
        /// was left as it is, and `recipes` is how many it holds.
        public var upToDate: Bool = false
        /// The recipes whose worker ran (not served from the cache or the old site).
        public var rebuilt: [String] = []
    }

    /// Verifies every example, renders the site, checks its links, and swaps it into `output` whole.
    /// Pages are written into a staging folder as they are made; nothing reaches `output` when
    /// anything fails. `output` is refused, untouched, unless it is new, empty or a site a build
    /// made; builds into one folder run one at a time (see `SiteTransaction`).
    ///
    /// With the cache, a site whose stamp shows nothing changed is left as it is (`BuildStamp`),
    /// and each recipe whose content key is in the cache is restored from there (`BuildCache`).
    public func build(output: URL, shownAs shown: String? = nil, options: BuildOptions = BuildOptions()) -> BuildReport {
        let shownOut = shown ?? output.path
        let (cache, cacheWarning) = Self.usableCache(options)
        let target = SiteFolder.canonicalPath(output)
        let settings = BuildStamp.settings(recipes: SiteFolder.canonicalPath(recipesFolder), displayRoot: displayRoot, target: target)
        // The inputs' metadata, taken before any input is read: what the stamp and a watch's memory compare.
        let inputs = options.memory.map { $0.inputs(of: recipesFolder.path, touched: options.touched) }
            ?? (cache != nil ? FileFingerprint.of(recipesFolder.path, skipHidden: true) : nil)
        if let cache, let inputs,
           let stamp = BuildStamp.upToDate(target: target, shown: shownOut, cache: SiteFolder.canonicalPath(cache.folder),
                                           protected: protectedFolders(options).map { (SiteFolder.canonicalPath($0.url), $0.name) },
                                           tool: options.toolStamp, settings: settings, inputs: inputs,
                                           waiting: { options.waiting?(BuildLock.path(for: target)) }) {
            return BuildReport(diagnostics: [], recipes: stamp.recipes, examples: 0, cached: stamp.recipes, filesWritten: 0, succeeded: true, upToDate: true)
        }
        Interruption.install(message: options.interruptedMessage)
        let loaded = loadForBuild(inputs: inputs, settings: settings, memory: options.memory)
        let recipes = loaded.recipes
        var diagnostics = loaded.diagnostics + (cacheWarning.map { [$0] } ?? [])
        func failed(_ examples: Int = 0, cached: Int = 0, refused: Bool = false) -> BuildReport {
            BuildReport(diagnostics: diagnostics, recipes: recipes.count, examples: examples, cached: cached, filesWritten: 0, succeeded: false, refused: refused)
        }
        var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
        let transaction: SiteTransaction
        switch openSite(output, shown: shownOut, options: options) {
        case .success(let opened): transaction = opened
        case .failure(let failure):
            diagnostics.append(failure.diagnostic)
            return failed(refused: failure.refused)
        }
        // The site replaced, when it is still the one the stamp describes: its recipes of the same key are linked over as they are.
        let stamped = cache.flatMap { StampedSite.survey(target: target, cache: SiteFolder.canonicalPath($0.folder), tool: options.toolStamp, settings: settings) }
        let plan = plan(recipes, folderHashes: loaded.folderHashes, cache: cache, staging: transaction.staging, replacing: target,
                        stamped: stamped, options: options)
        // Only the recipes built now are checked for availability: an entry is stored only for a
        // recipe without a finding, and its key covers what the check reads (the recipe's files,
        // its deployment target, Apple's list in the tool).
        let built = recipes.filter { plan.cached[$0.id] == nil }
        let findings = AvailabilityCheck.findings(for: built)
        diagnostics += findings.flatMap { $0 }
        let flagged = Set(zip(built, findings).filter { !$0.1.isEmpty }.map(\.0.id))
        let artifacts = carryOut(plan, recipes: recipes, cache: cache, staging: transaction.staging, options: options, notStoring: flagged)
        KillPoint.recipesStaged.reached()
        let cached = plan.cached.count
        for recipe in recipes { diagnostics += artifacts[recipe.id]?.diagnostics ?? [] }
        let examples = recipes.reduce(0) { $0 + (artifacts[$1.id]?.examples ?? 0) }
        guard !hasErrors, recipes.allSatisfy({ artifacts[$0.id]?.passed == true }) else {
            return failed(examples, cached: cached)
        }
        let siteFiles: Set<String>
        do throws(Diagnostic) {
            let finished = try SitePages.finish(recipes: recipes, artifacts: artifacts, staging: transaction.staging, oldSite: target, site: shownOut)
            siteFiles = finished.files
            diagnostics += finished.broken
            KillPoint.pagesWritten.reached()
        } catch {
            diagnostics.append(error)
            return failed(examples, cached: cached)
        }
        guard !hasErrors else { return failed(examples, cached: cached) }
        do throws(SiteTransaction.Problem) {
            try transaction.commit(files: siteFiles.sorted())
        } catch {
            if case .failed(let message) = error { diagnostics.append(Diagnostic(file: shownOut, breaking: .write, message)) }
            return failed(examples, cached: cached)
        }
        var report = BuildReport(diagnostics: diagnostics, recipes: recipes.count, examples: examples, cached: cached, filesWritten: siteFiles.count,
                                 succeeded: true, rebuilt: plan.requests.map(\.id))
        options.swapped?(report)
        if let leftover = transaction.removeOldSite() {
            diagnostics.append(Diagnostic(file: shownOut, breaking: .write, severity: .warning, leftover))
        }
        // The stamp records the site after the old one is gone, still under the lock; only a build
        // without any diagnostic writes one.
        if let cache {
            let cacheFolder = SiteFolder.canonicalPath(cache.folder)
            // Inputs changed just before this build make a racy stamp: never up to date, but its site
            // and keys still serve the next build (`StampedSite`).
            let stamp = diagnostics.isEmpty ? inputs.flatMap { inputs in
                FileFingerprint.of(target, racyCheck: false)?.whole.stable.map {
                    BuildStamp(tool: options.toolStamp, settings: settings, inputs: inputs.whole, site: $0, keys: plan.keys)
                }
            } : nil
            if (try? stamp?.write(in: cacheFolder)) == nil { BuildStamp.remove(in: cacheFolder) }
        }
        if diagnostics.isEmpty, let inputs {
            options.memory?.keep(recipes, folderHashes: loaded.folderHashes, inputs: inputs, settings: settings)
        }
        report.diagnostics = diagnostics
        return report
    }

    /// Runs `requests` in worker processes when there is a worker executable (even a single one, so
    /// a recipe whose code traps fails alone), else in this process.
    func run(_ requests: [WorkerPool.Request], options: BuildOptions, progress: @escaping @Sendable (Int, String) -> Void) -> [String: RecipeArtifact] {
        if let executable = options.workerExecutable, !requests.isEmpty {
            return WorkerPool(executable: executable, count: options.workers, verbose: options.verbose, idle: options.memory?.workers)
                .run(requests, progress: progress)
        }
        var artifacts: [String: RecipeArtifact] = [:]
        for (done, request) in requests.enumerated() {
            artifacts[request.id] = Self.artifact(for: request, runner: runner)
            progress(done + 1, request.id)
        }
        return artifacts
    }

    /// Builds one recipe's artifact in this process: the work of a `pushbook worker`.
    static func artifact(for request: WorkerPool.Request, runner: ExampleRunner) -> RecipeArtifact {
        let root = URL(fileURLWithPath: request.root, isDirectory: true)
        let loader = RecipeLoader(root: root, displayRoot: request.displayRoot)
        let folder = root.appendingPathComponent(request.id, isDirectory: true)
        do {
            // The only full load: the page's files are read here, for a build, and nowhere else.
            switch request.mode {
            case .check, .update:
                let recipe = try loader.loadRecipe(id: request.id, folder: folder, pageFiles: false)
                return RecipeBuilder(runner: runner).check(recipe, update: request.mode.isUpdate)
            case .build(let key, let staging, let oldSite, let previous, let next):
                let recipe = try loader.loadRecipe(id: request.id, folder: folder, pageFiles: true)
                return RecipeBuilder(runner: runner).build(recipe, previous: previous, next: next, key: key,
                                                           staging: URL(fileURLWithPath: staging, isDirectory: true), oldSite: oldSite)
            }
        } catch {
            return .failure(id: request.id, key: request.key, diagnostic: error)
        }
    }

    /// Serves `pushbook worker`: reads requests frame by frame from `input` and writes each one's
    /// artifact as a frame to `output` (`FrameChannel`, `ArtifactJSON`). A request it cannot read,
    /// or an artifact over the channel's limit, ends it with a line on standard error that the
    /// build reports, rather than leave the build waiting for a reply.
    public func serveWorker(input: Int32, output: Int32) {
        let channel = FrameChannel(input: input, output: output)
        while let frame = channel.readFrame() {
            guard let request = ArtifactJSON.decode(WorkerPool.Request.self, from: frame) else {
                return FileHandle.standardError.write(Data("Fatal error: the worker cannot read a request of its build\n".utf8))
            }
            let reply = ArtifactJSON.encode(Self.artifact(for: request, runner: runner))
            guard reply.count <= FrameChannel.limit else {
                return FileHandle.standardError.write(Data("Fatal error: the artifact of '\(request.id)' is over \(FrameChannel.limit >> 20) MiB\n".utf8))
            }
            guard channel.writeFrame(reply) else { return }
        }
    }
}
