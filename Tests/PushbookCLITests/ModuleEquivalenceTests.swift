import Cookbook
import Foundation
import Testing

/// The linter compiled to WebAssembly (the playground's) prints exactly what the native CLI prints.
@Suite("The WebAssembly linter and the CLI")
struct ModuleEquivalenceTests {
    /// One input and the `--header` options it is linted with.
    struct Input: CustomTestStringConvertible, Sendable {
        /// The file, relative to the package's folder.
        var path: String
        /// `NAME:VALUE` options.
        var headers: [String]
        /// The file and its headers.
        var testDescription: String { ([path] + headers).joined(separator: " ") }
        /// The arguments after `lint --format json`, which the module takes as they are.
        var arguments: [String] { headers.flatMap { ["--header", $0] } + [path] }
    }

    /// Every lint fixture, with the lines of its `.headers` sidecar.
    static let fixtures: [Input] = ["rules", "seeds", "pushtypes", "firebase"].flatMap { folder -> [Input] in
        let base = "Tests/PayloadsTests/Fixtures/\(folder)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CommandRunner.packageRoot.appendingPathComponent(base).path)) ?? []
        return names.filter { !$0.hasSuffix(".headers") }.sorted().map { name in
            let sidecar = CommandRunner.packageRoot.appendingPathComponent(base + "/" + name.split(separator: ".").dropLast().joined(separator: ".") + ".headers")
            let lines = (try? String(contentsOf: sidecar, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
            return Input(path: "\(base)/\(name)", headers: lines)
        }
    }

    /// Every recipe example, with the headers its recipe gives it.
    static let examples: [Input] = {
        let root = CommandRunner.packageRoot.appendingPathComponent("Recipes", isDirectory: true)
        let recipes = RecipeLoader(root: root, displayRoot: "Recipes").load().recipes
        return recipes.flatMap { recipe in
            recipe.examples.map { example in
                Input(path: "Recipes/\(recipe.id)/examples/\(example.id).json",
                      headers: example.headers.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" })
            }
        }
    }()

    @Test("there are fixtures and examples to compare")
    func inputsAreFound() {
        #expect(Self.fixtures.count >= 80)
        #expect(Self.examples.count >= 30)
    }

    @Test("a lint fixture gives byte-identical JSON from the WebAssembly module and from pushbook lint", arguments: fixtures)
    func fixtureMatches(_ input: Input) throws {
        try expectSameOutput(input.arguments)
    }

    @Test("a recipe example gives byte-identical JSON from the WebAssembly module and from pushbook lint", arguments: examples)
    func exampleMatches(_ input: Input) throws {
        try expectSameOutput(input.arguments)
    }

    @Test("several files, standard input, a missing file and a bad header give the CLI's output and exit status")
    func edgeCasesMatch() throws {
        let stdin = Data(#"{"aps": {"alert": "Hi", "mutable-content": true}}"#.utf8)
        try expectSameOutput(["Tests/PayloadsTests/Fixtures/rules/apns.aps-shape.bad.json", "-", "no-such-file.json", "Recipes"], stdin: stdin)
        try expectSameOutput(["--header", "APNS-Push-Type :\u{00A0}background", "Tests/PayloadsTests/Fixtures/rules/apns.aps-shape.good.json"])
        let bad = try ModuleRunner.run(["--header", "no-colon", "x.json"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("a header is NAME:VALUE (got 'no-colon')"))
    }

    /// Runs `pushbook lint --format json ARGS` and the module with ARGS, and compares stdout, stderr and status.
    func expectSameOutput(_ arguments: [String], stdin: Data? = nil) throws {
        let native = try CommandRunner.run(["lint", "--format", "json"] + arguments, stdin: stdin)
        let module = try ModuleRunner.run(arguments, stdin: stdin)
        #expect(!native.stdout.isEmpty)
        #expect(module.stdout == native.stdout, "\(arguments): first difference at line \(Self.firstDifferentLine(module.stdout, native.stdout))")
        #expect(module.stderr == native.stderr)
        #expect(module.status == native.status)
    }

    /// The 1-based number of the first line where `a` and `b` differ.
    static func firstDifferentLine(_ a: String, _ b: String) -> Int {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false), y = b.split(separator: "\n", omittingEmptySubsequences: false)
        return (Array(zip(x, y)).firstIndex { $0.0 != $0.1 } ?? min(x.count, y.count)) + 1
    }
}
