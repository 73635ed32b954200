import Foundation
import Testing
@testable import Cookbook
import Payloads

/// `pushbook new`: a recipe around your extension, or a clear error and nothing written.
/// (The round trip — the scaffold then passes `check --update` and `check` after `swift build` — is
/// `Tests/NewRecipe/roundtrip.sh`, run by `.ci/run`: it builds the tool cold in a fresh clone.)
@Suite("pushbook new")
struct NewCommandTests {
    /// A temporary recipes folder holding a copy of fcm-image and the package's registry.
    static func recipesFolder() throws -> URL {
        let recipes = try CommandRunner.copyRecipe("fcm-image")
        try FileManager.default.copyItem(at: CommandRunner.packageRoot.appendingPathComponent("Recipes/Registry.swift"),
                                         to: recipes.appendingPathComponent("Registry.swift"))
        return recipes
    }

    /// Every path under `folder` (hidden ones too) with its bytes: what "nothing written" compares.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            let path = String(url.path.dropFirst(folder.path.count))
            files[path] = FileManager.default.contents(atPath: url.path) ?? Data()
        }
        return files
    }

    /// The Xcode-style extension the round trip uses.
    static let xcodeStyle = CommandRunner.packageRoot.appendingPathComponent("Tests/NewRecipe/NotificationService.swift")

    @Test("new ID makes the recipe's files, registers a starting class and prints the next commands")
    func scaffold() throws {
        let recipes = try Self.recipesFolder()
        defer { CommandRunner.removeCopy(recipes) }
        let folder = recipes.deletingLastPathComponent()
        let run = try CommandRunner.run(["new", "my-app", "--recipes", "recipes"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasSuffix("""
            registered MyAppService in recipes/Registry.swift
            next:
              swift build
              swift run pushbook check --recipes recipes --update my-app
              swift run pushbook build --recipes recipes

            """), "\(run.stdout)")
        let made = recipes.appendingPathComponent("my-app")
        let names = try Self.snapshot(made).keys.sorted()
        #expect(names == ["/MyAppService.swift", "/app", "/app/App.entitlements", "/app/Info.plist", "/examples", "/examples/image.json",
                          "/fixtures", "/fixtures/manifest.json", "/fixtures/sample.png", "/recipe.md"])
        let registry = try String(contentsOf: recipes.appendingPathComponent("Registry.swift"), encoding: .utf8)
        #expect(registry.contains("        \"MyAppService\": .serviceExtension { MyAppService() },\n    ]"))
        // What it wrote is a recipe the loader takes, and its example lints clean.
        let (loaded, problems) = RecipeLoader(root: recipes, displayRoot: "recipes").load(only: ["my-app"])
        #expect(problems == [])
        #expect(loaded.first?.service == "MyAppService" && loaded.first?.examples.map(\.id) == ["image"])
        let lint = try CommandRunner.run(["lint", "recipes/my-app/examples/image.json"], in: folder)
        #expect(lint.status == 0 && lint.stdout.isEmpty, "\(lint.stdout)")
        // No staging folder or temporary registry is left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: recipes.path).sorted() == ["Registry.swift", "fcm-image", "my-app"])
    }

    @Test("new --from turns an Xcode-style extension into the recipe's file: its imports become the simulator's, the rest is kept byte for byte")
    func fromXcodeFile() throws {
        let recipes = try Self.recipesFolder()
        defer { CommandRunner.removeCopy(recipes) }
        let run = try CommandRunner.run(["new", "mine", "--recipes", "recipes", "--from", Self.xcodeStyle.path], in: recipes.deletingLastPathComponent())
        #expect(run.status == 0, "\(run.stderr)")
        let original = try String(contentsOf: Self.xcodeStyle, encoding: .utf8)
        let copied = try String(contentsOf: recipes.appendingPathComponent("mine/NotificationService.swift"), encoding: .utf8)
        #expect(copied == original.replacingOccurrences(of: "import UserNotifications\n", with: """
            import Foundation
            import NotificationSimulator // iOS: UserNotifications
            // snippet.hide
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            // snippet.show

            """))
        let markdown = try String(contentsOf: recipes.appendingPathComponent("mine/recipe.md"), encoding: .utf8)
        #expect(markdown.contains("\nservice: NotificationService\n") && markdown.contains("```include NotificationService.swift\n"))
        #expect(try String(contentsOf: recipes.appendingPathComponent("Registry.swift"), encoding: .utf8)
            .contains("\"NotificationService\": .serviceExtension { NotificationService() },"))
    }

    @Test("an id that exists (in any case) or is not valid, and a --from file that cannot be used, are errors with exit 2 and nothing written",
          arguments: [
            (["fcm-image"], "recipes/fcm-image:1:1: error: a recipe named 'fcm-image' exists already; choose another id [new.exists]"),
            (["FCM-Image"], "recipes/fcm-image:1:1: error: 'fcm-image' exists already and differs from 'FCM-Image' only in case"),
            (["a/b"], "only ASCII letters, digits, '-' and '_' (got 'a/b')"),
            (["--", "-x"], "starts with a letter or a digit"),
            (["-x"], "unknown option '-x'"),
            (["_platform2"], "starts with a letter or a digit"),
            (["caf\u{E9}"], "only ASCII letters"),
            ([String(repeating: "a", count: 65)], "1 to 64 characters"),
            ([], "give the new recipe's ID"),
            (["a", "b"], "give one ID (got 2)"),
            (["x", "--from", "missing.swift"], "missing.swift:1:1: error: cannot read the file [input.unreadable]"),
            (["x", "--from", "notes.txt"], "notes.txt:1:1: error: 'pushbook new --from' takes the extension's Swift file, whose name ends in .swift [new.source]"),
            (["x", "--from", "Plain.swift"], "Plain.swift:1:1: error: no class inherits UNNotificationServiceExtension"),
            (["x", "--from", "UIKitImage.swift"], "UIKitImage.swift:2:8: error: 'import UIKit': the simulator models UserNotifications and Intents (with Foundation) only"),
            (["x", "--from", "Two.swift"], "Two.swift:3:7: error: 2 classes inherit UNNotificationServiceExtension (A, B)"),
            (["x", "--from", "Binary.swift"], "Binary.swift:1:1: error: the file is not UTF-8 text"),
            (["x", "--from", "Ghost.swift"], "Ghost.swift:1:1: error: no class inherits UNNotificationServiceExtension"),
            (["x", "--from", "/dev/zero"], "/dev/zero:1:1: error: the file holds more than 1 MiB; an extension's Swift file is far smaller [new.source]"),
            (["x", "--from", "FCMImageService.swift"], "recipes/fcm-image/FCMImageService.swift:1:1: error: another recipe has a file named FCMImageService.swift"),
            (["x", "--from", "Clash.swift"], "recipes/fcm-image/FCMImageService.swift:"),
            (["x", "--from", "Registered.swift"], "recipes/Registry.swift:1:1: error: a service named 'ChatAvatarService' is registered already"),
          ])
    func refused(arguments: [String], message: String) throws {
        let recipes = try Self.recipesFolder()
        defer { CommandRunner.removeCopy(recipes) }
        let folder = recipes.deletingLastPathComponent()
        let service = "class %@: UNNotificationServiceExtension {}\n"
        let inputs: [String: Data] = [
            "notes.txt": Data(String(format: service, "N").utf8),
            "Plain.swift": Data("import UserNotifications\nstruct Helper {}\n".utf8),
            "UIKitImage.swift": Data(("import UserNotifications\nimport UIKit\n" + String(format: service, "S")).utf8),
            "Two.swift": Data(("import UserNotifications\n" + String(format: service, "A") + String(format: service, "B")).utf8),
            "Binary.swift": Data([0x63, 0x6C, 0x61, 0x73, 0x73, 0xFF, 0xFE]),
            "Ghost.swift": Data("import UserNotifications\n/* class Ghost: UNNotificationServiceExtension */\n".utf8),
            "FCMImageService.swift": Data(String(format: service, "FCMImageService").utf8),
            "Clash.swift": Data((String(format: service, "Fresh") + "enum ImageAttachment {}\n").utf8),
            "Registered.swift": Data(String(format: service, "ChatAvatarService").utf8),
        ]
        for (name, data) in inputs { try data.write(to: folder.appendingPathComponent(name)) }
        let before = try Self.snapshot(recipes)
        let run = try CommandRunner.run(["new", "--recipes", "recipes"] + arguments, in: folder)
        #expect(run.status == 2, "\(arguments): \(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(try Self.snapshot(recipes) == before, "nothing written")
    }

    @Test("the registry gains one entry before the dictionary's closing bracket, and a registry without one is an error naming the entry to add")
    func registry() throws {
        let text = "enum RecipeRegistry {\n    public static let entryPoints: [String: RecipeEntryPoint] = [\n        \"A\": .serviceExtension { A() }\n    ]\n}\n"
        let file = RecipeRegistryFile(text: text, file: "Recipes/Registry.swift")
        #expect(file.services == ["A"])
        #expect(try file.registering(service: "B") == "enum RecipeRegistry {\n    public static let entryPoints: [String: RecipeEntryPoint] = [\n        \"A\": .serviceExtension { A() },\n        \"B\": .serviceExtension { B() },\n    ]\n}\n")
        #expect(throws: Diagnostic.self) { try RecipeRegistryFile(text: "let x = 1\n", file: "R.swift").registering(service: "B") }
        do {
            _ = try RecipeRegistryFile(text: "let x = 1\n", file: "R.swift").registering(service: "B")
        } catch {
            #expect(error.text == "R.swift:1:1: error: no 'public static let entryPoints: [String: RecipeEntryPoint] = [' declaration to add the service to; add this entry by hand: \"B\": .serviceExtension { B() }, [new.registry]")
        }
        #expect(RecipeScaffold.serviceName(for: "my-app_2") == "MyApp2Service")
        #expect(RecipeScaffold.serviceName(for: "2fa") == "Recipe2faService")
    }

    @Test("a registry that is a symbolic link is refused with the entry to add by hand, and neither the link, its target nor the recipes folder changes")
    func registryLinkRefused() throws {
        let recipes = try Self.recipesFolder()
        defer { CommandRunner.removeCopy(recipes) }
        let folder = recipes.deletingLastPathComponent()
        let target = folder.appendingPathComponent("Reg.real")
        try FileManager.default.moveItem(at: recipes.appendingPathComponent("Registry.swift"), to: target)
        try FileManager.default.createSymbolicLink(atPath: recipes.appendingPathComponent("Registry.swift").path, withDestinationPath: "../Reg.real")
        let before = try Self.snapshot(recipes), targetBefore = try Data(contentsOf: target)
        let run = try CommandRunner.run(["new", "sym1", "--recipes", "recipes"], in: folder)
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stderr.contains("recipes/Registry.swift:1:1: error: the recipe registry is a symbolic link, and pushbook new edits only a file in the recipes folder; add this entry by hand: \"Sym1Service\": .serviceExtension { Sym1Service() },"), "\(run.stderr)")
        #expect(try Self.snapshot(recipes) == before && Data(contentsOf: target) == targetBefore)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: recipes.appendingPathComponent("Registry.swift").path) == "../Reg.real")
    }

    @Test("the registry keeps its permission bits when the entry is added")
    func registryModeKept() throws {
        let recipes = try Self.recipesFolder()
        defer { CommandRunner.removeCopy(recipes) }
        let registry = recipes.appendingPathComponent("Registry.swift")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: registry.path)
        let run = try CommandRunner.run(["new", "ro1", "--recipes", "recipes"], in: recipes.deletingLastPathComponent())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: registry, encoding: .utf8).contains("\"Ro1Service\": .serviceExtension { Ro1Service() },"))
        #expect(try FileManager.default.attributesOfItem(atPath: registry.path)[.posixPermissions] as? Int == 0o444)
    }

    @Test("after new, check says the tool must be rebuilt when the registry file holds the service, and names the registry of the --recipes given when it does not")
    func registeredButNotBuilt() throws {
        let recipes = try Self.recipesFolder()
        defer { CommandRunner.removeCopy(recipes) }
        let folder = recipes.deletingLastPathComponent()
        #expect(try CommandRunner.run(["new", "fresh", "--recipes", "recipes"], in: folder).status == 0)
        let check = try CommandRunner.run(["check", "--recipes", "recipes", "fresh"], in: folder)
        #expect(check.status == 1)
        #expect(check.stderr.contains("recipes/fresh/recipe.md:1:1: error: service 'FreshService' is in recipes/Registry.swift, but this pushbook was built before it was added; rebuild it (swift build) and run again"), "\(check.stderr)")
        // The same recipe with its entry taken out of the registry file: the entry is missing there.
        let registry = recipes.appendingPathComponent("Registry.swift")
        let text = try String(contentsOf: registry, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "        \"FreshService\": .serviceExtension { FreshService() },\n", with: "").utf8).write(to: registry)
        let missing = try CommandRunner.run(["check", "--recipes", "recipes", "fresh"], in: folder)
        #expect(missing.stderr.contains("recipes/fresh/recipe.md:1:1: error: service 'FreshService' is not in the recipe registry (recipes/Registry.swift)"), "\(missing.stderr)")
    }
}
