// swift-tools-version:6.0
import PackageDescription
import Foundation

/// What in `Recipes/` is data (prose, payloads, fixtures, records), not source: every folder with no
/// Swift file in it, whole, and every other file that is not Swift. Folders rather than their files,
/// because SwiftPM caches this manifest's result until its text changes: a file added later to a
/// data folder is still excluded, where a list of files would go stale and warn "unhandled" (a new
/// data folder needs `--manifest-cache none` once, or any edit of this file).
let recipeDataFiles: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Recipes")
    let keys: [URLResourceKey] = [.isDirectoryKey, .isRegularFileKey]
    func holdsSwift(_ folder: URL) -> Bool {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return false }
        return walker.contains { ($0 as? URL)?.pathExtension == "swift" }
    }
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { return [] }
    var excluded: [String] = []
    for case let url as URL in walker {
        let values = try? url.resourceValues(forKeys: Set(keys))
        let relative = String(url.path.dropFirst(root.path.count + 1))
        if values?.isDirectory == true {
            if !holdsSwift(url) {
                excluded.append(relative)
                walker.skipDescendants()
            }
        } else if values?.isRegularFile == true, url.pathExtension != "swift" {
            excluded.append(relative)
        }
    }
    return excluded.sorted()
}()

let package = Package(
    name: "Pushbook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pushbook", targets: ["pushbook"]),
        // Libraries for packages that build on Pushbook's core, such as the fuzz targets in Fuzz/.
        .library(name: "Payloads", targets: ["Payloads"]),
        .library(name: "Cookbook", targets: ["Cookbook"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            path: "Sources/CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .target(name: "Payloads", path: "Sources/Payloads"),
        // Payloads compiled to WebAssembly with Embedded Swift (plus the entry points in Sources/PayloadsWasm,
        // which only that build compiles), for the playground page and the tests that compare it with the CLI.
        .executableTarget(name: "PayloadsModuleBuilder", path: "Sources/PayloadsModuleBuilder"),
        .plugin(name: "PayloadsModulePlugin", capability: .buildTool(), dependencies: ["PayloadsModuleBuilder"],
                path: "Plugins/PayloadsModulePlugin"),
        .target(name: "PayloadsModule", path: "Sources/PayloadsModule", plugins: ["PayloadsModulePlugin"]),
        // The checked-in list of Apple's declarations the model mirrors, compiled in for `pushbook check`.
        .target(name: "NotificationSimulator", dependencies: ["Payloads"], path: "Sources/NotificationSimulator",
                resources: [.embedInCode("AppleAPI/apple-declarations.txt")]),
        // The syntax highlighter's lexer (Swift, JSON, XML, shell, Dart, Python), a library with no
        // dependency: code in, runs of one kind out; the site's HTML for them is Cookbook's.
        .target(name: "Highlight", path: "Sources/Highlight"),
        .target(
            name: "Cookbook",
            dependencies: ["CCmark", "Payloads", "PayloadsModule", "NotificationSimulator", "Highlight"],
            path: "Sources/Cookbook",
            // The site's stylesheet and script are real files, compiled into the binary as byte arrays.
            resources: [.embedInCode("Resources/pushbook.css"), .embedInCode("Resources/pushbook.js"), .embedInCode("Resources/send-to-a-device.md"),
                        .embedInCode("Resources/playground.js"), .embedInCode("Resources/playground.css")]
        ),
        // Recipe code is written as it would be in an Xcode Notification Service Extension target,
        // which new Xcode projects compile in the Swift 5 language mode.
        .target(
            name: "Recipes",
            dependencies: ["NotificationSimulator"],
            path: "Recipes",
            exclude: recipeDataFiles,
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The commit the tool is built from, for `pushbook --version`: the plugin reads the checkout's HEAD.
        .executableTarget(name: "CommitStampWriter", path: "Sources/CommitStampWriter"),
        .plugin(name: "CommitStampPlugin", capability: .buildTool(), dependencies: ["CommitStampWriter"], path: "Plugins/CommitStampPlugin"),
        // The command line, as a library: the shipped tool and the test host hand it their recipe registry.
        .target(name: "PushbookCLI", dependencies: ["Cookbook", "Payloads", "NotificationSimulator"], path: "Sources/PushbookCLI",
                plugins: ["CommitStampPlugin"]),
        .executableTarget(name: "pushbook", dependencies: ["PushbookCLI", "Recipes"], path: "Sources/pushbook"),
        // Test only: pushbook with test-only recipe code (a trapping extension); never shipped.
        .executableTarget(name: "pushbook-test-host", dependencies: ["PushbookCLI", "Recipes", "NotificationSimulator"], path: "Tests/TestHost"),
        .testTarget(name: "PayloadsTests", dependencies: ["Payloads"], path: "Tests/PayloadsTests", resources: [.copy("Fixtures")]),
        // What the symbol-graph test, the compile probes and the download test share: the toolchain, and
        // stand-ins for Apple's UserNotifications and Intents modules built from the model; and every
        // test target's temporary folder (TemporaryFolder).
        // Test only: before main, gives the test process a temporary folder of its own, removed at exit
        // (Tests/TestProcess/TestProcess.c says why).
        .target(name: "TestProcess", path: "Tests/TestProcess"),
        .target(name: "ToolchainSupport", dependencies: ["NotificationSimulator", "TestProcess"], path: "Tests/ToolchainSupport"),
        .testTarget(name: "NotificationSimulatorTests", dependencies: ["NotificationSimulator", "ToolchainSupport", "TestProcess"], path: "Tests/NotificationSimulatorTests"),
        // The golden files are read from, and rewritten in (PUSHBOOK_UPDATE_GOLDEN=1), the source tree.
        .testTarget(name: "CookbookTests", dependencies: ["Cookbook", "Highlight", "Recipes", "ToolchainSupport"], path: "Tests/CookbookTests",
                    exclude: ["Fixtures"]),
        .testTarget(name: "PushbookCLITests", dependencies: ["pushbook", "pushbook-test-host", "PushbookCLI", "Cookbook", "PayloadsModule", "ToolchainSupport"], path: "Tests/PushbookCLITests"),
    ],
    swiftLanguageModes: [.v6]
)
