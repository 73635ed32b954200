/// The site's stylesheet and script, as Swift constants the site writer puts under `site/assets/`.
///
/// Both are plain files with no imports and no network access: system fonts only, no `fetch`, no modules,
/// so the site works offline from `file://`. The CSS is in `Assets+CSS.swift`, the script in
/// `Assets+JavaScript.swift`.
enum Assets {
    /// Where the stylesheet goes, relative to the site root.
    static let cssPath = "assets/pushbook.css"
    /// Where the script goes, relative to the site root.
    static let javaScriptPath = "assets/pushbook.js"

    /// Every asset as (path relative to the site root, contents), in a stable order.
    static var files: [(path: String, contents: String)] {
        [(cssPath, css), (javaScriptPath, javaScript)]
    }
}
