import Foundation
import Testing
@testable import Cookbook
#if canImport(Glibc)
import Glibc
#endif

/// The worker protocol's line reader (review D12: each byte is searched once, so a large reply is
/// read in linear time; the time itself is measured in bench/, not here).
@Suite("Safety: the worker channel")
struct LineChannelTests {
    @Test("lines of every size, written in odd pieces, come back whole and in order, the last one without a newline dropped")
    func linesComeBackWhole() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let sizes = [0, 1, 70_000, 3_000_000, 5, 1 << 18, (1 << 18) - 1, 0, 12]
        let lines = sizes.enumerated().map { index, size in [UInt8]((0..<size).map { UInt8(0x41 + ($0 + index) % 26) }) }
        var stream: [UInt8] = lines.flatMap { $0 + [UInt8(0x0A)] }
        stream += Array("partial line without a newline".utf8)
        let bytes = stream, output = fds[1]
        let writer = Thread {
            var offset = 0, step = 1
            while offset < bytes.count {
                let count = min(step, bytes.count - offset)
                _ = bytes[offset..<(offset + count)].withUnsafeBytes { write(output, $0.baseAddress, count) }
                offset += count
                step = step * 7 % 100_003 + 1
            }
            close(output)
        }
        writer.start()
        let channel = LineChannel(input: fds[0], output: -1)
        var read: [[UInt8]] = []
        while let line = channel.readLine() { read.append([UInt8](line)) }
        close(fds[0])
        #expect(read.count == lines.count)
        #expect(read == lines)
    }
}
