import Foundation
import NotificationSimulator
import Payloads

/// A recipe page's "Into Xcode" box: how to put the recipe's code into an Xcode project (the target,
/// the file or `NSExtensionPrincipalClass`, the deployment target, the capabilities and Info.plist
/// keys), with links to the whole files, which the page writes as downloads.
struct IntoXcodeBox {
    /// One of the recipe's Swift files.
    struct File {
        /// The file's name, for example `FCMImageService.swift`.
        var name: String
        /// The file as a reader pastes it (`Snippet.downloadText`).
        var text: String
    }

    /// The recipe.
    var recipe: Recipe
    /// Its Swift files, by name.
    var files: [File]
    /// The app it needs, read from its app folder; nil when it names none.
    var app: AppConfiguration?

    /// The section's anchor.
    static let anchor = "into-xcode"

    /// The download path of a file, relative to the site root.
    func downloadPath(_ file: File) -> String { "downloads/\(recipe.id)/\(file.name)" }

    /// The files the page writes beside it.
    var downloads: [String: String] {
        Dictionary(files.map { (downloadPath($0), $0.text) }, uniquingKeysWith: { a, _ in a })
    }

    /// The file that declares the recipe's entry point, else the first.
    private var mainFile: File? {
        files.first { ByteText.contains($0.text, "class \(recipe.service)") } ?? files.first
    }

    /// True when the entry point is a Notification Service Extension.
    private var isServiceExtension: Bool {
        mainFile.map { ByteText.contains($0.text, "class \(recipe.service): UNNotificationServiceExtension") } ?? false
    }

    /// The box's HTML.
    func render() -> String {
        guard let main = mainFile else { return "" }
        var steps: [String] = []
        let link = Self.link(to: "../" + downloadPath(main), name: main.name)
        let target = DeploymentTarget.shown(recipe)
        if isServiceExtension {
            steps.append("In the app's project: File › New › Target › Notification Service Extension.")
            steps.append("Replace the template's <code>NotificationService.swift</code> with \(link), the whole file with its imports. Or keep the template's file and set <code>NSExtensionPrincipalClass</code> in the extension's Info.plist to <code>$(PRODUCT_MODULE_NAME).\(HTML.escapeText(recipe.service))</code>.")
            steps.append("Set the extension's Minimum Deployments (General › Deployment Info) to \(HTML.escapeText(target)) or later: the code uses nothing newer outside <code>#available</code>.")
        } else {
            steps.append("Add \(link) to the app target (File › Add Files), or copy its code into the app: it is app code, not an extension.")
            steps.append("Set the app's Minimum Deployments (General › Deployment Info) to \(HTML.escapeText(target)) or later: the code uses nothing newer outside <code>#available</code>.")
        }
        steps.append(capabilities())
        let others = files.filter { $0.name != main.name }
        if !others.isEmpty {
            steps.append("The recipe's other files: " + others.map { Self.link(to: "../" + downloadPath($0), name: $0.name) }.joined(separator: ", ") + ".")
        }
        var html = "<section class=\"needs into-xcode\" aria-labelledby=\"\(Self.anchor)\">\n<h2 id=\"\(Self.anchor)\">Into Xcode</h2>\n<ol>\n"
        html += steps.map { "<li>\($0)</li>\n" }.joined() + "</ol>\n"
        if files.contains(where: { ByteText.contains($0.text, "import Intents") }) {
            html += "<p>Pushbook's model has no UIKit: code that makes an <code>INImage</code> from a <code>UIImage</code> compiles only in Xcode. The recipe builds images from bytes with <code>INImage(imageData:)</code>.</p>\n"
        }
        return html + "</section>\n"
    }

    /// The capabilities and Info.plist keys the app needs, from its app folder.
    private func capabilities() -> String {
        var items: [String] = []
        let entitlements = app?.entitlements ?? []
        let known = [(AppConfiguration.communicationEntitlement, "Communication Notifications"),
                     (AppConfiguration.timeSensitiveEntitlement, "Time Sensitive Notifications"),
                     (AppConfiguration.criticalAlertsEntitlement, "Critical Alerts (granted by Apple)")]
        for (key, name) in known where entitlements.contains(key) {
            items.append("the \(name) capability (entitlement <code>\(HTML.escapeText(key))</code>)")
        }
        for key in entitlements.sorted() where !known.contains(where: { $0.0 == key }) && key != "aps-environment" {
            items.append("the entitlement <code>\(HTML.escapeText(key))</code>")
        }
        if let types = app?.userActivityTypes, !types.isEmpty {
            items.append("<code>NSUserActivityTypes</code> with " + types.map { "<code>\(HTML.escapeText($0))</code>" }.joined(separator: ", ") + " in its Info.plist")
        }
        if app?.backgroundModes.contains("remote-notification") == true {
            items.append("Background Modes › Remote notifications")
        }
        let push = isServiceExtension || recipe.service.isEmpty ? "the Push Notifications capability" : nil
        let all = (push.map { [$0] } ?? []) + items
        guard !all.isEmpty else { return "The app target needs no capability for this code." }
        return "On the app target: " + all.joined(separator: "; ") + "."
    }

    /// A download link to `path`, named `name`.
    private static func link(to path: String, name: String) -> String {
        "<a href=\"\(HTML.escapeAttribute(path))\" download=\"\(HTML.escapeAttribute(name))\"><code>\(HTML.escapeText(name))</code></a>"
    }

    /// The box of `recipe`: its Swift files and its app folder's property lists, as the loader read
    /// them (`RecipeFiles`). Problems become diagnostics; the box still renders.
    static func make(for recipe: Recipe, diagnostics: inout [Diagnostic]) -> IntoXcodeBox {
        var files: [File] = []
        for source in recipe.files.swiftFiles {
            do {
                files.append(File(name: source.name, text: try Snippet.downloadText(of: source.text, file: "\(recipe.displayPath)/\(source.name)")))
            } catch {
                diagnostics.append(error)
            }
        }
        return IntoXcodeBox(recipe: recipe, files: files, app: recipe.files.app)
    }
}
