import Foundation
import PackagePlugin

/// Tells the target it is applied to (`PushbookCLI`) which commit it is built from: reads `HEAD` of
/// the package's git checkout (a worktree's `.git` file, loose refs and `packed-refs` alike, without
/// running git) and has `CommitStampWriter` write it into a Swift file. The hash is an argument of
/// the build command, so the file is rewritten when, and only when, the commit changes. Outside a
/// checkout (a source archive) the hash is empty and `--version` prints the version alone.
@main
struct CommitStampPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltFromCommit.swift")
        let commit = GitCheckout(root: context.package.directoryURL).headCommit() ?? ""
        let writer = try context.tool(named: "CommitStampWriter")
        return [.buildCommand(displayName: "Stamping the commit (\(commit.isEmpty ? "not a git checkout" : String(commit.prefix(12))))",
                              executable: writer.url, arguments: ["--commit", commit, "--output", output.path],
                              inputFiles: [writer.url], outputFiles: [output])]
    }
}

/// The few files of a git checkout that name its HEAD commit.
struct GitCheckout {
    /// The checkout's root folder.
    var root: URL

    /// The commit HEAD points at (40 or 64 hex digits), or nil when there is no readable checkout.
    func headCommit() -> String? {
        guard let gitDir = gitDirectory(), let head = read(gitDir.appending(path: "HEAD")) else { return nil }
        if Self.isHash(head) { return head }
        guard head.hasPrefix("ref: ") else { return nil }
        let ref = String(head.dropFirst(5))
        guard !ref.split(separator: "/").contains(".."), ref.hasPrefix("refs/") else { return nil }
        // A worktree keeps HEAD in its own folder and refs in the common one.
        let common = read(gitDir.appending(path: "commondir")).map { path in
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDir.appending(path: path)
        } ?? gitDir
        for folder in [gitDir, common] {
            if let loose = read(folder.appending(path: ref)), Self.isHash(loose) { return loose }
        }
        for folder in [gitDir, common] {
            for line in (read(folder.appending(path: "packed-refs")) ?? "").split(separator: "\n") {
                let parts = line.split(separator: " ")
                if parts.count == 2, parts[1] == ref, Self.isHash(String(parts[0])) { return String(parts[0]) }
            }
        }
        return nil
    }

    /// `.git` as a folder, or the folder a `.git` file (`gitdir: PATH`) names.
    func gitDirectory() -> URL? {
        let dotGit = root.appending(path: ".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { return dotGit }
        guard let line = read(dotGit), line.hasPrefix("gitdir: ") else { return nil }
        let path = String(line.dropFirst(8))
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
    }

    /// A small text file's content without surrounding white space.
    func read(_ url: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: url.path), data.count < 1 << 20 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True for a SHA-1 or SHA-256 object name.
    static func isHash(_ text: String) -> Bool {
        (text.count == 40 || text.count == 64) && text.allSatisfy { $0.isHexDigit }
    }
}
