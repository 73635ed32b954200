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

    /// The error for a file `file` that holds more than `sizeLimit` bytes.
    public static func tooLarge(file: String) -> Diagnostic {
        Diagnostic(file: file, breaking: .scaffoldSource, "the file holds more than \(sizeLimit >> 20) MiB; an extension's Swift file is far smaller")
    }

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
        guard bytes.count <= Self.sizeLimit else { throw Self.tooLarge(file: file) }
        guard let text = String(data: Data(bytes), encoding: .utf8) else { throw fail("the file is not UTF-8 text, as Swift source is") }
        // Split on the bytes: a String holds "\r\n" as one character, which a split at "\n" never meets.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }

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

        let declarations = Self.declarations(in: text)
        let classes = declarations.filter(\.isServiceExtension)
        guard let principal = classes.first else {
            throw fail("no class inherits UNNotificationServiceExtension; an extension's principal class does (class NotificationService: UNNotificationServiceExtension)")
        }
        guard classes.count == 1 else {
            throw fail("\(classes.count) classes inherit UNNotificationServiceExtension (\(classes.map(\.name).joined(separator: ", "))); an extension has one principal class: give each its own recipe", line: classes[1].line, column: classes[1].column)
        }
        className = principal.name
        topLevelTypes = declarations.filter(\.isTopLevel).map(\.name)

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
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        while let word = words.first, word.hasPrefix("@") || ["public", "internal", "private", "fileprivate", "package"].contains(word) { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        var path = words[1]
        if ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"].contains(path), words.count >= 3 { path = words[2] }
        let module = String(path.split(separator: ".").first ?? "")
        return module.isEmpty || !module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? nil : module
    }

    /// A type declared in Swift source, found in its code (comments and string literals skipped).
    public struct Declaration: Sendable, Equatable {
        /// The type's name.
        public var name: String
        /// The line of its name (1-based).
        public var line: Int
        /// The column of its name (1-based, in bytes).
        public var column: Int
        /// True when it is declared outside any braces.
        public var isTopLevel: Bool
        /// True for a class whose superclass is `UNNotificationServiceExtension`.
        public var isServiceExtension: Bool
    }

    /// The types `source` declares (`class`, `struct`, `enum`, `protocol`, `actor`, `typealias`),
    /// read from its tokens, so that a declaration in a comment or a string literal is not one and an
    /// inheritance clause may start on the next line.
    public static func declarations(in source: String) -> [Declaration] {
        let tokens = SwiftTokens(source).tokens
        let kinds: Set<String> = ["class", "struct", "enum", "protocol", "actor", "typealias"]
        var found: [Declaration] = []
        var depth = 0
        for (index, token) in tokens.enumerated() {
            switch token.text {
            case "{": depth += 1; continue
            case "}": depth = max(0, depth - 1); continue
            default: break
            }
            guard kinds.contains(token.text), index + 1 < tokens.count, tokens[index + 1].isWord,
                  index == 0 || tokens[index - 1].text != "import" else { continue }
            let name = tokens[index + 1]
            guard !["func", "var", "let", "subscript", "init", "case"].contains(name.text) else { continue }
            // The superclass is the first name after the colon: `UNNotificationServiceExtension` or
            // `UserNotifications.UNNotificationServiceExtension`.
            var superclass: [String] = []
            var next = index + 2
            if next < tokens.count, tokens[next].text == ":" {
                next += 1
                while next < tokens.count, tokens[next].isWord || tokens[next].text == "." {
                    superclass.append(tokens[next].text)
                    next += 1
                }
            }
            let isService = token.text == "class" && (superclass == ["UNNotificationServiceExtension"] || superclass == ["UserNotifications", ".", "UNNotificationServiceExtension"])
            found.append(Declaration(name: name.text, line: name.line, column: name.column, isTopLevel: depth == 0, isServiceExtension: isService))
        }
        return found
    }
}
