/// The site's stylesheet and script, which the site writer puts under `site/assets/`.
///
/// Both are real files, `Sources/Cookbook/Resources/pushbook.css` and `pushbook.js`, embedded in the binary at
/// build time by SwiftPM (`.embedInCode`), so no bundle is looked up at run time and the tool stays relocatable.
/// Neither has imports or network access: system fonts only, no `fetch`, no modules, so the site works offline
/// from `file://`.
enum Assets {
    /// Where the stylesheet goes, relative to the site root.
    static let cssPath = "assets/pushbook.css"
    /// Where the script goes, relative to the site root.
    static let javaScriptPath = "assets/pushbook.js"

    /// The stylesheet: system fonts, light and dark themes, phone widths, print, highlight tokens, and components.
    static let css = String(decoding: PackageResources.pushbook_css, as: UTF8.self)
    /// The script: copy buttons on code blocks, the search page, and opening collapsibles for print.
    static let javaScript = String(decoding: PackageResources.pushbook_js, as: UTF8.self)

    /// Every asset as (path relative to the site root, contents), in a stable order.
    static var files: [(path: String, contents: String)] {
        [(cssPath, css), (javaScriptPath, javaScript)]
    }
}
