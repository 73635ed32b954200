import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Recipe artifacts stored by cache key, so a rebuild with nothing changed runs and renders nothing.
///
/// The key covers the tool (its version and binary), the recipe folder's every file, and the
/// neighbouring recipes shown in the previous/next links. The cache is untrusted input: an entry
/// is used only when it is wholly well-formed (see `restore`); anything else is a miss and the
/// recipe is built again. Site files are copies, never links, so editing the site cannot change
/// the cache and the reverse.
struct BuildCache: Sendable {
    /// The folder holding the entries.
    let folder: URL
    /// `folder.path`.
    let path: String

    /// The cache in `folder`.
    init(folder: URL) {
        self.folder = folder
        path = folder.path
    }

    /// The format of `entryFile`; entries of another format are misses.
    static let format = 7

    /// The file of an entry's folder holding the entry, as `ArtifactJSON`.
    static let entryFile = "entry.json"

    /// The file of an entry's folder holding its files' bytes, one after the other in the entry's
    /// order: one file to write, open and read per recipe, however many files the recipe has.
    static let bytesFile = "files.bin"

    /// The most bytes an entry's files may hold together.
    static let bytesLimit = 1 << 30

    /// What `entryFile` holds: the artifact and, for each file, its size and digest.
    struct Entry: Codable, Sendable, Equatable {
        /// `BuildCache.format`.
        var format: Int
        /// The artifact, as the build made it.
        var artifact: RecipeArtifact
        /// The files, in the artifact's order.
        var files: [StoredFile]
    }

    /// One stored file: its path in the site, its size and the digest of its bytes.
    struct StoredFile: Codable, Sendable, Equatable {
        /// Relative to the site root.
        var path: String
        /// Its size in bytes.
        var bytes: Int
        /// `ContentHash.digest` of its bytes.
        var digest: String
    }

    /// Why a cache folder cannot be used at all (the build then runs without it), or nil.
    func problem() -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK { return "the cache folder '\(folder.relativePath)' is a symbolic link; building without the cache" }
        if info.st_mode & S_IFMT != S_IFDIR { return "the cache folder '\(folder.relativePath)' is not a folder; building without the cache" }
        return nil
    }

    /// The artifact stored for `key`, with its files copied into `staging`; nil on a miss.
    ///
    /// An entry is used only when: it is a regular file reached without symbolic links, wholly one
    /// entry of this format (`ArtifactJSON`), for this recipe and key, and
    /// `isCacheable`; its files are the recipe's own (its page `recipes/ID.html` and downloads
    /// under `downloads/ID/`, plain names, each once); its bytes file is a regular file (no link,
    /// device or FIFO) of exactly the recorded sizes' sum, and each file's bytes in it have the
    /// recorded digest; its search entries point into the recipe's
    /// page. The page's links and anchors are read again from the page itself. On a miss, nothing
    /// it copied stays in `staging`.
    ///
    /// With `memory` (a watch), the entry it kept for this recipe and key, with its files' bytes
    /// and the page's links, is taken instead of reading the cache folder (and checked the same
    /// way, but for the digests and links this process took already); an entry read and checked
    /// is kept there, with the links read from its page.
    ///
    /// With `oldSite` (the site this build replaces), a file of the old site that holds exactly the
    /// checked bytes is linked into `staging` instead of written (`FileWriter.place`); the site
    /// never shares a file with the cache.
    ///
    /// With `stamped` (the old site, when it is still the one the stamp describes), a recipe the
    /// site holds for this very key has its files linked over from there as they are, each still
    /// the inode the survey saw (`StampedSite`), without reading the bytes file; anything else
    /// takes the way above.
    func restore(key: String, id: String, into staging: URL, replacing oldSite: String? = nil, memory: BuildMemory? = nil,
                 stamped: StampedSite? = nil) -> RecipeArtifact? {
        // Read below the cache folder itself, so that no part of the way, the entry's folder
        // included, may be a symbolic link (the cache folder was checked by `problem`).
        let kept = memory?.entry(id, key: key)
        // The folders of the entry and of the old site stay open for all of the entry's files.
        let cacheFolders = ContainedFolders(root: path)
        let oldFolders = oldSite.map { ContainedFolders(root: $0) }
        var made: Set<Substring> = []
        guard problem() == nil,
              let entry = kept?.entry ?? (try? ContainedFile.read(id + "/" + Self.entryFile, in: cacheFolders, limit: 256 << 20))
                  .flatMap({ ArtifactJSON.decode(Entry.self, from: $0) }),
              entry.format == Self.format, entry.artifact.key == key, entry.artifact.id == id, Self.isCacheable(entry.artifact),
              entry.files.map(\.path) == entry.artifact.files,
              Self.areOwnFiles(entry.artifact.files, of: id), Self.areOwnSearchEntries(entry.artifact.search, of: id) else { return nil }
        var artifact = entry.artifact
        let page = RecipePage.path(of: id)
        artifact.links = [:]
        var written: [String] = [], contents: [[UInt8]] = []
        // The files' bytes: the kept ones, else the entry's bytes file, which holds exactly the
        // sizes the entry gives, one after the other.
        let sizes = entry.files.map(\.bytes)
        // Each size is checked before the sum, which then cannot overflow.
        guard sizes.allSatisfy({ (0...Self.bytesLimit).contains($0) }) else { return nil }
        let total = sizes.reduce(0, +)
        guard total <= Self.bytesLimit else { return nil }
        if let oldFolders, let identities = stamped?.identities(of: id, key: key, paths: entry.artifact.files, sizes: sizes),
           let links = Self.link(entry, from: oldFolders, identities: identities, into: staging.path, links: kept?.entry.artifact.links) {
            artifact.links = links
            var checked = entry
            checked.artifact.links = links
            memory?.keep(checked, files: kept?.files)
            return artifact
        }
        let keptFiles = kept?.files
        let stored: [UInt8]? = keptFiles != nil ? nil : try? ContainedFile.read(id + "/" + Self.bytesFile, in: cacheFolders, limit: total)
        if keptFiles == nil && stored?.count != total { return nil }
        var offset = 0
        for (index, file) in entry.files.enumerated() {
            let bytes = keptFiles?[index] ?? stored.map { Array($0[offset..<(offset + file.bytes)]) }
            offset += file.bytes
            guard let bytes, bytes.count == file.bytes, keptFiles != nil || ContentHash.digest(bytes) == file.digest,
                  (try? FileWriter.place(bytes, at: file.path, under: staging.path, linkingFrom: oldFolders, made: &made)) != nil else {
                for path in written { unlink(staging.path + "/" + path) }
                return nil
            }
            written.append(file.path)
            contents.append(bytes)
            // A kept entry's links are the ones this process read from these very bytes.
            if file.path == page { artifact.links = kept?.entry.artifact.links ?? Self.links(of: page, in: bytes) }
        }
        var checked = entry
        checked.artifact.links = artifact.links
        memory?.keep(checked, files: contents)
        return artifact
    }

    /// Links each file of `entry` from the old site's `folders` into `staging` when it is still the
    /// inode of `identities` (in the entry's order), and returns the page's links: `links` when
    /// given (kept for this key), else read from the page linked. Nil, with nothing left linked, when a file fails.
    private static func link(_ entry: Entry, from folders: ContainedFolders, identities: [FileIdentity], into staging: String,
                             links: [String: PageLinks]?) -> [String: PageLinks]? {
        let page = RecipePage.path(of: entry.artifact.id)
        var made: Set<Substring> = [], linked: [String] = [], pageLinks = links
        for (file, identity) in zip(entry.files, identities) {
            let reading = file.path == page && links == nil
            guard (try? FileWriter.makeFolders(for: file.path, under: staging, made: &made)) != nil,
                  let bytes = ContainedFile.link(file.path, in: folders, to: staging + "/" + file.path, ifStill: identity, reading: reading) else {
                for path in linked { unlink(staging + "/" + path) }
                return nil
            }
            linked.append(file.path)
            if reading { pageLinks = Self.links(of: page, in: bytes) }
        }
        return pageLinks
    }

    /// The anchors and links of the recipe page `page` whose bytes are `bytes`, as an artifact holds them.
    private static func links(of page: String, in bytes: [UInt8]) -> [String: PageLinks] {
        let links = bytes.withUnsafeBufferPointer(LinkChecker.links(inBytes:))
        return [page: PageLinks(ids: links.ids.sorted(), hrefs: links.hrefs)]
    }

    /// Stores a passing artifact with a copy of its files' bytes from `staging` (one bytes file) and their digests
    /// (failures are never cached: see `isCacheable`). A file that cannot be read leaves the cache as it was.
    /// Returns the entry stored, with its files' bytes, or nil.
    @discardableResult
    func store(_ artifact: RecipeArtifact, from staging: URL) -> (entry: Entry, files: [[UInt8]])? {
        guard Self.isCacheable(artifact), problem() == nil else { return nil }
        let fm = FileManager.default
        let temporary = folder.appendingPathComponent(".\(artifact.id).\(getpid()).tmp", isDirectory: true)
        try? fm.removeItem(at: temporary)
        do {
            try fm.createDirectory(at: temporary, withIntermediateDirectories: true)
            var stored: [StoredFile] = [], contents: [[UInt8]] = [], all: [UInt8] = []
            for path in artifact.files {
                let bytes = try ContainedFile.read(path, under: staging.path)
                contents.append(bytes)
                all += bytes
                stored.append(StoredFile(path: path, bytes: bytes.count, digest: ContentHash.digest(bytes)))
            }
            guard all.count <= Self.bytesLimit else { throw CocoaError(.fileWriteOutOfSpace) }
            try FileWriter.save(all, to: temporary.path + "/" + Self.bytesFile)
            let entry = Entry(format: Self.format, artifact: artifact, files: stored)
            // Without the page's links: `restore` reads them from the page's bytes, never from the entry.
            var onDisk = entry
            onDisk.artifact.links = [:]
            try FileWriter.save(ArtifactJSON.encode(onDisk), to: temporary.path + "/" + Self.entryFile)
            let entryFolder = folder.appendingPathComponent(artifact.id, isDirectory: true)
            try? fm.removeItem(at: entryFolder)
            try fm.moveItem(at: temporary, to: entryFolder)
            return (entry, contents)
        } catch {
            try? fm.removeItem(at: temporary)
            return nil
        }
    }

    /// True for what a build of a passing recipe makes: passed, with no diagnostics, no example
    /// statuses and no updated files (those only a failure or `check` has). Nothing else is stored,
    /// and an entry holding anything else is a miss: a poisoned entry cannot put a finding or a
    /// status into a build's report.
    static func isCacheable(_ artifact: RecipeArtifact) -> Bool {
        artifact.key != nil && artifact.passed && artifact.diagnostics.isEmpty && artifact.statuses.isEmpty && artifact.updated.isEmpty
    }

    /// True when `files` are recipe `id`'s page, downloads and prose images only: `recipes/ID.html`
    /// once, `downloads/ID/NAME`, and `media/ID/PATH`, with plain names (ASCII letters, digits, `-`,
    /// `_`, `.`, not starting with `.`).
    static func areOwnFiles(_ files: [String], of id: String) -> Bool {
        guard files.first == RecipePage.path(of: id), Set(files).count == files.count else { return false }
        // Split as bytes: `/` is ASCII, and a plain name is ASCII too.
        return files.dropFirst().allSatisfy { path in
            let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            guard parts.count >= 3, parts[1].elementsEqual(id.utf8), parts.dropFirst(2).allSatisfy({ PlainName.isPlain(Substring($0)) }) else { return false }
            return parts[0].elementsEqual("media".utf8) || (parts[0].elementsEqual("downloads".utf8) && parts.count == 3)
        }
    }

    /// True when every search entry points into recipe `id`'s page (at most with an anchor of plain characters).
    static func areOwnSearchEntries(_ entries: [SearchEntry], of id: String) -> Bool {
        let page = RecipePage.path(of: id)
        return entries.allSatisfy { entry in
            entry.url == page || (entry.url.hasPrefix(page + "#") && PlainName.isPlain(entry.url.dropFirst(page.count + 1)))
        }
    }

    /// The hash of every file of a recipe's folder (what `key` covers of the recipe itself).
    static func folderHash(of recipe: Recipe) -> String {
        ContentHash.ofFolder(recipe.folder).hex
    }

    /// The key of a recipe's artifact; `folderHash` is the recipe's `folderHash(of:)`.
    static func key(toolStamp: String, recipe: Recipe, folderHash: String? = nil, previous: RecipeLink?, next: RecipeLink?) -> String {
        var hash = ContentHash()
        hash.update(folderHash ?? Self.folderHash(of: recipe))
        hash.update(toolStamp)
        hash.update(recipe.id)
        hash.update(recipe.pagePath)
        for link in [previous, next] { hash.update(link.map { "\($0.id)\u{1}\($0.title)" } ?? "-") }
        return hash.hex
    }
}
