import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a directory with a freshly written one in a single step, so that an interrupted build
/// leaves either the old site or the new one, never a mix.
///
/// On Linux the swap is `renameat2(RENAME_EXCHANGE)`; where that is missing it falls back to two
/// renames, and the next run restores a directory left aside between them. Callers hold the
/// target's `BuildLock`, so the leftovers it removes are never another running build's.
enum AtomicDirectory {
    /// The name of a folder next to `target` (canonical path) used while building: `.NAME.ROLE-PID`.
    static func sibling(of target: String, _ role: String, pid: Int32 = getpid()) -> String {
        (target as NSString).deletingLastPathComponent + "/.\((target as NSString).lastPathComponent).\(role)-\(pid)"
    }

    /// The folder next to `target` (canonical path) holding, between two builds, the folders of the
    /// site the last one replaced, emptied of their files: `.NAME.pushbook-folders`.
    static func keptFolders(of target: String) -> String {
        (target as NSString).deletingLastPathComponent + "/.\((target as NSString).lastPathComponent).pushbook-folders"
    }

    /// A staging directory next to `target` (canonical path), marked as the build's by a staging
    /// manifest, after removing the leftovers of interrupted builds: the folders the last build
    /// kept (`keepFolders`) when they are wholly that, else a fresh one.
    static func staging(for target: String) throws -> URL {
        recover(target)
        let staging = sibling(of: target, "staging")
        if FileManager.default.fileExists(atPath: staging) { SiteFolder.removeOwned(staging) }
        if reuse(keptFolders(of: target), as: staging) { return URL(fileURLWithPath: staging, isDirectory: true) }
        guard mkdir(staging, 0o755) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: staging, NSLocalizedDescriptionKey: "cannot create '\(staging)': \(String(cString: strerror(errno)))"])
        }
        try FileWriter.save(SiteFolder.stagingHeader + "\n", to: URL(fileURLWithPath: staging + "/" + SiteFolder.manifestName))
        return URL(fileURLWithPath: staging, isDirectory: true)
    }

    /// Puts `staging` in the place of `target`; returns the path now holding the old site (to be
    /// removed by the caller), or nil when there was none.
    static func swap(_ staging: URL, into target: String) throws -> String? {
        if rename(staging.path, target) == 0 { return nil }
        if exchange(staging.path, target) { return staging.path }
        let aside = sibling(of: target, "old")
        if FileManager.default.fileExists(atPath: aside) { SiteFolder.removeOwned(aside) }
        guard rename(target, aside) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target]) }
        guard rename(staging.path, target) == 0 else {
            _ = rename(aside, target)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
        }
        return aside
    }

    /// Empties `old` (the site a swap replaced, at `staging` or beside it) of its files and keeps
    /// its folders at `keptFolders(of: target)` for the next build's staging, which then makes and
    /// removes no folder per recipe (on ext4 each new folder costs more while many were freed lately).
    /// Its files go first, under its site manifest (whose lines still cover its folders), then the
    /// manifest becomes a staging manifest (written beside it and renamed over it, a draft the build
    /// owns), so a build killed at any moment leaves a folder the next one removes as its own.
    /// Falls back to removing `old` wholly; false when something of it stayed.
    static func keepFolders(_ old: String, for target: String) -> Bool {
        let kept = keptFolders(of: target)
        let manifest = old + "/" + SiteFolder.manifestName
        var info = stat()
        guard lstat(kept, &info) != 0 && errno == ENOENT, SiteFolder.removeOwned(old, keepingFolders: true) else { return SiteFolder.removeOwned(old) }
        KillPoint.keepingFolders.reached()
        guard (try? FileWriter.save(SiteFolder.stagingHeader + "\n", to: URL(fileURLWithPath: manifest + ".new"))) != nil,
              rename(manifest + ".new", manifest) == 0, rename(old, kept) == 0 else { return SiteFolder.removeOwned(old) }
        return true
    }

    /// Renames the folders a build kept (`keepFolders`) to `staging` when they are wholly that: a
    /// folder of this user's that nobody else may write, holding folders alike (each one the user
    /// may read, write and enter, none too deep to walk) and the staging manifest only. Anything
    /// else is removed when it is the build's (a leftover) and left alone when not; false when
    /// nothing was reused.
    static func reuse(_ kept: String, as staging: String) -> Bool {
        var info = stat()
        guard lstat(kept, &info) == 0 else { return false }
        let manifest = (try? ContainedFile.read(SiteFolder.manifestName, under: kept, limit: 64)) ?? []
        let listing = DirectoryWalker.listing(under: kept)
        let ownFolder = { (info: stat) in
            info.st_mode & S_IFMT == S_IFDIR && info.st_uid == geteuid() && info.st_mode & 0o022 == 0 && info.st_mode & 0o700 == 0o700
        }
        guard ownFolder(info), manifest == Array((SiteFolder.stagingHeader + "\n").utf8), listing.unreadable == nil, listing.tooDeep == nil,
              listing.entries.allSatisfy({ entry in
                  entry.validName && (entry.path == SiteFolder.manifestName && entry.kind == .file
                                      || entry.kind == .directory && lstat(kept + "/" + entry.path, &info) == 0 && ownFolder(info))
              }),
              rename(kept, staging) == 0 else {
            if DirectoryWalker.lstatKind(kept) == .directory, SiteFolder.isOwnedLeftover(kept) { SiteFolder.removeOwned(kept) }
            return false
        }
        return true
    }

    /// Removes leftovers of interrupted runs (`.NAME.staging-PID`, `.NAME.old-PID`, `.NAME.trash-PID`)
    /// that are wholly the build's, restoring the old directory if the new one never arrived.
    /// A folder of that name holding anything else is left alone.
    static func recover(_ target: String) {
        let fm = FileManager.default
        let parent = (target as NSString).deletingLastPathComponent
        let prefix = ".\((target as NSString).lastPathComponent)."
        let names = ((try? fm.contentsOfDirectory(atPath: parent)) ?? []).filter { $0.hasPrefix(prefix) }
        for name in names.sorted() {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.lastIndex(of: "-"), ["staging", "old", "trash"].contains(rest[..<dash]),
                  !rest[rest.index(after: dash)...].isEmpty, rest[rest.index(after: dash)...].allSatisfy(\.isNumber) else { continue }
            let path = parent + "/" + name
            guard DirectoryWalker.lstatKind(path) == .directory, SiteFolder.isOwnedLeftover(path) else { continue }
            if rest[..<dash] == "old" && !fm.fileExists(atPath: target) && rename(path, target) == 0 { continue }
            SiteFolder.removeOwned(path)
        }
    }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// Swaps two paths atomically; false when the system cannot.
    private static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let atCurrentDirectory: Int32 = -100
        let renameExchange: UInt32 = 1 << 1
        return renameat2(atCurrentDirectory, a, atCurrentDirectory, b, renameExchange) == 0
        #else
        return false
        #endif
    }
}
