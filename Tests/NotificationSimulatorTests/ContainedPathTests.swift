import Foundation
import Testing
@testable import NotificationSimulator

/// The one containment check: its shortcut for plain names answers as resolving every link does,
/// and leaves every path with a link, `.`, `..` or an absolute start to the resolution.
@Suite("Contained paths")
struct ContainedPathTests {
    @Test("plain names, links in and out, dots and absolute paths: the shortcut never disagrees with resolving, and links always go to the resolution")
    func shortcutAgreesWithResolution() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("pushbook-contained-\(UUID().uuidString)", isDirectory: true)
        defer { try? fm.removeItem(at: root) }
        let recipe = root.appendingPathComponent("recipes/one", isDirectory: true)
        try fm.createDirectory(at: recipe.appendingPathComponent("app/inner"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: recipe.appendingPathComponent("app/Info.plist"))
        try fm.createSymbolicLink(atPath: recipe.appendingPathComponent("out").path, withDestinationPath: "../../elsewhere")
        try fm.createSymbolicLink(atPath: recipe.appendingPathComponent("loop").path, withDestinationPath: "app")
        try fm.createSymbolicLink(atPath: recipe.appendingPathComponent("app/up").path, withDestinationPath: "../..")
        // The recipes folder reached through a link: the shortcut still answers for plain names.
        let linked = root.appendingPathComponent("linked")
        try fm.createSymbolicLink(atPath: linked.path, withDestinationPath: "recipes")
        let paths = ["app", "app/Info.plist", "app/inner", "missing", "missing/deeper", "out", "out/x", "loop", "app/up", "app/up/one",
                     "..", "../one/app", "./app", "app/../app", "app//inner", "", "/etc"]
        for folder in [recipe, linked.appendingPathComponent("one", isDirectory: true)] {
            for path in paths {
                let answer = ContainedPath.isInside(path, of: folder)
                #expect(answer == (!path.hasPrefix("/") && ContainedPath.resolvedIsInside(path, of: folder, orFolder: false)), "\(path) in \(folder.path)")
                if let shortcut = ContainedPath.plainPathIsInside(path, of: folder) {
                    #expect(shortcut == ContainedPath.resolvedIsInside(path, of: folder, orFolder: false), "\(path)")
                }
            }
            for (path, inside) in [("app", true), ("app/Info.plist", true), ("app/inner", true), ("out", false), ("app/up", false), ("/etc", false)] {
                #expect(ContainedPath.isInside(path, of: folder) == inside, "\(path) in \(folder.path)")
            }
            // Plain existing names take the shortcut.
            for path in ["app", "app/Info.plist", "app/inner"] {
                #expect(ContainedPath.plainPathIsInside(path, of: folder) == true, "\(path)")
            }
            // Every path through a link, or to a name that does not exist, is left to the resolution.
            for path in ["out", "out/x", "loop", "app/up", "app/up/one", "missing", "missing/deeper"] {
                #expect(ContainedPath.plainPathIsInside(path, of: folder) == nil, "\(path)")
            }
        }
        // A folder that is itself a link, or named with a dot, is resolved.
        #expect(ContainedPath.plainPathIsInside("app", of: linked) == nil)
        #expect(ContainedPath.plainPathIsInside("app", of: URL(fileURLWithPath: recipe.path + "/../one")) == nil)
        #expect(ContainedPath.isInside("one", of: URL(fileURLWithPath: recipe.path + "/.."), orFolder: false))
        #expect(ContainedPath.isInside("", of: recipe, orFolder: true))
    }
}
