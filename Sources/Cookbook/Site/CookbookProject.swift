import Foundation
import Payloads
import NotificationSimulator

/// The cookbook as a whole: load the recipes, run and verify their examples, render and write the site.
///
/// The pipeline of DESIGN.md: load → run each example → verify against `expected/` → render → write.
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
        let requests = recipes.map {
            WorkerPool.Request(root: recipesFolder.path, displayRoot: displayRoot, id: $0.id, previous: nil, next: nil, key: "", staging: "", mode: mode)
        }
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
        /// Runs the last steps of a build whose site was swapped in (removing the old site, writing
        /// the stamp, still under the lock) when it likes, once the build has returned; a watch runs
        /// them on another thread and waits for them before its next build. Nil: before returning.
        public var finishLater: (@Sendable (@escaping @Sendable () -> Void) -> Void)?
        /// True when the process ends after this build (a one-shot `pushbook build`): the build's
        /// values (the recipes, their artifacts) are left to the kernel instead of being freed one
        /// by one on the way out, which took about a twentieth of an edit's rebuild.
        public var processEndsAfter = false

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
    public func build(output: URL, shownAs shown: String? = nil, options: BuildOptions = BuildOptions()) -> BuildReport {
        // The inputs' metadata, before any input is read; with the cache, the stamp of the last build
        // may show that nothing changed, or which recipes did (see BuildStamp).
        // Without a cache no stamp is read or written (the old one is removed at the end), so the
        // inputs' metadata are not taken either.
        let fast = options.cacheFolder == nil ? nil
            : BuildStamp.Comparison(recipesFolder: recipesFolder, displayRoot: displayRoot, output: output, tool: options.toolStamp,
                                    cacheFolder: options.cacheFolder)
        if let stamp = fast?.upToDate(shown: shown ?? output.path, waiting: { options.waiting?($0) }) {
            return BuildReport(diagnostics: [], recipes: stamp.recipes.count, examples: 0, cached: stamp.recipes.count, filesWritten: 0, succeeded: true, upToDate: true)
        }
        let shownOut = shown ?? output.path
        // The recipes are loaded on a thread of their own while this one takes the output folder
        // (its lock, its check, the spare): neither needs the other. The record of the recipes
        // loaded (written with the stamp, see `RecipeRecord`) is encoded after them, on a thread of
        // its own too: nothing the build does later changes it.
        let root = recipesFolder, display = displayRoot, watchMemory = options.memory
        let loading = BackgroundValue { [self] in
            let loaded = loadForBuild(comparedWith: fast, memory: watchMemory)
            let record = fast.map { fast in
                BackgroundValue {
                    RecipeRecord(tool: fast.tool, settings: fast.settings, fingerprint: fast.inputs, loaded: loaded.recipes)
                        .encoded(root: root, displayRoot: display, reusing: loaded.recorded)
                }
            }
            return (loaded: loaded, record: record)
        }
        let (cache, cacheWarning) = Self.usableCache(options)
        Interruption.install(message: options.interruptedMessage)
        let opened = openSite(output, shown: shownOut, options: options, fingerprint: fast?.previous != nil,
                              spare: fast.flatMap { $0.cache == nil ? nil : ($0.tool, $0.settings) })
        let ((recipes, loadDiagnostics, availability, _), record) = loading.value
        // The availability check's findings join the load's once the workers are done (or the site
        // could not be opened): nothing reads `diagnostics` before.
        var diagnostics = cacheWarning.map { [$0] } ?? []
        func failed(_ examples: Int = 0, cached: Int = 0, refused: Bool = false) -> BuildReport {
            BuildReport(diagnostics: diagnostics, recipes: recipes.count, examples: examples, cached: cached, filesWritten: 0, succeeded: false, refused: refused)
        }
        var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
        let transaction: SiteTransaction
        switch opened {
        case .success(let opened): transaction = opened
        case .failure(let failure):
            diagnostics = loadDiagnostics + availability.value + diagnostics + [failure.diagnostic]
            return failed(refused: failure.refused)
        }
        let plan = plan(recipes, cache: cache, comparedWith: fast, site: transaction, toolStamp: options.toolStamp, memory: options.memory,
                        options: options)
        let (artifacts, stamped) = carryOut(plan, recipes: recipes, cache: cache, staging: transaction.staging, options: options)
        diagnostics = loadDiagnostics + availability.value + diagnostics
        let cached = plan.cached.count
        for recipe in recipes { diagnostics += artifacts[recipe.id]?.diagnostics ?? [] }
        let examples = recipes.reduce(0) { $0 + (artifacts[$1.id]?.examples ?? 0) }
        guard !hasErrors, recipes.allSatisfy({ artifacts[$0.id]?.passed == true }) else {
            return failed(examples, cached: cached)
        }
        let siteFiles: Set<String>, targets: String
        switch Self.finishSite(recipes: recipes, artifacts: artifacts, site: transaction, shown: shownOut,
                               checked: fast.flatMap { $0.checkedLinks(stamped: stamped, artifacts: artifacts) }) {
        case .success(let finished):
            siteFiles = finished.files
            targets = finished.targets
            diagnostics += finished.broken
        case .failure(let problem):
            diagnostics.append(problem)
            return failed(examples, cached: cached)
        }
        guard !hasErrors else { return failed(examples, cached: cached) }
        do throws(SiteTransaction.Problem) {
            try transaction.commit(files: siteFiles.sorted(), untouched: plan.untouched)
        } catch {
            if case .failed(let message) = error { diagnostics.append(Diagnostic(file: shownOut, breaking: .write, message)) }
            return failed(examples, cached: cached)
        }
        // The stamp records the site after the old one is gone (its files' link counts and change times).
        let clean = diagnostics.isEmpty, memory = options.memory, removesStamp = !clean || options.cacheFolder == nil
        // The replaced site stays as the next build's spare when its stamp described it (so the
        // stamp's entries say what it holds); otherwise it goes.
        let spare = clean && fast?.cache != nil && fast?.siteIsUnchanged(taken: transaction.siteFingerprint) == true ? fast : nil
        let finish: @Sendable () -> Void = { [stamped] in
            // Kept as the spare, the old site shares its files' links as they were at the swap, so
            // the fingerprint the swap took is the site's; removed, it changes their link counts.
            var taken: FileFingerprint?
            if let spare, let previous = spare.previous {
                transaction.keepOldSite(recipes: previous.recipes, tool: spare.tool, settings: spare.settings)
                taken = transaction.committedFingerprint
            } else {
                transaction.removeOldSite()
            }
            if clean, let fast {
                fast.stamp(transaction.target, recipes: stamped, record: record?.value ?? [], taken: taken, links: targets)
            } else if removesStamp {
                BuildStamp.remove(for: transaction.target)
            }
            if clean, let fast { memory?.keep(recipes, inputs: fast.inputs, settings: fast.settings) }
        }
        if let later = options.finishLater { later(finish) } else { finish() }
        if options.processEndsAfter { ProcessEnd.leave((recipes, artifacts, plan, stamped, siteFiles, fast, record)) }
        return BuildReport(diagnostics: diagnostics, recipes: recipes.count, examples: examples, cached: cached, filesWritten: siteFiles.count, succeeded: true,
                           rebuilt: plan.requests.map(\.id))
    }

    /// Runs `requests` in worker processes when there is a worker executable (even a single one, so
    /// a recipe whose code traps fails alone), else in this process.
    func run(_ requests: [WorkerPool.Request], options: BuildOptions, progress: @escaping @Sendable (Int, String) -> Void) -> [String: RecipeArtifact] {
        if let executable = options.workerExecutable, !requests.isEmpty {
            return WorkerPool(executable: executable, count: options.workers, verbose: options.verbose).run(requests, progress: progress)
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
        do {
            // The only full load: the page's files are read here, for a build, and nowhere else.
            let recipe = try loader.loadRecipe(id: request.id, folder: root.appendingPathComponent(request.id, isDirectory: true),
                                               pageFiles: request.mode == .build)
            if request.mode != .build {
                return RecipeBuilder(runner: runner).check(recipe, update: request.mode == .update, key: request.key)
            }
            return RecipeBuilder(runner: runner).build(recipe, previous: request.previous, next: request.next, key: request.key,
                                                       staging: URL(fileURLWithPath: request.staging, isDirectory: true), reusing: request.site)
        } catch {
            return .failure(id: request.id, key: request.key, diagnostic: error)
        }
    }

    /// Serves `pushbook worker`: reads requests frame by frame from `input` and writes each one's
    /// artifact as a frame to `output` (`FrameChannel`, `ArtifactCodec`). A request it cannot read,
    /// or an artifact over the channel's limit, ends it with a line on standard error that the
    /// build reports, rather than leave the build waiting for a reply.
    public func serveWorker(input: Int32, output: Int32) {
        let channel = FrameChannel(input: input, output: output)
        while let frame = channel.readFrame() {
            guard let request = ArtifactCodec.request(from: frame) else {
                return FileHandle.standardError.write(Data("Fatal error: the worker cannot read a request of its build\n".utf8))
            }
            let reply = ArtifactCodec.encode(Self.artifact(for: request, runner: runner))
            guard reply.count <= FrameChannel.limit else {
                return FileHandle.standardError.write(Data("Fatal error: the artifact of '\(request.id)' is over \(FrameChannel.limit >> 20) MiB\n".utf8))
            }
            guard channel.writeFrame(reply) else { return }
        }
    }
}
