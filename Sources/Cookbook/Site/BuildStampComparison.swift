import Foundation

extension BuildStamp {
    /// One build's comparison with the stamp of the site it replaces: the inputs' fingerprint,
    /// taken before any input is read, and the last build's stamp when the cache is on and the
    /// stamp is this tool's, for these settings. Without the cache (`--no-cache`) nothing is taken
    /// from a stamp, and none is written.
    struct Comparison: Sendable {
        /// The site folder, canonical.
        let target: String
        /// The recipes folder, canonical.
        let recipes: String
        /// The cache folder, canonical, when the cache is on and usable.
        let cache: String?
        /// The tool's identity.
        let tool: String
        /// `BuildStamp.settings` of this build.
        let settings: String
        /// The inputs' fingerprint.
        let inputs: FileFingerprint
        /// The last build's stamp, when it may be used.
        let previous: BuildStamp?

        /// Takes the inputs' fingerprint and reads the last stamp; nil when the recipes folder
        /// cannot be fingerprinted (the build then runs as it always did).
        init?(recipesFolder: URL, displayRoot: String, output: URL, tool: String, cacheFolder: URL?) {
            guard let inputs = FileFingerprint.of(recipesFolder.path, skipHidden: true) else { return nil }
            target = SiteFolder.canonicalPath(output)
            recipes = SiteFolder.canonicalPath(recipesFolder)
            let usable = cacheFolder.map { BuildCache(folder: $0).problem() == nil } ?? false
            cache = usable ? cacheFolder.map(SiteFolder.canonicalPath) : nil
            self.tool = tool
            self.inputs = inputs
            settings = BuildStamp.settings(recipes: recipes, displayRoot: displayRoot, target: target)
            previous = cache == nil ? nil : BuildStamp.read(site: target).flatMap { [settings] in $0.tool == tool && $0.settings == settings ? $0 : nil }
        }

        /// The stamp, when the site may be left as it is (see `BuildStamp.upToDate`); `waiting` is
        /// called with the lock file's path if another build holds it.
        func upToDate(shown: String, waiting: (String) -> Void) -> BuildStamp? {
            // The last stamp, read before the lock, must already say these inputs, or no stamp read
            // under it can (the inputs' fingerprint is this build's): the build runs, and the lock is
            // not taken, nor the site walked, twice.
            guard let cache, let previous, previous.inputs == inputs.whole, inputs.whole != FileFingerprint.racy else { return nil }
            return BuildStamp.upToDate(target: target, shown: shown, protected: [(recipes, "recipes folder"), (cache, "build cache")],
                                       tool: tool, settings: settings, inputs: inputs) { waiting(BuildLock.path(for: target)) }
        }

        /// What the last stamp recorded of recipe `id`.
        func recorded(_ id: String) -> RecipeEntry? { previous?.recipes[id] }

        /// True when recipe `id`'s files have the metadata the last stamp recorded (so the last
        /// build, which had no diagnostic, read them as they are).
        func isUnchanged(_ id: String) -> Bool { inputs.unchanged(id, recorded: recorded(id)?.inputs) }

        /// The recorded hash of recipe `id`'s files, when they are unchanged.
        func recordedFolderHash(of id: String) -> String? { isUnchanged(id) ? recorded(id)?.folderHash : nil }

        /// True when the site's files are the ones the last stamp describes (checked under the lock),
        /// with `taken` the site's fingerprint when it was taken already under this lock.
        func siteIsUnchanged(taken: FileFingerprint? = nil) -> Bool {
            guard let previous, previous.site != FileFingerprint.racy else { return false }
            return (taken ?? BuildStamp.siteFingerprint(target))?.whole == previous.site
        }

        /// Writes the stamp of the site just swapped in at `target` (under the lock), and the record
        /// of the recipes it loaded, `record` (`RecipeRecord.encoded`); without the cache, removes
        /// the last ones instead (a `--no-cache` build never leans on a stamp).
        /// `taken` is the site's fingerprint when the swap took it already and nothing changed the
        /// site's files since (see `SiteTransaction.committedFingerprint`). `links` is the digest of
        /// the link targets the build checked (see `SitePages.targetsDigest`).
        func stamp(_ target: String, recipes: [String: RecipeEntry], record: [UInt8], taken: FileFingerprint? = nil, links: String = "-") {
            guard cache != nil, let site = taken ?? BuildStamp.siteFingerprint(target) else { return BuildStamp.remove(for: target) }
            if (try? BuildStamp(tool: tool, settings: settings, inputs: inputs.whole, site: site.whole, recipes: recipes, links: links).write(for: target)) == nil {
                return BuildStamp.remove(for: target)
            }
            if (try? RecipeRecord.write(record, for: target)) == nil { RecipeRecord.remove(for: target) }
        }

        /// What the last stamp vouches for of the links (see `SitePages.CheckedLinks`): its targets'
        /// digest, and the pages of the recipes whose links digest (`stamped`, this build's) is the
        /// recorded one; nil without a recorded digest.
        func checkedLinks(stamped: [String: RecipeEntry], artifacts: [String: RecipeArtifact]) -> SitePages.CheckedLinks? {
            guard let previous, previous.links != "-" else { return nil }
            var unchanged: Set<String> = []
            for (id, entry) in stamped where entry.links != "-" && previous.recipes[id]?.links == entry.links {
                if let pages = artifacts[id]?.links.keys { unchanged.formUnion(pages) }
            }
            return SitePages.CheckedLinks(targets: previous.links, unchanged: unchanged)
        }

        /// The record of the recipes the last build loaded, when there is a last stamp to vouch for
        /// them and the record is this tool's, for these settings (see `RecipeRecord`).
        func recordedRecipes(root: URL, displayRoot: String) -> RecipeRecord? {
            guard cache != nil, previous != nil,
                  let record = RecipeRecord.read(for: target, root: root, displayRoot: displayRoot), record.tool == tool,
                  record.settings == settings else { return nil }
            return record
        }

        /// Recipe `id` as the last build loaded it, from `record`, when its folder's fingerprint is
        /// the one the record and the stamp recorded (and not racy).
        func unchangedRecipe(_ id: String, in record: RecipeRecord?) -> Recipe? {
            guard let record, isUnchanged(id) else { return nil }
            return record.recipe(id, inputs: inputs.groups[id])
        }
    }
}
