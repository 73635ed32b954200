import Foundation

/// Recipe artifacts stored by cache key, so a rebuild with nothing changed runs and renders nothing.
///
/// The key covers the tool (its version and binary), the recipe folder's every file, and the
/// neighbouring recipes shown in the previous/next links. Entries are JSON files; a corrupt or
/// unreadable entry is a miss.
struct BuildCache: Sendable {
    /// The folder holding the entries.
    var folder: URL

    /// The artifact stored for `key`, if any.
    func artifact(for key: String, id: String) -> RecipeArtifact? {
        guard let data = FileManager.default.contents(atPath: path(id).path),
              let artifact = try? JSONDecoder().decode(RecipeArtifact.self, from: data),
              artifact.key == key, artifact.passed else { return nil }
        return artifact
    }

    /// Stores a passing artifact (failures are never cached).
    func store(_ artifact: RecipeArtifact) {
        guard artifact.passed, let data = try? JSONEncoder().encode(artifact) else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: path(artifact.id), options: .atomic)
    }

    private func path(_ id: String) -> URL { folder.appendingPathComponent("\(id).json") }

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
