import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a FILE argument of `lint` and `simulate` the same way whatever it is: a regular file, a
/// FIFO, a pipe (`/dev/stdin`, a shell's `<(…)`), a character device, a `/proc` file, or `-`
/// (standard input). Everything is read to its end with `read(2)`, up to `limit` bytes.
enum InputFile {
    /// The most a FILE may hold: far beyond any payload APNs or FCM accepts (4 to 5 KB).
    static let limit = 64 << 20

    /// Why a FILE could not be read, as `file:1:1: error: …` puts it.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// Nothing is there.
        case missing
        /// It is a folder.
        case folder
        /// More than the limit the reader was given (a payload's is `limit`).
        case tooLarge
        /// Another error from the system.
        case unreadable(String)

        /// The reason in words. (A missing, folder or unreadable FILE reads as the WebAssembly
        /// linter reports it, `cannot read the file`, so the two stay byte-identical.)
        var description: String {
            switch self {
            case .missing, .folder, .unreadable: "cannot read the file"
            case .tooLarge: "cannot read the file: it holds more than \(InputFile.limit >> 20) MiB, far more than any push payload"
            }
        }
    }

    /// The bytes of `path` (`-` is standard input), up to `limit`.
    static func read(_ path: String, limit: Int = InputFile.limit) -> Result<[UInt8], Failure> {
        read(bytes: Array(path.utf8), limit: limit)
    }

    /// The bytes of the file whose name is `name`, as the system gave it (`-` is standard input),
    /// up to `limit` (beyond it, `tooLarge`).
    static func read(bytes name: [UInt8], limit: Int = InputFile.limit) -> Result<[UInt8], Failure> {
        let path = name.map { CChar(bitPattern: $0) } + [0]
        let descriptor = name == [0x2D] ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno)))) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var info = stat()
        if fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { return .failure(.folder) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(errno == EISDIR ? .folder : .unreadable(String(cString: strerror(errno)))) }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= limit else { return .failure(.tooLarge) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}

/// `read(2)`, named apart from `InputFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
