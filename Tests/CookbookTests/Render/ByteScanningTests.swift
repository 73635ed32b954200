import Foundation
import Testing
import Payloads
@testable import Cookbook

/// The byte-level scans of rendering and the availability check give exactly what the `Character`
/// definitions they replace give (those definitions are kept here as the reference), on the inputs
/// where bytes and Characters part: CR LF, lone CRs, Unicode spaces, combining marks after a space.
@Suite("Byte scanning agrees with Characters")
struct ByteScanningTests {
    static let sources: [String] = [
        "import NotificationSimulator // iOS: UserNotifications, Intents\n\n    // snippet.hide\n    import FoundationNetworking\n    // snippet.show\n  final class A {\n      let x = 1\n  }\n",
        "// snippet.main\r\nfinal class B {}\r\n\t// snippet.end \r\n\r\n",
        "\r\n\r\n   \r\n  a\r\rb\n\r\n\n\u{301}c\n",
        "  // snippet.hide\u{301}\nx\n \u{301}// snippet.main\ny\n",
        "\u{a0}// snippet.hide\u{a0}\nhidden\n// snippet.show\n  é = 1\n \u{301} b\n    çà\n",
        "import NotificationSimulator\u{301}\nimport NotificationSimulator\n// snippet.main\n  let 名前 = \"x\"\n// snippet.end\n",
        "// snippet.one\na\n// snippet.end\n// snippet.two\n   b\n\t\tc\n// snippet.end",
        "   \n\t\n", "", "\n", "\r\n", "x\r", "// snippet.bad name\n", "// snippet.show\n", "// snippet.hide\nx\n",
    ]

    @Test("Snippet.extract gives the code and the errors of the Character definition")
    func snippetsAgree() {
        for source in Self.sources {
            for region in [nil, "main", "one", "two", "nope"] as [String?] {
                let new = Result { () throws(Diagnostic) in try Snippet.extract(from: source, region: region, file: "S.swift").code }
                let old = Result { () throws(Diagnostic) in try Reference.extract(from: source, region: region, file: "S.swift") }
                #expect(Self.describe(new) == Self.describe(old), "source \(source.debugDescription), region \(region ?? "-")")
            }
        }
    }

    @Test("ByteText finds and replaces the needle's bytes as the standard library's byte search does, a quote before a combining mark included")
    func byteTextAgreesWithBytes() {
        let texts = Self.sources + ["it's", "'\u{301}x'", "a-b-c", "--", "x \\\n  y \\\n  z", "class Foo: UNNotificationServiceExtension {}", "é-é"]
        for text in texts {
            for (needle, replacement) in [("'", "'\\''"), ("-", " "), (" \\\n  ", " "), ("class Foo", "X"), ("\r\n", "\n"), ("snippet", "")] {
                let reference = String(decoding: Array(text.utf8).replacing(Array(needle.utf8), with: Array(replacement.utf8)), as: UTF8.self)
                #expect(ByteText.replacing(needle, with: replacement, in: text) == reference, "\(text.debugDescription) \(needle.debugDescription)")
                #expect(ByteText.contains(text, needle) == Array(text.utf8).contains(Array(needle.utf8)), "\(text.debugDescription) \(needle.debugDescription)")
            }
        }
        #expect(ByteText.replacing("'", with: "'\\''", in: "'\u{301}") == "'\\''\u{301}", "every quote byte is escaped")
    }

    @Test("Snippet lines split where Character splits on LF and CR LF")
    func linesAgree() {
        for source in Self.sources {
            let characters = source.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
            #expect(Snippet.lines(of: source).map(String.init) == characters, "\(source.debugDescription)")
        }
    }

    @Test("the availability check's shown lines are those of the Character split and Foundation's trim")
    func shownLinesAgree() {
        for source in Self.sources + ["a\r\n// snippet.hide\r\nb\r\n// snippet.show\r\nc", "x // snippet.hide\n// snippet.hide\ny\n\t// snippet.show\u{a0}\nz"] {
            #expect(AvailabilityCheck.shownLines(of: source) == Reference.shownLines(of: source), "\(source.debugDescription)")
        }
    }

    @Test("search identifiers of ASCII code are those of the Character scan")
    func identifiersAgree() {
        let codes = Self.sources + ["let abc_1 = x2y + _ab + 9zz\r\nfunc Écrire() {}", "<?xml version=\"1.0\"?><plist><dict><key>NSExtension</key></dict></plist>",
                                    "a ab abc abcd abc ABC a1b2 __x 123abc"]
        for code in codes {
            #expect(RecipePage.identifiers(in: code) == Reference.identifiers(in: code), "\(code.debugDescription)")
        }
        #expect(RecipePage.identifiers(in: "let abcd = efg_1") == "let abcd efg_1")
    }

    @Test("the sections' search text of ASCII prose is that of the Character splits")
    func searchTextAgrees() {
        let texts = Self.sources + ["  a  b\t\tc \n\n d\r\ne \r\n\n\r\r\n f", "\n\n", " ", "x", "a\n \n\tb", "\r\n", "a \r\n b", "é \n ü\u{301}  x"]
        for text in texts {
            let characters = text.split(separator: "\n").map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") }
                .filter { !$0.isEmpty }.joined(separator: "\n")
            #expect(MarkdownDocument.searchText(text) == characters, "\(text.debugDescription)")
        }
    }

    private static func describe(_ result: Result<String, Diagnostic>) -> String {
        switch result {
        case .success(let code): "code: " + code
        case .failure(let diagnostic): "error: \(diagnostic.location.line) " + diagnostic.message
        }
    }

    /// The Character definitions the byte scans replaced.
    enum Reference {
        static func extract(from source: String, region: String?, file: String) throws(Diagnostic) -> String {
            var shown: [String] = []
            var hidden = false, hideLine = 0, found = region == nil
            var openRegion: (name: String, line: Int)?
            for (index, raw) in source.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
                let line = String(raw), number = index + 1, trimmed = line.trimmingSpaces
                if trimmed.hasPrefix("// snippet.") {
                    let marker = String(trimmed.dropFirst("// snippet.".count)).trimmingSpaces
                    func fail(_ message: String) -> Diagnostic { Diagnostic(file: file, location: SourceLocation(line: number, column: 1), breaking: .snippet, message) }
                    switch marker {
                    case "hide":
                        guard !hidden else { throw fail("'snippet.hide' inside a hidden part (opened on line \(hideLine))") }
                        hidden = true; hideLine = number
                    case "show":
                        guard hidden else { throw fail("'snippet.show' without a 'snippet.hide' before it") }
                        hidden = false
                    case "end":
                        guard openRegion != nil else { throw fail("'snippet.end' without an open region") }
                        openRegion = nil
                    default:
                        guard !marker.isEmpty, marker.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                            throw fail("a snippet marker is snippet.hide, snippet.show, snippet.end or snippet.NAME (letters, digits, - and _)")
                        }
                        if let open = openRegion { throw fail("region '\(marker)' starts inside region '\(open.name)' (line \(open.line)); close it with 'snippet.end' first") }
                        openRegion = (marker, number)
                        if marker == region { found = true }
                    }
                    continue
                }
                guard !hidden else { continue }
                if let region, openRegion?.name != region { continue }
                if line.hasPrefix("import NotificationSimulator") {
                    if let range = line.range(of: "// iOS:") {
                        let modules = line[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," }).map { "import \($0)" }
                        shown += modules.isEmpty ? ["import UserNotifications"] : modules
                    } else {
                        shown.append("import UserNotifications")
                    }
                    continue
                }
                shown.append(line)
            }
            if hidden { throw Diagnostic(file: file, location: SourceLocation(line: hideLine, column: 1), breaking: .snippet, "'snippet.hide' is never closed by 'snippet.show'") }
            if let open = openRegion { throw Diagnostic(file: file, location: SourceLocation(line: open.line, column: 1), breaking: .snippet, "region '\(open.name)' is never closed by 'snippet.end'") }
            if let region, !found { throw Diagnostic(file: file, breaking: .snippet, "no region 'snippet.\(region)' in this file") }
            while shown.first?.trimmingSpaces.isEmpty == true { shown.removeFirst() }
            while shown.last?.trimmingSpaces.isEmpty == true { shown.removeLast() }
            let indent = shown.filter { !$0.trimmingSpaces.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
            return shown.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
        }

        static func shownLines(of source: String) -> String {
            var hidden = false
            return source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed == "// snippet.hide" { hidden = true; return "" }
                if trimmed == "// snippet.show" { hidden = false; return "" }
                return hidden ? "" : String(line)
            }.joined(separator: "\n")
        }

        static func identifiers(in code: String) -> String {
            var seen = RecipePage.boilerplate, words: [String] = []
            var current = ""
            for ch in code + " " {
                if ch.isLetter || ch.isNumber || ch == "_" { current.append(ch); continue }
                if current.count > 2, current.first?.isLetter == true, seen.insert(current).inserted { words.append(current) }
                current = ""
            }
            return words.joined(separator: " ")
        }
    }
}
