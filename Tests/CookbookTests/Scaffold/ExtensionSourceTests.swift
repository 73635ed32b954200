import Testing
@testable import Cookbook

/// How `pushbook new --from` finds the extension's principal class: in the code only, with its
/// inheritance clause on the same line or the next.
@Suite("extension source")
struct ExtensionSourceTests {
    /// The principal class of `text`, or the error as printed.
    static func principal(_ text: String) -> String {
        do {
            return try ExtensionSource(bytes: Array(("import UserNotifications\n" + text).utf8), file: "c.swift").className
        } catch {
            return error.text
        }
    }

    @Test("a class in a block comment is not a class: a file with only that one has none",
          arguments: ["/* class Ghost: UNNotificationServiceExtension */\n", "/* outer /* class Ghost: UNNotificationServiceExtension */ */\n"])
    func classInACommentIsNone(text: String) {
        #expect(Self.principal(text).hasPrefix("c.swift:1:1: error: no class inherits UNNotificationServiceExtension"))
    }

    @Test("a class named in a string literal does not hide the real one, declared over two lines")
    func classInAStringAndASplitDeclaration() {
        #expect(Self.principal("let doc = \"class Fake: UNNotificationServiceExtension\"\nfinal class RealService:\n    UNNotificationServiceExtension {\n}\n") == "RealService")
        #expect(Self.principal("let doc = \"\"\"\nclass Fake: UNNotificationServiceExtension\n\"\"\"\nclass RealService: UNNotificationServiceExtension {}\n") == "RealService")
    }

    @Test("a commented-out old name beside the real class is not a second principal class")
    func commentedOutOldName() {
        #expect(Self.principal("// Old name: class LegacyService: UNNotificationServiceExtension\nfinal class NotificationService: UNNotificationServiceExtension {\n}\n") == "NotificationService")
    }

    @Test("the module-qualified superclass counts, another superclass or a nested helper does not, and two principal classes are refused at the second's name")
    func superclassForms() {
        #expect(Self.principal("class S: UserNotifications.UNNotificationServiceExtension {}\n") == "S")
        #expect(Self.principal("class S: UNNotificationServiceExtension, @unchecked Sendable {\n    class Helper: NSObject {}\n}\n") == "S")
        #expect(Self.principal("class A: UNNotificationServiceExtension {}\nclass B:\n    UNNotificationServiceExtension {}\n")
            .hasPrefix("c.swift:3:7: error: 2 classes inherit UNNotificationServiceExtension (A, B)"))
    }

    @Test("top-level types are read from code: not from nested declarations, comments, strings or 'import class'")
    func topLevelTypes() throws {
        let source = """
            import class Foundation.NSLock
            /* struct Commented {} */
            let text = "enum Quoted {}"
            final class S: UNNotificationServiceExtension {
                struct Nested {}
            }
            public enum Top {}
            typealias Alias = Int

            """
        let declarations = ExtensionSource.declarations(in: source)
        #expect(declarations.filter(\.isTopLevel).map(\.name) == ["S", "Top", "Alias"])
        #expect(declarations.filter { !$0.isTopLevel }.map(\.name) == ["Nested"])
        #expect(try ExtensionSource(bytes: Array(("import UserNotifications\n" + source).utf8), file: "c.swift").topLevelTypes == ["S", "Top", "Alias"])
    }

    @Test("a file with CRLF line endings has its imports read and replaced like an LF file's")
    func crlfImports() throws {
        let source = "import UserNotifications\r\nimport Intents\r\n\r\nclass S: UNNotificationServiceExtension {}\r\n"
        let text = try ExtensionSource(bytes: Array(source.utf8), file: "c.swift").text
        #expect(text.contains("import NotificationSimulator // iOS: UserNotifications Intents"))
        #expect(!text.contains("import Intents"))
        #expect(text.contains("class S: UNNotificationServiceExtension {}\r\n"))
    }
}
