import Foundation
import Testing
import Payloads
@testable import Cookbook
import ToolchainSupport

/// What a reader copies from a page compiles in Xcode: every whole-file download and every Swift
/// block of the prose type-check against stand-ins for UserNotifications and Intents that export
/// exactly Apple's list, and every page shows the imports and links the downloads.
@Suite("Pages you can paste from")
struct PasteIntoXcodeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Recipes", isDirectory: true)

    static func recipes() throws -> [Recipe] {
        let loaded = RecipeLoader(root: root, displayRoot: "Recipes").load()
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.recipes.count >= 8)
        return loaded.recipes
    }

    @Test("every whole-file download type-checks against Apple's list, with no warning, as pasted")
    func downloadsCompile() throws {
        for recipe in try Self.recipes() {
            var problems: [Diagnostic] = []
            let box = IntoXcodeBox.make(for: recipe, diagnostics: &problems)
            #expect(problems.isEmpty)
            #expect(!box.files.isEmpty, "\(recipe.id) offers no download")
            let folder = try Toolchain.temporaryFolder("download-\(recipe.id)")
            defer { try? FileManager.default.removeItem(at: folder) }
            var paths: [String] = []
            for file in box.files {
                #expect(!file.text.contains("NotificationSimulator") && !file.text.contains("snippet."), "\(recipe.id)/\(file.name) has simulator-only lines")
                #expect(file.text.contains("import UserNotifications") || file.text.contains("import Intents"), "\(recipe.id)/\(file.name) has no iOS import")
                let url = folder.appendingPathComponent(file.name)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
                paths.append(url.path)
            }
            let result = try Toolchain.run(Toolchain.tool("swiftc"), AppleModuleShims.typecheckArguments() + paths)
            for diagnostic in AppleModuleShims.diagnostics(in: result.output) where diagnostic.kind != "note" {
                Issue.record("downloads/\(recipe.id)/\(diagnostic.file):\(diagnostic.line): \(diagnostic.kind): \(diagnostic.message)")
            }
            #expect(result.status == 0, "\(recipe.id): swiftc exited with \(result.status)")
        }
    }

    @Test("every Swift block of the prose type-checks against Apple's list (a block without imports gets the template's)")
    func proseBlocksCompile() throws {
        let folder = try Toolchain.temporaryFolder("prose-blocks")
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for recipe in try Self.recipes() {
            let lines = recipe.markdown.split(separator: "\n", omittingEmptySubsequences: false)
            var block: [Substring]?
            for line in lines {
                if block == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" { block = []; continue }
                if block != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                    var text = block!.joined(separator: "\n")
                    if !text.contains("import ") { text = "import UserNotifications\nimport Intents\n\n" + text }
                    let url = folder.appendingPathComponent("\(recipe.id)-\(paths.count).swift")
                    try text.write(to: url, atomically: true, encoding: .utf8)
                    paths.append(url.path)
                    block = nil
                    continue
                }
                block?.append(line)
            }
        }
        #expect(!paths.isEmpty)
        let result = try Toolchain.run(Toolchain.tool("swiftc"), AppleModuleShims.typecheckArguments() + ["-continue-building-after-errors"] + paths)
        for diagnostic in AppleModuleShims.diagnostics(in: result.output) where diagnostic.kind == "error" {
            Issue.record("\(diagnostic.file):\(diagnostic.line): \(diagnostic.message)")
        }
        #expect(result.status == 0)
    }

    @Test("every recipe page starts its first block from a file with the file's iOS imports, and links the whole files from its Into Xcode box")
    func pagesShowImportsAndDownloads() throws {
        for recipe in try Self.recipes() {
            let output = RecipePage(recipe: recipe, results: [:], previous: nil, next: nil).render()
            let html = output.html
            #expect(html.contains("id=\"into-xcode\""), "\(recipe.id)")
            #expect(html.contains("Minimum Deployments"), "\(recipe.id)")
            #expect(html.contains(DeploymentTarget.shown(recipe)), "\(recipe.id) does not show its deployment target")
            let swiftFiles = AvailabilityCheck.swiftFiles(of: recipe).map(\.lastPathComponent)
            for name in swiftFiles {
                #expect(output.downloads["downloads/\(recipe.id)/\(name)"] != nil, "\(recipe.id): no download of \(name)")
                #expect(html.contains("href=\"../downloads/\(recipe.id)/\(name)\""), "\(recipe.id): no link to \(name)")
            }
            // The first code block that comes from a Swift file shows its imports.
            guard let first = html.range(of: ".swift — ") else { continue }
            let after = html[first.upperBound...].prefix(2000)
            let text = after.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            #expect(text.contains("import UserNotifications"), "\(recipe.id): the first Swift block shows no import")
            if swiftFiles.contains(where: { (try? String(contentsOf: recipe.folder.appendingPathComponent($0), encoding: .utf8))?.contains("iOS: UserNotifications Intents") == true }) {
                #expect(text.contains("import Intents"), "\(recipe.id): the first Swift block does not show import Intents")
            }
        }
    }

    @Test("the service extension box names the class for NSExtensionPrincipalClass and the template's menu path")
    func serviceExtensionBox() throws {
        let recipe = try #require(try Self.recipes().first { $0.id == "communication-notification" })
        var problems: [Diagnostic] = []
        let html = IntoXcodeBox.make(for: recipe, diagnostics: &problems).render()
        #expect(html.contains("File › New › Target › Notification Service Extension"))
        #expect(html.contains("<code>$(PRODUCT_MODULE_NAME).ChatAvatarService</code>"))
        #expect(html.contains("com.apple.developer.usernotifications.communication"))
        #expect(html.contains("<code>NSUserActivityTypes</code> with <code>INSendMessageIntent</code>"))
        #expect(html.contains("iOS 15.0"))
        #expect(html.contains("UIImage"))
    }
}
