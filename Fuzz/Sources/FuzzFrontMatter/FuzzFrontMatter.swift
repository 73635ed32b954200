import CFuzzerDriver
import Cookbook
import Foundation

/// A recipe folder of this process, reused by every run: `recipe.md` is rewritten each time.
/// Under /dev/shm when it exists, so the writes stay in memory.
private let folder: URL = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    let root = base.appendingPathComponent("pushbook-fuzz-\(getpid())", isDirectory: true)
    let recipe = root.appendingPathComponent("fuzz-recipe", isDirectory: true)
    try? FileManager.default.createDirectory(at: recipe.appendingPathComponent("examples"), withIntermediateDirectories: true)
    try? FileManager.default.createDirectory(at: recipe.appendingPathComponent("app"), withIntermediateDirectories: true)
    for name in ["first", "second", "image-with-extension"] {
        _ = FileManager.default.createFile(atPath: recipe.appendingPathComponent("examples/\(name).json").path, contents: Data("{}".utf8))
    }
    atexit {
        if let root = getenv("PUSHBOOK_FUZZ_ROOT") { try? FileManager.default.removeItem(atPath: String(cString: root)) }
    }
    setenv("PUSHBOOK_FUZZ_ROOT", root.path, 1)
    return recipe
}()

/// libFuzzer entry point: any recipe.md, front matter included, loads as a recipe or gives a
/// diagnostic that names recipe.md with a line and column inside the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(UnsafeBufferPointer(start: data, count: count))
    let file = folder.appendingPathComponent("recipe.md")
    guard FileManager.default.createFile(atPath: file.path, contents: bytes) else { preconditionFailure("cannot write \(file.path)") }
    let loader = RecipeLoader(root: folder.deletingLastPathComponent(), displayRoot: "Recipes")
    do {
        let recipe = try loader.loadRecipe(id: "fuzz-recipe", folder: folder)
        precondition(!recipe.title.isEmpty && !recipe.service.isEmpty)
        precondition(Set(recipe.examples.map(\.id)).count == recipe.examples.count, "an example listed twice")
    } catch {
        precondition(error.file?.hasPrefix("Recipes/fuzz-recipe") == true, "diagnostic for another file: \(error)")
        // Location 0:0 is a diagnostic about the whole file (text prints it at 1:1; SARIF and GitHub give no region).
        guard error.location.line != 0 || error.location.column != 0 else { return 0 }
        let lines = bytes.filter { $0 == 0x0A }.count + 1
        precondition(error.location.line >= 1 && error.location.line <= max(lines, 1), "line outside the file: \(error)")
        precondition(error.location.column >= 1)
    }
    return 0
}

/// The entry point SwiftPM links as `main` in debug builds: hands over to libFuzzer's driver.
@_cdecl("FuzzFrontMatter_main")
public func fuzzFrontMatterMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzFrontMatter(data, size) }
}
