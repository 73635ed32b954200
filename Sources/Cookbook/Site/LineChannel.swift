import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Newline-separated messages over a pair of file descriptors, read with plain `read(2)` so a
/// message is handed over as soon as its line is complete.
final class LineChannel: @unchecked Sendable {
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`, and how far it has been searched for a newline:
    /// each byte is looked at once, so a reply of n bytes takes time linear in n.
    private var start = 0
    private var searched = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 18)

    /// Creates a channel reading from `input` and writing to `output`.
    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// The next line without its newline, or nil at end of input.
    func readLine() -> Data? {
        while true {
            if let newline = buffer[searched...].firstIndex(of: 0x0A) {
                let line = Data(buffer[start..<newline])
                start = newline + 1
                searched = start
                // Drop what was handed out once it is most of the buffer (amortised O(1) per byte).
                if start > 1 << 16 && start * 2 > buffer.count {
                    buffer.removeSubrange(..<start)
                    searched -= start
                    start = 0
                }
                return line
            }
            searched = buffer.count
            let count = readChunk()
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
        }
    }

    /// Reads what is there (up to 256 KiB) onto the end of the buffer; returns what `read(2)` returned.
    private func readChunk() -> Int {
        let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count > 0 { buffer.append(contentsOf: chunk[..<count]) }
        return count
    }

    /// Writes `data` and a newline; false when the other side is gone.
    func writeLine(_ data: Data) -> Bool {
        var bytes = [UInt8](data)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
