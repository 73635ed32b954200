import Payloads
import NotificationSimulator

/// The build's own rules: what recipe folders, expected records, the output folder and input
/// files must be. Each has a stable id, carried by every `Diagnostic` that breaks it, and a summary
/// (for formats that describe their rules, such as SARIF). Payload rules and device behaviours are
/// in Payloads' `RuleCatalogue`.
public struct ToolRule: Sendable, Hashable, Identifiable {
    /// The stable id, for example `recipe.front-matter`.
    public var id: String
    /// One sentence: what the rule asks.
    public var summary: String

    /// The recipes folder can be read, and a recipe folder's name is its id.
    public static let folder = ToolRule(id: "recipe.folder",
        summary: "The recipes folder can be read, and each recipe folder's name (its id) holds only ASCII letters, digits, '-' and '_'.")
    /// A recipe named on the command line exists.
    public static let unknownRecipe = ToolRule(id: "recipe.unknown",
        summary: "Every recipe id given on the command line names a folder of the recipes folder.")
    /// `recipe.md` exists and is UTF-8.
    public static let markdown = ToolRule(id: "recipe.markdown",
        summary: "Every recipe folder holds a recipe.md in UTF-8.")
    /// The front matter is well formed.
    public static let frontMatter = ToolRule(id: "recipe.front-matter",
        summary: "recipe.md starts with a front matter block ('---', 'key: value' lines, '---') of known keys, each given once, with the values they need.")
    /// The front matter's `examples:` list is well formed.
    public static let exampleList = ToolRule(id: "recipe.example-list",
        summary: "Each item of the front matter's examples list names a file of examples/ (or another example's, with input=NAME) and only known options (input=, extension=passthrough|firebase, app=, header=NAME:VALUE, foreground, plain, an answer tap, action=ID or reply=\"TEXT\", not-running, after=EXAMPLE for the next push of a sequence, caption=).")
    /// Paths stay inside the recipe.
    public static let outsideFolder = ToolRule(id: "recipe.outside-folder",
        summary: "Paths a recipe names (its app folder, an include) stay inside the recipe's folder.")
    /// An `include` block names a readable file.
    public static let include = ToolRule(id: "recipe.include",
        summary: "An include block is 'include PATH [region=NAME] [lang=LANGUAGE]' and names a readable UTF-8 file of the recipe.")
    /// Snippet markers are well formed.
    public static let snippet = ToolRule(id: "recipe.snippet",
        summary: "Snippet markers in a recipe's Swift files (snippet.hide, snippet.show, snippet.NAME, snippet.end) pair up, do not nest regions, and name regions that exist.")
    /// An `example` block names an example, once.
    public static let exampleBlock = ToolRule(id: "recipe.example-block",
        summary: "An example block is 'example NAME', names an example of the recipe, and shows it once.")
    /// The recipe's service exists and fits its examples.
    public static let service = ToolRule(id: "recipe.service",
        summary: "The service a recipe's front matter names is in the recipe registry, and takes the recipe's kind of input (pushes, or local-notification objects).")
    /// An example's input can be read and is a push (or a local-notification object).
    public static let exampleInput = ToolRule(id: "recipe.example-input",
        summary: "An example's input can be read and is an FCM v1 message, an APNs payload, a Simulator .apns file, or a {\"local\": …} object for a recipe that adds local notifications.")
    /// Recipe code uses no API newer than its deployment target outside `#available`.
    public static let availability = ToolRule(id: "recipe.availability",
        summary: "Recipe code uses Apple API newer than the recipe's deployment target only inside #available or @available.")

    /// A record matches its expected file.
    public static let mismatch = ToolRule(id: "check.mismatch",
        summary: "An example's delivery record matches its expected/ file byte for byte (line endings aside).")
    /// An example has an expected file.
    public static let missingExpected = ToolRule(id: "check.missing-expected",
        summary: "Every example has a recorded expected/ file ('pushbook check --update ID' writes it for review).")
    /// The expected file can be read and written.
    public static let expectedFile = ToolRule(id: "check.expected-file",
        summary: "An example's expected/ file can be read, and with --update written.")

    /// The output folder is one the build may replace.
    public static let outputRefused = ToolRule(id: "build.output-refused",
        summary: "The output folder is new, empty, or a site pushbook built, and neither holds nor sits in the recipes, the cache or the current folder.")
    /// The site can be written.
    public static let write = ToolRule(id: "build.write",
        summary: "The site can be written: its staging folder, every page and download, and the swap into place.")
    /// Links resolve.
    public static let brokenLink = ToolRule(id: "build.broken-link",
        summary: "Every link and anchor of the site is relative and resolves to a file and an id the site holds.")
    /// The playground's module was built.
    public static let playgroundModule = ToolRule(id: "build.playground-module",
        summary: "The playground's WebAssembly module was built (the toolchain's WebAssembly support, wasi-libc and binaryen are installed).")
    /// An unusable cache is left aside.
    public static let cacheUnusable = ToolRule(id: "build.cache-unusable",
        summary: "A cache folder that is a symbolic link or not a folder is not used; the build runs without it.")

    /// A recipe's code that crashes fails that recipe alone.
    public static let workerCrashed = ToolRule(id: "worker.crashed",
        summary: "A recipe's code runs without crashing its worker process; when it crashes, that recipe fails and the others build.")
    /// A worker process can be started.
    public static let workerUnavailable = ToolRule(id: "worker.unavailable",
        summary: "The build can start its worker processes.")

    /// A fixture manifest is well formed (raised by NotificationSimulator).
    public static let fixtureManifest = ToolRule(id: FixtureManifest.rule,
        summary: "A fixture manifest is an object from URL to {file, mimeType, status, latencyMilliseconds, padToBytes}, each URL once, its files regular files inside its folder.")
    /// The app's property lists can be read (raised by NotificationSimulator).
    public static let propertyList = ToolRule(id: AppConfiguration.rule,
        summary: "The app's .entitlements and Info.plist are readable property lists with a dictionary at the root.")
    /// A notification settings file is well formed (raised by NotificationSimulator).
    public static let settingsFile = ToolRule(id: DeviceSettings.rule,
        summary: "A settings file (--settings, or settings.json in the app folder) is a JSON object of UNNotificationSettings property names (authorizationStatus, alertSetting, soundSetting, badgeSetting, lockScreenSetting, notificationCenterSetting, criticalAlertSetting) to Apple's case names, each key once.")
    /// A strings file is well formed (raised by NotificationSimulator).
    public static let stringsFile = ToolRule(id: LocalizableStrings.rule,
        summary: "A Localizable.strings file (--strings, or in the app folder) is UTF-8 or UTF-16 with a byte-order mark, in the strings format: \"key\" = \"value\"; entries, /* */ and // comments, backslash escapes.")
    /// An input file can be read (raised by the command line and the WebAssembly linter).
    public static let unreadableInput = ToolRule(id: Diagnostic.unreadableInputRule,
        summary: "A file given to lint or simulate can be read: a regular file, a FIFO, /dev/stdin or '-'.")

    /// Every rule of the build, the recipe folder's safety rules (`safety`) and `pushbook new`'s (`scaffold`) included, sorted by id.
    public static let all: [ToolRule] = ([folder, unknownRecipe, markdown, frontMatter, exampleList, outsideFolder, include, snippet,
                                          exampleBlock, service, exampleInput, availability, mismatch, missingExpected, expectedFile,
                                          outputRefused, write, brokenLink, playgroundModule, cacheUnusable, workerCrashed,
                                          workerUnavailable, fixtureManifest, propertyList, settingsFile, stringsFile, unreadableInput]
                                         + safety + scaffold).sorted { $0.id < $1.id }
}

extension Diagnostic {
    /// A finding of a rule of the build about `file`: an error unless told.
    public init(file: String, location: SourceLocation = .none, breaking rule: ToolRule, severity: Severity = .error, _ message: String,
                detail: String? = nil) {
        self.init(file: file, location: location, rule: rule.id, severity: severity, message: message, detail: detail)
    }

}
