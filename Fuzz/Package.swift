// swift-tools-version:6.0
// Fuzz targets for Pushbook, built with libFuzzer. A package of its own, so that the main package and
// CI never see the sanitizer flags. Build and run with ./run.sh (see README.md).
import PackageDescription
import Foundation

/// A path dependency's identity is its folder's name, which depends on where the repository was cloned.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

/// libFuzzer (its `main` and driver) is linked into the fuzz executables only. run.sh instruments every
/// module, the main package's included, with AddressSanitizer and libFuzzer's coverage counters
/// (`-sanitize=address -sanitize-coverage=…`); `-sanitize=fuzzer` there would also link libFuzzer into
/// the main package's build-tool programs (CommitStampWriter, PayloadsModuleBuilder), which have no
/// `LLVMFuzzerTestOneInput` and fail to link.
let fuzzerCompile: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer", "-parse-as-library"])]
let fuzzerLink: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer"])]

let package = Package(
    name: "PushbookFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .executableTarget(name: "FuzzJSONReader", dependencies: ["CFuzzerDriver", .product(name: "Payloads", package: mainPackage)],
                          swiftSettings: fuzzerCompile, linkerSettings: fuzzerLink),
        .executableTarget(name: "FuzzLinter", dependencies: ["CFuzzerDriver", .product(name: "Payloads", package: mainPackage)],
                          swiftSettings: fuzzerCompile, linkerSettings: fuzzerLink),
        .executableTarget(name: "FuzzArtifactJSON", dependencies: ["CFuzzerDriver", .product(name: "Cookbook", package: mainPackage)],
                          swiftSettings: fuzzerCompile, linkerSettings: fuzzerLink),
        .executableTarget(name: "FuzzFrontMatter", dependencies: ["CFuzzerDriver", .product(name: "Cookbook", package: mainPackage)],
                          swiftSettings: fuzzerCompile, linkerSettings: fuzzerLink),
    ],
    swiftLanguageModes: [.v6]
)
