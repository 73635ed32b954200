import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Length-prefixed messages over a pair of file descriptors (the worker channel): each frame is its
/// length as four bytes, little-endian, then that many bytes. Read with plain `read(2)`, so a
/// message is handed over as soon as its last byte arrives. A frame longer than `limit` ends the
/// channel, and the buffer grows only with bytes that arrived, never with a length a frame claims.
final class FrameChannel: @unchecked Sendable {
    /// The longest frame read or written (an artifact with a crashed worker's output is well under it).
    static let limit = 256 << 20

    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    /// Where the next frame starts in `buffer`.
    private var start = 0
    /// True once a frame's length was over the limit: nothing more is read.
    private var broken = false
    private var chunk = [UInt8](repeating: 0, count: 1 << 18)

    /// Creates a channel reading from `input` and writing to `output`.
    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// The next frame's bytes, or nil at end of input (a frame cut short by it is dropped) or after
    /// a frame longer than `limit`.
    func readFrame() -> [UInt8]? {
        while !broken {
            let available = buffer.count - start
            if available >= 4 {
                let length = (0..<4).reduce(0) { $0 | Int(buffer[start + $1]) << (8 * $1) }
                guard length <= Self.limit else {
                    broken = true
                    return nil
                }
                if available >= 4 + length {
                    let frame = Array(buffer[(start + 4)..<(start + 4 + length)])
                    start += 4 + length
                    // Drop what was handed out once it is most of the buffer (amortised O(1) per byte).
                    if start > 1 << 16 && start * 2 > buffer.count {
                        buffer.removeSubrange(..<start)
                        start = 0
                    }
                    return frame
                }
            }
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
        return nil
    }

    /// Writes `bytes` as one frame; false when the other side is gone or the frame is over `limit`.
    /// A worker that crashed is a failed write, never SIGPIPE (see `PipeWrite`).
    func writeFrame(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= Self.limit else { return false }
        var frame = (0..<4).map { UInt8(truncatingIfNeeded: bytes.count >> (8 * $0)) }
        frame.append(contentsOf: bytes)
        return frame.withUnsafeBytes { PipeWrite.all($0, to: output) }
    }
}
