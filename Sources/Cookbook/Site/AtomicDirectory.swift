import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Replaces a directory with a freshly written one in a single step, so that an interrupted build
/// leaves either the old site or the new one, never a mix.
///
/// On Linux the swap is `renameat2(RENAME_EXCHANGE)`; where that is missing it falls back to two
/// renames, and the next run restores a directory left aside between them.
enum AtomicDirectory {
    /// Why a folder may not be replaced by a site.
    struct UnsafeTarget: LocalizedError, Equatable {
        var message: String
        var errorDescription: String? { message }
    }

    /// Refuses targets whose replacement would destroy something that is not a site: the current
    /// folder or one of its ancestors (`--out .`, `--out ..`), a file, or a non-empty folder without
    /// an `index.html` (the recipes, a source folder).
    static func checkReplaceable(_ target: URL) throws(UnsafeTarget) {
        let fm = FileManager.default
        let resolved = target.standardizedFileURL.resolvingSymlinksInPath().path
        let current = URL(fileURLWithPath: fm.currentDirectoryPath).standardizedFileURL.resolvingSymlinksInPath().path
        if resolved == "/" || current == resolved || current.hasPrefix(resolved.hasSuffix("/") ? resolved : resolved + "/") {
            throw UnsafeTarget(message: "refusing to replace '\(target.path)': it holds the current folder; choose an --out folder of its own")
        }
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: target.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw UnsafeTarget(message: "refusing to replace '\(target.path)': it is a file, not a site folder")
        }
        let names = ((try? fm.contentsOfDirectory(atPath: target.path)) ?? []).filter { !$0.hasPrefix(".") }
        if !names.isEmpty && !names.contains("index.html") {
            throw UnsafeTarget(message: "refusing to replace '\(target.path)': it is not empty and has no index.html, so it is not a site pushbook built; choose another --out, or empty it first")
        }
    }

    /// A fresh, empty staging directory next to `target`, which must be safe to replace.
    static func staging(for target: URL) throws -> URL {
        try checkReplaceable(target)
        let parent = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        recover(target)
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).staging-\(getpid())", isDirectory: true)
        try? FileManager.default.removeItem(at: staging)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        return staging
    }

    /// Puts `staging` in the place of `target` and removes the old directory.
    static func swap(_ staging: URL, into target: URL) throws {
        let fm = FileManager.default
        if !fm.fileExists(atPath: target.path) {
            try fm.moveItem(at: staging, to: target)
            return
        }
        if exchange(staging.path, target.path) {
            try? fm.removeItem(at: staging)
            return
        }
        let aside = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).old-\(getpid())", isDirectory: true)
        try? fm.removeItem(at: aside)
        try fm.moveItem(at: target, to: aside)
        try fm.moveItem(at: staging, to: target)
        try? fm.removeItem(at: aside)
    }

    /// Removes leftovers of an interrupted run, restoring the old directory if the new one never arrived.
    static func recover(_ target: URL) {
        let fm = FileManager.default
        let parent = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent)."
        let names = ((try? fm.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.hasPrefix(prefix) }
        for name in names.sorted() {
            let url = parent.appendingPathComponent(name)
            if name.hasPrefix(".\(target.lastPathComponent).old-") {
                if !fm.fileExists(atPath: target.path) { try? fm.moveItem(at: url, to: target) } else { try? fm.removeItem(at: url) }
            } else if name.hasPrefix(".\(target.lastPathComponent).staging-") {
                try? fm.removeItem(at: url)
            }
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
