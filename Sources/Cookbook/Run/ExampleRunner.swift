import Foundation
import Payloads
import NotificationSimulator

/// Runs a recipe's examples through the simulated device.
public struct ExampleRunner: Sendable {
    /// The recipes' code, by entry-point name.
    public var entryPoints: [String: RecipeEntryPoint]

    /// Creates a runner for the registry `entryPoints`.
    public init(entryPoints: [String: RecipeEntryPoint]) {
        self.entryPoints = entryPoints
    }

    /// The outcome of one example.
    public struct Outcome: Sendable {
        /// The record.
        public var record: DeliveryRecord
        /// The images the page's previews draw: of the delivered notification, then of each local one.
        public var previews: ExampleView.Previews
        /// The linter's report on the input, for the page.
        public var lint: LintResult?
        /// The input's bytes.
        public var input: [UInt8]
        /// The input as parsed (once, by the runner), or nil when it is not JSON.
        public var parsedInput: JSONValue?
        /// The app the example ran with.
        public var app: AppConfiguration
    }

    /// Runs `example` of `recipe`; `manifest` is the recipe's fixture manifest when the caller has
    /// already read it (it is read once per recipe, not once per example).
    public func run(_ example: Example, of recipe: Recipe, manifest knownManifest: FixtureManifest? = nil) throws(Diagnostic) -> Outcome {
        var inputs = RecipeInputs(manifest: knownManifest)
        return try run(example, of: recipe, inputs: &inputs)
    }

    /// `run`, with what the recipe's examples share (manifest, bundle, app configurations) read
    /// into `inputs` the first time it is needed, for the next examples of the same recipe.
    func run(_ example: Example, of recipe: Recipe, inputs: inout RecipeInputs) throws(Diagnostic) -> Outcome {
        let (inputPath, bytes) = try input(of: example, in: recipe)
        guard let entryPoint = entryPoints[recipe.service] else {
            throw RecipeRegistryFile.unregistered(recipe)
        }
        let app = try inputs.app(for: example, of: recipe, runner: self)
        let manifest = try inputs.manifest(of: recipe, runner: self)
        var device = NotificationDevice(app: app, manifest: manifest, bundle: inputs.bundle(of: recipe, runner: self))
        device.app.isInForeground = example.foreground

        // Parsed once: for the entry decision here, the linter, and the page (Outcome.parsedInput).
        let parsed = JSONReader.parse(bytes)
        let parsedInput = try? parsed.get()
        let entry = DeviceEntry.decide(input: parsedInput, code: entryPoint,
                                       stock: example.stockExtension.flatMap(StockExtension.init(rawValue:)),
                                       withoutExtension: example.withoutExtension)
        switch entry {
        case .success(.local(let schedule)):
            let run = schedule.simulate(on: device)
            return Outcome(record: run.record, previews: .init(run), lint: nil, input: bytes, parsedInput: parsedInput, app: app)
        case .failure(.localInputForPushCode(let location)):
            throw Diagnostic(file: inputPath, location: location, breaking: .service, "a local example needs a recipe whose service adds local notifications")
        case .success(.push), .failure(.pushForLocalCode):
            break
        }

        let lint = Linter.lint(bytes, parsed: parsed, headers: example.headers)
        guard lint.kind != nil else {
            let first = lint.diagnostics.first
            throw first?.inFile(inputPath)
                ?? Diagnostic(file: inputPath, breaking: .exampleInput, "the input is not an FCM v1 message, an APNs payload or a Simulator .apns file")
        }
        guard case .success(.push(let handlers)) = entry else {
            throw Diagnostic(file: inputPath, breaking: .service, "this recipe's service adds local notifications: its examples are {\"local\": {…}} objects")
        }
        // A foreground-app recipe's code runs in the foreground: it is what sets up the delegate.
        let earlier = try chain(before: example, of: recipe)
        guard example.answer != nil || !earlier.isEmpty else {
            device.app.isInForeground = example.foreground || handlers.runsInForeground
            let run = handlers.simulate(lint, on: device)
            return Outcome(record: run.record, previews: .init(run), lint: lint, input: bytes, parsedInput: parsedInput, app: app)
        }
        // A sequence (after=) and an answer share one device session: the pushes before this one
        // arrive first, on the same device, with their own options, and the user answers those
        // examples that have an answer as they did.
        let session = DeviceSession()
        for previous in earlier {
            let (previousLint, previousHandlers) = try push(of: previous, in: recipe, entryPoint: entryPoint)
            device.app.isInForeground = previous.foreground || previousHandlers.runsInForeground
            _ = previousHandlers.simulate(previousLint, on: device, session: session)
            if let answer = previous.answer {
                if case .failure(let refusal) = previousHandlers.respond(answer, on: device, appState: Self.appState(previous, device), session: session) {
                    throw Diagnostic(file: recipe.markdownPath, breaking: .exampleList, "example '\(previous.id)': iOS would not offer this answer: \(refusal.message)")
                }
            }
        }
        device.app.isInForeground = example.foreground || handlers.runsInForeground
        let run = handlers.simulate(lint, on: device, session: session)
        var record = run.record
        if earlier.isEmpty { record.notificationCenter = nil }
        guard let answer = example.answer else {
            return Outcome(record: record, previews: .init(run), lint: lint, input: bytes, parsedInput: parsedInput, app: app)
        }
        switch handlers.respond(answer, on: device, appState: Self.appState(example, device), session: session) {
        case .success(let answered):
            record.response = answered.part
            record.diagnostics += answered.diagnostics
        case .failure(let refusal):
            throw Diagnostic(file: recipe.markdownPath, breaking: .exampleList, "example '\(example.id)': iOS would not offer this answer: \(refusal.message)")
        }
        return Outcome(record: record, previews: .init(run), lint: lint, input: bytes, parsedInput: parsedInput, app: app)
    }

    /// Where the app is when the user answers `example`'s notification on `device`.
    private static func appState(_ example: Example, _ device: NotificationDevice) -> AppState {
        example.notRunning ? .notRunning : device.app.isInForeground ? .foreground : .background
    }

    /// The examples whose pushes reach the device before `example`'s, first one first (`after=`; the
    /// loader only lets an example follow one listed above it, so the chain ends).
    private func chain(before example: Example, of recipe: Recipe) throws(Diagnostic) -> [Example] {
        var earlier: [Example] = []
        var next = example.after
        while let name = next {
            guard let previous = recipe.examples.first(where: { $0.id == name }), earlier.count < recipe.examples.count else {
                throw Diagnostic(file: recipe.markdownPath, breaking: .exampleList, "example '\(example.id)' follows '\(name)', which is not an example of this recipe")
            }
            earlier.insert(previous, at: 0)
            next = previous.after
        }
        return earlier
    }

    /// The example's input file, read as every recipe file is, and its path for messages.
    private func input(of example: Example, in recipe: Recipe) throws(Diagnostic) -> (path: String, bytes: [UInt8]) {
        let inputPath = "\(recipe.displayPath)/examples/\(example.inputName).json"
        do {
            return (inputPath, try ContainedFile.read("examples/\(example.inputName).json", under: recipe.folder.path, limit: RecipeLoader.fileSizeLimit))
        } catch {
            throw Diagnostic(file: inputPath, breaking: .exampleInput, "cannot read the example's input: \(error)")
        }
    }

    /// An earlier push of a sequence, linted with its own headers, and the code it runs.
    private func push(of example: Example, in recipe: Recipe, entryPoint: RecipeEntryPoint) throws(Diagnostic) -> (LintResult, PushHandlers) {
        let (inputPath, bytes) = try input(of: example, in: recipe)
        let parsed = JSONReader.parse(bytes)
        let entry = DeviceEntry.decide(input: try? parsed.get(), code: entryPoint,
                                       stock: example.stockExtension.flatMap(StockExtension.init(rawValue:)),
                                       withoutExtension: example.withoutExtension)
        guard case .success(.push(let handlers)) = entry else {
            throw Diagnostic(file: inputPath, breaking: .exampleList, "a sequence (after=) is made of pushes: '\(example.id)' is not one this recipe's code takes")
        }
        let lint = Linter.lint(bytes, parsed: parsed, headers: example.headers)
        guard lint.kind != nil else {
            throw lint.diagnostics.first?.inFile(inputPath)
                ?? Diagnostic(file: inputPath, breaking: .exampleInput, "the input is not an FCM v1 message, an APNs payload or a Simulator .apns file")
        }
        return (lint, handlers)
    }

    /// The app configuration for an example: its own app folder, else the recipe's, else a plain app.
    public func appConfiguration(for example: Example?, of recipe: Recipe) throws(Diagnostic) -> AppConfiguration {
        guard let folderName = example?.appFolder ?? recipe.appFolder, !folderName.isEmpty else { return .plain }
        return try RecipeLoader.appConfiguration(folder: folderName, of: recipe)
    }

    /// The resources of the recipe's app and extension bundles: the regular files directly in
    /// `fixtures/bundle/`, by name (what `INImage(named:)` finds). Symbolic links and folders are
    /// skipped, so nothing from outside the recipe is read.
    public func bundleResources(of recipe: Recipe) -> [String: Data] {
        let folder = recipe.folder.appendingPathComponent("fixtures/bundle", isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [:] }
        var resources: [String: Data] = [:]
        for name in names.sorted() where !name.hasPrefix(".") {
            // Read as every recipe file is: a regular file, reached without a link.
            guard ContainedFile.isRegularFile("fixtures/bundle/" + name, under: recipe.folder.path),
                  let bytes = try? ContainedFile.read("fixtures/bundle/" + name, under: recipe.folder.path) else { continue }
            resources[name] = Data(bytes)
        }
        return resources
    }

    /// The recipe's fixture manifest (`fixtures/manifest.json`), or an empty one.
    public func fixtureManifest(of recipe: Recipe) throws(Diagnostic) -> FixtureManifest {
        let url = recipe.folder.appendingPathComponent("fixtures/manifest.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return FixtureManifest() }
        return try FixtureManifest.load(from: url, displayPath: "\(recipe.displayPath)/fixtures/manifest.json")
    }
}
