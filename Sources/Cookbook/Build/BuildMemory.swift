import Foundation
import NotificationSimulator

/// What `build --watch` keeps in memory from one of its builds to the next, so that a rebuild
/// after an edit neither loads nor hashes the unchanged recipes again, nor reads and decodes their
/// cache entries: the recipes as loaded, each with the metadata fingerprint its folder had before
/// it was read and the hash of its files, and the cache entries this process read and checked or
/// wrote itself, by recipe; and its worker processes, idle (`IdleWorkers`). (A one-shot build keeps
/// nothing: it loads and hashes every recipe.)
///
/// The disk stays the truth. A recipe is taken from memory only when its folder's fingerprint,
/// taken by the build that asks, is the recorded one and is not racy (see `FileFingerprint`): a
/// file changed behind the watch's back changes it. An entry is only ever looked up by its cache
/// key, which covers the recipe's files, the tool and the neighbours, so it is the artifact a
/// build for that key makes, with the bytes of its files as this process checked or wrote them;
/// it is checked as an entry read from the cache is (see `BuildCache.restore`). An entry whose
/// files were linked over from the stamped site (`StampedSite`) is kept without their bytes.
public final class BuildMemory: Sendable {
    /// What is kept: the settings of the build that kept it, the recipes and the entries.
    private struct State {
        var settings: String?
        var recipes: [String: (inputs: MetadataDigest, recipe: Recipe, folderHash: String)] = [:]
        var entries: [String: (entry: BuildCache.Entry, files: [[UInt8]]?)] = [:]
        var inputs: FileFingerprint?
    }

    private let state = Locked(State())

    /// The worker processes the last build left running for the next (`IdleWorkers`).
    let workers = IdleWorkers()

    /// An empty memory.
    public init() {}

    /// The ids of the worker processes kept running for the next build.
    public var workerProcesses: [Int32] { workers.processIdentifiers }

    /// Stops the worker processes kept for the next build.
    public func stopWorkers() { workers.stopAll() }

    /// The recipe `id` and the hash of its files as a build with settings `settings` loaded it
    /// when its folder's fingerprint was `inputs`; nil when that is not what was kept, or `inputs` is racy.
    func recipe(_ id: String, inputs: MetadataDigest?, settings: String) -> (recipe: Recipe, folderHash: String)? {
        state.withLock { state in
            guard state.settings == settings, let kept = state.recipes[id], kept.inputs.vouches(for: inputs) else { return nil }
            return (kept.recipe, kept.folderHash)
        }
    }

    /// The fingerprint of the recipes folder `root` for a build, taken before it reads any input,
    /// and kept for the next: with `touched` (the recipe folders a watch saw any event in since the
    /// last build asked; see `FolderWatcher.takeTouched`), the last one with those walked again;
    /// else a whole walk.
    func inputs(of root: String, touched: Set<String>?) -> FileFingerprint? {
        let last = state.withLock { $0.inputs }
        let now = touched.flatMap { last?.rewalking($0, under: root, skipHidden: true) } ?? FileFingerprint.of(root, skipHidden: true)
        state.withLock { $0.inputs = now }
        return now
    }

    /// Keeps the recipes of a build without diagnostics, with their folders' fingerprints taken
    /// before it read them (a racy one is not kept) and their hashes; forgets every other recipe.
    func keep(_ loaded: [Recipe], folderHashes: [String: String], inputs: FileFingerprint, settings: String) {
        state.withLock { state in
            if state.settings != nil && state.settings != settings { state.entries = [:] }
            state.settings = settings
            state.recipes = [:]
            for recipe in loaded {
                guard let digest = inputs.groups[recipe.id], digest.stable != nil, let hash = folderHashes[recipe.id] else { continue }
                state.recipes[recipe.id] = (digest, recipe, hash)
            }
        }
    }

    /// The entry kept for recipe `id` when it was made for `key`, with its files' bytes in the
    /// entry's order when they were read (an entry whose files were linked from the stamped site has none).
    func entry(_ id: String, key: String) -> (entry: BuildCache.Entry, files: [[UInt8]]?)? {
        state.withLock { state in state.entries[id].flatMap { $0.entry.artifact.key == key ? $0 : nil } }
    }

    /// Keeps an entry that passed `BuildCache.restore`'s checks or was just stored, with its files'
    /// bytes and, in its artifact, the links of its page as read from them (the last one per recipe).
    func keep(_ entry: BuildCache.Entry, files: [[UInt8]]?) {
        guard files == nil || files?.count == entry.files.count else { return }
        state.withLock { state in state.entries[entry.artifact.id] = (entry, files) }
    }
}
