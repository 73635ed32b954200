/// The command-style module (linked with wasi-libc's `crt1-command.o`), which the tests run with
/// `wasmkit run --dir . payloads-command.wasm [--header NAME:VALUE]... FILE...`: it reads the files
/// (`-` is standard input) and prints what `pushbook lint --format json` prints for the same
/// arguments, with the same exit status (0 no errors, 1 an error was found, 2 unreadable or bad usage).
@_cdecl("main")
func commandMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var arguments: [String] = []
    for index in 1..<Int(max(argc, 1)) {
        if let argument = argv?[index] { arguments.append(String(cString: argument)) }
    }
    var headerOptions: [String] = []
    var files: [String] = []
    var index = 0
    while index < arguments.count {
        if arguments[index] == "--header", index + 1 < arguments.count {
            headerOptions.append(arguments[index + 1])
            index += 2
        } else {
            files.append(arguments[index])
            index += 1
        }
    }
    guard !files.isEmpty else {
        writeAll(Array("usage: payloads-command.wasm [--header NAME:VALUE]... FILE...\n".utf8), to: 2)
        return 2
    }
    let headers: [String: String]
    switch ModuleLint.headers(headerOptions) {
    case .success(let parsed): headers = parsed
    case .failure(let error):
        writeAll(Array("error: \(error.message)\n".utf8), to: 2)
        return 2
    }
    var report = LintReport()
    var sawError = false, unreadable = false
    for file in files {
        guard let input = file == "-" ? readAll(descriptor: 0) : readFile(file) else {
            writeAll(Array((Diagnostic(file: file, rule: Diagnostic.unreadableInputRule, message: "cannot read the file").text + "\n").utf8), to: 2)
            unreadable = true
            continue
        }
        let result = Linter.lint(input, headers: headers)
        sawError = sawError || result.hasErrors
        report.add(result, path: file)
    }
    writeAll(Array(report.text.utf8), to: 1)
    return unreadable ? 2 : sawError ? 1 : 0
}

/// All bytes readable from an open file descriptor, or nil when reading fails (a folder, say).
private func readAll(descriptor: Int32) -> [UInt8]? {
    var input: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { c_read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return nil }
        if count == 0 { return input }
        input.append(contentsOf: chunk[0..<count])
    }
}

/// `O_RDONLY` in wasi-libc's `<fcntl.h>`.
private let readOnly: Int32 = 0x0400_0000

/// The bytes of the file at `path` (inside a folder the runtime preopened), or nil when it cannot be read.
private func readFile(_ path: String) -> [UInt8]? {
    let descriptor = path.withCString { c_open($0, readOnly) }
    guard descriptor >= 0 else { return nil }
    defer { _ = c_close(descriptor) }
    return readAll(descriptor: descriptor)
}
