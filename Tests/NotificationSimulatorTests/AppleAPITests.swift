import Foundation
import Testing
import ToolchainSupport
@testable import NotificationSimulator

/// The model's public API under Apple's names is exactly the checked-in list of Apple's declarations,
/// as the toolchain's `swift-symbolgraph-extract` reports the built module.
@Suite("The model's API is Apple's list, checked against the symbol graph")
struct AppleAPITests {
    /// One public symbol of the module, as the list writes it.
    struct Symbol: Hashable {
        var path: String
        var declaration: String
        var iOS: String
    }

    /// The module's public symbols under Apple's names.
    static func moduleSymbols() throws -> Set<Symbol> {
        let output = try Toolchain.temporaryFolder("symbols")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try Toolchain.run(Toolchain.tool("swift-symbolgraph-extract"), [
            "-module-name", "NotificationSimulator", "-I", Toolchain.modulesFolder().path, "-target", Toolchain.hostTriple(),
            "-output-dir", output.path, "-minimum-access-level", "public",
        ])
        guard result.status == 0 else { throw Toolchain.Failure(description: "swift-symbolgraph-extract failed: \(result.output)") }
        let data = try Data(contentsOf: output.appendingPathComponent("NotificationSimulator.symbols.json"))
        guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let symbols = graph["symbols"] as? [[String: Any]], let relationships = graph["relationships"] as? [[String: Any]] else {
            throw Toolchain.Failure(description: "unreadable symbol graph")
        }
        var byIdentifier: [String: [String: Any]] = [:]
        for symbol in symbols { if let id = (symbol["identifier"] as? [String: Any])?["precise"] as? String { byIdentifier[id] = symbol } }
        // The superclass and the checked conformances of each type, inherited ones included.
        var superclass: [String: String] = [:], conformances: [String: Set<String>] = [:]
        for relationship in relationships {
            guard let kind = relationship["kind"] as? String, let source = relationship["source"] as? String,
                  let path = byIdentifier[source]?["pathComponents"] as? [String], path.count == 1 else { continue }
            let target = relationship["target"] as? String ?? ""
            let name = ((relationship["targetFallback"] as? String) ?? (byIdentifier[target]?["pathComponents"] as? [String])?.last ?? target)
                .split(separator: ".").last.map(String.init) ?? ""
            if kind == "inheritsFrom" { superclass[path[0]] = name }
            if kind == "conformsTo", Self.checkedProtocols.contains(name) { conformances[path[0], default: []].insert(name) }
        }
        var found: Set<Symbol> = []
        for symbol in symbols {
            guard let path = symbol["pathComponents"] as? [String], let first = path.first, Self.isAppleName(first),
                  let id = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
                  let fragments = symbol["declarationFragments"] as? [[String: Any]] else { continue }
            // Members a protocol extension of the standard library supplies (==, hashValue, …) are Swift's, not the model's.
            if let range = id.range(of: "::SYNTHESIZED::") {
                let origin = id[..<range.lowerBound]
                guard origin.hasPrefix("s:21NotificationSimulator") || origin.hasPrefix("s:10Foundation") else { continue }
            }
            var declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
            let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? ""
            if path.count == 1, ["swift.class", "swift.struct", "swift.enum"].contains(kind) {
                let parts = (superclass[first].map { [$0] } ?? []) + (conformances[first] ?? []).sorted()
                if !parts.isEmpty { declaration += " : " + parts.joined(separator: ", ") }
            }
            found.insert(Symbol(path: path.joined(separator: "/"), declaration: Self.normalized(declaration), iOS: Self.availability(symbol)))
        }
        // Members the model adds to Foundation's types (FileManager's App Group container) are under
        // Foundation's names, so Apple's list holds them too: every one, whatever its name.
        // (On Linux FileManager is FoundationEssentials', so the graph is named after whichever it is.)
        let graphs = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasPrefix("NotificationSimulator@Foundation") }
        for name in graphs.sorted() {
            let extensionData = try Data(contentsOf: output.appendingPathComponent(name))
            guard let extensionGraph = try JSONSerialization.jsonObject(with: extensionData) as? [String: Any],
                  let extensionSymbols = extensionGraph["symbols"] as? [[String: Any]] else { continue }
            for symbol in extensionSymbols {
                guard let path = symbol["pathComponents"] as? [String], path.count > 1,
                      let id = (symbol["identifier"] as? [String: Any])?["precise"] as? String, !id.contains("::SYNTHESIZED::"),
                      let fragments = symbol["declarationFragments"] as? [[String: Any]] else { continue }
                let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
                found.insert(Symbol(path: path.joined(separator: "/"), declaration: Self.normalized(declaration), iOS: Self.availability(symbol)))
            }
        }
        return found
    }

    /// The protocols whose conformance is part of a type's shape.
    static let checkedProtocols: Set<String> = ["NSCopying", "NSMutableCopying", "NSSecureCoding", "NSCoding", "OptionSet", "Error", "CustomNSError", "UNNotificationContentProviding"]

    /// True for a name Apple's frameworks own: `UN…` and `IN…` types and constants.
    static func isAppleName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count > 2 else { return false }
        return (name.hasPrefix("UN") || name.hasPrefix("IN")) && CharacterSet.uppercaseLetters.contains(scalars[2])
    }

    /// A declaration in the form the list is compared in (see the list's header).
    static func normalized(_ declaration: String) -> String {
        var text = declaration.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for attribute in ["override ", "@NSCopying "] { text = text.replacingOccurrences(of: attribute, with: "") }
        text = text.replacingOccurrences(of: "Self.Code", with: "UNError.Code")
        if text.hasPrefix("let ") { text = "var " + text.dropFirst("let ".count) + " { get }" }
        if text.hasPrefix("static let ") { text = "static var " + text.dropFirst("static let ".count) + " { get }" }
        let isVariable = text.hasPrefix("var ") || text.hasPrefix("weak var ") || text.hasPrefix("static var ") || text.hasPrefix("class var ")
        if isVariable, !text.hasSuffix("}") { text += " { get set }" }
        return text
    }

    /// The iOS availability as the list writes it: `15.0`, `10.0 deprecated 14.0`, or `-`.
    static func availability(_ symbol: [String: Any]) -> String {
        guard let list = symbol["availability"] as? [[String: Any]], let iOS = list.first(where: { $0["domain"] as? String == "iOS" }) else { return "-" }
        func version(_ value: Any?) -> String? {
            guard let value = value as? [String: Any], let major = value["major"] as? Int else { return nil }
            let minor = value["minor"] as? Int ?? 0
            if let patch = value["patch"] as? Int, patch > 0 { return "\(major).\(minor).\(patch)" }
            return "\(major).\(minor)"
        }
        var text = version(iOS["introduced"]) ?? "-"
        if let deprecated = version(iOS["deprecated"]) { text += " deprecated \(deprecated)" }
        return text
    }

    /// The list, in the same form.
    static var listed: [Symbol] {
        AppleDeclarations.all.map { entry in
            let versions = entry.introduced.map { "\($0)" + (entry.deprecated.map { " deprecated \($0)" } ?? "") } ?? "-"
            return Symbol(path: entry.path, declaration: normalized(entry.declaration), iOS: versions)
        }
    }

    @Test("every public symbol under an Apple name is in Apple's list, with the same declaration and iOS version")
    func noPublicSymbolOutsideTheList() throws {
        let symbols = try Self.moduleSymbols()
        #expect(symbols.count > 300, "the symbol graph lists \(symbols.count) symbols under Apple's names")
        let listed = Set(Self.listed)
        for symbol in symbols.sorted(by: { $0.path < $1.path }) where !listed.contains(symbol) {
            let near = listed.filter { $0.path == symbol.path }.map { "\($0.declaration) | \($0.iOS)" }
            Issue.record("public \(symbol.path): `\(symbol.declaration)` | \(symbol.iOS) is not in apple-declarations.txt\(near.isEmpty ? "" : "; the list has: " + near.joined(separator: "; "))")
        }
    }

    @Test("every declaration in Apple's list is public in the module")
    func noListedSymbolMissing() throws {
        let symbols = try Self.moduleSymbols()
        for (entry, symbol) in zip(AppleDeclarations.all, Self.listed) where !symbols.contains(symbol) {
            Issue.record("apple-declarations.txt:\(entry.line): \(entry.path) `\(symbol.declaration)` | \(symbol.iOS) is not a public declaration of the module")
        }
    }

    @Test("the list cites a developer.apple.com page and a confirmation mark for every declaration, once each")
    func everyEntryHasASource() {
        var seen: Set<String> = []
        for entry in AppleDeclarations.all {
            #expect(entry.source.hasPrefix("https://developer.apple.com/documentation/"), "line \(entry.line)")
            #expect(["[A]", "[S]", "[O]", "[R]", "[D]", "[F]", "[?]"].contains { entry.source.contains($0) }, "line \(entry.line)")
            #expect(seen.insert("\(entry.path) | \(entry.declaration) | \(entry.introduced.map(\.description) ?? "-")").inserted, "line \(entry.line) repeats a declaration")
        }
        #expect(AppleDeclarations.all.count > 300)
    }

    @Test("the symbol test fails on the reviewed commit's extra API: simulator-only members are not public")
    func simulatorOnlyAPIIsNotListed() {
        let paths = Set(AppleDeclarations.all.map(\.path))
        for extra in ["UNNotificationSound/name", "UNNotificationSound/isCritical", "UNNotificationSound/volume", "UNUserNotificationCenter/pendingLimit",
                      "UNTimeIntervalNotificationTrigger/validationFailure(timeInterval:repeats:)", "UNCalendarNotificationTrigger/nextTriggerDate(after:)",
                      "UNNotificationInterruptionLevel/payloadName", "INIntent/setImage(_:forParameterNamed:)#String", "INDonationError",
                      "INParameterImageSetting", "UNNotificationSoundName/init(stringLiteral:)"] {
            #expect(!paths.contains(extra), "\(extra)")
        }
    }
}
