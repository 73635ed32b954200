import Foundation
import Payloads
import NotificationSimulator

/// Reads every recipe folder under a recipes directory, collecting errors rather than stopping at the first.
public struct RecipeLoader: Sendable {
    /// The recipes directory.
    public var root: URL
    /// How the directory is named in messages (for example `Recipes`).
    public var displayRoot: String

    /// The largest file a recipe may hold that the build reads whole (recipe.md, an example, a plist).
    public static let fileSizeLimit = 256 << 20

    /// Creates a loader for `root`.
    public init(root: URL, displayRoot: String? = nil) {
        self.root = root
        self.displayRoot = displayRoot ?? root.lastPathComponent
    }

    /// The recipes (sorted by topic, order and id) and the problems found. With `pageFiles` false,
    /// only what the index and the cache key need is read (not the files the pages show).
    /// `reusing` may hand back a recipe already loaded (a watch's; see `BuildMemory`), which is then not read again.
    public func load(only ids: [String] = [], pageFiles: Bool = true, reusing: (@Sendable (String) -> Recipe?)? = nil) -> (recipes: [Recipe], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        } catch {
            return ([], [Diagnostic(file: displayRoot, breaking: .folder, "cannot read the recipes folder")])
        }
        let wanted = names.filter { !$0.hasPrefix(".") && !$0.hasPrefix("_") && (ids.isEmpty || ids.contains($0)) }
        // The folders are read on every core (each recipe's load is independent of the others), and
        // taken in name order, as one loop would.
        let loaded = Locked([Result<Recipe, Diagnostic>?](repeating: nil, count: wanted.count))
        DispatchQueue.concurrentPerform(iterations: wanted.count) { index in
            let name = wanted[index]
            let folder = root.appendingPathComponent(name, isDirectory: true)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { return }
            if let recipe = reusing?(name) {
                loaded.withLock { $0[index] = .success(recipe) }
                return
            }
            let result = Result { () throws(Diagnostic) in try loadRecipe(id: name, folder: folder, pageFiles: pageFiles) }
            loaded.withLock { $0[index] = result }
        }
        var recipes: [Recipe] = []
        for result in loaded.current {
            switch result {
            case .success(let recipe)?: recipes.append(recipe)
            case .failure(let error)?: diagnostics.append(error)
            case nil: continue
            }
        }
        for id in ids where !recipes.contains(where: { $0.id == id }) && !diagnostics.contains(where: { $0.file?.hasPrefix("\(displayRoot)/\(id)/") == true }) {
            diagnostics.append(Diagnostic(file: displayRoot, breaking: .unknownRecipe, "no recipe named '\(id)'"))
        }
        recipes.sort { ($0.topic, $0.order, $0.id) < ($1.topic, $1.order, $1.id) }
        return (recipes, diagnostics)
    }

    /// Reads one recipe folder: its front matter, examples and Markdown, and (with `pageFiles`) the
    /// files its page shows, so rendering reads no file.
    public func loadRecipe(id: String, folder: URL, pageFiles: Bool = true) throws(Diagnostic) -> Recipe {
        let display = "\(displayRoot)/\(id)"
        let file = display + "/recipe.md"
        guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), id.unicodeScalars.allSatisfy(\.isASCII) else {
            throw Diagnostic(file: display, breaking: .folder, "a recipe folder's name is its id and may hold only ASCII letters, digits, '-' and '_'")
        }
        try checkFiles(of: folder, display: display)
        let bytes: [UInt8]
        do { bytes = try ContainedFile.read("recipe.md", under: folder.path, limit: Self.fileSizeLimit) } catch {
            if case .missing = error { throw Diagnostic(file: file, breaking: .markdown, "missing recipe.md: every recipe folder needs one") }
            throw Diagnostic(file: file, breaking: .markdown, "\(error)")
        }
        let data = Data(bytes)
        guard let text = String(data: data, encoding: .utf8) else {
            let (location, byte) = Self.firstInvalidUTF8(in: data)
            throw Diagnostic(file: file, location: location, breaking: .markdown, "recipe.md is not valid UTF-8 (byte \(byte)); save it as UTF-8")
        }
        let front = try FrontMatter.parse(text, file: file)
        let orderText = front.optionalText("order") ?? "100"
        guard let order = Int(orderText) else {
            throw Diagnostic(file: file, location: SourceLocation(line: front.fields["order"]?.line ?? 1, column: 1), breaking: .frontMatter, "'order' must be a whole number")
        }
        let appFolder = front.optionalText("app")
        if let appFolder { try checkInside(appFolder, of: folder, file: file, line: front.fields["app"]?.line ?? 1) }
        let examples = try loadExamples(front: front, folder: folder, file: file, display: display)
        let deploymentTarget = front.optionalText("deploymentTarget")
        if let deploymentTarget, !DeploymentTarget.isValid(deploymentTarget) {
            throw Diagnostic(file: file, location: SourceLocation(line: front.fields["deploymentTarget"]?.line ?? 1, column: 1), breaking: .frontMatter, "'deploymentTarget' must be an iOS version such as 15.0 (from \(DeploymentTarget.oldest))")
        }
        var recipe = Recipe(id: id, folder: folder, displayPath: display,
                      title: try front.text("title", file: file), summary: try front.text("summary", file: file),
                      topic: front.optionalText("topic") ?? "Recipes", order: order,
                      tags: front.list("tags").map(\.text), want: front.optionalText("want"), service: try front.text("service", file: file),
                      appFolder: appFolder, needs: front.list("needs").map(\.text), sources: front.list("sources").map(\.text),
                      deploymentTarget: deploymentTarget, examples: examples, markdown: front.body, markdownLine: front.bodyLine)
        if pageFiles { recipe.files = files(of: recipe) }
        return recipe
    }

    /// The files `recipe`'s page shows, each read once and never through a link: what its
    /// `include` blocks name, its Swift files, its app folder's property lists, its prose images.
    func files(of recipe: Recipe) -> RecipeFiles {
        var files = RecipeFiles()
        let references = MarkdownDocument.references(in: recipe.markdown)
        for block in references.codeBlocks {
            let words = block.info.split(separator: " ").map(String.init)
            // A block whose options do not parse is reported where the page renders it.
            guard words.first == "include",
                  let include = try? RecipeInclude.parse(words.dropFirst(), file: recipe.markdownPath, location: SourceLocation(line: block.line, column: block.column)),
                  files.includes[include.path] == nil else { continue }
            files.includes[include.path] = Self.included(include.path, in: recipe.folder)
        }
        for url in AvailabilityCheck.swiftFiles(of: recipe) {
            let name = url.lastPathComponent
            guard let bytes = try? ContainedFile.read(name, under: recipe.folder.path, limit: Self.fileSizeLimit),
                  let text = String(bytes: bytes, encoding: .utf8) else { continue }
            files.swiftFiles.append(RecipeFiles.SourceFile(name: name, text: text))
        }
        if let folderName = recipe.appFolder, !folderName.isEmpty {
            files.app = try? Self.appConfiguration(folder: folderName, of: recipe)
        }
        for image in references.images where ProseImages.namesRecipeFile(image.url) && files.images[image.url] == nil {
            files.images[image.url] = Result { () throws(ContainedFile.Failure) -> [UInt8] in
                try ContainedFile.read(image.url, under: recipe.folder.path, limit: ProseImages.maximumBytes)
            }
        }
        return files
    }

    /// What an `include` block's `path` gives: read without following links (`ToolRule.symlink`);
    /// a FIFO or device is refused, never read.
    static func included(_ path: String, in folder: URL) -> RecipeFiles.Included {
        guard ContainedPath.isInside(path, of: folder) else { return .outside }
        guard let bytes = try? ContainedFile.read((path as NSString).standardizingPath, under: folder.path, limit: fileSizeLimit) else { return .unreadable }
        guard let text = String(data: Data(bytes), encoding: .utf8) else { return .notUTF8 }
        return .text(text)
    }

    /// The app an app folder of `recipe` describes: its `.entitlements` and `Info.plist`, and the
    /// user's notification settings and the app's strings when the folder carries them, read without
    /// following links (the loader refused any; this keeps a link made since out too).
    public static func appConfiguration(folder folderName: String, of recipe: Recipe) throws(Diagnostic) -> AppConfiguration {
        let folder = recipe.folder.appendingPathComponent(folderName, isDirectory: true)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        let entitlements = files.first { $0.hasSuffix(".entitlements") }
        let info = files.contains("Info.plist") ? "Info.plist" : nil
        // Read without following links (the loader refused any; this keeps a link made since out too).
        func read(_ name: String?) throws(Diagnostic) -> Data? {
            guard let name else { return nil }
            let relative = (folderName as NSString).appendingPathComponent(name)
            do {
                return Data(try ContainedFile.read(relative, under: recipe.folder.path, limit: fileSizeLimit))
            } catch {
                throw Diagnostic(file: "\(recipe.displayPath)/\(relative)", rule: AppConfiguration.rule, message: "cannot read the property list: \(error)")
            }
        }
        var configuration = try AppConfiguration.parse(entitlements: read(entitlements), infoPlist: read(info),
                                          displayEntitlements: "\(recipe.displayPath)/\(folderName)/\(entitlements ?? "App.entitlements")",
                                          displayInfoPlist: "\(recipe.displayPath)/\(folderName)/Info.plist")
        // The user's notification settings and the app's strings, when the folder carries them.
        func readInput(_ name: String, rule: String, what: String) throws(Diagnostic) -> [UInt8]? {
            guard files.contains(name) else { return nil }
            let relative = (folderName as NSString).appendingPathComponent(name)
            do {
                return try ContainedFile.read(relative, under: recipe.folder.path, limit: fileSizeLimit)
            } catch {
                throw Diagnostic(file: "\(recipe.displayPath)/\(relative)", rule: rule, message: "cannot read the \(what): \(error)")
            }
        }
        if let bytes = try readInput(DeviceSettings.fileName, rule: DeviceSettings.rule, what: "settings file") {
            configuration.settings = try DeviceSettings.parse(bytes, shown: "\(recipe.displayPath)/\(folderName)/\(DeviceSettings.fileName)")
        }
        if let bytes = try readInput(LocalizableStrings.fileName, rule: LocalizableStrings.rule, what: "strings file") {
            configuration.strings = try LocalizableStrings.parse(bytes, shown: "\(recipe.displayPath)/\(folderName)/\(LocalizableStrings.fileName)")
        }
        return configuration
    }

    /// Refuses a recipe folder that is a symbolic link or holds one, or a FIFO, socket or device,
    /// or a name that is not UTF-8, or folders nested deeper than a walk goes
    /// (`ToolRule.symlink`, `.fileKind`, `.fileName`): one rule for
    /// every input, so no file outside the recipe can reach a page and the cache key sees every byte.
    private func checkFiles(of folder: URL, display: String) throws(Diagnostic) {
        if DirectoryWalker.lstatKind(folder.path) == .symlink {
            throw Diagnostic(file: display, breaking: .symlink, "the recipe folder is a symbolic link; put the recipe's files in a folder of its own under the recipes folder")
        }
        let listing = DirectoryWalker.listing(under: folder.path)
        if let unreadable = listing.unreadable {
            throw Diagnostic(file: "\(display)/\(unreadable.path)", breaking: .fileKind, "cannot read the folder '\(unreadable.path)': \(unreadable.reason)")
        }
        if let deep = listing.tooDeep {
            throw Diagnostic(file: "\(display)/\(deep)", breaking: .fileKind,
                             "folders are nested deeper than \(DirectoryWalker.maximumDepth) levels here; a recipe's files sit a few folders deep at most")
        }
        for entry in listing.entries {
            let shown = "\(display)/\(entry.path)"
            guard entry.validName else {
                throw Diagnostic(file: shown, breaking: .fileName, "this file name is not valid UTF-8; rename it")
            }
            switch entry.kind {
            case .symlink:
                throw Diagnostic(file: shown, breaking: .symlink, "'\(entry.path)' is a symbolic link; a recipe holds regular files only, so copy the file into the recipe instead")
            case .other:
                throw Diagnostic(file: shown, breaking: .fileKind, "'\(entry.path)' is not a regular file (a FIFO, socket or device); remove it")
            case .file, .directory:
                continue
            }
        }
    }

    /// Examples come from `examples/*.json`; the front matter's `examples:` list sets their order and
    /// options: `- NAME [input=EXAMPLE] [extension=passthrough|firebase] [app=FOLDER|none] [header=NAME:VALUE]... [foreground] [plain]
    /// [tap | action=ID | reply="TEXT" [action=ID]] [not-running] [after=EXAMPLE] [caption=TEXT…]`.
    /// `input=` runs another example's input file (then NAME needs no file of its own); `extension=`
    /// runs one of the simulator's stock extensions instead of the recipe's code.
    /// Names are plain (`ToolRule.exampleName`) and their downloads never collide (`.downloadCollision`).
    private func loadExamples(front: FrontMatter, folder: URL, file: String, display: String) throws(Diagnostic) -> [Example] {
        let examplesFolder = folder.appendingPathComponent("examples", isDirectory: true)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: examplesFolder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        var remaining = files.map { String($0.dropLast(5)) }
        for name in remaining {
            try checkExampleName(name, file: "\(display)/examples/\(name).json", location: SourceLocation(line: 1, column: 1))
        }
        var downloads: [String: String] = [:]
        try addDownloads(of: remaining, to: &downloads, display: display)
        var examples: [Example] = []
        for (item, line) in front.list("examples") {
            // reply="TEXT" may hold spaces: its text is read before the item is split into words.
            var reply: String?
            // Found as bytes, kept only where it is also these characters (not a quote with a mark on it).
            if let open = ByteText.range(of: "reply=\"", in: item), item[open.lowerBound...].hasPrefix("reply=\""),
               !item[..<open.lowerBound].contains("caption=") {
                guard let close = item[open.upperBound...].firstIndex(of: "\"") else {
                    throw Diagnostic(file: file, location: SourceLocation(line: line, column: 1), breaking: .exampleList, "reply=\"…: the reply's closing double quote is missing")
                }
                reply = String(item[open.upperBound..<close])
            }
            let unquoted = reply.map { ByteText.replacing("reply=\"\($0)\"", with: "reply=\"", in: item) } ?? item
            // Split at the space byte: every option word is ASCII.
            var words = unquoted.utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            guard !words.isEmpty else { continue }
            let name = words.removeFirst()
            try checkExampleName(name, file: file, location: SourceLocation(line: line, column: 1))
            let inputWord = words.prefix { !$0.hasPrefix("caption=") }.last { $0.hasPrefix("input=") }
            let inputName = inputWord.map { String($0.dropFirst(6)) } ?? name
            if inputWord != nil {
                try checkExampleName(inputName, file: file, location: SourceLocation(line: line, column: 1))
                guard files.contains(inputName + ".json") else {
                    throw Diagnostic(file: file, location: SourceLocation(line: line, column: 1), breaking: .exampleList, "input=\(inputName): there is no \(display)/examples/\(inputName).json")
                }
                guard !examples.contains(where: { $0.id == name }), !files.contains(name + ".json") else {
                    throw Diagnostic(file: file, location: SourceLocation(line: line, column: 1), breaking: .exampleList, "example '\(name)' takes its input from '\(inputName)', so it may not have an input file or a list item of its own")
                }
                try addDownloads(of: [name], to: &downloads, display: display)
            } else {
                guard let index = remaining.firstIndex(of: name) else {
                    throw Diagnostic(file: file, location: SourceLocation(line: line, column: 1), breaking: .exampleList, "example '\(name)' has no input file: add \(display)/examples/\(name).json")
                }
                remaining.remove(at: index)
            }
            var example = makeExample(name, folder: folder, input: inputName)
            var captionWords: [String] = []
            var tapped = false, actionName: String?
            let fail = { (message: String) in Diagnostic(file: file, location: SourceLocation(line: line, column: 1), breaking: .exampleList, message) }
            for word in words {
                if !captionWords.isEmpty { captionWords.append(word); continue }
                if word.hasPrefix("input=") || word.hasPrefix("reply=\"") { continue } // read above
                if word == "tap" { tapped = true; continue }
                if word == "not-running" { example.notRunning = true; continue }
                if word.hasPrefix("reply=") { throw fail("a reply is written reply=\"TEXT\", in double quotes") }
                if word.hasPrefix("action=") {
                    guard actionName == nil, word.count > 7 else { throw fail("an example names one action, as action=ID") }
                    actionName = String(word.dropFirst(7))
                    continue
                }
                if word.hasPrefix("after=") {
                    let name = String(word.dropFirst(6))
                    guard examples.contains(where: { $0.id == name }) else {
                        throw fail("after=\(name): the push it follows must be an example listed above this one")
                    }
                    example.after = name
                    continue
                }
                if word.hasPrefix("extension=") {
                    let value = String(word.dropFirst(10))
                    guard StockExtension(rawValue: value) != nil else {
                        throw Diagnostic(file: file, location: SourceLocation(line: line, column: 1), breaking: .exampleList, "unknown extension '\(value)' (expected \(StockExtension.allCases.map(\.rawValue).joined(separator: " or ")))")
                    }
                    example.stockExtension = value
                } else if word == "foreground" { example.foreground = true }
                else if word == "plain" { example.withoutExtension = true }
                else if word.hasPrefix("app=") {
                    let value = String(word.dropFirst(4))
                    if value != "none" { try checkInside(value, of: folder, file: file, line: line) }
                    example.appFolder = value == "none" ? "" : value
                } else if word.hasPrefix("header=") {
                    let pair = word.dropFirst(7).split(separator: ":", maxSplits: 1).map(String.init)
                    guard pair.count == 2 else {
                        throw Diagnostic(file: file, location: SourceLocation(line: line, column: 1), breaking: .exampleList, "a header option is header=NAME:VALUE")
                    }
                    example.headers[pair[0].lowercased()] = pair[1]
                } else if word.hasPrefix("caption=") {
                    captionWords.append(String(word.dropFirst(8)))
                } else {
                    throw Diagnostic(file: file, location: SourceLocation(line: line, column: 1), breaking: .exampleList, "unknown example option '\(word)' (expected input=, extension=, app=, header=, foreground, plain, tap, action=, reply=, not-running, after=, caption=)")
                }
            }
            switch (tapped, actionName, reply) {
            case (false, nil, nil): break
            case (true, nil, nil): example.answer = .tap
            case (false, let action?, nil): example.answer = .action(action)
            case (false, let action, let text?): example.answer = .reply(text, action: action)
            default: throw fail("an example has one answer: tap, action=ID, or reply=\"TEXT\" (with action=ID when the category has several text input actions)")
            }
            if example.notRunning && example.answer == nil {
                throw fail("not-running is where the app is when the user answers: give the answer too (tap, action=ID or reply=\"TEXT\")")
            }
            if example.foreground && example.notRunning { throw fail("an example's app is in the foreground or not running, not both") }
            example.caption = captionWords.joined(separator: " ")
            examples.append(example)
        }
        examples += remaining.map { makeExample($0, folder: folder) }
        return examples
    }

    /// Refuses an example name that is not plain or is too long (`ToolRule.exampleName`).
    private func checkExampleName(_ name: String, file: String, location: SourceLocation) throws(Diagnostic) {
        guard PlainName.isPlain(name), name.utf8.count <= PlainName.maximumLength else {
            let shown = name.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
            throw Diagnostic(file: file, location: location, breaking: .exampleName,
                                     "example name '\(shown.prefix(120))' is not allowed: \(ToolRule.exampleName.summary) Rename the file.")
        }
    }

    /// Adds the downloads of the examples `names` to `owner` (each download's name in lower case, by
    /// the example that writes it), refusing examples whose download files would be one file: names
    /// that differ only in case, and `NAME.fcm` beside `NAME` (whose FCM body is `NAME.fcm.json`)
    /// (`ToolRule.downloadCollision`). The names are plain, hence ASCII.
    private func addDownloads(of names: [String], to owner: inout [String: String], display: String) throws(Diagnostic) {
        for name in names {
            for download in Example.downloadNames(of: name) {
                let key = String(decoding: download.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
                if let other = owner[key], other != name {
                    throw Diagnostic(file: "\(display)/examples/\(name).json", breaking: .downloadCollision,
                                             "examples '\(other)' and '\(name)' would both write the download '\(download)' (names may not differ only in case, and 'NAME.fcm' is the FCM body of example 'NAME'); rename one of them")
                }
                owner[key] = name
            }
        }
    }

    private func makeExample(_ name: String, folder: URL, input: String? = nil) -> Example {
        Example(id: name, folder: folder, inputName: input ?? name, appFolder: nil, headers: [:], foreground: false, withoutExtension: false, caption: "")
    }

    /// The line and column (in bytes, as the JSON reader counts them) of the first byte that is not
    /// well-formed UTF-8, and that byte in hex.
    static func firstInvalidUTF8(in data: Data) -> (SourceLocation, String) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0, line = 1, lineStart = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") { line += 1; lineStart = offset + 1 }
                offset += encoded.count
            case .error:
                let byte = data[data.startIndex + offset]
                let hex = String(byte, radix: 16, uppercase: true)
                return (SourceLocation(line: line, column: offset - lineStart + 1), "0x" + (hex.count < 2 ? "0" : "") + hex)
            case .emptyInput:
                return (SourceLocation(line: line, column: offset - lineStart + 1), "")
            }
        }
    }

    /// Rejects paths that leave the recipe's folder (`..`, absolute paths, symbolic links out).
    private func checkInside(_ path: String, of folder: URL, file: String, line: Int) throws(Diagnostic) {
        guard ContainedPath.isInside(path, of: folder, orFolder: true) else {
            throw Diagnostic(file: file, location: SourceLocation(line: line, column: 1), breaking: .outsideFolder, "'\(path)' is outside the recipe's folder")
        }
    }
}
