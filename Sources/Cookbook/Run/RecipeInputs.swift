import Foundation
import Payloads
import NotificationSimulator

/// What the examples of one recipe share: its fixture manifest, its bundle's resources and the
/// app configurations of its app folders. Each is read the first time an example needs it and kept
/// for the recipe's other examples (a failure too: it is the same file), instead of once per example.
struct RecipeInputs {
    /// The recipe's fixture manifest, once read.
    var manifest: FixtureManifest?
    /// The bundle's resources, once read.
    private var bundle: [String: Data]?
    /// The app configuration of each app folder read so far ("" for the plain app).
    private var apps: [String: Result<AppConfiguration, Diagnostic>] = [:]

    /// Inputs of which only `manifest` may be known yet.
    init(manifest: FixtureManifest? = nil) {
        self.manifest = manifest
    }

    /// The app configuration for `example` (`ExampleRunner.appConfiguration`), read once per folder.
    mutating func app(for example: Example, of recipe: Recipe, runner: ExampleRunner) throws(Diagnostic) -> AppConfiguration {
        let folder = example.appFolder ?? recipe.appFolder ?? ""
        if let known = apps[folder] { return try known.get() }
        let read = Result { () throws(Diagnostic) -> AppConfiguration in try runner.appConfiguration(for: example, of: recipe) }
        apps[folder] = read
        return try read.get()
    }

    /// The recipe's fixture manifest (`ExampleRunner.fixtureManifest`), read once.
    mutating func manifest(of recipe: Recipe, runner: ExampleRunner) throws(Diagnostic) -> FixtureManifest {
        if let manifest { return manifest }
        let read = try runner.fixtureManifest(of: recipe)
        manifest = read
        return read
    }

    /// The bundle's resources (`ExampleRunner.bundleResources`), read once.
    mutating func bundle(of recipe: Recipe, runner: ExampleRunner) -> [String: Data] {
        if let bundle { return bundle }
        let read = runner.bundleResources(of: recipe)
        bundle = read
        return read
    }
}
