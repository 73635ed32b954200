import CFuzzerDriver
import Payloads

/// libFuzzer entry point: the linter accepts any bytes, with and without APNs headers, and every
/// diagnostic it reports names a known rule and has a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinter(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    // The first byte picks a set of headers, so header-dependent rules are reached too.
    let headerSets: [[String: String]] = [
        [:],
        ["apns-push-type": "background", "apns-priority": "10"],
        ["apns-push-type": "alert", "apns-priority": "5", "apns-collapse-id": String(repeating: "c", count: 70)],
        ["apns-push-type": "liveactivity", "apns-expiration": "-1", "apns-id": "not-a-uuid"],
    ]
    let headers = headerSets[Int(bytes.first ?? 0) % headerSets.count]
    let result = Linter.lint(bytes, headers: headers)
    precondition(result.bytes == bytes.count)
    for diagnostic in result.diagnostics {
        precondition(RuleCatalogue.rule(diagnostic.rule) != nil, "unknown rule \(diagnostic.rule)")
        precondition(!diagnostic.message.isEmpty)
        _ = diagnostic.inFile("fuzz.json").text
        _ = diagnostic.json
    }
    if result.kind == nil { precondition(!result.accepted) }
    return 0
}

/// The entry point SwiftPM links as `main` in debug builds: hands over to libFuzzer's driver.
@_cdecl("FuzzLinter_main")
public func fuzzLinterMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzLinter(data, size) }
}
