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
    /// `folder.path`, worked out once (each restore needs it, and `URL.path` is not free).
    let path: String

    /// The cache in `folder`.
    init(folder: URL) {
        self.folder = folder
        path = folder.path
    }

    /// The format of `entryFile`; entries of another format (the JSON of format 4 and before, in
    /// `entry.json`) are misses.
    static let format = 5

    /// The file of an entry's folder holding the entry, in `ArtifactCodec`'s form.
    static let entryFile = "entry.bin"

    /// What `entryFile` holds: the artifact and, for each file, its size and digest (Codable for tests
    /// that edit an entry as JSON; the cache itself holds `ArtifactCodec`'s bytes).
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
    /// entry of this format (`ArtifactCodec.entry(from:)`), for this recipe and key, and
    /// `isCacheable`; its files are the recipe's own (its page `recipes/ID.html` and downloads
    /// under `downloads/ID/`, plain names, each once); every file is
    /// a regular file (no link, device or FIFO) of the recorded size and digest; its search entries
    /// point into the recipe's page. The page's links and anchors are read again from the page
    /// itself. On a miss, nothing it copied stays in `staging`.
    ///
    /// With `site` (a linker from a site folder whose files the build stamp showed unchanged since a
    /// build made them for this very key into `staging`), each file is taken from that site instead,
    /// by a hard link (no new inode, no copy; see `OldSiteFile`): only a regular file with one link,
    /// of the recorded size. A file that does not qualify is copied from the cache and checked by
    /// digest as usual. When the entry's links of the page are the ones the stamp recorded
    /// (`vouchedLinks`, a `PageLinks.digest`) and the page is taken over from `site`, the page is
    /// not read at all; entry links of any other digest are never used.
    ///
    /// With `memory`, the entry it kept for this recipe and key is taken instead of reading
    /// `entryFile` (and checked the same way); an entry read and checked is kept there.
    ///
    /// With `staged` (a spare site as staging that holds the recipe's files for this key, see
    /// `SpareSite`), the files are left where they are when they are exactly the entry's; anything
    /// else is a miss, and the files are removed, so that the worker building the recipe writes
    /// into an empty place.
    func restore(key: String, id: String, into staging: URL, linkingFrom site: OldSiteFile.Linker? = nil, vouchedLinks: String? = nil,
                 memory: BuildMemory? = nil, staged spare: SpareSite? = nil) -> RecipeArtifact? {
        guard let artifact = restoreEntry(key: key, id: id, into: staging, linkingFrom: site, vouchedLinks: vouchedLinks, memory: memory,
                                          staged: spare) else {
            spare?.remove(id)
            return nil
        }
        return artifact
    }

    /// `restore` but for the removal of a spare's files on a miss (in one place).
    private func restoreEntry(key: String, id: String, into staging: URL, linkingFrom site: OldSiteFile.Linker?, vouchedLinks: String?,
                              memory: BuildMemory?, staged spare: SpareSite?) -> RecipeArtifact? {
        // Read below the cache folder itself, so that no part of the way, the entry's folder
        // included, may be a symbolic link (the cache folder was checked by `problem`).
        guard problem() == nil,
              let entry = memory?.entry(id, key: key) ?? (try? ContainedFile.read(id + "/" + Self.entryFile, under: path, limit: 256 << 20))
                  .flatMap(ArtifactCodec.entry(from:)),
              entry.format == Self.format, entry.artifact.key == key, entry.artifact.id == id, Self.isCacheable(entry.artifact),
              entry.files.map(\.path) == entry.artifact.files,
              Self.areOwnFiles(entry.artifact.files, of: id), Self.areOwnSearchEntries(entry.artifact.search, of: id) else { return nil }
        memory?.keep(entry)
        var artifact = entry.artifact
        // The entry's links count only as the stamp vouches for them, and only for a page taken over unread.
        let page = RecipePage.path(of: id)
        let linksVouched = site != nil && vouchedLinks != nil && Array(artifact.links.keys) == [page]
            && PageLinks.digest(artifact.links) == vouchedLinks
        artifact.links = [:]
        if let spare {
            guard spare.files[id] == Set(entry.files.map(\.path)) else { return nil }
            if Array(entry.artifact.links.keys) == [page], PageLinks.digest(entry.artifact.links) == spare.recipes[id]?.links {
                artifact.links = entry.artifact.links
            } else {
                guard let bytes = try? ContainedFile.read(page, under: staging.path, limit: 256 << 20) else { return nil }
                artifact.links = Self.links(of: page, in: bytes)
            }
            return artifact
        }
        var written: [String] = []
        func miss() -> RecipeArtifact? {
            for path in written { unlink(staging.path + "/" + path) }
            return nil
        }
        for file in entry.files {
            let isPage = file.path == page
            if let site, let bytes = site.take(file.path, size: file.bytes, reading: isPage && !linksVouched) {
                written.append(file.path)
                if isPage && linksVouched {
                    artifact.links = entry.artifact.links
                } else if isPage {
                    artifact.links = Self.links(of: page, in: bytes)
                }
                continue
            }
            guard let bytes = try? ContainedFile.read(id + "/files/" + file.path, under: path, limit: 256 << 20),
                  bytes.count == file.bytes, ContentHash.digest(bytes) == file.digest else { return miss() }
            do {
                try FileWriter.makeFolders(for: file.path, under: staging.path)
                try FileWriter.save(bytes, to: staging.path + "/" + file.path)
            } catch {
                return miss()
            }
            written.append(file.path)
            if file.path == page { artifact.links = Self.links(of: page, in: bytes) }
        }
        return artifact
    }

    /// The anchors and links of the recipe page `page` whose bytes are `bytes`, as an artifact holds them.
    private static func links(of page: String, in bytes: [UInt8]) -> [String: PageLinks] {
        let links = LinkChecker.links(in: String(decoding: bytes, as: UTF8.self))
        return [page: PageLinks(ids: links.ids.sorted(), hrefs: links.hrefs)]
    }

    /// Stores a passing artifact with copies of its files from `staging` and their digests
    /// (failures are never cached: see `isCacheable`). A file that cannot be read leaves the cache as it was.
    /// Returns the entry stored, or nil.
    @discardableResult
    func store(_ artifact: RecipeArtifact, from staging: URL) -> Entry? {
        guard Self.isCacheable(artifact), problem() == nil else { return nil }
        let fm = FileManager.default
        let temporary = folder.appendingPathComponent(".\(artifact.id).\(getpid()).tmp", isDirectory: true)
        try? fm.removeItem(at: temporary)
        do {
            try fm.createDirectory(at: temporary.appendingPathComponent("files"), withIntermediateDirectories: true)
            var stored: [StoredFile] = []
            for path in artifact.files {
                let bytes = try ContainedFile.read(path, under: staging.path)
                try FileWriter.makeFolders(for: path, under: temporary.path + "/files")
                try FileWriter.save(bytes, to: temporary.path + "/files/" + path)
                stored.append(StoredFile(path: path, bytes: bytes.count, digest: ContentHash.digest(bytes)))
            }
            let entry = Entry(format: Self.format, artifact: artifact, files: stored)
            try FileWriter.save(ArtifactCodec.encode(entry), to: temporary.path + "/" + Self.entryFile)
            let entryFolder = folder.appendingPathComponent(artifact.id, isDirectory: true)
            try? fm.removeItem(at: entryFolder)
            try fm.moveItem(at: temporary, to: entryFolder)
            return entry
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
        artifact.passed && artifact.diagnostics.isEmpty && artifact.statuses.isEmpty && artifact.updated.isEmpty
    }

    /// True when `files` are recipe `id`'s page, downloads and prose images only: `recipes/ID.html`
    /// once, `downloads/ID/NAME`, and `media/ID/PATH`, with plain names (ASCII letters, digits, `-`,
    /// `_`, `.`, not starting with `.`).
    static func areOwnFiles(_ files: [String], of id: String) -> Bool {
        guard files.first == RecipePage.path(of: id), Set(files).count == files.count else { return false }
        // Read as bytes, part by part (`/` is ASCII, and a part with any other byte than a plain
        // name's fails anyway): it runs for every file of every recipe taken from the cache.
        var id = id
        return id.withUTF8 { id in
            files.dropFirst().allSatisfy { path in
                var path = path
                return path.withUTF8 { Self.isOwnFile($0, of: id) }
            }
        }
    }

    /// True when `path` is `downloads/ID/NAME` or `media/ID/PATH` of recipe `id`, every part after the id plain.
    private static func isOwnFile(_ path: UnsafeBufferPointer<UInt8>, of id: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let slash = path.firstIndex(of: UInt8(ascii: "/")) else { return false }
        let top = path[..<slash]
        let downloads = top.elementsEqual("downloads".utf8)
        guard downloads || top.elementsEqual("media".utf8) else { return false }
        var start = slash + 1
        guard path.count >= start + id.count + 1, path[start..<(start + id.count)].elementsEqual(id),
              path[start + id.count] == UInt8(ascii: "/") else { return false }
        start += id.count + 1
        var parts = 0
        while true {
            let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.count
            guard PlainName.isPlain(bytes: UnsafeBufferPointer(rebasing: path[start..<end])) else { return false }
            parts += 1
            if end == path.count { break }
            start = end + 1
        }
        return !downloads || parts == 1
    }

    /// True when every search entry points into recipe `id`'s page (at most with an anchor of plain characters).
    static func areOwnSearchEntries(_ entries: [SearchEntry], of id: String) -> Bool {
        var page = RecipePage.path(of: id)
        return page.withUTF8 { page in
            entries.allSatisfy { entry in
                var url = entry.url
                return url.withUTF8 { url in
                    guard url.count >= page.count, url[..<page.count].elementsEqual(page) else { return false }
                    return url.count == page.count
                        || (url[page.count] == UInt8(ascii: "#") && PlainName.isPlain(bytes: UnsafeBufferPointer(rebasing: url[(page.count + 1)...])))
                }
            }
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
