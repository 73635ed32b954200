import Foundation
import Cookbook
import Payloads

/// `pushbook new ID [--from FILE.swift]`: scaffolds a recipe around a Notification Service
/// Extension (a starting class, or the user's own file) and registers its service, so that the
/// user's extension runs through the simulated device with `check --update` and `check`.
enum NewCommand {
    /// The user's extension.
    static let from = OptionSpec.value("--from", "FILE.swift",
        help: "Your Notification Service Extension's Swift file (as Xcode made it, with your changes): copied into the recipe with its imports made the simulator's. Without it the recipe starts with a class that hands the content back unchanged.")

    /// The command's declaration.
    static let spec = CommandSpec(
        name: "new",
        abstract: "Start a recipe around your Notification Service Extension, then check what the device does with it.",
        overview: """
            Makes Recipes/ID/ (front matter and a prose skeleton in recipe.md, the extension's Swift file,
            one example push with an image, a fixture manifest serving the image, the app's entitlements
            and Info.plist) and registers the extension's class in Recipes/Registry.swift. Nothing is
            written when the id is taken or not valid, or the file cannot be used. Then build the tool,
            record what the simulated device does with the example, and build the site, as it prints.
            """,
        options: [from, CommonOptions.recipes],
        arguments: [ArgumentSpec(name: "ID", help: "The new recipe's id, its folder's name: ASCII letters, digits, '-' and '_', starting with a letter or a digit.",
                                 repeats: false, completion: ValueCompletion.none)],
        epilogue: "EXIT STATUS: 0 made, 2 bad usage, an id that is taken, or a file that cannot be used (nothing written).",
        run: run)

    @Sendable static func run(_ arguments: ParsedArguments) throws -> Outcome {
        guard arguments.positionals.count == 1, let id = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "give the new recipe's ID" : "give one ID (got \(arguments.positionals.count))")
        }
        if let problem = RecipeScaffold.problem(id: id) { throw UsageError(message: "\(problem) (got '\(id)')") }
        let recipesPath = arguments.value(CommonOptions.recipes) ?? "Recipes"
        let shown = BuildCommand.displayName(recipesPath)
        let recipes = URL(fileURLWithPath: recipesPath, isDirectory: true)
        do throws(Diagnostic) {
            let scaffold = try prepare(id: id, recipes: recipes, shown: shown, from: arguments.value(from))
            let registryFile = "\(shown)/Registry.swift"
            let (registryText, registryMode) = try readRegistry(recipes.appendingPathComponent("Registry.swift"), shown: registryFile, service: scaffold.service)
            let registry = RecipeRegistryFile(text: registryText, file: registryFile)
            if registry.services.contains(scaffold.service) {
                throw Diagnostic(file: registryFile, breaking: .scaffoldNameTaken,
                                 "a service named '\(scaffold.service)' is registered already; rename the class (for example to \(RecipeScaffold.serviceName(for: id))) and run pushbook new again")
            }
            let registered = try registry.registering(service: scaffold.service)
            try write(scaffold, registry: registered, mode: registryMode, recipes: recipes, shown: shown)
            print("made \(shown)/\(id)/: \(scaffold.files.map(\.path).joined(separator: ", "))")
            print("registered \(scaffold.service) in \(registryFile)")
            print("next:")
            for command in scaffold.nextCommands(recipes: shown == "Recipes" ? nil : shown) { print("  " + command) }
            return .success
        } catch {
            printError(error.text)
            return .unreadable
        }
    }

    /// The scaffold of `id`, once nothing it brings clashes with the recipes folder.
    static func prepare(id: String, recipes: URL, shown: String, from: String?) throws(Diagnostic) -> RecipeScaffold {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: recipes.path) } catch {
            throw Diagnostic(file: shown, breaking: .folder, "cannot read the recipes folder")
        }
        if let taken = names.first(where: { $0.lowercased() == id.lowercased() }) {
            throw Diagnostic(file: "\(shown)/\(taken)", breaking: .scaffoldExists,
                             taken == id ? "a recipe named '\(id)' exists already; choose another id" : "'\(taken)' exists already and differs from '\(id)' only in case; choose another id")
        }
        var source: ExtensionSource?
        if let from {
            switch InputFile.read(from, limit: ExtensionSource.sizeLimit + 1) {
            case .success(let bytes): source = try ExtensionSource(bytes: bytes, file: from)
            case .failure(.tooLarge): throw ExtensionSource.tooLarge(file: from)
            case .failure(let failure): throw Diagnostic(file: from, rule: Diagnostic.unreadableInputRule, message: "\(failure)")
            }
        }
        let scaffold = RecipeScaffold(id: id, source: source)
        // Every recipe compiles into one module: its file name and types must be new there.
        let types = Set(source?.topLevelTypes ?? [scaffold.service])
        for (path, text) in swiftFiles(in: recipes, shown: shown) {
            let fileName = "\(scaffold.service).swift"
            if (path as NSString).lastPathComponent == fileName {
                throw Diagnostic(file: path, breaking: .scaffoldNameTaken,
                                 "another recipe has a file named \(fileName), and one module cannot hold two; rename the class \(scaffold.service) in your file (for example to \(RecipeScaffold.serviceName(for: id))) and run pushbook new again")
            }
            for declaration in ExtensionSource.declarations(in: text) where declaration.isTopLevel && types.contains(declaration.name) {
                let type = declaration.name
                throw Diagnostic(file: path, location: SourceLocation(line: declaration.line, column: declaration.column), breaking: .scaffoldNameTaken,
                                 "'\(type)' is declared here already, and all recipes compile into one module; rename it in your file and run pushbook new again")
            }
        }
        return scaffold
    }

    /// The Swift files of the recipes folder (not in folders starting with '.'), by displayed path, with their text.
    static func swiftFiles(in recipes: URL, shown: String) -> [(String, String)] {
        guard let walker = FileManager.default.enumerator(at: recipes, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { return [] }
        var found: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = String(url.standardizedFileURL.path.dropFirst(recipes.standardizedFileURL.path.count)).drop { $0 == "/" }
            guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else { continue }
            found.append(("\(shown)/\(relative)", text))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The UTF-8 text of the registry at `url` and its permission bits. A symbolic link is refused:
    /// the registry is replaced by renaming, which would turn the link into a file and leave its
    /// target as it was.
    static func readRegistry(_ url: URL, shown: String, service: String) throws(Diagnostic) -> (text: String, mode: mode_t) {
        var info = stat()
        if lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw Diagnostic(file: shown, breaking: .scaffoldRegistry,
                             "the recipe registry is a symbolic link, and pushbook new edits only a file in the recipes folder; add this entry by hand: \(RecipeRegistryFile.entry(service).trimmingCharacters(in: .whitespaces))")
        }
        guard info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            throw Diagnostic(file: shown, breaking: .scaffoldRegistry, "cannot read the recipe registry, a UTF-8 Swift file in the recipes folder")
        }
        return (text, info.st_mode & 0o7777)
    }

    /// Writes the recipe into a hidden staging folder, moves it into place, then replaces the
    /// registry (keeping its mode); on any failure removes what it wrote, so the recipes folder is as it was.
    static func write(_ scaffold: RecipeScaffold, registry: String, mode: mode_t, recipes: URL, shown: String) throws(Diagnostic) {
        let files = FileManager.default
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        let staging = recipes.appendingPathComponent(".new-\(scaffold.id)-\(token)", isDirectory: true)
        let registryTemporary = recipes.appendingPathComponent(".Registry-\(token)")
        let folder = recipes.appendingPathComponent(scaffold.id, isDirectory: true)
        var moved = false
        do {
            try files.createDirectory(at: staging, withIntermediateDirectories: false)
            for (path, bytes) in scaffold.files {
                let url = staging.appendingPathComponent(path)
                try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url, options: .withoutOverwriting)
            }
            try Data(registry.utf8).write(to: registryTemporary, options: .withoutOverwriting)
            guard chmod(registryTemporary.path, mode) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
            try files.moveItem(at: staging, to: folder)
            moved = true
            guard rename(registryTemporary.path, recipes.appendingPathComponent("Registry.swift").path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? files.removeItem(at: staging)
            try? files.removeItem(at: registryTemporary)
            if moved { try? files.removeItem(at: folder) }
            throw Diagnostic(file: "\(shown)/\(scaffold.id)", breaking: .scaffoldWrite, "cannot write the recipe (\(error.localizedDescription)); nothing was left behind")
        }
    }
}
