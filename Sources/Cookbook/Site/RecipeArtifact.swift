import Foundation

/// What one recipe contributed to the site once its examples ran and verified: the files it wrote
/// (its page and downloads, written straight into the staging folder so the parent process never
/// holds every page in memory), its search entries and its card preview. It is what a worker process
/// sends back and what the build cache stores, keyed by a hash of the recipe's inputs.
struct RecipeArtifact: Codable, Sendable, Equatable {
    /// The recipe's id.
    var id: String
    /// The cache key it was built for.
    var key: String
    /// True when every example matched its expected record and the page rendered cleanly.
    var passed: Bool
    /// Messages to print: load errors, diffs, render errors (`file:line:column: error: …`).
    var messages: [String]
    /// How many examples ran.
    var examples: Int
    /// How many examples matched.
    var examplesPassed: Int
    /// The files written, relative to the site root (the page first).
    var files: [String]
    /// Search entries.
    var search: [SearchIndex.Entry]
    /// The small lock-screen preview for the index card, if any.
    var cardPreview: String?
}

/// The id and title of a neighbouring recipe, for the previous/next links.
struct RecipeLink: Codable, Sendable, Equatable {
    /// The recipe's id.
    var id: String
    /// Its title.
    var title: String
}
