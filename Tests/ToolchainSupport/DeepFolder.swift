import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Folders nested far deeper than a path may be long, made and removed without a path lookup.
public enum DeepFolder {
    /// Makes `depth` folders named `name`, each inside the last, under `folder` (each made and
    /// opened relative to its parent, so no path grows beyond `PATH_MAX`).
    public static func make(in folder: URL, depth: Int, name: String = "d") throws {
        var descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw CocoaError(.fileNoSuchFile) }
        for _ in 0..<depth {
            mkdirat(descriptor, name, 0o755)
            let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            guard child >= 0 else { throw CocoaError(.fileWriteUnknown) }
            descriptor = child
        }
        close(descriptor)
    }

    /// Removes `folder` however deep it is, read-only folders included (`rm -rf` walks without
    /// recursion and, as root, ignores permissions).
    public static func remove(_ folder: URL) {
        let rm = Process()
        rm.executableURL = URL(fileURLWithPath: "/bin/rm")
        rm.arguments = ["-rf", folder.path]
        try? rm.run()
        rm.waitUntilExit()
    }
}
