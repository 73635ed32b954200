import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Recipe artifacts stored by cache key, so a rebuild with nothing changed runs and renders nothing.
///
/// The key covers the tool (its version and binary), the recipe folder's every file, and the
/// neighbouring recipes shown in the previous/next links. Entries are JSON files; a corrupt or
/// unreadable entry is a miss.
struct BuildCache: Sendable {
    /// The folder holding the entries.
    var folder: URL

    /// The artifact stored for `key`, with its files copied into `staging`; nil on a miss.
    func restore(key: String, id: String, into staging: URL) -> RecipeArtifact? {
        guard let data = FileManager.default.contents(atPath: entry(id).appendingPathComponent("artifact.json").path),
              let artifact = try? JSONDecoder().decode(RecipeArtifact.self, from: data),
              artifact.key == key, artifact.passed else { return nil }
        let source = entry(id).appendingPathComponent("files").path
        var made: Set<String> = []
        do {
            for path in artifact.files {
                let target = staging.path + "/" + path
                let folder = (target as NSString).deletingLastPathComponent
                if made.insert(folder).inserted { try FileWriter.makeFolders(for: path, under: staging.path) }
                unlink(target)
                try Self.share(URL(fileURLWithPath: source + "/" + path), at: URL(fileURLWithPath: target))
            }
        } catch {
            return nil
        }
        return artifact
    }

    /// Stores a passing artifact and copies of its files from `staging` (failures are never cached).
    func store(_ artifact: RecipeArtifact, from staging: URL) {
        guard artifact.passed, let data = try? JSONEncoder().encode(artifact) else { return }
        let fm = FileManager.default
        let temporary = folder.appendingPathComponent(".\(artifact.id).\(getpid()).tmp", isDirectory: true)
        try? fm.removeItem(at: temporary)
        do {
            for path in artifact.files {
                let target = temporary.appendingPathComponent("files").appendingPathComponent(path)
                try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Self.share(staging.appendingPathComponent(path), at: target)
            }
            try data.write(to: temporary.appendingPathComponent("artifact.json"))
            try? fm.removeItem(at: entry(artifact.id))
            try fm.moveItem(at: temporary, to: entry(artifact.id))
        } catch {
            try? fm.removeItem(at: temporary)
        }
    }

    /// Makes `target` hold the same bytes as `source`: a hard link (pages are never changed in place,
    /// only replaced), or a copy where linking is not possible.
    private static func share(_ source: URL, at target: URL) throws {
        if link(source.path, target.path) == 0 { return }
        try FileManager.default.copyItem(at: source, to: target)
    }

    private func entry(_ id: String) -> URL { folder.appendingPathComponent(id, isDirectory: true) }

    /// The key of a recipe's artifact.
    static func key(toolStamp: String, recipe: Recipe, previous: RecipeLink?, next: RecipeLink?) -> String {
        var hash = ContentHash.ofFolder(recipe.folder)
        hash.update(toolStamp)
        hash.update(recipe.id)
        hash.update(recipe.displayPath)
        for link in [previous, next] { hash.update(link.map { "\($0.id)\u{1}\($0.title)" } ?? "-") }
        return hash.hex
    }
}
