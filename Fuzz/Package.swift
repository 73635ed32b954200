// swift-tools-version:6.0
// Fuzz targets for Pushbook, built with libFuzzer. A package of its own, so that the main package and
// CI never see the sanitizer flags. Build and run with ./run.sh (see README.md).
import PackageDescription
import Foundation

/// A path dependency's identity is its folder's name, which depends on where the repository was cloned.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "PushbookFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .executableTarget(name: "FuzzJSONReader", dependencies: ["CFuzzerDriver", .product(name: "Payloads", package: mainPackage)]),
        .executableTarget(name: "FuzzLinter", dependencies: ["CFuzzerDriver", .product(name: "Payloads", package: mainPackage)]),
        .executableTarget(name: "FuzzFrontMatter", dependencies: ["CFuzzerDriver", .product(name: "Cookbook", package: mainPackage)]),
    ],
    swiftLanguageModes: [.v6]
)
