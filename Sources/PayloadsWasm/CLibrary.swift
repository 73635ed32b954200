// The C library functions the WebAssembly module calls, from wasi-libc (Debian's `wasi-libc`, which
// also provides the allocator behind Swift's own allocations), and the one C function of the Swift runtime that Embedded Swift's standard library expects the program to
// provide. This file is compiled only into the module (see Sources/PayloadsModuleBuilder), never
// for the host: there the Swift runtime defines `_swift_stdlib_strtod_clocale` itself.

@_extern(c, "read")
func c_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int

@_extern(c, "__wasilibc_open_nomode")
func c_open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32

@_extern(c, "close")
func c_close(_ descriptor: Int32) -> Int32

@_extern(c, "write")
func c_write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int

@_extern(c, "strtod")
func c_strtod(_ text: UnsafePointer<CChar>, _ end: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Double

/// wasi-libc's `errno`, a C global (a C-ABI symbol, so it cannot live in a `Locked` value or a type).
/// `nonisolated(unsafe)` is right here: the module is a single-threaded wasm32 reactor, with no
/// threads in wasi-libc's build and one caller, the page's script.
@_extern(c, "errno")
nonisolated(unsafe) var c_errno: Int32

/// `ERANGE` in wasi-libc's `<errno.h>`.
private let rangeError: Int32 = 68

/// `Double(String)` in the standard library calls this, as the host runtime defines it: `strtod` in
/// the C locale (wasi-libc has only that one), with nil for a result out of range (errno `ERANGE`
/// with ±HUGE_VAL or 0), else the end of the text read.
@_cdecl("_swift_stdlib_strtod_clocale")
func swiftStdlibStrtodCLocale(_ text: UnsafePointer<CChar>, _ result: UnsafeMutablePointer<Double>) -> UnsafePointer<CChar>? {
    var end: UnsafeMutablePointer<CChar>?
    c_errno = 0
    let value = c_strtod(text, &end)
    result.pointee = value
    if c_errno == rangeError && (value == 0 || value == .infinity || value == -.infinity) { return nil }
    return end.map { UnsafePointer($0) }
}

@_extern(c, "getentropy")
func c_getentropy(_ buffer: UnsafeMutableRawPointer?, _ length: Int) -> Int32

/// Random bytes for the standard library's hash seed. wasi-libc's own `arc4random_buf` reports a
/// failure through `assert`, which brings `fprintf` and all of printf into the module (about 15 KB);
/// WASI's `random_get`, through `getentropy` (at most 256 bytes a call), is all the seed needs. Should
/// the runtime refuse, the bytes stay as they were: a fixed seed only makes hashing predictable.
@_cdecl("arc4random_buf")
func arc4randomBuf(_ buffer: UnsafeMutableRawPointer?, _ length: Int) {
    guard let buffer else { return }
    var offset = 0
    while offset < length {
        let count = min(256, length - offset)
        _ = c_getentropy(buffer + offset, count)
        offset += count
    }
}

/// Writes all of `bytes` to `descriptor` (1 standard output, 2 standard error).
func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    var offset = 0
    bytes.withUnsafeBytes { buffer in
        while offset < buffer.count {
            let written = c_write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}
