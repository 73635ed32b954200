import Foundation
import Payloads
import NotificationSimulator

/// The verify stage: runs a recipe's examples and compares each record with its `expected/` file
/// (with `update`, rewrites the files that differ first).
struct RecipeVerifier: Sendable {
    /// The runner, with the recipe registry.
    var runner: ExampleRunner

    /// Runs every example of `recipe` and compares it with `expected/`; with `update`, rewrites the expected files first.
    func verify(_ recipe: Recipe, update: Bool) -> (results: [ExampleResult], updated: [String]) {
        var list: [ExampleResult] = []
        var updated: [String] = []
        var inputs = RecipeInputs()
        do {
            _ = try inputs.manifest(of: recipe, runner: runner)
        } catch {
            return (recipe.examples.map { ExampleResult(example: $0, outcome: nil, verification: .failed(error)) }, [])
        }
        for example in recipe.examples {
            let expectedPath = "\(recipe.displayPath)/expected/\(example.id).json"
            do {
                let outcome = try runner.run(example, of: recipe, inputs: &inputs)
                let got = outcome.record.text
                let expectedRelative = "expected/\(example.id).json"
                func readExpected() throws(Diagnostic) -> String? {
                    do {
                        return String(decoding: try ContainedFile.read(expectedRelative, under: recipe.folder.path, limit: RecipeLoader.fileSizeLimit), as: UTF8.self)
                    } catch .missing {
                        return nil
                    } catch {
                        throw Diagnostic(file: expectedPath, breaking: .expectedFile, "cannot read the expected record: \(error)")
                    }
                }
                if update, try readExpected() != got {
                    do {
                        try FileManager.default.createDirectory(at: example.expected.deletingLastPathComponent(), withIntermediateDirectories: true)
                        try Data(got.utf8).write(to: example.expected, options: .atomic)
                        updated.append(expectedPath)
                    } catch {
                        list.append(ExampleResult(example: example, outcome: outcome,
                                                  verification: .failed(Diagnostic(file: expectedPath, breaking: .expectedFile, "cannot write: \(error.localizedDescription)"))))
                        continue
                    }
                }
                let want = try readExpected()
                list.append(ExampleResult(example: example, outcome: outcome, verification: .compare(got: got, want: want, path: expectedPath)))
            } catch {
                list.append(ExampleResult(example: example, outcome: nil, verification: .failed(error)))
            }
        }
        return (list, updated)
    }
}
