import Foundation
import Payloads

/// A Notification Service Extension written the usual way (Xcode's template: `import
/// UserNotifications`, a `UNNotificationServiceExtension` subclass), turned into a recipe's Swift
/// file: its Apple imports become the simulator's (`import NotificationSimulator // iOS: …`, which
/// the page shows as the iOS imports again), `Foundation` is imported, and the few lines Linux needs
/// for `URLSession` are hidden from the page. Everything else is kept byte for byte.
public struct ExtensionSource: Sendable, Equatable {
    /// The modules the simulator stands in for, as Apple names them.
    public static let appleModules = ["UserNotifications", "Intents"]
    /// The modules a recipe may import besides those.
    public static let otherModules = ["Foundation", "FoundationNetworking"]
    /// The most a file given to `pushbook new --from` may hold.
    public static let sizeLimit = 1 << 20

    /// The principal class: the one class that inherits `UNNotificationServiceExtension`.
    public var className: String
    /// The types the file declares at its top level (for clashes with other recipes).
    public var topLevelTypes: [String]
    /// The recipe's version of the file.
    public var text: String

    /// Reads `bytes`, the file the user named `file` (as messages name it).
    public init(bytes: [UInt8], file: String) throws(Diagnostic) {
        func fail(_ message: String, line: Int = 0, column: Int = 1) -> Diagnostic {
            Diagnostic(file: file, location: line > 0 ? SourceLocation(line: line, column: column) : .none, breaking: .scaffoldSource, message)
        }
        guard file.hasSuffix(".swift") else { throw fail("'pushbook new --from' takes the extension's Swift file, whose name ends in .swift") }
        guard bytes.count <= Self.sizeLimit else { throw fail("the file holds more than \(Self.sizeLimit >> 20) MiB; an extension's Swift file is far smaller") }
        guard let text = String(data: Data(bytes), encoding: .utf8) else { throw fail("the file is not UTF-8 text, as Swift source is") }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        var imported: [String] = [], importLines: [Int] = []
        for (index, line) in lines.enumerated() {
            guard let module = Self.importedModule(line) else { continue }
            guard Self.appleModules.contains(module) || Self.otherModules.contains(module) else {
                let column = (line.range(of: module).map { line.utf8.distance(from: line.startIndex, to: $0.lowerBound) } ?? 0) + 1
                throw fail("'import \(module)': the simulator models \(Self.appleModules.joined(separator: " and ")) (with Foundation) only; remove the import and the code that needs it", line: index + 1, column: column)
            }
            importLines.append(index)
            if Self.appleModules.contains(module), !imported.contains(module) { imported.append(module) }
        }

        let classes = lines.enumerated().compactMap { index, line in Self.serviceClass(line).map { (name: $0, line: index + 1) } }
        guard let principal = classes.first else {
            throw fail("no class inherits UNNotificationServiceExtension; an extension's principal class does (class NotificationService: UNNotificationServiceExtension)")
        }
        guard classes.count == 1 else {
            throw fail("\(classes.count) classes inherit UNNotificationServiceExtension (\(classes.map(\.name).joined(separator: ", "))); an extension has one principal class: give each its own recipe", line: classes[1].line)
        }
        className = principal.name
        topLevelTypes = lines.compactMap(Self.topLevelType)

        // The imports as a recipe writes them, in place of the file's first import (or at the top).
        if !imported.contains("UserNotifications") { imported.insert("UserNotifications", at: 0) }
        var header: [String] = []
        if !lines.contains(where: { Self.importedModule($0) == "Foundation" }) { header.append("import Foundation") }
        header.append("import NotificationSimulator // iOS: \(imported.joined(separator: " "))")
        header += ["// snippet.hide", "#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif", "// snippet.show"]
        let first = importLines.first ?? 0
        let dropped = Set(importLines.filter { Self.appleModules.contains(Self.importedModule(lines[$0]) ?? "") || Self.importedModule(lines[$0]) == "FoundationNetworking" })
        var out: [String] = []
        for (index, line) in lines.enumerated() {
            if index == first { out += header }
            if !dropped.contains(index) { out.append(line) }
        }
        self.text = out.joined(separator: "\n")
    }

    /// The module a line imports (`import UserNotifications`, `@preconcurrency import Intents`,
    /// `import class Foundation.NSLock` gives `Foundation`), or nil.
    static func importedModule(_ line: String) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        while let word = words.first, word.hasPrefix("@") || ["public", "internal", "private", "fileprivate", "package"].contains(word) { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        var path = words[1]
        if ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"].contains(path), words.count >= 3 { path = words[2] }
        let module = String(path.split(separator: ".").first ?? "")
        return module.isEmpty || !module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? nil : module
    }

    /// The name of the class a line declares as a `UNNotificationServiceExtension` subclass, or nil.
    static func serviceClass(_ line: String) -> String? {
        guard let range = line.range(of: #"\bclass\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(UserNotifications\.)?UNNotificationServiceExtension\b"#, options: .regularExpression) else { return nil }
        let declaration = line[range].dropFirst("class".count).drop { $0 == " " || $0 == "\t" }
        return String(declaration.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// The type a line declares at the top level (no indentation; modifiers allowed), or nil.
    public static func topLevelType(_ line: String) -> String? {
        guard let first = line.first, first != " ", first != "\t" else { return nil }
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "{" || $0 == "<" || $0 == "=" }).map(String.init)
        let modifiers: Set<String> = ["public", "internal", "private", "fileprivate", "package", "open", "final", "indirect"]
        while let word = words.first, word.hasPrefix("@") || modifiers.contains(word) { words.removeFirst() }
        guard words.count >= 2, ["class", "struct", "enum", "protocol", "actor", "typealias"].contains(words[0]) else { return nil }
        let name = words[1]
        return name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? name : nil
    }
}
