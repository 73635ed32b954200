import Foundation
import NotificationSimulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output folder (`--out`): which folders a build may replace, and the manifest that marks a
/// folder as the build's own.
///
/// A build replaces only a folder it made: one whose `.pushbook-manifest` lists every file in it
/// (or, for sites built before manifests existed, one laid out exactly as a pushbook site; see
/// `legacyLayout`). Anything else, and any folder that holds or sits inside the recipes, the cache
/// or the current folder, is refused before anything is touched.
enum SiteFolder {
    /// The manifest's file name, at the site's root.
    static let manifestName = ".pushbook-manifest"
    /// The first line of a finished site's manifest; the lines after it are the site's files.
    static let siteHeader = "pushbook site manifest 1"
    /// The first line of a staging folder's manifest: everything in that folder is the build's.
    static let stagingHeader = "pushbook staging folder 1"

    /// Why a folder may not be replaced by a site.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        /// What is wrong and what to do, naming the folder as the user gave it.
        var message: String
        /// The message.
        var description: String { message }
    }

    /// How a folder that may be replaced is owned.
    enum Ownership: Equatable {
        /// It does not exist yet.
        case absent
        /// It exists and is empty.
        case empty
        /// Its manifest lists every file in it.
        case manifest
        /// It has no manifest but is laid out exactly as a site of an earlier pushbook.
        case legacy
    }

    /// The manifest of a site made of `files` (paths relative to the site root): deterministic, sorted.
    static func manifest(files: [String]) -> String {
        ([siteHeader] + files.sorted()).joined(separator: "\n") + "\n"
    }

    /// The absolute path of `url` with every symbolic link resolved, as far as it exists: the
    /// nearest existing ancestor is resolved by `realpath` and the rest appended. A link at the end
    /// is resolved too, so a site given through a link replaces the link's target, never the link.
    static func canonicalPath(_ url: URL) -> String {
        var path = url.standardizedFileURL.path
        if !path.hasPrefix("/") { path = FileManager.default.currentDirectoryPath + "/" + path }
        var tail: [String] = []
        var current = (path as NSString).standardizingPath
        while true {
            if let resolved = realpath(current, nil) {
                defer { free(resolved) }
                var result = String(cString: resolved)
                for part in tail.reversed() { result += (result.hasSuffix("/") ? "" : "/") + part }
                return result
            }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || current.isEmpty { return path }
            tail.append((current as NSString).lastPathComponent)
            current = parent
        }
    }

    /// True when `path` is `folder` or inside it (both canonical).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Refuses `target` (canonical) unless replacing it destroys nothing but a site a build made.
    /// `shown` names it in messages; `protected` are folders a site may neither be, hold, nor sit in
    /// (the recipes, the cache), each with how to name it. `listing` lists the folder once it is
    /// known to be one that may be walked (`DirectoryWalker.entries` unless a caller has listed it already).
    static func checkReplaceable(_ target: String, shown: String, protected: [(path: String, name: String)],
                                 listing: (String) -> [DirectoryWalker.Entry] = DirectoryWalker.entries(under:)) throws(Refusal) -> Ownership {
        func refuse(_ why: String) -> Refusal {
            Refusal(message: "refusing to replace '\(shown)': \(why); nothing was changed")
        }
        if target == "/" { throw refuse("it is the root folder; choose an --out folder of its own") }
        let current = canonicalPath(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        if isInside(current, target) { throw refuse("it holds the current folder; choose an --out folder of its own") }
        for folder in protected {
            if folder.path == target { throw refuse("it is the \(folder.name); choose an --out folder of its own") }
            if isInside(folder.path, target) { throw refuse("it holds the \(folder.name); choose an --out folder of its own") }
            if isInside(target, folder.path) { throw refuse("it is inside the \(folder.name); choose an --out folder outside it") }
        }
        var info = stat()
        guard lstat(target, &info) == 0 else {
            if errno == ENOENT { return .absent }
            throw refuse("it cannot be examined (\(String(cString: strerror(errno))))")
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            // Only a link whose target does not exist is left unresolved by `canonicalPath`.
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(target, &buffer, buffer.count - 1)
            let destination = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
            throw refuse("it is a symbolic link to '\(destination)', which does not exist; create that folder first or give --out a folder")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw refuse("it is a file, not a site folder") }
        let entries = listing(target)
        if entries.isEmpty {
            guard access(target, R_OK | X_OK) == 0 else { throw refuse("it cannot be read") }
            return .empty
        }
        if entries.contains(where: { $0.path == manifestName }) {
            let foreign = try unlisted(entries, manifestAt: target + "/" + manifestName, refuse: refuse)
            guard foreign.isEmpty else {
                throw refuse("it holds what pushbook did not write (\(sample(foreign))); move that out of it or choose another --out")
            }
            return .manifest
        }
        if legacyLayout(entries, root: target, requireIndex: true) { return .legacy }
        let names = entries.filter { !$0.path.contains("/") }.map(\.path)
        throw refuse("it is not a site pushbook built (it has no \(manifestName) and holds \(sample(names))); choose a new or empty --out folder")
    }

    /// The entries of a folder that its manifest does not list (folders count as listed when they
    /// hold a listed file; the manifest's draft, `NAME.new`, is the build's too). A staging
    /// manifest lists everything.
    private static func unlisted(_ entries: [DirectoryWalker.Entry], manifestAt path: String,
                                 refuse: (String) -> Refusal) throws(Refusal) -> [String] {
        guard DirectoryWalker.lstatKind(path) == .file, let data = FileManager.default.contents(atPath: path) else {
            throw refuse("its \(manifestName) is not a file pushbook wrote")
        }
        let lines = manifestLines(data)
        if lines.first == stagingHeader { return [] }
        guard lines.first == siteHeader else { throw refuse("its \(manifestName) is not one pushbook wrote") }
        let files = Set(lines.dropFirst())
        let folders = listedFolders(of: files)
        return entries.compactMap { entry in
            if entry.path == manifestName || entry.path == manifestName + ".new" && entry.kind == .file { return nil }
            switch entry.kind {
            case .file where entry.validName && files.contains(entry.path): return nil
            case .directory where entry.validName && folders.contains(entry.path): return nil
            default: return entry.path
            }
        }
    }

    /// The lines of a manifest, as splitting its text at each line feed gives them (empty lines
    /// dropped). Split as bytes: a line feed byte is always a character of its own, except after a
    /// carriage return, where the text's split keeps "\r\n" whole, so such a manifest (never one
    /// pushbook wrote) is split as text.
    static func manifestLines(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        guard !bytes.contains(UInt8(ascii: "\r")) else { return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init) }
        return bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The folders that hold a listed file: every proper prefix of its path, components joined by
    /// `/` with empty ones dropped. A plain path (no empty component) adds its parents from the
    /// innermost out and stops at the first one already known (its own parents are known then too),
    /// so a site's thousands of files in a few hundred folders cost one lookup each.
    static func listedFolders(of files: Set<String>) -> Set<String> {
        var folders: Set<String> = []
        let slash = UInt8(ascii: "/")
        for file in files {
            let bytes = file.utf8
            let plain = bytes.first != slash && bytes.last != slash && !zip(bytes, bytes.dropFirst()).contains { $0 == slash && $1 == slash }
            guard plain else {
                var parts = file.split(separator: "/").dropLast()
                while !parts.isEmpty { folders.insert(parts.joined(separator: "/")); parts = parts.dropLast() }
                continue
            }
            var end = bytes.lastIndex(of: slash)
            while let cut = end, folders.insert(String(file[..<cut])).inserted {
                end = file[..<cut].utf8.lastIndex(of: slash)
            }
        }
        return folders
    }

    /// True when every entry is where a site of an earlier pushbook (before the manifest) puts
    /// files: `index.html`, `rules.html`, `search.html`, `search-index.js`, `send-to-a-device.html`, `playground.html`, `assets/NAME.css|js`,
    /// `recipes/ID.html` and `downloads/ID/NAME`, regular files and folders only, with the
    /// index linking pushbook's stylesheet (`requireIndex`; leftovers of a removal may lack it).
    static func legacyLayout(_ entries: [DirectoryWalker.Entry], root: String, requireIndex: Bool) -> Bool {
        let safe = PlainName.isPlain(_:) as (Substring) -> Bool
        for entry in entries {
            guard entry.validName else { return false }
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            let fits: Bool
            switch (entry.kind, parts.count) {
            case (.file, 1): fits = ["index.html", "rules.html", "search.html", "search-index.js", "send-to-a-device.html", "playground.html"].contains(entry.path)
            case (.directory, 1): fits = ["assets", "recipes", "downloads"].contains(entry.path)
            case (.file, 2):
                fits = safe(parts[1]) && ((parts[0] == "assets" && (parts[1].hasSuffix(".css") || parts[1].hasSuffix(".js")))
                    || (parts[0] == "recipes" && parts[1].hasSuffix(".html")))
            case (.directory, 2): fits = parts[0] == "downloads" && safe(parts[1])
            case (.file, 3): fits = parts[0] == "downloads" && safe(parts[1]) && safe(parts[2])
            default: fits = false
            }
            guard fits else { return false }
        }
        guard requireIndex else { return true }
        guard let index = FileManager.default.contents(atPath: root + "/index.html") else { return false }
        return String(decoding: index, as: UTF8.self).contains("href=\"assets/pushbook.css\"")
    }

    /// True when the folder at `path` is wholly the build's: a staging folder (also one killed
    /// while its manifest was being written), a site its manifest covers, or the remains of one
    /// (used for leftovers of interrupted builds).
    static func isOwnedLeftover(_ path: String) -> Bool {
        let entries = DirectoryWalker.entries(under: path)
        if entries.isEmpty { return true }
        // A staging folder whose build was killed while writing its manifest: the manifest alone,
        // empty or the start of the staging header.
        if entries.count == 1, entries[0].path == manifestName, entries[0].kind == .file,
           let data = FileManager.default.contents(atPath: path + "/" + manifestName),
           Array((stagingHeader + "\n").utf8).starts(with: Array(data)) {
            return true
        }
        if entries.contains(where: { $0.path == manifestName }) {
            let foreign = try? unlisted(entries, manifestAt: path + "/" + manifestName) { Refusal(message: $0) }
            return foreign?.isEmpty == true
        }
        return legacyLayout(entries, root: path, requireIndex: false)
    }

    /// Removes a folder the build owns, its manifest last, so that a removal cut short leaves a
    /// folder still recognised as the build's. Every entry is removed relative to its folder's
    /// descriptor (opened without following links: a link is removed, never what it points to),
    /// however deep; a folder the build cannot write into (its own, made read-only since) is made
    /// writable for its owner first. The entries one and two levels down are removed on every core
    /// (a site is mostly `downloads/ID/` folders). Returns false when something stayed.
    ///
    /// With `keepingFolders`, only what is not a folder goes (the manifest stays too): the folders
    /// stay, empty, for the next build's staging (`AtomicDirectory.keepFolders`); false when a file
    /// or link could not be removed (a name that is not UTF-8 is not seen: it stays, and the next
    /// build's `AtomicDirectory.reuse` refuses the folder).
    @discardableResult
    static func removeOwned(_ path: String, keepingFolders: Bool = false) -> Bool {
        let root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard root >= 0 else { return errno == ENOENT }
        makeWritable(root)
        var work: [(folder: Int32, name: String, isFolder: Bool)] = []
        var opened: [(descriptor: Int32, name: String)] = []
        for (name, isFolder) in entryNames(of: root) where name != manifestName {
            guard isFolder else { work.append((root, name, false)); continue }
            let child = openat(root, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            guard child >= 0 else { work.append((root, name, true)); continue }
            makeWritable(child)
            opened.append((child, name))
            work += entryNames(of: child).map { (child, $0.name, $0.isFolder) }
        }
        let failed = Locked(false)
        DispatchQueue.concurrentPerform(iterations: work.count) { [work] index in
            let item = work[index]
            let removed = item.isFolder ? removeTree(item.name, in: item.folder, keepingFolders: keepingFolders) : unlinkat(item.folder, item.name, 0) == 0
            if !removed { failed.withLock { $0 = true } }
            KillPoint.removing.reached()
        }
        for folder in opened {
            close(folder.descriptor)
            if !keepingFolders { unlinkat(root, folder.name, AT_REMOVEDIR) }
        }
        guard !keepingFolders else {
            close(root)
            return !failed.current
        }
        unlinkat(root, manifestName, 0)
        close(root)
        return rmdir(path) == 0 || errno == ENOENT
    }

    /// Removes the folder `name` in the folder open at `parent` and everything in it, one folder at
    /// a time from the top down, without following links; with `keepingFolders`, only the files
    /// and links in it and below. False when a file or link could not be removed.
    @discardableResult
    private static func removeTree(_ name: String, in parent: Int32, keepingFolders: Bool = false) -> Bool {
        let top = openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard top >= 0 else { return keepingFolders ? false : unlinkat(parent, name, AT_REMOVEDIR) == 0 }
        var removed = true
        makeWritable(top)
        // The folders being emptied, from `name` down: each with its remaining names.
        var stack: [(descriptor: Int32, name: String, names: [(name: String, isFolder: Bool)])] = [(top, name, entryNames(of: top))]
        while !stack.isEmpty {
            guard let (entry, isFolder) = stack[stack.count - 1].names.popLast() else {
                let done = stack.removeLast()
                close(done.descriptor)
                if !keepingFolders { unlinkat(stack.last?.descriptor ?? parent, done.name, AT_REMOVEDIR) }
                continue
            }
            let folder = stack[stack.count - 1].descriptor
            guard isFolder else {
                if unlinkat(folder, entry, 0) != 0 { removed = false }
                KillPoint.removing.reached()
                continue
            }
            let child = openat(folder, entry, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            guard child >= 0 else {
                if keepingFolders || unlinkat(folder, entry, AT_REMOVEDIR) != 0 { removed = false }
                continue
            }
            makeWritable(child)
            stack.append((child, entry, entryNames(of: child)))
        }
        return removed
    }

    /// Gives the owner write and search permission on the folder open at `descriptor` when it lacks them.
    private static func makeWritable(_ descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & 0o300 != 0o300 else { return }
        fchmod(descriptor, (info.st_mode & 0o7777) | 0o700)
    }

    /// The names in the folder open at `descriptor` (without `.` and `..`), each with whether it is a folder.
    private static func entryNames(of descriptor: Int32) -> [(name: String, isFolder: Bool)] {
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let handle = fdopendir(copy) else { close(copy); return [] }
        defer { closedir(handle) }
        var names: [(String, Bool)] = []
        while let entry = readdir(handle) {
            // A name that is not valid UTF-8 cannot be named by a String: it stays, and so does its
            // folder (the caller says what was left).
            guard let name = withUnsafeBytes(of: entry.pointee.d_name, DirectoryWalker.name(in:)),
                  name != ".", name != ".." else { continue }
            var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                var info = stat()
                isFolder = fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
            names.append((name, isFolder))
        }
        return names
    }

    /// Up to three names, quoted, and how many more.
    private static func sample(_ names: [String]) -> String {
        let shown = names.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        return names.count > 3 ? "\(shown) and \(names.count - 3) more" : shown
    }
}
