import Foundation
import Payloads
import NotificationSimulator

/// Reports recipe code that uses Apple API newer than the recipe's deployment target outside
/// `#available` (or an `@available` declaration): code that compiles on Linux, where iOS
/// availability is ignored, but not in an Xcode target with that deployment target.
///
/// The versions come from Apple's list the model mirrors (`AppleDeclarations`). A use is a type's
/// name, a member after a dot whose every declaration of that name is newer, or an initializer
/// call whose labels match one declaration. Only the lines a page shows are read (a snippet's
/// hidden lines are the simulator's).
enum AvailabilityCheck {
    /// The findings for every recipe's Swift files, in recipe order (the recipes checked on every core).
    static func diagnostics(for recipes: [Recipe]) -> [Diagnostic] {
        findings(for: recipes).flatMap { $0 }
    }

    /// The findings of each recipe, in the order of `recipes`.
    static func findings(for recipes: [Recipe]) -> [[Diagnostic]] {
        let found = Locked([[Diagnostic]](repeating: [], count: recipes.count))
        DispatchQueue.concurrentPerform(iterations: recipes.count) { index in
            let recipe = recipes[index]
            let diagnostics = swiftFiles(of: recipe).flatMap { file -> [Diagnostic] in
                guard let bytes = try? ContainedFile.read(file.lastPathComponent, under: recipe.folder.path),
                      let text = String(validating: bytes, as: UTF8.self) else { return [] }
                return Self.diagnostics(in: text, file: "\(recipe.displayPath)/\(file.lastPathComponent)", target: DeploymentTarget.version(of: recipe))
            }
            found.withLock { $0[index] = diagnostics }
        }
        return found.current
    }

    /// The recipe's Swift files (directly in its folder), by name.
    static func swiftFiles(of recipe: Recipe) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: recipe.folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".") }.sorted().map { recipe.folder.appendingPathComponent($0) }
    }

    /// The findings in one file's text for deployment target `target`.
    static func diagnostics(in source: String, file: String, target: AppleDeclarations.Version) -> [Diagnostic] {
        let tokens = SwiftTokens(shownLines(of: source)).tokens
        var found: [Diagnostic] = []
        var scopes: [AppleDeclarations.Version] = [target]   // the availability inside each open brace
        var pendingBlock: AppleDeclarations.Version?          // for the next `{` (if #available, @available)
        var pendingRest: AppleDeclarations.Version?           // guard #available: for the rest of the scope
        var guardElseDepth: Int?                              // the depth of a guard's else block
        var inGuard = false
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.text {
            case "guard": inGuard = true
            case "{":
                let current = scopes.last ?? target
                if inGuard, pendingRest != nil, guardElseDepth == nil {
                    guardElseDepth = scopes.count
                    scopes.append(current)
                } else {
                    scopes.append(max(current, pendingBlock ?? current))
                    pendingBlock = nil
                }
                inGuard = false
            case "}":
                if scopes.count > 1 { scopes.removeLast() }
                if let depth = guardElseDepth, scopes.count == depth, let rest = pendingRest {
                    scopes[scopes.count - 1] = max(scopes[scopes.count - 1], rest)
                    pendingRest = nil
                    guardElseDepth = nil
                }
            case "#available", "@available":
                if let version = iOSVersion(in: tokens, after: index) {
                    if token.text == "#available" && inGuard { pendingRest = version } else { pendingBlock = version }
                }
            default:
                let effective = scopes.last ?? target
                if token.isWord, let use = use(of: tokens, at: index), let introduced = use.introduced, introduced > effective {
                    found.append(Diagnostic(file: file, location: SourceLocation(line: token.line, column: token.column), breaking: .availability,
                        "\(use.name) needs iOS \(introduced), but the recipe's deployment target is iOS \(target) (deploymentTarget in recipe.md): raise the target, or use it inside `if #available(iOS \(introduced), *)`"))
                }
            }
            index += 1
        }
        return found
    }

    /// A use of Apple API at a token: its name as the message says it, and the version it needs.
    private struct Use {
        var name: String
        var introduced: AppleDeclarations.Version?
    }

    /// What the token at `index` uses, when it names Apple API.
    private static func use(of tokens: [SwiftTokens.Token], at index: Int) -> Use? {
        let name = tokens[index].text
        let afterDot = index > 0 && tokens[index - 1].text == "."
        let calls = index + 1 < tokens.count && tokens[index + 1].text == "("
        if !afterDot, let type = types[name] {
            // A type's name; with a call, the initializer whose labels match, if the type is older.
            if calls, let initializer = matching(members[name + "/init"] ?? [], labels: labels(in: tokens, openingAt: index + 1)),
               let version = initializer.introduced, version > (type.introduced ?? version) {
                return Use(name: "\(name).\(initializer.path.split(separator: "/").last ?? "")", introduced: version)
            }
            return Use(name: name, introduced: type.introduced)
        }
        guard afterDot, let entries = membersByName[name] else { return nil }
        if calls, let exact = matching(entries, labels: labels(in: tokens, openingAt: index + 1)) {
            return Use(name: String(exact.path.split(separator: "/").last ?? ""), introduced: exact.introduced)
        }
        // Without a call to match, only when every declaration of the name is that new.
        let versions = entries.map { $0.introduced ?? AppleDeclarations.Version("1.0")! }
        guard let oldest = versions.min() else { return nil }
        return Use(name: name, introduced: oldest)
    }

    /// The argument labels of the call whose `(` is at `open`: `_` for an unlabelled argument.
    private static func labels(in tokens: [SwiftTokens.Token], openingAt open: Int) -> [String] {
        var labels: [String] = []
        var depth = 0, index = open, atArgumentStart = true
        while index < tokens.count {
            let text = tokens[index].text
            if text == "(" || text == "[" || text == "{" { depth += 1; if depth > 1 { atArgumentStart = false } }
            else if text == ")" || text == "]" || text == "}" { depth -= 1; if depth == 0 { break } }
            else if depth == 1 && text == "," { atArgumentStart = true; index += 1; continue }
            else if depth == 1 && atArgumentStart {
                let labelled = tokens[index].isWord && index + 1 < tokens.count && tokens[index + 1].text == ":"
                labels.append(labelled ? text : "_")
                atArgumentStart = false
            }
            index += 1
        }
        return labels
    }

    /// The declaration among `entries` a call with `labels` calls, counting parameters with defaults.
    private static func matching(_ entries: [AppleDeclarations.Entry], labels: [String]) -> AppleDeclarations.Entry? {
        entries.first { entry in
            guard let declared = entry.labels else { return false }
            let defaults = parametersWithDefaults(entry.declaration)
            var remaining = labels[...]
            for (position, label) in declared.enumerated() {
                if remaining.first == label { remaining = remaining.dropFirst(); continue }
                if label == "_" && remaining.first != nil && !declared.contains(remaining.first!) { remaining = remaining.dropFirst(); continue }
                if !defaults.contains(position) { return false }
            }
            return remaining.isEmpty
        }
    }

    /// The positions of a declaration's parameters that have default values.
    private static func parametersWithDefaults(_ declaration: String) -> Set<Int> {
        guard let open = declaration.firstIndex(of: "(") else { return [] }
        var depth = 0, position = 0, result: Set<Int> = []
        var current = ""
        for character in declaration[open...] {
            if character == "(" || character == "[" { depth += 1; if depth == 1 { continue } }
            if character == ")" || character == "]" { depth -= 1; if depth == 0 { break } }
            if character == "," && depth == 1 {
                if current.contains(" = ") { result.insert(position) }
                position += 1
                current = ""
                continue
            }
            current.append(character)
        }
        if current.contains(" = ") { result.insert(position) }
        return result
    }

    /// The iOS version of `#available(iOS 15.0, *)` or `@available(iOS 15.0, *)` at `index`, or nil.
    private static func iOSVersion(in tokens: [SwiftTokens.Token], after index: Int) -> AppleDeclarations.Version? {
        guard index + 3 < tokens.count, tokens[index + 1].text == "(", tokens[index + 2].text == "iOS" else { return nil }
        return AppleDeclarations.Version(tokens[index + 3].text)
    }

    /// The source with the lines a snippet hides blanked, so line numbers stay the file's.
    static func shownLines(of source: String) -> String {
        var hidden = false
        var shown = ""
        shown.reserveCapacity(source.utf8.count)
        // Lines split as `split(separator: "\n")` splits Characters: at an LF byte not after a CR (CR LF
        // is one Character). Only a line holding the marker's bytes can trim to a marker, so only
        // those lines are trimmed (by Foundation, as before).
        let utf8 = source.utf8
        var start = utf8.startIndex, index = start, previous: UInt8 = 0, first = true
        while true {
            let atEnd = index == utf8.endIndex
            let byte = atEnd ? 0 : utf8[index]
            if atEnd || (byte == 0x0A && previous != 0x0D) {
                let line = source[start..<index]
                if !first { shown += "\n" }
                first = false
                var marker = false
                if Self.holdsMarker(line.utf8) {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed == "// snippet.hide" { hidden = true; marker = true }
                    else if trimmed == "// snippet.show" { hidden = false; marker = true }
                }
                if !marker && !hidden { shown += line }
                if atEnd { break }
                start = utf8.index(after: index)
            }
            previous = byte
            index = utf8.index(after: index)
        }
        return shown
    }

    private static let markerBytes = Array("// snippet.".utf8)

    /// Whether the bytes hold `// snippet.` anywhere.
    private static func holdsMarker(_ bytes: Substring.UTF8View) -> Bool {
        let marker = markerBytes
        var index = bytes.startIndex
        while let slash = bytes[index...].firstIndex(of: 0x2F) {
            if bytes[slash...].starts(with: marker) { return true }
            index = bytes.index(after: slash)
        }
        return false
    }

    /// Apple's types, by name.
    private static let types: [String: AppleDeclarations.Entry] = {
        var types: [String: AppleDeclarations.Entry] = [:]
        for entry in AppleDeclarations.all where !entry.path.contains("/") && types[entry.path] == nil { types[entry.path] = entry }
        return types
    }()

    /// Apple's initializers by `Type/init`, and members by name (not types, not initializers).
    private static let members: [String: [AppleDeclarations.Entry]] = {
        var members: [String: [AppleDeclarations.Entry]] = [:]
        for entry in AppleDeclarations.all where entry.name == "init" && entry.path.split(separator: "/").count == 2 {
            members[entry.owner + "/init", default: []].append(entry)
        }
        return members
    }()

    private static let membersByName: [String: [AppleDeclarations.Entry]] = {
        var members: [String: [AppleDeclarations.Entry]] = [:]
        for entry in AppleDeclarations.all where entry.path.contains("/") && entry.name != "init" && entry.introduced != nil {
            members[entry.name, default: []].append(entry)
        }
        return members
    }()
}
