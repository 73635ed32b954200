import Foundation
import Testing
@testable import Cookbook
#if canImport(Glibc)
import Glibc
#endif

/// The worker protocol's framing (`FrameChannel`; a large reply is read in linear time,
/// measured in bench/, not here): frames come back whole whatever pieces the pipe delivers, and a
/// length over the limit ends the channel without being allocated.
@Suite("Safety: the worker channel")
struct FrameChannelTests {
    /// Writes `bytes` to `fd` in pieces of changing sizes on a thread of its own, then closes it.
    private func writeInPieces(_ bytes: [UInt8], to fd: Int32) -> Thread {
        let writer = Thread {
            var offset = 0, step = 1
            while offset < bytes.count {
                let count = min(step, bytes.count - offset)
                _ = bytes[offset..<(offset + count)].withUnsafeBytes { write(fd, $0.baseAddress, count) }
                offset += count
                step = step * 7 % 100_003 + 1
            }
            close(fd)
        }
        writer.start()
        return writer
    }

    @Test("frames of every size (newlines and zero bytes in them), written in odd pieces, come back whole and in order; one cut short by the end is dropped")
    func framesComeBackWhole() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let sizes = [0, 1, 70_000, 3_000_000, 5, 1 << 18, (1 << 18) - 1, 0, 12]
        let frames = sizes.enumerated().map { index, size in [UInt8]((0..<size).map { UInt8(truncatingIfNeeded: ($0 * 31 + index) % 256) }) }
        var stream: [UInt8] = []
        for frame in frames { stream += (0..<4).map { UInt8(truncatingIfNeeded: frame.count >> (8 * $0)) } + frame }
        stream += [100, 0, 0, 0] + Array("a frame cut short".utf8)
        _ = writeInPieces(stream, to: fds[1])
        let channel = FrameChannel(input: fds[0], output: -1)
        var read: [[UInt8]] = []
        while let frame = channel.readFrame() { read.append(frame) }
        close(fds[0])
        #expect(read.count == frames.count)
        #expect(read == frames)
    }

    @Test("what writeFrame writes, readFrame reads")
    func writeThenRead() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let writer = FrameChannel(input: -1, output: fds[1]), reader = FrameChannel(input: fds[0], output: -1)
        let frames: [[UInt8]] = [[], [0x0A], Array("{\"id\": \"x\"}\n".utf8), [UInt8](repeating: 7, count: 1000)]
        for frame in frames { #expect(writer.writeFrame(frame)) }
        close(fds[1])
        for frame in frames { #expect(reader.readFrame() == frame) }
        #expect(reader.readFrame() == nil)
        close(fds[0])
    }

    @Test("a frame claiming more than the limit ends the channel at once, with the claimed bytes never allocated")
    func oversizedFrameEndsTheChannel() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let writer = writeInPieces([2, 0, 0, 0, 0x41, 0x42] + [0xFF, 0xFF, 0xFF, 0x7F] + [UInt8](repeating: 0, count: 64) + [1, 0, 0, 0, 0x43], to: fds[1])
        let channel = FrameChannel(input: fds[0], output: -1)
        #expect(channel.readFrame() == [0x41, 0x42])
        #expect(channel.readFrame() == nil)
        #expect(channel.readFrame() == nil, "nothing after a frame over the limit is read")
        _ = writer
        close(fds[0])
        #expect(FrameChannel(input: -1, output: -1).writeFrame([UInt8](repeating: 0, count: FrameChannel.limit + 1)) == false)
    }

    @Test("a frame written to a worker that is gone (its pipe's reader closed) fails, with SIGPIPE at its default, and leaves no SIGPIPE pending")
    func writeToAGoneReaderFails() throws {
        // The test host ignores SIGPIPE (TestProcess.c); the default is restored for these writes,
        // which would end the process with signal 13 on a channel that did not block it.
        let ignored = signal(SIGPIPE, SIG_DFL)
        defer { signal(SIGPIPE, ignored) }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0])
        let writer = FrameChannel(input: -1, output: fds[1])
        #expect(writer.writeFrame(Array("request".utf8)) == false)
        #expect(writer.writeFrame([UInt8](repeating: 1, count: 1 << 20)) == false)
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0)
        close(fds[1])
    }
}
