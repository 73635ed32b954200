import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the regular files under a folder with `opendir`/`readdir`, without Foundation's URL
/// resource values (which cost a URL and a `stat` per file: thousands of files are read on every build).
enum DirectoryWalker {
    /// The regular files under `root`, as paths relative to it, sorted; symbolic links are not followed.
    static func files(under root: String) -> [String] {
        var result: [String] = []
        walk(root, prefix: "", into: &result)
        return result.sorted()
    }

    private static func walk(_ directory: String, prefix: String, into result: inout [String]) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = directory + "/" + name
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : (info.st_mode & S_IFMT) == S_IFREG ? UInt8(DT_REG) : UInt8(DT_LNK)
            }
            if type == UInt8(DT_DIR) {
                walk(path, prefix: relative, into: &result)
            } else if type == UInt8(DT_REG) {
                result.append(relative)
            }
        }
    }
}
