import Foundation
import Payloads

/// The images in a recipe's prose: pages load nothing from the network, so an image is a file of
/// the recipe (copied into the site under `media/ID/`) or a small inline `data:` image; anything
/// else (`http(s)://`, `//host/…`, another scheme, a foreign `data:` type) fails the build at its
/// `file:line:column` (`ToolRule.remoteResource`, `.localImage`).
struct ProseImages {
    /// The recipe.
    let recipe: Recipe
    /// Files to copy into the site: site path → path in the recipe folder.
    private(set) var files: [String: String] = [:]
    /// Problems found, in the order met.
    private(set) var diagnostics: [Diagnostic] = []

    /// The largest image file a page may embed.
    static let maximumBytes = 10 << 20
    /// The file types a prose image may have (SVG is left out: opened on its own, it can run script).
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp"]
    /// The inline `data:` types a prose image may have (what cmark's safe mode lets through).
    static let dataTypes = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]

    /// Creates a collector for `recipe`'s prose.
    init(recipe: Recipe) {
        self.recipe = recipe
    }

    /// The destination `image` gets on the page; records the file to copy, or a diagnostic.
    mutating func resolve(_ image: MarkdownDocument.Image) -> String {
        let url = image.url
        let location = SourceLocation(line: image.line + recipe.markdownLine - 1, column: image.column)
        let lower = url.lowercased()
        func fail(_ rule: ToolRule, _ message: String) -> String {
            diagnostics.append(Diagnostic(file: recipe.markdownPath, location: location, breaking: rule, message))
            return ""
        }
        if Self.isInlineData(lower) { return url }
        if Self.isRemote(lower) {
            return fail(.remoteResource, "the image '\(url.prefix(200))' would be loaded from \(lower.hasPrefix("data:") ? "a data: URL of a type pages do not embed" : "the network") when the page opens, and pages load nothing from the network: put the image file in the recipe folder and write its path, such as ![…](images/diagram.png), or link to it with […](\(url.prefix(80))) instead")
        }
        guard Self.isFileName(url) else {
            return fail(.localImage, "an image in the prose is a file of the recipe, named by a plain relative path (ASCII letters, digits, '-', '_', '.', folders with '/') ending in .png, .jpg, .jpeg, .gif or .webp; '\(url.prefix(200))' is not")
        }
        // The loader read the file (RecipeFiles.images); rendering reads none.
        switch recipe.files.images[url] {
        case .success?:
            break
        case .failure(let error)?:
            return fail(.localImage, "cannot embed the image '\(url)': \(error); put it in the recipe folder (\(recipe.pagePath)/\(url))")
        case nil:
            return fail(.localImage, "cannot embed the image '\(url)': the recipe's files were not loaded; put it in the recipe folder (\(recipe.pagePath)/\(url))")
        }
        let sitePath = "media/\(recipe.id)/\(url)"
        files[sitePath] = url
        return "../" + sitePath
    }

    /// True when `url` (lowercased) is an inline image of a type pages embed.
    static func isInlineData(_ lower: String) -> Bool {
        dataTypes.contains { lower.hasPrefix($0 + ";") || lower.hasPrefix($0 + ",") }
    }

    /// True when `url` (lowercased) would be loaded from elsewhere: `//host/…` or any scheme.
    static func isRemote(_ lower: String) -> Bool {
        lower.hasPrefix("//") || hasScheme(lower)
    }

    /// True when `url` is a plain relative path to an image file (what the page may embed).
    static func isFileName(_ url: String) -> Bool {
        let parts = url.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy(PlainName.isPlain) && imageExtensions.contains((url as NSString).pathExtension.lowercased())
    }

    /// True when the page would embed `url` as a file of the recipe: the loader reads those.
    static func namesRecipeFile(_ url: String) -> Bool {
        let lower = url.lowercased()
        return !isInlineData(lower) && !isRemote(lower) && isFileName(url)
    }

    /// True when `url` starts with a URL scheme (`https:`, `javascript:`, `data:`, …).
    static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), let first = url.first, first.isASCII, first.isLetter else { return false }
        return url[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
