import CFuzzerDriver
import Payloads

/// libFuzzer entry point: any bytes are either a JSON value or a syntax error with a real position,
/// and a value survives a round trip through the writer unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    switch JSONReader.parse(bytes) {
    case .failure(let error):
        precondition(error.location.line >= 1 && error.location.column >= 1, "error without a position: \(error)")
        precondition(!error.message.isEmpty)
    case .success(let value):
        let written = JSONWriter.write(value, sortKeys: false)
        guard case .success(let again) = JSONReader.parse(written) else {
            preconditionFailure("the writer's output does not parse: \(written)")
        }
        precondition(again == value, "round trip changed the value")
    }
    return 0
}

/// The entry point SwiftPM links as `main` in debug builds: hands over to libFuzzer's driver.
@_cdecl("FuzzJSONReader_main")
public func fuzzJSONReaderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzJSONReader(data, size) }
}
