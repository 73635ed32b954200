/// The reactor-style module (linked with wasi-libc's `crt1-reactor.o`), which the playground page
/// loads. Its C-ABI functions, called from `playground.js`:
///
/// - `pushbook_alloc(size)` / `pushbook_free(pointer)`: memory for the input (Swift's allocator,
///   which is wasi-libc's malloc).
/// - `pushbook_lint(input, inputLength, headers, headersLength)`: lints the input bytes with the APNs
///   headers given as UTF-8 lines, each read as `pushbook lint --header NAME:VALUE` reads its value
///   (blank lines skipped); 0 when done, 2 when a header line is malformed.
/// - `pushbook_output(part)` / `pushbook_output_length(part)`: the answer's parts, valid until the
///   next `pushbook_lint`. Part 0 is the lint report exactly as `pushbook lint --format json -` prints
///   it, or the CLI's message for a malformed header; part 1 is the push's `PushVerdict` as JSON (the
///   APNs request FCM would send, the bytes used of each limit, whether the extension runs and why).

/// The answer of the last `pushbook_lint`, one allocated buffer per part. A global behind the C-ABI
/// exports, which keep no state of their own; `nonisolated(unsafe)` is right here: the module is a
/// single-threaded wasm32 reactor (no threads in wasi-libc's build, one caller: the page's script),
/// and Embedded Swift has no Foundation lock to put it behind.
nonisolated(unsafe) private var outputs: [UnsafeMutableRawBufferPointer] = []

/// Allocates `size` bytes for the caller (at least one, so the pointer is never null for a size of 0).
@_cdecl("pushbook_alloc")
func pushbookAlloc(_ size: Int32) -> UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer.allocate(byteCount: max(Int(size), 1), alignment: 16)
}

/// Frees memory from `pushbook_alloc`.
@_cdecl("pushbook_free")
func pushbookFree(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.deallocate()
}

/// Lints `inputLength` bytes at `input` with the headers at `headers`; see the file's comment.
@_cdecl("pushbook_lint")
func pushbookLint(_ input: UnsafeRawPointer?, _ inputLength: Int32, _ headers: UnsafeRawPointer?, _ headersLength: Int32) -> Int32 {
    for output in outputs { output.deallocate() }
    outputs = []
    switch ModuleLint.headers(ModuleLint.lines(bytes(headers, headersLength))) {
    case .failure(let error):
        outputs = [copy(Array(error.message.utf8))]
        return 2
    case .success(let parsed):
        let answer = ModuleLint.answer(bytes(input, inputLength), headers: parsed)
        outputs = [copy(Array(answer.report.utf8)), copy(Array(answer.verdict.utf8))]
        return 0
    }
}

/// The address of part `part` of the last answer (null when there is no such part).
@_cdecl("pushbook_output")
func pushbookOutput(_ part: Int32) -> UnsafeMutableRawPointer? {
    part >= 0 && Int(part) < outputs.count ? outputs[Int(part)].baseAddress : nil
}

/// The length in bytes of part `part` of the last answer (0 when there is no such part).
@_cdecl("pushbook_output_length")
func pushbookOutputLength(_ part: Int32) -> Int32 {
    part >= 0 && Int(part) < outputs.count ? Int32(outputs[Int(part)].count) : 0
}

/// The bytes at `pointer`.
private func bytes(_ pointer: UnsafeRawPointer?, _ count: Int32) -> [UInt8] {
    guard let pointer, count > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: Int(count)))
}

/// An allocated copy of `bytes` (at least one byte long, so its address is never null).
private func copy(_ bytes: [UInt8]) -> UnsafeMutableRawBufferPointer {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
    buffer.copyBytes(from: bytes)
    return UnsafeMutableRawBufferPointer(rebasing: buffer[0..<bytes.count])
}
