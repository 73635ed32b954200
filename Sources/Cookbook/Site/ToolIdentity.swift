import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which build of the tool is running: the linker's build id of this executable (read from its
/// ELF notes in memory, no file read), or the digest of the executable's bytes where there is none.
///
/// The recipes' Swift code is compiled into the tool, so a changed recipe service, the simulator
/// or the renderer each give another identity; a build stamp or cache key made by one build of
/// the tool is never taken for another's.
public enum ToolIdentity {
    /// `build-id:HEX` or `digest:HEX`; `unknown` when neither can be read.
    public static let current: String = {
        #if os(Linux)
        if let id = buildID() { return "build-id:" + id }
        #endif
        let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let executable = FileManager.default.isReadableFile(atPath: path) ? path : (Bundle.main.executablePath ?? "")
        guard let data = FileManager.default.contents(atPath: executable) else { return "unknown" }
        var hash = ContentHash()
        hash.update(data)
        return "digest:" + hash.hex
    }()

    #if os(Linux)
    private typealias AuxiliaryValue = @convention(c) (UInt) -> UInt

    /// The `NT_GNU_BUILD_ID` note of the main program, as hexadecimal digits: its program headers
    /// are found through the auxiliary vector (`AT_PHDR`, `AT_PHNUM`), its notes in memory.
    private static func buildID() -> String? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getauxval") else { return nil }
        let getauxval = unsafeBitCast(symbol, to: AuxiliaryValue.self)
        let (atProgramHeaders, atProgramHeaderCount): (UInt, UInt) = (3, 5)
        let (programHeaderType, noteType): (UInt32, UInt32) = (6, 4)
        let headerSize = 56  // Elf64_Phdr: type, flags, offset, vaddr, paddr, filesz, memsz, align
        let count = Int(getauxval(atProgramHeaderCount))
        guard MemoryLayout<Int>.size == 8, count > 0, let headers = UnsafeRawPointer(bitPattern: getauxval(atProgramHeaders)) else { return nil }
        func header(_ index: Int) -> (type: UInt32, address: UInt, size: Int) {
            let base = headers + index * headerSize
            return (base.loadUnaligned(as: UInt32.self), UInt(base.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                    Int(base.loadUnaligned(fromByteOffset: 40, as: UInt64.self)))
        }
        // The load bias: where the headers are, minus where the PT_PHDR entry says they would be.
        guard let table = (0..<count).map(header).first(where: { $0.type == programHeaderType }) else { return nil }
        let bias = UInt(bitPattern: headers) &- table.address
        for index in 0..<count where header(index).type == noteType {
            let segment = header(index)
            guard var note = UnsafeRawPointer(bitPattern: bias &+ segment.address) else { continue }
            let end = note + segment.size
            while note + 12 <= end {
                let nameSize = Int(note.loadUnaligned(as: UInt32.self))
                let descriptionSize = Int(note.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
                let type = note.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
                let name = note + 12
                let description = name + ((nameSize + 3) & ~3)
                guard description + descriptionSize <= end else { break }
                if type == 3, nameSize == 4, memcmp(name, "GNU", 4) == 0, descriptionSize > 0 {
                    return UnsafeRawBufferPointer(start: description, count: descriptionSize)
                        .map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
                }
                note = description + ((descriptionSize + 3) & ~3)
            }
        }
        return nil
    }
    #endif
}
