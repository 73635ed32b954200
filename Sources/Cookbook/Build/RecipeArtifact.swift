import Foundation
import Payloads

/// What one recipe contributed to the site once its examples ran and verified: the files it wrote
/// (its page and downloads, written straight into the staging folder so the parent process never
/// holds every page in memory), its search entries and its card preview. It is what a worker process
/// sends back and what the build cache stores, keyed by a hash of the recipe's inputs.
struct RecipeArtifact: Codable, Sendable, Equatable {
    /// The recipe's id.
    var id: String
    /// The cache key it was built for; nil for what `check` made (never cached).
    var key: String?
    /// True when every example matched its expected record and the page rendered cleanly.
    var passed: Bool
    /// What went wrong: load errors, failed examples, render errors; empty when it passed.
    var diagnostics: [Diagnostic]
    /// How many examples ran.
    var examples: Int
    /// How many examples matched.
    var examplesPassed: Int
    /// The files written, relative to the site root (the page first).
    var files: [String]
    /// Search entries.
    var search: [SearchEntry]
    /// The notification the index card draws, if any (a value: the index page renders it).
    var cardPreview: ExampleView.Notification?
    /// The examples of this recipe in which each rule fired (for the rules page), as values.
    var ruleExamples: [RuleExample] = []
    /// The anchors (ids) and link targets (href, src) of each page written, by path, so the
    /// link check needs no page read back from disk.
    var links: [String: PageLinks] = [:]
    /// Each example's verification.
    var statuses: [ExampleStatus] = []
    /// The expected files rewritten (`check --update`).
    var updated: [String] = []
}

extension RecipeArtifact {
    /// The artifact of a recipe that could not be built at all.
    static func failure(id: String, key: String?, diagnostic: Diagnostic) -> RecipeArtifact {
        RecipeArtifact(id: id, key: key, passed: false, diagnostics: [diagnostic], examples: 0, examplesPassed: 0,
                       files: [], search: [], cardPreview: nil)
    }
}

/// The anchors and link targets of one page.
struct PageLinks: Codable, Sendable, Equatable {
    /// The page's `id` attributes.
    var ids: [String]
    /// Its `href` and `src` attributes.
    var hrefs: [String]
}
