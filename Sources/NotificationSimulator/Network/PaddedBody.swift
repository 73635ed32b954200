import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The body of a fixture with `padToBytes`: the file's bytes, then zeros to the padded size.
///
/// The zeros are pages of their own mapping that nothing writes, so they cost no memory until they
/// are read; and the bodies made last are remembered, so that `DownloadFile` can tell, from the
/// body's address and size alone, where its zeros begin and leave them as holes without reading
/// them (a read maps every 4 KiB page: 3,072 page faults for a 12 MB image, once per recipe).
enum PaddedBody {
    /// How many bodies are remembered (each holds its mapping until it is forgotten).
    static let remembered = 4

    /// The bodies made last, with where their zeros begin. Holding the body keeps its bytes alive
    /// and shared (a change to a shared `Data` copies it first), so a `Data` at the same address
    /// with the same size is this body, byte for byte.
    private static let recent = Locked<[(body: Data, zerosFrom: Int)]>([])

    /// `head` followed by zeros up to `size` bytes (`size` > `head.count`).
    static func make(_ head: Data, size: Int) -> Data {
        let padded: Data
        if let mapped = mapped(size, head: head) {
            padded = mapped
        } else {
            var data = Data(count: size)
            data.replaceSubrange(0..<head.count, with: head)
            padded = data
        }
        recent.withLock { list in
            list.append((padded, head.count))
            if list.count > remembered { list.removeFirst(list.count - remembered) }
        }
        return padded
    }

    /// Where `data`'s zeros begin when it is a body made here, else its size (nothing known).
    static func zerosStart(of data: Data) -> Int {
        data.withUnsafeBytes { raw -> Int in
            guard let address = raw.baseAddress, raw.count > 0 else { return raw.count }
            return recent.withLock { list in
                list.first { entry in
                    entry.body.count == raw.count && entry.body.withUnsafeBytes { $0.baseAddress == address }
                }?.zerosFrom
            } ?? raw.count
        }
    }

    /// `head`, then zeros to `size` bytes, in an anonymous mapping of their own (unmapped when the
    /// `Data` goes), or nil. The head is copied in before the `Data` exists, so it is never copied again.
    private static func mapped(_ size: Int, head: Data) -> Data? {
        #if canImport(Glibc)
        let flags = MAP_PRIVATE | MAP_ANONYMOUS
        #else
        let flags = MAP_PRIVATE | MAP_ANON
        #endif
        guard size > 0, let pointer = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0), pointer != MAP_FAILED else { return nil }
        head.withUnsafeBytes { raw in
            if let base = raw.baseAddress { memcpy(pointer, base, raw.count) }
        }
        return Data(bytesNoCopy: pointer, count: size, deallocator: .custom { pointer, size in munmap(pointer, size) })
    }
}
