import Foundation
import NotificationSimulator

/// A recipe: a folder of prose, Swift code, example inputs, fixtures and recorded outputs.
///
/// The folder's name is the recipe's id, so a copied folder is a new recipe.
public struct Recipe: Sendable, Equatable, Identifiable {
    /// The folder's name.
    public var id: String
    /// The folder.
    public var folder: URL
    /// The path shown in messages, for example `Recipes/fcm-image`.
    public var displayPath: String
    /// The page title.
    public var title: String
    /// One or two sentences for the index and search.
    public var summary: String
    /// The index's group.
    public var topic: String
    /// Position within the topic (smaller first).
    public var order: Int
    /// Tags, for search.
    public var tags: [String]
    /// What a reader wants when they need this recipe, completing "I want to…" on the index (front matter `want`).
    public var want: String? = nil
    /// The name of the code's entry point in the recipe registry.
    public var service: String
    /// The folder holding the app's `.entitlements` and `Info.plist`, relative to the recipe, if any.
    public var appFolder: String?
    /// What the app needs, as shown on the page (capabilities, entitlements, Info.plist keys).
    public var needs: [String]
    /// The sources that back the recipe's claims.
    public var sources: [String]
    /// The iOS deployment target the recipe's code needs (front matter `deploymentTarget`, for
    /// example `15.0`); nil when not given, which `pushbook check` reads as the oldest Xcode supports.
    public var deploymentTarget: String? = nil
    /// The examples, in page order.
    public var examples: [Example]
    /// The Markdown after the front matter.
    public var markdown: String
    /// The line of `recipe.md` where `markdown` starts.
    public var markdownLine: Int
    /// The files the page shows, read by the loader (empty when it read only what the index needs).
    public var files = RecipeFiles()

    /// `recipe.md`'s path for messages.
    public var markdownPath: String { displayPath + "/recipe.md" }

    /// The recipe's folder as pages name it: the recipes folder's own name and the id (for
    /// example `Recipes/fcm-image`), however `--recipes` was spelled, so no machine path reaches a page.
    public var pagePath: String {
        let name = folder.deletingLastPathComponent().standardizedFileURL.lastPathComponent
        return (name.isEmpty || name == "/" ? "Recipes" : name) + "/" + id
    }
}

/// One example of a recipe: an input file and how the simulated app is set up for it.
public struct Example: Sendable, Equatable, Identifiable {
    /// The name: the input file's name without `.json`.
    public var id: String
    /// The recipe's folder.
    public var folder: URL
    /// The name of the example whose input file this example runs: its own id, unless the examples
    /// list gives `input=NAME` (the same push run another way, for example with `extension=firebase`).
    public var inputName: String
    /// The app folder to use, overriding the recipe's; `""` means an app with no capabilities.
    public var appFolder: String?
    /// APNs request headers, for raw APNs payloads.
    public var headers: [String: String]
    /// True when the app is in the foreground when the push arrives.
    public var foreground: Bool
    /// True when the example runs without the recipe's code (to show what iOS does on its own).
    public var withoutExtension: Bool
    /// The simulator's stock extension that runs instead of the recipe's code (`extension=NAME`), if any.
    public var stockExtension: String? = nil
    /// How the user answers the notification shown (`tap`, `action=ID`, `reply="TEXT"`), if at all.
    public var answer: UserAnswer? = nil
    /// True when the app is not running when the user answers (`not-running`): iOS launches it.
    public var notRunning = false
    /// The example whose push (and whose own `after=` chain) reaches the same device first, `--gap`'s
    /// default of 60 s earlier (`after=NAME`); nil for a push to a fresh device.
    public var after: String? = nil
    /// A sentence for the page.
    public var caption: String

    /// The input file (`examples/<inputName>.json`).
    public var input: URL { folder.appendingPathComponent("examples/\(inputName).json", isDirectory: false) }
    /// The recorded record (`expected/<id>.json`).
    public var expected: URL { folder.appendingPathComponent("expected/\(id).json", isDirectory: false) }

    /// The download files an example named `name` may write beside its page: the Simulator file,
    /// the APNs payload, and the FCM body (for FCM examples). Two examples never share one
    /// (the loader refuses names that would, `ToolRule.downloadCollision`).
    public static func downloadNames(of name: String) -> [String] {
        ["\(name).apns", "\(name).json", "\(name).fcm.json"]
    }
}
