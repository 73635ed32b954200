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

/// How one example compared with its expected record, in a form that crosses process boundaries.
public struct ExampleStatus: Codable, Sendable, Equatable {
    /// The example's id (`*` when the recipe could not run at all).
    public var example: String
    /// `passed`, `mismatch`, `missing` or `failed`.
    public var status: String
    /// What to print: the diff or the error, `file:line:column: error: …`; empty when passed.
    public var message: String

    /// Creates a status.
    public init(example: String, status: String, message: String) {
        self.example = example
        self.status = status
        self.message = message
    }

    /// True when the example matched.
    public var isPassed: Bool { status == "passed" }

    /// What `check` and `build` print for this status (`file:line:column: error: …`), or nil when it passed.
    public func report(recipe: Recipe) -> String? {
        let path = "\(recipe.displayPath)/expected/\(example).json"
        switch status {
        case "passed": return nil
        case "mismatch": return "\(path):1:1: error: the record of example '\(example)' differs from the expected file\n\(message)"
        case "missing": return "\(path):1:1: error: no expected record; run 'pushbook check --update \(recipe.id)' and review it"
        default: return message
        }
    }
}

extension RecipeArtifact {
    /// The artifact of a recipe that could not be built at all.
    static func failure(id: String, key: String, message: String) -> RecipeArtifact {
        RecipeArtifact(id: id, key: key, passed: false, messages: [message], examples: 0, examplesPassed: 0,
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

/// The id and title of a neighbouring recipe, for the previous/next links.
struct RecipeLink: Codable, Sendable, Equatable {
    /// The recipe's id.
    var id: String
    /// Its title.
    var title: String
}
