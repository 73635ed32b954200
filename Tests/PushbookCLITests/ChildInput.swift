import Foundation
@testable import Cookbook

/// Writes a child process's standard input, surviving a child that exits before reading it all
/// (`FileHandle.write(_:)` would raise SIGPIPE, then trap on EPIPE): what the child did not read
/// is dropped, and the test judges the child by its output.
enum ChildInput {
    /// Writes `bytes` to `handle` (see `PipeWrite`) and closes it.
    static func write(_ bytes: Data, to handle: FileHandle) {
        _ = bytes.withUnsafeBytes { PipeWrite.all($0, to: handle.fileDescriptor) }
        try? handle.close()
    }
}
