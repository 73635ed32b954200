import CFuzzerDriver
@testable import Cookbook
import Foundation

/// libFuzzer entry point: any bytes read as a cache entry (what `BuildCache` reads from
/// `entry.json`, and what a worker's frame carries as an artifact) are refused or decode to a
/// value that encodes and decodes to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArtifactJSON(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    if let entry = ArtifactJSON.decode(BuildCache.Entry.self, from: bytes) {
        precondition(ArtifactJSON.decode(BuildCache.Entry.self, from: ArtifactJSON.encode(entry)) == entry, "an entry that does not round-trip")
    }
    if let artifact = ArtifactJSON.decode(RecipeArtifact.self, from: bytes) {
        precondition(ArtifactJSON.decode(RecipeArtifact.self, from: ArtifactJSON.encode(artifact)) == artifact, "an artifact that does not round-trip")
    }
    return 0
}

/// The entry point SwiftPM links as `main` in debug builds: hands over to libFuzzer's driver.
@_cdecl("FuzzArtifactJSON_main")
public func fuzzArtifactJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzArtifactJSON(data, size) }
}
