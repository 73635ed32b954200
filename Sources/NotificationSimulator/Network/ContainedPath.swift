import Foundation

/// The one check that a path a recipe's file names stays inside a folder: relative, and inside it
/// once `.`, `..` and symbolic links are resolved. The recipe loader, the page's `include` blocks
/// and the fixture manifest all ask it.
public enum ContainedPath {
    /// True when `path`, relative to `folder`, names something inside `folder` (or `folder` itself,
    /// with `orFolder`). An absolute path never is.
    public static func isInside(_ path: String, of folder: URL, orFolder: Bool = false) -> Bool {
        guard !path.hasPrefix("/") else { return false }
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let target = folder.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath().path
        return target.hasPrefix(base + "/") || (orFolder && target == base)
    }
}
