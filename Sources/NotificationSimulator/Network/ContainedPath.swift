import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one check that a path a recipe's file names stays inside a folder: relative, and inside it
/// once `.`, `..` and symbolic links are resolved. The recipe loader, the page's `include` blocks
/// and the fixture manifest all ask it.
public enum ContainedPath {
    /// True when `path`, relative to `folder`, names something inside `folder` (or `folder` itself,
    /// with `orFolder`). An absolute path never is.
    public static func isInside(_ path: String, of folder: URL, orFolder: Bool = false) -> Bool {
        guard !path.hasPrefix("/") else { return false }
        if let plain = plainPathIsInside(path, of: folder) { return plain }
        return resolvedIsInside(path, of: folder, orFolder: orFolder)
    }

    /// The answer for a path of plain names (none empty, `.` or `..`) below a folder whose path is of
    /// plain names too and which is a folder, not a symbolic link, when every name of the path exists and
    /// none is a symbolic link (`lstat` each): such a path resolves to the resolved folder followed by
    /// the path, so it is inside, and nothing needs resolving (Foundation's resolution costs a URL
    /// per component, twice). Nil for any other path or folder, which `resolvedIsInside` answers.
    static func plainPathIsInside(_ path: String, of folder: URL) -> Bool? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let folderPath = folder.path
        let folderName = folder.lastPathComponent
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.utf8.contains(0) }),
              folderPath.hasPrefix("/"), !folderName.isEmpty, folderName != ".", folderName != "..", folderName != "/",
              !folderPath.hasSuffix("/"), folderPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
                .allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        var info = stat()
        guard lstat(folderPath, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        var current = folderPath
        for part in parts {
            current += "/" + part
            // A path that does not exist is not resolved by Foundation at all: left to it.
            guard lstat(current, &info) == 0 else { return nil }
            guard info.st_mode & S_IFMT != S_IFLNK else { return nil }
        }
        return true
    }

    /// The check by resolution: `folder` and `folder/path` standardized and with every symbolic link resolved.
    static func resolvedIsInside(_ path: String, of folder: URL, orFolder: Bool) -> Bool {
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let target = folder.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath().path
        return target.hasPrefix(base + "/") || (orFolder && target == base)
    }
}
